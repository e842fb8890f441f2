"""Scoring the show: a hand (or the crib) of four cards counted with the starter.

The rank-only part of a count (fifteens, pairs, runs) depends only on the five
ranks, and there are just 6,175 five-card rank patterns. Each pattern's
combinations are worked out once, as positions in the rank-sorted five cards;
scoring a hand then sorts its cards, looks the pattern up and attaches the
real cards. Flush and nobs depend on suits and are checked directly.

>>> from trainer.engine.cards import parse_cards
>>> *hand, starter = parse_cards("5H 5D 5C JS 5S")
>>> score = score_show(hand, starter)
>>> score.total
29
>>> score_show(parse_cards("2H 3H 9H QH"), parse_cards("KD")[0]).cadence()
'fifteen two, fifteen four, and a four-card flush is eight'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from operator import attrgetter, itemgetter
from typing import NamedTuple

from trainer.engine.cards import Card, check_distinct
from trainer.engine.items import SHOW_KINDS, Kind, ScoreItem, number_word

__all__ = [
    "MAX_SHOW",
    "Call",
    "ShowError",
    "ShowScore",
    "pattern_combinations",
    "rank_pattern_items",
    "score_show",
]


#: The most a hand or crib can score in the show: three fives and the jack of the fourth
#: five's suit, that five turned up (the 29 hand).
MAX_SHOW = 29


class ShowError(ValueError):
    """A hand that cannot be counted: wrong number of cards, or a card twice."""


#: The index groups of five positions, each size from 2 to 5, for fifteens.
_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    combo for size in range(2, 6) for combo in combinations(range(5), size)
)


def rank_pattern_items(orders: Sequence[int]) -> tuple[tuple[Kind, tuple[int, ...], int], ...]:
    """The rank-only combinations of five cards given their sorted run orders (1-13).

    Returns ``(kind, positions, points)`` in counting order: every fifteen, every
    pair, every run (one entry per distinct run, so a double run is two entries).
    """
    pips = [min(order, 10) for order in orders]
    found: list[tuple[Kind, tuple[int, ...], int]] = []
    for subset in _SUBSETS:
        if sum(pips[i] for i in subset) == 15:
            found.append((Kind.FIFTEEN, subset, 2))
    for i, j in combinations(range(5), 2):
        if orders[i] == orders[j]:
            found.append((Kind.PAIR, (i, j), 2))
    # Runs: the longest stretch of consecutive distinct ranks, 3 or more long;
    # every way of taking one card of each rank in it is a separate run.
    distinct = sorted(set(orders))
    best: list[int] = []
    stretch: list[int] = []
    for order in distinct:
        stretch = [*stretch, order] if stretch and order == stretch[-1] + 1 else [order]
        if len(stretch) > len(best):
            best = stretch
    if len(best) >= 3:
        positions: list[tuple[int, ...]] = [()]
        for order in best:
            same = [i for i in range(5) if orders[i] == order]
            positions = [(*prefix, i) for prefix in positions for i in same]
        for run in positions:
            found.append((Kind.RUN, run, len(best)))
    return tuple(found)


class _Template(NamedTuple):
    kind: Kind
    take: Callable[[tuple[Card, ...]], tuple[Card, ...]]
    points: int


def _taker(positions: tuple[int, ...]) -> Callable[[tuple[Card, ...]], tuple[Card, ...]]:
    # itemgetter with two or more positions returns a tuple: fast, and pairs/runs/fifteens
    # always have at least two cards.
    return itemgetter(*positions)


@cache
def pattern_combinations() -> dict[tuple[int, ...], tuple[tuple[Kind, tuple[int, ...], int], ...]]:
    """Every five-card rank pattern → its rank-only combinations (:func:`rank_pattern_items`)."""
    return {pattern: rank_pattern_items(pattern) for pattern in _all_patterns()}


@cache
def _pattern_entry(pattern: tuple[int, ...]) -> tuple[tuple[_Template, ...], int]:
    """One five-card rank pattern → (its combinations, their points in total), made the
    first time a hand of that pattern is counted: building all 6,175 at once takes a second
    or more, which the first hand counted in a game or a drill should not wait for."""
    items = rank_pattern_items(pattern)
    templates = tuple(_Template(kind, _taker(pos), pts) for kind, pos, pts in items)
    return templates, sum(pts for _, _, pts in items)


@cache
def _pattern_table() -> dict[tuple[int, ...], tuple[tuple[_Template, ...], int]]:
    """Every five-card rank pattern → (its combinations, their points in total)."""
    return {pattern: _pattern_entry(pattern) for pattern in _all_patterns()}


def _all_patterns() -> list[tuple[int, ...]]:
    """The 6,175 sorted rank tuples of five cards with at most four of a rank."""
    from itertools import combinations_with_replacement

    return [
        p
        for p in combinations_with_replacement(range(1, 14), 5)
        if all(p.count(r) <= 4 for r in set(p))
    ]


def pattern_base_points() -> dict[tuple[int, ...], int]:
    """Rank-only points (fifteens, pairs, runs) for every five-card rank pattern."""
    return {pattern: total for pattern, (_, total) in _pattern_table().items()}


_by_index = attrgetter("index")
# Building named tuples through tuple.__new__ skips a Python-level __new__ per record.
_new = tuple.__new__


class Call(NamedTuple):
    """One phrase of the count as said at the table, with the running total it reaches."""

    text: str
    items: tuple[ScoreItem, ...]
    points: int
    running_total: int


class ShowScore(NamedTuple):
    """The count of one hand or crib. ``total`` is always the sum of ``items``' points.

    An immutable record (a named tuple: cheap to build, as scoring is a hot path).
    """

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ScoreItem, ...]
    total: int

    def by_kind(self, kind: Kind) -> tuple[ScoreItem, ...]:
        return tuple(item for item in self.items if item.kind is kind)

    def points_by_kind(self) -> dict[Kind, int]:
        """Points per kind, every show kind present (0 where nothing scored)."""
        totals: dict[Kind, int] = dict.fromkeys(SHOW_KINDS, 0)
        for item in self.items:
            totals[item.kind] += item.points
        return totals

    def calls(self) -> tuple[Call, ...]:
        """The count in table cadence: fifteens, then pairs, runs, flush and nobs."""
        return tuple(_calls(self.items))

    def cadence(self) -> str:
        """The whole count in words: ``fifteen two, fifteen four, and a pair is six``."""
        calls = self.calls()
        if not calls:
            return "nothing: zero"
        texts = [call.text for call in calls]
        if len(texts) > 1 and calls[-1].items[0].kind != Kind.FIFTEEN:
            texts[-1] = "and " + texts[-1]
        return ", ".join(texts)

    def lines(self) -> tuple[str, ...]:
        """Each combination on its own line, as :meth:`ScoreItem.describe` writes it."""
        return tuple(item.describe() for item in self.items)


def score_show(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> ShowScore:
    """Count four cards with the starter under hand rules, or crib rules with ``crib=True``.

    Every distinct fifteen and pair is its own item, each run of a double or
    triple run is its own item, a flush is 4 or 5 in a hand and only 5 in the
    crib, and nobs is the jack of the starter's suit held in the hand.
    """
    hand = tuple(hand)
    if len(hand) != 4:
        raise ShowError(f"a hand to count has 4 cards, not {len(hand)}")
    five = sorted((*hand, starter), key=_by_index)
    if (
        five[0].index == five[1].index
        or five[1].index == five[2].index
        or five[2].index == five[3].index
        or five[3].index == five[4].index
    ):
        check_distinct((*hand, starter))
    templates, total = _pattern_entry(
        (five[0].order, five[1].order, five[2].order, five[3].order, five[4].order)
    )
    cards = tuple(five)
    items = [_new(ScoreItem, (t.kind, t.take(cards), t.points)) for t in templates]
    h0, h1, h2, h3 = hand
    suit = h0.suit
    if h1.suit is suit and h2.suit is suit and h3.suit is suit:
        if starter.suit is suit:
            items.append(ScoreItem(Kind.FLUSH, cards, 5))
            total += 5
        elif not crib:
            items.append(ScoreItem(Kind.FLUSH, tuple(sorted(hand, key=_by_index)), 4))
            total += 4
    for card in hand:
        if card.order == 11 and card.suit is starter.suit:
            items.append(ScoreItem(Kind.NOBS, (card,), 1))
            total += 1
            break
    return _new(ShowScore, (hand, starter, crib, tuple(items), total))


# --- table cadence -----------------------------------------------------------

_RUN_GROUP_NAMES = {
    # (number of runs, pairs inside them) → name; the pairs' points are part of the phrase.
    (2, 1): "a double run of {n}",
    (3, 3): "a triple run of {n}",
    (4, 2): "a double-double run of {n}",
}


#: One call of the count before its running total is known: the words (``{t}`` stands for
#: the total so far) and the items it counts.
_Saying = tuple[str, Sequence[ScoreItem]]


def _calls(items: Sequence[ScoreItem]) -> list[Call]:
    calls: list[Call] = []
    total = 0
    for text, group in _sayings(items):
        points = sum(item.points for item in group)
        total += points
        calls.append(Call(text.replace("{t}", number_word(total)), tuple(group), points, total))
    return calls


def _sayings(items: Sequence[ScoreItem]) -> list[_Saying]:
    """The calls in table cadence: fifteens, pairs, runs (with the pairs inside them),
    flushes, nobs."""
    runs = [item for item in items if item.kind == Kind.RUN]
    run_cards = {card for run in runs for card in run.cards}
    pairs = [item for item in items if item.kind == Kind.PAIR]
    inside = [p for p in pairs if runs and set(p.cards) <= run_cards]
    outside = [p for p in pairs if p not in inside]
    return [
        *(("fifteen {t}", (item,)) for item in items if item.kind == Kind.FIFTEEN),
        *_pair_sayings(outside),
        *_run_sayings(runs, inside),
        *(
            (f"a {number_word(len(item.cards))}-card flush is {{t}}", (item,))
            for item in items
            if item.kind == Kind.FLUSH
        ),
        *(("one for his nobs is {t}", (item,)) for item in items if item.kind == Kind.NOBS),
    ]


def _pair_sayings(pairs: Sequence[ScoreItem]) -> list[_Saying]:
    """Pairs outside any run, said together by rank: a pair, a pair royal, four of a kind."""
    by_rank: dict[int, list[ScoreItem]] = {}
    for pair in pairs:
        by_rank.setdefault(pair.cards[0].order, []).append(pair)
    return [
        ({1: "a pair", 3: "a pair royal", 6: "four of a kind"}[len(group)] + " is {t}", group)
        for group in by_rank.values()
    ]


def _run_sayings(runs: Sequence[ScoreItem], inside: Sequence[ScoreItem]) -> list[_Saying]:
    """The runs, said as one call with the pairs inside them (a double run of three)."""
    if not runs:
        return []
    n = number_word(len(runs[0].cards))
    template = _RUN_GROUP_NAMES.get((len(runs), len(inside)))
    if len(runs) == 1:
        return [(f"a run of {n} is {{t}}", runs)]
    if template is not None:
        said = template.format(n=n) + " is {t}"
    else:  # pragma: no cover - five cards allow no other shape
        said = f"{number_word(len(runs))} runs of {n} is {{t}}"
    return [(said, [*inside, *runs])]

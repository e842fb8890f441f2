"""Explanations in words, rendered from the engine's score items: the one place for them.

The grader (:mod:`trainer.training.grading`), the lessons' logic (:mod:`trainer.training.learn`) and the
pages use these sentences; nothing here scores anything. It reads the engine's
items and says them:

* the show as said at the table (:func:`said_aloud`: "fifteen two, fifteen four, and a
  pair is six");
* a card of the play (:func:`card_line`, :func:`lay_line`) and the end of a series
  (:func:`go_line`, :func:`closing_line`, :func:`next_lead_line`), narrated the same way
  wherever a play is shown;
* a total that came up short (:func:`shortfall`, :func:`short_note`): which combinations
  the gap could be, and which kinds were certainly missed. A gap that fits more than one
  kind names the candidates and claims no kind as fact.

>>> from trainer.engine import parse_cards, score_show
>>> *hand, starter = parse_cards("4H 5H 6H JH 5S")
>>> score = score_show(hand, starter)
>>> short_note(score.items, 4)
'You were four short: perhaps the flush, or two fifteens, or a fifteen and the pair?'
>>> shortfall(score.items, 4).certain
()
>>> *hand, starter = parse_cards("JD 4C 8H AS 7D")
>>> short_note(score_show(hand, starter).items, 1)
"You were one short: look again at nobs (the jack of the starter's suit)."
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from trainer.engine import Card, Kind, ScoreItem, ShowScore, explain_items, number_word

__all__ = [
    "Shortfall",
    "amount",
    "card_line",
    "closing_line",
    "go_line",
    "kind_phrase",
    "last_card_line",
    "lay_line",
    "missed_phrase",
    "next_lead_line",
    "said_aloud",
    "said_one_by_one",
    "sentence",
    "short_note",
    "shortfall",
]

#: What to "look again at" for each kind.
LOOK_AT: dict[Kind, str] = {
    Kind.FIFTEEN: "the fifteens",
    Kind.THIRTY_ONE: "the count of 31",
    Kind.PAIR: "the pairs",
    Kind.RUN: "the runs",
    Kind.FLUSH: "the flush",
    Kind.NOBS: "nobs (the jack of the starter's suit)",
    Kind.GO: "the go",
    Kind.LAST_CARD: "the last card",
}


def sentence(text: str) -> str:
    """``text`` with a capital first letter."""
    return text[:1].upper() + text[1:]


def amount(points: int, word: str) -> str:
    """``four short``, ``23 over``: counts up to twenty in words."""
    return f"{number_word(points)} {word}" if points <= 20 else f"{points} {word}"


# --- the show ------------------------------------------------------------------------------


def said_aloud(score: ShowScore) -> str:
    """The whole count as a sentence: ``Fifteen two, fifteen four, and a pair is six.``"""
    return sentence(score.cadence()) + "."


def _one_call(item: ScoreItem, total: int) -> str:
    said = number_word(total)
    if item.kind is Kind.FIFTEEN:
        return f"fifteen {said}"
    if item.kind is Kind.PAIR:
        name = {2: "a pair", 3: "a pair royal"}.get(len(item.cards), "a double pair royal")
        return f"{name} is {said}"
    if item.kind is Kind.RUN:
        return f"a run of {number_word(len(item.cards))} is {said}"
    if item.kind is Kind.FLUSH:
        return f"a flush of {number_word(len(item.cards))} is {said}"
    return f"{item.kind} is {said}"


def said_one_by_one(score: ShowScore, shown: int | None = None) -> str:
    """A beginner's count: every combination on its own, in counting order, with the total
    so far (no double runs grouped: each run and the pair are said apart), for the first
    ``shown`` combinations (all by default).

    >>> from trainer.engine import parse_cards, score_show
    >>> *hand, starter = parse_cards("3H 3D 4C 5S KD")
    >>> said_one_by_one(score_show(hand, starter))
    'Fifteen two, fifteen four, a pair is six, a run of three is nine, a run of three is twelve.'
    """
    items = score.items if shown is None else score.items[:shown]
    if not items:
        return "Nothing: zero."
    total = 0
    calls = []
    for item in items:
        total += item.points
        calls.append(_one_call(item, total))
    return sentence(", ".join(calls)) + "."


# --- the play --------------------------------------------------------------------------------


def card_line(card: Card, count: int, items: Sequence[ScoreItem]) -> str:
    """What one card of the play did: ``The 5♥ brings the count to 15: 15 for 2.``"""
    if not items:
        return f"The {card.label} brings the count to {count} and scores nothing."
    return f"The {card.label} brings the count to {count}: {explain_items(items)}."


def lay_line(who: str, card: Card, count: int, items: Sequence[ScoreItem] = ()) -> str:
    """``The pone lays the 7♠: the count is 7.``, with what it scored when ``items``."""
    line = f"{sentence(who)} lays the {card.label}: the count is {count}."
    if items:
        line += f" That scores {explain_items(items)}."
    return line


def go_line(who: str) -> str:
    """``The dealer can't lay a card without passing 31 and says **go**.``"""
    return f"{sentence(who)} can't lay a card without passing 31 and says **go**."


def last_card_line(who: str, card: Card, count: int) -> str:
    """``You laid the last card, the 7♠, making the count 31.``"""
    return f"{sentence(who)} laid the last card, the {card.label}, making the count {count}."


def closing_line(who: str, kind: Kind, *, pegs: str = "pegs", play_over: bool = False) -> str:
    """Why the series ended and what it pegs: ``kind`` is go, last card or thirty-one
    (``play_over``: that 31 was also the last card of the play)."""
    if kind is Kind.GO:
        return f"Nobody can lay another card without going past 31, so {who} {pegs} 1 for the go."
    if kind is Kind.LAST_CARD:
        return (
            "Every card has now been laid, so that was the last card of the play. "
            f"{sentence(who)} {pegs} 1 for last card."
        )
    extra = "last card" if play_over else "the go"
    return f"That is exactly 31: {who} {pegs} 2 for 31, and nothing more for {extra}."


def next_lead_line(
    leader: str | None, *, leads: str = "leads", again_because: str | None = None
) -> str:
    """Who leads after the series; ``None``: the play is over. ``again_because`` names
    the player with no cards left when the one who ended the series leads again."""
    if leader is None:
        return "Every card has been laid, so the play is over: next the hands are counted, the pone first."
    if again_because is not None:
        return f"The count goes back to zero. {sentence(again_because)}, so {leader} {leads} again."
    return (
        f"The count goes back to zero, and {leader} {leads} the next series. The player "
        "who did not lay the last card leads."
    )


# --- a total that came up short ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shortfall:
    """The ways ``points`` could have been left out of a count.

    ``candidates``: each way as ``((kind, how many items of it), ...)``, fewest items
    first; ``certain``: the kinds that are in every way (certainly missed), in counting
    order. No way at all (no set of items adds up to the gap) leaves both empty.
    """

    points: int
    candidates: tuple[tuple[tuple[Kind, int], ...], ...]
    certain: tuple[Kind, ...]
    totals: tuple[tuple[Kind, int], ...]  # items of each kind in the count


def _kinds(items: Iterable[ScoreItem]) -> dict[Kind, list[int]]:
    by_kind: dict[Kind, list[int]] = defaultdict(list)
    for item in items:
        by_kind[item.kind].append(item.points)
    return dict(sorted(by_kind.items(), key=lambda kv: kv[0].order))


def _subsets(points: Sequence[int]) -> dict[tuple[int, int], None]:
    """(total, how many items) for every subset of one kind's items, the empty one too."""
    reach: dict[tuple[int, int], None] = {(0, 0): None}
    for value in points:
        for total, n in list(reach):
            reach.setdefault((total + value, n + 1), None)
    return reach


def shortfall(items: Sequence[ScoreItem], points: int) -> Shortfall:
    """Which combinations of ``items`` add up to ``points`` (a count that fell short)."""
    by_kind = _kinds(items)
    options = [
        [(kind, total, n) for total, n in _subsets(values)] for kind, values in by_kind.items()
    ]
    ways: set[tuple[tuple[Kind, int], ...]] = set()
    for choice in product(*options):
        if sum(total for _, total, _ in choice) == points:
            way = tuple((kind, n) for kind, _, n in choice if n)
            if way:
                ways.add(way)
    ordered = sorted(
        ways, key=lambda way: (sum(n for _, n in way), len(way), [k.order for k, _ in way])
    )
    certain: tuple[Kind, ...] = ()
    if ordered:
        common = set.intersection(*({kind for kind, _ in way} for way in ordered))
        certain = tuple(kind for kind in by_kind if kind in common)
    totals = tuple((kind, len(values)) for kind, values in by_kind.items())
    return Shortfall(points, tuple(ordered), certain, totals)


def kind_phrase(kind: Kind, n: int, of: int) -> str:
    """``a fifteen``, ``two fifteens``, ``the four fifteens``, ``the flush``, ``nobs``."""
    if n == 1 and kind in _THE_ONE:
        return _THE_ONE[kind]
    if n == of:
        return f"the {kind}" if n == 1 else f"the {number_word(n)} {kind.plural}"
    if n == 1:
        return f"a {kind}"
    return f"{number_word(n)} {kind.plural}"


#: How one of a kind that comes at most once in a count is named.
_THE_ONE: dict[Kind, str] = {
    Kind.NOBS: "nobs",
    Kind.GO: "the go",
    Kind.LAST_CARD: "the last card",
    Kind.FLUSH: "the flush",
    Kind.THIRTY_ONE: "the 31",
}


def _way_text(way: Sequence[tuple[Kind, int]], totals: dict[Kind, int]) -> str:
    parts = [kind_phrase(kind, n, totals[kind]) for kind, n in way]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def missed_phrase(
    kind: Kind, items: Sequence[ScoreItem], *, starter: Card | None = None, count: int | None = None
) -> str:
    """The combinations of one kind named with their cards: ``a pair: 5♥ 5♦ (2)``, ``one for
    his nobs, because ...`` (with the ``starter``), ``15 for 2 (the count reached exactly
    15)`` in the play (with the ``count``)."""
    if count is not None:
        text = explain_items(items)
        if kind in (Kind.FIFTEEN, Kind.THIRTY_ONE):
            text += f" (the count reached exactly {count})"
        return text
    if kind is Kind.NOBS and starter is not None:
        return (
            f"one for his nobs, because the {items[0].cards[0].label} is the same suit as "
            f"the starter ({starter.label})"
        )
    if kind is Kind.FLUSH:
        return f"the {items[0].describe()}"
    if len(items) == 1:
        return f"a {items[0].describe()}"
    return f"the {kind.plural}: " + "; ".join(item.cards_text() for item in items)


def short_note(
    items: Sequence[ScoreItem],
    points: int,
    *,
    most: int = 3,
    name_cards: bool = False,
    starter: Card | None = None,
    count: int | None = None,
    lead: str | None = None,
) -> str:
    """One sentence for a count ``points`` short: the kind to look again at when only one
    fits, else up to ``most`` candidates as a question. With ``name_cards``, a gap that
    only every combination of one kind fits names them (:func:`missed_phrase`). ``lead``
    opens it instead of "You were N short" (a lesson's hint keeps the answer back)."""
    opening = lead if lead is not None else f"You were {amount(points, 'short')}"
    found = shortfall(items, points)
    totals = dict(found.totals)
    kinds = {kind for way in found.candidates for kind, _ in way}
    if not found.candidates:
        return f"{opening}."
    if name_cards and len(found.candidates) == 1 and len(found.candidates[0]) == 1:
        ((kind, n),) = found.candidates[0]
        if n == totals[kind]:
            of_kind = [item for item in items if item.kind is kind]
            phrase = missed_phrase(kind, of_kind, starter=starter, count=count)
            return f"{opening}: {phrase}."
    if len(kinds) == 1:
        (kind,) = kinds
        return f"{opening}: look again at {LOOK_AT.get(kind, kind)}."
    shown = [_way_text(way, totals) for way in found.candidates[:most]]
    more = ", or another mix" if len(found.candidates) > most else ""
    return f"{opening}: perhaps {', or '.join(shown)}{more}?"

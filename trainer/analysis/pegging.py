"""Pegging analysis for one player's view of the play.

For the player about to lay a card, every legal card is valued by what it pegs
at once and by what the opponent can expect to peg straight back. The
opponent's cards are unknown: every set of unseen cards of the size they still
hold is taken as equally likely, and from each set they reply with the card
that scores most at once (or say go when nothing fits). The expectation is
exact: a reply's points depend only on its rank, so the chance that the best
reply is worth at least ``t`` is one minus the chance that none of the unseen
cards worth ``t`` or more is among the opponent's, a ratio of binomials.

What a card "pegs now" is what :func:`~trainer.engine.score_play` gives it
(fifteen, thirty-one, pairs, runs) plus 1 for the last card when it is the very
last card of the play. The go is left out on both sides: who gets it depends on
cards laid later.

>>> from trainer.engine import parse_cards
>>> hand = parse_cards("5H 9C 4D 6D")
>>> options = analyse_play(hand, pile=parse_cards("KS"), mine_played=(),
...     theirs_played=parse_cards("KS"), starter=parse_cards("2C")[0])
>>> [(str(o.card), o.points) for o in options][:2]
[('5H', 2), ('6D', 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from trainer.engine import DECK, Card, SeatView, check_distinct, label_cards

__all__ = [
    "PlayOption",
    "PlayPosition",
    "analyse_play",
    "peg_points",
    "play_position",
    "reply_expectation",
    "view_position",
]

HAND_SIZE = 4
MAX_COUNT = 31
_PAIR_POINTS = (0, 0, 2, 6, 12)


def _pips(order: int) -> int:
    return order if order < 10 else 10


def peg_points(orders: Sequence[int], count: int) -> int:
    """Points for the last card of a series, from the rank orders (1-13) laid in it
    and the count they make: the fast, rank-only twin of ``score_play(...).total``."""
    points = 2 if count in (15, MAX_COUNT) else 0
    n = len(orders)
    last = orders[-1]
    same = 1
    while same < n and orders[-1 - same] == last:
        same += 1
    points += _PAIR_POINTS[same]
    if n >= 3 and same == 1:
        seen = 0
        low = high = last
        run = 0
        for k in range(1, n + 1):
            order = orders[-k]
            bit = 1 << order
            if seen & bit:
                break
            seen |= bit
            if order < low:
                low = order
            elif order > high:
                high = order
            if k >= 3 and high - low == k - 1:
                run = k
        points += run
    return points


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """A checked view of the play for the player about to act.

    ``series`` is the current series; ``count`` its total; ``unseen`` every card
    this player has not seen (the opponent's cards are among them); ``opponent_left``
    how many cards the opponent still holds; ``opponent_passed`` whether the
    opponent has said go in this series (the last card of the series is this
    player's own, so the turn came straight back).
    """

    hand: tuple[Card, ...]
    series: tuple[Card, ...]
    count: int
    mine_played: tuple[Card, ...]
    theirs_played: tuple[Card, ...]
    starter: Card
    crib_cards: tuple[Card, ...]
    unseen: tuple[Card, ...]
    opponent_left: int
    opponent_passed: bool

    @property
    def legal(self) -> tuple[Card, ...]:
        """The cards of the hand that fit under 31."""
        return tuple(c for c in self.hand if self.count + c.pips <= MAX_COUNT)


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if isinstance(value, Card) or not isinstance(value, Sequence):
        raise ValueError(f"{what} must be a sequence of cards")
    cards = tuple(value)
    for card in cards:
        if not isinstance(card, Card):
            raise ValueError(f"{what} holds {card!r}, which is not a card")
    return cards


def play_position(
    hand: Sequence[Card],
    *,
    pile: Sequence[Card],
    mine_played: Sequence[Card],
    theirs_played: Sequence[Card],
    starter: Card,
    crib_cards: Sequence[Card] = (),
) -> PlayPosition:
    """Check a player's view of the play and work out what follows from it.

    Raises :class:`ValueError` naming what is wrong: a card seen twice, a hand and
    laid cards that do not make four, a series with cards nobody laid, a count
    past 31.
    """
    hand_t = _cards(hand, "the hand")
    pile_t = _cards(pile, "the pile")
    mine_t = _cards(mine_played, "the cards you laid")
    theirs_t = _cards(theirs_played, "the opponent's laid cards")
    crib_t = _cards(crib_cards, "the crib cards")
    if not isinstance(starter, Card):
        raise ValueError(f"the starter must be a card, not {starter!r}")
    if len(crib_t) > 2:
        raise ValueError(f"a player gives two cards to the crib, not {len(crib_t)}")
    check_distinct((*hand_t, *mine_t, *theirs_t, starter, *crib_t))
    check_distinct(pile_t)
    if len(hand_t) + len(mine_t) != HAND_SIZE:
        raise ValueError(
            f"the hand ({len(hand_t)} cards) and the cards you laid ({len(mine_t)}) "
            f"must make {HAND_SIZE}"
        )
    if len(theirs_t) > HAND_SIZE:
        raise ValueError(f"the opponent laid {len(theirs_t)} cards: a hand has {HAND_SIZE}")
    laid = set(mine_t) | set(theirs_t)
    strays = [c for c in pile_t if c not in laid]
    if strays:
        raise ValueError(f"{label_cards(strays)} in the pile was not laid by either player")
    count = sum(c.pips for c in pile_t)
    if count > MAX_COUNT:
        raise ValueError(f"the pile counts {count}: a series never goes past 31")
    if count == MAX_COUNT:
        raise ValueError("the pile counts 31: the series is over and the count starts again")
    seen = {*hand_t, *mine_t, *theirs_t, starter, *crib_t}
    unseen = tuple(c for c in DECK if c not in seen)
    passed = bool(pile_t) and pile_t[-1] in set(mine_t)
    return PlayPosition(
        hand=hand_t,
        series=pile_t,
        count=count,
        mine_played=mine_t,
        theirs_played=theirs_t,
        starter=starter,
        crib_cards=crib_t,
        unseen=unseen,
        opponent_left=HAND_SIZE - len(theirs_t),
        opponent_passed=passed,
    )


def reply_expectation(
    series_orders: Sequence[int],
    count: int,
    unseen_orders: Sequence[int],
    holds: int,
    *,
    last_card: bool = False,
) -> float:
    """The opponent's expected best immediate reply, exactly.

    ``series_orders`` is the series after our card (count ``count``); the
    opponent holds ``holds`` of the cards whose rank orders are ``unseen_orders``,
    every such set equally likely. With ``last_card`` a reply would be the last
    card of the play and gains 1 unless it makes 31.
    """
    n = len(unseen_orders)
    if holds <= 0 or n == 0 or count >= MAX_COUNT:
        return 0.0
    if holds > n:
        raise ValueError(f"the opponent cannot hold {holds} of {n} unseen cards")
    by_value = _replies_by_value(series_orders, count, unseen_orders, last_card)
    if not by_value:
        return 0.0
    total = comb(n, holds)
    expected = 0.0
    at_least = 0
    previous = 0
    # Walk the values from the top so ``at_least`` counts the cards worth >= value.
    values = sorted(by_value, reverse=True)
    weights: list[tuple[int, int]] = []
    for value in values:
        at_least += by_value[value]
        weights.append((value, at_least))
    for value, cards in reversed(weights):
        chance = 1.0 - comb(n - cards, holds) / total
        expected += (value - previous) * chance
        previous = value
    return expected


def _replies_by_value(
    series_orders: Sequence[int], count: int, unseen_orders: Sequence[int], last_card: bool
) -> dict[int, int]:
    """How many of the unseen cards (by their rank orders) would peg each number of
    points at once laid on the series (the last card's point with ``last_card``, unless
    it makes 31); cards that peg nothing, or do not fit, are left out."""
    per_rank = [0] * 14
    for order in unseen_orders:
        per_rank[order] += 1
    by_value: dict[int, int] = {}
    base = list(series_orders)
    base.append(0)
    for order in range(1, 14):
        cards = per_rank[order]
        if not cards or count + _pips(order) > MAX_COUNT:
            continue
        base[-1] = order
        new_count = count + _pips(order)
        value = peg_points(base, new_count)
        if last_card and new_count != MAX_COUNT:
            value += 1
        if value > 0:
            by_value[value] = by_value.get(value, 0) + cards
    return by_value


@dataclass(frozen=True, slots=True)
class PlayOption:
    """One legal card: ``points`` it pegs now, the opponent's expected best
    ``reply``, and ``net = points - reply``."""

    card: Card
    points: int
    reply: float
    net: float

    def describe(self) -> str:
        return f"{self.card.label}: pegs {self.points}, reply {self.reply:.2f}, net {self.net:+.2f}"


def view_position(view: SeatView) -> PlayPosition:
    """:func:`play_position` of what a seat of a two-player game sees in the play: its hand,
    the series, the cards each side has laid, the starter and its own throw to the crib
    (the computer players' view of the play)."""
    if view.starter is None:
        raise ValueError("a card is laid only after the starter is turned")
    return play_position(
        view.hand,
        pile=view.pile,
        mine_played=view.mine_played,
        theirs_played=view.theirs_played,
        starter=view.starter,
        crib_cards=view.discards,
    )


def analyse_play(
    hand: Sequence[Card],
    *,
    pile: Sequence[Card],
    mine_played: Sequence[Card],
    theirs_played: Sequence[Card],
    starter: Card,
    crib_cards: Sequence[Card] = (),
) -> tuple[PlayOption, ...]:
    """Every legal card, best net first (ties: more points now, then the lower card).

    An empty result means no card fits: the player says go.
    """
    position = play_position(
        hand,
        pile=pile,
        mine_played=mine_played,
        theirs_played=theirs_played,
        starter=starter,
        crib_cards=crib_cards,
    )
    return options_for(position)


def options_for(position: PlayPosition) -> tuple[PlayOption, ...]:
    """:func:`analyse_play` for a position already checked."""
    series = [c.order for c in position.series]
    unseen = [c.order for c in position.unseen]
    holds = position.opponent_left
    options: list[PlayOption] = []
    for card in position.legal:
        count = position.count + card.pips
        orders = [*series, card.order]
        points = peg_points(orders, count)
        mine_after = len(position.hand) - 1
        if mine_after == 0 and holds == 0 and count != MAX_COUNT:
            points += 1  # the last card of the play
        if position.opponent_passed or count == MAX_COUNT:
            reply = 0.0
        else:
            last = mine_after == 0 and holds == 1
            reply = reply_expectation(orders, count, unseen, holds, last_card=last)
        options.append(PlayOption(card, points, reply, points - reply))
    options.sort(key=lambda o: (-o.net, -o.points, o.card.order, o.card.index))
    return tuple(options)

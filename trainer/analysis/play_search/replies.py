"""How a seat answers a card when it cannot see the other hands: its expected best
immediate reply over every set of the cards it could hold (:func:`greedy_reply`), and how
a seat that sees only its own cards lays in a search where its hand is known, as Hard
weighs a card (:class:`WeighedReply`).

>>> from trainer.analysis.play_search.position import unseen_counts
>>> greedy_reply((5,), 5, unseen_counts([10, 3, 4, 12]), 1, last_card=False)  # fifteen 2, half
1.0
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.analysis.play_search.position import (
    COMB,
    HIDDEN,
    MAX_COUNT,
    ORDERS,
    PIPS,
    Hands,
    State,
    could_hold,
    quick_peg,
)

__all__ = ["REPLIES_KEPT", "WeighedReply", "greedy_reply"]


def greedy_reply(
    series: tuple[int, ...], count: int, unseen: Sequence[int], holds: int, *, last_card: bool
) -> float:
    """The expected best immediate points of a seat holding ``holds`` of the ``unseen``
    cards (a count by rank order), every set as likely, answering ``series`` at ``count``
    (with ``last_card``, its card would end the play: 1 more unless it makes 31). The
    same figure as :func:`~.pegging.reply_expectation`, from counts."""
    n = sum(unseen)
    if holds <= 0 or n < holds or count >= MAX_COUNT:
        return 0.0
    key = (series, holds, last_card, *unseen)
    found = _REPLIES.get(key)
    if found is not None:
        return found
    if len(_REPLIES) >= REPLIES_KEPT:
        _REPLIES.clear()
    found = _REPLIES[key] = _greedy_reply(series, count, unseen, n, holds, last_card)
    return found


#: Replies :func:`greedy_reply` keeps at most (a look-ahead meets the same ones often).
REPLIES_KEPT = 200_000
_REPLIES: dict[tuple[object, ...], float] = {}


def _greedy_reply(
    series: tuple[int, ...], count: int, unseen: Sequence[int], n: int, holds: int, last_card: bool
) -> float:
    by_value: dict[int, int] = {}
    for order in ORDERS:
        cards = unseen[order]
        new_count = count + PIPS[order]
        if not cards or new_count > MAX_COUNT:
            continue
        value = quick_peg((*series, order), new_count)
        if last_card and new_count != MAX_COUNT:
            value += 1
        if value:
            by_value[value] = by_value.get(value, 0) + cards
    if not by_value:
        return 0.0
    total = COMB[n][holds]
    expected = 0.0
    at_least = 0
    previous_chance = 0.0
    # From the best value down: the chance the best reply is worth at least each value.
    for value in sorted(by_value, reverse=True):
        at_least += by_value[value]
        chance = 1.0 - COMB[n - at_least][holds] / total
        expected += value * (chance - previous_chance)
        previous_chance = chance
    return expected


class WeighedReply:
    """How a seat that sees only its own cards lays in a search where its hand is known:
    as Hard weighs a card (:func:`~trainer.analysis.pegging.analyse_play`,
    :func:`~trainer.analysis.players.table_options.table_options`), the points it pegs now
    plus the next seat's expected best reply over the cards this seat cannot see (a point
    to that seat is worth a point to its own side, or takes a point, or half of one at
    three, from it), a point less for leading a five; between equals (to a rounding) the
    higher card, then the lower rank. It cannot see ``rest`` (by rank order: every card no hand in the search
    holds, but the cards laid and the starter) nor any other seat's hand, and reads the
    next seat's goes (the position's ``least``).

    A search told to let seats lay so (:class:`PlaySearch`'s ``replies``) asks
    :meth:`choose` for the rank, or 0 for a go, of a seat whose hand it knows; and a seat
    whose hand it does not know likes the ranks it might hold as :meth:`weigh` says."""

    def __init__(self, sides: Sequence[int], rest: Sequence[int]) -> None:
        self.sides = tuple(sides)
        self.rest = tuple(rest)
        if len(self.rest) != len(PIPS):
            raise ValueError("the cards nobody holds go by rank order (ace 1 to king 13)")
        others = max(self.sides)
        self._against = -1.0 / (others or 1)
        self._chosen: dict[State, int] = {}

    def choose(self, state: State) -> int:
        """The rank the seat to act lays (its hand known), or 0 for a go."""
        found = self._chosen.get(state)
        if found is not None:
            return found
        hands, _, count, turn, _, _, _, _, _ = state
        fits = sorted({o for o in hands[turn] if count + PIPS[o] <= MAX_COUNT})
        if len(fits) <= 1:
            choice = fits[0] if fits else 0
        else:
            keys = self.weigh(state, fits)
            choice = max(fits, key=keys.__getitem__)
        self._chosen[state] = choice
        return choice

    def weigh(self, state: State, orders: Sequence[int]) -> dict[int, tuple[float, float, int]]:
        """How the seat to act likes laying each of ``orders`` (that fit), the best liked
        highest: its worth to its side to a rounding, then the higher card, then the lower
        rank. What it cannot see is ``rest``, the position's unseen cards (of hands not
        seen) and every other hand known."""
        hands, series, count, turn, passed, _, _, _, least = state
        hand = hands[turn]
        seen = self._unseen_by(state)
        left = sum(map(len, hands)) - 1
        replier = _next_holding(hands, turn, passed)
        keys: dict[int, tuple[float, float, int]] = {}
        hidden = hand[0] == HIDDEN  # its card is among the unseen cards
        for o in orders:
            new_count = count + PIPS[o]
            line = (*series, o)
            points: float = quick_peg(line, new_count)
            if left == 0 and new_count != MAX_COUNT:
                points += 1  # the last card of the play
            if replier >= 0 and new_count != MAX_COUNT:
                holds = len(hands[replier])
                could = seen
                if hidden:
                    fewer = list(seen)
                    fewer[o] -= 1
                    could = tuple(fewer)
                could = could_hold(could, least[replier] if least else 1, holds)
                reply = greedy_reply(
                    line, new_count, could, holds, last_card=len(hand) == 1 and left == 1
                )
                weight = 1.0 if self.sides[replier] == self.sides[turn] else self._against
                points += weight * reply
            if count == 0 and PIPS[o] == 5:
                points -= 1.0  # a five led gives the next player fifteen
            keys[o] = (round(points, 9), PIPS[o] * 0.01, -o)
        return keys

    def _unseen_by(self, state: State) -> tuple[int, ...]:
        """The cards, by rank order, that the seat to act cannot see: ``rest``, the
        position's unseen cards (of hands not seen) and every other hand known."""
        hands, turn, unseen_held = state[0], state[3], state[7]
        unseen = list(self.rest)
        if unseen_held:
            for o, k in enumerate(unseen_held):
                unseen[o] += k
        for seat, held in enumerate(hands):
            if seat != turn and held and held[0] != HIDDEN:
                for o in held:
                    unseen[o] += 1
        return tuple(unseen)


def _next_holding(hands: Hands, turn: int, passed: int) -> int:
    """The first seat after ``turn`` that holds cards and has not said go (``passed``, a
    bit a seat): the seat that answers a card; -1 for none."""
    n = len(hands)
    for step in range(1, n):
        q = (turn + step) % n
        if hands[q] and not passed & (1 << q):
            return q
    return -1

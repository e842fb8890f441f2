"""What a line of the play is worth where the walk stops, played for points: the leaf a
search is plugged with (:class:`Leaf`: what a finished play is worth, what a side that
pegs out wins, where a search that stops after ``depth`` actions stops, and what a figure
by side is worth to a side). Played for points (:data:`POINTS`) the figures are the points
each side pegs from here; :class:`ExpectedReply` ends a short look-ahead on the expected
best immediate points of the seat to act. The leaves of a race are in
:mod:`~trainer.analysis.play_search.races`.

>>> side_worth((3.0, 1.0, 2.0), 0)  # its own less the mean of the other two
1.5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from trainer.analysis.play_search.position import (
    HIDDEN,
    MAX_COUNT,
    PIPS,
    State,
    Value,
    could_hold,
    quick_peg,
)
from trainer.analysis.play_search.replies import greedy_reply

__all__ = ["POINTS", "ExpectedReply", "Leaf", "points_leaf", "side_worth"]


class Leaf(Protocol):
    """What the walk is for: the figures by side of a finished play (``end``; in a race,
    from the needs left), of a side pegging out in a race (``home``), and of a position
    where a search that stops early stops (``cutoff``, the seat to act to lay); and what
    such figures are worth to a side (``worth``), which each seat plays for. A position
    comes as a plain tuple of :class:`PlayState`'s fields (:data:`State`)."""

    def end(self, state: State) -> Value: ...

    def home(self, side: int) -> Value: ...

    def cutoff(self, state: State) -> Value: ...

    def worth(self, value: Sequence[float], side: int) -> float: ...


def side_worth(value: Sequence[float], side: int) -> float:
    """What ``value`` (a figure for each side) is worth to ``side``: its own less the mean
    of the other sides'."""
    others = [v for s, v in enumerate(value) if s != side]
    return value[side] - sum(others) / len(others)


class _Points:
    """Played for points: nothing more once the play is over, or where the search stops."""

    def __init__(self, sides: int = 2) -> None:
        self.zero: Value = (0.0,) * sides

    def end(self, state: State) -> Value:
        return self.zero

    def home(self, side: int) -> Value:
        raise ValueError("a search for points keeps no needs")

    def cutoff(self, state: State) -> Value:
        return self.zero

    def worth(self, value: Sequence[float], side: int) -> float:
        return side_worth(value, side)


#: The leaf of a search for points between two sides; ``_Points(3)`` at three.
POINTS = _Points()


def points_leaf(sides: int) -> Leaf:
    """The leaf of a search for points between ``sides`` sides."""
    return POINTS if sides == 2 else _Points(sides)


class ExpectedReply:
    """Played for points, a look-ahead that stops adds the expected best immediate points
    of the seat to act: its best card if its hand is known, else :func:`greedy_reply`
    over the cards it could hold (one action deep, Hard's weighing of the reply), at a
    table of ``sides`` (the side of each seat)."""

    def __init__(self, sides: Sequence[int]) -> None:
        self.sides = tuple(sides)
        self._zero = [0.0] * (max(self.sides) + 1)
        self._others = float(max(len(self._zero) - 1, 1))

    def end(self, state: State) -> Value:
        return tuple(self._zero)

    def home(self, side: int) -> Value:
        raise ValueError("a search for points keeps no needs")

    def cutoff(self, state: State) -> Value:
        hands, series, count, turn, _, _, _, unseen, least = state
        hand = hands[turn]
        last_card = len(hand) == 1 and sum(map(len, hands)) == 1
        if hand[0] != HIDDEN:
            points: float = 0
            previous = -1
            for o in hand:
                if o == previous:
                    continue
                previous = o
                new_count = count + PIPS[o]
                if new_count > MAX_COUNT:
                    break
                pegged = quick_peg((*series, o), new_count)
                if last_card and new_count != MAX_COUNT:
                    pegged += 1
                if pegged > points:
                    points = pegged
        else:
            allowed = could_hold(unseen, least[turn] if least else 1, len(hand))
            points = greedy_reply(series, count, allowed, len(hand), last_card=last_card)
        out = self._zero.copy()
        out[self.sides[turn]] += points
        return tuple(out)

    def worth(self, value: Sequence[float], side: int) -> float:
        """:func:`side_worth`, the others' points taken from the total (as this look-ahead
        has always weighed them: equal lines may differ in the last bit, and which of two
        such lines comes first decides a tie)."""
        own = value[side]
        return own - (sum(value) - own) / self._others

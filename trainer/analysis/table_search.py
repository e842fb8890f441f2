"""A search of the play at a table of two, three or four, with every hand known.

Crazy's look-ahead for three and four players: given a guess at every other hand, each
seat in turn lays the card (or says go) that is best for its own side, and the search
returns what each side pegs from here. A side's worth of a line is its own points less
the mean of the other sides' (between two sides: points for less points against, so the
search is a minimax). The rules are the engine's (:class:`~trainer.engine.Pegging`):
turns go clockwise, a seat with no card that fits says go, a seat out of cards is
passed over, the go goes to the last to lay when nobody can, and the very last card of
the play scores 1 unless it makes 31. Cards are rank orders (suits do not peg).

The search stops after ``depth`` actions (counting what was pegged by then) and keeps a
table of positions it has valued.

>>> search = TableSearch(sides=(0, 1, 0, 1))
>>> search.value(((5,), (10,), (), ()), (), 0, 0)  # 5 then a ten: 15 for 2, and last card
(0.0, 3.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.analysis.pegging import peg_points

__all__ = ["MAX_COUNT", "TableSearch", "next_leader", "next_to_act", "order_pips", "side_worth"]

MAX_COUNT = 31
Hands = tuple[tuple[int, ...], ...]


def side_worth(value: Sequence[float], mine: int) -> float:
    """What ``value`` (a figure for each side) is worth to side ``mine``: its own less the
    mean of the other sides'."""
    others = [v for side, v in enumerate(value) if side != mine]
    return value[mine] - sum(others) / len(others)


def order_pips(order: int) -> int:
    """The pips of a card of rank ``order`` (tens and faces count ten)."""
    return order if order < 10 else 10


class TableSearch:
    """The play searched for ``sides`` (the side of each seat, round the table)."""

    def __init__(self, sides: Sequence[int], *, depth: int = 64) -> None:
        self.sides = tuple(sides)
        self.n = len(self.sides)
        self.n_sides = max(self.sides) + 1
        self.depth = depth
        self.nodes = 0
        self._memo: dict[tuple[object, ...], tuple[float, ...]] = {}

    def worth(self, value: Sequence[float], seat: int) -> float:
        """What ``value`` (points by side) is worth to ``seat``'s side."""
        return side_worth(value, self.sides[seat])

    def value(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int = 0,
        last: int = -1,
    ) -> tuple[float, ...]:
        """Points each side pegs from here, every seat playing its best (``hands`` are
        sorted rank orders by seat; ``passed`` a bit per seat that said go in this
        series; ``last`` the seat that laid the series' last card)."""
        return self._node(hands, series, count, turn, passed, last, self.depth)

    def after_lay(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        order: int,
    ) -> tuple[float, ...]:
        """Points each side pegs, counting the card of ``order`` that ``turn`` lays now."""
        return self._lay(hands, series, count, turn, passed, order, self.depth)

    def _zero(self) -> tuple[float, ...]:
        return (0.0,) * self.n_sides

    def _node(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        last: int,
        depth: int,
    ) -> tuple[float, ...]:
        if depth <= 0 or not any(hands):
            return self._zero()
        key = (hands, series, count, turn, passed, last, depth)
        found = self._memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        mine = hands[turn]
        fits = sorted({o for o in mine if count + order_pips(o) <= MAX_COUNT})
        if not fits:
            best = self._go(hands, series, count, turn, passed, last, depth)
        else:
            values = [self._lay(hands, series, count, turn, passed, o, depth) for o in fits]
            best = max(values, key=lambda value: self.worth(value, turn))
        self._memo[key] = best
        return best

    def _add(self, value: tuple[float, ...], seat: int, points: int) -> tuple[float, ...]:
        if not points:
            return value
        out = list(value)
        out[self.sides[seat]] += points
        return tuple(out)

    def _lay(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        order: int,
        depth: int,
    ) -> tuple[float, ...]:
        mine = list(hands[turn])
        mine.remove(order)
        after = (*hands[:turn], tuple(mine), *hands[turn + 1 :])
        new_series = (*series, order)
        new_count = count + order_pips(order)
        points = peg_points(new_series, new_count)
        if new_count == MAX_COUNT or not any(after):
            if not any(after) and new_count != MAX_COUNT:
                points += 1  # the last card
            rest = self._new_series(after, turn, depth - 1)
            return self._add(rest, turn, points)
        rest = self._advance(after, new_series, new_count, turn, passed, turn, depth - 1)
        return self._add(rest, turn, points)

    def _go(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        last: int,
        depth: int,
    ) -> tuple[float, ...]:
        return self._advance(hands, series, count, turn, passed | (1 << turn), last, depth - 1)

    def _advance(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        current: int,
        passed: int,
        last: int,
        depth: int,
    ) -> tuple[float, ...]:
        """Who acts after ``current`` (as :meth:`Pegging._advance_from`), or the go."""
        p = next_to_act(hands, count, current, passed, last)
        if p >= 0:
            return self._node(hands, series, count, p, passed, last, depth)
        rest = self._new_series(hands, last if last >= 0 else current, depth)
        return self._add(rest, last, 1) if last >= 0 else rest

    def _new_series(self, hands: Hands, last: int, depth: int) -> tuple[float, ...]:
        p = next_leader(hands, last)
        return self._zero() if p < 0 else self._node(hands, (), 0, p, 0, -1, depth)


def next_to_act(hands: Hands, count: int, current: int, passed: int, last: int) -> int:
    """The seat that acts after ``current`` in this series (lays, or says go), or -1 when
    nobody can lay and the go goes to ``last``."""
    n = len(hands)
    for step in range(1, n + 1):
        p = (current + step) % n
        if passed & (1 << p) or not hands[p]:
            continue
        if p != last or any(count + order_pips(o) <= MAX_COUNT for o in hands[p]):
            return p
        break
    return -1


def next_leader(hands: Hands, last: int) -> int:
    """Who leads the next series: the first seat after ``last`` still holding cards, or
    -1 when the play is over."""
    n = len(hands)
    for step in range(1, n + 1):
        p = (last + step) % n
        if hands[p]:
            return p
    return -1

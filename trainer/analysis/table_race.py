"""The play at a table of two, three or four searched for the game, not the points.

Near the end of a game the points of a deal matter only as far as they take a side home
first. :class:`TableRace` searches the play as :class:`~.table_search.TableSearch` does
(the same turns, goes and last card), with every hand known, but it keeps what each side
still needs and values a line by who wins: a side that pegs out in the play wins at
once; once the play is over the hands are counted from the dealer's left round to the
dealer (:class:`RaceBoard` holds what each will show) and the first side to reach home
wins; then the crib, by its chance of making what the dealer's side still needs. A line
that leaves the game undecided is worth :data:`RACE_POINT` of a win for each point a
side stands nearer home than the others' mean, so far from home the search ranks lines
as the points search does.

A line's value has a figure for each side (one for the winner, the rest nothing; or the
undecided figures) and each seat plays for its own side's
(:func:`~.table_search.side_worth`).

The pone leads a ten and the dealer lays a five: fifteen for two and the last card
take the dealer, who needed 3, home in the play, before the pone's 8 are counted:

>>> board = RaceBoard(needs=(3, 20), shows=(0, 8), dealer=0, crib_at_least=(1.0,))
>>> TableRace((0, 1), board).value(((5,), (10,)), (), 0, 1)
(1.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis.pegging import peg_points
from trainer.analysis.table_search import (
    MAX_COUNT,
    Hands,
    next_leader,
    next_to_act,
    order_pips,
    side_worth,
)

__all__ = ["RACE_POINT", "RaceBoard", "TableRace"]

#: A point nearer home than the other sides, in a line that decides nothing, as a share
#: of a win.
RACE_POINT = 0.01


@dataclass(frozen=True, slots=True)
class RaceBoard:
    """The end of a deal: what each side still needs (``needs``, by side, each at least
    1), what each seat's hand will show (``shows``, by seat), the ``dealer``'s seat, and
    ``crib_at_least[x]``, the chance that the crib makes at least ``x`` points (nothing
    past the end of the tuple)."""

    needs: tuple[int, ...]
    shows: tuple[int, ...]
    dealer: int
    crib_at_least: tuple[float, ...]

    def __post_init__(self) -> None:
        if min(self.needs) < 1:
            raise ValueError(f"every side needs at least one point, not {self.needs}")
        if not 0 <= self.dealer < len(self.shows):
            raise ValueError(
                f"the dealer's seat {self.dealer} is not at a table of {len(self.shows)}"
            )


class TableRace:
    """The play searched for the chance of winning, for ``sides`` (the side of each seat,
    round the table) from ``board``."""

    def __init__(self, sides: Sequence[int], board: RaceBoard) -> None:
        self.sides = tuple(sides)
        self.n_sides = max(self.sides) + 1
        if len(board.shows) != len(self.sides) or len(board.needs) != self.n_sides:
            raise ValueError("the board's shows go by seat and its needs by side")
        self.board = board
        self.nodes = 0
        self._memo: dict[tuple[object, ...], tuple[float, ...]] = {}
        self._settled: dict[tuple[int, ...], tuple[float, ...]] = {}

    def worth(self, value: Sequence[float], seat: int) -> float:
        """What ``value`` (a figure by side) is worth to ``seat``'s side."""
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
        """Each side's figure from here, every seat playing for its side (arguments as
        :meth:`TableSearch.value`)."""
        return self._node(hands, series, count, turn, passed, last, self.board.needs)

    def after_lay(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        order: int,
    ) -> tuple[float, ...]:
        """Each side's figure once ``turn`` lays the card of ``order`` now."""
        return self._lay(hands, series, count, turn, passed, order, self.board.needs)

    def _won(self, side: int) -> tuple[float, ...]:
        return tuple(1.0 if s == side else 0.0 for s in range(self.n_sides))

    def _node(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        last: int,
        needs: tuple[int, ...],
    ) -> tuple[float, ...]:
        if not any(hands):
            return self._settle(needs)
        key = (hands, series, count, turn, passed, last, needs)
        found = self._memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        fits = sorted({o for o in hands[turn] if count + order_pips(o) <= MAX_COUNT})
        if not fits:
            best = self._advance(hands, series, count, turn, passed | (1 << turn), last, needs)
        else:
            values = [self._lay(hands, series, count, turn, passed, o, needs) for o in fits]
            best = max(values, key=lambda value: self.worth(value, turn))
        self._memo[key] = best
        return best

    def _lay(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        order: int,
        needs: tuple[int, ...],
    ) -> tuple[float, ...]:
        mine = list(hands[turn])
        mine.remove(order)
        after = (*hands[:turn], tuple(mine), *hands[turn + 1 :])
        new_series = (*series, order)
        new_count = count + order_pips(order)
        points = peg_points(new_series, new_count)
        if not any(after) and new_count != MAX_COUNT:
            points += 1  # the last card
        if points:
            side = self.sides[turn]
            needs = (*needs[:side], needs[side] - points, *needs[side + 1 :])
            if needs[side] <= 0:
                return self._won(side)
        if new_count == MAX_COUNT or not any(after):
            return self._new_series(after, turn, needs)
        return self._advance(after, new_series, new_count, turn, passed, turn, needs)

    def _advance(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        current: int,
        passed: int,
        last: int,
        needs: tuple[int, ...],
    ) -> tuple[float, ...]:
        p = next_to_act(hands, count, current, passed, last)
        if p >= 0:
            return self._node(hands, series, count, p, passed, last, needs)
        if last < 0:
            return self._new_series(hands, current, needs)
        side = self.sides[last]  # the go
        needs = (*needs[:side], needs[side] - 1, *needs[side + 1 :])
        if needs[side] <= 0:
            return self._won(side)
        return self._new_series(hands, last, needs)

    def _new_series(self, hands: Hands, last: int, needs: tuple[int, ...]) -> tuple[float, ...]:
        p = next_leader(hands, last)
        if p < 0:
            return self._settle(needs)
        return self._node(hands, (), 0, p, 0, -1, needs)

    def _settle(self, needs: tuple[int, ...]) -> tuple[float, ...]:
        """The play over: the hands counted in turn, then the crib."""
        found = self._settled.get(needs)
        if found is not None:
            return found
        board = self.board
        left = list(needs)
        n = len(self.sides)
        value: tuple[float, ...] | None = None
        for step in range(1, n + 1):
            seat = (board.dealer + step) % n
            side = self.sides[seat]
            left[side] -= board.shows[seat]
            if left[side] <= 0:
                value = self._won(side)
                break
        if value is None:
            side = self.sides[board.dealer]
            need = left[side]
            crib = board.crib_at_least[need] if need < len(board.crib_at_least) else 0.0
            open_ = [-RACE_POINT * x for x in left]
            value = tuple(
                (1.0 - crib) * v + (crib if s == side else 0.0) for s, v in enumerate(open_)
            )
        self._settled[needs] = value
        return value

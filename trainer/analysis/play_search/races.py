"""What a line of the play is worth in a race to the end of the game: the points come off
what each side needs, a side pegging out wins at once, and a finished play is valued by
the leaf: :class:`TableRace` by who gets home first in the show, at any table;
:class:`WinChance` between two by the win table's chance (:class:`TwoSideRace` is the base
of such a leaf).

>>> board = RaceBoard(needs=(3, 9), shows=(4, 0), dealer=1, crib_at_least=(1.0,))
>>> TableRace((0, 1), board).end((((), ()), (), 0, 0, 0, -1, (3, 9), (), ()))  # seat 0 shows 4
(1.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from trainer.analysis.play_search.leaves import side_worth
from trainer.analysis.play_search.position import Hands, PlayState, State, Value

__all__ = ["RACE_POINT", "TIE_POINT", "RaceBoard", "TableRace", "TwoSideRace", "WinChance"]


#: A point pegged in a :class:`WinChance` line, to break ties between lines as likely to win.
TIE_POINT = 1e-4


@dataclass(frozen=True, slots=True)
class TwoSideRace:
    """Between two sides, a race valued for side 0: side 0 needs ``need_me`` and side 1
    ``need_opp`` as the search starts, and once the play is over the hands show
    ``my_show`` and ``opp_show`` (the pone's first: ``dealer`` says whether side 0
    deals). A leaf fills in :meth:`settle` (side 0's figure once the play is over, by
    what each side still needs then) and the worth of pegging out (``win``) and of being
    pegged out (``lose``); the figure by side is (side 0's, 0)."""

    need_me: int
    need_opp: int
    my_show: int
    opp_show: int
    dealer: bool
    win: ClassVar[float] = 1.0
    lose: ClassVar[float] = 0.0

    def settle(self, left_me: int, left_opp: int) -> float:
        raise NotImplementedError

    def end(self, state: State) -> Value:
        left_me, left_opp = state[6]
        return (self.settle(left_me, left_opp), 0.0)

    def home(self, side: int) -> Value:
        return (self.win if side == 0 else self.lose, 0.0)

    def cutoff(self, state: State) -> Value:
        raise ValueError("a race is searched to the end of the play")

    def worth(self, value: Sequence[float], side: int) -> float:
        return value[side] - value[1 - side]

    def start(self, hands: Hands, series: tuple[int, ...], count: int, passed: int) -> PlayState:
        """The position where side 0 (seat 0) is to lay, with this race's needs."""
        return PlayState(hands, series, count, 0, passed, -1, (self.need_me, self.need_opp))


@dataclass(frozen=True, slots=True)
class WinChance(TwoSideRace):
    """Side 0's chance of winning: pegging out is 1, being pegged out 0, and a finished
    play is worth ``leaf[u, v]``, side 0's chance when after both hands it still needs
    ``u`` and side 1 ``v`` (both from 1; see :func:`trainer.analysis.endgame.leaf_table`),
    with :data:`TIE_POINT` of a point pegged to break ties between lines as likely to win."""

    leaf: npt.NDArray[np.float64]

    def settle(self, left_me: int, left_opp: int) -> float:
        u = left_me - self.my_show
        v = left_opp - self.opp_show
        tie = TIE_POINT * ((self.need_me - left_me) - (self.need_opp - left_opp))
        if self.dealer:
            if v <= 0:
                return tie
            if u <= 0:
                return 1.0 + tie
        else:
            if u <= 0:
                return 1.0 + tie
            if v <= 0:
                return tie
        top = self.leaf.shape[0] - 1
        return float(self.leaf[min(u, top), min(v, top)]) + tie


#: A point nearer home than the other sides, in a line that decides nothing, as a share
#: of a win (:class:`TableRace`).
RACE_POINT = 0.01


@dataclass(frozen=True, slots=True)
class RaceBoard:
    """The end of a deal at a table: what each side still needs (``needs``, by side, each
    at least 1), what each seat's hand will show (``shows``, by seat), the ``dealer``'s
    seat, and ``crib_at_least[x]``, the chance that the crib makes at least ``x`` points
    (nothing past the end of the tuple)."""

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
    """At a table of two, three or four (``sides``: the side of each seat), the play
    valued by who wins the game from ``board``: a side pegging out wins at once (one for
    it, nothing for the others); once the play is over the hands are counted from the
    dealer's left round to the dealer and the first side home wins; then the crib, by its
    chance of making what the dealer's side still needs. A line that leaves the game
    undecided is worth :data:`RACE_POINT` of a win for each point a side stands nearer
    home than the others' mean, so far from home lines rank as they do for points."""

    def __init__(self, sides: Sequence[int], board: RaceBoard) -> None:
        self.sides = tuple(sides)
        self.n_sides = max(self.sides) + 1
        if len(board.shows) != len(self.sides) or len(board.needs) != self.n_sides:
            raise ValueError("the board's shows go by seat and its needs by side")
        self.board = board
        self._settled: dict[tuple[int, ...], Value] = {}

    def home(self, side: int) -> Value:
        return tuple(1.0 if s == side else 0.0 for s in range(self.n_sides))

    def cutoff(self, state: State) -> Value:
        raise ValueError("a race is searched to the end of the play")

    def worth(self, value: Sequence[float], side: int) -> float:
        return side_worth(value, side)

    def end(self, state: State) -> Value:
        """The play over: the hands counted in turn, then the crib."""
        needs = state[6]
        found = self._settled.get(needs)
        if found is not None:
            return found
        board = self.board
        left = list(needs)
        n = len(self.sides)
        value: Value | None = None
        for step in range(1, n + 1):
            seat = (board.dealer + step) % n
            side = self.sides[seat]
            left[side] -= board.shows[seat]
            if left[side] <= 0:
                value = self.home(side)
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

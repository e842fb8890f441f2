"""Look-ahead to the end of the play for one guess at the opponent's cards.

The play is searched on rank orders alone (suits never score in the play), with
both hands open: the player to move picks the card best for them, the
opponent the card worst for us. The turn order, the go and the last card
follow the engine's :class:`~trainer.engine.Pegging` for two players, and the
tests check the two against each other.

A :class:`Board` turns the search into a race: reaching the target during
the play ends it at once, and when the play is over the show is counted in
order (the pone first, then the dealer's hand, then the crib, taken at about
its average) to see whether somebody gets home. Otherwise a line is worth the
points it pegs for us minus the points it pegs for the opponent.

A :class:`WinBoard` values every line by the chance of winning the game instead:
pegging out is 1, being pegged out 0, and a finished play is worth the chance
read from a table of what follows (the show and the deals after it, see
:mod:`trainer.analysis.endgame`), with a thousandth of a point's difference to
break ties between lines equally likely to win.

>>> search(Position((5,), (10,), (), 0, 0, 0, -1))  # we lead the 5: 15 and last card to them
-3.0
>>> search(Position((5,), (), (10,), 10, 0, 0, 1))  # our 5 on their 10: 15 and last card
3.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from trainer.analysis.pegging import peg_points

__all__ = ["CRIB_GUESS", "WIN", "Board", "Position", "Race", "Search", "WinBoard", "search"]

MAX_COUNT = 31
#: The worth of winning the game in the search, in points of the play.
WIN = 60.0
#: The crib, when the show decides the game, taken at about the published average.
CRIB_GUESS = 4.5

Hand = tuple[int, ...]


class Position(NamedTuple):
    """A state of the play on ranks: player 0 is us. ``mine`` and ``theirs`` are
    sorted rank orders; ``running`` is the count; ``passed`` has bit ``1 << p`` set when player p said go in
    this series; ``last`` is who laid the series' last card (-1: nobody yet)."""

    mine: Hand
    theirs: Hand
    series: Hand
    running: int
    turn: int
    passed: int
    last: int


class Race(Protocol):
    """What the search asks of a board: the needs, the worth of pegging out (``win``)
    and of being pegged out (``lose``), and the worth of a finished play."""

    @property
    def need_me(self) -> int: ...
    @property
    def need_opp(self) -> int: ...
    @property
    def win(self) -> float: ...
    @property
    def lose(self) -> float: ...
    def settle(self, mine: int, theirs: int) -> float: ...


@dataclass(frozen=True, slots=True)
class Board:
    """Points each side still needs, the hands' show values, and who deals."""

    need_me: int
    need_opp: int
    my_show: int
    opp_show: int
    dealer: bool
    win: ClassVar[float] = WIN
    lose: ClassVar[float] = -WIN

    def settle(self, mine: int, theirs: int) -> float:
        """The worth of a finished play that pegged ``mine`` and ``theirs``."""
        me = mine + self.my_show
        opp = theirs + self.opp_show
        if self.dealer:
            if opp >= self.need_opp:
                return -WIN
            if me + CRIB_GUESS >= self.need_me:
                return WIN
        else:
            if me >= self.need_me:
                return WIN
            if opp + CRIB_GUESS >= self.need_opp:
                return -WIN
        return float(mine - theirs)


#: A point pegged in a :class:`WinBoard`'s line, to break ties between lines as likely to win.
TIE_POINT = 1e-4


@dataclass(frozen=True, slots=True)
class WinBoard:
    """A race valued by the chance of winning. ``leaf[u, v]`` is our chance once the
    play is over, when after both hands we still need ``u`` and the opponent ``v``
    (both from 1; see :func:`trainer.analysis.endgame.leaf_table`); ``dealer`` says
    whose hand counts first (the pone's)."""

    need_me: int
    need_opp: int
    my_show: int
    opp_show: int
    dealer: bool
    leaf: npt.NDArray[np.float64]
    win: ClassVar[float] = 1.0
    lose: ClassVar[float] = 0.0

    def settle(self, mine: int, theirs: int) -> float:
        u = self.need_me - mine - self.my_show
        v = self.need_opp - theirs - self.opp_show
        tie = TIE_POINT * (mine - theirs)
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


def _pips(order: int) -> int:
    return order if order < 10 else 10


_INF = 1e9


class Search:
    """Minimax with alpha-beta pruning over the rest of the play, from player 0's
    side. ``nodes`` counts the positions visited (the players budget by it, so a
    decision does not depend on the speed of the machine)."""

    def __init__(self, board: Race | None = None) -> None:
        self.board = board
        self.nodes = 0
        self._peg: dict[Hand, int] = {}

    def value(self, p: Position, pegged: tuple[int, int] = (0, 0)) -> float:
        """The worth to player 0 of ``p``, whose player to act holds cards."""
        return self._node(
            p.mine, p.theirs, p.series, p.running, p.turn, p.passed, p.last, *pegged, -_INF, _INF
        )

    def after_lay(
        self, mine: Hand, theirs: Hand, series: Hand, count: int, who: int, passed: int
    ) -> float:
        """The worth to player 0 once ``who`` has laid the last card of ``series``
        (already taken from its hand), bringing the count to ``count``."""
        return self._lay(mine, theirs, series, count, who, passed, 0, 0, -_INF, _INF)

    def _points(self, series: Hand, count: int) -> int:
        found = self._peg.get(series)
        if found is None:
            found = peg_points(series, count)
            self._peg[series] = found
        return found

    def _node(
        self,
        mine: Hand,
        theirs: Hand,
        series: Hand,
        count: int,
        turn: int,
        passed: int,
        last: int,
        me: int,
        opp: int,
        alpha: float,
        beta: float,
    ) -> float:
        self.nodes += 1
        hand = mine if turn == 0 else theirs
        previous = -1
        laid_any = False
        best = -_INF if turn == 0 else _INF
        for i, order in enumerate(hand):
            if order == previous:
                continue
            previous = order
            new_count = count + (order if order < 10 else 10)
            if new_count > MAX_COUNT:
                break
            laid_any = True
            rest = hand[:i] + hand[i + 1 :]
            if turn == 0:
                result = self._lay(
                    rest, theirs, (*series, order), new_count, 0, passed, me, opp, alpha, beta
                )
                if result > best:
                    best = result
                    if best > alpha:
                        alpha = best
            else:
                result = self._lay(
                    mine, rest, (*series, order), new_count, 1, passed, me, opp, alpha, beta
                )
                if result < best:
                    best = result
                    if best < beta:
                        beta = best
            if alpha >= beta:
                break
        if laid_any:
            return best
        # A go: nothing fits.
        passed |= 1 << turn
        other = 1 - turn
        other_hand = theirs if turn == 0 else mine
        if (
            not passed & (1 << other)
            and other_hand
            and (_pips(other_hand[0]) + count <= MAX_COUNT or other != last)
        ):
            return self._node(
                mine, theirs, series, count, other, passed, last, me, opp, alpha, beta
            )
        return self._go_point(mine, theirs, last, me, opp, alpha, beta)

    def _go_point(
        self,
        mine: Hand,
        theirs: Hand,
        last: int,
        me: int,
        opp: int,
        alpha: float,
        beta: float,
    ) -> float:
        """One for the go to ``last`` (a 31 never gets here), then a new series."""
        board = self.board
        if last == 0:
            me += 1
            if board is not None and me >= board.need_me:
                return board.win
        else:
            opp += 1
            if board is not None and opp >= board.need_opp:
                return board.lose
        return self._new_series(mine, theirs, last, me, opp, alpha, beta)

    def _new_series(
        self,
        mine: Hand,
        theirs: Hand,
        last: int,
        me: int,
        opp: int,
        alpha: float,
        beta: float,
    ) -> float:
        other_hand = theirs if last == 0 else mine
        leader = 1 - last if other_hand else last
        return self._node(mine, theirs, (), 0, leader, 0, -1, me, opp, alpha, beta)

    def _lay(
        self,
        mine: Hand,
        theirs: Hand,
        series: Hand,
        count: int,
        who: int,
        passed: int,
        me: int,
        opp: int,
        alpha: float,
        beta: float,
    ) -> float:
        points = self._points(series, count)
        over = not mine and not theirs
        if over and count != MAX_COUNT:
            points += 1  # the last card
        board = self.board
        if points:
            if who == 0:
                me += points
                if board is not None and me >= board.need_me:
                    return board.win
            else:
                opp += points
                if board is not None and opp >= board.need_opp:
                    return board.lose
        if over:
            return float(me - opp) if board is None else board.settle(me, opp)
        if count == MAX_COUNT:
            return self._new_series(mine, theirs, who, me, opp, alpha, beta)
        other = 1 - who
        other_hand = theirs if who == 0 else mine
        if not passed & (1 << other) and other_hand:
            return self._node(mine, theirs, series, count, other, passed, who, me, opp, alpha, beta)
        own = mine if who == 0 else theirs
        if own and _pips(own[0]) + count <= MAX_COUNT:
            return self._node(mine, theirs, series, count, who, passed, who, me, opp, alpha, beta)
        return self._go_point(mine, theirs, who, me, opp, alpha, beta)


def search(position: Position, board: Race | None = None) -> float:
    """The minimax worth of ``position`` to player 0 (a fresh search)."""
    return Search(board).value(position)

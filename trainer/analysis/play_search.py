"""The one search of the play: every line of the rest of the play from a position, each
seat laying the card best for its side, on rank orders alone (suits never score in the
play), at a table of two, three or four.

**The position** (:class:`PlayState`) holds each seat's cards, the series and its count,
whose turn it is, the seats that said go in this series and the seat that laid last; in
a race, what each side still needs; and for seats whose cards the searching seat cannot
see, the cards they could hold. A hand that is not seen holds :data:`HIDDEN` cards (as
many as the seat holds), drawn from ``unseen`` (the cards not seen, by rank order) as
far as ``least`` (the least pips each seat's goes allow) permits.

**The walk** (:class:`PlaySearch`) follows the engine's rules (:class:`~trainer.engine.Pegging`):
turns go clockwise, a seat out of cards is passed over, a seat with no card that fits
says go, the go goes to the last to lay when nobody can go on (a seat whose cards are
not seen is asked, since it may hold one that fits), 31 and the last card of the play.
A seat whose cards are known lays the card best for its own side (the lowest of equal
ones); a seat whose cards are not seen lays, by expectation, the rank it likes best of
those it holds, every set of the cards it could hold as likely, so the chance of each
rank is a ratio of binomials: it holds none of the ranks it likes better and at least one
of that rank; or it says go when none fits, and its cards have at least the pips that go
shows from then on. Values are figures by side; what a figure is worth to a seat is its
side's less the mean of the other sides' (:meth:`PlaySearch.worth`: at four a
partnership's less the other's, at three a player's less the mean of the other two).

**The leaf** (:class:`Leaf`) is what the walk is for, plugged in: what a finished play
is worth, what a side that pegs out wins, and where a search that stops after ``depth``
actions stops. Played for points (:data:`POINTS`) the figures are the points each side
pegs from here; :class:`ExpectedReply` ends a short look-ahead on the expected best
immediate points of the seat to act; in a race (a position with ``needs``) the points
come off what each side needs, a side pegging out wins at once, and a finished play is
valued by the leaf: :class:`TableRace` by who gets home first in the show, at any table;
:class:`WinChance` between two by the win table's chance (:class:`TwoSideRace` is the
base of such a leaf).

Two sides whose hands are all known may be searched with alpha-beta pruning
(``prune=True``: no table of positions kept, and :attr:`PlaySearch.nodes` counts every
position visited), otherwise every position valued is kept for the search's life.

>>> search = PlaySearch((0, 1, 0, 1))
>>> search.value(PlayState(((5,), (10,), (), ()), turn=0))  # 5 then a ten: 15 and the last card
(0.0, 3.0)
>>> two = PlaySearch((0, 1), prune=True)
>>> two.after_lay(PlayState(((5,), (10,)), turn=0), 5)  # we lead the 5: 15 and last card to them
(0.0, 3.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import ClassVar, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from trainer.analysis.pegging import peg_points

__all__ = [
    "HIDDEN",
    "MAX_COUNT",
    "PIPS",
    "POINTS",
    "RACE_POINT",
    "TIE_POINT",
    "ExpectedReply",
    "Hands",
    "Leaf",
    "PlaySearch",
    "PlayState",
    "RaceBoard",
    "TableRace",
    "TwoSideRace",
    "Value",
    "WeighedReply",
    "WinChance",
    "greedy_reply",
    "next_to_act",
    "order_pips",
    "peg",
    "points_leaf",
    "quick_peg",
    "side_worth",
    "unseen_counts",
]

MAX_COUNT = 31
#: A card of a hand the searching seat cannot see (its rank is drawn by the walk).
HIDDEN = 0
#: The pips of each rank order (index 0: a hidden card, which may fit anywhere).
PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_ORDERS = tuple(range(1, 14))
#: The most cards a seat holds in the play.
_HELD = 4
_COMB = [[comb(n, k) for k in range(_HELD + 1)] for n in range(53)]
_INF = float("inf")

Hands = tuple[tuple[int, ...], ...]
#: A figure for each side.
Value = tuple[float, ...]


def order_pips(order: int) -> int:
    """The pips of a card of rank ``order`` (tens and faces count ten)."""
    return PIPS[order]


def unseen_counts(orders: Sequence[int]) -> tuple[int, ...]:
    """Cards by rank order (index 0 unused, then ace to king), from their rank orders."""
    counts = [0] * 14
    for order in orders:
        counts[order] += 1
    return tuple(counts)


#: Series whose points :func:`peg` keeps at most.
PEGGED_KEPT = 100_000
_PEGGED: dict[tuple[int, ...], int] = {}


def peg(series: tuple[int, ...], count: int) -> int:
    """:func:`~trainer.analysis.pegging.peg_points` of the last card of ``series`` (whose
    cards must make ``count``: the points are kept by the series), kept once worked out (for every search: the series a play can
    make are few; the table starts again past :data:`PEGGED_KEPT`)."""
    found = _PEGGED.get(series)
    if found is None:
        if len(_PEGGED) >= PEGGED_KEPT:
            _PEGGED.clear()
        found = _PEGGED[series] = peg_points(series, count)
    return found


def quick_peg(series: tuple[int, ...], count: int) -> int:
    """:func:`~trainer.analysis.pegging.peg_points`, quicker when the last cards make
    neither a pair nor a run (for the many series a look-ahead meets once): a run ending
    with the last card needs the last three all different, within as many ranks as the
    series has cards (and a run has at most seven)."""
    n = len(series)
    fifteen = 2 if count == 15 or count == MAX_COUNT else 0
    if n < 2:
        return fifteen
    last = series[-1]
    before = series[-2]
    if before == last:
        return peg_points(series, count)
    if n == 2:
        return fifteen
    third = series[-3]
    if third in (last, before):
        return fifteen
    high, low = (last, before) if last > before else (before, last)
    if third > high:
        high = third
    elif third < low:
        low = third
    if high - low >= (n if n < 7 else 7):
        return fifteen
    return peg_points(series, count)


class PlayState(NamedTuple):
    """A position of the play on ranks: ``hands`` (sorted rank orders by seat, or
    :data:`HIDDEN` cards for a seat not seen), the ``series`` so far and its count (``running``: a
    tuple's ``count`` is taken),
    the seat whose ``turn`` it is, ``passed`` (a bit for each seat that said go in this
    series) and ``last`` (the seat that laid the series' last card, -1 for none). In a
    race, ``needs`` is what each side still needs (empty when playing for points);
    ``unseen`` the cards hidden hands are drawn from, by rank order
    (:func:`unseen_counts`), and ``least`` the least pips of each seat's hidden cards.

    A tuple, since the walk makes one at every position and keeps them as keys."""

    hands: Hands
    series: tuple[int, ...] = ()
    running: int = 0
    turn: int = 0
    passed: int = 0
    last: int = -1
    needs: tuple[int, ...] = ()
    unseen: tuple[int, ...] = ()
    least: tuple[int, ...] = ()


#: :class:`PlayState`'s fields as a plain tuple, as the walk makes them.
State = tuple[
    Hands,
    tuple[int, ...],
    int,
    int,
    int,
    int,
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
]


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


def _allowed(unseen: tuple[int, ...], least: int, holds: int) -> tuple[int, ...]:
    """The unseen cards a seat whose cards have at least ``least`` pips can hold (all of
    them when too few are left for its hand: the goes were read too strictly)."""
    if least <= 1:
        return unseen
    allowed = tuple(n if PIPS[o] >= least else 0 for o, n in enumerate(unseen))
    return allowed if sum(allowed) >= holds else unseen


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
    for order in _ORDERS:
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
    total = _COMB[n][holds]
    expected = 0.0
    at_least = 0
    previous_chance = 0.0
    # From the best value down: the chance the best reply is worth at least each value.
    for value in sorted(by_value, reverse=True):
        at_least += by_value[value]
        chance = 1.0 - _COMB[n - at_least][holds] / total
        expected += value * (chance - previous_chance)
        previous_chance = chance
    return expected


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
            allowed = _allowed(unseen, least[turn] if least else 1, len(hand))
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


def next_to_act(hands: Hands, count: int, current: int, passed: int, last: int) -> int:
    """The seat that acts after ``current`` in this series: the next round that has not
    said go (``passed``, a bit a seat) and holds cards, the last to lay only with a card
    that fits (or a hand not seen, which may hold one); -1 when there is none, and the
    go goes to ``last``."""
    n = len(hands)
    for step in range(1, n + 1):
        p = (current + step) % n
        hand = hands[p]
        if passed & (1 << p) or not hand:
            continue
        if p != last or count + PIPS[hand[0]] <= MAX_COUNT:
            return p
        break
    return -1


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
        hands, series, count, turn, passed, _, _, unseen_held, least = state
        hand = hands[turn]
        n = len(hands)
        unseen = list(self.rest)
        if unseen_held:
            for o, k in enumerate(unseen_held):
                unseen[o] += k
        for seat, held in enumerate(hands):
            if seat != turn and held and held[0] != HIDDEN:
                for o in held:
                    unseen[o] += 1
        seen = tuple(unseen)
        left = sum(map(len, hands)) - 1
        replier = -1
        for step in range(1, n):
            q = (turn + step) % n
            if hands[q] and not passed & (1 << q):
                replier = q
                break
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
                could = _allowed(could, least[replier] if least else 1, holds)
                reply = greedy_reply(
                    line, new_count, could, holds, last_card=len(hand) == 1 and left == 1
                )
                weight = 1.0 if self.sides[replier] == self.sides[turn] else self._against
                points += weight * reply
            if count == 0 and PIPS[o] == 5:
                points -= 1.0  # a five led gives the next player fifteen
            keys[o] = (round(points, 9), PIPS[o] * 0.01, -o)
        return keys


def _add(value: Value, side: int, points: float) -> Value:
    if len(value) == 2:
        return (value[0] + points, value[1]) if side == 0 else (value[0], value[1] + points)
    out = list(value)
    out[side] += points
    return tuple(out)


class PlaySearch:
    """The walk of the play at a table of ``sides`` (the side of each seat, round the
    table), valued by ``leaf`` (:data:`POINTS` by default), stopping after ``depth``
    actions (a card or a go; no limit by default). With ``prune`` (two sides only), lines
    are cut by alpha-beta and no position is kept; otherwise each position valued is
    kept for the search's life (make one search a decision, or a guess). The seats in
    ``replying`` (a bit each) do not search: they lay as ``replies`` says, from what they
    can see (:class:`WeighedReply`), as a player at a real table does."""

    def __init__(
        self,
        sides: Sequence[int],
        leaf: Leaf | None = None,
        *,
        depth: int | None = None,
        prune: bool = False,
        replies: WeighedReply | None = None,
        replying: int = 0,
    ) -> None:
        self.sides = tuple(sides)
        if len(self.sides) not in (2, 3, 4):
            raise ValueError(f"the play is searched at a table of 2, 3 or 4, not {sides!r}")
        self.n = len(self.sides)
        self.n_sides = max(self.sides) + 1
        if prune and self.n_sides != 2:
            raise ValueError("alpha-beta pruning is for two sides")
        if depth is not None and depth < 1:
            raise ValueError(f"the search takes at least the card laid, not depth {depth!r}")
        self.leaf: Leaf = leaf if leaf is not None else points_leaf(self.n_sides)
        self.prune = prune
        #: The seats (a bit each) whose hands are known but which lay as ``replies`` says,
        #: seeing only their own cards.
        self.replies = replies
        self.replying = replying if replies is not None else 0
        #: Actions left at the start, and what each action takes off (nothing: no limit).
        self.depth = depth if depth is not None else 1
        self._step = 1 if depth is not None else 0
        #: Positions valued (visited, when pruning): the players budget by it, so a
        #: decision does not depend on the speed of the machine.
        self.nodes = 0
        self._memo: dict[tuple[State, int], Value] = {}
        #: The walk's step to the next position.
        self._visit = self._minimax if prune else self._node
        self._worth = self.leaf.worth

    # -- what a figure is worth --

    def worth(self, value: Sequence[float], seat: int) -> float:
        """What ``value`` (a figure by side) is worth to ``seat``'s side, as the leaf
        says: its own less the mean of the other sides'."""
        return self._worth(value, self.sides[seat])

    # -- the questions --

    def value(self, state: PlayState) -> Value:
        """The figures by side from ``state``, whose seat to act holds cards."""
        self._check(state)
        return self._visit(state, self.depth, -_INF, _INF)

    def after_lay(self, state: PlayState, order: int) -> Value:
        """The figures by side once ``state.turn`` lays its card of rank ``order`` now (a
        card it holds, or any rank of a hand not seen)."""
        self._check(state)
        hand = state.hands[state.turn]
        if (order not in hand and (not hand or hand[0] != HIDDEN)) or (
            state.running + PIPS[order] > MAX_COUNT
        ):
            raise ValueError(
                f"a card of rank {order} cannot be laid at {state.running} from {hand}"
            )
        return self._lay(state, order, self.depth, -_INF, _INF)

    def _check(self, state: PlayState) -> None:
        if len(state.hands) != self.n:
            raise ValueError(f"{len(state.hands)} hands at a table of {self.n}")
        if state.unseen and len(state.unseen) != len(PIPS):
            raise ValueError("unseen cards go by rank order (ace 1 to king 13)")
        if state.least and len(state.least) != self.n:
            raise ValueError("the least pips go by seat")
        if not state.hands[state.turn]:
            raise ValueError(f"seat {state.turn} has no card to play")
        if sum(PIPS[o] for o in state.series) != state.running:
            raise ValueError(f"the series {state.series} does not count {state.running}")

    # -- the walk --
    #
    # The position travels as a plain tuple of :class:`PlayState`'s fields (a
    # ``State``): one is made at every position, and a tuple display is the quickest.

    def _node(self, state: State, depth: int, alpha: float, beta: float) -> Value:
        """The seat to act lays the card best for its side (the lowest of equal ones),
        or says go; a seat whose cards are not seen, by expectation (:meth:`_chance`).
        Each position valued is kept."""
        if depth <= 0:
            return self.leaf.cutoff(state)
        memo = self._memo
        found = memo.get((state, depth))
        if found is not None:
            return found
        self.nodes += 1
        turn = state[3]
        hand = state[0][turn]
        if not hand[0]:  # hidden cards
            best = self._chance(state, hand, depth)
        elif self.replying >> turn & 1:
            best = self._reply(state, depth, alpha, beta)
        else:
            count = state[2]
            worth = self._worth
            side = self.sides[turn]
            found = None
            top = -_INF
            previous = -1
            for i, order in enumerate(hand):
                if order == previous:
                    continue
                previous = order
                if count + PIPS[order] > MAX_COUNT:
                    break
                value = self._lay(state, order, depth, alpha, beta, i)
                w = worth(value, side)
                if w > top:
                    found, top = value, w
            best = found if found is not None else self._go(state, state[8], depth, alpha, beta)
        memo[(state, depth)] = best
        return best

    def _minimax(self, state: State, depth: int, alpha: float, beta: float) -> Value:
        """:meth:`_node` between two sides, cut by alpha-beta on side 0's worth (side 0
        maximises it, side 1 minimises it), keeping no position."""
        if depth <= 0:
            return self.leaf.cutoff(state)
        self.nodes += 1
        turn = state[3]
        hand = state[0][turn]
        if not hand[0]:  # hidden cards
            return self._chance(state, hand, depth)
        if self.replying >> turn & 1:
            return self._reply(state, depth, alpha, beta)
        count = state[2]
        maximise = self.sides[turn] == 0
        best: Value | None = None
        top = -_INF if maximise else _INF
        previous = -1
        for i, order in enumerate(hand):
            if order == previous:
                continue
            previous = order
            if count + PIPS[order] > MAX_COUNT:
                break
            value = self._lay(state, order, depth, alpha, beta, i)
            w = value[0] - value[1]
            if maximise:
                if w > top:
                    best, top = value, w
                    if w > alpha:
                        alpha = w
            elif w < top:
                best, top = value, w
                if w < beta:
                    beta = w
            if alpha >= beta:
                break
        if best is None:
            return self._go(state, state[8], depth, alpha, beta)
        return best

    def _reply(self, state: State, depth: int, alpha: float, beta: float) -> Value:
        """A seat that lays as :attr:`replies` says, seeing only its own cards."""
        assert self.replies is not None
        order = self.replies.choose(state)
        if order:
            return self._lay(state, order, depth, alpha, beta)
        return self._go(state, state[8], depth, alpha, beta)

    def _chance(self, state: State, hand: tuple[int, ...], depth: int) -> Value:
        """A seat whose cards are not seen: it holds any set of the cards it could hold,
        every one as likely, and lays the rank that fits it likes best of those it holds
        (between equals, to a rounding, the higher); or it says go."""
        _, _, count, turn, _, _, _, unseen, least = state
        allowed = _allowed(unseen, least[turn] if least else 1, len(hand))
        n = sum(allowed)
        holds = min(len(hand), n)  # more than is unseen: the view was inconsistent
        if holds == 0:
            return self._go(state, least, depth, -_INF, _INF)
        total = _COMB[n][holds]
        options = []
        worth = self._worth
        side = self.sides[turn]
        last = self._last_looked_at(state, depth)
        for order in _ORDERS:
            new_count = count + PIPS[order]
            if allowed[order] and new_count <= MAX_COUNT:
                if last is None or new_count == MAX_COUNT:
                    value = self._lay(state, order, depth, -_INF, _INF)
                else:  # as _lay, which would stop at the next seat
                    after, p = last
                    series = (*state[1], order)
                    fewer = list(unseen)
                    fewer[order] -= 1
                    value = self.leaf.cutoff(
                        (after, series, new_count, p, state[4], turn, (), tuple(fewer), least)
                    )
                    points = quick_peg(series, new_count)
                    if points:
                        value = _add(value, side, points)
                options.append((round(worth(value, side), 9), order, value))
        if self.replying >> turn & 1:  # it likes what it sees, as the reply rule weighs
            assert self.replies is not None
            liked = self.replies.weigh(state, [order for _, order, _ in options])
            options.sort(key=lambda option: liked[option[1]], reverse=True)
        else:
            options.sort(key=lambda option: (-option[0], -option[1]))
        out = [0.0] * self.n_sides
        gone = 0
        before = 1.0  # the chance it holds none of the ranks it likes better
        for _, order, value in options:
            gone += allowed[order]
            none = _COMB[n - gone][holds] / total
            chance = before - none
            before = none
            for s in range(self.n_sides):
                out[s] += chance * value[s]
        if before > 1e-12:  # nothing fits: its cards have at least the pips the go shows
            raised = max(least[turn] if least else 1, MAX_COUNT + 1 - count)
            base = least or (1,) * self.n
            value = self._go(state, (*base[:turn], raised, *base[turn + 1 :]), depth, -_INF, _INF)
            for s in range(self.n_sides):
                out[s] += before * value[s]
        return tuple(out)

    def _last_looked_at(self, state: State, depth: int) -> tuple[Hands, int] | None:
        """When a hidden seat's card is the last action a search for points looks at, the
        hands after it and the seat whose turn it is then (the same for every rank but one
        that makes 31); None otherwise (or when the play would end, or come back to it)."""
        if depth - self._step > 0 or state[6]:
            return None
        hands, _, _, turn, passed, _, _, _, _ = state
        changed = list(hands)
        changed[turn] = hands[turn][1:]
        n = self.n
        for step in range(1, n):
            p = (turn + step) % n
            if changed[p] and not passed & (1 << p):
                return tuple(changed), p
        return None

    def _lay(
        self,
        state: State,
        order: int,
        depth: int,
        alpha: float,
        beta: float,
        i: int = -1,
    ) -> Value:
        """The seat to act lays its card of ``order`` (the ``i``-th of its hand; a hidden
        card when the hand is not seen)."""
        hands, series, count, turn, passed, _, needs, unseen, least = state
        hand = hands[turn]
        if not hand[0]:  # a hidden card
            rest = hand[1:]
            fewer = list(unseen)
            fewer[order] -= 1
            unseen = tuple(fewer)
        else:
            if i < 0:
                i = hand.index(order)
            rest = hand[:i] + hand[i + 1 :]
        n = self.n
        after: Hands
        if n == 2:
            after = (rest, hands[1]) if turn == 0 else (hands[0], rest)
        else:
            changed = list(hands)
            changed[turn] = rest
            after = tuple(changed)
        series = (*series, order)
        count += PIPS[order]
        points = _PEGGED.get(series)
        if points is None:
            points = peg(series, count)
        over = not rest and not any(after)
        if over and count != MAX_COUNT:
            points += 1  # the last card
        if points:
            side = self.sides[turn]
            if needs:
                left = needs[side] - points
                if left <= 0:
                    return self.leaf.home(side)
                less = list(needs)
                less[side] = left
                needs = tuple(less)
            elif self.prune:  # the window, from the next position on
                shift = points if side == 0 else -points
                alpha -= shift
                beta -= shift
        depth -= self._step
        if over:
            value = self.leaf.end((after, series, count, turn, passed, turn, needs, unseen, least))
        elif count == MAX_COUNT:
            value = self._new_series(
                (after, (), 0, turn, 0, turn, needs, unseen, least), depth, alpha, beta
            )
        else:
            p = turn + 1 if turn + 1 < n else 0  # the next seat, mostly
            if passed & (1 << p) or not after[p]:
                p = next_to_act(after, count, turn, passed, turn)
            if p < 0:
                value = self._go_point(
                    (after, series, count, turn, passed, turn, needs, unseen, least),
                    depth,
                    alpha,
                    beta,
                )
            elif depth <= 0:  # the search stops here
                value = self.leaf.cutoff(
                    (after, series, count, p, passed, turn, needs, unseen, least)
                )
            else:
                value = self._visit(
                    (after, series, count, p, passed, turn, needs, unseen, least),
                    depth,
                    alpha,
                    beta,
                )
        if points and not needs:
            return _add(value, self.sides[turn], points)
        return value

    def _go(
        self,
        state: State,
        least: tuple[int, ...],
        depth: int,
        alpha: float,
        beta: float,
    ) -> Value:
        """The seat to act has no card that fits (its goes now show ``least``): a go, or
        the end of the series when it laid last (a seat not seen, asked in case it held
        one that fits)."""
        hands, series, count, turn, passed, last, needs, unseen, _ = state
        if turn == last:
            return self._go_point(
                (hands, (), 0, last, 0, last, needs, unseen, least),
                depth - self._step,
                alpha,
                beta,
            )
        passed |= 1 << turn
        depth -= self._step
        p = next_to_act(hands, count, turn, passed, last)
        if p >= 0:
            return self._visit(
                (hands, series, count, p, passed, last, needs, unseen, least), depth, alpha, beta
            )
        if last < 0:  # nobody laid in this series
            return self._new_series(
                (hands, (), 0, turn, 0, -1, needs, unseen, least), depth, alpha, beta
            )
        return self._go_point(
            (hands, series, count, turn, passed, last, needs, unseen, least), depth, alpha, beta
        )

    def _go_point(self, state: State, depth: int, alpha: float, beta: float) -> Value:
        """One for the go to the last to lay (a 31 never gets here), then a new series."""
        hands, _, _, current, _, last, needs, unseen, least = state
        side = self.sides[last]
        if needs:
            left = needs[side] - 1
            if left <= 0:
                return self.leaf.home(side)
            return self._new_series(
                (
                    hands,
                    (),
                    0,
                    current,
                    0,
                    last,
                    (*needs[:side], left, *needs[side + 1 :]),
                    unseen,
                    least,
                ),
                depth,
                alpha,
                beta,
            )
        if self.prune:
            shift = 1 if side == 0 else -1
            alpha -= shift
            beta -= shift
        return _add(self._new_series(state, depth, alpha, beta), side, 1)

    def _new_series(self, state: State, depth: int, alpha: float, beta: float) -> Value:
        """A new series, led by the first seat after the last to lay (or after the seat
        to act, when nobody laid) still holding cards; the play's end when none does."""
        hands, _, _, current, _, last, needs, unseen, least = state
        start = last if last >= 0 else current
        n = self.n
        for step in range(1, n + 1):
            p = (start + step) % n
            if hands[p]:
                return self._visit(
                    (hands, (), 0, p, 0, -1, needs, unseen, least), depth, alpha, beta
                )
        return self.leaf.end(state)

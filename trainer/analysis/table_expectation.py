"""The play at a table of three or four looked ahead a few actions, by expectation over
the cards this seat cannot see.

Crazy's look-ahead in the play at three and four. A search with every hand guessed
(:mod:`~trainer.analysis.table_search`) needs many guesses before it beats the exact
one-move reply Hard weighs, and the seats in a guess play as if they saw every hand.
This look-ahead guesses nothing: it works out, exactly, what the next few actions are
worth on average, each other seat holding cards it has not laid and nobody else sees.

The model: whenever another seat is to act, the cards it holds are any of the unseen
cards of the size it holds, every such set as likely (of the cards its goes allow:
:attr:`~.players.views.TableView.min_pips`), drawn for that turn alone; it lays the
card that fits it likes best, by what that card pegs now and what the look-ahead finds
after it for the seat's own side, or says go when none fits. The chance that the seat
lays a given rank is then a ratio of binomials: it holds none of the ranks it likes
better, and at least one of that rank. This seat knows its own hand and plays its best.
After :attr:`TableExpectation.depth` actions the seat to act adds its expected best
immediate reply (Hard's one-move reply, :func:`~.pegging.reply_expectation`), so depth 1
is Hard's weighing. The rules are the engine's, as in
:class:`~.table_search.TableSearch`: clockwise turns, the go, a seat out of cards passed
over, 31 and the last card.

Values are points by side (:func:`~.table_search.side_worth` gives their worth to a
seat: at four a partnership's points less the other's; at three a player's less the
mean of the other two).

Leading from a five and a ten at four, one action deep (Hard's weighing): the next
player answers a five with any of the sixteen ten cards for fifteen, and a ten only by a
five for fifteen or another ten of its rank for a pair:

>>> look = TableExpectation(sides=(0, 1, 0, 1), seat=0, depth=1)
>>> unseen = (0, 4, 4, 4, 4, 3, 4, 4, 4, 4, 3, 4, 4, 4)  # by rank order, ace to king
>>> for order in (5, 10):
...     value = look.after_lay(mine=(5, 10), series=(), count=0, passed=0, last=-1,
...         held=(2, 4, 4, 4), unseen=unseen, min_pips=(1, 1, 1, 1), order=order)
...     print(order, round(look.worth(value), 2))
5 -1.69
10 -0.82
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from trainer.analysis.pegging import peg_points
from trainer.analysis.table_search import MAX_COUNT, order_pips

__all__ = ["DEPTH", "TableExpectation", "greedy_reply"]

#: Actions looked ahead: this seat's card, and one turn round a table of four.
DEPTH = 4
#: The most cards a seat holds in the play.
_HELD = 4
_COMB = [[comb(n, k) for k in range(_HELD + 1)] for n in range(53)]
#: Rank orders and their pips.
_ORDERS = tuple(range(1, 14))
_PIPS = (0, *(order_pips(o) for o in _ORDERS))

Value = tuple[float, ...]
#: Unseen cards by rank order: index 0 unused, then ace to king.
Unseen = tuple[int, ...]


def _peg_points(series: tuple[int, ...], count: int) -> int:
    """:func:`~.pegging.peg_points`, quicker when the last cards make neither a pair nor
    a run: a run ending with the last card needs the last three all different, within as
    many ranks as the series has cards (and a run has at most seven)."""
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
    by_value: dict[int, int] = {}
    for order in _ORDERS:
        cards = unseen[order]
        new_count = count + _PIPS[order]
        if not cards or new_count > MAX_COUNT:
            continue
        value = peg_points((*series, order), new_count)
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


class TableExpectation:
    """The look-ahead for ``seat`` at a table of ``sides`` (the side of each seat, round
    the table), ``depth`` actions deep. It keeps what it has valued for one decision:
    make one a decision."""

    def __init__(self, sides: Sequence[int], seat: int, *, depth: int = DEPTH) -> None:
        if depth < 1:
            raise ValueError(f"the look-ahead takes at least this seat's card, not {depth!r}")
        self.sides = tuple(sides)
        if len(self.sides) not in (2, 3, 4) or not 0 <= seat < len(self.sides):
            raise ValueError(f"seat {seat!r} is not at a table of {len(self.sides)}")
        self.n = len(self.sides)
        self.n_sides = max(self.sides) + 1
        self.seat = seat
        self.depth = depth
        #: Positions valued (the model's nodes), for the benchmark and the budget.
        self.nodes = 0
        self._memo: dict[tuple[object, ...], Value] = {}
        self._zero: Value = (0.0,) * self.n_sides
        self._own = tuple(self.sides)
        self._others = float(max(self.n_sides - 1, 1))

    def worth(self, value: Sequence[float], seat: int | None = None) -> float:
        """What ``value`` (points by side) is worth to ``seat`` (this seat by default):
        :func:`~.table_search.side_worth`."""
        side = self.sides[self.seat if seat is None else seat]
        own = value[side]
        return own - (sum(value) - own) / self._others

    def after_lay(
        self,
        *,
        mine: tuple[int, ...],
        series: tuple[int, ...],
        count: int,
        passed: int,
        last: int,
        held: tuple[int, ...],
        unseen: Unseen,
        min_pips: tuple[int, ...],
        order: int,
    ) -> Value:
        """Points each side can expect from the next :attr:`depth` actions when this seat
        lays its card of ``order`` now: ``mine`` is its hand (sorted rank orders),
        ``held`` the cards each seat holds, ``unseen`` the cards it has not seen by rank
        order, ``min_pips`` the least pips each seat's cards can have (from its goes),
        ``passed`` a bit for each seat that said go in this series and ``last`` the seat
        that laid the series' last card (-1 for none)."""
        if order not in mine or count + _PIPS[order] > MAX_COUNT:
            raise ValueError(f"a card of rank {order} cannot be laid at {count} from {mine}")
        if len(unseen) != len(_PIPS) or len(held) != self.n or len(min_pips) != self.n:
            raise ValueError(
                "unseen cards go by rank order (ace 1 to king 13), held cards "
                "and least pips by seat"
            )
        return self._lay(
            series, count, self.seat, passed, held, mine, unseen, min_pips, order, self.depth
        )

    # -- the recursion --

    def _add(self, value: Value, seat: int, points: float) -> Value:
        if not points:
            return value
        out = list(value)
        out[self.sides[seat]] += points
        return tuple(out)

    def _node(
        self,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        last: int,
        held: tuple[int, ...],
        mine: tuple[int, ...],
        unseen: Unseen,
        min_pips: tuple[int, ...],
        depth: int,
    ) -> Value:
        if depth <= 0:
            return self._leaf(series, count, turn, held, mine, unseen, min_pips)
        key = (series, count, turn, passed, last, held, mine, unseen, min_pips, depth)
        found = self._memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if turn == self.seat:
            fits = sorted({o for o in mine if count + _PIPS[o] <= MAX_COUNT})
            if not fits:
                value = self._go(
                    series, count, turn, passed, last, held, mine, unseen, min_pips, depth
                )
            else:
                options = [
                    self._lay(series, count, turn, passed, held, mine, unseen, min_pips, o, depth)
                    for o in fits
                ]
                value = max(options, key=lambda v: self.worth(v, turn))
        else:
            value = self._other(
                series, count, turn, passed, last, held, mine, unseen, min_pips, depth
            )
        self._memo[key] = value
        return value

    def _leaf(
        self,
        series: tuple[int, ...],
        count: int,
        turn: int,
        held: tuple[int, ...],
        mine: tuple[int, ...],
        unseen: Unseen,
        min_pips: tuple[int, ...],
    ) -> Value:
        """The seat to act's expected best immediate points."""
        last_card = held[turn] == 1 and sum(held) == 1
        if turn == self.seat:
            best = 0
            for o in mine:
                new_count = count + _PIPS[o]
                if new_count <= MAX_COUNT:
                    points = _peg_points((*series, o), new_count)
                    if last_card and new_count != MAX_COUNT:
                        points += 1
                    if points > best:
                        best = points
            return self._add(self._zero, turn, best)
        allowed = self._allowed(unseen, min_pips[turn], held[turn])
        reply = greedy_reply(series, count, allowed, held[turn], last_card=last_card)
        return self._add(self._zero, turn, reply)

    @staticmethod
    def _allowed(unseen: Unseen, least: int, holds: int) -> Unseen:
        """The unseen cards a seat whose cards have at least ``least`` pips can hold (all of
        them when too few are left for its hand: the goes were read too strictly)."""
        if least <= 1:
            return unseen
        allowed = tuple(n if _PIPS[o] >= least else 0 for o, n in enumerate(unseen))
        return allowed if sum(allowed) >= holds else unseen

    def _lay(
        self,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        held: tuple[int, ...],
        mine: tuple[int, ...],
        unseen: Unseen,
        min_pips: tuple[int, ...],
        order: int,
        depth: int,
    ) -> Value:
        new_series = (*series, order)
        new_count = count + _PIPS[order]
        points = _peg_points(new_series, new_count)
        after = (*held[:turn], held[turn] - 1, *held[turn + 1 :])
        if turn == self.seat:
            i = mine.index(order)
            mine = mine[:i] + mine[i + 1 :]
        else:
            unseen = (*unseen[:order], unseen[order] - 1, *unseen[order + 1 :])
        if new_count == MAX_COUNT or not any(after):
            if not any(after) and new_count != MAX_COUNT:
                points += 1  # the last card
            rest = self._new_series(turn, after, mine, unseen, min_pips, depth - 1)
        else:
            rest = self._advance(
                new_series, new_count, turn, passed, turn, after, mine, unseen, min_pips, depth - 1
            )
        return self._add(rest, turn, points)

    def _go(
        self,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        last: int,
        held: tuple[int, ...],
        mine: tuple[int, ...],
        unseen: Unseen,
        min_pips: tuple[int, ...],
        depth: int,
    ) -> Value:
        """``turn`` has no card that fits: a go, or the series' end when it laid last."""
        if turn == last:
            rest = self._new_series(last, held, mine, unseen, min_pips, depth - 1)
            return self._add(rest, last, 1)
        return self._advance(
            series, count, turn, passed | (1 << turn), last, held, mine, unseen, min_pips, depth - 1
        )

    def _advance(
        self,
        series: tuple[int, ...],
        count: int,
        current: int,
        passed: int,
        last: int,
        held: tuple[int, ...],
        mine: tuple[int, ...],
        unseen: Unseen,
        min_pips: tuple[int, ...],
        depth: int,
    ) -> Value:
        """The next seat round that has not said go and holds cards acts (the last to lay
        too: another seat there may find no card that fits, which the model weighs); when
        there is none, the go to the last to lay."""
        for step in range(1, self.n + 1):
            p = (current + step) % self.n
            if passed & (1 << p) or not held[p]:
                continue
            if p == self.seat and p == last and all(count + _PIPS[o] > MAX_COUNT for o in mine):
                break
            if depth <= 0:
                return self._leaf(series, count, p, held, mine, unseen, min_pips)
            return self._node(series, count, p, passed, last, held, mine, unseen, min_pips, depth)
        if last < 0:
            return self._new_series(current, held, mine, unseen, min_pips, depth)
        rest = self._new_series(last, held, mine, unseen, min_pips, depth)
        return self._add(rest, last, 1)

    def _new_series(
        self,
        last: int,
        held: tuple[int, ...],
        mine: tuple[int, ...],
        unseen: Unseen,
        min_pips: tuple[int, ...],
        depth: int,
    ) -> Value:
        for step in range(1, self.n + 1):
            p = (last + step) % self.n
            if held[p]:
                return self._node((), 0, p, 0, -1, held, mine, unseen, min_pips, depth)
        return self._zero

    def _replier(self, turn: int, passed: int, held: tuple[int, ...]) -> int:
        """The seat that acts after another seat ``turn`` lays a card that neither ends
        the play nor makes 31 (``held`` after it), or -1 when nobody can but ``turn``."""
        if not any(held):
            return -1
        for step in range(1, self.n):
            p = (turn + step) % self.n
            if held[p] and not passed & (1 << p):
                return p
        return -1

    def _other(
        self,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        last: int,
        held: tuple[int, ...],
        mine: tuple[int, ...],
        unseen: Unseen,
        min_pips: tuple[int, ...],
        depth: int,
    ) -> Value:
        """Another seat acts: it holds ``held[turn]`` unseen cards, any set as likely, and
        lays the rank it likes best of those it holds that fit; or it says go."""
        allowed = self._allowed(unseen, min_pips[turn], held[turn])
        n = sum(allowed)
        holds = min(held[turn], n)  # more than is unseen: the view was inconsistent
        if holds == 0:
            return self._go(series, count, turn, passed, last, held, mine, unseen, min_pips, depth)
        total = _COMB[n][holds]
        options = []
        after = (*held[:turn], held[turn] - 1, *held[turn + 1 :])
        # The last action looked at: what follows a lay is the next seat's leaf, the same
        # seat for every rank unless the rank makes 31 (worked out the long way).
        replier = self._replier(turn, passed, after) if depth == 1 else -1
        if replier == self.seat:  # this seat's best card answers: the quickest case
            last_card = after[replier] == 1 and sum(after) == 1
            mine_side = self.sides[replier]
            their_side = self.sides[turn]
        for order in _ORDERS:
            new_count = count + _PIPS[order]
            if not allowed[order] or new_count > MAX_COUNT:
                continue
            if replier == self.seat and new_count != MAX_COUNT:
                new_series = (*series, order)
                best = 0
                for o in mine:
                    answer = new_count + _PIPS[o]
                    if answer <= MAX_COUNT:
                        points = _peg_points((*new_series, o), answer)
                        if last_card and answer != MAX_COUNT:
                            points += 1
                        if points > best:
                            best = points
                figures = [0.0] * self.n_sides
                figures[their_side] += _peg_points(new_series, new_count)
                figures[mine_side] += best
                value = tuple(figures)
            elif replier < 0 or new_count == MAX_COUNT:
                value = self._lay(
                    series, count, turn, passed, held, mine, unseen, min_pips, order, depth
                )
            else:
                new_series = (*series, order)
                rest = self._leaf(
                    new_series,
                    new_count,
                    replier,
                    after,
                    mine,
                    (*unseen[:order], unseen[order] - 1, *unseen[order + 1 :]),
                    min_pips,
                )
                value = self._add(rest, turn, _peg_points(new_series, new_count))
            options.append((round(self.worth(value, turn), 9), order, value))
        # The best liked first; between equals (to a rounding), the higher rank.
        options.sort(key=lambda option: (-option[0], -option[1]))
        out = [0.0] * self.n_sides
        gone = 0
        before = 1.0  # the chance it holds none of the ranks it likes better
        for _, order, value in options:
            gone += allowed[order]
            none = _COMB[n - gone][holds] / total
            chance = before - none
            before = none
            for side in range(self.n_sides):
                out[side] += chance * value[side]
        if before > 1e-12:  # nothing fits: its cards have at least the pips the go shows
            least = (
                *min_pips[:turn],
                max(min_pips[turn], MAX_COUNT + 1 - count),
                *min_pips[turn + 1 :],
            )
            value = self._go(series, count, turn, passed, last, held, mine, unseen, least, depth)
            for side in range(self.n_sides):
                out[side] += before * value[side]
        return tuple(out)

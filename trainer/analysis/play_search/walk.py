"""The walk of the play (:class:`PlaySearch`): every line of the rest of the play from a
position, each seat laying the card best for its side, valued by a leaf.

It follows the engine's rules (:class:`~trainer.engine.Pegging`): turns go clockwise, a
seat out of cards is passed over, a seat with no card that fits says go, the go goes to
the last to lay when nobody can go on (a seat whose cards are not seen is asked, since it
may hold one that fits), 31 and the last card of the play. A seat whose cards are known
lays the card best for its own side (the lowest of equal ones); a seat whose cards are not
seen lays, by expectation, the rank it likes best of those it holds, every set of the
cards it could hold as likely, so the chance of each rank is a ratio of binomials: it
holds none of the ranks it likes better and at least one of that rank; or it says go when
none fits, and its cards have at least the pips that go shows from then on. Values are
figures by side; what a figure is worth to a seat is its side's less the mean of the
other sides' (:meth:`PlaySearch.worth`: at four a partnership's less the other's, at three
a player's less the mean of the other two).

Two sides whose hands are all known may be searched with alpha-beta pruning
(``prune=True``: no table of positions kept, and :attr:`PlaySearch.nodes` counts every
position visited), otherwise every position valued is kept for the search's life.

>>> from trainer.analysis.play_search.position import PlayState
>>> two = PlaySearch((0, 1), prune=True)
>>> two.after_lay(PlayState(((5,), (10,)), turn=0), 5)  # we lead the 5: 15 and last card to them
(0.0, 3.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.analysis.play_search.leaves import Leaf, points_leaf
from trainer.analysis.play_search.position import (
    COMB,
    HIDDEN,
    MAX_COUNT,
    ORDERS,
    PEGGED,
    PIPS,
    Hands,
    PlayState,
    State,
    Value,
    add_points,
    could_hold,
    next_to_act,
    peg,
    quick_peg,
)
from trainer.analysis.play_search.replies import WeighedReply

__all__ = ["PlaySearch"]

_INF = float("inf")


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
        best = self._best_lay(state, hand, depth, alpha, beta)
        if best is None:
            return self._go(state, state[8], depth, alpha, beta)
        return best

    def _best_lay(
        self, state: State, hand: tuple[int, ...], depth: int, alpha: float, beta: float
    ) -> Value | None:
        """:meth:`_minimax`'s card: the best of ``hand``'s cards that fit for the seat to
        act (side 0 maximises its worth, side 1 minimises it), the window narrowed by each
        and the rest cut once it closes; None when no card fits."""
        count = state[2]
        maximise = self.sides[state[3]] == 0
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
        allowed = could_hold(unseen, least[turn] if least else 1, len(hand))
        n = sum(allowed)
        holds = min(len(hand), n)  # more than is unseen: the view was inconsistent
        if holds == 0:
            return self._go(state, least, depth, -_INF, _INF)
        total = COMB[n][holds]
        options = self._liked(state, allowed, depth)
        out = [0.0] * self.n_sides
        gone = 0
        before = 1.0  # the chance it holds none of the ranks it likes better
        for _, order, value in options:
            gone += allowed[order]
            none = COMB[n - gone][holds] / total
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

    def _liked(
        self, state: State, allowed: tuple[int, ...], depth: int
    ) -> list[tuple[float, int, Value]]:
        """The ranks a seat whose cards are not seen could lay (of the ``allowed`` cards,
        those that fit), each with its worth to the seat's side (to a rounding) and its
        value, the best liked first (between equals, the higher)."""
        count, turn = state[2], state[3]
        options = []
        worth = self._worth
        side = self.sides[turn]
        last = self._last_looked_at(state, depth)
        for order in ORDERS:
            new_count = count + PIPS[order]
            if allowed[order] and new_count <= MAX_COUNT:
                if last is None or new_count == MAX_COUNT:
                    value = self._lay(state, order, depth, -_INF, _INF)
                else:
                    value = self._last_lay(state, order, last)
                options.append((round(worth(value, side), 9), order, value))
        if self.replying >> turn & 1:  # it likes what it sees, as the reply rule weighs
            assert self.replies is not None
            liked = self.replies.weigh(state, [order for _, order, _ in options])
            options.sort(key=lambda option: liked[option[1]], reverse=True)
        else:
            options.sort(key=lambda option: (-option[0], -option[1]))
        return options

    def _last_lay(self, state: State, order: int, last: tuple[Hands, int]) -> Value:
        """A hidden seat's card of ``order`` as the last action looked at (``last``: the
        hands after it and the seat to act then): as :meth:`_lay`, which would stop at the
        next seat."""
        _, series, count, turn, passed, _, _, unseen, least = state
        after, p = last
        series = (*series, order)
        new_count = count + PIPS[order]
        fewer = list(unseen)
        fewer[order] -= 1
        value = self.leaf.cutoff(
            (after, series, new_count, p, passed, turn, (), tuple(fewer), least)
        )
        points = quick_peg(series, new_count)
        if points:
            value = add_points(value, self.sides[turn], points)
        return value

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
        rest, unseen = _taken(hands[turn], order, i, unseen)
        after: Hands
        if self.n == 2:
            after = (rest, hands[1]) if turn == 0 else (hands[0], rest)
        else:
            changed = list(hands)
            changed[turn] = rest
            after = tuple(changed)
        series = (*series, order)
        count += PIPS[order]
        points = PEGGED.get(series)
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
        value = self._after_lay(
            (after, series, count, turn, passed, turn, needs, unseen, least),
            over,
            depth - self._step,
            alpha,
            beta,
        )
        if points and not needs:
            return add_points(value, self.sides[turn], points)
        return value

    def _after_lay(self, state: State, over: bool, depth: int, alpha: float, beta: float) -> Value:
        """What follows a card laid (``state``: the position after it, the seat that laid
        it still to act, and last to lay): the play's end when it was the last card
        (``over``), a new series after 31, else the next seat to act, or the go."""
        after, series, count, turn, passed, _, needs, unseen, least = state
        if over:
            return self.leaf.end(state)
        if count == MAX_COUNT:
            return self._new_series(
                (after, (), 0, turn, 0, turn, needs, unseen, least), depth, alpha, beta
            )
        p = turn + 1 if turn + 1 < self.n else 0  # the next seat, mostly
        if passed & (1 << p) or not after[p]:
            p = next_to_act(after, count, turn, passed, turn)
        if p < 0:
            return self._go_point(state, depth, alpha, beta)
        if depth <= 0:  # the search stops here
            return self.leaf.cutoff((after, series, count, p, passed, turn, needs, unseen, least))
        return self._visit(
            (after, series, count, p, passed, turn, needs, unseen, least), depth, alpha, beta
        )

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
        return add_points(self._new_series(state, depth, alpha, beta), side, 1)

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


def _taken(
    hand: tuple[int, ...], order: int, i: int, unseen: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``hand`` without its card of ``order`` (the ``i``-th, when known), and the unseen
    cards then: a hidden card is one of them."""
    if not hand[0]:  # a hidden card
        fewer = list(unseen)
        fewer[order] -= 1
        return hand[1:], tuple(fewer)
    if i < 0:
        i = hand.index(order)
    return hand[:i] + hand[i + 1 :], unseen

"""The walk of the play (trainer.analysis.play_search.walk), against the same search done
on copies of the engine's own Pegging: for points at two, three and four seats (to the
end and cut short), between two by alpha-beta (points, a race in points, the win table's
chance), and by expectation over the cards a seat cannot see (against every hand it
could hold); and what it refuses."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from tests.plays import SIDES, each_action, position_of, random_play
from trainer.analysis.play_search.leaves import ExpectedReply
from trainer.analysis.play_search.position import (
    HIDDEN,
    MAX_COUNT,
    PlayState,
    State,
    Value,
    could_hold,
    order_pips,
    unseen_counts,
)
from trainer.analysis.play_search.races import (
    TwoSideRace,
    WinChance,
)
from trainer.analysis.play_search.walk import PlaySearch
from trainer.analysis.tournament.variants import PointsRace
from trainer.engine import DECK, Pegging

# -- for points, every hand known --


def _engine_points(
    play: Pegging, sides: tuple[int, ...], search: PlaySearch, depth: int
) -> tuple[float, ...]:
    """Each seat's best line by trying every action on copies of the engine's Pegging."""
    n_sides = max(sides) + 1
    if play.is_over or depth == 0:
        return (0.0,) * n_sides
    turn = play.turn
    best: tuple[float, ...] | None = None
    for nxt, event in each_action(play):
        gained = [0.0] * n_sides
        for who, item in event.awards:
            gained[sides[who]] += item.points
        rest = _engine_points(nxt, sides, search, depth - 1)
        value = tuple(g + r for g, r in zip(gained, rest, strict=True))
        if best is None or search.worth(value, turn) > search.worth(best, turn):
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize(
    ("sides", "depth"),
    [((0, 1), 64), ((0, 1, 2), 64), ((0, 1, 0, 1), 64), ((0, 1, 2), 4), ((0, 1, 0, 1), 5)],
)
def test_the_search_for_points_agrees_with_the_engine(sides: tuple[int, ...], depth: int) -> None:
    rng = random.Random(len(sides) * 10 + depth)
    for _ in range(40):
        play = random_play(rng, len(sides))
        if play.is_over:
            continue
        search = PlaySearch(sides, depth=depth)
        expected = _engine_points(play, sides, search, depth)
        got = search.value(PlayState(*position_of(play)))
        assert search.worth(got, play.turn) == pytest.approx(search.worth(expected, play.turn)), (
            play.hands
        )


def test_pruned_between_two_it_is_the_search_that_keeps_every_position() -> None:
    rng = random.Random(8)
    for _ in range(80):
        play = random_play(rng, 2)
        if play.is_over:
            continue
        state = PlayState(*position_of(play))
        kept, pruned = PlaySearch((0, 1)), PlaySearch((0, 1), prune=True)
        assert kept.worth(kept.value(state), 0) == pruned.worth(pruned.value(state), 0)


# -- between two, pruned: points, a race in points, the chance to win --


def _engine_two(play: Pegging, leaf: TwoSideRace | None, needs: tuple[int, int]) -> float:
    """Side 0's minimax worth by trying every legal action on copies of the engine's
    Pegging: the points pegged, or the race's figure."""
    if play.is_over:
        if leaf is None:
            return float(needs[1] - needs[0])  # needs count down from 0: points pegged
        return leaf.settle(*needs)
    results = []
    for nxt, event in each_action(play):
        left = list(needs)
        outcome: float | None = None
        for who, item in event.awards:
            left[who] -= item.points
            if leaf is not None and left[who] <= 0:
                outcome = leaf.home(who)[0]
                break
        if outcome is None:
            outcome = _engine_two(nxt, leaf, (left[0], left[1]))
        results.append(outcome)
    return max(results) if play.turn == 0 else min(results)


@pytest.mark.parametrize("kind", ["points", "race in points", "chance"])
def test_pruned_between_two_it_agrees_with_the_engine(kind: str) -> None:
    rng = random.Random(kind)
    chances = np.random.default_rng(3).random((20, 20))
    for _ in range(60):
        n_mine, n_theirs = rng.randrange(1, 4), rng.randrange(0, 4)
        cards = rng.sample(DECK, n_mine + n_theirs)
        mine, theirs = cards[:n_mine], cards[n_mine:]
        leader = rng.randrange(2) if theirs else 0
        play = Pegging([list(mine), list(theirs)], leader=leader)
        args = (
            rng.randrange(1, 12),
            rng.randrange(1, 12),
            rng.randrange(0, 12),
            rng.randrange(0, 12),
            rng.random() < 0.5,
        )
        leaf: TwoSideRace | None = None
        if kind == "race in points":
            leaf = PointsRace(*args)
        elif kind == "chance":
            leaf = WinChance(*args, chances)
        needs = (args[0], args[1]) if leaf is not None else (0, 0)
        expected = _engine_two(play, leaf, needs)
        hands, *_ = position_of(play)
        state = PlayState(hands, turn=play.turn, needs=needs if leaf is not None else ())
        got = PlaySearch((0, 1), leaf, prune=True).value(state)
        assert got[0] - got[1] == pytest.approx(expected), (mine, theirs, leader)


class _EveryHand(PlaySearch):
    """The same walk, each hidden seat's turn worked out over every set of cards it could
    hold (one by one, the way the model says they are drawn)."""

    def _chance(self, state: State, hand: tuple[int, ...], depth: int) -> Value:
        _, _, count, turn, _, _, _, unseen, least = state
        allowed = could_hold(unseen, least[turn], len(hand))
        cards = [order for order in range(1, 14) for _ in range(allowed[order])]
        holds = min(len(hand), len(cards))
        inf = float("inf")
        values: dict[int, Value] = {}
        for order in set(cards):
            if count + order_pips(order) <= MAX_COUNT:
                values[order] = self._lay(state, order, depth, -inf, inf)
        liked = sorted(values, key=lambda o: (-round(self.worth(values[o], turn), 9), -o))
        raised = list(least)
        raised[turn] = max(raised[turn], MAX_COUNT + 1 - count)
        go = self._go(state, tuple(raised), depth, -inf, inf)
        total = [0.0] * self.n_sides
        hands = 0
        for held in combinations(range(len(cards)), holds):
            held_ranks = {cards[i] for i in held}
            choice = next((o for o in liked if o in held_ranks), None)
            value = go if choice is None else values[choice]
            for side in range(self.n_sides):
                total[side] += value[side]
            hands += 1
        return tuple(t / hands for t in total)


@pytest.mark.parametrize(("seats", "depth"), [(2, 3), (3, 2), (3, 3), (4, 2), (4, 3)])
def test_each_rank_is_laid_as_often_as_every_hand_says(seats: int, depth: int) -> None:
    rng = random.Random(seats * 10 + depth)
    sides = SIDES[seats]
    checked = 0
    while checked < 25:
        cards = rng.sample(DECK, 4 + 11)
        me = rng.randrange(seats)
        held = tuple(rng.randint(1, 3) for _ in range(seats))
        mine = tuple(sorted(c.order for c in cards[: held[me]]))
        unseen = unseen_counts([c.order for c in cards[4:]])  # eleven cards, as few as can be
        count = rng.choice([0, 0, 5, 12, 21, 26])
        fits = sorted({o for o in mine if count + order_pips(o) <= MAX_COUNT})
        if not fits:
            continue
        least = tuple(rng.choice([1, 1, 1, 6]) for _ in range(seats))
        hands = tuple(mine if s == me else (HIDDEN,) * held[s] for s in range(seats))
        series = (10,) * (count // 10) + ((count % 10,) if count % 10 else ())
        last = (me - 1) % seats if count else -1
        state = PlayState(hands, series, count, me, 0, last, (), unseen, least)
        for order in fits:
            exact = PlaySearch(sides, ExpectedReply(sides), depth=depth).after_lay(state, order)
            every = _EveryHand(sides, ExpectedReply(sides), depth=depth).after_lay(state, order)
            assert exact == pytest.approx(every, abs=1e-9), state
        checked += 1


def test_a_card_that_cannot_be_laid_is_refused() -> None:
    look = PlaySearch((0, 1, 2), ExpectedReply((0, 1, 2)), depth=4)
    unseen = unseen_counts([c.order for c in DECK[:30]])
    state = PlayState(((3, 12), (0, 0, 0, 0), (0, 0, 0, 0)), (10, 10, 5), 25, 0, 0, 2, (), unseen)
    with pytest.raises(ValueError, match="rank 12 cannot be laid"):
        look.after_lay(state, 12)
    with pytest.raises(ValueError, match="rank 4 cannot be laid"):
        look.after_lay(state, 4)
    with pytest.raises(ValueError, match="by rank order"):
        look.after_lay(state._replace(unseen=unseen[:13]), 3)
    with pytest.raises(ValueError, match="at least the card laid"):
        PlaySearch((0, 1, 2), depth=0)
    with pytest.raises(ValueError, match="3 hands at a table of 2"):
        PlaySearch((0, 1)).value(state)
    with pytest.raises(ValueError, match="does not count 24"):
        look.after_lay(state._replace(running=24), 3)

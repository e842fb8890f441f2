"""The position of the play on ranks (trainer.analysis.play_search.position): the points a
card pegs there, quick or kept, against the pegging analysis on random series; the next
seat to act against the engine's own Pegging."""

from __future__ import annotations

import random

from tests.plays import position_of, random_play
from trainer.analysis.pegging import peg_points
from trainer.analysis.play_search.position import (
    MAX_COUNT,
    add_points,
    could_hold,
    next_to_act,
    order_pips,
    peg,
    quick_peg,
    unseen_counts,
)


def _series(rng: random.Random) -> tuple[tuple[int, ...], int]:
    """A series of up to eight ranks (four of each at most) within 31, often with pairs
    and runs."""
    series: list[int] = []
    count = 0
    for _ in range(rng.randrange(1, 9)):
        order = rng.choice(
            [rng.randrange(1, 14), *series[-2:]] if series else [rng.randrange(1, 14)]
        )
        if rng.random() < 0.4 and series:
            order = min(13, max(1, series[-1] + rng.choice((-1, 1))))
        if count + order_pips(order) > MAX_COUNT or series.count(order) == 4:
            break
        series.append(order)
        count += order_pips(order)
    return tuple(series), count


def test_quick_and_kept_points_are_the_pegging_analysis() -> None:
    rng = random.Random(5)
    scored = 0
    for _ in range(3000):
        series, count = _series(rng)
        expected = peg_points(series, count)
        assert quick_peg(series, count) == expected, series
        assert peg(series, count) == expected, series
        scored += expected > 0
    assert scored > 500


def test_the_next_to_act_is_the_engines_turn() -> None:
    rng = random.Random(6)
    checked = 0
    for _ in range(3000):
        play = random_play(rng, rng.choice((2, 3, 4)))
        if play.is_over or play.playable():
            continue
        hands, _series, count, turn, passed, last = position_of(play)
        if last < 0 or turn == last:
            continue  # nobody laid, or the seat laid last: the go ends the series at once
        # The seat to act has no card that fits: it says go, and the turn passes on, or
        # nobody can go on and the go is the last to lay's.
        event = play.go()
        got = next_to_act(hands, count, turn, passed | 1 << turn, last)
        assert got == (-1 if event.series_over else play.turn), (hands, count, turn, last)
        checked += 1
    assert checked > 30


def test_hidden_hands_hold_what_their_goes_allow() -> None:
    unseen = unseen_counts([1, 2, 5, 10, 13, 13])
    assert could_hold(unseen, 5, 2) == unseen_counts([5, 10, 13, 13])
    assert could_hold(unseen, 11, 2) == unseen  # no card has 11 pips: the goes read too much
    assert add_points((1.0, 2.0, 3.0), 1, 2) == (1.0, 4.0, 3.0)

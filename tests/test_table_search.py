"""The play searched at a table of two, three or four (trainer.analysis.table_search),
against the same search done on copies of the engine's own Pegging."""

from __future__ import annotations

import random

import pytest

from tests.plays import each_action, position_of, random_play
from trainer.analysis.table_search import TableSearch
from trainer.engine import Pegging


def _engine_value(
    play: Pegging, sides: tuple[int, ...], search: TableSearch, depth: int
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
        rest = _engine_value(nxt, sides, search, depth - 1)
        value = tuple(g + r for g, r in zip(gained, rest, strict=True))
        if best is None or search.worth(value, turn) > search.worth(best, turn):
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize(
    ("sides", "depth"),
    [((0, 1), 64), ((0, 1, 2), 64), ((0, 1, 0, 1), 64), ((0, 1, 2), 4), ((0, 1, 0, 1), 5)],
)
def test_the_search_agrees_with_the_engine(sides: tuple[int, ...], depth: int) -> None:
    rng = random.Random(len(sides) * 10 + depth)
    for _ in range(40):
        play = random_play(rng, len(sides))
        if play.is_over:
            continue
        search = TableSearch(sides, depth=depth)
        expected = _engine_value(play, sides, search, depth)
        got = search.value(*position_of(play))
        assert search.worth(got, play.turn) == pytest.approx(search.worth(expected, play.turn)), (
            play.hands
        )

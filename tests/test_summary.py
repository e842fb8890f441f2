"""The results of a game (trainer.engine.summary): the skunk lines of each game's length
(the summary of a whole game is tested with the game, in ``tests/test_game.py``)."""

from __future__ import annotations

import pytest

from trainer.engine.events import parse_event
from trainer.engine.settings import Settings, SettingsError
from trainer.engine.summary import pegged, skunk, summarize

#: Ten pair royals for the first seat (60 points), then a fifteen and a run of three (5).
PAIR_ROYAL = "lay seat=0 card=4S count=14 awards=0:pair/4H-4C-4S/6"
FIFTEEN_RUN = "lay seat=0 card=5C count=15 awards=0:fifteen/6S-4C-5C/2,0:run/6S-4C-5C/3"


@pytest.mark.parametrize(
    ("winner", "loser", "target", "expected"),
    [
        (121, 91, 121, 0),
        (121, 90, 121, 1),
        (121, 61, 121, 1),
        (121, 60, 121, 2),
        (121, 0, 121, 2),
        (123, 120, 121, 0),
        (61, 31, 61, 0),
        (61, 30, 61, 1),
        (61, 0, 61, 1),
        (120, 10, 121, 0),  # nobody has won yet
    ],
)
def test_skunk_thresholds(winner: int, loser: int, target: int, expected: int) -> None:
    assert skunk(winner, loser, target) == expected


def test_skunk_needs_a_known_game_length() -> None:
    with pytest.raises(SettingsError, match="no skunk rule"):
        skunk(100, 10, target=100)


def test_the_points_that_win_are_pegged_only_to_the_game_hole() -> None:
    assert [pegged(5, score, 61) for score in (50, 56, 59, 60, 61)] == [5, 5, 2, 1, 0]
    events = [parse_event(PAIR_ROYAL)] * 10 + [parse_event(FIFTEEN_RUN)]
    summary = summarize(events, Settings(target=61))
    assert summary.seats[0].play == 61 and summary.scores == (61, 0)
    assert summary.winner == 0 and summary.skunk == 1
    assert summarize(events, Settings(target=121)).scores == (65, 0)  # not won yet

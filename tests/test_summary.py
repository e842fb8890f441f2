"""The results of a game (trainer.engine.summary): the skunk lines of each game's length
(the summary of a whole game is tested with the game, in ``tests/test_game.py``)."""

from __future__ import annotations

import pytest

from trainer.engine.settings import SettingsError
from trainer.engine.summary import skunk


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

"""How a game is played (trainer.engine.settings): the settings checked, and their
notation read back to equal settings, with a message for each bad line."""

from __future__ import annotations

import pytest

import trainer.engine as engine
from trainer.engine.notation import NotationError
from trainer.engine.settings import Settings, SettingsError
from trainer.engine.vocab import Counting


def test_settings_notation_round_trips_and_repr_pastes() -> None:
    for target in (61, 121):
        for skunks in (True, False):
            for counting in Counting:
                s = Settings(target, skunks, counting)
                assert Settings.parse(s.notation()) == s
                assert eval(repr(s), vars(engine)) == s
    assert Settings(counting="muggins").muggins  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"target": 100}, "121 points, or 61"),
        ({"skunks": "yes"}, "skunks are on"),
        ({"counting": "by hand"}, "'automatic', 'muggins' or 'aloud'"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("target=100", "121 points"),
        ("skunks=maybe", "'on' or 'off'"),
        ("counting=fast", "automatic"),
        ("length=5", "no 'length'"),
        ("target", "key=value"),
        ("target=61 target=121", "twice"),
    ],
)
def test_bad_settings_notation(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Settings.parse(text)

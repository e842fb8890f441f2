"""The player's table settings, kept with the player (:func:`trainer.ui.session.preferences`):
how the show is counted out, the sounds, and the win meter beside the board."""

from __future__ import annotations

from trainer.training.table import Table
from trainer.ui import session, sounds
from trainer.ui.winbar import METER_KEY, meter_on

__all__ = ["SHOW_KEY", "SOUNDS", "meter_shown", "set_preference", "show_all", "sound_setting"]

#: The player's setting for the show: ``"steps"`` ("Next" for each combination, the
#: default) or ``"all"`` (the whole hand at once, its combinations lit in turn).
SHOW_KEY = "show"
#: The sounds' component on the page (its key: Streamlit keeps what the browser says there).
SOUNDS = "play_sounds"


def meter_shown(table: Table) -> bool:
    """The win meter is drawn beside the board (the player's setting, or the default)."""
    return meter_on(session.preferences().get(METER_KEY), learning=table.learning)


def show_all() -> bool:
    """A hand in the show is counted out at once, its combinations lit in turn."""
    return session.preferences().get(SHOW_KEY) == "all"


def sound_setting() -> bool | None:
    """The player's sounds: on, off, or not chosen (None)."""
    return sounds.sound_on(session.preferences().get(sounds.SOUND_KEY))


def set_preference(key: str, value: str) -> None:
    """Keep one of the table's settings for the player."""
    session.set_preference(key, value)

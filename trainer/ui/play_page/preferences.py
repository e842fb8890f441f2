"""The player's table settings, kept with the player (:func:`trainer.ui.session.preferences`):
how the show is counted out, the sounds, and the win meter beside the board."""

from __future__ import annotations

from trainer.training.records import Preferences
from trainer.training.table import Table
from trainer.ui import session
from trainer.ui.winbar import meter_on

__all__ = ["SOUNDS", "keep_preferences", "meter_shown", "show_all", "sound_setting"]

#: The sounds' component on the page (its key: Streamlit keeps what the browser says there).
SOUNDS = "play_sounds"


def meter_shown(table: Table) -> bool:
    """The win meter is drawn beside the board (the player's setting, or the default)."""
    return meter_on(session.preferences().meter, learning=table.learning)


def show_all() -> bool:
    """A hand in the show is counted out at once, its combinations lit in turn (not chosen:
    "Next" for each combination)."""
    return session.preferences().show_all is True


def sound_setting() -> bool | None:
    """The player's sounds: on, off, or not chosen (None)."""
    return session.preferences().sound


def keep_preferences(changes: Preferences) -> None:
    """Keep the table's settings ``changes`` chooses for the player."""
    session.choose_preferences(changes)

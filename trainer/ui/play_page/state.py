"""The Play page's one typed object in the session (:class:`~trainer.ui.play_saves.PlayState`),
the game on the page, whoever plays when the progress file cannot be used, and the player's
table settings, kept with the player (:func:`trainer.ui.session.preferences`): how the show
is counted out, the sounds, and the win meter beside the board."""

from __future__ import annotations

from datetime import UTC, datetime

from trainer.training.records import Preferences, Profile
from trainer.training.table import Table
from trainer.ui import session
from trainer.ui.page_state import kept
from trainer.ui.play_saves import PlayGame, PlayState
from trainer.ui.winbar import meter_on

__all__ = [
    "NOBODY",
    "SOUNDS",
    "STATE_KEY",
    "capital",
    "keep_preferences",
    "meter_shown",
    "page_game",
    "page_table",
    "play_state",
    "show_all",
    "sound_setting",
]

#: Where the page keeps its :class:`~trainer.ui.play_saves.PlayState` in the session state.
STATE_KEY = "_play_page"

#: Who plays when the progress file cannot be used at all (nothing is saved for anyone).
NOBODY = Profile(0, "", datetime(1970, 1, 1, tzinfo=UTC))


def play_state() -> PlayState:
    """The Play page's state in this session."""
    return kept(STATE_KEY, PlayState)


def page_game() -> PlayGame | None:
    """The game on the page (None: there is none)."""
    return play_state().game


def page_table() -> Table | None:
    """The table of the game on the page (None: there is no game)."""
    game = page_game()
    return game.table if game is not None else None


def capital(text: str) -> str:
    """``text`` with its first letter a capital (and the rest as it was: ``5♥``, ``J♠``)."""
    return text[:1].upper() + text[1:]


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

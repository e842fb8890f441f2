"""The Play page's one typed object in the session (:class:`~trainer.ui.play_saves.PlayState`),
the game on the page, and whoever plays when the progress file cannot be used."""

from __future__ import annotations

from datetime import UTC, datetime

from trainer.training.records import Profile
from trainer.training.table import Table
from trainer.ui.page_state import kept
from trainer.ui.play_saves import PlayGame, PlayState

__all__ = ["NOBODY", "STATE_KEY", "capital", "page_game", "page_table", "play_state"]

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

"""The list of the player's unfinished games: resume one, or resign it (asking first)."""

from __future__ import annotations

import streamlit as st

from trainer.progress.store import SavedGame
from trainer.training.records import Profile
from trainer.training.table import level_name
from trainer.ui import actions, play_saves
from trainer.ui.play_page.state import play_state

__all__ = ["resume", "unfinished"]


def resume(profile: Profile, game_id: str) -> None:
    """The game ``game_id`` of the player's, opened on the page."""
    state = play_state()
    game = play_saves.load(profile, game_id)
    if game is None:
        state.note = "That game could not be opened: it is no longer among your saved games."
        return
    state.game = game


def _resign_listed(profile: Profile, row: SavedGame) -> None:
    state = play_state()
    problem = play_saves.resign(profile, row)
    state.cancel()
    state.note = (
        f"The game was not resigned: {problem}" if problem else "Resigned: it counts as a loss."
    )


def unfinished(profile: Profile) -> None:
    """The player's games still being played: resume one, or resign it."""
    rows = play_saves.unfinished(profile)
    if not rows:
        return
    state = play_state()
    st.subheader("Unfinished games")
    for row in rows:
        level = level_name(row.level)
        with st.container(border=True, key=f"play_unfinished_{row.game_id}"):
            st.markdown(
                f"**{level} computer, to {row.target}**: you {row.my_score}, "
                f"the computer {row.their_score}"
                + (" · read from a record" if row.imported else "")
            )
            if state.confirm == row.game_id:
                st.warning("Resign this game? It counts as a loss.")
                with st.container(horizontal=True):
                    actions.button(
                        "Resign the game",
                        key=f"play_resign_yes_{row.game_id}",
                        on_click=_resign_listed,
                        args=(profile, row),
                    )
                    actions.button(
                        "Keep it", key=f"play_resign_no_{row.game_id}", on_click=state.cancel
                    )
                continue
            with st.container(horizontal=True):
                actions.button(
                    "Resume",
                    key=f"play_resume_{row.game_id}",
                    type="primary",
                    on_click=resume,
                    args=(profile, row.game_id),
                )
                actions.button(
                    "Resign",
                    key=f"play_resign_{row.game_id}",
                    on_click=state.ask_resign,
                    args=(row.game_id,),
                )

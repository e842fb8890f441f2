"""The list of the player's unfinished games: resume one, or resign it (asking first); and
the games of people on this device kept under another of its players, to resume."""

from __future__ import annotations

import streamlit as st

from trainer.progress.store import SavedGame
from trainer.training.records import Profile
from trainer.training.table import Person, PlaySetup, level_name
from trainer.ui import actions, play_saves
from trainer.ui.game_list import people_at
from trainer.ui.play_page.state import play_state
from trainer.ui.profiles import plain

__all__ = ["resume", "unfinished"]


def resume(profile: Profile, game_id: str) -> None:
    """The game ``game_id`` kept under ``profile`` (the player's own, or a game of people
    on this device kept under one who sits at it), opened on the page."""
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


def _line(row: SavedGame) -> str:
    """A game in the list, with its score: ``**Easy computer, to 121**: you 40, the
    computer 52``, or at a table of people ``**Sam and Jo, to 61**: Sam 40, Jo 52``."""
    people = people_at(row.settings)
    if people is None:
        return (
            f"**{level_name(row.level)} computer, to {row.target}**: you {row.my_score}, "
            f"the computer {row.their_score}" + (" · read from a record" if row.imported else "")
        )
    setup = PlaySetup.parse(row.settings)  # (it read: people_at read it)
    players = setup.seat_players
    kept = players[setup.kept_for]
    mine = plain(kept.name) if isinstance(kept, Person) else "you"
    if len(players) == 2:
        other = players[1 - setup.kept_for]
        theirs = plain(other.name) if isinstance(other, Person) else "the computer"
        scores = f"{mine} {row.my_score}, {theirs} {row.their_score}"
    else:
        scores = f"{mine} {row.my_score}, the best of the others {row.their_score}"
    return f"**{plain(people)}, to {row.target}**: {scores}" + (
        " · read from a record" if row.imported else ""
    )


def unfinished(profile: Profile) -> None:
    """The player's games still being played: resume one, or resign it; then the games of
    people on this device kept under another player (resumed whether or not the player
    sits at the table: a parent who set up a game for two children, say)."""
    rows = play_saves.unfinished(profile)
    others = play_saves.device_tables(profile)
    if not rows and not others:
        return
    state = play_state()
    st.subheader("Unfinished games")
    for row in rows:
        with st.container(border=True, key=f"play_unfinished_{row.game_id}"):
            st.markdown(_line(row))
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
                _resume_button(profile, row)
                actions.button(
                    "Resign",
                    key=f"play_resign_{row.game_id}",
                    on_click=state.ask_resign,
                    args=(row.game_id,),
                )
    for keeper, row in others:  # kept under one who sits at it: resumed here, never resigned
        with st.container(border=True, key=f"play_unfinished_{row.game_id}"):
            st.markdown(_line(row) + " · on this device")
            _resume_button(keeper, row)


def _resume_button(keeper: Profile, row: SavedGame) -> None:
    """ "Resume": the game ``row``, kept under ``keeper``, opened on the page."""
    actions.button(
        "Resume",
        key=f"play_resume_{row.game_id}",
        type="primary",
        on_click=resume,
        args=(keeper, row.game_id),
    )

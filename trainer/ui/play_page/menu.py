"""The game menu: save the record, the table's switches (sounds, the show's pace, the win
meter), pause the game, or start a new one (asking first: keep this one, or resign it)."""

from __future__ import annotations

import functools

import streamlit as st

from trainer.training.records import Preferences
from trainer.training.table import export_text
from trainer.ui import actions, play_saves, sounds
from trainer.ui.play_page.layout import scores_said
from trainer.ui.play_page.state import (
    SOUNDS,
    keep_preferences,
    meter_shown,
    page_table,
    play_state,
    show_all,
    sound_setting,
)
from trainer.ui.play_saves import Saved

__all__ = ["menu"]


def _keep_for_later() -> None:
    """Leave the game on the page for later: it stays among the unfinished games."""
    state = play_state()
    game = state.game
    if (
        game is not None
        and game.unsaved is not None
        and not isinstance(play_saves.save(game), Saved)
    ):
        state.note = "The game could not be saved, so it stays on the page."
        state.cancel()
        return
    state.leave()


def _resign_here() -> None:
    state = play_state()
    game = state.game
    if game is None:
        return
    problem = play_saves.resign_page_game(game)
    state.cancel()
    if problem:
        state.note = f"The game was not resigned: {problem}."
        return
    state.game = None
    state.note = "You resigned that game: it counts as a loss."


def _switches() -> None:
    """The table's settings, kept for the player: the sounds, how the show is counted, and
    the win meter beside the board."""
    current = sound_setting()
    heard = current if current is not None else not sounds.reduced_motion(SOUNDS)
    # keyed by what it shows: when the browser says it asks for reduced motion (after the
    # switch was first drawn), the switch is drawn again, off
    sound = st.toggle("Sounds", value=heard, key=f"play_sound_switch_{'on' if heard else 'off'}")
    if sound != heard:
        keep_preferences(Preferences(sound=sound))
    at_once = st.toggle(
        "Count each hand at once",
        value=show_all(),
        key="play_show_switch",
        help="The combinations light up one by one by themselves; off: “Next” for each.",
    )
    if at_once != show_all():
        keep_preferences(Preferences(show_all=at_once))
        st.rerun()  # the show on the table is drawn the new way
    table = page_table()
    if table is not None and table.has_win_meter:
        shown = meter_shown(table)
        meter = st.toggle(
            "Chance to win",
            value=shown,
            key="play_meter_switch",
            help="Each side's chance to win the game from here, beside the board.",
        )
        if meter != shown:
            keep_preferences(Preferences(meter=meter))
            st.rerun()  # the board is drawn with or without it


def menu() -> None:
    """The game menu: save the record, the table's settings, pause the game or start a new
    one (asking first). Part of the table's fragment, not a fragment of its own: a fragment
    inside another is forgotten by Streamlit whenever a run of the outer one ends before
    reaching it (a step that runs the whole page), and a tap on it that comes in before the
    next run has drawn it again is dropped unseen (the switch moved, the meter stayed). A
    switch here runs the table again, which never goes while the table is on the page."""
    state = play_state()
    game = state.game
    if game is None:  # left from this menu (kept for later, or resigned): the whole page
        st.rerun()
    table = game.table
    over = table.game.is_over
    asking = state.confirm == "new" and not over
    with st.expander("Game menu", expanded=asking):
        st.download_button(
            "Save the game record" if over else "Save the record so far (what you have seen)",
            functools.partial(export_text, table),  # made when pressed, not on every run
            file_name="cribbage-game.txt",
            mime="text/plain",
            on_click="ignore",
            key="play_export",
        )
        _switches()
        if over:
            return
        if not asking:
            with st.container(horizontal=True):
                actions.button("Start a new game", key="play_new", on_click=state.ask_new)
                actions.button(
                    "Pause: keep it for later",
                    key="play_pause",
                    on_click=_keep_for_later,
                    help="The game waits among your unfinished games, as it is now.",
                )
            return
        st.warning(
            f"Leave this game ({scores_said(table)}, deal {table.game.deal_no})? "
            "Keep it to come back to it from the list of unfinished games, or resign it "
            "(a resigned game counts as a loss)."
        )
        with st.container(horizontal=True):
            actions.button(
                "Keep it for later", key="play_new_keep", type="primary", on_click=_keep_for_later
            )
            actions.button("Resign it", key="play_new_resign", on_click=_resign_here)
            actions.button("Go back to the game", key="play_new_cancel", on_click=state.cancel)

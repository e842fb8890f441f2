"""Pass-and-play on one device: before each person's turn the page shows only "Pass to
Sam", and the table (Sam's hand, throw and coach) is drawn once Sam taps that only they
are looking. A hand being shown in the show is everyone's, so it needs no pass; the next
turn after it asks again."""

from __future__ import annotations

import streamlit as st

from trainer.training.table import Need, Table
from trainer.ui import actions
from trainer.ui.play_page.layout import scores_said
from trainer.ui.play_page.state import play_state

__all__ = ["pass_screen", "shared"]


def shared(table: Table) -> bool:
    """More than one person plays at this table, on this device (a table of one person's
    seat, in a game across devices, is that device's alone)."""
    return len(table.people) > 1 and table.own is None


def _take(seat: int) -> None:
    """The person in ``seat`` has the device, and only they are looking."""
    play_state().handed = seat


def pass_screen(table: Table) -> bool:
    """At a table of people, "Pass to Sam" until Sam taps (True: the screen is drawn, and
    nothing else of the table may be)."""
    if not shared(table):
        return False
    state = play_state()
    if table.need() in (Need.REVEAL, Need.OVER):
        state.handed = None  # the show is everyone's: the next turn is passed again
        return False
    if state.handed == table.seat:
        return False
    name = table.names.who(table.seat)
    with st.container(key="play_pass"):
        st.markdown(f"### Pass to {name}")
        st.markdown(
            f"It is {name}'s turn. Hand the device to {name}: the next screen shows {name}'s cards."
        )
        st.caption(f"The score: {scores_said(table)}.")
        actions.button(
            f"Tap when only {name} is looking",
            type="primary",
            key="play_pass_take",
            on_click=_take,
            args=(table.seat,),
            icon=":material/visibility:",
        )
    return True

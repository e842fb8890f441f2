"""While the server restarts, Streamlit's own box says "Connection error" and asks whether
the internet is connected, which alarms a player for nothing: this puts the trainer's words
in that box (the browser half is ``assets/restart_notice.js``). The Play page draws it, where a
game is in play; the words say the game is saved, which it is after every move.
"""

from __future__ import annotations

import streamlit as st

from trainer.ui import assets

__all__ = ["TEXT", "TITLE", "show"]

TITLE = "The trainer is restarting"
TEXT = (
    "Your game is saved, up to your last move. This page carries on by itself as soon as the "
    "trainer is back, in a moment: there is nothing to do."
)

_component = st.components.v2.component("restart_notice", js=assets.text("restart_notice.js"))


def show(key: str = "restart_notice") -> None:
    """Watch, in this page, for the box Streamlit shows while the server is away."""
    _component(key=key, data={"title": TITLE, "text": TEXT}, height=0)

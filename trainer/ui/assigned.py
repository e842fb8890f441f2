"""The practice sets a player's teachers gave their groups (club mode), on Home: each opens
Practice with that set, dealt alike for everyone in the group."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from trainer.progress.figures import drill_label
from trainer.progress.store import StoreError
from trainer.ui import session

_PRACTICE = str(Path(__file__).resolve().parent / "views" / "practice.py")


def show() -> None:
    """Sets from the player's teachers, newest first (nothing outside club mode)."""
    if not session.club_mode():
        return
    store = session.current_store()
    me = session.current_profile()
    if store is None or me is None:
        return
    try:
        given = store.assignments_for(me.id)
    except StoreError:
        return
    if not given:
        return
    st.subheader("From your teacher")
    for set_ in given:
        st.page_link(
            _PRACTICE,
            label=(
                f"{set_.group_name}: {drill_label(set_.drill)} · {set_.tier} · "
                f"{set_.length} questions"
            ),
            icon=":material/assignment:",
            query_params={
                "drill": set_.drill,
                "tier": set_.tier,
                "seed": str(set_.seed),
                "length": str(set_.length),
            },
        )

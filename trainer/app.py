"""The Streamlit entry point: ``streamlit run trainer/app.py``.

It only sets the page up and routes to the pages in ``trainer/ui/views``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

# Let ``streamlit run trainer/app.py`` work from a plain checkout as well as an install.
_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from trainer.ui import profiles, widgets  # noqa: E402  (importable once the path above is set)

widgets.share_the_interpreter()

st.set_page_config(page_title="Cribbage trainer", page_icon="🃏", layout="centered")

_VIEWS = Path(__file__).resolve().parent / "ui" / "views"

pages = {
    "": [
        st.Page(_VIEWS / "home.py", title="Home", icon=":material/home:", default=True),
    ],
    "Learn and practise": [
        st.Page(_VIEWS / "play.py", title="Play", icon=":material/playing_cards:", url_path="play"),
        st.Page(_VIEWS / "learn.py", title="Learn", icon=":material/school:", url_path="learn"),
        st.Page(
            _VIEWS / "practice.py",
            title="Practice",
            icon=":material/fitness_center:",
            url_path="practice",
        ),
        st.Page(
            _VIEWS / "progress.py",
            title="Progress",
            icon=":material/insights:",
            url_path="progress",
        ),
        st.Page(
            _VIEWS / "review.py",
            title="Game review",
            icon=":material/rate_review:",
            url_path="review",
        ),
    ],
    "Tools": [
        st.Page(
            _VIEWS / "check.py", title="Check a hand", icon=":material/calculate:", url_path="check"
        ),
    ],
}

page = st.navigation(pages)

profiles.sidebar()  # the picker, on every page
# Who is practising, at the top of every page (on a phone the sidebar is hidden). Pages that
# record answers or show a player's progress wait until this browser has chosen a player.
_NEEDS_PLAYER = {"learn", "practice", "progress", "play", "review"}
try:
    waits = page.url_path in _NEEDS_PLAYER  # its title stands above the question, if asked
    if profiles.banner(page.title if waits else None) or not waits:
        page.run()
finally:  # after the page, so the first visitor's page does not wait on it
    widgets.warm_up()  # the content, tables and chart libraries, loaded in the background once
    widgets.freeze_once()

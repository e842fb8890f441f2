"""The Streamlit entry point: ``streamlit run trainer/app.py``.

It only sets the page up and routes to the pages in ``trainer/ui/views``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import streamlit as st

# Let ``streamlit run trainer/app.py`` work from a plain checkout as well as an install.
_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from trainer.ui import (  # noqa: E402  (path set)
    after_run,
    assets,
    keeper,
    navigation,
    profiles,
    reconnect,
    session,
    unsaved,
    warmup,
)

warmup.share_the_interpreter()
reconnect.install()

st.set_page_config(page_title="Cribbage trainer", page_icon="🃏", layout="centered")

_VIEWS = Path(__file__).resolve().parent / "ui" / "views"

pages: dict[str, list[Any]] = {
    "": [
        st.Page(_VIEWS / "home.py", title="Home", icon=":material/home:", default=True),
    ],
    "Learn and practise": [
        st.Page(_VIEWS / "play.py", title="Play", icon=":material/playing_cards:", url_path="play"),
        st.Page(_VIEWS / "learn.py", title="Learn", icon=":material/school:", url_path="learn"),
        st.Page(
            _VIEWS / "today.py", title="Today's review", icon=":material/replay:", url_path="today"
        ),
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
        st.Page(
            _VIEWS / "chart.py", title="Scoring chart", icon=":material/print:", url_path="chart"
        ),
        st.Page(
            _VIEWS / "glossary.py",
            title="Glossary",
            icon=":material/menu_book:",
            url_path="glossary",
        ),
    ],
}

club = session.club_mode()
if club:  # players sign in; the keeper (drawn below) says which token the browser keeps
    # Always there in club mode (so a teacher's bookmark opens it on a new session, before
    # the browser has said who is signed in), but listed only for a teacher; the page
    # itself shows nothing to anyone else.
    teaching = session.current_role() == "teacher"
    pages.setdefault("Teaching" if teaching else "", []).append(
        st.Page(
            _VIEWS / "teacher.py",
            title="My groups",
            icon=":material/groups:",
            url_path="teacher",
            visibility="visible" if teaching else "hidden",
        )
    )

page = st.navigation(pages, position="hidden")  # listed by navigation.sidebar_links
st.html(f"<style>{assets.text('app.css')}</style>")  # every page: readable captions
navigation.sidebar_links(pages)
if club:
    keeper.sync()  # after the navigation: an element drawn before it sends the page Home

profiles.sidebar()  # the picker (or, in club mode, who is signed in), on every page
unsaved.watch()  # answers the store could not take yet: tried again until it does
# Who is practising, at the top of every page (on a phone the sidebar is hidden). Pages that
# record answers or show a player's progress wait until this browser has chosen a player.
_NEEDS_PLAYER = {"learn", "today", "practice", "progress", "play", "review", "teacher"}
after_run.begin()  # what a page starts for later waits until its run has ended (below)
try:
    waits = page.url_path in _NEEDS_PLAYER  # its title stands above the question, if asked
    if club and waits and not session.heard_from_browser():
        st.caption("One moment: checking who is signed in on this browser…")  # a blink
    elif profiles.banner(page.title if waits else None) or not waits:
        page.run()
        unsaved.follow()  # a save that failed as the page was drawn: said at the top
finally:  # after the page, so the first visitor's page does not wait on it
    after_run.end()  # the background work the page asked for (its games' reviews, ahead)
    warmup.warm_up()  # the content, tables and chart libraries, loaded in the background once
    warmup.freeze_once()

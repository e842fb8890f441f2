"""What this page holds that the store could not take yet, said at the top of every page,
tried again in the background until it is stored, and guarded in the browser.

An answer (or a lesson place) the store cannot take at once is kept in the session for the
player who gave it (:mod:`trainer.ui.session.answers`). A set's last answer has no next
answer to bring it along, so a fragment at the top of the page (:func:`watch`, Streamlit's
``st.fragment(run_every=…)``) tries again every :data:`RETRY_SECONDS` seconds until the
store takes it, then says so; meanwhile the browser asks before the page is closed or left
(``assets/unsaved_guard.js``), since closing it would lose what waits. An answer given in a
fragment of a page (a Practice question, a count at the table) runs that fragment alone,
not the top of the page: the fragment then calls :func:`follow`, which draws the page again
when something waits that the top does not show yet.
"""

from __future__ import annotations

import streamlit as st

from trainer.ui import assets, session
from trainer.ui.profiles import plain

__all__ = ["GUARD_KEY", "RETRY_SECONDS", "follow", "watch"]

#: How often what waits is tried again, in seconds.
RETRY_SECONDS = 3.0
#: The browser guard's key (its data: how many wait).
GUARD_KEY = "unsaved_guard"

_guard = st.components.v2.component("unsaved_guard", js=assets.text("unsaved_guard.js"))


def _many(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _what(waiting: session.Waiting) -> str:
    parts = []
    if waiting.answers:
        parts.append(_many(waiting.answers, "answer"))
    if waiting.lessons:
        parts.append(_many(waiting.lessons, "lesson place"))
    if not parts and waiting.reviews:  # otherwise each goes with its answer
        parts.append("When your questions come back to review is")
    return " and ".join(parts)


def _say(waiting: session.Waiting) -> None:
    if waiting.total:
        why = f": {waiting.problem}" if waiting.problem else ""
        kept = (
            "It is kept on this page and saved by itself as soon as the progress store takes it"
            if waiting.answers + waiting.lessons <= 1
            else "They are kept on this page and saved by themselves as soon as the progress "
            "store takes them"
        )
        st.warning(
            plain(
                f"{_what(waiting)} not saved yet{why}. {kept}: keep this page open until it says so."
            ),
            icon=":material/cloud_off:",
        )
    elif waiting.saved_late:
        st.success(
            f"Saved: the {_many(waiting.saved_late, 'answer')} that waited "
            f"{'is' if waiting.saved_late == 1 else 'are'} stored now.",
            icon=":material/cloud_done:",
        )
    # the browser asks before closing while anything waits; the number is what the page
    # names (a review goes with its answer, and is counted alone only when nothing else waits)
    named = waiting.answers + waiting.lessons or waiting.reviews
    _guard(key=GUARD_KEY, data={"waiting": named}, height=0)


@st.fragment(run_every=RETRY_SECONDS)
def _retrying() -> None:
    _say(session.retry_saving())


def watch() -> None:
    """At the top of the page: while anything waits to be saved, the fragment that tries
    it again, and says when it is stored (until the page is next drawn in full)."""
    waiting = session.waiting()
    session.watching(bool(waiting.total))
    if waiting.total:
        _retrying()
    elif waiting.saved_late:
        session.said_saved()  # the fragment said it


def follow() -> None:
    """After a part of the page that saves answers (a fragment, or the page itself): when
    something waits and the page does not show it yet, the whole page is drawn again, so
    that :func:`watch` says it and starts trying again."""
    if session.waiting().total and not session.watching():
        st.rerun(scope="app")

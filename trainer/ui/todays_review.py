"""Today's review: what the player has due, said on Home with the one button that starts a
review set, and the set's state in the session (the page starts and draws it:
``views/today.py``).

What is due is worked out at the app's clock (:mod:`trainer.ui.clock`) by
:func:`trainer.training.scheduling.due_today`, leaving out a card that cannot be asked any
more (a lesson's question or a drill's tier taken out of the course).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import streamlit as st

from trainer.training.scheduling import (
    CardKey,
    DueToday,
    LessonCard,
    Scheduled,
    day_of,
    drill_pace,
    due_today,
    lesson_question,
)
from trainer.ui import clock, session
from trainer.ui.loaded import course, drill_catalog
from trainer.ui.page_state import kept

if TYPE_CHECKING:  # what the review page keeps; Home, which imports this, needs none of it
    from trainer.training.learn import Feedback
    from trainer.training.scheduling.review_set import ReviewSet
    from trainer.training.sets import PracticeSet

__all__ = [
    "TODAY_PAGE",
    "ReviewPage",
    "due_now",
    "home_block",
    "next_words",
    "review_page",
]

#: The page a review set is worked through on.
TODAY_PAGE = str(Path(__file__).resolve().parent / "views" / "today.py")
#: Where that page keeps its :class:`ReviewPage` in the session state.
STATE_KEY = "_todays_review"


@dataclass(slots=True)
class ReviewPage:
    """What the review page keeps between runs: the set, the current lesson question's
    feedback, the current practice area's question, what to say once, and whether Home
    asked for a set to start."""

    run: ReviewSet | None = None
    feedback: Feedback | None = None
    practice: PracticeSet | None = None
    problem: str | None = None
    unsaved: str | None = None
    start_asked: bool = False


def review_page() -> ReviewPage:
    return kept(STATE_KEY, ReviewPage)


def _askable(key: CardKey) -> bool:
    if isinstance(key, LessonCard):
        return lesson_question(course(), key) is not None
    return drill_pace(drill_catalog(), key.drill, key.tier) is not None


def due_now(cards: list[Scheduled]) -> DueToday:
    """What of ``cards`` is due today, at the app's clock."""
    return due_today(cards, clock.now(), askable=_askable)


def next_words(due: DueToday) -> str:
    """When the next review comes, once nothing is due: ``The next is tomorrow (2 to
    review).``"""
    if due.next_day is None:
        return ""
    today = day_of(clock.now())
    if due.next_day == today + timedelta(days=1):
        when = "tomorrow"
    elif due.next_day < today + timedelta(days=7):
        when = f"on {due.next_day:%A}"
    else:
        when = f"on {_date_words(due.next_day)}"
    return f"The next is {when} ({due.next_count} to review)."


def _date_words(day: date) -> str:
    return f"{day.day} {day:%B}"


def home_block() -> None:
    """Home's word on what is due today, with the button that starts the set (nothing for a
    player who has answered nothing yet, or when nobody is chosen)."""
    cards = session.review_cards()
    if not cards:
        return
    due = due_now(cards)
    with st.container(border=True, key="home_review"):
        if not due.cards:
            st.markdown(f"**{due.words()}** {next_words(due)}")
            return
        st.markdown(f"**{due.words()}**")
        st.caption(
            "What you learnt comes back after a few days, and what you missed sooner: a "
            "little each day keeps it all fresh."
        )
        if st.button(
            "Start my review", key="home_review_start", type="primary", icon=":material/replay:"
        ):
            st.session_state[STATE_KEY] = ReviewPage(start_asked=True)  # nothing from before
            st.switch_page(TODAY_PAGE)

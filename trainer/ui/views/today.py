"""Today's review: what the scheduler brought back today, asked once each and recorded like
any answer. A lesson's question is asked as the Learn page asks it (one try, then the whole
explanation); a practice area deals one fresh question of its drill and tier and asks it as
the Practice page does.

The set's state machine is :class:`trainer.training.scheduling.ReviewSet`; what is due and
the page's state are :mod:`trainer.ui.todays_review`'s; this page only draws them.
"""

from __future__ import annotations

import time
import zlib

import streamlit as st

from trainer.content.catalog import DrillCatalog
from trainer.content.lessons import Check, Course
from trainer.training.learn import AnswerProblem, drill_for
from trainer.training.questions import GenerationError
from trainer.training.scheduling import (
    DrillCard,
    DueToday,
    LessonCard,
    lesson_pace,
    lesson_question,
)
from trainer.training.scheduling.review_set import ReviewSet, answer_lesson, drill_run
from trainer.training.sets import new_seed
from trainer.ui import actions, lesson_check, session
from trainer.ui.asking import ask
from trainer.ui.drawing import show_metric
from trainer.ui.loaded import course as loaded_course
from trainer.ui.loaded import drill_catalog
from trainer.ui.profiles import require_player
from trainer.ui.todays_review import STATE_KEY, ReviewPage, due_now, next_words, review_page

HOME_PAGE = "ui/views/home.py"
LEARN_PAGE = "ui/views/learn.py"
PRACTICE_PAGE = "ui/views/practice.py"


def _start(due: DueToday) -> None:
    """A review set of what is due (nothing kept from a set before)."""
    st.session_state[STATE_KEY] = ReviewPage(run=ReviewSet.of(due))


def _next(run: ReviewSet) -> None:
    if run.phase != "feedback":  # a second press from a page not yet redrawn
        return
    run.next()
    page = review_page()
    page.feedback = page.practice = None


def _next_button(run: ReviewSet) -> None:
    actions.button(
        "See how you did" if run.is_last else "Next question",
        type="primary",
        key="today_next",
        shortcut="Enter",
        on_click=_next,
        args=(run,),
    )


# --- a lesson's question ---------------------------------------------------------------------


def _answer_lesson(run: ReviewSet, card: LessonCard, check: Check, key: str) -> None:
    """Grade the answer (in the button's callback, so the same run draws the feedback),
    record it for the player who gave it, and review its card."""
    page = review_page()
    if run.phase != "question" or run.current != card:
        return
    raw = st.session_state.get(key)
    try:
        got = answer_lesson(
            check,
            None if raw is None else str(raw),
            seconds=run.seconds(time.monotonic()),
            pace=lesson_pace(drill_catalog(), drill_for(check)),
        )
    except AnswerProblem as problem:
        page.problem = str(problem)
        return
    page.problem = None
    if got.attempt is not None:
        try:
            session.record_attempt(got.attempt, key=run.answer_key)
        except session.AnsweredElsewhereError as err:
            page.unsaved = str(err)
        except ValueError as err:
            page.unsaved = f"This answer could not be saved: {err}"
    session.review(card, got.rating)
    page.feedback = got.feedback
    run.answered(got.feedback.correct)


def _lesson_question(run: ReviewSet, card: LessonCard, course: Course) -> None:
    # new cards of the question's kind, the same on every rerun of this place in the set
    check = lesson_question(course, card, fresh=zlib.crc32(run.answer_key.encode()))
    if check is None:  # taken out of the course since: nothing to ask
        run.skip()
        st.rerun()
    page = review_page()
    st.caption(f"From lesson {course.number(card.lesson)}: {course.title(card.lesson)}")
    run.start_clock(time.monotonic())
    lesson_check.show_question(check)
    if run.phase == "question":
        key = f"today_answer_{run.set_id}_{run.index}"
        with st.form(f"today_form_{run.set_id}_{run.index}", border=True):
            lesson_check.answer_box(check, key)
            actions.submit(
                "Check my answer",
                marker=f"today_submit_{key}",
                key="today_submit",
                type="primary",
                on_click=_answer_lesson,
                args=(run, card, check, key),
            )
        if page.problem:
            st.warning(page.problem, icon=":material/warning:")
        return
    _said_unsaved(page)
    if page.feedback is not None:
        lesson_check.show_feedback(page.feedback)
    _next_button(run)


# --- a practice area: one fresh question of its drill and tier ------------------------------------


def _drill_question(run: ReviewSet, card: DrillCard, catalog: DrillCatalog) -> None:
    page = review_page()
    if page.practice is None:
        page.practice = drill_run(card, new_seed(), run.index)
    practice = page.practice
    try:
        question = practice.question(catalog)
        drill, tier = catalog.tier(card.drill, card.tier)
    except (GenerationError, KeyError):  # its tier is gone, or deals nothing: not asked
        page.practice = None
        run.skip()
        st.rerun()
    st.caption(f"{drill.title} · {tier.title}")
    grade = ask(practice, catalog, question)  # saved and reviewed as it is graded
    if grade is None:
        return
    if run.phase == "question":
        run.answered(grade.correct)
    _next_button(run)


def _said_unsaved(page: ReviewPage) -> None:
    said, page.unsaved = page.unsaved, None
    if said:
        st.warning(said, icon=":material/warning:")


# --- the page ----------------------------------------------------------------------------------


def _nothing_running() -> None:
    """No set under way: what is due, and the button that starts it."""
    cards = session.review_cards()
    if cards is None:
        st.warning(
            session.store_problem() or "Your review cannot be read just now.",
            icon=":material/warning:",
        )
        st.stop()
    if not cards:
        st.info(
            "Nothing to review yet. Questions you answer in the lessons and the drills come "
            "back here on later days, so that you keep what you learnt.",
            icon=":material/school:",
        )
        st.page_link(LEARN_PAGE, label="Start the lessons", icon=":material/school:")
        st.page_link(PRACTICE_PAGE, label="Practise counting", icon=":material/fitness_center:")
        st.stop()
    due = due_now(cards)
    if not due.cards:
        st.success(f"{due.words()} {next_words(due)}", icon=":material/celebration:")
        st.page_link(HOME_PAGE, label="Back to Home", icon=":material/home:")
        st.stop()
    st.markdown(f"**{due.words()}**")
    if st.button("Start my review", key="today_start", type="primary", icon=":material/replay:"):
        _start(due)
        st.rerun()
    st.stop()


def _done(run: ReviewSet) -> None:
    right, asked = sum(run.right), len(run.right)
    st.subheader("Review done")
    show_metric("Right", f"{right} of {asked}")
    if asked and right == asked:
        st.success("Every one right. Well remembered!", icon=":material/celebration:")
    elif asked:
        st.info(
            "What you missed comes back tomorrow, so you can try it again.",
            icon=":material/replay:",
        )
    cards = session.review_cards() or []
    due = due_now(cards)
    if due.cards:
        st.markdown(f"**Still to review today: {due.words()}**")
        if st.button("Review more", key="today_more", type="primary"):
            _start(due)
            st.rerun()
    else:
        st.markdown(f"Nothing more to review today. {next_words(due)}")
    st.page_link(HOME_PAGE, label="Back to Home", icon=":material/home:")


require_player()  # answers and reviews are saved for the player chosen
st.title("Today's review")
page = review_page()
if page.start_asked:  # Home's button: the set of what is due now
    asked = due_now(session.review_cards() or [])
    if asked.cards:
        _start(asked)
    page = review_page()
    page.start_asked = False
run = page.run
if run is None:
    _nothing_running()
    st.stop()
if run.phase == "done":
    _done(run)
    st.stop()
st.progress(run.index / len(run.cards), text=f"Question {run.index + 1} of {len(run.cards)}")
current = run.current
if isinstance(current, LessonCard):
    _lesson_question(run, current, loaded_course())
else:
    _drill_question(run, current, drill_catalog())
st.divider()
if st.button("Stop for today", type="tertiary", key="today_stop"):
    page.run = None
    st.rerun()

"""What asking a question on the Practice page takes, the same for every kind: an
:class:`Asker`, and what all of them share (the page's :class:`PracticeState`, saving a
grade, saying why an answer could not be graded or saved)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import streamlit as st

from trainer.content.catalog import DrillCatalog
from trainer.engine import Card
from trainer.training.grading import Grade, Graded, InputProblem, answer_box
from trainer.training.questions import Dealt, Question
from trainer.training.sets import PracticeSet
from trainer.ui import actions, assets, session
from trainer.ui.cardpick import CardPicker
from trainer.ui.page_state import kept

#: Where the Practice page keeps its :class:`PracticeState` in the session state.
STATE_KEY = "_practice_page"


@dataclass(slots=True)
class PracticeState:
    """What the Practice page keeps between runs (its widgets' values stay under their keys)."""

    #: The set being practised (None: the page offers a choice of sets).
    run: PracticeSet | None = None
    #: The address last acted on, so a rerun does not start its set again.
    handled: tuple[tuple[str, Any], ...] | None = None
    #: Why the last answer could not be graded, or saved (said once, on the next run).
    problem: str | None = None
    unsaved: str | None = None
    #: The question answered in another tab or window before this one's answer: the page
    #: shows the refusal alone (this answer was not kept, so neither is its verdict).
    refused: str | None = None
    #: The question whose claims kept in a draft were read back after a reload.
    restored: str | None = None


def practice_state() -> PracticeState:
    """The Practice page's state in this session."""
    return kept(STATE_KEY, PracticeState)


class Asker(Protocol):
    """One kind of question, asked on the Practice page. In a run of the page: the cards to
    tap (if any) are made and their taps taken first (so what is drawn shows their result),
    then the question is drawn, then either the answer's widgets or the grade."""

    def picker(self, run: PracticeSet, catalog: DrillCatalog, question: Dealt) -> CardPicker | None:
        """The tappable cards that answer the question (None: answered otherwise)."""
        ...

    def take(self, run: PracticeSet, catalog: DrillCatalog, picker: CardPicker) -> None:
        """Act on the taps sent since the last run (grading, once the answer is complete)."""
        ...

    def show(self, question: Dealt, *, cards: bool, chosen: Sequence[Card]) -> None:
        """The question; ``cards`` draws the cards (not when the tappable ones stand in for
        them), with the ``chosen`` cards of an answered question lit."""
        ...

    def answer(
        self, run: PracticeSet, catalog: DrillCatalog, question: Dealt, picker: CardPicker | None
    ) -> None:
        """The widgets that take the answer (the tappable cards, a box, choices)."""
        ...

    def feedback(self, grade: Graded) -> None:
        """The grade, and everything that explains it."""
        ...


def record(run: PracticeSet, grade: Graded) -> None:
    """Save a graded answer (from an answer's callback, or before the page is drawn for
    taps), and review its practice area for the schedule; a refusal is shown on the page
    that follows."""
    attempt = grade.attempt()
    try:
        session.record_attempt(attempt, key=run.key)
    except session.AnsweredElsewhereError as err:
        practice_state().unsaved = str(err)
        practice_state().refused = run.key
    except ValueError as err:  # a record the store refuses: say so, keep practising
        practice_state().unsaved = f"This answer could not be saved: {err}"
    else:
        session.review_practice(attempt)


def problem() -> None:
    """Say why the last answer could not be graded (set by a callback), once."""
    state = practice_state()
    said, state.problem = state.problem, None
    if said:
        st.error(said, icon=":material/error:")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def headline(grade: Graded) -> None:
    """Right, nearly (every combination found, claims wrong), or wrong."""
    if grade.correct:
        st.success(grade.headline, icon=":material/check_circle:")
    elif getattr(grade, "mode", "") == "claim" and not getattr(grade, "missed", ()):
        st.warning(grade.headline, icon=":material/warning:")
    else:
        st.error(grade.headline, icon=":material/cancel:")


def focus_answer_box() -> None:
    """Put the cursor in the answer box, so the whole set can be played from the keyboard."""
    st.html(f"<script>{assets.text('focus_answer.js')}</script>", unsafe_allow_javascript=True)


def _submit_total(run: PracticeSet, catalog: DrillCatalog, key: str) -> None:
    if run.phase != "question":  # a second press from a page not yet redrawn
        return
    try:
        grade = run.answer_quick(catalog, st.session_state.get(key), now=time.monotonic())
    except InputProblem as err:
        practice_state().problem = str(err)
    else:
        record(run, grade)


def ask_total(run: PracticeSet, catalog: DrillCatalog, question: Question) -> None:
    """A box for the total (Enter checks it). The answer is graded in the button's callback,
    which Streamlit runs before the page: the same run then draws the explanation."""
    key = f"practice_total_{run.index}"
    with st.form(f"practice_answer_{run.index}", border=False):
        st.text_input(answer_box(question), key=key, placeholder="Type a number, then press Enter")
        actions.submit(
            "Check",
            marker=f"practice_check_{run.set_id}_{run.index}",
            type="primary",
            on_click=_submit_total,
            args=(run, catalog, key),
        )
    problem()
    focus_answer_box()


def notes(grade: Grade) -> None:
    """The headline, then the grade's notes."""
    headline(grade)
    for note in grade.notes:
        st.markdown(note)

"""How the Practice page (and Today's review) asks each kind of question: one module a kind,
each an :class:`~trainer.ui.asking.base.Asker` that draws the question, takes the answer
(typed, tapped or chosen) and draws the grade. A page calls :func:`ask` and never looks at a
question's kind, so a new kind of question is a new module here, not a change there.

===========  ==========================================================================
``base``     what an asker does, and what every one shares (saving the grade, problems)
``hand``     a hand or a crib to count: a typed total, or each combination claimed
``pile``     what the last card of a pile pegs: a typed total
``series``   a series that has ended: who pegs, what for, and who leads next
``throw``    which two do you throw? (two of six cards tapped)
``lay``      what would you play? (one card tapped)
===========  ==========================================================================
"""

from __future__ import annotations

import time

import streamlit as st

from trainer.content.catalog import DrillCatalog
from trainer.training.grading import AdviceGrade, Graded
from trainer.training.questions import (
    Dealt,
    DiscardQuestion,
    GoQuestion,
    PegQuestion,
    PlayQuestion,
    ShowQuestion,
)
from trainer.training.sets import PracticeSet
from trainer.ui import session
from trainer.ui.asking import hand, lay, pile, series, throw
from trainer.ui.asking.base import Asker, practice_state

__all__ = ["Asker", "ask", "asker_for"]

_ASKERS: dict[type, Asker] = {
    ShowQuestion: hand.ASKER,
    PegQuestion: pile.ASKER,
    GoQuestion: series.ASKER,
    DiscardQuestion: throw.ASKER,
    PlayQuestion: lay.ASKER,
}


def asker_for(question: Dealt) -> Asker:
    """How to ask ``question`` (a :class:`KeyError` names a kind no asker knows)."""
    try:
        return _ASKERS[type(question)]
    except KeyError:
        raise KeyError(f"no way to ask a {type(question).__name__} on the Practice page") from None


def ask(run: PracticeSet, catalog: DrillCatalog, question: Dealt) -> Graded | None:
    """The set's current question on the page, asked by its own asker: the taps sent since
    the last run taken first (so what is drawn shows what they did), the question, then the
    answer's widgets or, once it is answered, why the answer was not saved (if it was not)
    and the grade explained. Returns the grade once the question is answered."""
    asker = asker_for(question)
    picker = asker.picker(run, catalog, question) if run.phase == "question" else None
    if picker is not None:
        asker.take(run, catalog, picker)
    grade = run.last_grade if run.phase != "question" else None
    asker.show(
        question,
        cards=picker is None or grade is not None,
        chosen=grade.chosen if isinstance(grade, AdviceGrade) else (),
    )
    if grade is None:
        run.start_clock(time.monotonic())
        asker.answer(run, catalog, question, picker)
        return None
    state = practice_state()
    unsaved, state.unsaved = state.unsaved, None
    if state.refused == run.key:  # answered elsewhere first: the refusal, not a verdict
        st.warning(unsaved or session.ANSWERED_ELSEWHERE)
        return grade
    if unsaved:
        st.warning(unsaved)
    asker.feedback(grade)
    return grade

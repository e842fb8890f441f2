"""Asking "Which two do you throw?": the six cards tapped, two of them thrown; the grade is
the coach's, with the table of throws, best first."""

from __future__ import annotations

import time
from collections.abc import Sequence

import streamlit as st

from trainer.content.catalog import DrillCatalog
from trainer.engine import Card
from trainer.training.coach import ThrowLine
from trainer.training.grading import AdviceGrade, Graded, InputProblem
from trainer.training.questions import Dealt, DiscardQuestion
from trainer.training.sets import PracticeSet
from trainer.ui.asking.base import cap, headline, record
from trainer.ui.cardpick import CardPicker, PickMode
from trainer.ui.drawing import show_cards

#: Rows of the table of throws shown at once; the rest are one click away.
THROWS_SHOWN = 5


def _row(line: ThrowLine, mine: bool) -> str:
    """A row of the table of throws as markdown, in bold when it is the throw chosen (its
    number escaped: a list would number the lines again)."""
    text = line.line().replace(". ", "\\. ", 1)
    return f"**{text}** (yours)" if mine else text


def take_choice(run: PracticeSet, catalog: DrillCatalog, picker: CardPicker) -> None:
    """Grade the throw or the card laid sent since the last run (before anything is drawn);
    a choice that cannot be graded (the wrong number of cards, say) is answered beside the
    cards, and the question stays open."""
    for event in picker.take():
        if run.phase != "question":
            break
        try:
            if event.action == "pick":
                grade = run.answer_throw(catalog, event.cards, now=time.monotonic())
            else:
                grade = run.answer_lay(catalog, event.cards, now=time.monotonic())
        except InputProblem as err:
            picker.reply(cap(err.message))
        else:
            picker.forget()
            record(run, grade)


class _Throw:
    def picker(self, run: PracticeSet, catalog: DrillCatalog, question: Dealt) -> CardPicker | None:
        assert isinstance(question, DiscardQuestion)
        return CardPicker(f"practice_throw_{run.set_id}_{run.index}", PickMode.PICK, question.six)

    def take(self, run: PracticeSet, catalog: DrillCatalog, picker: CardPicker) -> None:
        take_choice(run, catalog, picker)

    def show(self, question: Dealt, *, cards: bool, chosen: Sequence[Card]) -> None:
        assert isinstance(question, DiscardQuestion)
        st.markdown(f"#### {question.prompt()}")
        if question.dealer:
            st.markdown(
                "You are the **dealer**: the crib is yours, so what you throw scores for you."
            )
        else:
            st.markdown(
                "You are the **pone**: the crib is the dealer's, so what you throw scores for them."
            )
        if cards:
            show_cards(question.six, highlight=chosen, max_width=480)

    def answer(
        self, run: PracticeSet, catalog: DrillCatalog, question: Dealt, picker: CardPicker | None
    ) -> None:
        assert picker is not None
        picker.show(
            need=2,
            confirm="Throw these",
            prompt="Tap the two cards you would throw to the crib, then Throw these.",
            label="Your six cards",
        )

    def feedback(self, grade: Graded) -> None:
        assert isinstance(grade, AdviceGrade) and isinstance(grade.question, DiscardQuestion)
        headline(grade)
        coach = grade.coach
        table = [_row(line, n == coach.chosen) for n, line in enumerate(coach.throws)]
        st.markdown("  \n".join(coach.reasons))
        st.markdown("##### The throws, best first")
        st.caption(
            "Points a deal, on average over every starter: what the four you keep score, "
            + (
                "plus what your crib scores."
                if grade.question.dealer
                else "minus what the dealer's crib scores."
            )
        )
        mine = [table[coach.chosen]] if coach.chosen >= THROWS_SHOWN else []
        st.markdown("  \n".join(table[:THROWS_SHOWN] + mine))
        if len(table) > THROWS_SHOWN:
            with st.expander(f"All {len(table)} throws"):
                st.markdown("  \n".join(table))


ASKER = _Throw()

"""Asking what the last card of a pile pegs: the count before it, the pile, and a typed
total; the grade lights the cards that scored."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from trainer.content.catalog import DrillCatalog
from trainer.engine import Card
from trainer.training.explain import card_line
from trainer.training.grading import Grade, Graded
from trainer.training.questions import Dealt, PegQuestion
from trainer.training.sets import PracticeSet
from trainer.ui.asking.base import ask_total, notes
from trainer.ui.cardpick import CardPicker
from trainer.ui.drawing import show_pile


class _Pile:
    def picker(self, run: PracticeSet, catalog: DrillCatalog, question: Dealt) -> CardPicker | None:
        return None

    def take(self, run: PracticeSet, catalog: DrillCatalog, picker: CardPicker) -> None:
        return None

    def show(self, question: Dealt, *, cards: bool, chosen: Sequence[Card]) -> None:
        assert isinstance(question, PegQuestion)
        last = question.pile[-1]
        st.markdown(f"#### What does the {last.label} peg?")
        if question.show_count == "after":
            st.markdown(
                f"The {last.label} was laid last, making the count **{question.score.count}**."
            )
        else:
            st.markdown(
                f"The count was **{question.count_before}** before the {last.label} was laid."
            )
        show_pile(question.pile)
        st.caption(
            "The cards of this series in the order they were laid: the last is on the right."
        )

    def answer(
        self, run: PracticeSet, catalog: DrillCatalog, question: Dealt, picker: CardPicker | None
    ) -> None:
        assert isinstance(question, PegQuestion)
        ask_total(run, catalog, question)

    def feedback(self, grade: Graded) -> None:
        assert isinstance(grade, Grade) and isinstance(grade.question, PegQuestion)
        notes(grade)
        question = grade.question
        lit = {card for item in question.score.items for card in item.cards}
        st.markdown(card_line(question.pile[-1], question.score.count, question.score.items))
        if lit:
            show_pile(question.pile, highlight=lit)


ASKER = _Pile()

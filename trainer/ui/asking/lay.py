"""Asking "What would you play?": the play so far, the hand tapped, one card laid (a card
that would pass 31 greyed out, with the reason); the grade is the coach's, every card that
could be laid valued, best first."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from trainer.content.catalog import DrillCatalog
from trainer.engine import Card, label_cards
from trainer.training.grading import AdviceGrade, Graded
from trainer.training.questions import Dealt, PlayQuestion
from trainer.training.questions.coached import option_line
from trainer.training.sets import PracticeSet
from trainer.ui.asking.base import headline
from trainer.ui.asking.throw import take_choice
from trainer.ui.cardpick import CardPicker, PickMode, Slot
from trainer.ui.drawing import show_cards, show_pile


class _Lay:
    def picker(self, run: PracticeSet, catalog: DrillCatalog, question: Dealt) -> CardPicker | None:
        assert isinstance(question, PlayQuestion)
        fits = {option.card for option in question.options}
        slots = [
            Slot(card)
            if card in fits
            else Slot(card, off=f"it would make the count {question.count + card.pips}, past 31")
            for card in question.hand
        ]
        return CardPicker(f"practice_lay_{run.set_id}_{run.index}", PickMode.LAY, slots)

    def take(self, run: PracticeSet, catalog: DrillCatalog, picker: CardPicker) -> None:
        take_choice(run, catalog, picker)

    def show(self, question: Dealt, *, cards: bool, chosen: Sequence[Card]) -> None:
        assert isinstance(question, PlayQuestion)
        st.markdown(f"#### {question.prompt()}")
        if question.pile:
            show_pile(question.pile)
            st.caption(
                "The cards of this series in the order they were laid: the last is on the right."
            )
        facts = [f"The starter is the **{question.starter.label}**."]
        for who, laid in (
            ("You have", question.mine_played),
            ("Your opponent has", question.theirs_played),
        ):
            if laid:
                facts.append(f"{who} laid {label_cards(laid)} so far.")
        st.markdown(" ".join(facts))
        if cards:
            st.markdown("**Your hand**")
            show_cards(
                question.hand, highlight=chosen, max_width=min(110 * len(question.hand), 440)
            )

    def answer(
        self, run: PracticeSet, catalog: DrillCatalog, question: Dealt, picker: CardPicker | None
    ) -> None:
        assert picker is not None
        picker.show(prompt="Tap the card you would lay.", label="Your hand")

    def feedback(self, grade: Graded) -> None:
        assert isinstance(grade, AdviceGrade)
        headline(grade)
        coach = grade.coach
        st.markdown("##### Every card you could lay, best first")
        st.caption(
            "Net: what the card pegs now, minus what your opponent can peg back with their "
            "best reply, on average."
        )
        best = coach.options[0] if coach.options else None
        st.markdown(
            "\n".join(
                f"- {option_line(option, best=option is best, chosen=n == coach.chosen)}"
                for n, option in enumerate(coach.options)
            )
        )


ASKER = _Lay()

"""Asking about a series of the play that has ended: who pegs, what for, and who leads next
(three choices); the grade tells the series step by step."""

from __future__ import annotations

import time
from collections.abc import Sequence

import streamlit as st

from trainer.content.catalog import DrillCatalog
from trainer.engine import Card
from trainer.engine.vocab import Seat
from trainer.training.grading import GO_CHOICES, Grade, Graded, InputProblem, go_explanation
from trainer.training.questions import Dealt, GoQuestion
from trainer.training.seats import DRILL_NAMES, DRILL_SHORT_NAMES
from trainer.training.sets import PracticeSet
from trainer.ui import actions
from trainer.ui.asking.base import notes, practice_state, problem, record
from trainer.ui.cardpick import CardPicker
from trainer.ui.drawing import show_cards, show_series

#: The answers to "who leads next?": label and player (None: nobody, the play is over).
LEADERS: dict[str, tuple[str, Seat | None]] = {
    "you": (DRILL_NAMES[0], 0),
    "opponent": (DRILL_NAMES[1], 1),
    "nobody": ("Nobody: the play is over", None),
}


def _verb(player: Seat, verb: str) -> str:
    return verb if player == 0 else verb + "s"


def _submit(run: PracticeSet, catalog: DrillCatalog) -> None:
    if run.phase != "question":
        return
    state = st.session_state
    leader = state.get(f"practice_go_leader_{run.index}")
    try:
        grade = run.answer_go(
            catalog,
            state.get(f"practice_go_scorer_{run.index}"),
            state.get(f"practice_go_choice_{run.index}"),
            "unset" if leader is None else LEADERS[leader][1],
            now=time.monotonic(),
        )
    except InputProblem as err:
        practice_state().problem = str(err)
    else:
        record(run, grade)


class _Series:
    def picker(self, run: PracticeSet, catalog: DrillCatalog, question: Dealt) -> CardPicker | None:
        return None

    def take(self, run: PracticeSet, catalog: DrillCatalog, picker: CardPicker) -> None:
        return None

    def show(self, question: Dealt, *, cards: bool, chosen: Sequence[Card]) -> None:
        assert isinstance(question, GoQuestion)
        st.markdown("#### This series is over. Who pegs, and who leads next?")
        show_series(
            [(step.card, DRILL_SHORT_NAMES[step.player], step.count) for step in question.steps]
        )
        st.caption("The cards of this series in the order they were laid, each under who laid it.")
        lines = []
        for n, step in enumerate(question.steps):
            who = DRILL_NAMES[step.player]
            if step.card is None:
                lines.append(f"- **{who}**: “go” (count {step.count})")
            else:
                verb = _verb(step.player, "lead" if n == 0 else "play")
                lines.append(f"- **{who}** {verb} {step.card.label}: count **{step.count}**")
        with st.expander("The series in words"):
            st.markdown("\n".join(lines))
        st.markdown("**Cards still in hand**")
        for player, hand in enumerate(question.hands_after):
            left, right = st.columns([1, 3], vertical_alignment="center")
            left.markdown(DRILL_NAMES[player])
            if hand:
                with right:
                    show_cards(hand, max_width=min(90 * len(hand), 360))
            else:
                right.markdown("no cards left")

    def answer(
        self, run: PracticeSet, catalog: DrillCatalog, question: Dealt, picker: CardPicker | None
    ) -> None:
        with st.form(f"practice_go_{run.index}", border=False):
            st.radio(
                "Who pegs?",
                [0, 1],
                format_func=lambda p: DRILL_NAMES[p],
                index=None,
                horizontal=True,
                key=f"practice_go_scorer_{run.index}",
            )
            st.radio(
                "What for?",
                list(GO_CHOICES),
                format_func=lambda c: GO_CHOICES[c][0],
                index=None,
                key=f"practice_go_choice_{run.index}",
            )
            st.radio(
                "Who leads next?",
                list(LEADERS),
                format_func=lambda name: LEADERS[name][0],
                index=None,
                key=f"practice_go_leader_{run.index}",
            )
            actions.submit(
                "Check",
                marker=f"practice_go_check_{run.set_id}_{run.index}",
                type="primary",
                on_click=_submit,
                args=(run, catalog),
            )
        problem()

    def feedback(self, grade: Graded) -> None:
        assert isinstance(grade, Grade) and isinstance(grade.question, GoQuestion)
        notes(grade)
        st.markdown("\n".join(f"- {line}" for line in go_explanation(grade.question)))


ASKER = _Series()

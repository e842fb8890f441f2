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
from trainer.training.seats import DRILL_NAMES, DRILL_SHORT_NAMES, player_names
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


def _names(players: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The players' names, in full and above a card: the two of a game of two as before;
    among three or four, clockwise from you (with four, your partner across the table)."""
    if players == 2:
        return DRILL_NAMES, DRILL_SHORT_NAMES
    full = tuple(name[:1].upper() + name[1:] for name in player_names(players))
    return full, player_names(players, short=True)


def _leaders(players: int) -> dict[str, tuple[str, int | None]]:
    """The answers to "who leads next?" at a table of ``players``."""
    if players == 2:
        return LEADERS
    full, _short = _names(players)
    found: dict[str, tuple[str, int | None]] = {str(p): (full[p], p) for p in range(players)}
    found["nobody"] = LEADERS["nobody"]
    return found


def _submit(run: PracticeSet, catalog: DrillCatalog) -> None:
    if run.phase != "question":
        return
    state = st.session_state
    leader = state.get(f"practice_go_leader_{run.index}")
    question = run.question(catalog)
    players = question.players if isinstance(question, GoQuestion) else 2
    try:
        grade = run.answer_go(
            catalog,
            state.get(f"practice_go_scorer_{run.index}"),
            state.get(f"practice_go_choice_{run.index}"),
            "unset" if leader is None else _leaders(players)[leader][1],
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
        full, short = _names(question.players)
        heading = "#### This series is over. Who pegs, and who leads next?"
        if question.players == 3:
            heading += "\nThree play, each alone; the turn goes to the left."
        elif question.players == 4:
            heading += (
                "\nFour play, you and your partner across the table against the other two; "
                "the turn goes to the left."
            )
        st.markdown(heading)
        show_series([(step.card, short[step.player], step.count) for step in question.steps])
        st.caption("The cards of this series in the order they were laid, each under who laid it.")
        lines = []
        for n, step in enumerate(question.steps):
            who = full[step.player]
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
            left.markdown(full[player])
            if hand:
                with right:
                    show_cards(hand, max_width=min(90 * len(hand), 360))
            else:
                right.markdown("no cards left")

    def answer(
        self, run: PracticeSet, catalog: DrillCatalog, question: Dealt, picker: CardPicker | None
    ) -> None:
        assert isinstance(question, GoQuestion)
        full, _short = _names(question.players)
        leaders = _leaders(question.players)
        with st.form(f"practice_go_{run.index}", border=False):
            st.radio(
                "Who pegs?",
                list(range(question.players)),
                format_func=lambda p: full[p],
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
                list(leaders),
                format_func=lambda name: leaders[name][0],
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

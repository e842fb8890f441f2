"""Asking for a hand's or a crib's count: a typed total, or (claim mode) each combination
claimed by tapping its cards; the grade lights every combination missed."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

import streamlit as st

from trainer.content.catalog import DrillCatalog
from trainer.engine import Card, label_cards
from trainer.engine.skills import Mode
from trainer.training.explain import said_aloud
from trainer.training.grading import ClaimCheck, Grade, Graded, InputProblem
from trainer.training.questions import Dealt, ShowQuestion
from trainer.training.sets import PracticeSet
from trainer.ui import session
from trainer.ui.asking.base import ask_total, cap, headline, practice_state, record
from trainer.ui.cardpick import CardPicker, PickMode, Slot
from trainer.ui.drawing import show_breakdown, show_cards, show_items
from trainer.ui.folded import folded

#: A kept draft starts with the last tap acted on (``#4 fifteen KC 5S; pair 4S 4D``): after a
#: restart the browser may send a tap again that the draft already holds.
_DRAFT = re.compile(r"#(\d+) ?(.*)", re.DOTALL)


def _draft_text(seen: int, claims: str) -> str:
    return f"#{seen} {claims}"


def _read_draft(text: str) -> tuple[int, str]:
    """The last tap acted on and the claims of a kept draft (0 for a draft kept before the
    taps were numbered in it)."""
    found = _DRAFT.fullmatch(text)
    return (int(found.group(1)), found.group(2)) if found else (0, text)


class _Hand:
    def picker(self, run: PracticeSet, catalog: DrillCatalog, question: Dealt) -> CardPicker | None:
        """In claim mode, the hand and the starter to tap (a new key for every question of
        every set); the claims made before a reload or a restart are put back first."""
        assert isinstance(question, ShowQuestion)
        if run.answer_mode(catalog) is not Mode.CLAIM:
            return None
        slots = [*(Slot(card) for card in question.hand), Slot(question.starter, tag="starter")]
        picker = CardPicker(
            f"practice_claims_{run.set_id}_{run.index}_{len(run.grades)}", PickMode.CLAIM, slots
        )
        _restore_claims(run, picker)
        return picker

    def take(self, run: PracticeSet, catalog: DrillCatalog, picker: CardPicker) -> None:
        """Act on every claim, undo and "that's everything" sent since the last run, in
        order, before anything is drawn, so the page shows the state after them."""
        events = picker.take()
        for event in events:
            if run.phase != "question":
                break
            if event.action == "claim" and event.kind is not None:
                try:
                    run.add_claim(catalog, event.kind, event.cards)
                except InputProblem as err:
                    picker.reply(
                        f"Not counted: {event.kind} {label_cards(event.cards)}. {cap(err.message)}"
                    )
            elif event.action == "undo":
                if run.undo_claim(event.kind, event.cards) is None and event.kind is None:
                    picker.reply("There is no claim to undo.", "info")
            elif event.action == "done":
                if event.claims is not None:  # grade the claims the learner saw, none lost
                    run.list_claims(catalog, event.claims)
                grade = run.finish_claims(catalog, now=time.monotonic())
                picker.forget()
                record(run, grade)
                session.drop_draft(run.draft_key)
                return
        if events:  # the claims so far outlive a reload or a restart
            session.save_draft(run.draft_key, _draft_text(picker.seen, run.claims_draft()))

    def show(self, question: Dealt, *, cards: bool, chosen: Sequence[Card]) -> None:
        assert isinstance(question, ShowQuestion)
        st.markdown(f"#### Count {'the crib' if question.crib else 'this hand'}")
        if cards:  # (in claim mode the tappable hand is drawn instead)
            show_cards(question.hand, starter=question.starter, max_width=480)

    def answer(
        self, run: PracticeSet, catalog: DrillCatalog, question: Dealt, picker: CardPicker | None
    ) -> None:
        assert isinstance(question, ShowQuestion)
        if picker is None:
            ask_total(run, catalog, question)
            return
        claims = [f"{claim.kind}: {label_cards(claim.cards)}" for claim in run.claims]
        picker.show(
            prompt=(
                "Count it the way you would say it: tap the cards of one combination, choose "
                "what they make, then Claim. Press That's everything when you are done."
            ),
            label="Your hand and the starter",
            claims=claims,
            claimed=[(claim.kind, claim.cards) for claim in run.claims],
            total=sum(claim.points for claim in run.claims),
        )

    def feedback(self, grade: Graded) -> None:
        """The headline, then the rest in as few elements as it reads (each element is drawn
        on its own in the browser): the grade's notes go in the element that follows them,
        a heading in the element of its list, the count with the heading of the breakdown."""
        assert isinstance(grade, Grade) and isinstance(grade.question, ShowQuestion)
        headline(grade)
        question = grade.question
        score = question.score
        said = list(grade.notes)  # drawn with the next text, then emptied
        if grade.mode is Mode.CLAIM:
            if grade.missed:
                st.markdown("\n\n".join([*said, "##### What you missed"]))
                said = []
                show_items(grade.missed, question.hand, question.starter)
            wrong = grade.wrong_claims
            if wrong:
                lines = "\n".join(_wrong_claim_line(check) for check in wrong)
                st.markdown("\n\n".join([*said, "##### Claims that do not count", lines]))
                said = []
        said.append(f"**The count:** “{said_aloud(score)}” That makes **{score.total}**.")
        if grade.correct or grade.mode is Mode.CLAIM:
            st.markdown("\n\n".join(said))
            # Right, or the misses are already drawn above: the full list stays one click away,
            # and is sent and drawn only once opened (it runs the question's part again).
            with folded(
                "Every combination, in the order it is counted", key="practice_every_combination"
            ) as opened:
                if opened:
                    show_breakdown(score)
        else:
            st.markdown("\n\n".join([*said, "##### Every combination"]))
            show_breakdown(score)


def _restore_claims(run: PracticeSet, picker: CardPicker) -> None:
    """The claims made on this question before a reload or a restart, back in the list; the
    taps they came from are not taken again if the browser sends them once more."""
    state = practice_state()
    if run.phase == "question" and not run.claims and state.restored != run.key:
        state.restored = run.key
        kept = session.draft(run.draft_key)
        if kept:
            seen, claims = _read_draft(kept)
            run.restore_claims(claims)
            picker.resume_after(seen)


def _wrong_claim_line(check: ClaimCheck) -> str:
    """``- **Fifteen?** 7♦ 9♠ adds to 16, not 15.``: the cards named once."""
    kind = check.claim.kind.label
    cards = label_cards(check.claim.cards)
    reason = check.message[:1].upper() + check.message[1:]
    if cards and cards not in check.message:
        return f"- **{kind} with {cards}?** {reason}."
    return f"- **{kind}?** {reason}."


ASKER = _Hand()

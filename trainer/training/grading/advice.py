"""The grade of the coach drills: a throw of two cards (:func:`grade_throw`) or a card
laid (:func:`grade_lay`), graded by :mod:`trainer.training.coach` by the points the choice
loses against the best one; the coach's lines are the explanation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import ClassVar

from trainer.engine import (
    Card,
)
from trainer.engine.skills import Category, Mode
from trainer.training.grading.counts import Grade
from trainer.training.inputs import InputProblem
from trainer.training.questions import (
    CoachQuestion,
    DiscardQuestion,
    PlayQuestion,
)
from trainer.training.questions.coached import CoachGrade, grade_discard, grade_play
from trainer.training.records import AttemptIn

# --- the coach drills ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AdviceGrade:
    """A coach drill answer, graded: right when the choice (``chosen``: the two cards
    thrown, or the card laid) is within :data:`~trainer.training.coach.NEAR_TIE` points
    of the best; ``coach`` holds the points lost and the explanation's lines."""

    question: CoachQuestion
    mode: Mode  # Mode.THROW or Mode.LAY
    chosen: tuple[Card, ...]
    coach: CoachGrade
    headline: str
    seconds: float

    muggins: ClassVar[int] = 0  # nobody takes points for a choice

    @property
    def correct(self) -> bool:
        return self.coach.correct

    @property
    def points_lost(self) -> float:
        """Points the choice loses against the best (a deal, or in the play), 0 or more."""
        return self.coach.points_lost

    @property
    def points_off(self) -> int:
        """As stored: the choice's value minus the best's, rounded (0 or less)."""
        return self.coach.attempt.points_off

    @property
    def categories(self) -> tuple[Category, ...]:
        return self.coach.attempt.missed

    @property
    def lines(self) -> tuple[str, ...]:
        """The coach's explanation: the verdict first, then why, then every choice."""
        return self.coach.lines

    def attempt(self) -> AttemptIn:
        """The record the progress store keeps for this answer."""
        return AttemptIn(
            **asdict(self.coach.attempt), seconds=round(self.seconds, 2), mode=self.mode
        )


#: Any graded answer of a practice set.
Graded = Grade | AdviceGrade


def _advice_headline(question: CoachQuestion, chosen: Card, coach: CoachGrade) -> str:
    """``Right: that is the best throw.``; a wrong choice says what it loses."""
    if isinstance(question, PlayQuestion) and not coach.correct:
        best = question.options[0].card
        return (
            f"Not quite: the {best.label} was better. The {chosen.label} gives away "
            f"{coach.points_lost:.2f} points on average."
        )
    verdict = coach.lines[0]
    lead = "Right: " if coach.correct else "Not quite: "
    return lead + verdict[:1].lower() + verdict[1:]


def grade_throw(question: DiscardQuestion, cards: Sequence[Card], *, seconds: float) -> AdviceGrade:
    """Grade the two cards thrown from the six; :class:`InputProblem` when they are not
    two different cards of the six (a tampered or stale answer, say)."""
    throw = tuple(cards)
    if len(throw) != 2:
        raise InputProblem(
            "Your throw", f"choose exactly two of your six cards to throw, not {len(throw)}."
        )
    try:
        coach = grade_discard(question, throw)
    except ValueError as err:
        raise InputProblem("Your throw", f"{err}.") from None
    headline = _advice_headline(question, throw[0], coach)
    return AdviceGrade(question, Mode.THROW, throw, coach, headline, seconds)


def grade_lay(question: PlayQuestion, cards: Sequence[Card], *, seconds: float) -> AdviceGrade:
    """Grade the card laid (``cards`` holds exactly one); :class:`InputProblem` when it is
    not one card of the hand that fits under 31."""
    laid = tuple(cards)
    if len(laid) != 1:
        raise InputProblem("Your card", f"lay one card, not {len(laid)}.")
    try:
        coach = grade_play(question, laid[0])
    except ValueError as err:
        raise InputProblem("Your card", f"{err}.") from None
    headline = _advice_headline(question, laid[0], coach)
    return AdviceGrade(question, Mode.LAY, laid, coach, headline, seconds)

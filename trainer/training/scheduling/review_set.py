"""A review set: what is due today, asked once each, in a set a learner works through (apart
from the package's ``__init__``, as it brings the lessons' logic and the practice sets).

:class:`ReviewSet` walks its cards: ``question`` → (answer) → ``feedback`` → (next) → … →
``done``, keeping right and wrong. A lesson's question is asked as the Learn page asks it
(:func:`~trainer.training.scheduling.lesson_question` finds it; :func:`answer_lesson`
reads, grades and records the answer with the lessons' own functions, the whole
explanation at once: one try, as a review). A practice area is asked as one fresh question of its drill and tier
(:func:`drill_run`, a practice set of one, asked and graded as on the Practice page).
Time comes in as arguments, so it is tested without a clock or Streamlit.

>>> from trainer.content.lessons import load_course
>>> from trainer.training.scheduling import lesson_card, lesson_question
>>> course = load_course()
>>> card = lesson_card("the-show", "pairs")
>>> check = lesson_question(course, card)
>>> got = answer_lesson(check, "4", seconds=20.0, pace=30.0)
>>> got.feedback.correct, got.rating.name, got.attempt.tier
(True, 'Good', 'lesson')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from trainer.content.lessons import Check
from trainer.training.learn import Feedback, attempt, grade, read_answer
from trainer.training.records import AttemptIn
from trainer.training.scheduling.cards import CardKey, DrillCard, Rating
from trainer.training.scheduling.due import DueToday
from trainer.training.scheduling.ratings import rate
from trainer.training.sets import PracticeSet, SetSpec, new_set_id

__all__ = [
    "REVIEW_SET_MOST",
    "LessonAnswer",
    "ReviewSet",
    "answer_lesson",
    "drill_run",
]

#: The most cards one review set asks (what is left stays due, for another set).
REVIEW_SET_MOST = 20

Phase = Literal["question", "feedback", "done"]


@dataclass(frozen=True, slots=True)
class LessonAnswer:
    """A lesson's question answered in a review: what to show, what to record (None for a
    question about a rule, which is not a counting answer), and how the scheduler takes it."""

    feedback: Feedback
    attempt: AttemptIn | None
    rating: Rating


def answer_lesson(
    check: Check, raw: str | None, *, seconds: float, pace: float | None
) -> LessonAnswer:
    """Read, grade and record ``raw`` as the answer to ``check`` (raises
    :class:`~trainer.training.learn.AnswerProblem` when it cannot be read)."""
    answer = read_answer(check, raw)
    feedback = grade(check, answer)
    return LessonAnswer(
        feedback,
        attempt(check, answer, seconds),
        rate(correct=feedback.correct, seconds=seconds, pace=pace),
    )


def drill_run(card: DrillCard, seed: int, place: int = 0) -> PracticeSet:
    """One fresh question of a practice area, as a practice set whose last question is
    ``place`` (the card's place in the review set, so that each has its own answer box)."""
    spec = SetSpec(card.drill, card.tier, seed, length=place + 1)
    return PracticeSet(spec, index=place)


@dataclass
class ReviewSet:
    """The state of one review set on the page. Mutable; kept in the session."""

    cards: tuple[CardKey, ...]
    set_id: str = field(default_factory=new_set_id)
    index: int = 0
    phase: Phase = "question"
    right: list[bool] = field(default_factory=list)
    shown_at: float | None = None

    @classmethod
    def of(cls, due: DueToday, most: int = REVIEW_SET_MOST) -> ReviewSet:
        """The set of what is due (the longest waiting first, at most ``most``)."""
        return cls(tuple(card.key for card in due.cards[:most]))

    @property
    def current(self) -> CardKey:
        return self.cards[self.index]

    @property
    def answer_key(self) -> str:
        """The current question's place, ``review:<set id>/<index>``: stored once."""
        return f"review:{self.set_id}/{self.index}"

    @property
    def is_last(self) -> bool:
        return self.index >= len(self.cards) - 1

    def start_clock(self, now: float) -> None:
        if self.shown_at is None:
            self.shown_at = now

    def seconds(self, now: float) -> float:
        """How long the current question has been on the page."""
        return max(0.0, now - (self.shown_at if self.shown_at is not None else now))

    def answered(self, correct: bool) -> None:
        """The current question is answered (right or not): its feedback is shown next."""
        if self.phase != "question":
            raise RuntimeError(f"the review set is at {self.phase!r}, not 'question'")
        self.right.append(correct)
        self.phase = "feedback"

    def next(self) -> None:
        if self.phase != "feedback":
            raise RuntimeError(f"the review set is at {self.phase!r}, not 'feedback'")
        if self.is_last:
            self.phase = "done"
            return
        self.index += 1
        self.phase = "question"
        self.shown_at = None

    def skip(self) -> None:
        """Leave out the current card (it cannot be asked: its lesson or tier is gone)."""
        if self.phase != "question":
            raise RuntimeError(f"the review set is at {self.phase!r}, not 'question'")
        self.cards = self.cards[: self.index] + self.cards[self.index + 1 :]
        if self.index >= len(self.cards):
            self.phase = "done"

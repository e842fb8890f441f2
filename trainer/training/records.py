"""Plain records shared by the grader, the progress store and the pages.

What the fields may hold (drill types, modes, categories) is named once, in
:mod:`trainer.engine.skills`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from trainer.engine.skills import Category, DrillType, Mode

#: The tier stored with an answer given in a lesson (a source, not a practice tier: there
#: is nothing to open under this name on the Practice page). Lessons keep first tries only.
LESSON_TIER = "lesson"


def now_utc() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Profile:
    id: int
    name: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class AttemptIn:
    """One graded answer, as the practice and lesson pages hand it to the store."""

    # What the fields may hold is the registry's (trainer.engine.skills); the store
    # refuses a record that names anything else, before anything is saved.
    drill: DrillType
    tier: str
    seed: int
    question: str  # the question in card notation, e.g. "5H 5D 5C JS | 5S" or a pile
    answer: str  # what the user answered, as typed or claimed
    correct: bool
    points_off: int  # the user's total minus the right total (0 when right)
    missed: tuple[Category, ...]  # the kinds of mistake made
    seconds: float
    mode: Mode = Mode.QUICK  # how it was given
    at: datetime = field(default_factory=now_utc)


@dataclass(frozen=True, slots=True)
class LessonProgress:
    lesson_id: str
    step: int  # the step the learner is on (0-based)
    done: bool

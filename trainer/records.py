"""Plain records shared by the grader, the progress store and the pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

#: The kinds of mistake the trainer tracks, as stored.
CATEGORIES: tuple[str, ...] = (
    "fifteen",
    "pair",
    "run",
    "flush",
    "crib-flush",
    "nobs",
    "go",
    "last-card",
    "thirty-one",
)

CATEGORY_LABELS: dict[str, str] = {
    "fifteen": "fifteens",
    "pair": "pairs",
    "run": "runs",
    "flush": "flush",
    "crib-flush": "crib flush",
    "nobs": "nobs",
    "go": "the go",
    "last-card": "last card",
    "thirty-one": "31",
}

#: The drill types, as stored.
DRILL_TYPES: tuple[str, ...] = ("hand", "crib", "peg", "go")

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

    drill: str  # one of DRILL_TYPES
    tier: str
    seed: int
    question: str  # the question in card notation, e.g. "5H 5D 5C JS | 5S" or a pile
    answer: str  # what the user answered, as typed or claimed
    correct: bool
    points_off: int  # the user's total minus the right total (0 when right)
    missed: tuple[str, ...]  # categories from CATEGORIES the user got wrong
    seconds: float
    mode: str = "quick"  # "quick" or "claim"
    at: datetime = field(default_factory=now_utc)


@dataclass(frozen=True, slots=True)
class LessonProgress:
    lesson_id: str
    step: int  # the step the learner is on (0-based)
    done: bool

"""Review spread over days: when a lesson's question or a practice area comes back.

Each question of a lesson and each practice area (a drill and its tier) is one card of the
Free Spaced Repetition Scheduler (the ``fsrs`` package) per player, kept by the progress
store. Every answer is a review of its card: a miss is "Again", right but slow "Hard",
right "Good", right and fast "Easy". The scheduler says when the card is due again; days
decide (a card is due on a calendar day, never a few minutes on), and the clock is passed
in everywhere, so tests move it by days.

==============  ========================================================================
``cards``       the keys (a lesson's question, a practice area), the scheduler, a review
``ratings``     an answer as a rating, against the paces the drills set
``due``         what is due on a day, overdue, learnt; Home's words, Progress's areas
``review_set``  a set of what is due, worked through like a practice set (imported by its
                own name: it brings the lessons' logic and the practice sets along)
==============  ========================================================================

The rest is light (the scheduler, the engine's names), so every page can read a player's
cards without loading the course's logic.
"""

from trainer.training.scheduling.cards import (
    SCHEDULER,
    CardKey,
    DrillCard,
    LessonCard,
    Rating,
    Scheduled,
    State,
    drill_card,
    lesson_card,
    lesson_question,
    new_card,
    parse_key,
    review,
)
from trainer.training.scheduling.due import (
    LEARNT_DAYS,
    Area,
    DueToday,
    Group,
    Standing,
    day_of,
    due_today,
    standing,
    standings,
)
from trainer.training.scheduling.ratings import (
    FAST,
    drill_pace,
    lesson_pace,
    practice_review,
    rate,
)

__all__ = [
    "FAST",
    "LEARNT_DAYS",
    "SCHEDULER",
    "Area",
    "CardKey",
    "DrillCard",
    "DueToday",
    "Group",
    "LessonCard",
    "Rating",
    "Scheduled",
    "Standing",
    "State",
    "day_of",
    "drill_card",
    "drill_pace",
    "due_today",
    "lesson_card",
    "lesson_pace",
    "lesson_question",
    "new_card",
    "parse_key",
    "practice_review",
    "rate",
    "review",
    "standing",
    "standings",
]

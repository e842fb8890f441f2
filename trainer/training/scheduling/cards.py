"""What the scheduler keeps a card for, and a card reviewed: the keys of a lesson's question
and of a practice area, the one :data:`SCHEDULER` every card is reviewed by, and
:class:`Scheduled`, a player's card as the store keeps it.

A key is text that reads back: ``lesson:<lesson id>/<question id>`` for one question of a
lesson (made only by :func:`lesson_card`, the one place that says which question a card
is), ``drill:<drill>/<tier>`` for a practice area.

>>> lesson_card("the-show", "pairs").key
'lesson:the-show/pairs'
>>> parse_key("drill:hand/beginner")
DrillCard(drill=DrillType.HAND, tier='beginner')
>>> parse_key("lesson:the-show/pairs") == lesson_card("the-show", "pairs")
True
>>> from datetime import UTC, datetime, timedelta
>>> first = review(None, Rating.Good, datetime(2026, 3, 2, 9, tzinfo=UTC), key="drill:hand/club")
>>> first.due - first.last_review
datetime.timedelta(days=2)
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, TypeVar

from fsrs import Card, Rating, Scheduler, State

from trainer.engine.skills import DrillType
from trainer.training.learn.dealing import deal_again

if TYPE_CHECKING:  # the course is handed in
    from trainer.content.lessons import Check, Course

__all__ = [
    "SCHEDULER",
    "CardKey",
    "DrillCard",
    "LessonCard",
    "Rating",
    "Scheduled",
    "State",
    "drill_card",
    "lesson_card",
    "lesson_question",
    "new_card",
    "parse_key",
    "review",
]

#: Every card is reviewed by this scheduler: no steps of minutes (a card comes back a day
#: later at the soonest, so days decide, not sittings), a miss of a card already known
#: brought back the next day, no random spread of the days (the same answers give the same
#: schedule), nothing further off than a year.
SCHEDULER = Scheduler(
    learning_steps=(),
    relearning_steps=(timedelta(days=1),),
    maximum_interval=365,
    enable_fuzzing=False,
)

_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
_LESSON_KEY = re.compile(rf"lesson:({_SLUG})/({_SLUG})")
_DRILL_KEY = re.compile(rf"drill:([a-z]+)/({_SLUG})")


@dataclass(frozen=True, slots=True)
class LessonCard:
    """One question of a lesson, by the lesson's id and the question's."""

    lesson: str
    question: str

    @property
    def key(self) -> str:
        return f"lesson:{self.lesson}/{self.question}"


@dataclass(frozen=True, slots=True)
class DrillCard:
    """A practice area: a drill and one of its tiers."""

    drill: DrillType
    tier: str

    @property
    def key(self) -> str:
        return f"drill:{self.drill.value}/{self.tier}"


CardKey = LessonCard | DrillCard
_Key = TypeVar("_Key", LessonCard, DrillCard)


def lesson_card(lesson_id: str, question_id: str) -> LessonCard:
    """The card of a lesson's question: the only place that says which question of a lesson
    a card stands for (today a question is its step, so ``question_id`` is the step's id)."""
    return _checked(LessonCard(lesson_id, question_id))


def lesson_question(course: Course, card: LessonCard, *, fresh: int | None = None) -> Check | None:
    """The question a lesson's card stands for (None: the course has it no more): with
    :func:`lesson_card`, the one place that ties a card to a question. With ``fresh`` (a
    seed), the question comes with new cards of its kind, as a question missed in a lesson
    comes back (:func:`~trainer.training.learn.dealing.deal_again`); its own cards when no
    new ones can be dealt."""
    lesson = course.get(card.lesson)
    if lesson is None:
        return None
    step = next((step for step in lesson.steps if step.id == card.question), None)
    if step is None:
        return None
    if fresh is not None:
        dealt = deal_again(lesson.id, step, 1, fresh)
        if dealt is not None:
            return dealt
    return step.check


def drill_card(drill: DrillType | str, tier: str) -> DrillCard:
    """The card of a practice area (``ValueError`` for a drill that is not one)."""
    try:
        kind = DrillType(drill)
    except ValueError:
        raise ValueError(f"{drill!r} is not a drill") from None
    return _checked(DrillCard(kind, tier))


def _checked(card: _Key) -> _Key:
    if parse_key(card.key) != card:
        raise ValueError(f"{card.key!r} is not a card's key: ids are lowercase words and dashes")
    return card


def parse_key(text: str) -> CardKey:
    """A key as stored, read back; ``ValueError`` names one that is neither kind."""
    found = _LESSON_KEY.fullmatch(text)
    if found:
        return LessonCard(found[1], found[2])
    found = _DRILL_KEY.fullmatch(text)
    drill = DrillType.named(found[1]) if found else None
    if found and drill is not None:
        return DrillCard(drill, found[2])
    shown = text if len(text) <= 60 else text[:60] + "…"
    raise ValueError(
        f"{shown!r} is not a card's key: 'lesson:<lesson>/<question>' or 'drill:<drill>/<tier>'"
    )


@dataclass(frozen=True, slots=True)
class Scheduled:
    """One of a player's cards: what it is for, the scheduler's card (when it is due, how
    well it is known), how many answers it has had and how many of them were misses."""

    key: CardKey
    card: Card
    reviews: int = 0
    lapses: int = 0

    @property
    def due(self) -> datetime:
        return self.card.due

    @property
    def stability(self) -> float:
        """Days until the chance of remembering it falls to nine in ten (0: never answered)."""
        return self.card.stability or 0.0


def new_card(key: str, at: datetime) -> Card:
    """A card never reviewed (its id is worked out from its key, so a card rebuilt from the
    store is the same card)."""
    return Card(card_id=zlib.crc32(key.encode()), state=State.Learning, due=at)


def review(card: Card | None, rating: Rating, at: datetime, *, key: str = "") -> Card:
    """``card`` (None: a new one for ``key``) reviewed with ``rating`` at ``at`` (any time
    zone; the scheduler works in UTC)."""
    when = at.astimezone(UTC)
    reviewed, _ = SCHEDULER.review_card(card or new_card(key, when), rating, when)
    return reviewed

"""What comes due, by days: a card is due on the learner's own calendar day its scheduler set
(any hour of it), overdue once that day has gone by, learnt while it is not due and the
scheduler expects it to be remembered a week or more out. The clock is passed in (``now``),
so a test moves it by days and sees what comes due.

>>> from datetime import UTC, datetime, timedelta
>>> from trainer.training.scheduling.cards import Rating, Scheduled, drill_card, lesson_card, review
>>> monday = datetime(2026, 3, 2, 12, tzinfo=UTC)
>>> missed = Scheduled(lesson_card("the-show", "pairs"), review(None, Rating.Again, monday))
>>> known = Scheduled(drill_card("hand", "beginner"), review(None, Rating.Good, monday))
>>> due_today([missed, known], monday).words()
'Nothing to review today.'
>>> due_today([missed, known], monday + timedelta(days=1)).words()
'1 to review: 1 from the lessons.'
>>> due_today([missed, known], monday + timedelta(days=2)).words()
'2 to review: 1 from the lessons, 1 counting drill.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from trainer.engine.skills import DrillType
from trainer.training.scheduling.cards import CardKey, DrillCard, LessonCard, Scheduled

__all__ = [
    "LEARNT_DAYS",
    "Area",
    "DueToday",
    "Group",
    "Standing",
    "area_of",
    "day_of",
    "due_today",
    "group_of",
    "standing",
    "standings",
]

#: A card the scheduler expects to be remembered this many days out, or more, is learnt.
LEARNT_DAYS = 7.0


def day_of(instant: datetime) -> date:
    """The learner's calendar day of an instant (the local day, as answers are kept by)."""
    return instant.astimezone().date()


class Standing(StrEnum):
    """Where one card stands on a day."""

    OVERDUE = "overdue"  # due on a day gone by
    DUE = "due today"
    LEARNING = "learning"  # not due, not yet remembered a week out
    LEARNT = "learnt"  # not due, remembered a week out or more


def standing(card: Scheduled, now: datetime) -> Standing:
    due, today = day_of(card.due), day_of(now)
    if due < today:
        return Standing.OVERDUE
    if due == today:
        return Standing.DUE
    return Standing.LEARNT if card.stability >= LEARNT_DAYS else Standing.LEARNING


class Group(StrEnum):
    """How Home groups what is due: the lessons, and the drills by what they train."""

    LESSONS = "lessons"
    COUNTING = "counting"
    PEGGING = "pegging"
    COACH = "coach"

    def many(self, n: int) -> str:
        """``3 from the lessons``, ``1 counting drill``, ``2 pegging drills``."""
        if self is Group.LESSONS:
            return f"{n} from the lessons"
        return f"{n} {self.value} drill{'' if n == 1 else 's'}"


_DRILL_GROUPS: dict[DrillType, Group] = {
    DrillType.HAND: Group.COUNTING,
    DrillType.CRIB: Group.COUNTING,
    DrillType.PEG: Group.PEGGING,
    DrillType.GO: Group.PEGGING,
    DrillType.DISCARD: Group.COACH,
    DrillType.PLAY: Group.COACH,
}


def group_of(key: CardKey) -> Group:
    return Group.LESSONS if isinstance(key, LessonCard) else _DRILL_GROUPS[key.drill]


#: A practice area on the Progress page: a lesson (its id), or a drill's tier.
Area = str | DrillCard


def area_of(key: CardKey) -> Area:
    return key.lesson if isinstance(key, LessonCard) else key


@dataclass(frozen=True, slots=True)
class DueToday:
    """What is due on the day of ``now``: the cards (the longest waiting first), and when
    the next comes due when none is."""

    cards: tuple[Scheduled, ...]
    next_day: date | None = None
    next_count: int = 0

    @property
    def by_group(self) -> tuple[tuple[Group, int], ...]:
        """How many are due in each group, in :class:`Group`'s order."""
        counts = Counter(group_of(card.key) for card in self.cards)
        return tuple((group, counts[group]) for group in Group if counts[group])

    def words(self) -> str:
        """``5 to review: 3 from the lessons, 2 counting drills.``"""
        if not self.cards:
            return "Nothing to review today."
        parts = ", ".join(group.many(n) for group, n in self.by_group)
        return f"{len(self.cards)} to review: {parts}."


def due_today(
    cards: Iterable[Scheduled], now: datetime, *, askable: Callable[[CardKey], bool] | None = None
) -> DueToday:
    """The cards due on the day of ``now`` (those ``askable`` refuses, such as a question
    taken out of the course, left out), the longest waiting first; when none is, the day
    the next comes due and how many come due on it."""
    kept = [card for card in cards if askable is None or askable(card.key)]
    today = day_of(now)
    due = sorted((card for card in kept if day_of(card.due) <= today), key=lambda card: card.due)
    if due or not kept:
        return DueToday(tuple(due))
    first = min(day_of(card.due) for card in kept)
    return DueToday((), first, sum(1 for card in kept if day_of(card.due) == first))


def standings(cards: Iterable[Scheduled], now: datetime) -> dict[Area, Mapping[Standing, int]]:
    """How many cards of each area stand where, on the day of ``now`` (areas in the order
    their first card comes)."""
    out: dict[Area, Counter[Standing]] = {}
    for card in cards:
        out.setdefault(area_of(card.key), Counter())[standing(card, now)] += 1
    return dict(out)

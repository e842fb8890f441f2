"""What a teacher sees of a group: each member's lessons, accuracy, pace and weak spots,
games and last activity, the wrong PINs typed for their name lately, a CSV of it, and the
group's accuracy week by week. Only for the teacher of the group (:func:`group_for`):
nobody else's members are read."""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import NamedTuple

from trainer.engine.skills import CATEGORY_LABELS, Category
from trainer.progress.club import tries_for
from trainer.progress.figures import TABLE_SHORT
from trainer.progress.store import Store
from trainer.progress.store.rows import Group

__all__ = ["MemberRow", "WeekPoint", "group_csv", "group_for", "member_rows", "weekly_accuracy"]


def group_for(store: Store, teacher_id: int, group_id: int) -> Group | None:
    """The group, if this teacher teaches it (None for anyone else's)."""
    return next((g for g in store.groups_of_teacher(teacher_id) if g.id == group_id), None)


class MemberRow(NamedTuple):
    """One member of a group, as the teacher's table shows them."""

    profile_id: int
    name: str
    lessons_done: int
    answers: int
    accuracy: float | None  # right answers over all answers (None before the first)
    seconds_each: float | None  # the average seconds an answer took
    weak_spots: tuple[str, ...]  # the kinds of mistake made most, the commonest first
    games: str  # finished games by level and table size, e.g. "easy 3, easy (3 players) 1"
    last_active: datetime | None
    #: Tries at signing in under the member's name since their last right PIN (within a
    #: day), from any browser, and when the last was.
    wrong_pins: int = 0
    wrong_pin_at: datetime | None = None


def member_rows(store: Store, group: Group) -> list[MemberRow]:
    """Every member of ``group``, by name."""
    rows = []
    members = store.members(group.id)
    tries = tries_for(store, members)
    for member in members:
        areas = store.area_summary(member.id)
        answers = sum(a.answers for a in areas)
        right = sum(a.correct for a in areas)
        seconds = sum(a.seconds for a in areas)
        misses: Counter[Category] = Counter()
        for row in store.miss_summary(member.id):
            misses[row.category] += row.misses
        weak = tuple(CATEGORY_LABELS[c] for c, _ in misses.most_common(3))
        done = sum(1 for p in store.lesson_progress(member.id).values() if p.done)
        games = ", ".join(
            f"{level}{'' if seats == 2 else f' ({TABLE_SHORT.get(seats, seats)})'} {n}"
            for (level, seats), n in sorted(store.games_by_level(member.id).items())
        )
        rows.append(
            MemberRow(
                member.id,
                member.name,
                done,
                answers,
                right / answers if answers else None,
                seconds / answers if answers else None,
                weak,
                games,
                store.last_activity(member.id),
                tries[member.id].tries if member.id in tries else 0,
                tries[member.id].last_try_at if member.id in tries else None,
            )
        )
    return rows


class WeekPoint(NamedTuple):
    """The group's answers in one week (starting on Monday): how many, and how many right."""

    week: date
    answers: int
    correct: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.answers if self.answers else 0.0


def weekly_accuracy(store: Store, group: Group) -> list[WeekPoint]:
    """The group's accuracy week by week, oldest first (weeks with no answer left out)."""
    weeks: dict[date, list[int]] = defaultdict(lambda: [0, 0])
    for member in store.members(group.id):
        for day in store.day_summary(member.id):
            monday = day.day - timedelta(days=day.day.weekday())
            weeks[monday][0] += day.answers
            weeks[monday][1] += day.correct
    return [WeekPoint(week, n, right) for week, (n, right) in sorted(weeks.items())]


CSV_COLUMNS = (
    "name",
    "lessons_done",
    "answers",
    "accuracy_percent",
    "seconds_per_answer",
    "weak_spots",
    "games_by_level",
    "last_active_utc",
    "wrong_pins_lately",
)


def group_csv(rows: Sequence[MemberRow]) -> str:
    """The teacher's table as CSV (a spreadsheet never runs a name as a formula)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        name = "'" + row.name if row.name[:1] in ("=", "+", "-", "@") else row.name
        writer.writerow(
            (
                name,
                row.lessons_done,
                row.answers,
                "" if row.accuracy is None else f"{100 * row.accuracy:.0f}",
                "" if row.seconds_each is None else f"{row.seconds_each:.1f}",
                "; ".join(row.weak_spots),
                row.games,
                "" if row.last_active is None else row.last_active.strftime("%Y-%m-%dT%H:%M:%SZ"),
                row.wrong_pins,
            )
        )
    return out.getvalue()

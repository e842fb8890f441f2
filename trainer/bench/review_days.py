"""The review schedule of one simulated learner over days: ``python -m trainer.bench.review_days``
(``--days 30``, ``--seed 1``; ``--db PATH`` keeps the progress file, otherwise a temporary one).

A tool, not a benchmark: it times nothing. The learner takes two lessons a day until the
course is done (each question's first try right four times in five), practises a drill
level every other day from the third (a set of its length), and each day but three (away
on days 12, 13 and 22) opens Home and works through review sets until nothing is due: a
card comes out right as often as the scheduler itself expects (its retrievability that
day). Every answer goes through the functions the app uses (the ratings against the
drills' paces, the store's reviews on a real SQLite file, what is due by days); the clock
is the simulation's own.

It prints a line a day (what Home said, the cards asked and right in review sets, the
cards met so far, how many are learnt) and, for each card, the days it was answered
(``✓`` right, ``✗`` missed; a practice set as ``day:right/asked``) and the day it is due
next.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

from trainer.content.catalog import DrillCatalog, load_drills
from trainer.content.lessons import Course, load_course
from trainer.engine.skills import DrillType, Mode
from trainer.progress.store import Store
from trainer.training.learn import drill_for
from trainer.training.records import AttemptIn
from trainer.training.scheduling import (
    SCHEDULER,
    CardKey,
    DrillCard,
    LessonCard,
    Scheduled,
    Standing,
    day_of,
    drill_card,
    due_today,
    lesson_card,
    lesson_pace,
    lesson_question,
    practice_review,
    rate,
    standing,
)
from trainer.training.scheduling.review_set import ReviewSet

#: The first day, late in the afternoon, in the learner's own time zone.
FIRST_DAY = datetime(2026, 3, 2, 17).astimezone()
LESSONS_A_DAY = 2
LESSON_RIGHT = 0.8
#: The drill levels practised in turn, one every other day from the third.
PRACTICE = (
    ("hand", "beginner"),
    ("peg", "beginner"),
    ("go", "beginner"),
    ("hand", "club"),
    ("crib", "beginner"),
    ("discard", "dealer"),
)
PRACTICE_RIGHT = {"beginner": 0.85}
AWAY = frozenset({12, 13, 22})


@dataclass
class Day:
    """What one day brought."""

    number: int
    when: datetime
    home: str = ""
    asked: int = 0
    right: int = 0
    lessons: list[str] = field(default_factory=list)
    practised: str = ""
    cards: int = 0
    learnt: int = 0
    due: int = 0
    overdue: int = 0


@dataclass
class Learner:
    store: Store
    profile: int
    course: Course
    catalog: DrillCatalog
    rng: random.Random
    marks: dict[CardKey, list[str]] = field(default_factory=dict)

    def seconds(self, pace: float | None) -> float:
        base = pace if pace is not None else 15.0
        return max(1.0, self.rng.gauss(base * 0.75, base * 0.3))

    def mark(self, key: CardKey, number: int, right: bool) -> None:
        self.marks.setdefault(key, []).append(f"{number}{'✓' if right else '✗'}")

    def lesson(self, lesson_id: str, when: datetime, number: int) -> None:
        """Every question of a lesson answered once (its first try)."""
        lesson = self.course.get(lesson_id)
        assert lesson is not None
        for step in lesson.steps:
            if step.check is None:
                continue
            right = self.rng.random() < LESSON_RIGHT
            pace = lesson_pace(self.catalog, drill_for(step.check))
            rating = rate(correct=right, seconds=self.seconds(pace), pace=pace)
            key = lesson_card(lesson.id, step.id)
            self.store.review_card(self.profile, key, rating, when)
            self.mark(key, number, right)

    def practise(self, drill: str, tier: str, when: datetime, number: int) -> None:
        """A whole set of one level: each answer a review of its practice area."""
        level = self.catalog.tier(DrillType(drill), tier)[1]
        right_ones = 0
        for n in range(level.length):
            right = self.rng.random() < PRACTICE_RIGHT.get(tier, 0.7)
            answer = AttemptIn(
                DrillType(drill), tier, 0, "", "", right, 0, (), self.seconds(level.pace),
                Mode.QUICK, at=when,
            )  # fmt: skip
            found = practice_review(answer, self.catalog)
            assert found is not None
            self.store.review_card(self.profile, *found, when + timedelta(seconds=20 * n))
            right_ones += right
        key = drill_card(drill, tier)
        self.marks.setdefault(key, []).append(f"{number}:{right_ones}/{level.length}")

    def askable(self, key: CardKey) -> bool:
        if isinstance(key, LessonCard):
            return lesson_question(self.course, key) is not None
        return True

    def review(self, when: datetime, day: Day) -> None:
        """Review sets until nothing is due, each card right as often as the scheduler
        expects it to be remembered."""
        for _ in range(20):
            due = due_today(self.store.review_cards(self.profile), when, askable=self.askable)
            if not due.cards:
                return
            cards = {card.key: card for card in due.cards}
            for key in ReviewSet.of(due).cards:
                chance = SCHEDULER.get_card_retrievability(cards[key].card, when)
                right = self.rng.random() < min(0.99, max(0.05, chance))
                pace = self._pace(key)
                rating = rate(correct=right, seconds=self.seconds(pace), pace=pace)
                self.store.review_card(self.profile, key, rating, when)
                self.mark(key, day.number, right)
                day.asked += 1
                day.right += right
                when += timedelta(seconds=30)

    def _pace(self, key: CardKey) -> float | None:
        if isinstance(key, DrillCard):
            return float(self.catalog.tier(key.drill, key.tier)[1].pace)
        check = lesson_question(self.course, key)
        return lesson_pace(self.catalog, drill_for(check)) if check is not None else None


def simulate(days: int, seed: int, path: Path) -> tuple[list[Day], list[Scheduled], Learner]:
    store = Store.open(path)
    profile = store.create_profile(f"Learner {seed}")
    learner = Learner(store, profile.id, load_course(), load_drills(), random.Random(seed))
    waiting = [lesson.id for lesson in learner.course.lessons]
    out = []
    for number in range(1, days + 1):
        when = FIRST_DAY + timedelta(days=number - 1)
        day = Day(number, when)
        if number not in AWAY:
            due = due_today(store.review_cards(profile.id), when, askable=learner.askable)
            day.home = due.words() if store.review_cards(profile.id) else "(nothing answered yet)"
            learner.review(when, day)
            for lesson_id in waiting[:LESSONS_A_DAY]:
                learner.lesson(lesson_id, when + timedelta(minutes=30), number)
                day.lessons.append(lesson_id)
            del waiting[:LESSONS_A_DAY]
            if number >= 3 and number % 2 == 1:
                drill, tier = PRACTICE[(number // 2 - 1) % len(PRACTICE)]
                learner.practise(drill, tier, when + timedelta(hours=1), number)
                day.practised = f"{drill}/{tier}"
        else:
            day.home = "(away)"
        cards = store.review_cards(profile.id)
        end = when + timedelta(hours=6)
        standings = [standing(card, end) for card in cards]
        day.cards = len(cards)
        day.learnt = standings.count(Standing.LEARNT)
        day.due = standings.count(Standing.DUE)
        day.overdue = standings.count(Standing.OVERDUE)
        out.append(day)
    return out, store.review_cards(profile.id), learner


def _date(day: date) -> str:
    return f"{day:%a} {day.day:>2} {day:%b}"


def report(days: list[Day], cards: list[Scheduled], learner: Learner, seed: int) -> str:
    lines = [
        f"The review schedule of one simulated learner over {len(days)} days (seed {seed})",
        "",
        f"{'day':>3}  {'date':<10}  {'asked':>5} {'right':>5}  {'cards':>5} {'learnt':>6}  "
        "Home said, and what else the day held",
    ]
    for day in days:
        also = []
        if day.lessons:
            also.append("lessons " + ", ".join(str(learner.course.number(x)) for x in day.lessons))
        if day.practised:
            also.append("practised " + day.practised)
        lines.append(
            f"{day.number:>3}  {_date(day.when.date()):<10}  {day.asked:>5} {day.right:>5}  "
            f"{day.cards:>5} {day.learnt:>6}  {day.home}"
            + (f" · {'; '.join(also)}" if also else "")
        )
    last = days[-1].when
    lines += [
        "",
        "Each card: the days it was answered (✓ right, ✗ missed; a practice set as "
        "day:right/asked), and when it is due next",
    ]
    for card in sorted(cards, key=lambda c: (isinstance(c.key, DrillCard), c.key.key)):
        due = day_of(card.due)
        after = (due - day_of(FIRST_DAY)).days + 1
        lines.append(
            f"  {card.key.key:<48} {' '.join(learner.marks.get(card.key, [])):<40} "
            f"next: day {after} ({_date(due)}), {standing(card, last).value}"
        )
    asked = sum(day.asked for day in days)
    right = sum(day.right for day in days)
    lines += [
        "",
        f"{len(cards)} cards met; {asked} reviews asked on later days, {right} right; "
        f"learnt at the end: {days[-1].learnt}.",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", type=Path, help="keep the progress file here (a new file)")
    args = parser.parse_args(argv)
    if args.days < 1:
        parser.error("--days must be 1 or more")
    with tempfile.TemporaryDirectory() as folder:
        path = args.db or Path(folder) / "progress.sqlite3"
        days, cards, learner = simulate(args.days, args.seed, path)
        print(report(days, cards, learner, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What the Progress page shows, computed from the store's small aggregates.

Pure: every function takes rows the store has already grouped in SQL (a few per day, per
drill and tier, per category) or a bounded window of recent answers, and returns plain
records; nothing here reads the database, the clock or Streamlit.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import NamedTuple

from trainer.engine import parse_cards
from trainer.engine.skills import CATEGORIES, CATEGORY_LABELS, Category, DrillType
from trainer.progress.store import (
    AreaRow,
    DayRow,
    GameStats,
    LevelGames,
    MissRow,
    ProgressRows,
    Recorded,
    Streaks,
)
from trainer.training.adaptive import FLOOR, AreaNeed, assess
from trainer.training.adaptive import category_drills as _category_drills
from trainer.training.records import LESSON_TIER
from trainer.training.table import LEVEL_NAMES, level_name

#: How the pages name each drill type (from the skills registry).
DRILL_LABELS: dict[str, str] = {drill.value: drill.heading for drill in DrillType}

#: Charts switch from days to weeks when the history is longer than this (daily points
#: over many weeks zig-zag too much to read).
DAILY_SPAN_DAYS = 21


def drill_label(drill: str) -> str:
    return DRILL_LABELS.get(drill, drill.capitalize())


def tier_label(
    tier: str, titles: Mapping[tuple[str, str], str] | None = None, drill: str = ""
) -> str:
    """A tier's title from the drill definitions when known, else its id made readable."""
    if tier == LESSON_TIER:
        return "In the lessons"
    if titles and (drill, tier) in titles:
        return titles[(drill, tier)]
    return tier.replace("-", " ").replace("_", " ").capitalize()


def area_label(drill: str, tier: str, titles: Mapping[tuple[str, str], str] | None = None) -> str:
    return f"{drill_label(drill)} · {tier_label(tier, titles, drill)}"


def export_file_name(name: str) -> str:
    """A safe file name for a player's CSV export.

    >>> export_file_name("Sam O'Neil")
    'cribbage-progress-sam-o-neil.csv'

    Accented letters lose their accents (``Zoë`` → ``zoe``); letters of other
    scripts are kept as they are.

    >>> export_file_name("Zoë")
    'cribbage-progress-zoe.csv'
    """
    kept: list[str] = []
    for ch in unicodedata.normalize("NFKD", name):
        if unicodedata.combining(ch) and kept and kept[-1].isascii():
            continue  # an accent on a Latin letter
        kept.append(ch)
    bare = unicodedata.normalize("NFC", "".join(kept)).lower()
    marked = "".join(
        ch if ch.isalnum() or unicodedata.category(ch).startswith("M") else "-" for ch in bare
    )
    slug = re.sub(r"-+", "-", marked).strip("-")
    return f"cribbage-progress-{slug[:60].strip('-') or 'player'}.csv"


@dataclass(frozen=True, slots=True)
class Totals:
    answers: int
    right: int
    seconds: float
    days: int  # days with at least one answer

    @property
    def accuracy(self) -> float | None:
        return self.right / self.answers if self.answers else None

    @property
    def seconds_per_answer(self) -> float | None:
        return self.seconds / self.answers if self.answers else None


def totals(days: Sequence[DayRow]) -> Totals:
    return Totals(
        answers=sum(r.answers for r in days),
        right=sum(r.correct for r in days),
        seconds=sum(r.seconds for r in days),
        days=len({r.day for r in days}),
    )


class TimePoint(NamedTuple):
    """One drill type over one period (a day, or a week starting on Monday)."""

    period: date
    drill: str
    label: str
    answers: int
    accuracy: float  # 0..1
    seconds: float  # average seconds an answer


def period_start(day: date, weekly: bool) -> date:
    return day - timedelta(days=day.weekday()) if weekly else day


def is_weekly(days: Sequence[DayRow]) -> bool:
    if not days:
        return False
    return (max(r.day for r in days) - min(r.day for r in days)).days > DAILY_SPAN_DAYS


def over_time(days: Sequence[DayRow], *, weekly: bool | None = None) -> list[TimePoint]:
    """Accuracy and pace per drill type per day (per week when the history is long)."""
    weekly = is_weekly(days) if weekly is None else weekly
    sums: dict[tuple[date, str], list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for row in days:
        acc = sums[(period_start(row.day, weekly), row.drill)]
        acc[0] += row.answers
        acc[1] += row.correct
        acc[2] += row.seconds
    return [
        TimePoint(period, drill, drill_label(drill), int(n), right / n, seconds / n)
        for (period, drill), (n, right, seconds) in sorted(sums.items())
        if n
    ]


class DayStreak(NamedTuple):
    current: int  # days in a row up to today (or yesterday, so today is still open)
    best: int


def day_streak(days: Sequence[DayRow], today: date) -> DayStreak:
    """Days in a row with at least one answer."""
    practised = sorted({r.day for r in days})
    best = run = 0
    previous: date | None = None
    for day in practised:
        run = run + 1 if previous is not None and day - previous == timedelta(1) else 1
        best = max(best, run)
        previous = day
    current = run if previous is not None and (today - previous).days <= 1 else 0
    return DayStreak(current, best)


class CategoryRate(NamedTuple):
    category: str
    label: str
    misses: int
    chances: int  # answers in drills where this category can come up
    rate: float  # 0..1


def category_rates(misses: Sequence[MissRow], areas: Sequence[AreaRow]) -> list[CategoryRate]:
    """For each category, the share of answers (where it can come up) that missed it."""
    answers_by_drill: dict[str, int] = defaultdict(int)
    for area in areas:
        answers_by_drill[area.drill] += area.answers
    missed: dict[str, int] = defaultdict(int)
    seen_in: dict[str, set[str]] = defaultdict(set)
    for row in misses:
        missed[row.category] += row.misses
        seen_in[row.category].add(row.drill)
    where = _category_drills()
    out = []
    for category in CATEGORIES:
        drills = where.get(category, frozenset()) | seen_in[category]
        chances = sum(answers_by_drill[d] for d in drills)
        if chances:
            count = missed[category]
            out.append(
                CategoryRate(category, CATEGORY_LABELS[category], count, chances, count / chances)
            )
    return out


def _badness(recorded: Recorded) -> tuple[int, int, float]:
    a = recorded.attempt
    return (len(a.missed), abs(a.points_off), a.seconds)


def best_and_worst(
    recent: Sequence[Recorded], *, count: int = 3
) -> tuple[list[Recorded], list[Recorded]]:
    """The quickest right answers and the wrong answers that missed the most, newest first
    among equals.

    A question answered more than once is listed once, by its newest answer.
    """
    newest_first = _once_each(sorted(recent, key=lambda r: r.id, reverse=True))
    right = [r for r in newest_first if r.attempt.correct]
    wrong = [r for r in newest_first if not r.attempt.correct]
    best = sorted(right, key=lambda r: r.attempt.seconds)[:count]
    worst = sorted(wrong, key=_badness, reverse=True)[:count]
    return best, worst


def _once_each(rows: Sequence[Recorded]) -> list[Recorded]:
    """``rows`` with each question (drill, level, seed and deal) kept the first time only."""
    seen: set[tuple[str, str, int, str]] = set()
    out = []
    for row in rows:
        a = row.attempt
        key = (a.drill, a.tier, a.seed, a.question)
        if key not in seen:
            seen.add(key)
            out.append(row)
    return out


_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([SHDC])(?![0-9A-Za-z])")


def readable(notation: str) -> str:
    """Question notation with its cards as people write them.

    >>> readable("5H 10D JS AH | 5S")
    '5♥ 10♦ J♠ A♥ | 5♠'
    >>> readable("you 7S, opp go | left: you 4C; opp -")
    'you 7♠, opp go | left: you 4♣; opp -'
    """
    return _CARD.sub(lambda m: parse_cards(m.group(0))[0].label, notation)


def _missed_text(missed: Sequence[Category]) -> str:
    labels = [CATEGORY_LABELS[c] for c in missed]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def describe_answer(
    recorded: Recorded, titles: Mapping[tuple[str, str], str] | None = None
) -> tuple[str, str]:
    """A heading and a line of plain text for one answer, for the page's lists."""
    a = recorded.attempt
    line = f"{readable(a.question)} · you said {readable(a.answer) or 'nothing'}"
    if a.missed and a.points_off > 0:  # counted too much: what was added is not missing
        line += f"; counted {_missed_text(a.missed)} that {'is' if len(a.missed) == 1 else 'are'} not there"
    elif a.missed:
        line += f"; missed {_missed_text(a.missed)}"
    line += _off_text(a.drill, a.points_off)
    return area_label(a.drill, a.tier, titles), f"{line} · {a.seconds:.1f} s"


def _off_text(drill: str, points_off: int) -> str:
    """How far off an answer was: a count short or over, or what a coach drill's choice
    cost against the best one (``points_off`` is then never above 0).

    >>> _off_text("hand", -2), _off_text("hand", 3), _off_text("hand", 0)
    (' (2 short)', ' (3 too many)', '')
    >>> _off_text("discard", -1), _off_text("play", -3)
    (' (about 1 point a deal lost)', ' (about 3 points given away)')
    """
    lost = abs(points_off)
    points = "point" if lost == 1 else "points"
    if not points_off:
        return ""
    if drill == DrillType.DISCARD:
        return f" (about {lost} {points} a deal lost)"
    if drill == DrillType.PLAY:
        return f" (about {lost} {points} given away)"
    return f" ({lost} short)" if points_off < 0 else f" ({lost} too many)"


def _opens(drill: str, tier: str, titles: Mapping[tuple[str, str], str] | None) -> bool:
    """Whether Practice has this area to open."""
    if tier == LESSON_TIER or DrillType.named(drill) is None:
        return False
    return titles is None or (drill, tier) in titles


def _drill_place(drill: str) -> int:
    """Where a drill type comes in the pages' order (after them all when it is none)."""
    known = DrillType.named(drill)
    return list(DrillType).index(known) if known is not None else len(DrillType)


class Weakness(NamedTuple):
    drill: str
    tier: str
    label: str
    reason: str
    weight: float


def weakest_areas(
    needs: Sequence[AreaNeed],
    *,
    count: int = 3,
    floor: float = FLOOR,
    titles: Mapping[tuple[str, str], str] | None = None,
) -> list[Weakness]:
    """The areas adaptive practice would deal most, with a sentence saying why.

    Only areas that Practice can open are offered: never answers from the lessons, and,
    when ``titles`` (the drill definitions' tiers) are given, only the tiers they hold.
    """
    weak = [
        n
        for n in needs
        if n.weight > floor + 1e-9 and n.answers and _opens(n.drill, n.tier, titles)
    ]
    weak.sort(
        key=lambda n: (
            -n.weight,
            _drill_place(n.drill),
            n.tier,
        )
    )
    out = []
    for need in weak[:count]:
        parts = [f"{need.right} of your last {need.answers} right"]
        if need.weakest_category:
            parts.append(f"most often missed: {CATEGORY_LABELS[need.weakest_category]}")
        if need.pace > 0.25:
            parts.append("slower than usual")
        out.append(
            Weakness(
                need.drill,
                need.tier,
                area_label(need.drill, need.tier, titles),
                "; ".join(parts),
                need.weight,
            )
        )
    return out


def drill_answers(
    needs: Sequence[AreaNeed], *, titles: Mapping[tuple[str, str], str] | None = None
) -> tuple[int, int]:
    """``(right, answers)`` among the recent answers of the areas Practice can open (the
    ones the weak spots are chosen from): the lessons' answers and the counts made in games
    are not drills, however they went."""
    practised = [n for n in needs if n.answers and _opens(n.drill, n.tier, titles)]
    return sum(n.right for n in practised), sum(n.answers for n in practised)


#: How many of each area's newest answers the weak spots are judged on.
RECENT_PER_AREA = 30
#: How many of the newest answers the best and worst are picked from.
RECENT_ANSWERS = 50


@dataclass(frozen=True, slots=True)
class Report:
    """Everything the Progress page shows for one profile."""

    totals: Totals
    right_streak: Streaks
    day_streak: DayStreak
    over_time: list[TimePoint]
    weekly: bool
    categories: list[CategoryRate]
    best: list[Recorded]
    worst: list[Recorded]
    needs: list[AreaNeed]
    weak: list[Weakness]

    @property
    def weights(self) -> dict[tuple[DrillType, str], float]:
        """Adaptive practice weights, as the Practice page takes them."""
        return {need.area: need.weight for need in self.needs}


def build_report(
    rows: ProgressRows,
    *,
    today: date,
    titles: Mapping[tuple[str, str], str] | None = None,
    targets: Mapping[tuple[DrillType, str], float] | None = None,
) -> Report:
    """Put the store's rows together (read with :data:`RECENT_PER_AREA` and
    :data:`RECENT_ANSWERS`)."""
    # Weights are for practice areas: lesson answers count in the totals, streaks and
    # "what gets missed", but a lesson is not an area Practice can deal.
    needs = assess(
        [r.attempt for r in rows.window if r.attempt.tier != LESSON_TIER],
        target_seconds=targets,
    )
    best, worst = best_and_worst(rows.recent)
    weekly = is_weekly(rows.days)
    return Report(
        totals=totals(rows.days),
        right_streak=rows.streaks,
        day_streak=day_streak(rows.days, today),
        over_time=over_time(rows.days, weekly=weekly),
        weekly=weekly,
        categories=category_rates(rows.misses, rows.areas),
        best=best,
        worst=worst,
        needs=needs,
        weak=weakest_areas(needs, titles=titles),
    )


# --- games against the computer -------------------------------------------------------------


def margin_text(value: float | None) -> str:
    """``+12``, ``-3.5``, ``0``: how far ahead of the computer a game ended, on average."""
    if value is None:
        return "–"
    text = f"{value:+.1f}".removesuffix(".0")
    return "0" if text in ("+0", "-0") else text


class GamesLine(NamedTuple):
    """One line of the Progress page's games table (headed by :data:`GAMES_HEADINGS`)."""

    level: str
    game: str
    finished: int
    won: int
    skunks_given: int
    skunks_taken: int
    average_margin: str
    playing: int


#: The games table's headings, one for each field of :class:`GamesLine`.
GAMES_HEADINGS: tuple[str, ...] = (
    "Level",
    "Game",
    "Finished",
    "Won",
    "Skunks given",
    "Skunks taken",
    "Average margin",
    "Playing now",
)


def games_lines(records: Sequence[LevelGames]) -> list[GamesLine]:
    """One line per level, length and table size played: Easy first, the long game first,
    then two players before three and four (each size its own line: a game of three or four
    is never counted with the games of two)."""
    order = {level: n for n, level in enumerate(LEVEL_NAMES)}
    ranked = sorted(
        records, key=lambda r: (order.get(r.level, len(order)), r.level, -r.target, r.seats)
    )
    return [
        GamesLine(
            level_name(r.level),
            f"to {r.target}, {TABLE_SHORT.get(r.seats, f'{r.seats} players')}",
            r.finished,
            r.wins,
            r.skunks_given,
            r.skunks_taken,
            margin_text(r.average_margin),
            r.playing,
        )
        for r in ranked
    ]


#: How many sat at the table, in a few words: a line of the games table, a game in a list.
TABLE_SHORT: dict[int, str] = {2: "2 players", 3: "3 players", 4: "4 in pairs"}

#: How many sat at the table, said in full: the record against a level.
TABLE_WORDS: dict[int, str] = {
    2: "two players",
    3: "three players",
    4: "four players, in partnerships",
}


def games_caption(records: Sequence[LevelGames]) -> str:
    """What the games table's figures mean, with what differs at three and four when the
    player has played them."""
    finished = sum(r.finished for r in records)
    won = sum(r.wins for r in records)
    text = (
        f"{finished} game{'' if finished == 1 else 's'} finished, {won} won. "
        "Skunks given are games you won by a skunk, skunks taken are games the computer "
        "did. Average margin is your score take away the computer's at the end of a game."
    )
    sizes = {r.seats for r in records}
    if 3 in sizes:
        text += " With three players, it is your score take away the better computer's."
    if 4 in sizes:
        text += (
            " With four, in pairs, a game won is one you and your partner won, and the "
            "margin is your side's score take away the other side's."
        )
    return text


def record_line(level: str, target: int, seats: int, stats: GameStats) -> str:
    """The player's record against a level, length and table size, in Markdown: ``Your
    record against Hard to 121, two players: 3 won of 5 games, 1 by a skunk, average
    margin +4.5.`` (with four, the games the player's partnership won)."""
    name = level_name(level)
    size = TABLE_WORDS.get(seats, f"{seats} players")
    games = "1 game" if stats.games == 1 else f"{stats.games} games"
    won = (
        f"{stats.wins} of {games} won with your partner"
        if seats == 4
        else f"{stats.wins} won of {games}"
    )
    return (
        f"Your record against {name} to {target}, {size}: {won}, {stats.skunks} by a skunk, "
        f"average margin {margin_text(stats.average_margin)}."
    )

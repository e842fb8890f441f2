"""The Progress page's analytics, from the store's aggregate rows."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from trainer.engine.skills import Category, DrillType
from trainer.progress.figures import (
    GAMES_HEADINGS,
    GamesLine,
    area_label,
    best_and_worst,
    category_rates,
    day_streak,
    describe_answer,
    export_file_name,
    games_caption,
    games_lines,
    is_weekly,
    margin_text,
    over_time,
    readable,
    record_line,
    tier_label,
    totals,
    weakest_areas,
)
from trainer.progress.store import AreaRow, DayRow, GameStats, LevelGames, MissRow, Recorded
from trainer.training.adaptive import FLOOR, AreaNeed
from trainer.training.records import AttemptIn

D0 = date(2025, 3, 3)  # a Monday


def day(
    offset: int, drill: str = "hand", answers: int = 4, right: int = 3, secs: float = 40.0
) -> DayRow:
    return DayRow(D0 + timedelta(offset), DrillType(drill), answers, right, secs)


def test_totals() -> None:
    t = totals([day(0), day(0, "peg", 2, 2, 6.0), day(5, answers=4, right=1)])
    assert (t.answers, t.right, t.days) == (10, 6, 2)
    assert t.accuracy == pytest.approx(0.6)
    assert t.seconds_per_answer == pytest.approx(8.6)


def test_totals_of_nothing() -> None:
    t = totals([])
    assert t.answers == 0 and t.accuracy is None and t.seconds_per_answer is None


def test_over_time_by_day() -> None:
    points = over_time([day(0), day(0, "peg", 2, 1, 10.0), day(1, answers=2, right=2, secs=5)])
    assert [(p.period, p.drill, p.answers) for p in points] == [
        (D0, "hand", 4),
        (D0, "peg", 2),
        (D0 + timedelta(1), "hand", 2),
    ]
    assert points[0].accuracy == pytest.approx(0.75)
    assert points[0].seconds == pytest.approx(10.0)
    assert points[1].label == "Peg a card"


def test_long_histories_are_charted_by_week() -> None:
    rows = [day(0), day(3), day(22, answers=1, right=0, secs=9.0)]
    assert is_weekly(rows)
    points = over_time(rows)
    assert [(p.period, p.answers) for p in points] == [(D0, 8), (D0 + timedelta(21), 1)]
    assert points[0].accuracy == pytest.approx(0.75)
    sunday = over_time([day(6)], weekly=True)
    assert sunday[0].period == D0  # a week starts on Monday


def test_short_histories_stay_daily() -> None:
    assert not is_weekly([day(0), day(21)])
    assert not is_weekly([])


@pytest.mark.parametrize(
    ("offsets", "today", "expected"),
    [
        ([], 0, (0, 0)),
        ([0, 1, 2], 2, (3, 3)),
        ([0, 1, 2], 3, (3, 3)),  # today is still open
        ([0, 1, 2], 4, (0, 3)),  # a day was missed
        ([0, 1, 5, 6, 7, 8], 8, (4, 4)),
        ([0, 1, 2, 3, 7], 7, (1, 4)),
    ],
)
def test_day_streak(offsets: list[int], today: int, expected: tuple[int, int]) -> None:
    rows = [day(o) for o in offsets] + [day(o, "peg") for o in offsets]  # two drills a day
    assert day_streak(rows, D0 + timedelta(today)) == expected


def test_category_rates_count_only_answers_where_a_category_can_come_up() -> None:
    areas = [
        AreaRow(DrillType.HAND, "club", 60, 40, 600.0),
        AreaRow(DrillType.CRIB, "trap", 20, 10, 300.0),
        AreaRow(DrillType.GO, "beginner", 20, 15, 100.0),
    ]
    misses = [
        MissRow(DrillType.HAND, "club", Category.NOBS, 6),
        MissRow(DrillType.CRIB, "trap", Category.NOBS, 2),
        MissRow(DrillType.CRIB, "trap", Category.CRIB_FLUSH, 5),
        MissRow(DrillType.GO, "beginner", Category.GO, 4),
    ]
    rates = {r.category: r for r in category_rates(misses, areas)}
    assert (rates["nobs"].misses, rates["nobs"].chances) == (8, 80)
    assert rates["nobs"].rate == pytest.approx(0.1)
    assert (rates["crib-flush"].misses, rates["crib-flush"].chances) == (5, 20)
    assert (rates["go"].misses, rates["go"].chances) == (4, 20)
    assert (rates["fifteen"].misses, rates["fifteen"].chances) == (0, 80)
    assert rates["thirty-one"].chances == 20  # the go drill, no pegging answers yet
    assert rates["crib-flush"].label == "crib flush"
    assert list(rates)[:3] == ["fifteen", "pair", "run"]  # in the trainer's order


def test_a_category_missed_in_an_unexpected_drill_still_has_its_chances() -> None:
    areas = [AreaRow(DrillType.GO, "beginner", 10, 5, 50.0)]
    rates = {
        r.category: r
        for r in category_rates([MissRow(DrillType.GO, "beginner", Category.PAIR, 2)], areas)
    }
    assert (rates["pair"].misses, rates["pair"].chances) == (2, 10)


def test_category_rates_of_nothing() -> None:
    assert category_rates([], []) == []


def rec(
    id_: int, correct: bool, missed: tuple[str, ...] = (), off: int = 0, secs: float = 5.0
) -> Recorded:
    attempt = AttemptIn(DrillType.HAND, "club", id_, "q", "a", correct, off,
                        tuple(Category(name) for name in missed), secs,
                        at=datetime(2025, 1, 1, tzinfo=UTC))  # fmt: skip
    return Recorded(id_, 1, attempt)


def test_best_and_worst_recent_answers() -> None:
    recent = [
        rec(1, True, secs=4.0),
        rec(2, False, ("nobs",), -1),
        rec(3, True, secs=2.5),
        rec(4, False, ("run", "pair"), -5),
        rec(5, True, secs=4.0),
        rec(6, False, ("fifteen",), -2),
        rec(7, True, secs=9.0),
    ]
    best, worst = best_and_worst(recent, count=3)
    assert [r.id for r in best] == [3, 5, 1]  # quickest first, newest first among equals
    assert [r.id for r in worst] == [4, 6, 2]  # most missed, then most points off


def test_a_question_answered_twice_is_listed_once() -> None:
    twice = [rec(1, False, ("nobs",), -1), rec(2, True), rec(1, False, ("run",), -3)]
    again = [Recorded(r.id + 10, 1, r.attempt) for r in twice]  # the same questions again
    best, worst = best_and_worst([*twice, *again], count=3)
    assert [r.id for r in worst] == [11]  # the newest answer to question 1 only
    assert [r.id for r in best] == [12]


def test_best_and_worst_of_all_right_answers() -> None:
    best, worst = best_and_worst([rec(1, True), rec(2, True)])
    assert len(best) == 2 and worst == []


def need(drill: str, tier: str, weight: float, **kw: object) -> AreaNeed:
    fields: dict[str, object] = dict(
        drill=drill, tier=tier, answers=10, right=6, errors=0.3, categories=0.0, pace=0.0,
        weakest_category=None, weight=weight,
    )  # fmt: skip
    fields.update(kw)
    return AreaNeed(**fields)  # type: ignore[arg-type]


def test_weakest_areas_are_the_heaviest_above_the_floor() -> None:
    needs = [
        need("hand", "club", 0.9, weakest_category="nobs"),
        need("peg", "club", FLOOR),
        need("crib", "trap", 1.4, pace=0.6, right=3),
        need("go", "beginner", 0.5),
        need("hand", "expert", 0.2, answers=0, right=0),  # never tried: not a weakness
    ]
    weak = weakest_areas(needs, count=2)
    assert [(w.drill, w.tier) for w in weak] == [("crib", "trap"), ("hand", "club")]
    assert weak[0].label == "Count the crib · Trap"
    assert weak[0].reason == "3 of your last 10 right; slower than usual"
    assert weak[1].reason == "6 of your last 10 right; most often missed: nobs"
    assert len(weakest_areas(needs)) == 3


def test_no_weak_areas_when_all_is_mastered() -> None:
    assert weakest_areas([need("hand", "club", FLOOR), need("go", "x", FLOOR)]) == []


def test_labels_use_the_drill_titles_when_known() -> None:
    titles = {("hand", "double-runs"): "Double runs and more"}
    assert tier_label("double-runs") == "Double runs"
    assert area_label("hand", "double-runs", titles) == "Count the hand · Double runs and more"
    assert area_label("peg", "club", titles) == "Peg a card · Club"


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("Sam O'Neil", "sam-o-neil"),
        ("☺", "player"),
        ("../../etc", "etc"),
        ("Zoë 2", "zoe-2"),
        ("Zoë", "zoe"),
        ("José Núñez", "jose-nunez"),
        ("Ærøskøbing", "ærøskøbing"),  # letters that are not an accent on a Latin letter stay
        ("李雷", "李雷"),
        ("नमस्ते", "नमस्ते"),
        ("a_b\nc\x00d", "a-b-c-d"),
        ("x" * 500, "x" * 60),
    ],
)
def test_export_file_names_are_safe(name: str, file: str) -> None:
    assert export_file_name(name) == f"cribbage-progress-{file}.csv"


def test_answers_are_described_in_plain_words() -> None:
    wrong = Recorded(3, 1, AttemptIn(DrillType.CRIB, "traps", 1, "5H 6H 7H 8H | 9S", "17", False, 5,
                                     (Category.CRIB_FLUSH, Category.RUN, Category.FIFTEEN), 12.34,
                                     at=datetime(2025, 1, 1, tzinfo=UTC)))  # fmt: skip
    title, line = describe_answer(wrong, {("crib", "traps"): "Trap bank"})
    assert title == "Count the crib · Trap bank"
    assert line == (
        "5♥ 6♥ 7♥ 8♥ | 9♠ · you said 17; counted crib flush, runs and fifteens that are not "
        "there (5 too many) · 12.3 s"
    )
    assert describe_answer(rec(1, True, secs=2.0))[1] == "q · you said a · 2.0 s"


def test_an_over_count_is_told_as_an_over_count() -> None:
    """Said 10 on a hand worth 8, a starter jack taken for nobs: what was added is named as
    added, not as missed; a count short still names what was missed."""
    over = Recorded(4, 1, AttemptIn(DrillType.HAND, "traps", 1, "5H 5D JS QC | JH", "10", False, 2,
                                    (Category.NOBS,), 3.0, at=datetime(2025, 1, 1, tzinfo=UTC)))  # fmt: skip
    assert describe_answer(over)[1] == (
        "5♥ 5♦ J♠ Q♣ | J♥ · you said 10; counted nobs that is not there (2 too many) · 3.0 s"
    )
    short = rec(5, False, ("nobs",), -1)
    assert "; missed nobs (1 short)" in describe_answer(short)[1]


def test_only_card_tokens_become_cards() -> None:
    assert readable("opp go, you 10C, 31 | left: -") == "opp go, you 10♣, 31 | left: -"
    assert readable("ASK 5HH TS") == "ASK 5HH 10♠"


def _answer(id_: int, drill: str, tier: str, correct: bool) -> Recorded:
    missed = () if correct else (Category.FIFTEEN,)
    attempt = AttemptIn(DrillType(drill), tier, id_, "q", "a", correct, 0 if correct else -2, missed, 5.0,
                        at=datetime(2025, 1, 1, tzinfo=UTC))  # fmt: skip
    return Recorded(id_, 1, attempt)


def test_lesson_answers_are_never_offered_to_practise() -> None:
    from trainer.progress.figures import build_report
    from trainer.progress.store import ProgressRows, Streaks
    from trainer.training.records import LESSON_TIER

    window = [_answer(n, "peg", LESSON_TIER, False) for n in range(12)]
    window += [_answer(100 + n, "hand", "club", n % 2 == 0) for n in range(12)]
    window += [_answer(200 + n, "crib", "gone", False) for n in range(12)]  # a tier removed
    rows = ProgressRows([], [], [], Streaks(0, 0), window, window[-10:])
    titles = {("hand", "club"): "Club", ("crib", "traps"): "Traps"}
    report = build_report(rows, today=date(2025, 1, 2), titles=titles)
    assert [(w.drill, w.tier) for w in report.weak] == [("hand", "club")]
    assert all(tier != LESSON_TIER for _, tier in report.weights)
    assert tier_label(LESSON_TIER) == "In the lessons"
    # without the drill definitions, anything but a lesson may still be offered
    loose = weakest_areas(
        [need("peg", LESSON_TIER, 2.0), need("crib", "gone", 1.0), need("lesson", "x", 1.0)]
    )
    assert [(w.drill, w.tier) for w in loose] == [("crib", "gone")]


def test_games_lines_order_levels_and_sign_the_margin() -> None:
    rows = [
        LevelGames("crazy", 61, 1, 0, 0, 1, -30.0, 0),
        LevelGames("easy", 61, 2, 2, 1, 0, 12.5, 1),
        LevelGames("easy", 121, 1, 1, 0, 0, 0.0, 0),
        LevelGames("normal", 121, 0, 0, 0, 0, None, 1),
        LevelGames("easy", 61, 3, 1, 0, 0, -4.0, 0, seats=4),
        LevelGames("easy", 61, 1, 0, 0, 0, -20.0, 0, seats=3),
    ]
    lines = games_lines(rows)
    assert [(line.level, line.game) for line in lines] == [
        ("Easy", "to 121, 2 players"),
        ("Easy", "to 61, 2 players"),
        ("Easy", "to 61, 3 players"),
        ("Easy", "to 61, 4 in pairs"),
        ("Normal", "to 121, 2 players"),
        ("Crazy", "to 61, 2 players"),
    ]
    assert [line.average_margin for line in lines] == ["0", "+12.5", "-20", "-4", "–", "-30"]
    assert [(line.finished, line.won) for line in lines][1:4] == [(2, 2), (1, 0), (3, 1)]
    assert [(line.skunks_given, line.skunks_taken) for line in lines] == [
        (0, 0),
        (1, 0),
        (0, 0),
        (0, 0),
        (0, 0),
        (0, 1),
    ]
    assert len(GAMES_HEADINGS) == len(GamesLine._fields)
    assert margin_text(-0.04) == "0" and margin_text(3.0) == "+3"


def test_the_games_caption_says_what_differs_at_three_and_four() -> None:
    two = LevelGames("easy", 61, 2, 1, 0, 0, 3.0, 0)
    assert games_caption([two]).startswith("2 games finished, 1 won. ")
    assert "three" not in games_caption([two]) and "partner" not in games_caption([two])
    three = two._replace(seats=3, finished=1, wins=0)
    four = two._replace(seats=4, finished=1, wins=1)
    said = games_caption([two, three, four])
    assert said.startswith("4 games finished, 2 won. ")
    assert "With three players, it is your score take away the better computer's." in said
    assert "a game won is one you and your partner won" in said


def test_the_record_against_a_level_names_the_table_size() -> None:
    stats = GameStats(games=5, wins=3, skunks=1, average_margin=4.5)
    assert record_line("hard", 121, 2, stats) == (
        "Your record against Hard to 121, two players: 3 won of 5 games, 1 by a skunk, "
        "average margin +4.5."
    )
    assert record_line("easy", 61, 3, GameStats(1, 0, 0, -12.0)) == (
        "Your record against Easy to 61, three players: 0 won of 1 game, 0 by a skunk, "
        "average margin -12."
    )
    assert record_line("crazy", 121, 4, stats).startswith(
        "Your record against Crazy to 121, four players, in partnerships: 3 of 5 games won "
        "with your partner, 1 by a skunk"
    )

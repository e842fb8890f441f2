"""Review spread over days (trainer.training.scheduling): every answer a review of its card
with the fsrs scheduler, a miss "Again", slow "Hard", right "Good", fast "Easy" against the
drills' own paces; the clock moved by days decides what comes due, never the sittings; what
Home says and Progress counts; a review set worked through."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from trainer.content.catalog import load_drills
from trainer.content.lessons import CountCheck, TrueFalseCheck, load_course
from trainer.engine.skills import DrillType
from trainer.training.learn import AnswerProblem, drill_for
from trainer.training.scheduling import (
    FAST,
    LEARNT_DAYS,
    DrillCard,
    DueToday,
    Group,
    LessonCard,
    Rating,
    Scheduled,
    Standing,
    day_of,
    drill_card,
    drill_pace,
    due_today,
    lesson_card,
    lesson_pace,
    lesson_question,
    parse_key,
    rate,
    review,
    standing,
    standings,
)
from trainer.training.scheduling.review_set import ReviewSet, answer_lesson, drill_run

COURSE = load_course()
CATALOG = load_drills()
#: Mid-morning on a Monday, in the learner's own time zone, so a day on is a day on.
MONDAY = datetime(2026, 3, 2, 10).astimezone()


def _card(key: LessonCard | DrillCard, *ratings: Rating, start: datetime = MONDAY) -> Scheduled:
    """A card answered once a day, a day apart, with ``ratings``."""
    card = None
    for day, rating in enumerate(ratings):
        card = review(card, rating, start + timedelta(days=day), key=key.key)
    assert card is not None
    return Scheduled(key, card, len(ratings), ratings.count(Rating.Again))


# --- the keys -----------------------------------------------------------------------------------


def test_a_key_says_what_its_card_is_for_and_reads_back() -> None:
    assert lesson_card("the-show", "pairs") == LessonCard("the-show", "pairs")
    assert parse_key("lesson:the-show/pairs") == lesson_card("the-show", "pairs")
    assert parse_key(drill_card("go", "three").key) == drill_card("go", "three")
    for bad in ("lesson:the-show", "drill:poker/easy", "lesson:The-Show/pairs", "", "x" * 200):
        with pytest.raises(ValueError, match="is not a card's key"):
            parse_key(bad)
    with pytest.raises(ValueError, match="'poker' is not a drill"):
        drill_card("poker", "easy")
    with pytest.raises(ValueError, match="is not a card's key"):
        lesson_card("the-show", "Pairs Two")


# --- an answer as a rating ----------------------------------------------------------------------


def test_a_miss_is_again_slow_is_hard_right_is_good_fast_is_easy() -> None:
    pace = drill_pace(CATALOG, DrillType.HAND, "club")
    assert pace == 20
    assert rate(correct=False, seconds=2, pace=pace) is Rating.Again
    assert rate(correct=True, seconds=pace + 0.5, pace=pace) is Rating.Hard
    assert rate(correct=True, seconds=pace, pace=pace) is Rating.Good
    assert rate(correct=True, seconds=pace * FAST + 0.1, pace=pace) is Rating.Good
    assert rate(correct=True, seconds=pace * FAST, pace=pace) is Rating.Easy
    assert rate(correct=True, seconds=None, pace=pace) is Rating.Again  # the answer was shown
    assert rate(correct=True, seconds=500, pace=None) is Rating.Good  # no target: right is good
    assert drill_pace(CATALOG, DrillType.HAND, "nope") is None


def test_a_lessons_question_is_held_to_the_most_patient_pace_of_its_drill() -> None:
    show = COURSE.get("the-show")
    assert show is not None
    count = next(step.check for step in show.steps if isinstance(step.check, CountCheck))
    rule = next(
        s.check
        for lesson in COURSE.lessons
        for s in lesson.steps
        if isinstance(s.check, TrueFalseCheck)
    )
    assert lesson_pace(CATALOG, drill_for(count)) == max(
        t.pace for t in CATALOG.drills[DrillType.HAND].tiers
    )
    assert lesson_pace(CATALOG, drill_for(rule)) is None


# --- days decide ---------------------------------------------------------------------------------


def test_days_decide_what_comes_due_not_the_sittings() -> None:
    missed = _card(lesson_card("the-show", "pairs"), Rating.Again)
    known = _card(drill_card("hand", "beginner"), Rating.Good)
    easy = _card(drill_card("peg", "beginner"), Rating.Easy)
    cards = [missed, known, easy]
    # the same day, however many sittings: nothing comes back
    for hours in (0, 1, 5, 12):
        assert due_today(cards, MONDAY + timedelta(hours=hours)).cards == ()
    assert [c.key for c in due_today(cards, MONDAY + timedelta(days=1)).cards] == [missed.key]
    two = due_today(cards, MONDAY + timedelta(days=2))
    assert [c.key for c in two.cards] == [missed.key, known.key]  # the longest waiting first
    assert two.words() == "2 to review: 1 from the lessons, 1 counting drill."
    late = MONDAY + timedelta(days=40)
    assert [c.key for c in due_today(cards, late).cards] == [missed.key, known.key, easy.key]
    # the day the next comes due, when none is
    quiet = due_today(cards, MONDAY)
    assert (quiet.next_day, quiet.next_count) == (day_of(MONDAY) + timedelta(days=1), 1)
    assert due_today([], MONDAY) == DueToday(())


def test_a_card_answered_well_day_after_day_comes_back_ever_later() -> None:
    key = drill_card("hand", "club")
    gaps = []
    card = None
    when = MONDAY
    for _ in range(6):
        card = review(card, Rating.Good, when, key=key.key)
        gaps.append((card.due - when).days)
        when = card.due  # answered on the day it comes due
    assert gaps == sorted(gaps) and gaps[-1] > 4 * gaps[0]
    after_a_miss = review(card, Rating.Again, when, key=key.key)
    assert (after_a_miss.due - when).days == 1  # a miss comes back the next day


def test_home_words_group_what_is_due_by_lessons_and_drills() -> None:
    cards = [
        _card(lesson_card("the-show", "pairs"), Rating.Again),
        _card(lesson_card("the-show", "runs"), Rating.Again),
        _card(lesson_card("double-runs", "triple-run"), Rating.Again),
        _card(drill_card("hand", "club"), Rating.Again),
        _card(drill_card("crib", "beginner"), Rating.Again),
        _card(drill_card("go", "two"), Rating.Again),
        _card(drill_card("discard", "dealer"), Rating.Again),
    ]
    due = due_today(cards, MONDAY + timedelta(days=1))
    assert due.by_group == (
        (Group.LESSONS, 3),
        (Group.COUNTING, 2),
        (Group.PEGGING, 1),
        (Group.COACH, 1),
    )
    assert due.words() == (
        "7 to review: 3 from the lessons, 2 counting drills, 1 pegging drill, 1 coach drill."
    )
    gone = lesson_card("no-such-lesson", "x")
    asked = due_today([*cards, _card(gone, Rating.Again)], MONDAY + timedelta(days=1))
    assert len(asked.cards) == 8
    kept = due_today(
        [*cards, _card(gone, Rating.Again)],
        MONDAY + timedelta(days=1),
        askable=lambda key: key != gone,
    )
    assert kept == due


def test_progress_counts_learnt_learning_due_and_overdue_per_area() -> None:
    strong = _card(drill_card("hand", "club"), Rating.Good, Rating.Good, Rating.Easy)
    assert strong.stability >= LEARNT_DAYS
    weak = _card(drill_card("hand", "club"), Rating.Good)
    missed = _card(lesson_card("the-show", "pairs"), Rating.Again)
    now = day_after = MONDAY + timedelta(days=3)
    assert standing(strong, now) is Standing.LEARNT
    assert standing(missed, now) is Standing.OVERDUE  # due on Tuesday, and it is Thursday
    assert standing(missed, MONDAY + timedelta(days=1)) is Standing.DUE
    fresh = _card(drill_card("peg", "beginner"), Rating.Hard, start=now)
    assert standing(fresh, day_after) is Standing.LEARNING
    table = standings([strong, weak, missed, fresh], now)
    assert list(table) == [drill_card("hand", "club"), "the-show", drill_card("peg", "beginner")]
    assert dict(table[drill_card("hand", "club")]) == {Standing.LEARNT: 1, Standing.OVERDUE: 1}
    assert dict(table["the-show"]) == {Standing.OVERDUE: 1}


# --- a review set ---------------------------------------------------------------------------------


def test_a_review_set_asks_what_is_due_once_each_then_is_done() -> None:
    cards = [
        _card(lesson_card("the-show", "pairs"), Rating.Again),
        _card(drill_card("hand", "beginner"), Rating.Again),
    ]
    run = ReviewSet.of(due_today(cards, MONDAY + timedelta(days=1)))
    assert run.cards == (lesson_card("the-show", "pairs"), drill_card("hand", "beginner"))
    assert run.answer_key == f"review:{run.set_id}/0"
    check = lesson_question(COURSE, lesson_card("the-show", "pairs"))
    assert check is not None
    with pytest.raises(AnswerProblem):
        answer_lesson(check, "four", seconds=3, pace=30)
    run.start_clock(100.0)
    got = answer_lesson(check, "3", seconds=run.seconds(112.0), pace=30)
    assert not got.feedback.correct and got.rating is Rating.Again
    assert got.attempt is not None and not got.attempt.correct and got.attempt.seconds == 12
    assert "Not quite" in got.feedback.headline and got.feedback.breakdown is not None
    run.answered(got.feedback.correct)
    with pytest.raises(RuntimeError):
        run.answered(True)
    run.next()
    drill = run.current
    assert isinstance(drill, DrillCard)
    practice = drill_run(drill, seed=5, place=run.index)
    assert practice.is_last and practice.key.endswith("/1")
    question = practice.question(CATALOG)
    practice.start_clock(0.0)
    grade = practice.answer_quick(CATALOG, str(question.total), now=4.0)  # type: ignore[union-attr]
    assert grade.correct and grade.attempt().tier == "beginner"
    run.answered(grade.correct)
    run.next()
    assert run.phase == "done" and run.right == [False, True]


def test_a_card_the_course_no_longer_has_is_left_out_of_the_set() -> None:
    assert lesson_question(COURSE, lesson_card("no-such-lesson", "x")) is None
    assert lesson_question(COURSE, lesson_card("the-show", "no-such-step")) is None
    assert lesson_question(COURSE, lesson_card("the-show", "pick-them-up")) is None  # no check
    run = ReviewSet((lesson_card("no-such-lesson", "x"), drill_card("hand", "club")))
    run.skip()
    assert run.cards == (drill_card("hand", "club"),) and run.phase == "question"
    run.skip()
    assert run.phase == "done"


def test_a_review_set_takes_at_most_its_share_the_longest_waiting_first() -> None:
    tiers = ("beginner", "club", "expert")
    cards = [
        _card(drill_card("hand", tier), Rating.Again, start=MONDAY - timedelta(hours=n))
        for n, tier in enumerate(tiers)
    ]
    due = due_today(cards, MONDAY + timedelta(days=2))
    assert ReviewSet.of(due, most=2).cards == (
        drill_card("hand", "expert"),
        drill_card("hand", "club"),
    )


def test_a_lesson_question_under_review_comes_with_new_cards_of_its_kind() -> None:
    card = lesson_card("the-show", "pairs")
    own = lesson_question(COURSE, card)
    fresh = lesson_question(COURSE, card, fresh=7)
    assert isinstance(own, CountCheck) and isinstance(fresh, CountCheck)
    assert (fresh.hand, fresh.starter) != (own.hand, own.starter)
    assert lesson_question(COURSE, card, fresh=7) == fresh  # the same on every rerun
    assert lesson_question(COURSE, lesson_card("the-show", "gone"), fresh=7) is None

"""The Learn page's logic: reading answers, grading them against the engine, the words
of the feedback, the records kept, and moving through a lesson.

New cards for a lesson's question (training/learn/dealing.py) are tested here too, in a section
of their own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from trainer.content.lessons import (
    BoardCheck,
    Check,
    CountCheck,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    Lesson,
    PegCheck,
    Situation,
    SkunkCheck,
    Step,
    TableGoCheck,
    TrueFalseCheck,
    check_files,
    load_course,
    question_key,
)
from trainer.content.validate import validate_paths
from trainer.engine import parse_cards, score_play, score_show
from trainer.engine.skills import CATEGORIES, DrillType
from trainer.progress.store import check_attempt
from trainer.training.learn import (
    AnswerProblem,
    Learn,
    Status,
    answer_text,
    asks_number,
    attempt,
    deal_again,
    drill_for,
    go_story,
    grade,
    kind_problem,
    lesson_status,
    options,
    question_story,
    read_answer,
    read_points,
    resume_step,
    reveal,
    right_answer,
    status_text,
    suggested,
    table_story,
)
from trainer.training.learn.dealing import drill_question, kind_misses
from trainer.training.learn.giveaway import chart_problem, gives_away
from trainer.training.questions import show_features
from trainer.training.records import LESSON_TIER, AttemptIn, LessonProgress

COURSE = load_course()


def _count(hand: str, starter: str, crib: bool = False) -> CountCheck:
    return CountCheck(kind="count", hand=hand, starter=starter, crib=crib, deal={})  # type: ignore[arg-type]


def _peg(pile: str) -> PegCheck:
    return PegCheck(kind="peg", pile=pile, deal={})  # type: ignore[arg-type]


def _go(pone: str, dealer: str, plays: str, ask: str) -> GoCheck:
    return GoCheck(kind="go", pone=pone, dealer=dealer, plays=plays, ask=ask, deal={})  # type: ignore[arg-type]


def _rule(answer: bool, explain: str) -> TrueFalseCheck:
    more = (Situation(statement="t", answer=not answer, explain="f"),)
    return TrueFalseCheck(
        kind="true-false", statement="s", answer=answer, explain=explain, more=more
    )


# --- reading what was typed ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("abc", "Your answer: 'abc' is not a number. Type the points as digits, like 12."),
        ("", "Your answer: it is empty. Type the points as a number."),
        ("   ", "Your answer: it is empty. Type the points as a number."),
        (None, "Your answer: it is empty. Type the points as a number."),
        ("-2", "Your answer: -2 is below zero; points are never negative."),
        ("30", "Your answer: 30 is more than anything can score."),
        ("2.5", "Your answer: 2.5 is not a whole number of points."),
    ],
)
def test_bad_numbers_are_refused_with_a_message(typed: str | None, message: str) -> None:
    with pytest.raises(AnswerProblem) as caught:
        read_points(typed)
    assert str(caught.value) == message


@pytest.mark.parametrize(("typed", "value"), [("0", 0), (" 8 ", 8), ("29", 29), ("07", 7)])
def test_good_numbers_are_read(typed: str, value: int) -> None:
    assert read_points(typed) == value


def test_choices_must_be_picked_from_the_list() -> None:
    check = _rule(True, "e")
    assert options(check) == (("true", "True"), ("false", "False"))
    with pytest.raises(AnswerProblem, match="Pick an answer first"):
        read_answer(check, None)
    with pytest.raises(AnswerProblem, match="Pick one of the answers shown"):
        read_answer(check, "maybe")
    assert read_answer(check, "false") == "false"


# --- grading and explaining ------------------------------------------------------------------


def test_a_right_count_is_praised_with_the_cadence() -> None:
    check = _count("5H 5C JS 8D", "7C")
    score = score_show(check.hand, check.starter)
    feedback = grade(check, score.total)
    assert feedback.correct
    assert feedback.headline == f"Yes! **{score.total} points**."
    assert any(score.cadence().capitalize() in line for line in feedback.details)
    assert feedback.breakdown == score


def test_a_wrong_count_shows_the_engines_breakdown_and_a_hint() -> None:
    check = _count("JD 4C 8H AS", "7D")  # two fifteens and nobs: 5
    feedback = grade(check, 4)
    assert not feedback.correct and not feedback.revealed
    assert feedback.headline.startswith("Not quite: you said 4.")
    assert feedback.breakdown == score_show(check.hand, check.starter)
    assert "You were one short: look again at nobs" in " ".join(feedback.details)


def test_the_crib_four_flush_is_called_out() -> None:
    check = _count("2D 5D 9D KD", "QS", crib=True)  # 4: the four diamonds don't count
    feedback = grade(check, 8)
    assert "the starter has to match too" in " ".join(feedback.details)
    record = attempt(check, 8, 3.0)
    assert record is not None and record.missed == ("crib-flush",)


def test_a_wrong_peg_says_what_the_card_made() -> None:
    check = _peg("4C 5S 6D")
    feedback = grade(check, 2)
    made = score_play(check.pile).explain()
    assert made == "15 for 2, and a run of three, 4-5-6, for 3"
    assert feedback.details == (f"The 6♦ brings the count to 15: {made}.",)
    assert feedback.pile == check.pile
    nothing = grade(_peg("JD QC"), 2)
    assert nothing.details == ("The Q♣ brings the count to 20 and scores nothing.",)


def test_a_go_question_is_explained_action_by_action() -> None:
    check = _go("TS 8H 3C QD", "9D 5C KH 7S", "TS 9D 8H 3C", "points")
    feedback = grade(check, 2)
    assert not feedback.correct
    assert feedback.details == (
        "The pone lays the 10♠: the count is 10.",
        "The dealer lays the 9♦: the count is 19.",
        "The pone lays the 8♥: the count is 27. That scores a run of three, 8-9-10, for 3.",
        "The dealer can't lay a card without passing 31 and says **go**.",
        "The pone lays the 3♣: the count is 30. "
        "Nobody can lay another card without going past 31, so the pone pegs 1 for the go.",
        "The count goes back to zero, and the dealer leads the next series. "
        "The player who did not lay the last card leads.",
    )
    assert grade(check, 1).correct


def test_who_scores_and_who_leads_are_picked() -> None:
    check = _go("KC 3D 7H 2S", "9S 6H 5D 4C", "KC 9S 3D 6H 2S 5D 7H 4C", "who-scores")
    assert options(check) == (("pone", "The pone"), ("dealer", "The dealer"))
    assert grade(check, "dealer").correct
    wrong = grade(check, "pone")
    assert wrong.headline == "Not quite: you said “The pone”."
    assert "The dealer pegs 1 for last card" in wrong.details[-2]
    assert wrong.details[-1].startswith("Every card has been laid, so the play is over")


def test_a_wrong_fifteen_says_what_that_card_makes() -> None:
    check = FifteenCheck(kind="fifteen", pile="AS 4D", choices="9C KH 6S")  # type: ignore[arg-type]
    assert check.answer == parse_cards("KH")[0]
    feedback = grade(check, "9C")
    assert feedback.details == ("The 9♣ would make the total 14, not 15.",)
    right = grade(check, "KH")
    assert right.correct and right.headline == "Yes! It's **the K♥**."
    assert right.details == (
        "The K♥ brings the total to 15: 15 for 2.",
    )  # before the count is taught
    assert right.pile == right.lit == parse_cards("AS 4D KH")  # the whole fifteen is lit


def test_skunks_and_rules() -> None:
    check = SkunkCheck(kind="skunk", winner=121, loser=84)
    assert grade(check, "skunk").correct
    assert "short of 91" in grade(check, "win").details[0]
    rule = _rule(False, "Because.")
    assert grade(rule, "false").headline == "Yes! It's **false**."
    assert grade(rule, "true").details == ("Because.",)


def test_show_me_the_answer() -> None:
    check = _count("3H 4C 5D 9S", "KH")
    shown = reveal(check)
    assert shown.revealed and not shown.correct
    assert shown.headline.startswith("The answer is **5 points**.")
    assert shown.breakdown == score_show(check.hand, check.starter)


# --- records ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("check", "drill"),
    [
        (_count("5H 5C JS 8D", "7C"), "hand"),
        (_count("AH 7C 7S 8D", "TS", crib=True), "crib"),
        (_peg("4C 5S 6D"), "peg"),
        (_go("TS 8H 9C QD", "9D 5C KH 7S", "TS 9D 8H", "who-scores"), "go"),
    ],
)
def test_answers_are_recorded_for_the_drill_they_practise(check: Any, drill: str) -> None:
    right = check.answer
    wrong = right + 1 if isinstance(right, int) else "dealer"
    for given, correct in ((right, True), (wrong, False)):
        record = attempt(check, given, 4.25)
        assert isinstance(record, AttemptIn)
        check_attempt(record)  # the progress store accepts it
        assert record.drill == drill and DrillType.named(drill) is not None
        assert (record.tier, record.seed, record.mode) == ("lesson", 0, "quick")
        assert record.correct is correct
        assert record.answer == str(given)
        assert record.seconds == 4.25
        assert set(record.missed) <= set(CATEGORIES)
        if correct:
            assert record.missed == ()
        elif drill == "go":
            assert record.missed  # the go, last card or 31 that closed the series
        else:
            assert record.missed == (), "one point too many says nothing certain of a kind"
        if isinstance(right, int):
            assert record.points_off == (0 if correct else 1)


def test_rule_questions_are_not_counting_drills() -> None:
    rule = _rule(True, "e")
    assert attempt(rule, "true", 1.0) is None
    assert attempt(SkunkCheck(kind="skunk", winner=121, loser=50), "skunk", 1.0) is None


def test_a_count_short_by_one_kind_records_that_kind() -> None:
    record = attempt(_count("JD 4C 8H AS", "7D"), 4, 1.0)
    assert record is not None and record.missed == ("nobs",) and record.points_off == -1


# --- the course map ------------------------------------------------------------------------------


def test_status_and_resume() -> None:
    lesson = COURSE.lessons[0]
    total = len(lesson.steps)
    assert lesson_status(lesson.id, {}) is Status.NOT_STARTED
    assert status_text(lesson, {}) == "Not started"
    assert resume_step(lesson, {}) == 0
    going = {lesson.id: LessonProgress(lesson.id, 2, False)}
    assert lesson_status(lesson.id, going) is Status.IN_PROGRESS
    assert status_text(lesson, going) == f"In progress: step 3 of {total}"
    assert resume_step(lesson, going) == 2
    beyond = {lesson.id: LessonProgress(lesson.id, 99, False)}
    assert resume_step(lesson, beyond) == total - 1
    done = {lesson.id: LessonProgress(lesson.id, total - 1, True)}
    assert status_text(lesson, done) == "Done"
    assert resume_step(lesson, done) == 0


def test_the_suggested_lesson_is_the_first_unfinished() -> None:
    first, second = COURSE.lessons[:2]
    assert suggested(COURSE, {}) == first
    done = {first.id: LessonProgress(first.id, 0, True)}
    assert suggested(COURSE, done) == second
    going = done | {COURSE.lessons[5].id: LessonProgress(COURSE.lessons[5].id, 1, False)}
    assert suggested(COURSE, going) == COURSE.lessons[5]


# --- moving through a lesson ---------------------------------------------------------------------


class FakeStore:
    def __init__(self) -> None:
        self.places: dict[str, LessonProgress] = {}
        self.attempts: list[AttemptIn] = []
        self.reviews: list[tuple[str, str, DrillType | None, bool, float | None]] = []

    def progress(self) -> dict[str, LessonProgress]:
        return dict(self.places)

    def save(self, lesson_id: str, step: int, done: bool) -> None:
        before = self.places.get(lesson_id)
        self.places[lesson_id] = LessonProgress(
            lesson_id, step, done or bool(before and before.done)
        )

    def record(self, attempt: AttemptIn) -> None:
        self.attempts.append(attempt)

    def review(
        self,
        lesson_id: str,
        question_id: str,
        drill: DrillType | None,
        correct: bool,
        seconds: float | None,
    ) -> None:
        self.reviews.append((lesson_id, question_id, drill, correct, seconds))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _first_check(lesson: Lesson) -> int:
    return next(i for i, step in enumerate(lesson.steps) if step.check is not None)


def test_a_check_must_be_answered_before_next() -> None:
    lesson = COURSE.get("the-play")
    assert lesson is not None
    store, clock = FakeStore(), Clock()
    learn = Learn({}, store, clock)
    learn.open(lesson)
    assert store.places[lesson.id] == LessonProgress(lesson.id, 0, False)
    target = _first_check(lesson)
    while learn.step < target:
        assert learn.can_advance(lesson)
        learn.next(lesson)
    assert store.places[lesson.id].step == target
    learn.seen(lesson)
    assert not learn.can_advance(lesson)
    learn.next(lesson)  # refused
    assert learn.step == target

    learn.submit(lesson, "seven")  # not a number: not graded
    state = learn.check_state(lesson)
    assert state.problem is not None and "'seven' is not a hole number" in state.problem
    assert state.tries == 0 and store.attempts == []

    check = lesson.steps[target].check
    assert isinstance(check, PegCheck) and check.pegs is not None  # where the 7♠ on the 8 pegs
    clock.now += 6
    learn.submit(lesson, str(check.answer + 1))
    assert state.problem is None and state.tries == 1 and not state.passed
    assert state.feedback is not None and not state.feedback.correct
    assert not learn.can_advance(lesson)
    assert store.attempts[-1].correct is False and store.attempts[-1].seconds == 6
    assert store.attempts[-1].answer == str(check.points + 1), "kept as the points counted"

    assert state.feedback.details and "short" not in state.feedback.headline
    assert state.feedback.pile == (), "a first miss gets a hint, not the answer"

    clock.now += 2
    learn.submit(lesson, str(check.answer))
    assert state.passed and state.feedback is not None and state.feedback.correct
    assert len(store.attempts) == 1, "a lesson keeps the first try only: wrong, then right"
    assert learn.can_advance(lesson)
    learn.next(lesson)
    assert learn.step == target + 1
    assert store.places[lesson.id].step == target + 1
    learn.back(lesson)
    assert learn.step == target and learn.can_advance(lesson)


def _at_the_first_check(lesson_id: str) -> tuple[Lesson, Learn, FakeStore]:
    """A lesson opened in a new session, on its first step with a question."""
    lesson = COURSE.get(lesson_id)
    assert lesson is not None
    store = FakeStore()
    learn = Learn({}, store)
    learn.open(lesson)
    while lesson.steps[learn.step].check is None:
        learn.next(lesson)
    return lesson, learn, store


def test_show_me_the_answer_opens_next_without_a_record() -> None:
    lesson, learn, store = _at_the_first_check("the-play")
    learn.submit(lesson, "9")
    learn.reveal(lesson)
    state = learn.check_state(lesson)
    assert state.revealed and state.feedback is not None and state.feedback.revealed
    assert learn.can_advance(lesson)
    assert len(store.attempts) == 1


def test_each_questions_first_try_is_a_review_for_the_schedule() -> None:
    """Every first try is a review of the question's card, right or wrong, with its time
    (a retry is not); the answer shown before any try is a miss."""
    lesson = COURSE.get("the-play")
    assert lesson is not None
    store, clock = FakeStore(), Clock()
    learn = Learn({}, store, clock)
    learn.open(lesson)
    while lesson.steps[learn.step].check is None:
        learn.next(lesson)
    step = lesson.steps[learn.step]
    assert step.check is not None
    learn.seen(lesson)
    clock.now += 9
    learn.submit(lesson, str(_wrong_answer(step.check)))
    clock.now += 4
    learn.submit(lesson, str(_right(step.check)))  # right, on a second try
    assert store.reviews == [(lesson.id, step.id, drill_for(step.check), False, 9)]
    learn.next(lesson)
    while lesson.steps[learn.step].check is None:
        learn.next(lesson)
    shown = lesson.steps[learn.step]
    assert shown.check is not None
    learn.reveal(lesson)
    learn.reveal(lesson)  # twice: still one review
    assert store.reviews[1:] == [(lesson.id, shown.id, drill_for(shown.check), False, None)]
    assert len(store.attempts) == 1  # a shown answer is not an answer


def test_finishing_marks_done_and_a_new_session_resumes() -> None:
    lesson = COURSE.get("deal-and-crib")
    assert lesson is not None
    store = FakeStore()
    learn = Learn({}, store)
    learn.open(lesson)
    first = _first_check(lesson)
    while learn.step < first:
        learn.next(lesson)
    assert not learn.can_advance(lesson)
    check = lesson.steps[first].check
    learn.submit(lesson, str(_right(check)))
    learn.next(lesson)
    assert store.places[lesson.id] == LessonProgress(lesson.id, first + 1, False)

    later = Learn({}, store)  # a new browser session, same store
    assert later.lesson_id is None
    later.open(lesson)
    assert later.step == first + 1
    later.back(lesson)
    assert later.step == first
    assert later.can_advance(lesson)  # answered before: steps behind the place reached stay open
    later.next(lesson)

    for index, step in enumerate(lesson.steps[first + 1 :], start=first + 1):
        assert later.step == index
        if step.check is not None:
            assert not later.can_advance(lesson)
            later.submit(lesson, str(_right(step.check)))
        later.next(lesson)
    assert later.lesson_id is None and later.finished == lesson.id
    assert store.places[lesson.id].done
    later.open(lesson)  # reviewing a finished lesson starts at the top, nothing locked
    assert later.step == 0
    while not later.is_last(lesson):
        assert later.can_advance(lesson)
        later.next(lesson)


# --- mastery: a lesson is done once each question is answered right unaided --------------------


def _walk(learn: Learn, lesson: Lesson, wrong_at: dict[str, str]) -> None:
    """Walk ``lesson`` from where ``learn`` stands to its last step: each question answered
    right, except those in ``wrong_at`` (step id → "reveal", "twice" or "hint": shown the
    answer, missed twice then right, or missed once then right)."""
    while True:
        step = lesson.steps[learn.step]
        check = learn.question(lesson)
        if check is not None:
            how = wrong_at.get(step.id)
            if how == "reveal":
                learn.reveal(lesson)
            elif how in ("twice", "hint"):
                for _ in range(2 if how == "twice" else 1):
                    learn.submit(lesson, str(_wrong_answer(check)))
                learn.submit(lesson, str(_right(check)))
            else:
                learn.submit(lesson, str(_right(check)))
        if learn.step == len(lesson.steps) - 1 and learn.comeback is None:
            return
        learn.next(lesson)


def _wrong_answer(check: Any) -> object:
    right = _right(check)
    if isinstance(right, int):
        return right + 1
    return next(value for value, _ in options(check) if value != right)


def test_a_question_whose_answer_was_shown_comes_back_with_new_cards() -> None:
    lesson = COURSE.get("the-board")
    assert lesson is not None
    store = FakeStore()
    learn = Learn({}, store, seed=3)
    learn.open(lesson)
    _walk(learn, lesson, {"two-pegs": "reveal"})
    assert learn.can_advance(lesson) and not learn.is_last(lesson), "one question comes back"
    assert store.places[lesson.id] == LessonProgress(lesson.id, 3, False), "kept at it"
    learn.next(lesson)

    comeback = learn.comeback
    own = lesson.steps[3].check
    assert comeback is not None and comeback.step == 3 and comeback.number == 1
    assert learn.step == 3 and learn.question(lesson) is comeback.check
    again = comeback.check
    assert isinstance(again, BoardCheck) and isinstance(own, BoardCheck)
    assert (again.you, again.points) != (own.you, own.points), "new cards of the same kind"
    assert again.prompt != own.prompt and "{" not in again.prompt
    assert learn.waiting(lesson) == 0 and learn.is_last(lesson)
    assert not learn.can_advance(lesson), "it must be answered"
    assert not store.places[lesson.id].done

    learn.submit(lesson, str(again.answer))
    assert learn.can_advance(lesson)
    learn.next(lesson)
    assert learn.finished == lesson.id and store.places[lesson.id].done
    told = [(question, right) for _, question, _, right, _ in store.reviews]
    # shown before any try: a miss for the schedule; then the comeback's first try
    assert told.count(("two-pegs", False)) == 1 and told[-1] == ("two-pegs", True)
    assert store.reviews[-1][0] == lesson.id


def test_a_question_missed_twice_comes_back_until_it_is_answered_right_unaided() -> None:
    lesson = COURSE.get("the-board")
    assert lesson is not None
    store = FakeStore()
    learn = Learn({}, store, seed=5)
    learn.open(lesson)
    _walk(learn, lesson, {"next-row": "twice", "leapfrog": "twice"})
    learn.next(lesson)
    first = learn.comeback
    assert first is not None and lesson.steps[first.step].id == "leapfrog"
    assert learn.waiting(lesson) == 1
    own = lesson.steps[first.step].check
    assert isinstance(own, TrueFalseCheck) and isinstance(first.check, TrueFalseCheck)
    assert first.check.statement == own.more[0].statement, "another situation, not the same"
    learn.reveal(lesson)  # shown again: it comes back once more, after the other one
    learn.next(lesson)
    second = learn.comeback
    assert second is not None and lesson.steps[second.step].id == "next-row"
    learn.submit(lesson, str(_wrong_answer(second.check)))  # a hint, then right: mastered
    learn.submit(lesson, str(_right(second.check)))
    learn.next(lesson)
    third = learn.comeback
    assert third is not None and lesson.steps[third.step].id == "leapfrog"
    assert third.number == 2 and third.check != first.check
    assert not store.places[lesson.id].done
    learn.submit(lesson, str(_right(third.check)))
    learn.next(lesson)
    assert learn.finished == lesson.id and store.places[lesson.id].done


def test_a_first_miss_then_a_right_answer_after_the_hint_is_mastered() -> None:
    lesson = COURSE.get("the-board")
    assert lesson is not None
    store = FakeStore()
    learn = Learn({}, store)
    learn.open(lesson)
    _walk(learn, lesson, {"two-pegs": "hint"})
    assert learn.is_last(lesson)
    learn.next(lesson)
    assert learn.comeback is None and learn.finished == lesson.id
    assert store.places[lesson.id].done


def test_a_learner_who_leaves_takes_the_question_again_before_the_lesson_is_done() -> None:
    lesson = COURSE.get("the-board")
    assert lesson is not None
    store = FakeStore()
    learn = Learn({}, store)
    learn.open(lesson)
    _walk(learn, lesson, {"next-row": "reveal"})
    next_row = [step.id for step in lesson.steps].index("next-row")
    assert store.places[lesson.id] == LessonProgress(lesson.id, next_row, False)

    later = Learn({}, store)  # the tab was closed: a new session
    later.open(lesson)
    assert later.step == next_row and not later.can_advance(lesson)
    _walk(later, lesson, {})
    later.next(lesson)
    assert later.finished == lesson.id and store.places[lesson.id].done


def test_every_question_kind_has_a_key_that_names_its_lesson_and_step() -> None:
    keys = COURSE.question_keys()
    assert len(keys) == len(set(keys)) == sum(lesson.checks for lesson in COURSE.lessons)
    assert keys[0] == question_key("the-board", "two-pegs") == "the-board:two-pegs"
    lesson = COURSE.get("the-show")
    assert lesson is not None
    assert lesson.question_keys() == tuple(f"the-show:{step.id}" for step in lesson.questions)


def _right(check: Any) -> object:
    if isinstance(check, TrueFalseCheck):
        return "true" if check.answer else "false"
    return check.answer


# --- a hint first, the answer after a second miss -------------------------------------------------


def test_a_first_wrong_count_gets_a_hint_not_the_answer() -> None:
    check = _count("JD 4C 8H AS", "7D")  # two fifteens and nobs: 5
    first = grade(check, 4, hint_only=True)
    assert not first.correct and first.headline == "Not quite: you said 4."
    assert first.details == (
        "Too few points: look again at nobs (the jack of the starter's suit).",
    )
    assert first.breakdown is None and first.pile == ()
    assert "5" not in first.headline
    full = grade(check, 4)
    assert full.breakdown == check.score()


def test_a_hint_for_a_gap_that_fits_several_kinds_names_them_all() -> None:
    check = _count("4H 5H 6H JH", "5S")  # four fifteens, a pair, a double run, a flush: 20
    first = grade(check, 16, hint_only=True)
    assert "the flush" in first.details[0] and "two fifteens" in first.details[0]
    record = attempt(check, 16, 3.0)
    assert record is not None and record.missed == (), "the kind is not known"
    over = grade(check, 22, hint_only=True)
    assert over.details[0].startswith("Too many points: check that each combination")


@pytest.mark.parametrize(
    "check",
    [
        _peg("4C 5S 6D"),
        _go("TS 8H 3C QD", "9D 5C KH 7S", "TS 9D 8H 3C", "points"),
        SkunkCheck(kind="skunk", winner=121, loser=84),
        FifteenCheck(kind="fifteen", pile="AS 4D", choices="9C KH 6S"),  # type: ignore[arg-type]
    ],
)
def test_every_kind_of_check_has_a_hint_that_keeps_the_answer(check: Any) -> None:
    right = right_answer(check)
    wrong: int | str = (
        right + 1
        if isinstance(right, int)
        else next(value for value, _ in options(check) if value != right)
    )
    first = grade(check, wrong, hint_only=True)
    assert not first.correct and len(first.details) == 1 and first.details[0]
    assert answer_text(check) not in first.details[0]
    assert first.breakdown is None and first.pile == ()


def test_the_learn_flow_hints_first_then_explains_and_records_first_tries() -> None:
    lesson, learn, store = _at_the_first_check("the-play")
    check = lesson.steps[learn.step].check
    assert isinstance(check, PegCheck)
    wrong = str(check.answer + 1)
    learn.submit(lesson, wrong)
    state = learn.check_state(lesson)
    assert state.feedback is not None and state.feedback.pile == ()
    learn.submit(lesson, wrong)
    assert state.feedback is not None and state.feedback.pile == check.pile
    learn.submit(lesson, str(check.answer))
    assert state.passed
    assert [(a.tier, a.correct) for a in store.attempts] == [(LESSON_TIER, False)]


def test_an_answer_after_show_me_the_answer_is_not_recorded() -> None:
    lesson, learn, store = _at_the_first_check("the-play")
    learn.reveal(lesson)
    check = lesson.steps[learn.step].check
    learn.submit(lesson, str(_right(check)))
    assert store.attempts == []


def test_a_peg_answer_short_by_one_kind_records_it() -> None:
    record = attempt(_peg("4C 5S 6D"), 3, 1.0)  # 15 for 2 and a run of 3: 5
    assert record is not None and record.missed == ("fifteen",)


# --- first hints point at the rule that decides the question ---------------------------------------


def _course_check(lesson_id: str, step_id: str) -> Any:
    lesson = COURSE.get(lesson_id)
    assert lesson is not None
    (step,) = [step for step in lesson.steps if step.id == step_id]
    return step.check


def test_a_first_wrong_true_or_false_shows_the_reason_before_the_retry() -> None:
    rule = _rule(False, "Because.")
    first = grade(rule, "true", hint_only=True)
    assert not first.correct and first.details == ("Because.",)


@pytest.mark.parametrize(
    ("pile", "said", "rule"),
    [
        ("JD QC", 2, "A pair needs the same rank. The J♦ and the Q♣ are both worth 10"),
        ("7C KD 7H", 2, "A pair in the play is with the card laid just before it"),
        ("2S 3D KC 4H", 3, "A card that doesn't fit breaks the run"),
        ("5D 4C 4S 3H", 3, "A run can't hold the same rank twice"),
        ("4C 3D 3H 2S", 3, "A run can't hold the same rank twice"),
        ("4C 6D 5S 3H", 0, "Don't stop at the last three cards"),
        ("8D 7S", 15, "the count is not the points"),
    ],
)
def test_a_first_wrong_peg_names_the_rule_it_broke(pile: str, said: int, rule: str) -> None:
    (line,) = grade(_peg(pile), said, hint_only=True).details
    assert line.startswith(rule) or rule in line, line


def test_a_peg_question_can_carry_its_own_hint() -> None:
    check = _course_check("pegging-details", "fresh-start")
    assert isinstance(check, PegCheck) and check.hint is not None
    (line,) = grade(check, 3, hint_only=True).details  # a run with the old 7
    assert line == f"Too many points. {check.hint}"
    assert "went back to 0" in line


@pytest.mark.parametrize(
    ("lesson_id", "step_id", "said", "rule"),
    [
        ("go-and-last-card", "one-for-the-go", "dealer", "The point for the go goes to whoever"),
        ("go-and-last-card", "last-card", "pone", "The very last card of the whole play"),
        ("go-and-last-card", "last-card", "pone", "The count went back to 0 after the go"),
        ("go-and-last-card", "keep-going", 0, "Add the point for the go"),
        ("first-strategy", "save-low-cards", 3, "There is no point for the go on top of a 31"),
        ("go-and-last-card", "start-again", "dealer", "the player who did not lay the last card"),
    ],
)
def test_a_first_wrong_go_answer_names_the_rule_that_decides_it(
    lesson_id: str, step_id: str, said: int | str, rule: str
) -> None:
    (line,) = grade(_course_check(lesson_id, step_id), said, hint_only=True).details
    assert rule in line, line


def test_every_first_hint_in_the_course_keeps_the_answer_back() -> None:
    for lesson in COURSE.lessons:
        for step in lesson.steps:
            check = step.check
            if check is None or isinstance(check, TrueFalseCheck):
                continue
            right = right_answer(check)
            wrongs = (
                [right + 1, right + 2]
                if isinstance(right, int)
                else [value for value, _ in options(check) if value != right]
            )
            for wrong in wrongs:
                first = grade(check, wrong, hint_only=True)
                (line,) = first.details
                assert line and answer_text(check) not in line, (lesson.id, step.id, line)
                assert first.breakdown is None and first.pile == () and first.board is None


# --- the stories above go questions ------------------------------------------------------------------


def test_a_go_story_shows_every_go_point_reset_and_lead_before_the_question() -> None:
    check = _course_check("go-and-last-card", "last-card")
    assert isinstance(check, GoCheck)
    story = question_story(check)
    assert story[4] == (
        "The pone can't lay a card without passing 31 and says **go**. Nobody can lay "
        "another card without going past 31, so the dealer pegs 1 for the go."
    )
    assert story[5].startswith("The count goes back to zero, and the pone leads")
    assert story[-1] == "The dealer lays the 7♦: the count is 20. Every card has now been laid."
    assert not any("for last card" in line for line in story), "the question's answer"
    told = go_story(check.replay(), with_scores=True)
    assert "The dealer pegs 1 for last card" in told[-2]


def test_a_go_story_hides_only_what_its_question_asks() -> None:
    play = ("8C 6H 9S JD", "7D 5S TC QH", "8C 7D 6H 5S")  # the pegging guide's example
    points = question_story(_go(*play, "points"))
    assert points[3] == "The dealer lays the 5♠: the count is 26."  # its run of four is asked
    assert "the dealer pegs 1 for the go" not in " ".join(points)
    who = question_story(_go(*play, "who-scores"))
    assert "That scores a run of four" in who[3] and "pegs 1 for the go" not in who[4]
    leads = question_story(_go(*play, "leads-next"))
    assert "the dealer pegs 1 for the go" in leads[4] and len(leads) == 5


def test_a_go_story_says_who_leads_again_when_the_other_has_no_cards() -> None:
    play = _go("8C 6H 9S JD", "7D 5S TC QH", "8C 7D 6H 5S 9S TC JD QH", "who-scores")
    lines = go_story(play.replay(), with_scores=True)
    assert lines[-2].startswith("The dealer lays the Q♥: the count is 10.")
    assert "the dealer leads the next series" in lines[-3]


# --- the board, the cut and the keep ---------------------------------------------------------------------


def test_a_board_answer_is_a_hole_and_its_feedback_draws_the_move() -> None:
    check = BoardCheck(kind="board", you=(5, 9), points=6)
    assert asks_number(check) and read_answer(check, "15") == 15
    right = grade(check, 15)
    assert right.correct and right.headline == "Yes! **Hole 15**."
    assert right.details == (
        "Your front peg is in hole 9. The back peg jumps past it and on 6 holes: "
        "10, 11, 12, 13, 14, 15. It lands in hole 15, and now it is your front peg.",
    )
    assert right.board is not None and right.board.you == (9, 15)
    (hint_line,) = grade(check, 11, hint_only=True).details  # jumped from the back peg
    assert hint_line.startswith("Your back peg jumps past the front one. Start from the front peg")
    (close,) = grade(check, 16, hint_only=True).details
    assert close.startswith("Move one hole for each point")
    assert attempt(check, 15, 1.0) is None, "walking the board is not a counting drill"


def test_a_board_answer_past_the_game_hole_is_told_where_pegs_stop() -> None:
    check = BoardCheck(kind="board", you=(110, 118), points=4)
    (line,) = grade(check, 122, hint_only=True).details
    assert line == "The game hole is the last hole of all: a peg stops there."
    assert grade(check, 121).details[0].endswith("That is the game hole: you win!")


def test_a_cut_for_deal_is_picked_and_explained() -> None:
    check = CutCheck(kind="cut", you="9D", opponent="4C")  # type: ignore[arg-type]
    assert [value for value, _ in options(check)] == ["you", "opponent", "again"]
    assert grade(check, "opponent").correct
    wrong = grade(check, "you")
    assert wrong.details == ("The 4♣ is lower than the 9♦, so your opponent deals first.",)
    (line,) = grade(check, "you", hint_only=True).details
    assert line.startswith("The lower card deals")
    tie = CutCheck(kind="cut", you="QH", opponent="QS")  # type: ignore[arg-type]
    assert "same rank" in grade(tie, "you").details[0]


def test_a_keep_is_picked_and_every_choice_is_explained_over_the_starters() -> None:
    check = _course_check("which-four-to-keep", "many-starters")
    assert isinstance(check, KeepCheck)
    assert options(check) == (
        ("2D 3H 4C 5H", "Keep 2♦ 3♥ 4♣ 5♥"),
        ("QS 8H 5H 2D", "Keep Q♠ 8♥ 5♥ 2♦"),
    )
    right = grade(check, "2D 3H 4C 5H")
    assert right.correct and right.headline == "Yes! It's **keep 2♦ 3♥ 4♣ 5♥**."
    lines = grade(check, "QS 8H 5H 2D").details
    assert lines[1] == (
        "- **Keep 2♦ 3♥ 4♣ 5♥** (throw Q♠ 8♥): 4 on its own. With a starter, from 6 to 12 "
        "points, about 9 on average. **The best keep.**"
    )
    assert lines[2].startswith("- **Keep Q♠ 8♥ 5♥ 2♦** (throw 3♥ 4♣): 4 on its own.")
    assert attempt(check, "QS 8H 5H 2D", 1.0) is None


def test_a_lessons_own_hint_gives_way_to_a_gap_only_one_kind_fits() -> None:
    check = _course_check("best-and-worst-hands", "the-best-hand")
    assert isinstance(check, CountCheck) and check.hint is not None
    (nobs,) = grade(check, 28, hint_only=True).details
    assert nobs == "Too few points: look again at nobs (the jack of the starter's suit)."
    (own,) = grade(check, 17, hint_only=True).details  # short by a mix: the lesson's hint
    assert own == f"Too few points. {check.hint}"


# --- words that read right after a right answer and after a wrong one -----------------------------


def test_feedback_to_a_wrong_answer_never_says_it_was_right() -> None:
    """After "Not quite: you said “False”." the reason once went on "Right. It is…"."""
    agree = re.compile(r"^(?:yes|right|correct|exactly|true|no|false|wrong)\b", re.I)
    for lesson in COURSE.lessons:
        for step in lesson.steps:
            check = step.check
            if check is None:
                continue
            if isinstance(check, TrueFalseCheck):
                for situation in check.situations():
                    assert not agree.match(situation.explain.strip()), (lesson.id, step.id)
            right = right_answer(check)
            wrongs: list[int | str] = [v for v, _ in options(check) if v != right]
            wrongs = wrongs or [int(right) + 1]
            for wrong in wrongs:
                for first in (True, False):
                    feedback = grade(check, wrong, hint_only=first)
                    for line in (feedback.headline.split(". ", 1)[-1], *feedback.details):
                        assert not agree.match(line.strip()), (lesson.id, step.id, line)


def test_the_skunk_lines_are_named_as_the_lesson_names_them() -> None:
    """Lesson 14: 61 is the first skunk line, 91 the second."""
    double = SkunkCheck(kind="skunk", winner=121, loser=57)
    (line,) = grade(double, "skunk").details
    assert "first skunk line" in line and "second" not in line
    (hint_line,) = grade(double, "skunk", hint_only=True).details
    assert "61 and 91" in hint_line


def test_who_leads_at_a_table_is_told_from_whoever_laid_the_last_card() -> None:
    """Lesson 18 once said "the next one to the left of the last card", as if a card sat."""
    check = _course_check("three-and-four", "who-leads")
    assert isinstance(check, TableGoCheck)
    told = table_story(check, with_scores=True)
    assert told[-1] == (
        "The count goes back to zero, and the second player leads the next series. The lead "
        "passes left from whoever laid the last card, to the first player with a card left."
    )
    assert not any("to the left of the last card" in line for line in told)


# --- new cards for a lesson's question -------------------------------------------------------
# New cards for a lesson's question (trainer.training.learn.dealing): every question of the course
# deals again as a problem of its own kind (the features it teaches), with cards that are new, fit
# the kind, keep the answer off the page and off the Scoring chart; and a kind is content,
# validated with the file and the field named.


QUESTIONS = [
    pytest.param(lesson, step, id=f"{lesson.id}/{step.id}")
    for lesson in COURSE.lessons
    for step in lesson.steps
    if step.check is not None
]


def _cards(check: Check) -> object:
    if isinstance(check, CountCheck):
        return {*check.hand, check.starter}
    if isinstance(check, PegCheck | FifteenCheck):
        return set(check.pile)
    if isinstance(check, GoCheck):
        return {*check.pone, *check.dealer}
    if isinstance(check, TableGoCheck):
        return {card for hand in check.hands for card in hand}
    if isinstance(check, BoardCheck):
        return (check.you, check.points)
    if isinstance(check, SkunkCheck):
        return check.loser
    if isinstance(check, CutCheck):
        return {check.you, check.opponent}
    if isinstance(check, KeepCheck):
        return set(check.cards)
    assert isinstance(check, TrueFalseCheck)
    return check.statement


@pytest.mark.parametrize(("lesson", "step"), QUESTIONS)
def test_every_question_deals_again_as_new_cards_of_its_kind(lesson: Lesson, step: Step) -> None:
    own = step.check
    assert own is not None
    assert kind_misses(own) == [], "the question's own cards are of its kind"
    seen = [_cards(own)]
    for number in (1, 2, 3):
        again = deal_again(lesson.id, step, number, seed=11)
        assert again is not None and type(again) is type(own)
        assert again == deal_again(lesson.id, step, number, seed=11), "the seed decides"
        if isinstance(own, TrueFalseCheck):
            assert isinstance(again, TrueFalseCheck) and again.statement != own.statement
            continue
        assert _cards(again) != _cards(own), "new cards"
        seen.append(_cards(again))
        assert kind_misses(again) == []
        assert gives_away(step, again) is None and chart_problem(again) is None
        assert "{" not in again.prompt
        assert grade(again, right_answer(again)).correct, "the engine answers it"
    if not isinstance(own, TrueFalseCheck):
        assert len({repr(cards) for cards in seen}) >= 3, "the seeds deal different cards"


def test_a_count_comes_back_with_the_features_it_teaches() -> None:
    lesson = COURSE.get("double-runs")
    assert lesson is not None
    (step,) = [step for step in lesson.steps if step.id == "triple-run"]
    own = step.check
    assert isinstance(own, CountCheck) and own.deal.require == ("triple-run", "fifteen")
    for seed in range(5):
        again = deal_again(lesson.id, step, 1, seed)
        assert isinstance(again, CountCheck)
        assert {"triple-run", "fifteen"} <= show_features(again.score())
        assert again.expect is None, "an author's claim belongs to the author's cards"


def test_a_question_that_asks_for_a_hole_deals_new_pegs_near_its_own() -> None:
    lesson = COURSE.get("playing-the-score")
    assert lesson is not None
    (step,) = [step for step in lesson.steps if step.id == "count-out"]
    own = step.check
    assert isinstance(own, CountCheck) and own.pegs is not None
    again = deal_again(lesson.id, step, 1, seed=2)
    assert isinstance(again, CountCheck) and again.pegs is not None
    assert abs(again.pegs[1] - own.pegs[1]) <= 10 and again.pegs[0] < again.pegs[1]
    assert again.answer == min(again.pegs[1] + again.points, 121)
    assert f"holes {again.pegs[0]} and {again.pegs[1]}" in again.prompt


def test_a_board_question_moves_only_what_its_words_leave_blank() -> None:
    """His heels is 2 points: "you are the dealer and the starter is a jack" keeps them."""
    lesson = COURSE.get("the-starter")
    assert lesson is not None
    (step,) = [step for step in lesson.steps if step.check is not None]
    own = step.check
    assert isinstance(own, BoardCheck) and own.points == 2
    for seed in range(5):
        again = deal_again(lesson.id, step, 1, seed)
        assert isinstance(again, BoardCheck) and again.points == 2 and again.you != own.you


def test_a_go_question_comes_back_as_a_series_the_go_drill_deals() -> None:
    lesson = COURSE.get("go-and-last-card")
    assert lesson is not None
    (step,) = [step for step in lesson.steps if step.id == "keep-going"]
    again = deal_again(lesson.id, step, 1, seed=4)
    assert isinstance(again, GoCheck)
    question = drill_question(again)
    assert question is not None and {"go", "played-alone"} <= question.features


def test_a_kind_the_question_does_not_fit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "01-kind.yaml"
    path.write_text(
        "id: kind\ntitle: K\nsummary: S\nsteps:\n  - id: count-it\n    text: Count.\n"
        "    check:\n      kind: count\n      hand: 5H 5D JS QC\n      starter: 2C\n"
        "      deal: {require: [run]}\n"
    )
    assert check_files([path]) == [], "the fields alone are right"
    (problem,) = check_files([path], kind_problem)
    assert problem.where == "lesson 'kind', step 1 'count-it', field 'check.deal'"
    assert "not of its kind: lacks required run" in problem.message
    (same,) = validate_paths([path], kinds=kind_problem)
    assert same == problem


def test_a_question_that_gives_its_answer_away_is_refused(tmp_path: Path) -> None:
    """A pair royal pegs 6, and the step says so: `validate` fails on it."""
    path = tmp_path / "01-royal.yaml"
    path.write_text(
        "id: royal\ntitle: R\nsummary: S\nsteps:\n  - id: peg-it\n"
        "    text: A pair royal pegs 6 points.\n"
        "    check:\n      kind: peg\n      pile: 9C 9D 9H\n"
        "      deal: {require: [pair-royal], forbid: [fifteen, thirty-one]}\n"
    )
    (problem,) = check_files([path], kind_problem)
    assert problem.where == "lesson 'royal', step 1 'peg-it', field 'check.deal'"
    assert "gives its answer away: the answer ('6') stands on the page" in problem.message


def test_a_question_that_names_its_own_card_is_refused(tmp_path: Path) -> None:
    """New cards would not fit "now the 7♠ is laid": the words leave a blank instead."""
    path = tmp_path / "01-named.yaml"
    path.write_text(
        "id: named\ntitle: N\nsummary: S\nsteps:\n  - id: peg-it\n    text: Peg it.\n"
        "    check:\n      kind: peg\n      question: Now the 7♠ is laid. How many points?\n"
        "      pile: 8D 7S\n      deal: {require: [fifteen]}\n"
    )
    (problem,) = check_files([path], kind_problem)
    assert "names its own card, the 7♠" in problem.message


@pytest.mark.parametrize(
    ("check", "field", "message"),
    [
        (
            "kind: count\n      hand: 5H 5D JS QC\n      starter: 2C\n      deal: {require: [pairr]}",
            "check.deal.require",
            "'pairr' is not a feature of a hand or crib; did you mean 'pair'?",
        ),
        (
            "kind: peg\n      pile: 5H 5D\n      deal: {must_include: ['5 5']}",
            "check.deal.must_include",
            "must_include is for hand and crib drills, not peg drills",
        ),
        (
            "kind: count\n      hand: 5H 5D JS QC\n      starter: 2C\n"
            "      deal: {require: [crib-four-flush]}",
            "check.deal.require",
            "crib-four-flush is for a crib",
        ),
        (
            "kind: count\n      hand: 5H 5D JS QC\n      starter: 2C",
            "check.deal",
            "this field is missing, and it is required",
        ),
        (
            "kind: peg\n      question: Now the {cards} is laid.\n      pile: 5H 5D\n      deal: {}",
            "check.question",
            "{cards} is not a blank this question can fill (it can fill: {card}, {count}",
        ),
        (
            "kind: count\n      question: Your front peg is in hole {front}.\n"
            "      hand: 5H 5D JS QC\n      starter: 2C\n      deal: {}",
            "check.question",
            "{front} is a peg's hole: give the pegs with 'pegs: [back, front]'",
        ),
        (
            "kind: true-false\n      statement: S.\n      answer: true\n      explain: E.",
            "check.more",
            "this field is missing, and it is required",
        ),
    ],
)
def test_a_broken_kind_names_the_file_and_the_field(
    tmp_path: Path, check: str, field: str, message: str
) -> None:
    path = tmp_path / "01-broken.yaml"
    path.write_text(
        "id: broken\ntitle: B\nsummary: S\nsteps:\n  - id: ask\n    text: Ask.\n"
        f"    check:\n      {check}\n"
    )
    problems = check_files([path])
    assert any(
        p.file == str(path)
        and p.where == f"lesson 'broken', step 1 'ask', field '{field}'"
        and message in p.message
        for p in problems
    ), problems

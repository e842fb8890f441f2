"""New cards for a lesson's question (trainer.training.learn.dealing): every question of the
course deals again as a problem of its own kind (the features it teaches), with cards that
are new, fit the kind, keep the answer off the page and off the Scoring chart; and a kind
is content, validated with the file and the field named."""

from __future__ import annotations

from pathlib import Path

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
    SkunkCheck,
    Step,
    TableGoCheck,
    TrueFalseCheck,
    check_files,
    load_course,
)
from trainer.content.validate import validate_paths
from trainer.training.learn import deal_again, grade, kind_problem, right_answer
from trainer.training.learn.dealing import drill_question, kind_misses
from trainer.training.learn.giveaway import chart_problem, gives_away
from trainer.training.questions import show_features

COURSE = load_course()
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

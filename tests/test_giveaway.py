"""The page never gives a question's answer away: no answer stands in what the page shows
with it, no true-or-false statement repeats (or negates) a sentence of its step, each one is
about a situation, and no question asks about a hand the Scoring chart prints.

Each test also holds the detectors to what the course said before its questions were made
scenarios (the words quoted are the old course's), so a give-away like those fails again."""

from __future__ import annotations

import re

import pytest

from trainer.content.lessons import (
    Check,
    CountCheck,
    Lesson,
    Step,
    TrueFalseCheck,
    load_course,
)
from trainer.engine import parse_cards
from trainer.training.learn import answers
from trainer.training.learn.giveaway import (
    chart_problem,
    first_hints,
    gives_away,
    new_specifics,
    restates,
    sentences,
    specifics,
    stands,
)

COURSE = load_course()
QUESTIONS = [
    pytest.param(lesson, step, id=f"{lesson.id}/{step.id}")
    for lesson in COURSE.lessons
    for step in lesson.steps
    if step.check is not None
]
RULES = [param for param in QUESTIONS if isinstance(param.values[1].check, TrueFalseCheck)]  # type: ignore[union-attr]
#: At most this many true-or-false questions in the course: a handful, each a situation.
HANDFUL = 6


def _check(step: Step) -> Check:
    assert step.check is not None
    return step.check


# --- the answer never stands on the page -------------------------------------------------------


@pytest.mark.parametrize(("lesson", "step"), QUESTIONS)
def test_no_answer_stands_on_the_page_with_its_question(lesson: Lesson, step: Step) -> None:
    """Its number (as a score, a hole, in digits or in words) or its right choice's words
    stand nowhere in the step's text and captions, the question, the words beside its
    cards (a go question's story) or the hints a first miss can bring."""
    assert gives_away(step, _check(step)) is None


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("You are the pone and need 5 to win. Count everything in your hand.", 5),
        ("So **a triple run is 15**.", 15),
        ("Not every hand scores. Look hard at this one, in the usual order.", 0),
        ("It scores **2 for the 31**, and that is all.", 2),
        ("A 31 scores 2, and there is no extra point for the go on top.", 2),
        ("…and 9 + 2 + 4 = 15 as well: that's 4 in all.", 4),
        ("The game hole, 121, is the last hole of all: a peg stops there.", 121),
        ("A queen laid on a jack scores nothing, even though each is worth 10.", 0),
        ("Then keep adding: '…and a pair is six'.", 6),
        ("| double run of three | 3-3-4-5 | 8 |", 8),
        ("You were 29 short. Each five makes 15 with the jack.", 29),
    ],
)
def test_the_old_courses_give_aways_are_caught(text: str, answer: int) -> None:
    """The issue's own examples, word for word from the course before: each is caught."""
    assert stands(text, answer) is not None


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("2, 3, king, 4. The last three hold the king.", 3),
        ("Look for threes, like 4 + 5 + 6 or A + 6 + 8.", 4),
        ("Never give them a **5** if you can help it.", 5),
        ("The count went back to 0. The 6♦ was led.", 0),
        ("Three of a kind inside a run, like 7-8-8-8-9.", 8),
        ("The 7♥ is laid.", 7),
    ],
)
def test_a_card_a_row_of_ranks_or_the_count_is_not_an_answer(text: str, answer: int) -> None:
    assert stands(text, answer) is None


def test_too_big_a_number_is_refused_without_the_biggest_answer() -> None:
    """The old answer box said "at most 29" to a learner who typed 30 for the 29 hand."""
    with pytest.raises(answers.AnswerProblem) as caught:
        answers.read_points("30")
    assert "29" not in str(caught.value)


def test_a_hint_never_says_how_far_off_the_answer_was() -> None:
    """ "You were one short" plus the answer given is the answer: hints say which way."""
    far = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) (?:short|over)\b")
    for lesson in COURSE.lessons:
        for step in lesson.steps:
            for text in first_hints(step.check) if step.check else ():
                assert not far.search(text), (lesson.id, step.id, text)


# --- true or false: a handful, each a situation --------------------------------------------------


def test_true_or_false_is_kept_to_a_handful() -> None:
    assert 1 <= len(RULES) <= HANDFUL


@pytest.mark.parametrize(("lesson", "step"), RULES)
def test_a_true_or_false_never_repeats_or_negates_its_step(lesson: Lesson, step: Step) -> None:
    check = _check(step)
    assert isinstance(check, TrueFalseCheck)
    for situation in check.situations():
        assert restates(situation.statement, step.text) is None, situation.statement


@pytest.mark.parametrize(("lesson", "step"), RULES)
def test_a_true_or_false_is_about_a_situation(lesson: Lesson, step: Step) -> None:
    """Each statement names numbers or cards the lesson has not: pegs, scores, a card turned
    up. A sentence about a rule names nothing new."""
    check = _check(step)
    assert isinstance(check, TrueFalseCheck)
    before = "\n".join(s.text for s in lesson.steps[: lesson.steps.index(step) + 1])
    for situation in check.situations():
        assert new_specifics(situation.statement, before), situation.statement


@pytest.mark.parametrize(
    ("statement", "text"),
    [
        (
            "Only the dealer's hand gets to use the starter.",
            "At the end of the deal, your hand, the other player's hand and the crib each "
            "use the starter as a fifth card.",
        ),
        (
            "The crib is for the player who did not deal.",
            "That sounds unfair, but the deal swaps every time, so the crib swaps too.",
        ),
        (
            "With three players, the player on the dealer's right leads the play.",
            "The player on the dealer's left cuts for the starter and leads the play.",
        ),
        (
            "The same player deals every time.",
            "After the show, the other player becomes the dealer, and you play another deal.",
        ),
    ],
)
def test_the_old_courses_restated_rules_are_caught(statement: str, text: str) -> None:
    assert restates(statement, text) is not None
    assert not new_specifics(statement, text), "and none is a situation"


def test_a_sentence_ends_at_a_full_stop_a_line_or_a_list_item_not_a_colon() -> None:
    text = "Fifteens first: then pairs. Then runs!\n\n- a flush\n- nobs\n\n| a | b |"
    assert sentences(text) == [
        "Fifteens first: then pairs.",
        "Then runs!",
        "a flush",
        "nobs",
        "| a | b |",
    ]
    assert specifics("Your pegs are in holes 12 and 20; the K♣, a king") == {
        "12",
        "20",
        "k",
        "king",
    }


# --- the Scoring chart ----------------------------------------------------------------------------


@pytest.mark.parametrize(("lesson", "step"), QUESTIONS)
def test_no_question_asks_about_a_hand_the_scoring_chart_prints(lesson: Lesson, step: Step) -> None:
    assert chart_problem(_check(step)) is None


def test_a_hand_on_the_chart_is_caught() -> None:
    """The old cheat-sheet question counted the chart's own double run of three."""
    check = CountCheck(kind="count", hand="JD QC KH KS", starter="2C", deal={})  # type: ignore[arg-type]
    assert chart_problem(check) is not None
    assert parse_cards("JD QC KH KS") == check.hand

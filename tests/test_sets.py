"""The practice set state machine: a whole set, claim and go answers, the summary,
mixed and weighted sets, and sets asked for by a link or another page."""

from __future__ import annotations

import pytest

from trainer.content.catalog import load_drills
from trainer.engine.skills import DrillType, Mode
from trainer.training.grading import Claim, ClaimKind, InputProblem
from trainer.training.questions import DiscardQuestion, GoQuestion, ShowQuestion, deal_question
from trainer.training.sets import (
    MIXED,
    PracticeSet,
    SetSpec,
    new_set_id,
    place_from_request,
    set_address,
    spec_from_request,
    summarize,
    weights_param,
)

CATALOG = load_drills()


def test_a_whole_set_right_and_wrong() -> None:
    run = PracticeSet(SetSpec(DrillType.HAND, "beginner", seed=7, length=4))
    now = 100.0
    expected = [deal_question(DrillType.HAND, "beginner", 7, i, catalog=CATALOG) for i in range(4)]
    for index, question in enumerate(expected):
        assert isinstance(question, ShowQuestion)
        assert run.phase == "question" and run.index == index
        assert run.question(CATALOG) == question
        run.start_clock(now)
        run.start_clock(now + 50)  # showing the question again does not restart the clock
        answer = question.total if index % 2 == 0 else question.total + 1
        grade = run.answer_quick(CATALOG, str(answer), now=now + 6)
        assert grade.seconds == 6
        assert grade.correct == (index % 2 == 0)
        assert run.phase == "feedback" and run.last_grade is grade
        run.next()
        now += 10
    assert run.phase == "done"
    summary = run.summary(CATALOG)
    assert (summary.answered, summary.correct) == (4, 2)
    assert summary.accuracy == 0.5
    assert summary.seconds == 6 and summary.target == 30 and summary.on_pace
    assert summary.lines()[0] == "Accuracy: 2 of 4 right (50%)."
    assert "on pace" in summary.lines()[1]


def test_bad_input_does_not_grade_or_move_on() -> None:
    run = PracticeSet(SetSpec(DrillType.PEG, "club", seed=3, length=2))
    run.start_clock(0)
    for text in ("", "lots", "-3", "99"):
        with pytest.raises(InputProblem) as caught:
            run.answer_quick(CATALOG, text, now=1)
        assert caught.value.box == "Points for the last card"
    assert run.phase == "question" and run.grades == []


def test_answers_only_in_their_phase() -> None:
    run = PracticeSet(SetSpec(DrillType.HAND, "club", seed=1, length=1))
    with pytest.raises(RuntimeError):
        run.next()
    run.answer_quick(CATALOG, "0", now=0)
    with pytest.raises(RuntimeError):
        run.answer_quick(CATALOG, "0", now=0)
    run.next()
    assert run.phase == "done"


def test_claim_mode() -> None:
    run = PracticeSet(SetSpec(DrillType.HAND, "club", seed=11, length=1, mode=Mode.CLAIM))
    question = run.question(CATALOG)
    assert isinstance(question, ShowQuestion) and run.answer_mode(CATALOG) == "claim"
    run.start_clock(0)
    with pytest.raises(InputProblem, match="choose the cards"):
        run.add_claim(CATALOG, ClaimKind.FIFTEEN, [])
    with pytest.raises(InputProblem):
        run.add_claim(CATALOG, ClaimKind.PAIR, list(question.hand[:1]))
    for item in question.score.items:
        run.add_claim(CATALOG, ClaimKind.of(item.kind), item.cards)
    run.add_claim(CATALOG, ClaimKind.NOBS, [question.hand[0]])
    assert run.undo_claim() == Claim(ClaimKind.NOBS, (question.hand[0],))
    grade = run.finish_claims(CATALOG, now=12)
    assert grade.correct and grade.mode == "claim" and grade.seconds == 12
    run.next()
    assert run.claims == [] and run.phase == "done"


def test_go_questions_take_choices() -> None:
    run = PracticeSet(SetSpec(DrillType.GO, "club", seed=2, length=1))
    question = run.question(CATALOG)
    assert isinstance(question, GoQuestion) and run.answer_mode(CATALOG) == "choice"
    with pytest.raises(InputProblem):
        run.answer_quick(CATALOG, "1", now=0)
    grade = run.answer_go(CATALOG, question.scorer, question.reason, question.next_leader, now=3)
    assert grade.correct


def test_pegging_is_answered_with_a_number_even_in_claim_mode() -> None:
    run = PracticeSet(SetSpec(DrillType.PEG, "beginner", seed=2, length=1, mode=Mode.CLAIM))
    assert run.answer_mode(CATALOG) == "quick"
    with pytest.raises(InputProblem):
        run.finish_claims(CATALOG, now=1)


def test_muggins_reaches_the_grade() -> None:
    run = PracticeSet(SetSpec(DrillType.HAND, "expert", seed=4, length=1, muggins=True))
    question = run.question(CATALOG)
    assert isinstance(question, ShowQuestion)
    grade = run.answer_quick(CATALOG, "0", now=0)
    assert grade.muggins == question.total > 0
    assert "took" in " ".join(run.summary(CATALOG).lines())


def test_summary_names_the_categories_missed_most() -> None:
    run = PracticeSet(SetSpec(DrillType.HAND, "club", seed=5, length=6))
    for _ in range(6):
        run.answer_quick(CATALOG, "0", now=0)
        run.next()
    summary = run.summary(CATALOG)
    assert summary.correct == 0
    assert summary.missed_most and summary.missed_most[0][1] >= summary.missed_most[-1][1]
    assert summary.lines()[2].startswith("Missed most: ")
    assert summarize([], []).lines() == ("No answers yet.",)


def test_mixed_sets_are_reproducible_and_follow_the_weights() -> None:
    spec = SetSpec(MIXED, MIXED, seed=9, length=12)
    picks = [spec.pick(CATALOG, i) for i in range(12)]
    assert picks == [spec.pick(CATALOG, i) for i in range(12)]
    assert len(set(picks)) > 3
    weighted = SetSpec(MIXED, MIXED, seed=9, length=30, weights=(((DrillType.PEG, "traps"), 1.0),))
    assert {weighted.pick(CATALOG, i) for i in range(30)} == {("peg", "traps")}
    two = SetSpec(
        MIXED,
        MIXED,
        9,
        40,
        weights=(((DrillType.GO, "club"), 1.0), ((DrillType.CRIB, "traps"), 3.0)),
    )
    counts = [two.pick(CATALOG, i) for i in range(40)]
    assert set(counts) == {("go", "club"), ("crib", "traps")}
    assert counts.count((DrillType.CRIB, "traps")) > counts.count((DrillType.GO, "club"))
    one_drill = SetSpec(DrillType.CRIB, MIXED, seed=1, length=20)
    assert {one_drill.pick(CATALOG, i)[0] for i in range(20)} == {"crib"}
    run = PracticeSet(weighted)
    assert run.question(CATALOG).drill == "peg"
    assert "weak spots" in weighted.describe(CATALOG)


@pytest.mark.parametrize("seed", ["1_0", "1e1", "٣", "+7", "9" * 5000, "0x10"])
def test_a_seed_is_ascii_digits_and_a_long_one_is_not_echoed(seed: str) -> None:
    refused = spec_from_request({"drill": "hand", "seed": seed}, CATALOG)
    assert isinstance(refused, str) and "is not a whole number" in refused
    assert len(refused) < 120
    length = spec_from_request({"drill": "hand", "length": seed}, CATALOG)
    assert isinstance(length, str) and "is not a number of questions" in length


def test_sets_from_a_link() -> None:
    spec = spec_from_request({"drill": "hand", "tier": "beginner", "seed": "7"}, CATALOG)
    assert spec == SetSpec(DrillType.HAND, "beginner", 7, 8)
    spec = spec_from_request(
        {"drill": "crib", "seed": "3", "mode": "claim", "length": "5", "muggins": "1"}, CATALOG
    )
    assert spec == SetSpec(DrillType.CRIB, "beginner", 3, 5, Mode.CLAIM, True)
    spec = spec_from_request({"drill": "mixed"}, CATALOG, seed=42)
    assert isinstance(spec, SetSpec) and (spec.tier, spec.seed, spec.length) == (MIXED, 42, 10)
    weights = {("go", "club"): 2, ("hand", "traps"): 0, "junk": 3}
    spec = spec_from_request({"drill": "mixed"}, CATALOG, weights=weights, seed=1)
    assert isinstance(spec, SetSpec) and spec.weights == ((("go", "club"), 2.0),)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"drill": "poker"}, "no drill called 'poker'"),
        ({"drill": "hand", "tier": "grandmaster"}, "no level called 'grandmaster'"),
        ({"drill": "hand", "seed": "abc"}, "The seed 'abc' is not a whole number"),
        ({"drill": "hand", "length": "0"}, "not a number of questions from 1 to 100"),
    ],
)
def test_bad_links_say_what_is_wrong(params: dict[str, str], message: str) -> None:
    result = spec_from_request(params, CATALOG)
    assert isinstance(result, str) and message in result


def test_weights_go_into_the_address_and_come_back() -> None:
    weights = (((DrillType.HAND, "club"), 2.5), ((DrillType.PEG, "traps"), 1.0))
    text = weights_param(weights)
    assert text == "hand.club:2.5,peg.traps:1"
    spec = spec_from_request({"drill": "mixed", "seed": "4", "w": text}, CATALOG)
    assert isinstance(spec, SetSpec) and spec.weights == weights
    from_state = spec_from_request(
        {"drill": "mixed", "seed": "4", "w": text}, CATALOG, weights={("go", "club"): 9.0}
    )
    assert isinstance(from_state, SetSpec) and from_state.weights == weights  # the address wins
    for bad in ("hand.club", "hand.club:x", "[x](y):1", ",".join(["hand.club:1"] * 65)):
        problem = spec_from_request({"drill": "mixed", "w": bad}, CATALOG)
        assert isinstance(problem, str) and "weights in the address" in problem


def test_a_set_names_its_place_and_resumes_past_answered_questions() -> None:
    spec = SetSpec(DrillType.HAND, "beginner", seed=7, length=4)
    run = PracticeSet(spec, set_id="abc123")
    assert run.key == "abc123/0"
    params = set_address(run)
    assert params["set"] == "abc123" and params["q"] == "1" and params["seed"] == "7"
    assert place_from_request({"set": "abc123", "q": "3"}, 4) == ("abc123", 2)
    assert place_from_request({"set": "abc123", "q": "9"}, 4) == ("abc123", 0)
    assert place_from_request({"set": "<b>", "q": "3"}, 4) == (None, 0)
    again = PracticeSet(spec, set_id="abc123")
    again.resume(1, frozenset({"abc123/1", "abc123/2"}))
    assert (again.index, again.phase, again.key) == (3, "question", "abc123/3")
    done = PracticeSet(spec, set_id="abc123")
    done.resume(3, frozenset({"abc123/3"}))
    assert done.phase == "done"
    assert new_set_id() != new_set_id()


# --- a throw from a game, practised again --------------------------------------------------

HAND = "5H,5D,5C,JS,2D,9C"


def test_a_set_can_start_with_six_cards_given() -> None:
    from trainer.engine import parse_cards
    from trainer.training.questions.coached import deal_discard_question

    spec = spec_from_request(
        {"drill": "discard", "tier": "pone", "hand": HAND, "seed": "4"}, CATALOG
    )
    assert isinstance(spec, SetSpec)
    assert spec.hand == parse_cards(HAND) and spec.length == 6
    run = PracticeSet(spec)
    first = run.question(CATALOG)
    assert isinstance(first, DiscardQuestion)
    assert set(first.six) == set(parse_cards(HAND)) and not first.dealer
    assert first.notation() == "2D 5H 5D 5C 9C JS | pone"  # in card order
    run.start_clock(0.0)
    grade = run.answer_throw(CATALOG, parse_cards("2D 9C"), now=3.0)
    assert grade.question == first
    run.next()
    assert run.question(CATALOG) == deal_discard_question("pone", 4, 1)  # then dealt as usual
    again = spec_from_request(set_address(run), CATALOG)
    assert again == spec  # the address keeps the hand, so a reload deals it again


def test_a_hand_given_as_cards_from_another_page() -> None:
    from trainer.engine import parse_cards

    cards = parse_cards(HAND)
    spec = spec_from_request({"drill": "discard", "tier": "dealer", "hand": cards}, CATALOG)
    assert isinstance(spec, SetSpec) and spec.hand == cards
    question = PracticeSet(spec).question(CATALOG)
    assert isinstance(question, DiscardQuestion) and question.dealer


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"drill": "hand", "tier": "beginner", "hand": HAND}, "only to “Which two do you throw?”"),
        ({"drill": "discard", "tier": "mixed", "hand": HAND}, "at one level"),
        ({"drill": "discard", "tier": "pone", "hand": "5H,5D,5C"}, "has 3 cards"),
        ({"drill": "discard", "tier": "pone", "hand": "5H,5H,5C,JS,2D,9C"}, "cannot be read"),
        ({"drill": "discard", "tier": "pone", "hand": "5H,5D,5C,JS,2D,1X"}, "cannot be read"),
        ({"drill": "discard", "tier": "pone", "hand": "5H," * 40}, "too long"),
    ],
)
def test_a_bad_hand_says_what_is_wrong(params: dict[str, str], message: str) -> None:
    refusal = spec_from_request(params, CATALOG)
    assert isinstance(refusal, str) and message in refusal, refusal

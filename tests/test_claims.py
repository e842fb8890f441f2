"""The grader's double run (claimed as one unit, the way players say it) and the refusal of
claims whose number of cards cannot make their kind."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.content.catalog import load_drills
from trainer.engine import DECK, Card, Kind, parse_cards, score_show
from trainer.engine.skills import DrillType, Mode
from trainer.training.grading import Claim, ClaimKind, claim_problem, grade_claims
from trainer.training.questions import ShowQuestion, show_features
from trainer.training.sets import PracticeSet, SetSpec

CATALOG = load_drills()


def show(text: str, *, crib: bool = False) -> ShowQuestion:
    *hand, starter = parse_cards(text)
    score = score_show(hand, starter, crib=crib)
    return ShowQuestion(
        DrillType.CRIB if crib else DrillType.HAND, "club", 5, 0, tuple(hand), starter, crib,
        score, show_features(score),
    )  # fmt: skip


def claim(kind: str, text: str) -> Claim:
    return Claim(ClaimKind(kind), parse_cards(text))


def test_a_double_run_of_three_is_eight_and_covers_its_runs_and_pair() -> None:
    question = show("AH AS 2D 3C 6H")  # A-2-3 twice and the pair of aces: 8, no fifteens
    assert question.total == 8
    grade = grade_claims(question, [claim("double run", "AH AS 2D 3C")], seconds=1)
    assert grade.correct and grade.given_total == 8
    (check,) = grade.claims
    assert check.status == "found"
    assert sorted(item.kind for item in check.items) == ["pair", "run", "run"]
    assert claim("double run", "AH AS 2D 3C").points == 8


def test_a_double_run_of_four_is_ten() -> None:
    question = show("6C 7H 8H 8S 9D")  # 6-7-8-9 twice, the pair, and the fifteens
    grade = grade_claims(
        question,
        [claim("double run", "6C 7H 8H 8S 9D")]
        + [
            Claim(ClaimKind.of(item.kind), item.cards)
            for item in question.score.by_kind(Kind.FIFTEEN)
        ],
        seconds=1,
    )
    assert grade.correct and grade.given_total == question.total
    assert claim("double run", "6C 7H 8H 8S 9D").points == 10


def test_the_double_run_then_its_parts_counts_each_once() -> None:
    question = show("AH AS 2D 3C 6H")
    grade = grade_claims(
        question,
        [claim("double run", "AH AS 2D 3C"), claim("pair", "AH AS"), claim("run", "AH 2D 3C")],
        seconds=1,
    )
    assert [check.status for check in grade.claims] == ["found", "twice", "twice"]
    assert not grade.correct and not grade.missed


def test_a_double_run_after_one_of_its_runs_adds_the_rest() -> None:
    question = show("AH AS 2D 3C 6H")
    grade = grade_claims(
        question, [claim("run", "AS 2D 3C"), claim("double run", "AH AS 2D 3C")], seconds=1
    )
    assert grade.correct
    assert sorted(item.kind for item in grade.claims[1].items) == ["pair", "run"]


@pytest.mark.parametrize(
    ("hand", "cards", "reason"),
    [
        ("7H 8H 9S 10D KC", "7H 8H 9S TD", "does not have exactly one rank twice"),
        ("7H 8H 8S TD KC", "7H 8H 8S TD", "is not a sequence with one rank twice"),
        ("6C 7H 8H 8S 9D", "7H 8H 8S 9D", "the runs here are longer (6-7-8-9)"),
    ],
)
def test_a_wrong_double_run_says_why(hand: str, cards: str, reason: str) -> None:
    question = show(hand)
    grade = grade_claims(question, [claim("double run", cards)], seconds=1)
    (check,) = grade.claims
    assert check.status == "wrong" and reason in check.message, check.message
    assert "run" in grade.categories


@pytest.mark.parametrize(
    ("kind", "cards", "start"),
    [
        ("fifteen", "3S", "one card is never a fifteen"),
        ("pair", "5H", "one card is never a pair"),
        ("pair", "5H 5D 5S 5C KD", "five cards are never a pair"),
        ("run", "5H 6H", "two cards are never a run"),
        ("double run", "5H 5D 6C", "three cards are never a double run"),
        ("flush", "5H 6H 7H", "three cards are never a flush"),
        ("nobs", "JH JD", "two cards are never a nobs"),
        ("fifteen", "5H 5H", "a card was chosen twice"),
        ("fifteen", "", "choose the cards of the fifteen first"),
    ],
)
def test_a_claim_that_cannot_be_its_kind_is_named(kind: str, cards: str, start: str) -> None:
    chosen = parse_cards(cards, allow_duplicates=True) if cards else ()
    assert claim_problem(ClaimKind(kind), chosen).startswith(start)


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK).map(lambda deck: deck[:5]))
def test_every_engine_item_and_every_double_run_passes_the_size_check(cards: list[Card]) -> None:
    score = score_show(cards[:4], cards[4])
    for item in score.items:
        assert claim_problem(ClaimKind.of(item.kind), item.cards) == ""
    runs = score.by_kind(Kind.RUN)
    pairs = score.by_kind(Kind.PAIR)
    if len(runs) == 2 and len(pairs) == 1:
        unit = tuple({*runs[0].cards, *runs[1].cards})
        assert claim_problem(ClaimKind.DOUBLE_RUN, unit) == ""
        grade = grade_claims(
            ShowQuestion(
                DrillType.HAND, "t", 0, 0, tuple(cards[:4]), cards[4], False, score, frozenset()
            ),
            [Claim(ClaimKind.DOUBLE_RUN, unit)]
            + [
                Claim(ClaimKind.of(i.kind), i.cards)
                for i in score.items
                if i.kind not in (Kind.RUN, Kind.PAIR)
            ],
            seconds=1,
        )
        assert grade.correct and grade.given_total == score.total


def test_the_practice_set_refuses_a_one_card_fifteen() -> None:
    run = PracticeSet(SetSpec(DrillType.HAND, "twenty-plus", 3, 1, mode=Mode.CLAIM))
    question = run.question(CATALOG)
    assert isinstance(question, ShowQuestion)
    with pytest.raises(ValueError, match="one card is never a fifteen"):
        run.add_claim(CATALOG, ClaimKind.FIFTEEN, [question.hand[0]])
    assert run.claims == []
    run.add_claim(CATALOG, ClaimKind.DOUBLE_RUN, parse_cards("TC JC QC JH"))
    assert [claim.kind for claim in run.claims] == ["double run"]

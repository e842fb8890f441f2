"""The go drill with three and four at the table (trainer.training.questions.deal_go, its
grading in trainer.training.grading and its page in trainer.ui.asking.series): the series
dealt are the engine's own play, and who pegs for the end and who leads next are checked
here against the rules worked out again by hand (the last card's player pegs; the lead
passes to the left of the last card, over anyone with no cards left)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player
from trainer.content.catalog import load_drills
from trainer.engine.items import Kind
from trainer.engine.skills import DrillType
from trainer.training.grading import go_explanation, grade_go
from trainer.training.inputs import InputProblem
from trainer.training.questions import GoQuestion, deal_question

CATALOG = load_drills()
REPO = Path(__file__).resolve().parent.parent
PAGE = str(REPO / "trainer" / "ui" / "views" / "practice.py")
TIERS = {"three": 3, "four": 4}


def _go(tier: str, seed: int) -> GoQuestion:
    question = deal_question(DrillType.GO, tier, seed, 0, catalog=CATALOG)
    assert isinstance(question, GoQuestion)
    return question


def _by_hand(question: GoQuestion) -> tuple[int, Kind, int | None]:
    """Who pegs, what for and who leads, from the series and the hands left alone."""
    n = question.players
    last = question.last_player
    if question.count == 31:
        reason = Kind.THIRTY_ONE
    elif not any(question.hands_after):
        reason = Kind.LAST_CARD
    else:
        reason = Kind.GO
    if not any(question.hands_after):
        return last, reason, None
    seat = (last + 1) % n
    while not question.hands_after[seat]:
        seat = (seat + 1) % n
    return last, reason, seat


@pytest.mark.parametrize("tier", list(TIERS))
def test_the_series_are_the_tables_and_graded_by_the_rules(tier: str) -> None:
    for seed in range(60):
        question = _go(tier, seed)
        assert question.players == TIERS[tier]
        assert {step.player for step in question.steps} <= set(range(question.players))
        # the first card of the series is laid before any go, and a series ends on a card
        assert question.steps[0].card is not None
        scorer, reason, leader = _by_hand(question)
        assert (question.scorer, question.reason, question.next_leader) == (scorer, reason, leader)
        assert question.total == (2 if reason is Kind.THIRTY_ONE else 1)
        right = grade_go(question, scorer, str(reason), leader, seconds=3.0)
        assert right.correct and right.given_total == question.total
        wrong = (scorer + 1) % question.players
        graded = grade_go(question, wrong, str(reason), leader, seconds=3.0)
        assert not graded.correct and graded.given_total == 0


@pytest.mark.parametrize("tier", list(TIERS))
def test_every_end_of_a_series_comes_up(tier: str) -> None:
    found: set[str] = set()
    for seed in range(60):
        found |= _go(tier, seed).features
    assert {"go", "last-card", "leads-again", "played-alone"} <= found


def test_the_lead_passing_over_an_empty_hand_is_explained() -> None:
    for seed in range(200):
        question = _go("four", seed)
        leader = question.next_leader
        if leader is None or leader in (question.last_player, (question.last_player + 1) % 4):
            continue
        text = " ".join(go_explanation(question))
        assert "no cards left" in text and "passes to the left of the last card" in text
        return
    raise AssertionError("no series where the lead passed over an empty hand")


def test_partners_points_are_said_to_go_on_one_score() -> None:
    for seed in range(100):
        question = _go("four", seed)
        if question.scorer == 2:
            assert "Your partner's point goes on your score" in " ".join(go_explanation(question))
            return
    raise AssertionError("the partner never pegged")


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    question = _go("three", 1)
    with pytest.raises(InputProblem, match="choose who pegs"):
        grade_go(question, 3, "go", 0, seconds=1.0)
    with pytest.raises(InputProblem, match="Who leads next"):
        grade_go(question, 0, "go", 3, seconds=1.0)


def test_the_two_player_go_is_dealt_as_before() -> None:
    question = _go("club", 3)
    assert question.players == 2 and question.notation().count("you") >= 1
    assert "left:" in question.notation() and "opp" in question.notation()


@pytest.mark.parametrize("tier", list(TIERS))
def test_the_practice_page_asks_round_the_table(tier: str) -> None:
    question = _go(tier, 5)
    at = AppTest.from_file(PAGE, default_timeout=30)
    as_player(at)
    at.query_params.update({"drill": "go", "tier": tier, "seed": "5"})
    at.run()
    assert not at.exception, at.exception
    scorer = at.radio(key="practice_go_scorer_0")
    assert len(scorer.options) == question.players
    if question.players == 4:
        assert "Your partner" in scorer.options
    scorer.set_value(question.scorer)
    at.radio(key="practice_go_choice_0").set_value(str(question.reason))
    leader = "nobody" if question.next_leader is None else str(question.next_leader)
    at.radio(key="practice_go_leader_0").set_value(leader)
    at.button(key="FormSubmitter:practice_go_0-Check").click()
    at.run()
    assert not at.exception, at.exception
    (success,) = at.success
    assert success.value.startswith("Right: ")

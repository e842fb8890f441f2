"""The coach drills ("Which two do you throw?", "What would you play?") as drills: their
files, the loader's checks, dealing, grading, practice sets, the store, adaptive practice
and the Progress page's words for them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.stores import add_answer
from trainer.content.catalog import check_files, load_drills
from trainer.content.files import DRILLS_DIR
from trainer.engine.skills import CATEGORY_DRILLS, CATEGORY_LABELS, Category, DrillType
from trainer.progress.figures import describe_answer, drill_label
from trainer.progress.store import Recorded, Store, check_attempt
from trainer.training.adaptive import assess, category_drills
from trainer.training.coach import NEAR_TIE, hint_ranking
from trainer.training.grading import AdviceGrade, InputProblem, grade_lay, grade_throw
from trainer.training.questions import check_question, deal_question, deal_set, tier_problem
from trainer.training.questions.coached import (
    DISCARD_TIERS,
    PLAY_TIERS,
    DiscardQuestion,
    PlayQuestion,
    deal_discard_question,
    deal_play_question,
)
from trainer.training.records import AttemptIn
from trainer.training.sets import MIXED, PracticeSet, SetSpec, spec_from_request

REPO = Path(__file__).resolve().parent.parent
CATALOG = load_drills()


def _discard(tier: str = "dealer", seed: int = 3, index: int = 0) -> DiscardQuestion:
    question = deal_question(DrillType.DISCARD, tier, seed, index, catalog=CATALOG)
    assert isinstance(question, DiscardQuestion)
    return question


def _play(tier: str = "clear", seed: int = 3, index: int = 0) -> PlayQuestion:
    question = deal_question(DrillType.PLAY, tier, seed, index, catalog=CATALOG)
    assert isinstance(question, PlayQuestion)
    return question


def _throws(question: DiscardQuestion) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """The best throw and the worst, by the coach's own ranking."""
    ranking = hint_ranking(question.six, dealer=question.dealer, top=15)
    return ranking[0].discard.throw, ranking[-1].discard.throw


# --- the files and the loader ---------------------------------------------------------------


def test_the_coach_drill_files_deal_the_coach_tiers() -> None:
    assert CATALOG.broken == {}
    assert CATALOG.drills[DrillType.DISCARD].tier_ids == DISCARD_TIERS
    assert CATALOG.drills[DrillType.PLAY].tier_ids == PLAY_TIERS
    assert CATALOG.drills[DrillType.DISCARD].title == "Which two do you throw?"
    assert CATALOG.drills[DrillType.PLAY].title == "What would you play?"
    for name in (DrillType.DISCARD, DrillType.PLAY):
        for tier in CATALOG.drills[name].tiers:
            assert tier_problem(CATALOG.drills[name], tier) is None
    assert {
        ("discard", "dealer"),
        ("discard", "pone"),
        ("play", "clear"),
        ("play", "close"),
    } <= set(CATALOG.pairs())


def _coach_file(tmp_path: Path, body: str, name: str = "discard.yaml") -> Path:
    path = tmp_path / name
    path.write_text(
        "drill: discard\ntitle: Which two?\nsummary: Throw two.\ntiers:\n" + body, encoding="utf-8"
    )
    return path


def _problems(path: Path) -> list[str]:
    return [str(problem) for problem in check_files([path], tier_problem)]


def test_constraints_on_a_coach_drill_are_refused_naming_file_tier_and_field(
    tmp_path: Path,
) -> None:
    path = _coach_file(
        tmp_path,
        "  - id: dealer\n    title: Dealer\n    length: 3\n    pace: 60\n"
        "    constraints:\n      max_total: 8\n",
    )
    (message,) = _problems(path)
    assert "discard.yaml: drill discard, tier dealer: constraints:" in message
    assert "discard drills take no constraints" in message and "max_total" in message


def test_a_field_of_another_drill_type_is_refused_on_a_coach_drill(tmp_path: Path) -> None:
    path = _coach_file(
        tmp_path,
        "  - id: pone\n    title: Pone\n    length: 3\n    pace: 60\n    show_count: after\n",
    )
    (message,) = _problems(path)
    assert "drill discard, tier pone: show_count: show_count is for peg drills" in message


def test_a_tier_the_coach_does_not_deal_is_refused_by_the_validator(tmp_path: Path) -> None:
    path = _coach_file(tmp_path, "  - id: expert\n    title: Expert\n    length: 3\n    pace: 60\n")
    (message,) = _problems(path)
    assert message.endswith(
        "drill discard, tier expert: id: the coach deals no tier 'expert': use dealer or pone"
    )
    catalog = load_drills(tmp_path, check=tier_problem)
    assert "discard" in catalog.broken and "discard" not in catalog.drills


def test_the_validate_command_names_a_broken_coach_drill_file(tmp_path: Path) -> None:
    folder = tmp_path / "drills"
    folder.mkdir()
    _coach_file(folder, "  - id: dealer\n    title: Dealer\n    length: 0\n    pace: 60\n")
    result = subprocess.run(
        [sys.executable, "-m", "trainer", "validate", str(folder)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "discard.yaml: drill discard, tier dealer: length:" in result.stdout
    assert "greater than or equal to 1" in result.stdout


def test_the_readme_describes_the_coach_drills() -> None:
    readme = (DRILLS_DIR / "README.md").read_text(encoding="utf-8")
    for words in ("discard", "play", "dealer", "pone", "clear", "close"):
        assert f"`{words}`" in readme, words


# --- dealing and grading --------------------------------------------------------------------


@pytest.mark.parametrize("tier", DISCARD_TIERS)
def test_a_discard_question_is_the_coach_s_and_replays_by_its_seed(tier: str) -> None:
    question = _discard(tier, seed=11, index=2)
    assert question == deal_discard_question(tier, 11, 2)
    assert question.dealer is (tier == "dealer")
    assert check_question(question, CATALOG.tier(DrillType.DISCARD, tier)[1].constraints) == []
    first = deal_set(DrillType.DISCARD, tier, 11, catalog=CATALOG)
    assert first == deal_set(DrillType.DISCARD, tier, 11, catalog=CATALOG)
    assert len(first) == CATALOG.tier(DrillType.DISCARD, tier)[1].length
    discards = [q for q in first if isinstance(q, DiscardQuestion)]
    assert len(discards) == len(first)  # every question of the set a discard
    assert len({q.six for q in discards}) == len(first)


@pytest.mark.parametrize("tier", PLAY_TIERS)
def test_a_play_question_is_the_coach_s_and_replays_by_its_seed(tier: str) -> None:
    question = _play(tier, seed=5, index=1)
    assert question == deal_play_question(tier, 5, 1)
    assert len(question.options) >= 2
    assert check_question(question, CATALOG.tier(DrillType.PLAY, tier)[1].constraints) == []


def test_the_best_throw_is_right_and_a_poor_one_loses_points() -> None:
    question = _discard("pone", seed=4)
    best, worst = _throws(question)
    right = grade_throw(question, best, seconds=12.0)  # type: ignore[arg-type]
    assert right.correct and right.points_lost == 0 and right.categories == ()
    assert right.headline == "Right: that is the best throw."
    wrong = grade_throw(question, worst, seconds=20.0)  # type: ignore[arg-type]
    assert not wrong.correct and wrong.points_lost > NEAR_TIE
    assert wrong.categories == (Category.DISCARD,)
    assert wrong.headline.startswith("Not quite: that throw is number 15 of 15; it costs ")
    assert f"{wrong.points_lost:.2f} a deal" in wrong.headline
    table = [line for line in wrong.lines if line[:1].isdigit()]
    assert len(table) == 15 and table[0].startswith("1. throw ")
    attempt = wrong.attempt()
    assert attempt.drill == "discard" and attempt.tier == "pone" and attempt.seed == 4
    assert attempt.points_off == -round(wrong.points_lost) < 0
    assert attempt.seconds == 20.0 and attempt.missed == ("discard",)
    assert attempt.mode == "throw"  # stored as tapped, not as a typed total
    check_attempt(attempt)  # the store takes it


def test_a_throw_that_is_not_two_of_the_six_is_refused_by_name() -> None:
    question = _discard()
    with pytest.raises(InputProblem, match="Your throw: choose exactly two of your six cards"):
        grade_throw(question, question.six[:3], seconds=1.0)
    with pytest.raises(InputProblem, match="not 1"):
        grade_throw(question, question.six[:1], seconds=1.0)
    with pytest.raises(InputProblem, match="thrown twice"):
        grade_throw(question, (question.six[0], question.six[0]), seconds=1.0)
    other = next(c for c in deal_discard_question("pone", 99).six if c not in question.six)
    with pytest.raises(InputProblem, match="is not among the six cards"):
        grade_throw(question, (question.six[0], other), seconds=1.0)


def test_the_best_card_is_right_and_a_poor_one_gives_points_away() -> None:
    question = _play("clear", seed=3)
    best, worst = question.options[0], question.options[-1]
    right = grade_lay(question, (best.card,), seconds=4.0)
    assert right.correct and right.points_lost == 0
    assert right.headline == f"Right: the {best.card.label} is the best card here."
    wrong = grade_lay(question, (worst.card,), seconds=4.0)
    assert not wrong.correct and wrong.categories == (Category.PLAY,)
    assert wrong.points_lost == pytest.approx(best.net - worst.net)
    assert wrong.headline == (
        f"Not quite: the {best.card.label} was better. The {worst.card.label} gives away "
        f"{wrong.points_lost:.2f} points on average."
    )
    assert len(wrong.lines) == 1 + len(question.options)
    assert wrong.attempt().answer == str(worst.card)
    assert wrong.attempt().mode == "lay"
    check_attempt(wrong.attempt())


def test_a_lay_that_is_not_one_card_that_fits_is_refused_by_name() -> None:
    question = _play("close", seed=8)
    assert question.notation() == "2D 7D 9H | TC 5D 8C | 5D | TC 8C | AS"
    nine = question.hand[2]
    with pytest.raises(InputProblem, match="Your card: 9♥ does not fit: the count would be 32"):
        grade_lay(question, (nine,), seconds=1.0)
    with pytest.raises(InputProblem, match="lay one card, not 2"):
        grade_lay(question, question.hand[:2], seconds=1.0)
    with pytest.raises(InputProblem, match="lay one card, not 0"):
        grade_lay(question, (), seconds=1.0)


# --- practice sets ---------------------------------------------------------------------------


def test_a_discard_set_answered_right_then_wrong() -> None:
    run = PracticeSet(SetSpec(DrillType.DISCARD, "dealer", seed=3, length=2))
    assert run.answer_mode(CATALOG) == "throw"
    with pytest.raises(InputProblem, match="answered by tapping cards"):
        run.answer_quick(CATALOG, "4", now=0.0)
    with pytest.raises(InputProblem, match="not a card to lay"):
        run.answer_lay(CATALOG, (), now=0.0)
    run.start_clock(10.0)
    first = run.question(CATALOG)
    assert isinstance(first, DiscardQuestion)
    best, _ = _throws(first)
    grade = run.answer_throw(CATALOG, best, now=40.0)  # type: ignore[arg-type]
    assert isinstance(grade, AdviceGrade) and grade.correct and grade.seconds == 30.0
    run.next()
    run.start_clock(50.0)
    second = run.question(CATALOG)
    assert isinstance(second, DiscardQuestion)
    _, worst = _throws(second)
    with pytest.raises(InputProblem):  # a refused throw leaves the question open
        run.answer_throw(CATALOG, second.six[:4], now=55.0)
    assert run.phase == "question"
    run.answer_throw(CATALOG, worst, now=60.0)  # type: ignore[arg-type]
    run.next()
    assert run.phase == "done"
    summary = run.summary(CATALOG)
    assert (summary.correct, summary.answered, summary.seconds) == (1, 2, 20.0)
    assert summary.target == 60.0
    lines = summary.lines()
    assert lines[0] == "Accuracy: 1 of 2 right (50%)."
    assert lines[2] == "Missed most: the throw to the crib (1)."


def test_a_play_set_all_right_says_every_choice_was_as_good_as_the_best() -> None:
    run = PracticeSet(SetSpec(DrillType.PLAY, "clear", seed=3, length=2))
    for _ in range(2):
        assert run.answer_mode(CATALOG) == "lay"
        question = run.question(CATALOG)
        assert isinstance(question, PlayQuestion)
        run.start_clock(0.0)
        run.answer_lay(CATALOG, (question.options[0].card,), now=5.0)
        run.next()
    lines = run.summary(CATALOG).lines()
    assert lines[0] == "Accuracy: 2 of 2 right (100%)."
    assert lines[-1] == "Nothing missed: every choice was as good as the best."


def test_a_link_deals_a_coach_drill_and_a_bad_tier_is_named() -> None:
    spec = spec_from_request({"drill": "discard", "tier": "dealer", "seed": "3"}, CATALOG)
    assert spec == SetSpec(DrillType.DISCARD, "dealer", 3, 6)
    refused = spec_from_request({"drill": "discard", "tier": "crib", "seed": "3"}, CATALOG)
    assert refused == ("The discard drill has no level called 'crib'; choose one of dealer, pone.")
    refused = spec_from_request({"drill": "play", "tier": "hard"}, CATALOG)
    assert refused == "The play drill has no level called 'hard'; choose one of clear, close."


def test_mixed_sets_deal_the_coach_drills_too() -> None:
    pairs = [pair for pair, _ in SetSpec(MIXED, MIXED, seed=1, length=10).pairs(CATALOG)]
    assert ("discard", "pone") in pairs and ("play", "close") in pairs
    weighted = SetSpec(MIXED, MIXED, seed=1, length=10, weights=(((DrillType.PLAY, "clear"), 1.0),))
    run = PracticeSet(weighted)
    assert isinstance(run.question(CATALOG), PlayQuestion)
    assert run.answer_mode(CATALOG) == "lay"


# --- the store, adaptive practice, the Progress page ------------------------------------------------


def _attempt(drill: str, tier: str, correct: bool, seconds: float = 20.0) -> AttemptIn:
    category = Category.DISCARD if drill == "discard" else Category.PLAY
    return AttemptIn(
        drill=DrillType(drill),
        tier=tier,
        seed=1,
        question="5H 5D 5C JS 2D 9C | dealer",
        answer="5H 5D",
        correct=correct,
        points_off=0 if correct else -3,
        missed=() if correct else (category,),
        seconds=seconds,
    )


def test_the_store_keeps_a_coach_answer_under_its_player(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "progress.sqlite3")
    sam, kim = store.create_profile("Sam"), store.create_profile("Kim")
    question = _discard("pone", seed=4)
    _, worst = _throws(question)
    attempt = grade_throw(question, worst, seconds=9.5).attempt()  # type: ignore[arg-type]
    add_answer(store, sam.id, attempt)
    (saved,) = [r.attempt for r in store.attempts(sam.id)]
    assert (saved.drill, saved.tier, saved.missed) == ("discard", "pone", ("discard",))
    assert saved.points_off == attempt.points_off and saved.answer == attempt.answer
    assert store.attempts(kim.id) == []


def test_weak_spots_bring_back_the_coach_drill_that_is_missed() -> None:
    recent = [_attempt("discard", "pone", False) for _ in range(6)]
    recent += [_attempt("play", "clear", True) for _ in range(6)]
    needs = {need.area: need for need in assess(recent, available=CATALOG.pairs())}
    assert needs[(DrillType.DISCARD, "pone")].weakest_category == "discard"
    assert needs[(DrillType.DISCARD, "pone")].weight > needs[(DrillType.DISCARD, "dealer")].weight
    assert (
        needs[(DrillType.DISCARD, "dealer")].weight > needs[(DrillType.HAND, "club")].weight
    )  # the category
    assert needs[(DrillType.PLAY, "clear")].weight < needs[(DrillType.DISCARD, "pone")].weight
    assert category_drills()[Category.DISCARD] == CATEGORY_DRILLS[Category.DISCARD] == {"discard"}


def test_the_progress_page_names_the_coach_drills_and_their_misses() -> None:
    assert drill_label("discard") == "Which two do you throw?"
    assert drill_label("play") == "What would you play?"
    assert CATEGORY_LABELS[Category.PLAY] == "the card to play"
    recorded = Recorded(1, 1, _attempt("discard", "pone", False))
    heading, line = describe_answer(recorded, {("discard", "pone"): "Their crib"})
    assert heading == "Which two do you throw? · Their crib"
    assert "you said 5♥ 5♦; missed the throw to the crib (about 3 points a deal lost)" in line

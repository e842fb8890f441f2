"""The drill generator: every question meets its tier, seeds replay, rare
questions come up as often as common ones, and every score is the engine's."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.reference import naive_show_parts
from trainer.content.catalog import Constraints, Drill, DrillCatalog, Tier, load_drills
from trainer.engine import Kind, parse_cards, score_play, score_show
from trainer.engine.show import pattern_base_points, rank_pattern_items
from trainer.engine.skills import DrillType
from trainer.training.questions import (
    Dealt,
    DiscardQuestion,
    GenerationError,
    GoQuestion,
    PegQuestion,
    PlayQuestion,
    Question,
    ShowQuestion,
    check_question,
    deal_question,
    deal_set,
    go_features,
    peg_features,
    show_features,
)
from trainer.training.questions import deal_show as drills_module

REPO = Path(__file__).resolve().parent.parent
CATALOG: DrillCatalog = load_drills()
PAIRS = CATALOG.pairs()
#: The counting drills' tiers (a coach drill's tier has no features to aim for).
COUNTING_PAIRS = tuple(pair for pair in PAIRS if not DrillType(pair[0]).coached)


def _tier(drill: DrillType, tier: str) -> Tier:
    return CATALOG.tier(drill, tier)[1]


def _show(drill: DrillType, tier: str, seed: int, index: int) -> ShowQuestion:
    """A question of a drill that counts a hand or a crib."""
    question = deal_question(drill, tier, seed, index, catalog=CATALOG)
    assert isinstance(question, ShowQuestion)
    return question


def _engine_agrees(question: Dealt) -> None:
    """The question's score and features are exactly what the engine says (a coach
    question: its cards are a real deal, and its choices are the cards that fit)."""
    if isinstance(question, DiscardQuestion):
        assert len(set(question.six)) == 6 and question.dealer is (question.tier == "dealer")
    elif isinstance(question, PlayQuestion):
        seen = [*question.hand, *question.mine_played, *question.theirs_played, question.starter]
        assert len(set(seen)) == len(seen)
        assert set(question.pile) <= {*question.mine_played, *question.theirs_played}
        fits = {card for card in question.hand if question.count + card.pips <= 31}
        assert {option.card for option in question.options} == fits and len(fits) >= 2
        nets = [option.net for option in question.options]
        assert nets == sorted(nets, reverse=True)
    elif isinstance(question, ShowQuestion):
        assert len({*question.hand, question.starter}) == 5
        score = score_show(question.hand, question.starter, crib=question.crib)
        assert score == question.score
        assert show_features(score) == question.features
    elif isinstance(question, PegQuestion):
        pegged = score_play(question.pile)
        assert pegged == question.score
        assert pegged.count <= 31
        assert peg_features(pegged) == question.features
    else:
        assert go_features(question) == question.features
        _go_is_consistent(question)


def _go_is_consistent(q: GoQuestion) -> None:
    laid = [step for step in q.steps if step.card is not None]
    assert laid, "a series has at least one card"
    assert q.scorer == laid[-1].player, "the last player to lay pegs for the end"
    assert q.count == laid[-1].count
    over = not any(q.hands_after)
    if q.reason == "thirty-one":
        assert q.count == 31 and q.award.points == 2
    else:
        assert q.count < 31 and q.award.points == 1
        assert (q.reason == "last card") == over
    assert (q.next_leader is None) == over
    if q.next_leader is not None:  # the next round the table (to the left) holding cards
        players = len(q.hands_after)
        seats = [(q.scorer + k) % players for k in range(1, players + 1)]
        expected = next(seat for seat in seats if q.hands_after[seat])
        assert q.next_leader == expected
    cards = [step.card for step in laid]
    assert sum(card.pips for card in cards if card is not None) == q.count
    for hand in q.hands_after:
        if q.reason == "go":
            assert all(card.pips + q.count > 31 for card in hand), "nobody could lay"


@settings(max_examples=300, deadline=None)
@given(
    pair=st.sampled_from(PAIRS),
    seed=st.integers(min_value=0, max_value=10**9),
    index=st.integers(min_value=0, max_value=60),
)
def test_every_question_meets_its_tier_and_agrees_with_the_engine(
    pair: tuple[DrillType, str], seed: int, index: int
) -> None:
    drill, tier = pair
    question = deal_question(drill, tier, seed, index, catalog=CATALOG)
    assert question.drill == drill and question.tier == tier
    assert (question.seed, question.index) == (seed, index)
    assert check_question(question, _tier(drill, tier).constraints) == []
    _engine_agrees(question)


@settings(max_examples=60, deadline=None)
@given(pair=st.sampled_from(PAIRS), seed=st.integers(min_value=0, max_value=10**9))
def test_the_same_seed_deals_the_same_set(pair: tuple[DrillType, str], seed: int) -> None:
    drill, tier = pair
    first = deal_set(drill, tier, seed, length=4, catalog=CATALOG)
    again = deal_set(drill, tier, seed, length=4, catalog=CATALOG)
    assert first == again
    assert [q.notation() for q in first] == [q.notation() for q in again]


def test_different_seeds_deal_different_sets() -> None:
    for drill, tier in PAIRS:
        sets = {
            tuple(q.notation() for q in deal_set(drill, tier, s, 5, catalog=CATALOG))
            for s in range(4)
        }
        assert len(sets) == 4, (drill, tier)


def test_seeds_replay_in_another_process() -> None:
    """Sets depend on nothing but their seed: not on hash randomisation, not on the process."""
    script = (
        "from trainer.training.questions import deal_question\n"
        "for d, t in [('hand','traps'), ('crib','club'), ('peg','expert'), ('go','expert')]:\n"
        "    print(deal_question(d, t, 12345, 3).notation())\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "977"}
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    here = [
        deal_question(d, t, 12345, 3, catalog=CATALOG).notation()
        for d, t in [
            (DrillType.HAND, "traps"),
            (DrillType.CRIB, "club"),
            (DrillType.PEG, "expert"),
            (DrillType.GO, "expert"),
        ]
    ]
    assert result.stdout.splitlines() == here


@pytest.mark.parametrize("pair", COUNTING_PAIRS, ids=["/".join(p) for p in COUNTING_PAIRS])
def test_each_wanted_feature_comes_up(pair: tuple[DrillType, str]) -> None:
    """require_any is spread evenly: every listed feature, rare ones included, comes up."""
    drill, tier = pair
    wanted = _tier(drill, tier).constraints.require_any
    seen: Counter[str] = Counter()
    for seed in range(120):
        question = deal_question(drill, tier, seed, 0, catalog=CATALOG)
        assert isinstance(question, Question)
        seen.update(question.features)
    for name in wanted:
        assert seen[name] >= 5, (name, seen)


def test_big_hands_and_traps_are_built_not_fished_for() -> None:
    twenty = [_show(DrillType.HAND, "twenty-plus", s, 0) for s in range(40)]
    assert all(q.total >= 20 for q in twenty)
    assert len({q.total for q in twenty}) >= 4
    traps = Counter(f for s in range(100) for f in _show(DrillType.HAND, "traps", s, 1).features)
    assert traps["double-double-run"] >= 10
    assert traps["fives-and-jack"] >= 10
    crib = [_show(DrillType.CRIB, "traps", s, 2) for s in range(100)]
    four_flush = [q for q in crib if "crib-four-flush" in q.features]
    assert len(four_flush) >= 10
    for q in four_flush:
        assert not q.score.by_kind(Kind.FLUSH), "a crib's four-card flush never scores"


def _naive_rank_counts(pattern: tuple[int, ...]) -> tuple[int, int]:
    """Rank-only points and number of combinations of five ranks, by the naive scorer."""
    seen: Counter[int] = Counter()
    first = {order: n for n, order in enumerate(dict.fromkeys(pattern))}
    plain = []
    for order in pattern:  # cards of one rank get different suits
        plain.append((order, "SHDC"[(first[order] + seen[order]) % 4]))
        seen[order] += 1
    hand, starter = plain[:4], plain[4]
    parts = naive_show_parts(hand, starter)  # flush and nobs are parts of their own
    runs = 0
    for size in (5, 4, 3):
        runs = sum(
            sorted(o for o, _ in subset)
            == list(range(min(o for o, _ in subset), min(o for o, _ in subset) + size))
            for subset in combinations([*hand, starter], size)
        )
        if runs:
            break
    points = parts["fifteen"] + parts["pair"] + parts["run"]
    return points, parts["fifteen"] // 2 + parts["pair"] // 2 + runs


def test_rank_table_matches_a_naive_scorer_for_every_pattern() -> None:
    patterns = pattern_base_points()
    assert len(patterns) == 6175
    for pattern, total in patterns.items():
        base, items, _ = drills_module._rank_features(pattern)
        naive_points, naive_items = _naive_rank_counts(pattern)
        assert base == total == naive_points, pattern
        assert items == len(rank_pattern_items(pattern)) == naive_items, pattern


def test_show_features_of_known_hands() -> None:
    *hand, starter = parse_cards("5H 5D 5C JS 5S")
    assert {"fives-and-jack", "four-of-a-kind", "nobs", "fifteen"} <= show_features(
        score_show(hand, starter)
    )
    *hand, starter = parse_cards("2H 3H 9H QH KD")
    crib = show_features(score_show(hand, starter, crib=True))
    assert "crib-four-flush" in crib and "flush" not in crib
    assert "four-card-flush" in show_features(score_show(hand, starter))
    *hand, starter = parse_cards("3H 3D 4S 4C 5H")
    assert "double-double-run" in show_features(score_show(hand, starter))
    *hand, starter = parse_cards("2H 4D 6S 8C JH")
    assert {"jack-starter", "zero"} <= show_features(score_show(hand, starter))
    *hand, starter = parse_cards("2H 4H 6H 8C KH")
    assert "false-flush" in show_features(score_show(hand, starter))


@pytest.mark.parametrize(
    ("pile", "has", "lacks"),
    [
        ("4C 5S 4D 6H", {"run", "broken-run"}, {"long-run"}),  # the source's broken run
        ("3C 4S KD 5H", {"broken-run", "zero"}, {"run"}),
        ("7S KC 7H", {"split-pair", "zero"}, {"pair"}),
        ("JS QH", {"rank-not-value", "zero"}, {"pair"}),
        ("7S 7C 7H", {"pair-royal"}, {"pair"}),
        ("7C 5S 6D", {"run", "run-out-of-order"}, set()),
        ("4C 5S 6D", {"run", "fifteen"}, {"run-out-of-order"}),
        ("AS AH AD AC", {"double-pair-royal"}, set()),
        ("KS QH 9D 2C", {"thirty-one"}, set()),
    ],
)
def test_peg_features_of_known_piles(pile: str, has: set[str], lacks: set[str]) -> None:
    features = peg_features(score_play(parse_cards(pile)))
    assert has <= features, features
    assert not (lacks & features), features


def _drill(kind: str, **constraints: object) -> tuple[Drill, Tier]:
    data = {
        "drill": kind,
        "title": "T",
        "summary": "S",
        "tiers": [{"id": "t", "title": "T", "length": 3, "pace": 9, "constraints": constraints}],
    }
    drill = Drill.model_validate(data, context={"drill": kind})
    return drill, drill.tiers[0]


def test_impossible_tiers_raise_a_generation_error() -> None:
    drill, tier = _drill("hand", min_total=29, forbid=["nobs"])  # 29 needs nobs
    with pytest.raises(GenerationError, match="no hand can meet"):
        deal_question(drill, tier, 1)
    drill, tier = _drill("peg", require=["double-pair-royal", "split-pair"])
    with pytest.raises(GenerationError, match="no pile"):
        deal_question(drill, tier, 1)


def test_data_constraints_are_honoured() -> None:
    drill, tier = _drill("hand", must_include=["5 5 5 J"], starter=["5"])
    for seed in range(20):
        question = deal_question(drill, tier, seed)
        assert isinstance(question, ShowQuestion)
        assert sorted(c.order for c in question.hand) == [5, 5, 5, 11]
        assert question.starter.order == 5
    drill, tier = _drill("peg", min_cards=6, max_cards=6, require=["fifteen"])
    for seed in range(20):
        question = deal_question(drill, tier, seed)
        assert isinstance(question, PegQuestion)
        assert len(question.pile) == 6 and question.score.count == 15


def test_check_question_names_each_broken_constraint() -> None:
    question = deal_question(DrillType.HAND, "beginner", 1, catalog=CATALOG)
    strict = Constraints(min_total=30 - 1, require=("nobs",), must_include=("K K K",))
    problems = check_question(question, strict)
    assert any("below min_total" in p for p in problems)
    assert any("lacks required nobs" in p for p in problems)
    assert any("holds none of K K K" in p for p in problems)


def test_deal_question_accepts_ids_and_refuses_unknown_ones() -> None:
    assert deal_question(DrillType.GO, "club", 3) == deal_question(
        CATALOG.drills[DrillType.GO], _tier(DrillType.GO, "club"), 3
    )
    with pytest.raises(KeyError):
        deal_question("poker", "club", 3)  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        deal_question(DrillType.HAND, "grandmaster", 3)

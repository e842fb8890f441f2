"""Adaptive practice: what is missed comes back until it is mastered, then fades to the floor."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.engine.skills import CATEGORIES, CATEGORY_DRILLS, Category, DrillType
from trainer.training.adaptive import FLOOR, assess, category_drills, weights
from trainer.training.records import AttemptIn

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def ans(
    drill: str,
    tier: str,
    correct: bool,
    missed: tuple[str, ...] = (),
    seconds: float = 10.0,
) -> AttemptIn:
    """An answer, its drill and what it missed named by the registry's words."""
    return AttemptIn(
        drill=DrillType(drill),
        tier=tier,
        seed=0,
        question="q",
        answer="a",
        correct=correct,
        points_off=0 if correct else -2,
        missed=tuple(Category(name) for name in missed),
        seconds=seconds,
        at=T0,
    )


def rights(drill: str, tier: str, n: int, seconds: float = 10.0) -> list[AttemptIn]:
    return [ans(drill, tier, True, seconds=seconds) for _ in range(n)]


def test_no_answers_no_weights() -> None:
    assert weights([]) == {}


def test_untried_areas_get_the_floor() -> None:
    assert weights([], available=[(DrillType.HAND, "club"), (DrillType.GO, "beginner")]) == {
        ("hand", "club"): FLOOR,
        ("go", "beginner"): FLOOR,
    }


def test_a_mastered_area_falls_to_the_floor() -> None:
    history = rights("go", "beginner", 30) + [
        ans("hand", "club", False, ("nobs",)) for _ in range(5)
    ]
    result = weights(history)
    assert result[(DrillType.GO, "beginner")] == FLOOR  # the go shares no category with the hand
    assert result[(DrillType.HAND, "club")] > FLOOR


def test_everything_mastered_is_everything_on_the_floor() -> None:
    history = rights("hand", "club", 25) + rights("peg", "club", 25) + rights("crib", "trap", 25)
    assert set(weights(history).values()) == {FLOOR}


def test_a_few_answers_are_not_yet_mastery() -> None:
    assert weights(rights(DrillType.HAND, "club", 3))[(DrillType.HAND, "club")] > FLOOR


def test_misses_fade_as_right_answers_follow() -> None:
    history = [ans("hand", "club", False, ("run",)) for _ in range(8)]
    seen = [weights(history)[(DrillType.HAND, "club")]]
    for _ in range(60):
        history.append(ans("hand", "club", True))
        seen.append(weights(history)[(DrillType.HAND, "club")])
    assert all(later <= earlier for earlier, later in itertools.pairwise(seen))
    assert seen[0] > 1.0
    assert seen[-1] == FLOOR


def test_more_wrong_answers_weigh_more() -> None:
    history = (
        [ans("peg", "club", k % 2 == 0) for k in range(20)]  # half wrong
        + [ans("peg", "expert", k % 5 != 0) for k in range(20)]  # a fifth wrong
    )
    result = weights(history)
    assert result[(DrillType.PEG, "club")] > result[(DrillType.PEG, "expert")] > FLOOR


def test_a_category_missed_more_gets_more_weight() -> None:
    base = [ans("hand", "club", k % 3 != 0, ("run",) if k % 3 == 0 else ()) for k in range(30)]
    more = [ans("hand", "club", a.correct, ("run", "nobs") if not a.correct else ()) for a in base]
    other = rights("crib", "trap", 5) + [ans("peg", "club", k % 2 == 0) for k in range(10)]
    before, after = weights(base + other), weights(more + other)
    # the same wrong answers, now also missing nobs: the hand comes up more ...
    assert after[(DrillType.HAND, "club")] > before[(DrillType.HAND, "club")]
    # ... and a little more of the crib, where nobs can be missed too ...
    assert after[(DrillType.CRIB, "trap")] > before[(DrillType.CRIB, "trap")]
    # ... but pegging, where there is no nobs, is unchanged
    assert after[(DrillType.PEG, "club")] == before[(DrillType.PEG, "club")]


def test_the_area_where_a_category_is_missed_gets_most_of_it() -> None:
    history = (
        [ans("hand", "club", False, ("flush",)) for _ in range(6)]
        + rights("hand", "club", 14)
        + [ans("hand", "expert", False) for _ in range(6)]
        + rights("hand", "expert", 14)
    )
    needs = {n.area: n for n in assess(history)}
    club, expert = needs[(DrillType.HAND, "club")], needs[(DrillType.HAND, "expert")]
    assert club.errors == expert.errors  # the same right and wrong answers ...
    assert club.weakest_category == "flush"
    assert expert.weakest_category is None
    # ... but the flushes were missed in the club tier: it gets most of their need
    assert club.categories > expert.categories > 0
    assert club.weight > expert.weight


def test_slow_areas_weigh_more_against_their_target() -> None:
    history = rights("hand", "club", 30, seconds=40.0) + rights("hand", "expert", 30, seconds=20.0)
    targets = {(DrillType.HAND, "club"): 20.0, (DrillType.HAND, "expert"): 20.0}
    needs = {n.area: n for n in assess(history, target_seconds=targets)}
    assert needs[(DrillType.HAND, "club")].pace == 1.0  # twice as slow is the cap
    assert needs[(DrillType.HAND, "expert")].pace == 0.0
    assert needs[(DrillType.HAND, "expert")].weight == FLOOR
    assert needs[(DrillType.HAND, "club")].weight > FLOOR


def test_without_targets_pace_is_against_the_usual_pace_of_the_drill() -> None:
    history = (
        rights("peg", "a", 30, seconds=5.0)
        + rights("peg", "b", 30, seconds=6.0)
        + rights("peg", "c", 30, seconds=12.0)
    )
    result = weights(history)
    assert (
        result[(DrillType.PEG, "c")]
        > result[(DrillType.PEG, "a")]
        == result[(DrillType.PEG, "b")]
        == FLOOR
    )


def test_the_floor_must_be_positive() -> None:
    with pytest.raises(ValueError, match="floor"):
        weights(rights("hand", "club", 3), floor=0)


def test_a_category_missed_where_it_was_not_expected_still_counts() -> None:
    where = category_drills([ans("go", "x", False, ("fifteen",))])
    assert "go" in where[Category.FIFTEEN]
    assert where[Category.NOBS] == CATEGORY_DRILLS[Category.NOBS]


def test_every_category_has_somewhere_to_come_up() -> None:
    assert set(CATEGORY_DRILLS) == set(CATEGORIES)
    assert all(drills <= set(DrillType) and drills for drills in CATEGORY_DRILLS.values())


answers = st.builds(
    ans,
    drill=st.sampled_from(list(DrillType)),
    tier=st.sampled_from(["beginner", "club", "trap"]),
    correct=st.booleans(),
    missed=st.lists(st.sampled_from(CATEGORIES), max_size=3, unique=True).map(tuple),
    seconds=st.floats(min_value=0, max_value=300),
)


@given(st.lists(answers, max_size=60))
def test_weights_are_deterministic_and_never_below_the_floor(history: list[AttemptIn]) -> None:
    first = weights(history)
    assert first == weights(list(history))
    assert set(first) == {(a.drill, a.tier) for a in history}
    assert all(w >= FLOOR for w in first.values())


@given(st.lists(answers, min_size=1, max_size=40))
def test_the_weights_do_not_depend_on_the_time_stamps(history: list[AttemptIn]) -> None:
    shifted = [replace(a, at=T0 + timedelta(days=n)) for n, a in enumerate(history)]
    assert weights(shifted) == weights(history)

"""The score distribution over all 12,994,800 hands, and where a total stands in it."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tests.reference import naive_show
from trainer.engine import TOTAL_HANDS, percentile, score_distribution, standing

# The published table of every (four-card hand, starter) pair under hand rules, as in
# Lumetta's "Amusing Cribbage Facts" and the Wikipedia article "Cribbage statistics".
PUBLISHED_HAND = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
    7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
    14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 20: 8068, 21: 2496, 22: 444,
    23: 356, 24: 3680, 28: 76, 29: 4,
}  # fmt: skip
# Under crib rules (a flush only with all five cards). The zero count is published in the
# same places; the rest follows from the hand table, as a test below derives, and the whole
# table was also confirmed by scoring all 12,994,800 hands one by one with tests/reference.py.
CRIB = {
    0: 1022208, 1: 99792, 2: 2839800, 3: 508908, 4: 2868960, 5: 703496, 6: 1787176,
    7: 755320, 8: 1118336, 9: 358368, 10: 378240, 11: 43880, 12: 310956, 13: 16548,
    14: 88132, 15: 9072, 16: 57288, 17: 11196, 18: 2264, 20: 7828, 21: 2472, 22: 444,
    23: 356, 24: 3680, 28: 76, 29: 4,
}  # fmt: skip
PUBLISHED_CRIB_ZEROS = 1022208


def test_total_hands() -> None:
    assert TOTAL_HANDS == 12_994_800 == 270_725 * 48
    assert sum(PUBLISHED_HAND.values()) == TOTAL_HANDS
    assert sum(CRIB.values()) == TOTAL_HANDS


def test_hand_distribution_matches_the_published_table() -> None:
    assert score_distribution() == PUBLISHED_HAND
    assert score_distribution(crib=False) == PUBLISHED_HAND


def test_crib_distribution() -> None:
    dist = score_distribution(crib=True)
    assert dist == CRIB
    assert dist[0] == PUBLISHED_CRIB_ZEROS


def test_crib_is_the_hand_table_with_off_suit_four_card_flushes_moved_down_by_four() -> None:
    """Derived independently: the only difference between hand and crib rules is the
    four-card flush whose starter is of another suit. Count those deals by brute force
    with the naive scorer (all four-card one-suit hands, every off-suit starter)."""
    moved: Counter[int] = Counter()
    for ranks in combinations(range(1, 14), 4):
        hand = [(r, "S") for r in ranks]
        for starter_rank in range(1, 14):
            # The hand's suit (4 ways) and the starter's other suit (3 ways) change
            # nothing: no nobs is possible with an off-suit starter.
            moved[naive_show(hand, (starter_rank, "H"))] += 12
    assert sum(moved.values()) == 4 * 715 * 39
    expected = Counter(PUBLISHED_HAND)
    for score, count in moved.items():
        assert score >= 4
        expected[score] -= count
        expected[score - 4] += count
    assert {s: c for s, c in expected.items() if c} == score_distribution(crib=True)


@pytest.mark.parametrize("crib", [False, True])
def test_impossible_and_highest_scores(crib: bool) -> None:
    dist = score_distribution(crib=crib)
    assert sum(dist.values()) == TOTAL_HANDS
    for impossible in (19, 25, 26, 27):
        assert impossible not in dist
    assert max(dist) == 29
    assert dist[29] == 4
    assert dist[28] == 76
    assert min(dist) == 0


def test_distribution_is_a_fresh_dict_each_time() -> None:
    dist = score_distribution()
    dist[0] = -1
    assert score_distribution()[0] == PUBLISHED_HAND[0]


# --- standing and percentile --------------------------------------------------------------


@pytest.mark.parametrize("crib", [False, True])
def test_29_beats_everything_but_itself(crib: bool) -> None:
    below, equal = standing(29, crib=crib)
    assert below == pytest.approx((TOTAL_HANDS - 4) / TOTAL_HANDS)
    assert equal == pytest.approx(4 / TOTAL_HANDS)
    assert percentile(29, crib=crib) == pytest.approx(100 * (TOTAL_HANDS - 4) / TOTAL_HANDS)
    assert percentile(29, crib=crib) < 100


@pytest.mark.parametrize("crib", [False, True])
def test_0_beats_nothing(crib: bool) -> None:
    assert percentile(0, crib=crib) == 0
    assert standing(0, crib=crib).below == 0
    assert standing(0, crib=crib).equal == pytest.approx(
        score_distribution(crib=crib)[0] / TOTAL_HANDS
    )


@pytest.mark.parametrize("crib", [False, True])
def test_standing_is_monotone_and_adds_up(crib: bool) -> None:
    dist = score_distribution(crib=crib)
    previous = -1.0
    for total in range(0, 31):
        here = standing(total, crib=crib)
        assert here.below >= previous
        previous = here.below
        assert here.equal == pytest.approx(dist.get(total, 0) / TOTAL_HANDS)
        assert standing(total + 1, crib=crib).below == pytest.approx(here.below + here.equal)
        assert percentile(total, crib=crib) == pytest.approx(100 * here.below)
    assert standing(19, crib=crib).equal == 0
    assert standing(30, crib=crib).below == pytest.approx(1.0)


def test_a_typical_hand_standing() -> None:
    # 8 points beats every hand of 0 to 7: a little over 81% of them.
    below = sum(c for s, c in PUBLISHED_HAND.items() if s < 8)
    assert percentile(8) == pytest.approx(100 * below / TOTAL_HANDS)
    assert 81 < percentile(8) < 82

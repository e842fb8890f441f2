"""The crib table: Hessel's published figures, and its documented rule summed directly."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import comb
from statistics import mean

import pytest

from tests.hessel import OPPONENTS_CRIB, OWN_CRIB, RANK_LABELS
from trainer.analysis import crib_table
from trainer.analysis.ranks import JACK, THROWS, pair_index
from trainer.analysis.sound import crib_values, seat_throws
from trainer.engine import Rank
from trainer.engine.show import pattern_base_points


def rank(label: str) -> Rank:
    return Rank(label)


@pytest.mark.parametrize("dealer", [True, False])
def test_keys_are_the_91_pairs_low_first(dealer: bool) -> None:
    table = crib_table(dealer=dealer)
    assert len(table) == 91
    for low, high in table:
        assert low.order <= high.order
    assert set(table) == {(a, b) for a in Rank for b in Rank if a.order <= b.order}


@pytest.mark.parametrize(("dealer", "published"), [(True, OWN_CRIB), (False, OPPONENTS_CRIB)])
def test_within_hessels_table_on_every_pair(
    dealer: bool, published: tuple[tuple[float, ...], ...]
) -> None:
    table = crib_table(dealer=dealer)
    differences = {
        f"{low.label}-{high.label}": value - published[low.order - 1][high.order - 1]
        for (low, high), value in table.items()
    }
    worst = max(differences, key=lambda pair: abs(differences[pair]))
    assert abs(differences[worst]) <= 0.3, (worst, differences[worst])
    assert mean(abs(d) for d in differences.values()) < 0.1


@pytest.mark.parametrize(
    ("low", "high", "own", "theirs"),
    [("5", "5", 8.8, 9.3), ("2", "3", 6.9, 7.3), ("5", "J", 7.0, 7.7), ("T", "K", 2.8, 3.9)],
)
def test_published_values(low: str, high: str, own: float, theirs: float) -> None:
    pair = (rank(low), rank(high))
    assert crib_table(dealer=True)[pair] == pytest.approx(own, abs=0.1)
    assert crib_table(dealer=False)[pair] == pytest.approx(theirs, abs=0.1)
    i, j = RANK_LABELS.index(low), RANK_LABELS.index(high)
    assert abs(crib_table(dealer=True)[pair] - OWN_CRIB[i][j]) <= 0.3
    assert abs(crib_table(dealer=False)[pair] - OPPONENTS_CRIB[i][j]) <= 0.3


def test_a_throw_to_the_dealer_meets_a_richer_crib_than_the_dealers_own() -> None:
    # A sound dealer adds good cards to their own crib, a sound pone bad ones.
    own, theirs = crib_table(dealer=True), crib_table(dealer=False)
    assert all(theirs[pair] > own[pair] for pair in own)


def test_dealer_must_be_a_bool() -> None:
    with pytest.raises(ValueError, match="dealer must be True or False"):
        crib_table(dealer="yes")


def direct_crib_value(a: int, b: int, seat: str) -> float:
    """The crib table's rule summed in plain Python over the other player's rank-only hands."""
    base = pattern_base_points()
    left = Counter({r: 4 for r in range(13)})
    left[a] -= 1
    left[b] -= 1
    choices = seat_throws(seat).choice
    total = weight_sum = 0.0
    hands = (
        h for h in combinations_with_replacement(range(13), 6) if max(Counter(h).values()) <= 4
    )
    for index, hand in enumerate(hands):
        k = Counter(hand)
        ways = 1.0
        for r, held in k.items():
            ways *= comb(left[r], held)
        if ways == 0:
            continue
        i, j = THROWS[int(choices[index])]
        x, y = hand[i], hand[j]
        value = 0.0
        for z in range(13):
            starters = left[z] - k[z]
            if starters <= 0:
                continue
            ranks = tuple(sorted(r + 1 for r in (a, b, x, y, z)))
            points: float = base[ranks]
            points += sum(r == JACK for r in (a, b, x, y)) / 4.0 if z != JACK else 0.0
            if len(set(ranks)) == 5:
                points += 5.0 / 256.0
            value += points * starters / 44.0
        total += ways * value
        weight_sum += ways
    return total / weight_sum


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b", "seat"), [(4, 4, "pone"), (1, 2, "dealer"), (4, 10, "pone")])
def test_crib_values_follow_their_documented_rule(a: int, b: int, seat: str) -> None:
    values = crib_values(seat_throws(seat))
    assert values[pair_index(a, b)] == pytest.approx(direct_crib_value(a, b, seat), abs=1e-9)


def test_either_order_looks_up_the_same_pair() -> None:
    table = crib_table(dealer=False)
    assert table[Rank.KING, Rank.TEN] == table[Rank.TEN, Rank.KING]
    assert (Rank.JACK, Rank.FIVE) in table
    assert "5-J" not in table
    with pytest.raises(KeyError):
        table[Rank.FIVE,]  # type: ignore[index]

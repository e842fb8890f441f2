"""The packaged sound throwing model: a fixed point of its documented rule."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations_with_replacement
from math import comb, prod

import numpy as np
import pytest

from trainer.analysis import build_tables
from trainer.analysis.ranks import JACK, KEEPS, pair_index, six_card_hands
from trainer.analysis.sound import (
    crib_values,
    decision_hand_means,
    kept_likelihood,
    random_crib_values,
    seat_throws,
)
from trainer.engine.show import pattern_base_points


def committed() -> dict[str, object]:
    data: dict[str, object] = json.loads(build_tables.DATA_FILE.read_text())
    return data


def test_committed_file_describes_a_converged_build() -> None:
    data = committed()
    assert data["hands"] == 18395 and data["converged"] is True
    for seat in ("dealer", "pone"):
        letters = data["throws"][seat]  # type: ignore[index]
        assert len(letters) == 18395 and set(letters) <= set("abcdefghijklmno")
        frequencies = seat_throws(seat).frequencies()
        assert frequencies.sum() == pytest.approx(1.0)
        written = list(data["frequencies"][seat].values())  # type: ignore[index]
        assert written == [round(float(p), 6) for p in frequencies]


@pytest.mark.slow
def test_committed_throws_are_a_fixed_point_of_the_rule() -> None:
    # One more round of the build from the committed throws changes none of them.
    means = decision_hand_means()
    pairs = six_card_hands().throw_pairs
    dealer, pone = seat_throws("dealer"), seat_throws("pone")
    own, given = crib_values(pone), crib_values(dealer)
    assert np.array_equal(np.argmax(means + own[pairs], axis=1), dealer.choice)
    assert np.array_equal(np.argmax(means - given[pairs], axis=1), pone.choice)


def test_six_card_hands_cover_every_deal() -> None:
    hands = six_card_hands()
    assert len(hands.ranks) == 18395
    assert hands.suit_choices.sum() == comb(52, 6)
    assert (hands.counts.sum(axis=1) == 6).all()


@pytest.mark.parametrize("index", [0, 777, 5000, 18394])
def test_decision_hand_means_follow_their_rule(index: int) -> None:
    base = pattern_base_points()
    hand = [int(r) for r in six_card_hands().ranks[index]]
    unseen = Counter({r: 4 - hand.count(r) for r in range(13)})
    for t, keep in enumerate(KEEPS):
        kept = [hand[i] for i in keep]
        expected = 0.0
        for z in range(13):
            if unseen[z] == 0:
                continue
            points = base[tuple(sorted(r + 1 for r in (*kept, z)))]
            nobs = kept.count(JACK) / 4.0 if z != JACK else 0.0
            expected += (points + nobs) * unseen[z] / 46.0
        assert decision_hand_means()[index, t] == pytest.approx(expected, abs=1e-12)


def test_random_start_is_two_cards_at_random() -> None:
    # 5-5 thrown, then two of the 50 left and a starter of the 48 after, all alike.
    base = pattern_base_points()
    left = Counter({r: 4 for r in range(13)})
    left[4] -= 2
    total = 0.0
    for x in range(13):
        for y in range(13):
            ways = left[x] * (left[y] - (x == y))
            for z in range(13):
                starters = left[z] - (x == z) - (y == z)
                if ways <= 0 or starters <= 0:
                    continue
                ranks = tuple(sorted(r + 1 for r in (4, 4, x, y, z)))
                nobs = ((x == JACK) + (y == JACK)) / 4.0 if z != JACK else 0.0
                total += ways * starters * (base[ranks] + nobs)
    assert random_crib_values()[pair_index(4, 4)] == pytest.approx(total / (50 * 49 * 48))


def test_unknown_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="seat must be"):
        seat_throws("north")


def _ways(ranks: tuple[int, ...]) -> int:
    return prod(comb(4, ranks.count(r)) for r in set(ranks))


@pytest.mark.parametrize("seat", ["dealer", "pone"])
def test_kept_likelihood_is_a_ratio_of_chances(seat: str) -> None:
    table = kept_likelihood(seat)
    fours = [f for f in combinations_with_replacement(range(1, 14), 4) if max(map(f.count, f)) <= 4]
    assert sorted(table) == sorted(fours)
    # Weighted by the chance of four random cards, the ratios make one whole.
    assert sum(_ways(f) * table[f] for f in fours) / comb(52, 4) == pytest.approx(1.0)
    # Each checked against the six-card hands that hold it: two cards added every way,
    # and the seat's throw from the six keeping exactly these ranks.
    hands = six_card_hands()
    where = {tuple(int(r) for r in row): i for i, row in enumerate(hands.ranks)}
    throws = seat_throws(seat)
    for four in [(5, 5, 10, 11), (1, 2, 12, 13), (3, 4, 6, 6), (7, 7, 8, 8), (2, 9, 11, 13)]:
        chance = 0.0
        for a, b in combinations_with_replacement(range(1, 14), 2):
            six = tuple(sorted((*four, a, b)))
            if max(map(six.count, six)) > 4:
                continue
            i = where[tuple(r - 1 for r in six)]
            kept = tuple(six[k] for k in KEEPS[int(throws.choice[i])])
            if kept == four:
                chance += _ways(six) / comb(52, 6)
        assert table[four] == pytest.approx(chance / (_ways(four) / comb(52, 4)), abs=1e-12)


def test_a_sound_pone_never_keeps_what_it_would_throw_away() -> None:
    # Ace, deuce, queen, king hold nothing a pone keeps over what two more cards offer;
    # a pair of fives with a ten and a jack is kept far more often than dealt.
    assert kept_likelihood("pone")[(1, 2, 12, 13)] == 0.0
    assert kept_likelihood("pone")[(5, 5, 10, 11)] > 5.0
    assert kept_likelihood("dealer")[(5, 5, 10, 11)] > 5.0
    with pytest.raises(ValueError, match="seat must be"):
        kept_likelihood("north")

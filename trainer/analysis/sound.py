"""The sound throwing model: how a good player throws from six cards, seat by seat.

A good player is modelled, in the manner of Craig Hessel's discard tables, on the
18,395 rank-only six-card hands. From each hand they throw the two cards whose
throw has the best

* dealer: mean hand + mean crib (their own crib),
* pone: mean hand - mean crib (the dealer's crib),

where

* the mean hand is over the 46 starters they cannot see: rank-only points
  (fifteens, pairs, runs), plus one chance in four of nobs for each kept jack when
  the starter is not a jack (hand flushes, a matter of suits, are left out);
* the mean crib, for a thrown rank pair, is :func:`crib_values` under the other
  seat's current throws;
* ties go to the first throw in the hand's order (cards sorted ace to king).

Starting from two cards thrown at random by each seat, the two seats' throws and
crib values are recomputed from each other until no hand's throw changes (see
:mod:`trainer.analysis.build_tables`, which writes the result, each hand's throw
for each seat, to ``data/throw_weights.json``).

:func:`crib_values` (the crib for its owner when one player throws a rank pair)
deals the other player six of the 50 cards left at random, lets them throw by
their seat's rule, and turns the starter from the 44 cards left after that; suits
are averaged: a jack in the crib scores nobs one time in four when the starter is
not a jack, and five different ranks make a crib flush one time in 256.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Literal

import numpy as np
import numpy.typing as npt

from trainer.analysis.ranks import (
    JACK,
    KEEPS,
    RANK_COUNT,
    RATIO,
    THROWS,
    five_card_points,
    rank_pairs,
    six_card_hands,
)

__all__ = [
    "SEATS",
    "Seat",
    "SeatThrows",
    "crib_values",
    "decision_hand_means",
    "kept_likelihood",
    "over_random_fours",
    "random_crib_values",
    "seat_throws",
    "throws_from_choices",
]

Seat = Literal["dealer", "pone"]
SEATS: tuple[Seat, ...] = ("dealer", "pone")

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

_EYE = np.eye(RANK_COUNT)
_RANK = np.arange(RANK_COUNT)
_PAIR_LOW = np.asarray([a for a, _ in rank_pairs()])
_PAIR_HIGH = np.asarray([b for _, b in rank_pairs()])
#: Throw positions as letters in the data file: ``a`` is positions (0, 1), ``o`` is (4, 5).
LETTERS = "abcdefghijklmno"


@dataclass(frozen=True, eq=False)
class SeatThrows:
    """What a sound player in one seat throws from each rank-only hand."""

    choice: IntArray  # (N,) index into THROWS
    low: IntArray  # (N,) lower thrown rank
    high: IntArray  # (N,) higher thrown rank
    pair: IntArray  # (N,) rank pair index
    thrown: IntArray  # (N, 13) thrown cards of each rank

    def frequencies(self) -> FloatArray:
        """Probability of each of the 91 rank pairs being thrown from a random deal."""
        hands = six_card_hands()
        counts = np.bincount(self.pair, weights=hands.suit_choices, minlength=len(rank_pairs()))
        result: FloatArray = counts / hands.suit_choices.sum()
        return result


def throws_from_choices(choice: IntArray) -> SeatThrows:
    hands = six_card_hands()
    index = np.arange(len(choice))
    positions = np.asarray(THROWS)[choice]
    low = hands.ranks[index, positions[:, 0]]
    high = hands.ranks[index, positions[:, 1]]
    thrown = (_EYE[low] + _EYE[high]).astype(np.int64)
    return SeatThrows(choice, low, high, hands.throw_pairs[index, choice], thrown)


@cache
def decision_hand_means() -> FloatArray:
    """(N, 15) mean hand points a sound player counts on for each hand and throw."""
    hands = six_card_hands()
    table = five_card_points()
    unseen = 4.0 - hands.counts  # starters of each rank, 46 in all
    keeps = hands.ranks[:, np.asarray(KEEPS)]  # (N, 15, 4)
    points = table[keeps[..., 0], keeps[..., 1], keeps[..., 2], keeps[..., 3]]  # (N, 15, 13)
    means: FloatArray = (points * unseen[:, None, :]).sum(axis=2) / 46.0
    jacks_kept = (keeps == JACK).sum(axis=2)
    non_jack_starters = 46.0 - unseen[:, JACK]
    means += jacks_kept * non_jack_starters[:, None] / (4.0 * 46.0)
    means.setflags(write=False)
    return means


def _suit_average(
    a: int | IntArray, b: int | IntArray, low: IntArray, high: IntArray
) -> FloatArray:
    """(M, 13) nobs and flush points, suits averaged, for crib ranks a, b, low, high by starter."""
    jacks = (
        (np.asarray(a) == JACK).astype(float)
        + (np.asarray(b) == JACK)
        + (low == JACK)
        + (high == JACK)
    )
    nobs = jacks[:, None] * (_RANK != JACK)[None, :] / 4.0
    four_differ = (
        (np.asarray(a) != np.asarray(b))
        & (low != high)
        & (low != a)
        & (low != b)
        & (high != a)
        & (high != b)
    )
    starter_differs = (
        (_RANK[None, :] != np.asarray(a).reshape(-1, 1))
        & (_RANK[None, :] != np.asarray(b).reshape(-1, 1))
        & (_RANK[None, :] != low[:, None])
        & (_RANK[None, :] != high[:, None])
    )
    flush = (four_differ[:, None] & starter_differs) * (5.0 / 256.0)
    result: FloatArray = nobs + flush
    return result


@cache
def _points_by_pair() -> FloatArray:
    """(13, 13, 91, 13): crib points, suits averaged, by two thrown ranks, the other pair, starter."""
    a = _RANK[:, None, None, None]
    b = _RANK[None, :, None, None]
    low = _PAIR_LOW[None, None, :, None]
    high = _PAIR_HIGH[None, None, :, None]
    z = _RANK[None, None, None, :]
    points = five_card_points()[:, :, _PAIR_LOW, _PAIR_HIGH, :].astype(np.float64)
    jacks = (a == JACK).astype(float) + (b == JACK) + (low == JACK) + (high == JACK)
    points += jacks * (z != JACK) / 4.0
    ranks = (a, b, low, high, z)
    differ = np.ones(points.shape, dtype=bool)
    for i in range(5):
        for j in range(i + 1, 5):
            differ &= ranks[i] != ranks[j]
    points += differ * (5.0 / 256.0)
    points.setflags(write=False)
    return points


def crib_values(other: SeatThrows) -> FloatArray:
    """Mean crib for its owner for each of the 91 rank pairs thrown (``rank_pairs`` order).

    The other player holds six of the 50 cards left, dealt at random, and throws by
    ``other``; the starter is any of the 44 cards left; suits are averaged.
    """
    hands = six_card_hands()
    table = _points_by_pair()
    pair_rank = (other.pair[:, None] * RANK_COUNT + hands.ranks).ravel()
    values = np.empty(len(rank_pairs()))
    for index, (a, b) in enumerate(rank_pairs()):
        left = 4 - _EYE[a] - _EYE[b]
        # Ways to deal each rank-only hand from the 50 cards left.
        chance = hands.suit_choices * RATIO[int(left[a])][hands.counts[:, a]]
        if b != a:
            chance = chance * RATIO[int(left[b])][hands.counts[:, b]]
        chance /= chance.sum()
        group_chance = np.bincount(other.pair, weights=chance, minlength=len(rank_pairs()))
        group_held = np.bincount(
            pair_rank, weights=np.repeat(chance, 6), minlength=len(rank_pairs()) * RANK_COUNT
        ).reshape(-1, RANK_COUNT)
        deal = (group_chance[:, None] * left[None, :] - group_held) / 44.0
        values[index] = float((table[a, b] * deal).sum())
    return values


def random_crib_values() -> FloatArray:
    """Mean crib for each thrown rank pair when the other player throws two cards at random."""
    table = five_card_points()
    values = np.empty(len(rank_pairs()))
    for index, (a, b) in enumerate(rank_pairs()):
        left = 4.0 - _EYE[a] - _EYE[b]
        ordered = np.outer(left, left) - np.diag(left)
        ordered /= ordered.sum()
        low, high = np.nonzero(np.ones((RANK_COUNT, RANK_COUNT)))
        weights = ordered[low, high][:, None] * (left[None, :] - _EYE[low] - _EYE[high]) / 48.0
        points = table[a, b][low, high].astype(np.float64) + _suit_average(a, b, low, high)
        values[index] = float((weights * points).sum())
    return values


@cache
def seat_throws(seat: Seat) -> SeatThrows:
    """The packaged sound throws for ``seat`` (``dealer`` or ``pone``)."""
    if seat not in SEATS:
        raise ValueError(f"seat must be 'dealer' or 'pone', not {seat!r}")
    return throws_from_choices(_packaged_choices()[seat])


@cache
def _packaged_choices() -> Mapping[str, IntArray]:
    text = resources.files("trainer.analysis").joinpath("data/throw_weights.json").read_text()
    data = json.loads(text)
    choices: dict[str, IntArray] = {}
    for seat in SEATS:
        letters = data["throws"][seat]
        choices[seat] = np.asarray([LETTERS.index(ch) for ch in letters], dtype=np.int64)
    return choices


@cache
def kept_likelihood(seat: Seat) -> Mapping[tuple[int, ...], float]:
    """How much likelier each four (sorted rank orders, ace 1 to king 13) is in the hand
    a sound player in ``seat`` keeps than in four cards dealt at random: the chance that
    the sound throw from a random six keeps those ranks, over the chance that four
    random cards have them. Cards a player sees do not change the ratio much, so the
    pegging search weights its guesses at the other hand by it."""
    if seat not in SEATS:
        raise ValueError(f"seat must be 'dealer' or 'pone', not {seat!r}")
    hands = six_card_hands()
    throws = seat_throws(seat)
    index = np.arange(len(throws.choice))
    kept = hands.ranks[index[:, None], np.asarray(KEEPS)[throws.choice]]  # (N, 4)
    total = float(hands.suit_choices.sum())
    sound: dict[tuple[int, ...], float] = {}
    for four, ways in zip(map(tuple, kept.tolist()), hands.suit_choices.tolist(), strict=True):
        sound[four] = sound.get(four, 0.0) + ways / total
    return over_random_fours({tuple(r + 1 for r in four): p for four, p in sound.items()})


def over_random_fours(kept: Mapping[tuple[int, ...], float]) -> dict[tuple[int, ...], float]:
    """Every four (sorted rank orders) with its chance in ``kept`` over the chance that
    four cards dealt at random have those ranks (0 for a four ``kept`` lacks)."""
    fours = comb(52, 4)
    out: dict[tuple[int, ...], float] = {}
    for four in combinations_with_replacement(range(1, RANK_COUNT + 1), 4):
        chance = prod(comb(4, four.count(r)) for r in set(four)) / fours
        out[four] = kept.get(four, 0.0) / chance
    return out

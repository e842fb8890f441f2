"""Rank-only score tables shared by the discard analysis and the crib table.

Ranks are indexed 0 (ace) to 12 (king) here. :func:`five_card_points` is the
rank-only part of a show count (fifteens, pairs, runs) for every ordered tuple
of five rank indices, taken from the engine's own pattern table, so the
analysis can never disagree with :func:`trainer.engine.score_show`.

>>> table = five_card_points()
>>> int(table[4, 4, 4, 10, 4])  # four fives and a jack, suits aside
28
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from trainer.engine.cards import RANKS
from trainer.engine.show import pattern_base_points

__all__ = [
    "BINOMIAL",
    "JACK",
    "KEEPS",
    "RANK_COUNT",
    "RATIO",
    "THROWS",
    "SixCardHands",
    "five_card_points",
    "pair_index",
    "pair_label",
    "rank_pairs",
    "six_card_hands",
]

RANK_COUNT = 13
#: Index of the jack (order 11).
JACK = 10


@cache
def five_card_points() -> npt.NDArray[np.int16]:
    """Rank-only points for every ordered five-tuple of rank indices, shape ``(13,) * 5``.

    Tuples with five of one rank cannot occur and hold 0; weights never reach them.
    """
    base = np.zeros(RANK_COUNT**5, dtype=np.int16)
    powers = RANK_COUNT ** np.arange(4, -1, -1)
    for pattern, points in pattern_base_points().items():
        base[int(np.dot(np.asarray(pattern) - 1, powers))] = points
    grid = np.indices((RANK_COUNT,) * 5).reshape(5, -1).T
    keys = np.sort(grid, axis=1) @ powers
    table: npt.NDArray[np.int16] = base[keys].reshape((RANK_COUNT,) * 5)
    table.setflags(write=False)
    return table


@cache
def rank_pairs() -> tuple[tuple[int, int], ...]:
    """The 91 unordered rank pairs ``(low, high)`` as indices, low-high order."""
    return tuple((a, b) for a in range(RANK_COUNT) for b in range(a, RANK_COUNT))


def pair_index(a: int, b: int) -> int:
    """Position of the rank pair ``{a, b}`` in :func:`rank_pairs`."""
    low, high = (a, b) if a <= b else (b, a)
    return low * RANK_COUNT - low * (low - 1) // 2 + (high - low)


def pair_label(a: int, b: int) -> str:
    """The notation of a rank pair given as indices, low first: ``5-J``, ``T-K``."""
    low, high = sorted((a, b))
    return f"{RANKS[low].value}-{RANKS[high].value}"


#: The 15 ways to throw two of six positions, and the four positions kept by each.
THROWS: tuple[tuple[int, int], ...] = tuple(combinations(range(6), 2))
KEEPS: tuple[tuple[int, int, int, int], ...] = tuple(
    tuple(i for i in range(6) if i not in throw)  # type: ignore[misc]
    for throw in THROWS
)

#: ``BINOMIAL[n, k]``: ways to choose k of n cards of one rank (n, k from 0 to 4).
BINOMIAL: npt.NDArray[np.float64] = np.asarray(
    [[float(comb(n, k)) for k in range(5)] for n in range(5)]
)


#: ``RATIO[n, k]``: C(n, k) / C(4, k), how the ways to hold k cards of a rank shrink when
#: only n of its four cards are left (0 when k > n).
RATIO: npt.NDArray[np.float64] = np.asarray(
    [[BINOMIAL[n, k] / BINOMIAL[4, k] for k in range(5)] for n in range(5)]
)


class SixCardHands(NamedTuple):
    """The 18,395 rank-only six-card hands in a fixed order (lowest ranks first)."""

    ranks: npt.NDArray[np.int64]  # (N, 6) sorted rank indices
    counts: npt.NDArray[np.int64]  # (N, 13) cards of each rank
    suit_choices: npt.NDArray[np.float64]  # (N,) ways to pick suits in a full pack
    throw_pairs: npt.NDArray[np.int64]  # (N, 15) rank pair index of each throw


@cache
def six_card_hands() -> SixCardHands:
    """Every rank-only six-card hand; the suit choices add up to C(52, 6)."""
    hands = [
        hand
        for hand in combinations_with_replacement(range(RANK_COUNT), 6)
        if max(hand.count(r) for r in set(hand)) <= 4
    ]
    ranks = np.asarray(hands, dtype=np.int64)
    counts = np.zeros((len(hands), RANK_COUNT), dtype=np.int64)
    for column in range(6):
        np.add.at(counts, (np.arange(len(hands)), ranks[:, column]), 1)
    choices = BINOMIAL[4, counts].prod(axis=1)
    throws = ranks[:, np.asarray(THROWS)]  # (N, 15, 2), each pair already low-high
    low, high = throws[..., 0], throws[..., 1]
    pairs = low * RANK_COUNT - low * (low - 1) // 2 + (high - low)
    for array in (ranks, counts, choices, pairs):
        array.setflags(write=False)
    return SixCardHands(ranks, counts, choices, pairs)

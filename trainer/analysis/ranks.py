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

import numpy as np
import numpy.typing as npt

from trainer.engine.show import pattern_base_points

__all__ = ["JACK", "RANK_COUNT", "five_card_points", "pair_index", "rank_pairs"]

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

"""How often each score turns up over every possible hand and starter.

There are C(52,4) x 48 = 12,994,800 (four-card hand, starter) pairs. Rather
than score each one, we walk the 6,175 five-card rank patterns: fifteens,
pairs and runs depend only on the ranks, and the flush and nobs bonuses depend
only on a small "suit shape" (how many cards of each rank, which rank the
starter has, which ranks are jacks). Each shape's bonus counts are enumerated
once over real suit assignments and reused.

>>> dist = score_distribution()
>>> sum(dist.values())
12994800
>>> dist[29], dist.get(19, 0)
(4, 0)
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from math import comb

from trainer.engine.show import pattern_base_points

__all__ = ["TOTAL_HANDS", "Standing", "percentile", "score_distribution", "standing"]

#: Every (four-card hand, starter) pair: C(52, 4) x 48.
TOTAL_HANDS = comb(52, 4) * 48

_JACK = 11


@cache
def _bonus_counts(
    shape: tuple[tuple[int, bool, bool], ...], crib: bool
) -> tuple[tuple[int, int], ...]:
    """Flush + nobs bonus → number of suit assignments, for one suit shape.

    ``shape`` lists each distinct rank of the five cards as (how many cards
    of it, whether it is a jack, whether the starter is of this rank). The
    starter is the first card of its rank group in each assignment.
    """
    counts: Counter[int] = Counter()

    def assign(i: int, hand_suits: list[tuple[int, bool]], starter_suit: int, factor: int) -> None:
        if i == len(shape):
            bonus = 0
            suits = {s for s, _ in hand_suits}
            if len(suits) == 1:
                if starter_suit in suits:
                    bonus += 5
                elif not crib:
                    bonus += 4
            if any(jack and s == starter_suit for s, jack in hand_suits):
                bonus += 1
            counts[bonus] += factor
            return
        m, jack, has_starter = shape[i]
        for suit_set in combinations(range(4), m):
            if has_starter:
                # Which of these m cards is the starter: each choice is a distinct deal.
                for k, s in enumerate(suit_set):
                    rest = [(t, jack) for j, t in enumerate(suit_set) if j != k]
                    assign(i + 1, hand_suits + rest, s, factor)
            else:
                assign(i + 1, hand_suits + [(t, jack) for t in suit_set], starter_suit, factor)

    # Suits are symmetric: fix nothing, enumerate them all (at most 4^5 leaves).
    assign(0, [], -1, 1)
    return tuple(sorted(counts.items()))


@cache
def _distribution(crib: bool) -> tuple[tuple[int, int], ...]:
    totals: Counter[int] = Counter()
    for pattern, base in pattern_base_points().items():
        multiplicity = Counter(pattern)
        for starter_rank in multiplicity:
            shape = tuple(
                (m, rank == _JACK, rank == starter_rank) for rank, m in sorted(multiplicity.items())
            )
            for bonus, count in _bonus_counts(_canonical(shape), crib):
                totals[base + bonus] += count
    return tuple(sorted(totals.items()))


def _canonical(shape: tuple[tuple[int, bool, bool], ...]) -> tuple[tuple[int, bool, bool], ...]:
    # The order of rank groups does not change suit counts: sort to share cache entries.
    return tuple(sorted(shape))


def score_distribution(crib: bool = False) -> dict[int, int]:
    """``{score: number of (hand, starter) pairs}`` over all 12,994,800 of them.

    With ``crib=True`` the crib's flush rule applies (only a five-card flush).
    Computed on first use (well under a second) and cached.
    """
    return dict(_distribution(crib))


class Standing(tuple[float, float]):
    """Share of all hands that score less than, and exactly, a given total."""

    @property
    def below(self) -> float:
        return self[0]

    @property
    def equal(self) -> float:
        return self[1]


def standing(total: int, *, crib: bool = False) -> Standing:
    """``(share scoring less, share scoring the same)`` for a total, as fractions of 1."""
    dist = score_distribution(crib)
    below = sum(count for score, count in dist.items() if score < total)
    return Standing((below / TOTAL_HANDS, dist.get(total, 0) / TOTAL_HANDS))


def percentile(total: int, *, crib: bool = False) -> float:
    """Percent of all hands (or cribs) that score less than ``total``: "beats 81% of hands"."""
    return 100.0 * standing(total, crib=crib).below

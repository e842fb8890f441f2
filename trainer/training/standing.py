"""Where a count stands among every possible hand or crib, in words."""

from __future__ import annotations

import math
from collections.abc import Mapping


def standing_text(total: int, *, crib: bool, dist: Mapping[int, int]) -> str:
    """Where a total stands among every possible hand (or crib), from the exact distribution
    ``dist`` (:func:`trainer.engine.stats.score_distribution`).

    >>> from trainer.engine.stats import score_distribution
    >>> standing_text(29, crib=False, dist=score_distribution(False))
    'Only 4 of the 12,994,800 possible hands score 29 or more: a rare one!'
    """
    all_hands = sum(dist.values())
    what = "cribs" if crib else "hands"
    same = dist.get(total, 0)
    at_least = sum(count for score, count in dist.items() if score >= total)
    if total == 0:
        return f"{share_text(same / all_hands)} of all possible {what} score nothing at all."
    if at_least / all_hands < 0.0005:
        return (
            f"Only {at_least:,} of the {all_hands:,} possible {what} score {total} or more: "
            "a rare one!"
        )
    below = (all_hands - at_least) / all_hands
    return (
        f"Beats {percent_floor(below)} of all possible {what}; "
        f"{share_text(same / all_hands)} score exactly {total}."
    )


def share_text(share: float) -> str:
    """A share to one decimal place, never "0.0%" for something that happens.

    >>> share_text(0.0004), share_text(0.0), share_text(0.1234)
    ('under 0.1%', 'none', '12.3%')
    """
    if share <= 0:
        return "none"
    if share < 0.0005:
        return "under 0.1%"
    return f"{share:.1%}"


def percent_floor(share: float) -> str:
    """A share as a percentage rounded down, so a hand is never said to beat more than it does.

    >>> percent_floor(0.996), percent_floor(0.8149), percent_floor(0.0)
    ('99.6%', '81%', '0%')
    """
    if share >= 0.99:
        return f"{math.floor(share * 1000) / 10:.1f}%"
    return f"{math.floor(share * 100)}%"

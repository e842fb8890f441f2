"""The crib for its owner, by the rank pair thrown, under the sound model.

``crib_table(dealer=True)`` is the dealer throwing into their own crib, the pone
throwing by the sound pone's rule; ``crib_table(dealer=False)`` is the pone
throwing into the dealer's crib, the dealer throwing by the sound dealer's rule.
Either way the value is for the crib's owner, the dealer, and the other player's
six cards are dealt at random from the 50 left, the starter is any of the 44 cards
left after both throws are known, and suits are averaged (see
:mod:`trainer.analysis.sound`). His heels is not part of the crib.

The mapping is keyed by ``(low, high)`` pairs of :class:`~trainer.engine.Rank`
(ace low, king high; a pair of one rank is ``(rank, rank)``), in that order.

>>> from trainer.engine import Rank
>>> own = crib_table(dealer=True)
>>> len(own), round(own[Rank.FIVE, Rank.FIVE], 1), round(own[Rank.TEN, Rank.KING], 1)
(91, 8.8, 2.8)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from trainer.analysis.ranks import rank_pairs
from trainer.analysis.sound import crib_values, seat_throws
from trainer.engine.cards import RANKS, Rank

__all__ = ["RankPair", "crib_table"]

#: A rank pair thrown to the crib, low rank first (ace low, king high).
RankPair = tuple[Rank, Rank]


@cache
def crib_table(*, dealer: bool) -> Mapping[RankPair, float]:
    """Mean crib for its owner for each of the 91 rank pairs thrown, keyed ``(low, high)``."""
    if not isinstance(dealer, bool):
        raise ValueError(f"dealer must be True or False, not {dealer!r}")
    values = crib_values(seat_throws("pone" if dealer else "dealer"))
    return MappingProxyType(
        {
            (RANKS[a], RANKS[b]): float(value)
            for (a, b), value in zip(rank_pairs(), values, strict=True)
        }
    )

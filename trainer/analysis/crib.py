"""The crib for its owner, by the rank pair thrown, under the sound model.

``crib_table(dealer=True)`` is the dealer throwing into their own crib, the pone
throwing by the sound pone's rule; ``crib_table(dealer=False)`` is the pone
throwing into the dealer's crib, the dealer throwing by the sound dealer's rule.
Either way the value is for the crib's owner, the dealer, and the other player's
six cards are dealt at random from the 50 left, the starter is any of the 44 cards
left after both throws are known, and suits are averaged (see
:mod:`trainer.analysis.sound`). His heels is not part of the crib.

The mapping (a read-only :class:`CribTable`) is keyed by ``(low, high)`` pairs of
:class:`~trainer.engine.Rank` (ace low, king high; a pair of one rank is
``(rank, rank)``) and iterates in that order; looking a pair up the other way
round, ``(high, low)``, finds the same value.

>>> from trainer.engine import Rank
>>> own = crib_table(dealer=True)
>>> len(own), round(own[Rank.FIVE, Rank.FIVE], 1), round(own[Rank.TEN, Rank.KING], 1)
(91, 8.8, 2.8)
>>> own[Rank.KING, Rank.TEN] == own[Rank.TEN, Rank.KING]
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from trainer.analysis.ranks import rank_pairs
from trainer.analysis.sound import crib_values, seat_throws
from trainer.engine.cards import RANKS, Rank

__all__ = ["CribTable", "RankPair", "crib_table"]

#: A rank pair thrown to the crib, low rank first (ace low, king high).
RankPair = tuple[Rank, Rank]


class CribTable(Mapping[RankPair, float]):
    """Mean crib for each of the 91 rank pairs, keyed low-high; either order looks up."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[RankPair, float]) -> None:
        self._values = dict(values)

    def __getitem__(self, pair: RankPair) -> float:
        try:
            a, b = pair
            key = (a, b) if a.order <= b.order else (b, a)
            return self._values[key]
        except (TypeError, ValueError, AttributeError):
            raise KeyError(pair) from None

    def __iter__(self) -> Iterator[RankPair]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"CribTable({len(self)} rank pairs)"


@cache
def crib_table(*, dealer: bool) -> CribTable:
    """Mean crib for its owner for each of the 91 rank pairs thrown, keyed ``(low, high)``."""
    if not isinstance(dealer, bool):
        raise ValueError(f"dealer must be True or False, not {dealer!r}")
    values = crib_values(seat_throws("pone" if dealer else "dealer"))
    return CribTable(
        {
            (RANKS[a], RANKS[b]): float(value)
            for (a, b), value in zip(rank_pairs(), values, strict=True)
        }
    )

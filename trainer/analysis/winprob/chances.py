"""Probabilities from the counts: :class:`PlayChances` and :class:`ShowChances`."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from trainer.analysis.winprob.counts import DealCounts, PlayCounts
from trainer.analysis.winprob.deal import RANKS, FloatArray, IntArray


@dataclass(frozen=True, eq=False)
class PlayChances:
    """:class:`PlayCounts` as probabilities (see there)."""

    joint: FloatArray
    dealer_first: FloatArray
    pone_first: FloatArray
    #: The nonzero cells of ``joint``: dealer points, pone points, probability.
    cells: tuple[IntArray, IntArray, FloatArray]

    @classmethod
    def of(cls, counts: PlayCounts) -> PlayChances:
        n = float(counts.joint.sum())
        joint = counts.joint / n
        d, p = np.nonzero(joint)
        return cls(
            joint, counts.dealer_first / n, counts.pone_first / n, (d, p, joint[d, p].copy())
        )

    def first(self, dealer_needs: int, pone_needs: int) -> tuple[float, float]:
        """The chances that the dealer, or the pone, pegs out in this play (needs >= 1)."""
        rows, cols = self.dealer_first.shape
        x = min(dealer_needs, rows - 1)
        y = min(pone_needs, cols - 1)
        return float(self.dealer_first[x, y]), float(self.pone_first[x, y])


@dataclass(frozen=True, eq=False)
class ShowChances:
    """The show's distributions by starter rank: ``pone[z, h]``, ``dealer[z, s]`` for the
    dealer's hand and crib together (what matters once the pone has counted), and
    ``crib[z, c]``; ``starter[z]`` the starter ranks' chances."""

    starter: FloatArray
    pone: FloatArray
    dealer_hand: FloatArray
    crib: FloatArray
    dealer: FloatArray

    @classmethod
    def of(cls, counts: DealCounts) -> ShowChances:
        starter = counts.starters / counts.starters.sum()

        def rows(table: IntArray) -> FloatArray:
            totals = table.sum(axis=1, keepdims=True)
            out: FloatArray = table / np.maximum(totals, 1)
            return out

        hand = rows(counts.dealer_hand)
        crib = rows(counts.crib)
        both = np.stack([np.convolve(hand[z], crib[z]) for z in range(RANKS)])
        return cls(starter, rows(counts.pone_hand), hand, crib, both)

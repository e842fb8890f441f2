"""The counts of the measured deals: :class:`PlayCounts` and :class:`DealCounts`, made by
:func:`count_deals`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from trainer.analysis.winprob.deal import (
    CARDS_IN_PLAY,
    DEALER,
    PLAY_SIZE,
    RANKS,
    SHOW_SIZE,
    DealRecord,
    IntArray,
)


@dataclass(frozen=True, eq=False)
class PlayCounts:
    """What is left of the play after ``laid`` cards: ``joint[d, p]`` deals in which the
    dealer pegged ``d`` more and the pone ``p`` more; ``dealer_first[x, y]`` deals in
    which the dealer reached ``x`` more points before the pone reached ``y`` more (the
    pone first: ``pone_first``), for ``x, y`` from 1. The tables stop one row and column
    past the most either side pegged: further ones would be the same."""

    laid: int
    joint: IntArray
    dealer_first: IntArray
    pone_first: IntArray


@dataclass(frozen=True, eq=False)
class DealCounts:
    """The measured deals: ``deals`` in all, by starter rank, the hands and the crib
    by starter rank (``[rank, points]``), the play after each number of cards laid, and
    whole games played from 0-0: ``first_dealer[target] = (games, won by the first
    dealer)``."""

    deals: int
    starters: IntArray
    pone_hand: IntArray
    dealer_hand: IntArray
    crib: IntArray
    play: tuple[PlayCounts, ...]
    first_dealer: Mapping[int, tuple[int, int]]


def _reach_steps(steps: IntArray) -> IntArray:
    """For each deal (row) of per-award points ``steps`` (award order along axis 1), the
    first award index at which the running total reaches each of 0..PLAY_SIZE-1 points
    (``big`` when it never does)."""
    deals, n = steps.shape
    big = n + 1
    out = np.full((deals, PLAY_SIZE), big, dtype=np.int64)
    out[:, 0] = -1
    running = np.cumsum(steps, axis=1)
    for x in range(1, PLAY_SIZE):
        hit = running >= x
        first = np.where(hit.any(axis=1), hit.argmax(axis=1), big)
        out[:, x] = first
    return out


def _play_counts(records: Sequence[DealRecord], laid: int) -> PlayCounts:
    """Counts of what is left of the play after ``laid`` cards, over ``records``."""
    rows = [[(who, points) for before, who, points in r.play if before >= laid] for r in records]
    width = max((len(row) for row in rows), default=0) or 1
    dealer_steps = np.zeros((len(rows), width), dtype=np.int64)
    pone_steps = np.zeros((len(rows), width), dtype=np.int64)
    for i, row in enumerate(rows):
        for j, (who, points) in enumerate(row):
            (dealer_steps if who == DEALER else pone_steps)[i, j] = points
    d_total = dealer_steps.sum(axis=1)
    p_total = pone_steps.sum(axis=1)
    if d_total.max(initial=0) >= PLAY_SIZE or p_total.max(initial=0) >= PLAY_SIZE:
        raise ValueError(f"a play pegged {PLAY_SIZE} or more for one side: widen PLAY_SIZE")
    joint = np.zeros((PLAY_SIZE, PLAY_SIZE), dtype=np.int64)
    np.add.at(joint, (d_total, p_total), 1)
    d_reach = _reach_steps(dealer_steps)
    p_reach = _reach_steps(pone_steps)
    dealer_first = np.zeros((PLAY_SIZE, PLAY_SIZE), dtype=np.int64)
    pone_first = np.zeros((PLAY_SIZE, PLAY_SIZE), dtype=np.int64)
    chunk = 4096
    for start in range(0, len(rows), chunk):
        d = d_reach[start : start + chunk, :, None]
        p = p_reach[start : start + chunk, None, :]
        big = width + 1
        dealer_first += ((d < p) & (d < big)).sum(axis=0)
        pone_first += ((p < d) & (p < big)).sum(axis=0)
    dealer_first[0, :] = 0
    dealer_first[:, 0] = 0
    pone_first[0, :] = 0
    pone_first[:, 0] = 0
    # Past the most either side pegged, nothing changes: keep one row and column beyond.
    top_d, top_p = int(d_total.max(initial=0)) + 2, int(p_total.max(initial=0)) + 2
    return PlayCounts(
        laid,
        joint[: top_d - 1, : top_p - 1].copy(),
        dealer_first[:top_d, :top_p].copy(),
        pone_first[:top_d, :top_p].copy(),
    )


def count_deals(
    records: Sequence[DealRecord],
    first_dealer: Mapping[int, tuple[int, int]] | None = None,
    *,
    every_card: bool = True,
) -> DealCounts:
    """Count ``records``, noting the whole-game figures that come with them (see
    :class:`DealCounts`); the play after each card only with ``every_card`` (otherwise
    the whole play alone)."""
    if not records:
        raise ValueError("there are no deals to count")
    starters = np.zeros(RANKS, dtype=np.int64)
    hands = {name: np.zeros((RANKS, SHOW_SIZE), dtype=np.int64) for name in ("p", "d", "c")}
    for r in records:
        starters[r.starter] += 1
        hands["p"][r.starter, r.pone_hand] += 1
        hands["d"][r.starter, r.dealer_hand] += 1
        hands["c"][r.starter, r.crib] += 1
    play = tuple(_play_counts(records, laid) for laid in range(CARDS_IN_PLAY if every_card else 1))
    return DealCounts(
        len(records),
        starters,
        hands["p"],
        hands["d"],
        hands["c"],
        play,
        dict(first_dealer or {}),
    )

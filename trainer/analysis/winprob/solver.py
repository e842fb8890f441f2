"""The dynamic programme: :func:`dealer_table` solves ``W[d, p]``, the dealer's chance at
the start of a deal, over every pair of needs, each deal scored as its class
(:func:`deal_class`) was measured."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from trainer.analysis.winprob.chances import PlayChances, ShowChances
from trainer.analysis.winprob.counts import DealCounts
from trainer.analysis.winprob.deal import JACK, MAX_NEED, RANKS, SHOW_SIZE, FloatArray

#: Where the measured players' decisions change with the score, so that a deal is worth
#: something else: a pone needing this many points or fewer keeps the four likeliest to
#: count out (its exact need matters), ...
COUNT_OUT = 20
#: ... and the play is weighed differently when either side needs this many or fewer.
NEAR = 10

#: A class of deal start: the pone's need when it is :data:`COUNT_OUT` or less (0 when
#: more), and whether the dealer needs :data:`NEAR` or less.
DealClass = tuple[int, bool]
#: Deals far from the end, where no decision depends on the score.
FAR: DealClass = (0, False)


def deal_class(dealer_needs: int, pone_needs: int) -> DealClass:
    """The class of a deal that starts with these needs (see :data:`DealClass`)."""
    return (pone_needs if pone_needs <= COUNT_OUT else 0, dealer_needs <= NEAR)


def deal_classes() -> tuple[DealClass, ...]:
    """Every class, :data:`FAR` first."""
    return tuple((pone, near) for pone in range(COUNT_OUT + 1) for near in (False, True))


def _box(key: DealClass) -> tuple[int, int]:
    """The largest needs (dealer, pone) a deal of class ``key`` starts from."""
    pone, near = key
    return (NEAR if near else MAX_NEED, pone if pone else MAX_NEED)


def after_play_values(
    show: ShowChances, table: FloatArray, x: int, y: int, ranks: Iterable[int] = range(RANKS)
) -> FloatArray:
    """The dealer's chance after the play, needing ``x``, the pone ``y`` (both >= 1),
    for each starter rank in ``ranks``: the pone counts first, then the dealer's hand
    and crib; otherwise the next deal, the other side dealing."""
    h = np.arange(min(y, SHOW_SIZE))  # pone hands short of home
    s = np.arange(show.dealer.shape[1])
    short = s < x
    # The next deal: the pone deals, needing y - h; the dealer needs x - s.
    hs = (y - h)[:, None]
    ss = np.where(short, x - s, 1)[None, :]
    nxt = np.where(short[None, :], 1.0 - table[hs, ss], 1.0)
    rank_list = list(ranks)
    pone = show.pone[rank_list][:, : len(h)]
    dealer = show.dealer[rank_list]
    out: FloatArray = np.einsum("zh,zs,hs->z", pone, dealer, nxt)
    return out


@dataclass(eq=False)
class _ClassSolver:
    """One class's distributions and, over the needs its deals can reach after the
    play, the dealer's chance then: for a starter that is not a jack (weighted by
    their chances) and for a jack."""

    show: ShowChances
    play: PlayChances
    box: tuple[int, int]
    plain: FloatArray
    jack: FloatArray

    @classmethod
    def of(cls, key: DealClass, counts: DealCounts) -> _ClassSolver:
        size = MAX_NEED + 1
        play = PlayChances.of(counts.play[0])
        d, p, _ = play.cells
        if np.any((d + p) == 0):
            raise ValueError("a deal whose play pegged nothing: the last card always scores")
        return cls(
            ShowChances.of(counts), play, _box(key), np.zeros((size, size)), np.zeros((size, size))
        )

    def start(self, x: int, y: int) -> float:
        """The dealer's chance at the start of a deal of this class (the after-play
        values it reaches already solved)."""
        heels = float(self.show.starter[JACK])
        d, p, w = self.play.cells

        def played(grid: FloatArray, x: int, y: int) -> float:
            keep = (d < x) & (p < y)
            return float(np.dot(w[keep], grid[x - d[keep], y - p[keep]]))

        first, _ = self.play.first(x, y)
        value = (1.0 - heels) * first + played(self.plain, x, y)
        if x <= 2:
            return value + heels
        first2, _ = self.play.first(x - 2, y)
        return value + heels * (first2 + played(self.jack, x - 2, y))

    def settle(self, table: FloatArray, x: int, y: int) -> None:
        """Solve the after-play values at needs ``(x, y)`` from the table so far."""
        if x > self.box[0] or y > self.box[1]:
            return
        values = after_play_values(self.show, table, x, y)
        weights = self.show.starter.copy()
        weights[JACK] = 0.0
        self.plain[x, y] = float(np.dot(weights, values))
        self.jack[x, y] = float(values[JACK])


def dealer_table(classes: Mapping[DealClass, DealCounts]) -> FloatArray:
    """``W[d, p]``: the dealer's chance to win from the start of a deal, needing ``d``,
    the pone needing ``p`` (1 to 121 each; row and column 0 are unused), each deal
    scored as the deals of its class (:func:`deal_class`) were measured."""
    missing = [key for key in deal_classes() if key not in classes]
    if missing:
        raise ValueError(f"no deals measured for the classes {missing}")
    solvers = {key: _ClassSolver.of(key, counts) for key, counts in classes.items()}
    size = MAX_NEED + 1
    table = np.zeros((size, size))
    for total in range(2, 2 * MAX_NEED + 1):
        cells = [
            (x, total - x) for x in range(max(1, total - MAX_NEED), min(MAX_NEED, total - 1) + 1)
        ]
        for x, y in cells:
            table[x, y] = solvers[deal_class(x, y)].start(x, y)
        for solver in solvers.values():
            for x, y in cells:
                solver.settle(table, x, y)
    return table

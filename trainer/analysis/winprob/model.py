"""The model: :class:`WinModel` answers questions about positions from the table and
the counts; :func:`win_model` loads the packaged one once."""

from __future__ import annotations

import json
import threading
from functools import cache
from importlib import resources

import numpy as np

from trainer.analysis.winprob.chances import PlayChances, ShowChances
from trainer.analysis.winprob.counts import DealCounts
from trainer.analysis.winprob.deal import MAX_NEED, SHOW_SIZE, FloatArray, IntArray
from trainer.analysis.winprob.solver import after_play_values
from trainer.analysis.winprob.storage import from_json

#: How many kernels a model keeps (a few hundred kilobytes at most).
_KERNELS = 16


class WinModel:
    """The table with the distributions it was built from, for questions about positions.

    Needs are points still wanted (the target less the score), from 1; a need of 0 or
    less means that side has already won."""

    def __init__(self, counts: DealCounts, table: FloatArray) -> None:
        if table.shape != (MAX_NEED + 1, MAX_NEED + 1):
            raise ValueError(f"the table must be {MAX_NEED + 1} square, not {table.shape}")
        self.counts = counts
        self.table = table
        self.table.setflags(write=False)
        self.show = ShowChances.of(counts)
        self.play = tuple(PlayChances.of(p) for p in counts.play)
        #: :meth:`after_play`'s answers so far (the model never changes): the win meter
        #: asks for the same ones again with every card of a deal.
        self._after: dict[tuple[int, int, int], float] = {}
        #: :meth:`pone_kernel`'s and :meth:`dealer_kernel`'s answers so far, the newest
        #: few: a deal's throws are weighed with the same needs by the meter before the
        #: throw, the coach and the game's line after it.
        self._kernels: dict[tuple[str, int, int], tuple[float, FloatArray]] = {}
        self._lock = threading.Lock()

    def _kept(
        self, key: tuple[str, int, int], found: tuple[float, FloatArray]
    ) -> tuple[float, FloatArray]:
        found[1].setflags(write=False)
        with self._lock:  # (the game review is worked out in a thread of its own)
            if len(self._kernels) >= _KERNELS:
                del self._kernels[next(iter(self._kernels))]  # the oldest
            self._kernels[key] = found
        return found

    def dealer_wins(self, dealer_needs: int, pone_needs: int) -> float:
        """The dealer's chance to win at the start of a deal."""
        if dealer_needs <= 0:
            return 1.0
        if pone_needs <= 0:
            return 0.0
        return float(self.table[min(dealer_needs, MAX_NEED), min(pone_needs, MAX_NEED)])

    def chance(self, mine: int, theirs: int, *, dealer: bool, target: int = 121) -> float:
        """My chance to win at the start of a deal, with scores ``mine`` and ``theirs``
        in a game to ``target``, dealing or not."""
        _check_position(mine, theirs, target)
        need_me, need_them = target - mine, target - theirs
        if dealer:
            return self.dealer_wins(need_me, need_them)
        return 1.0 - self.dealer_wins(need_them, need_me)

    def after_play(self, dealer_needs: int, pone_needs: int, starter_rank: int) -> float:
        """The dealer's chance once the play is over and before the show, the starter's
        rank index (ace 0 ... king 12) known."""
        if dealer_needs <= 0:
            return 1.0
        if pone_needs <= 0:
            return 0.0
        x, y = min(dealer_needs, MAX_NEED), min(pone_needs, MAX_NEED)
        key = (x, y, starter_rank)
        found = self._after.get(key)
        if found is None:
            found = float(after_play_values(self.show, self.table, x, y, (starter_rank,))[0])
            if len(self._after) < 50_000:  # at most a few MB
                self._after[key] = found
        return found

    def _cells(self, x: int, y: int, laid: int = 0) -> tuple[IntArray, IntArray, FloatArray]:
        """The play's outcomes (after ``laid`` cards) that leave a dealer needing ``x`` and
        a pone needing ``y`` both short: dealer points, pone points, chance."""
        d, p, w = self.play[laid].cells
        keep = (d < x) & (p < y)
        return d[keep], p[keep], w[keep]

    def pone_kernel(self, pone_needs: int, dealer_needs: int) -> tuple[float, FloatArray]:
        """For a pone at the start of the play (his heels already pegged): the chance it
        pegs out in the play, and ``K[h, s]``, its chance to win from the play's other
        outcomes when its hand scores ``h`` and the dealer's hand and crib ``s``."""
        key = ("pone", pone_needs, dealer_needs)
        if key in self._kernels:
            return self._kernels[key]
        _, first = self.play[0].first(dealer_needs, pone_needs)
        d, p, w = self._cells(dealer_needs, pone_needs)
        a = (pone_needs - p)[:, None, None]  # the pone's need after the play
        b = (dealer_needs - d)[:, None, None]
        h = np.arange(SHOW_SIZE)[None, :, None]
        s = np.arange(2 * SHOW_SIZE)[None, None, :]
        home = h >= a
        short = s < b
        top = MAX_NEED
        nxt = self.table[np.clip(a - h, 1, top), np.clip(b - s, 1, top)]
        values = np.where(home, 1.0, np.where(short, nxt, 0.0))
        kernel: FloatArray = np.tensordot(w, values, axes=1)
        return self._kept(key, (first, kernel))

    def dealer_kernel(self, dealer_needs: int, pone_needs: int) -> tuple[float, FloatArray]:
        """For a dealer at the start of the play (his heels already pegged): the chance it
        pegs out in the play, and ``K[z, t]``, its chance to win from the play's other
        outcomes when its hand and crib score ``t`` together, the starter's rank ``z``."""
        key = ("dealer", dealer_needs, pone_needs)
        if key in self._kernels:
            return self._kernels[key]
        first, _ = self.play[0].first(dealer_needs, pone_needs)
        d, p, w = self._cells(dealer_needs, pone_needs)
        a = (dealer_needs - d)[:, None, None]
        b = (pone_needs - p)[:, None, None]
        h = np.arange(SHOW_SIZE)[None, :, None]  # the pone's hand
        t = np.arange(2 * SHOW_SIZE)[None, None, :]
        top = MAX_NEED
        nxt = 1.0 - self.table[np.clip(b - h, 1, top), np.clip(a - t, 1, top)]
        values = np.where(h >= b, 0.0, np.where(t >= a, 1.0, nxt))
        by_hand = np.tensordot(w, values, axes=1)  # [pone hand, t]
        kernel: FloatArray = self.show.pone @ by_hand
        return self._kept(key, (first, kernel))

    def first_dealer(self, target: int = 121) -> float:
        """The first dealer's chance to win a whole game."""
        return self.dealer_wins(target, target)


def _check_position(mine: object, theirs: object, target: object) -> None:
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= MAX_NEED:
        raise ValueError(f"the target must be a whole number from 1 to {MAX_NEED}, not {target!r}")
    for name, score in (("my score", mine), ("their score", theirs)):
        if not isinstance(score, int) or isinstance(score, bool) or score < 0:
            raise ValueError(f"{name} must be a whole number from 0, not {score!r}")
        if score >= target:
            raise ValueError(f"the game is over: {name} is {score} in a game to {target}")


@cache
def win_model() -> WinModel:
    """The packaged model (``data/win_table.json``), loaded once."""
    text = resources.files("trainer.analysis").joinpath("data/win_table.json").read_text()
    counts, table = from_json(json.loads(text))
    return WinModel(counts, table)

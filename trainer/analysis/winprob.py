"""The chance of winning the game from a score position.

A position is the points each side still needs and who deals. A deal is scored in
order: his heels (2 to the dealer when the starter is a jack), the play (both sides,
award by award), the pone's hand, then the dealer's hand and the crib. The game ends
the moment a score reaches the target, so the pone, who counts first, is home first
when both would get there in the show, and in the play whoever pegs out first wins.

What a deal is worth is measured, not assumed: :mod:`trainer.analysis.build_tables` plays
games of Hard against Hard (:mod:`trainer.analysis.selfplay`), every deal to the end
of the show, and counts

* the starter's rank (a jack is his heels);
* the play: the points each side pegs in it, jointly, and which side reaches any
  given number of points first (also for what is left of the play after each card,
  for the win meter);
* the pone's hand, the dealer's hand and the crib, each by the starter's rank (the
  starter is the card both hands and the crib share, so a five turned helps all
  three: given the starter the three are taken as independent).

Near the end Hard's decisions depend on the score (a pone needing 20 or fewer keeps
the four likeliest to count out, and either side within 10 weighs the play
differently), so a deal there is worth something else: deals are counted by their
class (:func:`deal_class`: the pone's exact need up to 20, and whether the dealer needs
10 or fewer), each class near the end measured on its own deals.

:func:`dealer_table` is the dynamic programme over every pair of needs from 1 to 121
that turns those counts into the dealer's chance to win at the start of a deal:
``W[d, p]`` for a dealer needing ``d`` and a pone needing ``p``. The deal passes
after each deal, so the next position's value is the other side's. Every deal
scores at least one point (the last card), so positions are solved in order of the
points left in all. The table does not depend on the target: a game to 61 starts
at ``W[61, 61]``.

The table and the counts of the deals far from the end (what the throw's chances, the
play's search and the win meter read for the deal in hand) are shipped in
``data/win_table.json`` and loaded once (:func:`win_model`).

>>> model = win_model()
>>> round(model.chance(0, 0, dealer=True), 2)  # the first dealer of a game to 121
0.56
>>> model.chance(119, 100, dealer=False) > model.chance(100, 119, dealer=True)
True
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "CARDS_IN_PLAY",
    "DEALER",
    "FAR",
    "MAX_NEED",
    "PONE",
    "DealClass",
    "DealCounts",
    "DealRecord",
    "PlayChances",
    "PlayCounts",
    "ShowChances",
    "WinModel",
    "count_deals",
    "deal_class",
    "deal_classes",
    "dealer_table",
    "from_json",
    "to_json",
    "win_model",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Needs go up to the full game.
MAX_NEED = 121
RANKS = 13
#: Points a hand, or a crib, can score: 0 to 29.
SHOW_SIZE = 30
#: Cards laid in a deal's play.
CARDS_IN_PLAY = 8
#: The play's points per side are kept below this (no play pegs 40 for one side).
PLAY_SIZE = 40
#: Resolution of the stored table: a chance is kept as a whole number of 1/65,535.
QUANT = 65535


# --- what is measured: one deal ------------------------------------------------------------

#: Roles in a :class:`DealRecord`.
DEALER = 0
PONE = 1
#: Rank index (ace 0 ... king 12) of the jack: a jack turned as starter is his heels.
JACK = 10


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal played to the end of the show.

    ``scores`` are the dealer's and the pone's scores before it; ``starter`` the
    starter's rank index (ace 0 ... king 12; a jack, 10, is his heels, 2 to the
    dealer); ``play`` each award of the play in order as ``(cards laid before the
    action that scored it, role, points)`` with role :data:`DEALER` or :data:`PONE`.
    """

    scores: tuple[int, int]
    starter: int
    play: tuple[tuple[int, int, int], ...]
    pone_hand: int
    dealer_hand: int
    crib: int

    @property
    def heels(self) -> int:
        return 2 if self.starter == JACK else 0

    def play_points(self, role: int) -> int:
        return sum(points for _, who, points in self.play if who == role)

    def total(self, role: int) -> int:
        """Everything ``role`` scored in the deal."""
        if role == DEALER:
            return self.heels + self.play_points(DEALER) + self.dealer_hand + self.crib
        return self.play_points(PONE) + self.pone_hand

    def awards(self) -> tuple[tuple[int, int], ...]:
        """Every ``(role, points)`` in the order scored, his heels first, the show last."""
        out: list[tuple[int, int]] = []
        if self.heels:
            out.append((DEALER, self.heels))
        out.extend((who, points) for _, who, points in self.play)
        out.extend(((PONE, self.pone_hand), (DEALER, self.dealer_hand), (DEALER, self.crib)))
        return tuple(out)

    def winner(self, target: int) -> int | None:
        """The role that reaches ``target`` first in this deal from ``scores``, if any."""
        score = list(self.scores)
        for who, points in self.awards():
            score[who] += points
            if score[who] >= target:
                return who
        return None


# --- the counts ---------------------------------------------------------------------------


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


# --- probabilities from the counts --------------------------------------------------------


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


# --- the dynamic programme ------------------------------------------------------------------

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


def _after_play(
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
        values = _after_play(self.show, table, x, y)
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


# --- storage --------------------------------------------------------------------------------


def _pack(values: FloatArray) -> str:
    quantised = np.rint(np.clip(values, 0.0, 1.0) * QUANT).astype("<u2")
    return base64.b64encode(quantised.tobytes()).decode("ascii")


def _unpack(text: str, shape: tuple[int, int]) -> FloatArray:
    raw = np.frombuffer(base64.b64decode(text), dtype="<u2")
    out: FloatArray = raw.reshape(shape).astype(np.float64) / QUANT
    return out


def _trim(table: IntArray) -> list[list[int]]:
    """A 2-D count table as lists, without its all-zero trailing rows and columns."""
    rows = np.nonzero(table.any(axis=1))[0]
    cols = np.nonzero(table.any(axis=0))[0]
    r = int(rows.max()) + 1 if len(rows) else 0
    c = int(cols.max()) + 1 if len(cols) else 0
    return [[int(v) for v in row[:c]] for row in table[:r]]


def _untrim(rows: Sequence[Sequence[int]], shape: tuple[int, int]) -> IntArray:
    out = np.zeros(shape, dtype=np.int64)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


def to_json(counts: DealCounts, table: FloatArray, about: Mapping[str, Any]) -> dict[str, Any]:
    """The data file's contents: ``about`` (how it was made), the counts, the table."""
    return {
        **about,
        "deals": counts.deals,
        "first_dealer": {
            str(target): {"games": games, "first_dealer_wins": wins}
            for target, (games, wins) in sorted(counts.first_dealer.items(), reverse=True)
        },
        "starters": [int(v) for v in counts.starters],
        "pone_hand": _trim(counts.pone_hand),
        "dealer_hand": _trim(counts.dealer_hand),
        "crib": _trim(counts.crib),
        "play": [
            {
                "laid": p.laid,
                "joint": p.joint.tolist(),
                "dealer_first": p.dealer_first.tolist(),
                "pone_first": p.pone_first.tolist(),
            }
            for p in counts.play
        ],
        "table": {
            "rows": MAX_NEED + 1,
            "meaning": "the dealer's chance at the start of a deal, [dealer needs, pone needs],"
            f" little-endian uint16 in 1/{QUANT}, base64",
            "values": _pack(table),
        },
    }


def from_json(data: Mapping[str, Any]) -> tuple[DealCounts, FloatArray]:
    """The counts and the table from the data file's contents."""
    show = (RANKS, SHOW_SIZE)
    play = tuple(
        PlayCounts(
            int(p["laid"]),
            np.asarray(p["joint"], dtype=np.int64),
            np.asarray(p["dealer_first"], dtype=np.int64),
            np.asarray(p["pone_first"], dtype=np.int64),
        )
        for p in data["play"]
    )
    counts = DealCounts(
        int(data["deals"]),
        np.asarray(data["starters"], dtype=np.int64),
        _untrim(data["pone_hand"], show),
        _untrim(data["dealer_hand"], show),
        _untrim(data["crib"], show),
        play,
        {
            int(target): (int(v["games"]), int(v["first_dealer_wins"]))
            for target, v in data["first_dealer"].items()
        },
    )
    rows = int(data["table"]["rows"])
    return counts, _unpack(data["table"]["values"], (rows, rows))


# --- the model ------------------------------------------------------------------------------


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
            found = float(_after_play(self.show, self.table, x, y, (starter_rank,))[0])
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
        return first, kernel

    def dealer_kernel(self, dealer_needs: int, pone_needs: int) -> tuple[float, FloatArray]:
        """For a dealer at the start of the play (his heels already pegged): the chance it
        pegs out in the play, and ``K[z, t]``, its chance to win from the play's other
        outcomes when its hand and crib score ``t`` together, the starter's rank ``z``."""
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
        return first, kernel

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

"""Decisions by the chance of winning the game: the throw, and the tables the play's
search reads near the end.

Everything here reads the win-probability model (:mod:`trainer.analysis.winprob`).

**The throw.** For each of the 15 throws, the chance to win is averaged over the 46
starters the player cannot see. Given the starter, the player's own hand is counted
exactly; the crib is the two cards thrown, two cards the opponent throws (a rank pair
drawn as often as a sound player of the opponent's seat throws it, among the cards
not seen, see :mod:`trainer.analysis.sound`) and the starter, counted on ranks with one
chance in four of nobs for each jack; the opponent's hand, and the play, are taken as
the model measured them. The order of counting is the model's: his heels, the play,
the pone's hand, then the dealer's hand and crib, the game ending at the target.

**The play.** :func:`leaf_table` is the chance to win once the play is over, by the
points each side still needs after its own hand (the crib still to come), for a
:class:`~trainer.analysis.play_search.WinChance`.

>>> from trainer.engine import parse_cards
>>> six = parse_cards("5H 5D JS 2C 9H KD")
>>> [str(c) for c in throw_chances(six, dealer=False, scores=(0, 0), target=121)[0].throw]
['2C', '9H']
>>> best = throw_chances(parse_cards("AS 2D 3C 7S 8C KH"), dealer=False,
...     scores=(115, 109), target=121)[0]  # the pone needs 6 and counts first
>>> [str(c) for c in best.keep], round(best.home, 2), round(best.win, 2)
(['AS', '2D', '3C', 'KH'], 0.78, 0.95)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from trainer.analysis.hands import keeps, starter_points
from trainer.analysis.ranks import JACK, RANK_COUNT, five_card_points, rank_pairs
from trainer.analysis.sound import seat_throws
from trainer.analysis.winprob import SHOW_SIZE, WinModel, win_model
from trainer.engine import DECK, Card, Phase, SeatView

__all__ = [
    "ThrowAdvice",
    "ThrowChance",
    "crib_chances",
    "leaf_table",
    "throw_advice",
    "throw_chances",
    "throws_by_needs",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int_]

_LOW = np.asarray([a for a, _ in rank_pairs()])
_HIGH = np.asarray([b for _, b in rank_pairs()])
_SAME = _LOW == _HIGH
#: Points a crib can reach with nobs counted as a chance: 0 to 30.
_CRIB_SIZE = SHOW_SIZE + 1


@dataclass(frozen=True, slots=True)
class ThrowChance:
    """One throw's chance to win the game. ``home`` is the chance that the hand kept
    alone scores what the player needs now (the points the play may add left out):
    for a pone near the end, the chance of counting out before the dealer counts."""

    throw: tuple[Card, Card]
    keep: tuple[Card, ...]
    win: float
    home: float
    hand: float

    def __str__(self) -> str:
        throw = " ".join(c.label for c in self.throw)
        return f"throw {throw}: wins {100 * self.win:.1f}%, hand home {100 * self.home:.0f}%"


@cache
def _opponent_pairs(seat: str) -> FloatArray:
    """How often a sound player in ``seat`` throws each of the 91 rank pairs."""
    freq: FloatArray = seat_throws("dealer" if seat == "dealer" else "pone").frequencies()
    return freq


def crib_chances(
    throws: Sequence[tuple[int, int]], known: Sequence[int], *, dealer: bool
) -> FloatArray:
    """``[throw, starter rank, points]``: the crib's chances for each of ``throws`` (rank
    index pairs, ace 0), by the starter's rank, when the player holding the cards of
    ``known`` ranks (its six, or what it has seen) throws it, dealing or not; the
    opponent throws a rank pair as a sound player of its seat does, among the cards left."""
    freq = _opponent_pairs("pone" if dealer else "dealer")
    held = np.bincount(np.asarray(known, dtype=np.int64), minlength=RANK_COUNT)
    ranks = np.arange(RANK_COUNT)
    # Cards of each rank the opponent could hold, for each starter rank.
    left = np.clip(4 - held[None, :] - (ranks[:, None] == ranks[None, :]), 0, 4).astype(float)
    a, b = left[:, _LOW], left[:, _HIGH]
    ways = np.where(_SAME[None, :], a * (a - 1) / 12.0, a * b / 16.0)  # against a full pack
    weights = freq[None, :] * ways
    weights /= np.maximum(weights.sum(axis=1, keepdims=True), 1e-300)  # [starter, pair]
    table = five_card_points()
    out = np.zeros((len(throws), RANK_COUNT, _CRIB_SIZE))
    z = np.arange(RANK_COUNT)
    for i, (x, y) in enumerate(throws):
        points = table[x, y][_LOW, _HIGH, :].astype(np.int64)  # [pair, starter]
        jacks = (x == JACK) + (y == JACK) + (_LOW == JACK).astype(int) + (_HIGH == JACK)
        nobs = np.where(z[None, :] == JACK, 0.0, jacks[:, None] / 4.0)  # [pair, starter]
        w = weights.T  # [pair, starter]
        grid = out[i]
        np.add.at(grid, (np.broadcast_to(z, points.shape), points), w * (1.0 - nobs))
        np.add.at(grid, (np.broadcast_to(z, points.shape), points + 1), w * nobs)
    return out


def _checked(scores: tuple[int, int], target: int) -> tuple[int, int]:
    mine, theirs = scores
    if not (0 <= mine < target and 0 <= theirs < target):
        raise ValueError(f"the scores {scores!r} are not those of a game to {target} in progress")
    return target - mine, target - theirs


def throw_chances(
    six: Sequence[Card],
    *,
    dealer: bool,
    scores: tuple[int, int],
    target: int,
    model: WinModel | None = None,
) -> tuple[ThrowChance, ...]:
    """Every throw from ``six`` with its chance to win, best first (ties: the better
    hand on average). ``scores`` are (mine, theirs) before the deal."""
    cards = tuple(six)
    if len(cards) != 6 or len(set(cards)) != 6 or not all(isinstance(c, Card) for c in cards):
        raise ValueError("the throw is chosen from six different cards")
    need_me, need_opp = _checked(scores, target)
    return throws_by_needs(cards, dealer=dealer, need_me=need_me, need_opp=need_opp, model=model)


def throws_by_needs(
    cards: Sequence[Card],
    *,
    dealer: bool,
    need_me: int,
    need_opp: int,
    model: WinModel | None = None,
) -> tuple[ThrowChance, ...]:
    """:func:`throw_chances` for six checked cards, by the points each side needs."""
    m = model or win_model()
    options = keeps(cards)
    starters = [s for s in DECK if s not in cards]
    z = np.asarray([s.order - 1 for s in starters])
    hands = np.asarray([starter_points(keep, starters) for _, keep in options])  # [throw, s]
    rank_throws = [(t[0].order - 1, t[1].order - 1) for t, _ in options]
    crib = crib_chances(rank_throws, [c.order - 1 for c in cards], dealer=dealer)
    wins = np.zeros((len(options), len(starters)))
    jack = z == JACK
    for heels in (False, True):
        cols = np.nonzero(jack == heels)[0]
        if not len(cols):
            continue
        if dealer:
            need = need_me - 2 if heels else need_me
            _dealer_wins(wins, cols, (m, hands, crib, z[cols]), need, need_opp)
        else:
            opp = need_opp - 2 if heels else need_opp
            _pone_wins(wins, cols, (m, hands, crib, z[cols]), need_me, opp)
    win = wins.mean(axis=1)
    home = (hands >= need_me).mean(axis=1)
    mean = hands.mean(axis=1)
    order = sorted(range(len(options)), key=lambda i: (-round(float(win[i]), 9), -mean[i], i))
    return tuple(
        ThrowChance(
            (options[i][0][0], options[i][0][1]),
            tuple(options[i][1]),
            float(win[i]),
            float(home[i]),
            float(mean[i]),
        )
        for i in order
    )


#: What every throw's chances are worked from: the win model, each throw's hand by starter
#: (``[throw, starter]``), its crib's chances (``[throw, starter rank, points]``), and the
#: rank of each starter taken.
_Throws = tuple[WinModel, IntArray, FloatArray, IntArray]


def _dealer_wins(wins: FloatArray, cols: IntArray, throws: _Throws, need: int, opp: int) -> None:
    """Fill ``wins[throw, cols]`` for the dealer needing ``need`` (his heels taken off) and
    the pone ``opp``: its hand and crib count after the pone's hand
    (:meth:`WinModel.dealer_kernel`)."""
    if need <= 0:
        wins[:, cols] = 1.0
        return
    m, hands, crib, z = throws
    first, kernel = m.dealer_kernel(need, opp)  # kernel[z, hand + crib]
    c = np.arange(_CRIB_SIZE)
    for i in range(len(wins)):
        dist = crib[i][z]  # [s, crib]
        total = np.minimum(hands[i, cols][:, None] + c[None, :], kernel.shape[1] - 1)
        values = kernel[z[:, None], total]
        wins[i, cols] = first + (dist * values).sum(axis=1)


def _pone_wins(wins: FloatArray, cols: IntArray, throws: _Throws, need: int, opp: int) -> None:
    """Fill ``wins[throw, cols]`` for the pone needing ``need`` and the dealer ``opp`` (his
    heels taken off): its hand counts first, then the dealer's hand and the crib
    (:meth:`WinModel.pone_kernel`)."""
    if opp <= 0:
        return  # his heels takes the dealer home
    m, hands, crib, z = throws
    first, kernel = m.pone_kernel(need, opp)  # kernel[hand, dealer's show]
    hand_dist = m.show.dealer_hand[z]  # [s, hand]
    for i in range(len(wins)):
        dist = crib[i][z]
        both = np.zeros((len(cols), kernel.shape[1]))
        for points in range(_CRIB_SIZE):
            width = min(SHOW_SIZE, kernel.shape[1] - points)
            both[:, points : points + width] += dist[:, points : points + 1] * hand_dist[:, :width]
        rows = kernel[np.minimum(hands[i, cols], kernel.shape[0] - 1)]
        wins[i, cols] = first + (both * rows).sum(axis=1)


@dataclass(frozen=True, slots=True)
class ThrowAdvice:
    """What the coach needs to speak of winning at the throw: the points each side
    needs, whether this seat counts first (the pone), and every throw's chances, best
    first. ``surest`` is the keep likeliest to score the need on its own."""

    need: int
    their_need: int
    counts_first: bool
    throws: tuple[ThrowChance, ...]

    @property
    def best(self) -> ThrowChance:
        return self.throws[0]

    @property
    def surest(self) -> ThrowChance:
        return max(self.throws, key=lambda t: (t.home, t.win))


def throw_advice(view: SeatView, model: WinModel | None = None) -> ThrowAdvice:
    """:class:`ThrowAdvice` for the seat of ``view``, which holds its six cards."""
    if view.phase is not Phase.DISCARD or len(view.hand) != 6 or view.dealer is None:
        raise ValueError("the throw is advised while the seat holds its six cards")
    target = view.settings.target
    need, their_need = _checked((view.my_score, view.their_score), target)
    dealer = view.dealer == view.seat
    throws = throws_by_needs(
        view.hand, dealer=dealer, need_me=need, need_opp=their_need, model=model
    )
    return ThrowAdvice(need, their_need, not dealer, throws)


def leaf_table(crib: FloatArray, *, dealer: bool, model: WinModel | None = None) -> FloatArray:
    """``L[u, v]``: our chance to win once the play is over and both hands are counted,
    needing ``u`` and the opponent ``v`` (1 to 121 each; row and column 0 unused), the
    crib (``crib[points]``) still to come: ours when we deal, the opponent's when not."""
    m = model or win_model()
    table = m.table
    size = table.shape[0]
    out = np.zeros((size, size))
    for points, chance in enumerate(crib):
        if chance == 0.0:
            continue
        if dealer:
            # We deal: the crib is ours. u <= points: home; else the opponent deals next.
            u = np.arange(1, size)
            short = u > points
            block = np.ones((size - 1, size - 1))
            # next deal: the opponent deals needing v, we need u - points
            block[short, :] = 1.0 - table[1:, (u[short] - points)].T
            out[1:, 1:] += chance * block
        else:
            # The opponent deals: its crib; v <= points: it is home; else we deal next.
            v = np.arange(1, size)
            short = v > points
            block = np.zeros((size - 1, size - 1))
            block[:, short] = table[1:, :][:, v[short] - points]
            out[1:, 1:] += chance * block
    return out

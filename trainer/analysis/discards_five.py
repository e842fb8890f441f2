"""Discard analysis for three and four players: five cards, one thrown, four kept.

:func:`analyse_five` ranks the five ways to throw one card. Each gets the mean points
of the four kept over the 47 starters the player cannot see (exact) and the mean
points of the crib, which holds the thrown card, one card from each other player and,
between three players, the top card of the pack. The crib is the dealer's: ``crib``
says what its points are worth to the player (``+1`` for the dealer and, at four, the
dealer's partner; ``-1`` for an opponent's crib; ``-0.5`` between three, where the
crib helps one of the two others). ``net = hand + crib_sign * crib``.

The crib's other cards come from one of three models:

``"uniform"``
    The other three cards are any of the 47 unseen, equally likely, and the starter
    any of the 44 left. The value is exact: the rank-only points (fifteens, pairs,
    runs) are summed over every set of four unseen ranks, weighted by the ways to
    draw it, and the flush and nobs are added from the unseen suits.

``"sound"``
    Each other player is dealt five of the unseen cards and throws the card whose four
    kept score most among themselves, the pack's card (three players) and the
    starter are drawn from the cards left. Too many deals to enumerate
    (``C(47, 5) * C(42, 5) * ...``): the crib is averaged over ``samples`` drawn deals,
    every starter of each counted exactly, and ``crib_error`` is the standard error of
    that mean (the hand's value stays exact). Ties among the four kept go to the card
    first in the pack, so this model's players throw aces more than anyone does.

``"likely"``
    Sampled as ``"sound"``, but each other player throws the card that keeps the four
    with the best mean over the starters (fifteens, pairs and runs, exact by rank), with
    half of :func:`single_throw_points` toward the crib or away from it as it is that
    player's side's or not (:func:`likely_single_throw`): how the computer's own levels
    from Hard up throw. With Hard's throws at the table, a throw chosen by this model
    scores more in hand and crib than one by the sound model at four, and as much at
    three.

>>> from trainer.engine import parse_cards
>>> best = analyse_five(parse_cards("5H 5D JS QC 9H"), players=3, crib_sign=1.0)[0]
>>> best.throw.label, round(best.hand, 3), best.crib_error
('9♥', 12.638, 0.0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import comb, sqrt
from typing import Literal

import numpy as np

from trainer.analysis.hands import four_card_points, starter_average
from trainer.analysis.ranks import JACK, RANK_COUNT, five_card_points
from trainer.analysis.sound import FloatArray, IntArray, over_random_fours
from trainer.engine.cards import DECK, Card, check_distinct

__all__ = [
    "FIVE_MODELS",
    "FiveModel",
    "OneThrow",
    "analyse_five",
    "crib_sign_of",
    "kept_likelihood_five",
    "single_throw_points",
    "sound_single_throw",
]

FiveModel = Literal["uniform", "sound", "likely"]
FIVE_MODELS: tuple[FiveModel, ...] = ("uniform", "sound", "likely")
#: Deals drawn for the sampled models (``"sound"``, ``"likely"``) unless told otherwise.
SAMPLES = 160


@dataclass(frozen=True, slots=True)
class OneThrow:
    """One card thrown from five, with the mean hand and crib points (and the crib's
    standard error, 0 when it is exact)."""

    throw: Card
    keep: tuple[Card, Card, Card, Card]
    hand: float
    crib: float
    crib_error: float
    net: float

    def __str__(self) -> str:
        keep = " ".join(card.label for card in self.keep)
        error = f" ± {self.crib_error:.3f}" if self.crib_error else ""
        return (
            f"throw {self.throw.label}, keep {keep}: hand {self.hand:.3f},"
            f" crib {self.crib:.3f}{error}, net {self.net:.3f}"
        )


def _check_five(five: Sequence[Card]) -> tuple[Card, ...]:
    try:
        cards = tuple(five)
    except TypeError:
        raise ValueError(f"expected five cards, got {five!r}") from None
    if len(cards) != 5 or not all(isinstance(c, Card) for c in cards):
        raise ValueError(f"a hand to throw one card from has 5 cards, not {len(cards)}")
    check_distinct(cards)
    return cards


def analyse_five(
    five: Sequence[Card],
    *,
    players: int,
    crib_sign: float,
    model: FiveModel = "uniform",
    samples: int = SAMPLES,
    seed: int | str | None = 0,
) -> tuple[OneThrow, ...]:
    """The five throws from ``five`` best first (highest ``net``; ties by hand, then the
    card), between ``players`` (3 or 4); see the module docstring for the models."""
    cards = _check_five(five)
    if players not in (3, 4):
        raise ValueError(f"five cards are dealt between three or four players, not {players!r}")
    if model not in FIVE_MODELS:
        raise ValueError(f"the model is 'uniform', 'sound' or 'likely', not {model!r}")
    if model == "uniform":
        cribs = uniform_cribs(cards)
        errors = [0.0] * 5
    else:
        rule = LikelyRule(others_signs(players, crib_sign)) if model == "likely" else None
        cribs, errors = sampled_cribs(
            cards, players=players, samples=samples, rng=random.Random(seed), throw_rule=rule
        )
    results = []
    for i, card in enumerate(cards):
        keep = tuple(c for c in cards if c != card)
        hand = starter_average(keep, (card,))
        results.append(
            OneThrow(
                throw=card,
                keep=(keep[0], keep[1], keep[2], keep[3]),
                hand=hand,
                crib=cribs[i],
                crib_error=errors[i],
                net=hand + crib_sign * cribs[i],
            )
        )
    results.sort(key=lambda t: (-t.net, -t.hand, t.throw.index))
    return tuple(results)


# --- the uniform model, exact -----------------------------------------------------------


@cache
def _four_rank_sets() -> tuple[IntArray, IntArray, FloatArray]:
    """Every multiset of four rank indices: (sets, 4), how many of each rank (sets, 13),
    and the rank-only crib points with each thrown rank (13, sets)."""
    sets = np.asarray(list(combinations_with_replacement(range(RANK_COUNT), 4)), dtype=np.int64)
    counts = np.zeros((len(sets), RANK_COUNT), dtype=np.int64)
    for k in range(4):
        np.add.at(counts, (np.arange(len(sets)), sets[:, k]), 1)
    table = five_card_points()
    points = np.stack(
        [table[t, sets[:, 0], sets[:, 1], sets[:, 2], sets[:, 3]] for t in range(RANK_COUNT)]
    ).astype(np.float64)
    return sets, counts, points


_BINOMIAL = np.asarray([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.float64)


def uniform_cribs(cards: tuple[Card, ...], pool: Sequence[Card] | None = None) -> list[float]:
    """The exact mean crib for throwing each of ``cards`` when the crib's three other
    cards and the starter are any four of ``pool`` (default: every unseen card)."""
    known = {card.index for card in cards}
    unseen = list(pool) if pool is not None else [c for c in DECK if c.index not in known]
    if len(unseen) < 4:
        raise ValueError(f"{len(unseen)} cards cannot fill the crib and turn a starter")
    n = len(unseen)
    rank_counts = np.zeros(RANK_COUNT, dtype=np.int64)
    per_suit = np.zeros(4)
    jacks: list[int] = []
    for card in unseen:
        rank_counts[card.order - 1] += 1
        per_suit[card.index % 4] += 1
        if card.order - 1 == JACK:
            jacks.append(card.index % 4)
    _, counts, points = _four_rank_sets()
    ways = np.prod(_BINOMIAL[rank_counts[None, :], counts], axis=1)
    rank_part = points @ ways / comb(n, 4)  # (13,) by the thrown card's rank
    # Nobs: an unseen jack among the three crib cards, the starter of its suit.
    unseen_nobs = sum(3.0 / n * (per_suit[s] - 1.0) / (n - 1) for s in jacks)
    out = []
    for card in cards:
        suit = card.index % 4
        value = float(rank_part[card.order - 1]) + unseen_nobs
        value += 5.0 * comb(int(per_suit[suit]), 4) / comb(n, 4)  # all five of one suit
        if card.order - 1 == JACK:
            value += per_suit[suit] / n
        out.append(value)
    return out


# --- the sound model, sampled -----------------------------------------------------------


def sound_single_throw(five: Sequence[Card], crib_sign: float) -> Card:
    """The card a sound player throws from five: the one whose four kept score most among
    themselves, a thrown five, pair or fifteen counted toward its crib (``crib_sign``)."""
    cards = tuple(five)

    def value(card: Card) -> tuple[float, int]:
        keep = [c for c in cards if c != card]
        return (four_card_points(keep) + crib_sign * single_throw_points(card), -card.index)

    return max(cards, key=value)


@cache
def _keep_averages(ranks: tuple[int, ...]) -> tuple[float, ...]:
    """For five sorted rank indices, the rank-only mean points of the four kept when each
    is thrown, over the 47 starters the holder cannot see."""
    table = five_card_points()
    unseen = np.full(RANK_COUNT, 4.0)
    for r in ranks:
        unseen[r] -= 1
    out = []
    for i in range(5):
        a, b, c, d = (r for j, r in enumerate(ranks) if j != i)
        out.append(float(table[:, a, b, c, d] @ unseen) / 47.0)
    return tuple(out)


def likely_single_throw(five: Sequence[Card], crib_sign: float = 0.0) -> Card:
    """The card a good player likely throws from five: the one whose four kept average
    most over the starters, by fifteens, pairs and runs, with half of
    :func:`single_throw_points` toward the crib as ``crib_sign`` says (ties: the higher
    card)."""
    cards = sorted(five, key=lambda c: c.index)
    values = _keep_averages(tuple(c.order - 1 for c in cards))

    def value(i: int) -> tuple[float, int]:
        bonus = 0.5 * crib_sign * single_throw_points(cards[i]) if crib_sign else 0.0
        return (values[i] + bonus, cards[i].index)

    return cards[max(range(5), key=value)]


@cache
def kept_likelihood_five(crib_sign: float) -> dict[tuple[int, ...], float]:
    """How much likelier each four (sorted rank orders, ace 1 to king 13) is in the hand
    kept from five by :func:`likely_single_throw` (the crib worth ``crib_sign`` to the
    player) than in four cards dealt at random: the chance that a random five holds
    those four and throws its fifth card, over the chance of four random cards."""
    fives = np.asarray(
        [
            f
            for f in combinations_with_replacement(range(RANK_COUNT), 5)
            if max(map(f.count, f)) <= 4
        ]
    )
    n = len(fives)
    counts = np.zeros((n, RANK_COUNT), dtype=np.int64)
    for column in range(5):
        np.add.at(counts, (np.arange(n), fives[:, column]), 1)
    unseen = 4.0 - counts
    table = five_card_points()
    bonus = np.asarray([single_throw_points(_BY_ORDER[r + 1]) for r in range(RANK_COUNT)])
    values = np.empty((n, 5))
    for i in range(5):
        a, b, c, d = (fives[:, j] for j in range(5) if j != i)
        points = table[:, a, b, c, d].T  # (n, 13) by starter
        values[:, i] = (points * unseen).sum(axis=1) / 47.0
    if crib_sign:
        values += 0.5 * crib_sign * bonus[fives]
    # Ties go to the higher card: the last of the best in the sorted five.
    thrown = 4 - np.argmax(values[:, ::-1], axis=1)
    ways = _BINOMIAL[4, counts].prod(axis=1)
    kept: dict[tuple[int, ...], float] = {}
    for row, t, w in zip(fives.tolist(), thrown.tolist(), ways.tolist(), strict=True):
        four = tuple(r + 1 for k, r in enumerate(row) if k != t)
        kept[four] = kept.get(four, 0.0) + w / comb(52, 5)
    return over_random_fours(kept)


_BY_ORDER = {card.order: card for card in reversed(DECK)}


def others_signs(players: int, crib_sign: float) -> tuple[float, ...]:
    """What the crib is worth to each of the other players, from what it is worth to
    this one (``crib_sign``, :func:`crib_sign_of`): at four a partner shares the sign and
    the two opponents have the other; at three the dealer's two others count it -0.5."""
    if players == 4:
        return (crib_sign, -crib_sign, -crib_sign)
    if crib_sign > 0:
        return (-0.5, -0.5)
    return (1.0, -0.5)


@dataclass(frozen=True, slots=True)
class LikelyRule:
    """:func:`likely_single_throw` as the ``throw_rule`` of :func:`sampled_cribs`, the
    other player ``k`` throwing toward or away from the crib by ``signs[k]`` (with no
    regard to whose crib it is past the end of ``signs``)."""

    signs: tuple[float, ...]

    def __call__(self, five: Sequence[Card], k: int) -> Card:
        return likely_single_throw(five, self.signs[k] if k < len(self.signs) else 0.0)


def single_throw_points(card: Card) -> float:
    """A simple crib rule for one thrown card: a five, then the cards that make fifteens."""
    return {5: 1.0, 10: 0.3}.get(card.pips, 0.0) + (0.2 if card.order in (4, 6) else 0.0)


def crib_sign_of(seat: int, dealer: int, players: int) -> float:
    """What the dealer's crib is worth to ``seat``: +1 for its own side, less for another's
    (the mean over the other sides)."""
    if players == 4:
        return 1.0 if seat % 2 == dealer % 2 else -1.0
    if players == 3:
        return 1.0 if seat == dealer else -0.5
    return 1.0 if seat == dealer else -1.0


def sampled_cribs(
    cards: tuple[Card, ...],
    *,
    players: int,
    samples: int,
    rng: random.Random,
    pool: Sequence[Card] | None = None,
    throw_rule: object = None,
) -> tuple[list[float], list[float]]:
    """The mean crib for throwing each of ``cards`` and its standard error, over
    ``samples`` deals of ``pool`` (default: every unseen card) to the other players, who
    throw by :func:`sound_single_throw` (or ``throw_rule(five, seat_index) -> Card``);
    the pack's card (three players) and the starter come from what is left, every
    starter counted."""
    if samples < 2:
        raise ValueError(f"sampling needs at least two deals, not {samples!r}")
    known = set(cards)
    cards_left = list(pool) if pool is not None else [c for c in DECK if c not in known]
    others = players - 1
    need = 5 * others + (1 if players == 3 else 0) + 1
    if len(cards_left) < need:
        raise ValueError(f"{len(cards_left)} cards cannot deal {others} hands and a starter")
    table = five_card_points()
    sums = np.zeros(5)
    squares = np.zeros(5)
    thrown_ranks = np.asarray([c.order - 1 for c in cards])
    for _ in range(samples):
        drawn = rng.sample(cards_left, 5 * others + (1 if players == 3 else 0))
        crib: list[Card] = []
        for k in range(others):
            hand = drawn[5 * k : 5 * k + 5]
            if throw_rule is None:
                crib.append(sound_single_throw(hand, 0.0))  # whose crib: left neutral
            else:
                crib.append(throw_rule(hand, k))  # type: ignore[operator]
        crib.extend(drawn[5 * others :])
        taken = set(drawn)
        starters = [c for c in cards_left if c not in taken]
        by_rank = np.zeros(RANK_COUNT)
        by_suit = np.zeros(4)
        for s in starters:
            by_rank[s.order - 1] += 1
            by_suit[s.index % 4] += 1
        n = len(starters)
        a, b, c = (x.order - 1 for x in crib)
        rank_part = table[thrown_ranks, a, b, c, :] @ by_rank / n  # (5,)
        values = rank_part.astype(np.float64)
        crib_suits = [x.index % 4 for x in crib]
        crib_jacks = [x.index % 4 for x in crib if x.order - 1 == JACK]
        for i, card in enumerate(cards):
            suit = card.index % 4
            extra = sum(by_suit[s] for s in crib_jacks) / n
            if card.order - 1 == JACK:
                extra += by_suit[suit] / n
            if all(s == suit for s in crib_suits):
                extra += 5.0 * by_suit[suit] / n
            values[i] += extra
        sums += values
        squares += values * values
    means = sums / samples
    spread = np.maximum(squares / samples - means * means, 0.0) * samples / (samples - 1)
    return [float(m) for m in means], [sqrt(float(v) / samples) for v in spread]

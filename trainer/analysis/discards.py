"""Exact discard analysis: every throw from six cards, with its hand and crib values.

:func:`analyse_discards` ranks the 15 ways to throw two of six cards. For each
throw it gives the mean points of the four cards kept over the 46 starters the
player cannot see (fifteens, pairs, runs, flushes and nobs, exactly as
:func:`trainer.engine.score_show` counts them), and the mean points of the crib
for its owner, the dealer (crib rules: a flush only with five cards of one suit;
nobs for a jack in the crib of the starter's suit; his heels is not part of the
crib and is left out). ``net`` is ``hand + crib`` for the dealer and
``hand - crib`` for the pone.

The crib's other two cards come from the opponent, by one of two models:

``"uniform"``
    Any two of the 46 unseen cards, equally likely; the starter is then any of
    the other 44. The value is exact.

``"sound"`` (the default)
    The opponent throws as a good player of their seat does: each two-card
    combination of unseen cards weighs ``w(x, y) / f(x, y)``, where ``w(x, y)`` is
    the probability that a good player in the opponent's seat throws ranks
    ``{x, y}`` (the packaged table built by :mod:`trainer.analysis.build_tables`)
    and ``f(x, y)`` is the number of card pairs with those ranks in a full pack
    (6 for a pair, 16 otherwise); the weights are normalised over the unseen
    combinations, so suits are equally likely among the unseen cards of each
    rank. The starter is then any of the other 44 cards. Under this rule the
    value is exact too.

The rank-only part is read from a table of every five-rank tuple, weighted by
the unseen rank counts; flush and nobs are added from the unseen suits.

>>> from trainer.engine import parse_cards
>>> best = analyse_discards(parse_cards("5H 5D 5C JS 2D 9C"), dealer=True)[0]
>>> " ".join(str(card) for card in best.throw)
'2D 9C'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Literal

import numpy as np

from trainer.analysis.crib import FloatArray, pair_weight_matrix, throw_weights
from trainer.analysis.ranks import JACK, RANK_COUNT, five_card_points
from trainer.engine.cards import DECK, Card, check_distinct

__all__ = ["OPPONENT_MODELS", "Discard", "Opponent", "analyse_discards"]

Opponent = Literal["sound", "uniform"]
OPPONENT_MODELS: tuple[Opponent, ...] = ("sound", "uniform")

_THROWS = tuple(combinations(range(6), 2))
_KEEPS = tuple(tuple(i for i in range(6) if i not in throw) for throw in _THROWS)
_EYE = np.eye(RANK_COUNT)


@dataclass(frozen=True, slots=True)
class Discard:
    """One way to throw two of six cards, with its mean hand and crib points."""

    throw: tuple[Card, Card]
    keep: tuple[Card, Card, Card, Card]
    hand: float
    crib: float
    net: float
    dealer: bool

    def __str__(self) -> str:
        throw = " ".join(card.label for card in self.throw)
        keep = " ".join(card.label for card in self.keep)
        sign = "+" if self.dealer else "-"
        return (
            f"throw {throw}, keep {keep}: hand {self.hand:.3f} {sign} crib {self.crib:.3f}"
            f" = {self.net:.3f}"
        )


@cache
def _opponent_matrix(model: Opponent, dealer: bool) -> FloatArray:
    if model == "uniform":
        return np.ones((RANK_COUNT, RANK_COUNT))
    return pair_weight_matrix(throw_weights()["pone" if dealer else "dealer"])


def _check_six(six: Sequence[Card]) -> tuple[Card, ...]:
    try:
        cards = tuple(six)
    except TypeError:
        raise ValueError(f"expected six cards, got {six!r}") from None
    for card in cards:
        if not isinstance(card, Card):
            raise ValueError(f"expected six Cards, got {card!r}; parse text with parse_cards")
    if len(cards) != 6:
        raise ValueError(f"a hand to discard from has 6 cards, not {len(cards)}")
    check_distinct(cards)
    return cards


def analyse_discards(
    six: Sequence[Card], *, dealer: bool, opponent: Opponent = "sound"
) -> tuple[Discard, ...]:
    """The 15 throws from ``six`` ranked best first (highest ``net``; ties by hand, then cards).

    ``dealer`` says whose crib it is; ``opponent`` picks the model of the other
    player's throw (see the module docstring). Raises ``ValueError`` for anything
    but six distinct cards or an unknown model.
    """
    cards = _check_six(six)
    if not isinstance(dealer, bool):
        raise ValueError(f"dealer must be True or False, not {dealer!r}")
    if opponent not in OPPONENT_MODELS:
        raise ValueError(f"opponent must be 'sound' or 'uniform', not {opponent!r}")
    weights = _opponent_matrix(opponent, dealer)
    hands, cribs = _values(cards, weights)
    results = []
    for t, (throw, keep) in enumerate(zip(_THROWS, _KEEPS, strict=True)):
        hand, crib = float(hands[t]), float(cribs[t])
        results.append(
            Discard(
                throw=(cards[throw[0]], cards[throw[1]]),
                keep=(cards[keep[0]], cards[keep[1]], cards[keep[2]], cards[keep[3]]),
                hand=hand,
                crib=crib,
                net=hand + crib if dealer else hand - crib,
                dealer=dealer,
            )
        )
    results.sort(key=lambda d: (-d.net, -d.hand, d.throw[0].index, d.throw[1].index))
    return tuple(results)


def _values(cards: tuple[Card, ...], weights: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Mean hand and crib points for each of the 15 throws, in ``_THROWS`` order."""
    table = five_card_points()
    held = {card.index for card in cards}
    unseen = [card for card in DECK if card.index not in held]
    counts = np.zeros(RANK_COUNT)
    suit_cards: list[list[Card]] = [[], [], [], []]
    for card in unseen:
        counts[card.order - 1] += 1
        suit_cards[card.index % 4].append(card)
    per_suit = [float(len(group)) for group in suit_cards]
    ranks = np.asarray([card.order - 1 for card in cards])

    # The hand: the four kept with each of the 46 starters.
    keeps = ranks[np.asarray(_KEEPS)]
    hand_points = table[keeps[:, 0], keeps[:, 1], keeps[:, 2], keeps[:, 3]]  # (15, 13)
    hands = hand_points @ counts / 46.0
    for t, keep in enumerate(_KEEPS):
        kept = [cards[i] for i in keep]
        suit = kept[0].index % 4
        if all(card.index % 4 == suit for card in kept):
            hands[t] += 4.0 + per_suit[suit] / 46.0
        for card in kept:
            if card.order - 1 == JACK:
                hands[t] += per_suit[card.index % 4] / 46.0

    # The opponent's two cards, as ordered pairs of unseen cards by rank.
    ordered = weights * np.outer(counts, counts) - np.diag(np.diag(weights) * counts)
    total = float(ordered.sum())
    ordered /= total
    starters = counts[None, None, :] - _EYE[:, None, :] - _EYE[None, :, :]
    deal = ordered[:, :, None] * starters / 44.0  # (x, y, starter)
    throws = ranks[np.asarray(_THROWS)]
    crib_points = table[throws[:, 0], throws[:, 1]].reshape(len(_THROWS), -1)
    cribs = crib_points @ deal.reshape(-1)

    # Suits: chance each unseen card is among the opponent's two.
    partner = weights @ counts - np.diag(weights)  # weight of a card's partners, by its rank
    chance = 2.0 * partner / total
    in_crib_by_suit = [sum(chance[c.order - 1] for c in group) for group in suit_cards]
    # A jack the player throws: the starter (one of 44 left) has its suit.
    thrown_nobs = [(per_suit[s] - in_crib_by_suit[s]) / 44.0 for s in range(4)]
    # A jack the opponent throws, with a starter of its suit.
    unseen_nobs = 0.0
    for jack in unseen:
        if jack.order - 1 != JACK:
            continue
        s = jack.index % 4
        same = sum(weights[JACK, c.order - 1] for c in suit_cards[s] if c is not jack)
        pair_weight = float(partner[JACK])
        unseen_nobs += 2.0 / total * (pair_weight * (per_suit[s] - 1.0) - same) / 44.0
    # Five of one suit: both of the opponent's cards and the starter in the throw's suit.
    flush = []
    for s in range(4):
        present = np.zeros(RANK_COUNT)
        for card in suit_cards[s]:
            present[card.order - 1] = 1.0
        both = float(present @ weights @ present - present @ np.diag(weights)) / total
        flush.append(5.0 * both * (per_suit[s] - 2.0) / 44.0)
    for t, (i, j) in enumerate(_THROWS):
        a, b = cards[i], cards[j]
        extra = unseen_nobs
        if a.index % 4 == b.index % 4:
            extra += flush[a.index % 4]
        for card in (a, b):
            if card.order - 1 == JACK:
                extra += thrown_nobs[card.index % 4]
        cribs[t] += extra
    return hands, cribs

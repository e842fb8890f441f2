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
    The opponent is dealt six of the 46 unseen cards at random and throws two
    of them as a sound player of their seat does (the packaged rule of
    :mod:`trainer.analysis.sound`, which looks only at ranks: among the cards
    of a rank, which ones are thrown is left to chance); the starter is then any
    of the 40 cards left. Under this rule the value is exact too.

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
from typing import Literal

import numpy as np

from trainer.analysis.play_values import play_edge
from trainer.analysis.ranks import (
    JACK,
    KEEPS,
    RANK_COUNT,
    RATIO,
    THROWS,
    five_card_points,
    rank_pairs,
    six_card_hands,
)
from trainer.analysis.sound import FloatArray, IntArray, SeatThrows, seat_throws
from trainer.engine.cards import DECK, Card, check_distinct

__all__ = ["OPPONENT_MODELS", "Discard", "Opponent", "analyse_discards"]

Opponent = Literal["sound", "uniform"]
OPPONENT_MODELS: tuple[Opponent, ...] = ("sound", "uniform")

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
    #: What the four kept peg better than an average four, net of the opponent's, when
    #: the throw counts the play (:func:`~trainer.analysis.play_values.play_edge`); in ``net``.
    play: float = 0.0

    def __str__(self) -> str:
        throw = " ".join(card.label for card in self.throw)
        keep = " ".join(card.label for card in self.keep)
        sign = "+" if self.dealer else "-"
        play = f" + the play {self.play:.3f}" if self.play else ""
        return (
            f"throw {throw}, keep {keep}: hand {self.hand:.3f} {sign} crib {self.crib:.3f}"
            f"{play} = {self.net:.3f}"
        )


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
    six: Sequence[Card], *, dealer: bool, opponent: Opponent = "sound", play: bool = False
) -> tuple[Discard, ...]:
    """The 15 throws from ``six`` ranked best first (highest ``net``; ties by hand, then cards).

    ``dealer`` says whose crib it is; ``opponent`` picks the model of the other
    player's throw (see the module docstring); with ``play`` the throw counts the play
    too: each keep's :func:`~trainer.analysis.play_values.play_edge` is in its ``net``.
    Raises ``ValueError`` for anything but six distinct cards or an unknown model.
    """
    cards = _check_six(six)
    if not isinstance(dealer, bool):
        raise ValueError(f"dealer must be True or False, not {dealer!r}")
    if opponent not in OPPONENT_MODELS:
        raise ValueError(f"opponent must be 'sound' or 'uniform', not {opponent!r}")
    unseen = _Unseen.of(cards)
    hands = _hand_values(cards, unseen)
    if opponent == "uniform":
        cribs = _uniform_cribs(cards, unseen)
    else:
        cribs = _sound_cribs(cards, unseen, seat_throws("pone" if dealer else "dealer"))
    results = []
    for t, (throw, keep) in enumerate(zip(THROWS, KEEPS, strict=True)):
        hand, crib = float(hands[t]), float(cribs[t])
        pegs = play_edge([cards[k].order for k in keep], dealer=dealer) if play else 0.0
        results.append(
            Discard(
                throw=(cards[throw[0]], cards[throw[1]]),
                keep=(cards[keep[0]], cards[keep[1]], cards[keep[2]], cards[keep[3]]),
                hand=hand,
                crib=crib,
                net=(hand + crib if dealer else hand - crib) + pegs,
                dealer=dealer,
                play=pegs,
            )
        )
    results.sort(key=lambda d: (-d.net, -d.hand, d.throw[0].index, d.throw[1].index))
    return tuple(results)


@dataclass(frozen=True)
class _Unseen:
    """The 46 cards the player cannot see, by rank and by suit."""

    cards: tuple[Card, ...]
    counts: FloatArray  # (13,) unseen cards of each rank
    present: FloatArray  # (13, 4) 1 where the card of that rank and suit is unseen
    per_suit: FloatArray  # (4,) unseen cards of each suit
    ranks: IntArray  # (6,) rank indices of the six held

    @classmethod
    def of(cls, six: tuple[Card, ...]) -> _Unseen:
        held = {card.index for card in six}
        unseen = tuple(card for card in DECK if card.index not in held)
        present = np.zeros((RANK_COUNT, 4))
        for card in unseen:
            present[card.order - 1, card.index % 4] = 1.0
        ranks = np.asarray([card.order - 1 for card in six], dtype=np.int64)
        return cls(unseen, present.sum(axis=1), present, present.sum(axis=0), ranks)


def _hand_values(cards: tuple[Card, ...], unseen: _Unseen) -> FloatArray:
    """Mean points of the four kept, over the 46 starters, for each throw in THROWS order."""
    table = five_card_points()
    keeps = unseen.ranks[np.asarray(KEEPS)]
    hand_points = table[keeps[:, 0], keeps[:, 1], keeps[:, 2], keeps[:, 3]]  # (15, 13)
    hands: FloatArray = (hand_points * unseen.counts[None, :]).sum(axis=1) / 46.0
    per_suit = unseen.per_suit
    for t, keep in enumerate(KEEPS):
        kept = [cards[i] for i in keep]
        suit = kept[0].index % 4
        if all(card.index % 4 == suit for card in kept):
            hands[t] += 4.0 + per_suit[suit] / 46.0
        for card in kept:
            if card.order - 1 == JACK:
                hands[t] += per_suit[card.index % 4] / 46.0
    return hands


def _add_suits(
    cards: tuple[Card, ...],
    cribs: FloatArray,
    *,
    thrown_nobs: FloatArray,
    unseen_nobs: float,
    flush: FloatArray,
) -> FloatArray:
    """Add nobs and the five-card flush to each throw's rank-only crib."""
    for t, (i, j) in enumerate(THROWS):
        a, b = cards[i], cards[j]
        extra = unseen_nobs
        if a.index % 4 == b.index % 4:
            extra += 5.0 * flush[a.index % 4]
        for card in (a, b):
            if card.order - 1 == JACK:
                extra += thrown_nobs[card.index % 4]
        cribs[t] += extra
    return cribs


def _uniform_cribs(cards: tuple[Card, ...], unseen: _Unseen) -> FloatArray:
    """Mean crib for each throw when the opponent throws any two unseen cards."""
    table = five_card_points()
    counts, per_suit = unseen.counts, unseen.per_suit
    # The opponent's two cards as an ordered pair, by rank; then the starter (44 left).
    ordered = (np.outer(counts, counts) - np.diag(counts)) / (46.0 * 45.0)
    starters = counts[None, None, :] - _EYE[:, None, :] - _EYE[None, :, :]
    deal = ordered[:, :, None] * starters / 44.0
    throws = unseen.ranks[np.asarray(THROWS)]
    crib_points = table[throws[:, 0], throws[:, 1]].reshape(len(THROWS), -1)
    cribs: FloatArray = (crib_points * deal.reshape(1, -1)).sum(axis=1)
    # Each unseen card is among the opponent's two with chance 2/46; the starter is any
    # of the 44 others. A jack the opponent throws has a partner of its suit with
    # chance (u - 1) / 45, which leaves u - 1 - that of its suit among the 44.
    thrown_nobs = (per_suit - per_suit * 2.0 / 46.0) / 44.0
    jacks_unseen = unseen.present[JACK]
    unseen_nobs = float((jacks_unseen * 2.0 * (per_suit - 1.0) / (46.0 * 45.0)).sum())
    both = per_suit * (per_suit - 1.0) / (46.0 * 45.0)
    flush = both * (per_suit - 2.0) / 44.0
    return _add_suits(cards, cribs, thrown_nobs=thrown_nobs, unseen_nobs=unseen_nobs, flush=flush)


@cache
def _crib_points_by_pair() -> FloatArray:
    """(13, 13, 91 * 13): rank-only crib points by thrown ranks, opponent's pair and starter."""
    low = np.asarray([a for a, _ in rank_pairs()])
    high = np.asarray([b for _, b in rank_pairs()])
    gathered = five_card_points()[:, :, low, high, :].reshape(RANK_COUNT, RANK_COUNT, -1)
    table: FloatArray = np.ascontiguousarray(gathered, dtype=np.float64)
    table.setflags(write=False)
    return table


@dataclass(frozen=True, eq=False)
class _SeatIndex:
    """A seat's throws laid out for weighted counts (``np.bincount``) over the hands."""

    pair: IntArray  # (N,) rank pair thrown
    pair_rank: IntArray  # (6N,) pair thrown * 13 + rank of each card held
    columns: tuple[IntArray, ...]  # (N,) cards held of each rank
    float_columns: tuple[FloatArray, ...]  # the same as floats
    low: IntArray  # (N,) lower thrown rank
    high: IntArray  # (N,) higher thrown rank
    low_counts: FloatArray  # (N,) cards held of the lower thrown rank
    high_counts: FloatArray  # (N,) cards held of the higher thrown rank
    differ: FloatArray  # (N,) 1 where the two thrown ranks differ
    jack_hands: IntArray  # hands from which a jack is thrown
    jacks_thrown: FloatArray  # jacks thrown from each of those hands


@cache
def _seat_index(seat: SeatThrows) -> _SeatIndex:
    hands = six_card_hands()
    index = np.arange(len(seat.pair))
    jack_hands = np.flatnonzero(seat.thrown[:, JACK])
    return _SeatIndex(
        pair=seat.pair,
        pair_rank=(seat.pair[:, None] * RANK_COUNT + hands.ranks).ravel(),
        columns=tuple(np.ascontiguousarray(hands.counts[:, r]) for r in range(RANK_COUNT)),
        float_columns=tuple(hands.counts[:, r].astype(np.float64) for r in range(RANK_COUNT)),
        low=seat.low,
        high=seat.high,
        low_counts=hands.counts[index, seat.low].astype(np.float64),
        high_counts=hands.counts[index, seat.high].astype(np.float64),
        differ=(seat.low != seat.high).astype(np.float64),
        jack_hands=jack_hands,
        jacks_thrown=seat.thrown[jack_hands, JACK].astype(np.float64),
    )


def _sound_cribs(cards: tuple[Card, ...], unseen: _Unseen, seat: SeatThrows) -> FloatArray:
    """Mean crib for each throw when the opponent is dealt six unseen cards and throws soundly."""
    hands = six_card_hands()
    fast = _seat_index(seat)
    counts = unseen.counts
    # Chance of each rank-only hand for the opponent: the ways to pick it from the unseen
    # cards, which differ from a full pack only in the ranks the player holds.
    chance = hands.suit_choices.copy()
    held_ranks = sorted({int(r) for r in unseen.ranks})
    for r in held_ranks:
        chance *= RATIO[int(counts[r])][fast.columns[r]]
    chance /= chance.sum()
    # Rank part: the opponent's rank pair, then the starter from the 40 cards left.
    group_chance = np.bincount(fast.pair, weights=chance, minlength=len(rank_pairs()))
    group_held = np.bincount(
        fast.pair_rank, weights=np.repeat(chance, 6), minlength=len(rank_pairs()) * RANK_COUNT
    ).reshape(-1, RANK_COUNT)
    deal = (group_chance[:, None] * counts[None, :] - group_held) / 40.0
    throws = unseen.ranks[np.asarray(THROWS)]
    crib_points = _crib_points_by_pair()[throws[:, 0], throws[:, 1]]  # (15, 91 * 13)
    # Products summed directly: a BLAS call this small costs more in thread start-up.
    cribs: FloatArray = (crib_points * deal.reshape(1, -1)).sum(axis=1)

    # Suits. Within a rank the opponent's cards are any of the unseen ones alike, so a hand
    # with k cards of a rank holds k * present / n of them in a suit (n unseen, present 0 or 1).
    present, per_suit = unseen.present, unseen.per_suit
    share = np.divide(1.0, counts, out=np.zeros(RANK_COUNT), where=counts > 0)
    in_suit = present * share[:, None]  # (13, 4)

    # held[s, h]: cards of suit s expected in hand h; a rank all unseen gives a quarter.
    held = np.full((4, len(chance)), 1.5)
    for r in held_ranks:
        for s in range(4):
            held[s] += (in_suit[r, s] - 0.25) * fast.float_columns[r]
    thrown_nobs = (per_suit - (held * chance).sum(axis=1)) / 40.0
    # An unseen jack thrown by the opponent, with a starter of its suit among the 40 left.
    jack_chance = chance[fast.jack_hands] * fast.jacks_thrown * share[JACK]
    jack_held = (held[:, fast.jack_hands] * jack_chance).sum(axis=1)
    jacks_with = float((jack_chance * fast.float_columns[JACK][fast.jack_hands]).sum())
    unseen_nobs = 0.0
    for s in range(4):
        if present[JACK, s]:
            total = (per_suit[s] - 1.0) * float(jack_chance.sum()) - jack_held[s]
            unseen_nobs += (total + jacks_with * share[JACK]) / 40.0
    # Both of the opponent's thrown cards in one suit (different ranks), and the starter too.
    flush = np.zeros(4)
    for s in range(4):
        low_share, high_share = in_suit[fast.low, s], in_suit[fast.high, s]
        weight = chance * fast.differ * low_share * high_share
        rest = fast.low_counts * low_share + fast.high_counts * high_share
        in_hand = float((held[s] * weight).sum())
        flush[s] = ((per_suit[s] - 2.0) * weight.sum() - in_hand + (weight * rest).sum()) / 40.0
    return _add_suits(cards, cribs, thrown_nobs=thrown_nobs, unseen_nobs=unseen_nobs, flush=flush)

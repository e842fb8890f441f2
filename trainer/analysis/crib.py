"""The crib for its owner, by the rank pair thrown, under the sound throwing model.

The sound model (see :mod:`trainer.analysis.build_tables` for how its table is
built) gives, for each seat, the probability that a good player throws each of
the 91 rank pairs. :func:`crib_table` reads that table and answers, for each
rank pair thrown by one player, the mean points of the crib for its owner (the
dealer) when

* the other player's two crib cards follow the sound weights of *their* seat,
  restricted to the 50 cards left after the two thrown: each two-card
  combination of those cards weighs ``w(x, y) / f(x, y)``, where ``w`` is the
  seat's probability of throwing ranks ``{x, y}`` and ``f`` the number of card
  pairs with those ranks in a full pack (6 for a pair, 16 otherwise);
* the starter is any of the 48 cards left, equally likely;
* suits are averaged: a jack in the crib scores nobs one time in four when the
  starter is not a jack, and five different ranks make a crib flush one time in
  256 (five cards of one suit, the crib rule); his heels is not part of the crib.

``crib_table(dealer=True)`` is the dealer throwing into their own crib (the pone
throws by the pone's weights); ``crib_table(dealer=False)`` is the pone throwing
into the dealer's crib (the dealer throws by the dealer's weights), still valued
for the crib's owner, the dealer.

>>> from trainer.engine import Rank
>>> own = crib_table(dealer=True)
>>> len(own), round(own[Rank.FIVE, Rank.FIVE], 1) > round(own[Rank.TEN, Rank.KING], 1)
(91, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from trainer.analysis.ranks import JACK, RANK_COUNT, five_card_points, rank_pairs
from trainer.engine.cards import RANKS, Rank

__all__ = [
    "RankPair",
    "crib_table",
    "crib_values",
    "pair_label",
    "pair_weight_matrix",
    "throw_weights",
]

#: A rank pair thrown to the crib, low rank first (ace low, king high).
RankPair = tuple[Rank, Rank]

FloatArray = npt.NDArray[np.float64]

_EYE = np.eye(RANK_COUNT)


def pair_label(a: int, b: int) -> str:
    """The notation of a rank pair given as indices, low first: ``5-J``, ``T-K``."""
    low, high = sorted((a, b))
    return f"{RANKS[low].value}-{RANKS[high].value}"


def full_pack_pairs() -> FloatArray:
    """Card pairs with ranks ``{x, y}`` in a full pack: 6 for a pair, 16 otherwise."""
    return np.where(_EYE == 1, 6.0, 16.0)


def pair_weight_matrix(weights: Mapping[str, float]) -> FloatArray:
    """The 13 x 13 weight of one two-card combination by its ranks: ``w(x, y) / f(x, y)``."""
    matrix = np.zeros((RANK_COUNT, RANK_COUNT))
    for a, b in rank_pairs():
        matrix[a, b] = matrix[b, a] = weights[pair_label(a, b)]
    return matrix / full_pack_pairs()


def crib_values(opponent: FloatArray) -> FloatArray:
    """Mean crib for its owner for each of the 91 thrown rank pairs (order of ``rank_pairs``).

    ``opponent`` is the 13 x 13 weight of the other player's two-card combination by
    ranks (:func:`pair_weight_matrix`; all ones for two cards taken at random).
    """
    table = five_card_points()
    z_index = np.arange(RANK_COUNT)
    # Jacks among the crib's four cards (a, b, x, y), and whether five ranks all differ.
    is_jack = (np.arange(RANK_COUNT) == JACK).astype(np.float64)
    values = np.empty(len(rank_pairs()))
    for index, (a, b) in enumerate(rank_pairs()):
        left = 4.0 - _EYE[a] - _EYE[b]  # cards of each rank among the 50 left
        ordered = opponent * np.outer(left, left) - np.diag(np.diag(opponent) * left)
        ordered /= ordered.sum()
        # Starter: 48 cards left after the opponent's two.
        starters = left[None, None, :] - _EYE[:, None, :] - _EYE[None, :, :]
        weight = ordered[:, :, None] * starters / 48.0
        points = table[a, b].astype(np.float64)
        jacks = is_jack[a] + is_jack[b] + is_jack[:, None] + is_jack[None, :]
        points = points + (jacks[:, :, None] * (z_index != JACK)[None, None, :]) / 4.0
        distinct = (
            (a != b)
            & (z_index[:, None, None] != z_index[None, :, None])
            & (z_index[:, None, None] != z_index[None, None, :])
            & (z_index[None, :, None] != z_index[None, None, :])
        )
        for rank in (a, b):
            distinct &= (z_index[:, None, None] != rank) & (z_index[None, :, None] != rank)
            distinct &= z_index[None, None, :] != rank
        points = points + distinct * (5.0 / 256.0)
        values[index] = float((weight * points).sum())
    return values


@cache
def throw_weights() -> Mapping[str, Mapping[str, float]]:
    """The packaged sound-model table: seat (``dealer``/``pone``) → rank pair label → probability."""
    text = resources.files("trainer.analysis").joinpath("data/throw_weights.json").read_text()
    data = json.loads(text)
    return MappingProxyType(
        {seat: MappingProxyType(dict(data[seat])) for seat in ("dealer", "pone")}
    )


@cache
def crib_table(*, dealer: bool) -> Mapping[RankPair, float]:
    """Mean crib for its owner for each of the 91 rank pairs thrown, keyed ``(low, high)``.

    ``dealer=True``: the dealer throws the pair into their own crib; ``dealer=False``:
    the pone throws it into the dealer's crib. See the module docstring for the model.
    """
    if not isinstance(dealer, bool):
        raise TypeError(f"dealer must be True or False, not {dealer!r}")
    other = "pone" if dealer else "dealer"
    values = crib_values(pair_weight_matrix(throw_weights()[other]))
    return MappingProxyType(
        {
            (RANKS[a], RANKS[b]): float(value)
            for (a, b), value in zip(rank_pairs(), values, strict=True)
        }
    )

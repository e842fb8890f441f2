"""Build the sound throwing model: ``python -m trainer.analysis.build_tables``.

Writes ``trainer/analysis/data/throw_weights.json``; run with ``--check`` to compare
a fresh build with the committed file instead (exit status 1 if they differ).

The model, in the manner of Craig Hessel's discard tables: every rank-only six-card
hand (18,395 of them, each weighted by the number of suit choices that make it,
so the weights add up to C(52, 6)) is thrown the way a good player throws it from
each seat. A good player keeps the four cards with the best

* dealer: mean hand + mean crib (own crib value of the rank pair thrown),
* pone: mean hand - mean crib (value to the dealer of the rank pair thrown),

where the mean hand is over the 46 starters the player cannot see, rank-only points
(fifteens, pairs, runs) with nobs valued as one chance in four for each kept jack
when the starter is not a jack (hand flushes, a matter of suits, are left out), and
the crib values are :func:`trainer.analysis.crib.crib_values` under the other
seat's current weights. Ties go to the first throw in rank order. The start is two
cards at random from each seat; the seats' throw frequencies and crib values are
then recomputed from each other until no hand's choice changes (or
:data:`MAX_ROUNDS` rounds). The result is, for each seat, the probability of each
of the 91 rank pairs being thrown.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from trainer.analysis.crib import FloatArray, crib_values, full_pack_pairs, pair_label
from trainer.analysis.ranks import JACK, RANK_COUNT, five_card_points, pair_index, rank_pairs

__all__ = ["DATA_FILE", "MAX_ROUNDS", "build", "main", "six_card_hands"]

DATA_FILE = Path(__file__).with_name("data") / "throw_weights.json"
MAX_ROUNDS = 60

IntArray = npt.NDArray[np.int64]


def six_card_hands() -> tuple[IntArray, FloatArray]:
    """The 18,395 rank-only six-card hands (sorted rank indices) and their suit counts."""
    hands = [
        hand
        for hand in combinations_with_replacement(range(RANK_COUNT), 6)
        if max(hand.count(r) for r in set(hand)) <= 4
    ]
    weights = [float(prod(comb(4, hand.count(r)) for r in set(hand))) for hand in hands]
    return np.asarray(hands, dtype=np.int64), np.asarray(weights)


_THROWS = tuple(combinations(range(6), 2))
_KEEPS = tuple(tuple(i for i in range(6) if i not in throw) for throw in _THROWS)


def _hand_means(hands: IntArray) -> tuple[FloatArray, IntArray]:
    """Mean rank-only hand points (plus nobs at one in four) per hand and throw, and pair ids."""
    table = five_card_points()
    counts = np.zeros((len(hands), RANK_COUNT))
    for column in range(6):
        np.add.at(counts, (np.arange(len(hands)), hands[:, column]), 1.0)
    unseen = 4.0 - counts  # starters of each rank, 46 in all
    keeps = hands[:, np.asarray(_KEEPS)]  # (N, 15, 4)
    points = table[keeps[..., 0], keeps[..., 1], keeps[..., 2], keeps[..., 3]]  # (N, 15, 13)
    means = (points * unseen[:, None, :]).sum(axis=2) / 46.0
    jacks_kept = (keeps == JACK).sum(axis=2)
    non_jack_starters = 46.0 - unseen[:, JACK]
    means += jacks_kept * non_jack_starters[:, None] / (4.0 * 46.0)
    throws = hands[:, np.asarray(_THROWS)]  # (N, 15, 2)
    low = np.minimum(throws[..., 0], throws[..., 1])
    high = np.maximum(throws[..., 0], throws[..., 1])
    pair_ids = np.vectorize(pair_index)(low, high)
    return means, pair_ids


def _frequencies(choice: IntArray, pair_ids: IntArray, weights: FloatArray) -> FloatArray:
    chosen = pair_ids[np.arange(len(choice)), choice]
    freq = np.bincount(chosen, weights=weights, minlength=len(rank_pairs())).astype(np.float64)
    result: FloatArray = freq / weights.sum()
    return result


def _matrix(freq: FloatArray) -> FloatArray:
    matrix = np.zeros((RANK_COUNT, RANK_COUNT))
    for index, (a, b) in enumerate(rank_pairs()):
        matrix[a, b] = matrix[b, a] = freq[index]
    return matrix / full_pack_pairs()


def build() -> dict[str, Any]:
    """Iterate the two seats' throws to a fixed point; the JSON-ready table."""
    hands, weights = six_card_hands()
    means, pair_ids = _hand_means(hands)
    at_random = np.ones((RANK_COUNT, RANK_COUNT))
    own, given = crib_values(at_random), crib_values(at_random)
    previous: tuple[IntArray, IntArray] | None = None
    rounds = 0
    for rounds in range(1, MAX_ROUNDS + 1):  # noqa: B007 - the count is reported
        dealer_choice = np.argmax(means + own[pair_ids], axis=1)
        pone_choice = np.argmax(means - given[pair_ids], axis=1)
        dealer_freq = _frequencies(dealer_choice, pair_ids, weights)
        pone_freq = _frequencies(pone_choice, pair_ids, weights)
        if (
            previous is not None
            and np.array_equal(previous[0], dealer_choice)
            and np.array_equal(previous[1], pone_choice)
        ):
            break
        previous = (dealer_choice, pone_choice)
        own = crib_values(_matrix(pone_freq))  # dealer's own crib: the pone throws by its weights
        given = crib_values(_matrix(dealer_freq))  # pone's throw: the dealer throws by its weights
    labels = [pair_label(a, b) for a, b in rank_pairs()]
    return {
        "model": "sound throws: see trainer/analysis/build_tables.py",
        "hands": len(hands),
        "rounds": rounds,
        "converged": rounds < MAX_ROUNDS,
        "dealer": dict(zip(labels, map(float, dealer_freq), strict=True)),
        "pone": dict(zip(labels, map(float, pone_freq), strict=True)),
    }


def render(table: dict[str, Any]) -> str:
    return json.dumps(table, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.analysis.build_tables")
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    args = parser.parse_args(argv)
    text = render(build())
    if args.check:
        same = DATA_FILE.exists() and DATA_FILE.read_text() == text
        print(f"{DATA_FILE.name}: {'up to date' if same else 'DIFFERS from a fresh build'}")
        return 0 if same else 1
    DATA_FILE.write_text(text)
    print(f"wrote {DATA_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the sound throwing model: ``python -m trainer.build_tables [--check]``.

Writes ``trainer/analysis/data/throw_weights.json``: for each seat, the throw a
sound player makes from each of the 18,395 rank-only six-card hands (one letter a
hand, in :func:`trainer.analysis.ranks.six_card_hands` order; the letter picks one
of :data:`trainer.analysis.ranks.THROWS`), with the resulting probability of each
rank pair being thrown, for reading. The model is described in
:mod:`trainer.analysis.sound`. ``--check`` compares a fresh build with the
committed file instead of writing it (exit status 1 if they differ).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from trainer.analysis.ranks import pair_label, rank_pairs, six_card_hands
from trainer.analysis.sound import (
    LETTERS,
    SeatThrows,
    crib_values,
    decision_hand_means,
    random_crib_values,
    throws_from_choices,
)

__all__ = ["DATA_FILE", "MAX_ROUNDS", "build", "main", "render"]

DATA_FILE = Path(__file__).parent / "analysis" / "data" / "throw_weights.json"
MAX_ROUNDS = 40


def iterate() -> tuple[SeatThrows, SeatThrows, int, bool]:
    """The dealer's and pone's throws at the fixed point, the rounds taken, and convergence."""
    means = decision_hand_means()
    pairs = six_card_hands().throw_pairs
    own = given = random_crib_values()
    dealer = pone = None
    for rounds in range(1, MAX_ROUNDS + 1):
        new_dealer = throws_from_choices(np.argmax(means + own[pairs], axis=1))
        new_pone = throws_from_choices(np.argmax(means - given[pairs], axis=1))
        if (
            dealer is not None
            and pone is not None
            and np.array_equal(dealer.choice, new_dealer.choice)
            and np.array_equal(pone.choice, new_pone.choice)
        ):
            return dealer, pone, rounds, True
        dealer, pone = new_dealer, new_pone
        own = crib_values(pone)  # the dealer's own crib: the pone throws by its rule
        given = crib_values(dealer)  # the pone's throw: the dealer throws by its rule
    assert dealer is not None and pone is not None
    return dealer, pone, MAX_ROUNDS, False


def build() -> dict[str, Any]:
    """The JSON-ready table."""
    dealer, pone, rounds, converged = iterate()
    labels = [pair_label(a, b) for a, b in rank_pairs()]
    return {
        "model": "sound throws by seat; see trainer/analysis/sound.py",
        "hands": len(dealer.choice),
        "rounds": rounds,
        "converged": converged,
        "throws": {
            seat: "".join(LETTERS[int(c)] for c in throws.choice)
            for seat, throws in (("dealer", dealer), ("pone", pone))
        },
        "frequencies": {
            seat: {
                label: round(float(p), 6)
                for label, p in zip(labels, throws.frequencies(), strict=True)
            }
            for seat, throws in (("dealer", dealer), ("pone", pone))
        },
    }


def render(table: dict[str, Any]) -> str:
    return json.dumps(table, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.build_tables")
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    args = parser.parse_args(argv)
    table = build()
    text = render(table)
    if args.check:
        same = DATA_FILE.exists() and DATA_FILE.read_text() == text
        print(f"{DATA_FILE.name}: {'up to date' if same else 'DIFFERS from a fresh build'}")
        return 0 if same else 1
    DATA_FILE.write_text(text)
    print(f"wrote {DATA_FILE} ({table['rounds']} rounds, converged: {table['converged']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

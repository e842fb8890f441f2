"""Fast hand values for the discard, against the engine's own count."""

from __future__ import annotations

import random

import pytest

from trainer.analysis.hands import (
    four_card_points,
    keeps,
    show_points,
    starter_average,
    starter_points,
)
from trainer.engine import DECK, parse_cards, score_show


def test_show_points_match_the_engine() -> None:
    rng = random.Random(12)
    for _ in range(150):
        cards = rng.sample(DECK, 6)
        keep = cards[:4]
        starters = [s for s in DECK if s not in cards]
        assert starter_points(keep, starters) == [score_show(keep, s).total for s in starters]
        for starter in starters[:8]:
            assert show_points(keep, starter) == score_show(keep, starter).total
            assert (
                show_points(keep, starter, crib=True) == score_show(keep, starter, crib=True).total
            )


def test_the_published_hand_check() -> None:
    # Holding A-2-7-9-J-Q: keeping A-2-J-Q averages 2.848 over the starters, A-2-7-9 2.391.
    six = parse_cards("AS 2D 7C 9S JC QH")
    assert starter_average(parse_cards("AS 2D JC QH"), parse_cards("7C 9S")) == pytest.approx(
        2.848, abs=5e-4
    )
    assert starter_average(parse_cards("AS 2D 7C 9S"), parse_cards("JC QH")) == pytest.approx(
        2.391, abs=5e-4
    )
    assert len(keeps(six)) == 15


def test_four_cards_on_their_own() -> None:
    assert four_card_points(parse_cards("5H 5D JS QC")) == 10
    assert four_card_points(parse_cards("3C 4C 5C 6C")) == 4 + 4 + 2  # run, flush, 4+5+6
    assert four_card_points(parse_cards("3C 3D 4S 5H")) == 2 + 6 + 2  # pair, two runs, 3+3+4+5
    assert four_card_points(parse_cards("AS 2D 7C 9S")) == 0

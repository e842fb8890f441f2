"""Decisions by the chance of winning: the crib's chances, every throw's chance to win,
and the table the play's search reads at the end of the play."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.analysis import analyse_discards
from trainer.analysis.endgame import crib_chances, leaf_table, throw_advice, throw_chances
from trainer.analysis.hands import keeps, starter_points
from trainer.analysis.winprob import MAX_NEED, win_model
from trainer.engine import DECK, Phase, parse_cards

MODEL = win_model()
PROPERTY = settings(deadline=None, derandomize=True, max_examples=60)


def test_the_crib_chances_add_up_and_average_near_the_exact_crib() -> None:
    rng = random.Random(3)
    for _ in range(20):
        six = rng.sample(DECK, 6)
        dealer = rng.random() < 0.5
        exact = {frozenset(d.throw): d.crib for d in analyse_discards(six, dealer=dealer)}
        throws = [t for t, _ in keeps(six)]
        chances = crib_chances(
            [(a.order - 1, b.order - 1) for a, b in throws], [c.order - 1 for c in six],
            dealer=dealer,
        )  # fmt: skip
        assert np.allclose(chances.sum(axis=2), 1.0)
        starters = [s for s in DECK if s not in six]
        z = np.asarray([s.order - 1 for s in starters])
        points = np.arange(chances.shape[2])
        for i, throw in enumerate(throws):
            mean = float((chances[i][z] * points).sum(axis=1).mean())
            # Rank pairs drawn by the sound frequencies, without the hand's exact suits:
            # within half a point of the exact sound crib.
            assert abs(mean - exact[frozenset(throw)]) < 0.5


def test_every_throw_is_there_best_first() -> None:
    six = parse_cards("5H 5D JS 2C 9H KD")
    chances = throw_chances(six, dealer=True, scores=(30, 40), target=121)
    assert len(chances) == 15
    assert len({frozenset(c.throw) for c in chances}) == 15
    wins = [c.win for c in chances]
    assert wins == sorted(wins, reverse=True)
    assert all(0.0 <= c.win <= 1.0 and 0.0 <= c.home <= 1.0 for c in chances)
    for c in chances:
        assert set(c.throw) | set(c.keep) == set(six)
    assert "wins" in str(chances[0])


def test_far_from_the_end_the_chance_follows_the_average() -> None:
    """Where no deal decides the game, the throw worth most points a deal is, or is
    within a hair of, the throw likeliest to win."""
    rng = random.Random(8)
    for _ in range(15):
        six = rng.sample(DECK, 6)
        dealer = rng.random() < 0.5
        best = analyse_discards(six, dealer=dealer)[0]
        chances = throw_chances(six, dealer=dealer, scores=(20, 30), target=121)
        mine = next(c for c in chances if set(c.throw) == set(best.throw))
        assert mine.win > chances[0].win - 0.01


def test_the_pone_needing_a_few_keeps_the_hand_that_gets_there() -> None:
    # The pone needs 6 and counts first; the dealer, needing 12, likely gets there in the show.
    six = parse_cards("AS 2D 3C 7S 8C KH")
    chances = throw_chances(six, dealer=False, scores=(115, 109), target=121)
    best = chances[0]
    starters = [s for s in DECK if s not in six]
    home = {
        frozenset(throw): sum(p >= 6 for p in starter_points(keep, starters)) / 46
        for throw, keep in keeps(six)
    }
    assert best.home == pytest.approx(home[frozenset(best.throw)])
    assert best.home == pytest.approx(max(home.values()))
    # The win includes the points of the play: more than the hand alone.
    assert best.win >= best.home


def test_the_dealer_who_cannot_be_caught_is_home() -> None:
    six = parse_cards("5H 5D JS 2C 9H KD")
    chances = throw_chances(six, dealer=True, scores=(119, 0), target=121)
    assert chances[0].win > 0.99


def test_bad_questions_are_refused() -> None:
    with pytest.raises(ValueError, match="six different cards"):
        throw_chances(parse_cards("5H 5D JS 2C 9H"), dealer=True, scores=(0, 0), target=121)
    with pytest.raises(ValueError, match="in progress"):
        throw_chances(parse_cards("5H 5D JS 2C 9H KD"), dealer=True, scores=(121, 0), target=121)


CRIB = np.full(31, 1 / 31)


@given(
    st.integers(min_value=1, max_value=MAX_NEED),
    st.integers(min_value=1, max_value=MAX_NEED),
    st.booleans(),
)
@PROPERTY
def test_the_leaf_is_the_show_then_the_next_deal(u: int, v: int, dealer: bool) -> None:
    leaf = leaf_table(CRIB, dealer=dealer)
    expected = 0.0
    for points, chance in enumerate(CRIB):
        if dealer:  # our crib: home, or the opponent deals next
            expected += chance * (1.0 if points >= u else 1.0 - MODEL.dealer_wins(v, u - points))
        else:  # their crib: they are home, or we deal next
            expected += chance * (0.0 if points >= v else MODEL.dealer_wins(u, v - points))
    assert leaf[u, v] == pytest.approx(expected)


def test_the_coach_is_told_what_wins_at_the_throw() -> None:
    from trainer.engine import Game, Settings

    game = Game(Settings(target=61), 3)
    while game.phase is Phase.CUT:
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    assert game.dealer is not None
    pone = 1 - game.dealer
    advice = throw_advice(game.view(pone))
    assert advice.counts_first and advice.need == 61 and advice.their_need == 61
    assert advice.best == advice.throws[0] and len(advice.throws) == 15
    assert advice.surest.home == max(t.home for t in advice.throws)
    assert not throw_advice(game.view(game.dealer)).counts_first
    game.discard(pone, game.view(pone).hand[:2])
    with pytest.raises(ValueError, match="six cards"):
        throw_advice(game.view(pone))

"""The win-probability table: its programme against exact enumeration, its properties,
the shipped data, and the table against games of Hard played from positions."""

from __future__ import annotations

import math
import random
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.analysis import computer_player
from trainer.analysis.build_tables import WIN_LEVEL
from trainer.analysis.selfplay import play_deal_recorded, play_recorded
from trainer.analysis.winprob import (
    DEALER,
    FAR,
    MAX_NEED,
    PONE,
    DealRecord,
    WinModel,
    count_deals,
    deal_class,
    deal_classes,
    dealer_table,
    from_json,
    to_json,
    win_model,
)

MODEL = win_model()
PROPERTY = settings(deadline=None, derandomize=True, max_examples=200)
needs = st.integers(min_value=1, max_value=MAX_NEED)


# --- the programme against exact enumeration ---------------------------------------------

#: Two deals measured: in the first the pone pegs the last card and the hands count 4,
#: 6 and a crib of 2 with a four turned; in the second the starter is a jack, the
#: dealer pegs 2 then the pone 3, then the hands 0, 9 and 5. The model takes the play
#: apart from the starter and the hands given the starter, so a deal is one of four.
DEALS = (
    DealRecord((0, 0), 3, ((7, PONE, 1),), 4, 6, 2),
    DealRecord((0, 0), 10, ((1, DEALER, 2), (7, PONE, 3)), 0, 9, 5),
)


@cache
def _exact(dealer_needs: int, pone_needs: int) -> float:
    """The dealer's chance with the deals above, by following every line."""
    total = 0.0
    for shown in DEALS:
        for played in DEALS:
            deal = DealRecord(
                (0, 0),
                shown.starter,
                played.play,
                shown.pone_hand,
                shown.dealer_hand,
                shown.crib,
            )
            need = {DEALER: dealer_needs, PONE: pone_needs}
            winner = None
            for who, points in deal.awards():
                need[who] -= points
                if need[who] <= 0:
                    winner = who
                    break
            if winner is not None:
                total += 0.25 * (winner == DEALER)
            else:  # the pone deals next
                total += 0.25 * (1.0 - _exact(need[PONE], need[DEALER]))
    return total


def _exact_table() -> np.ndarray:
    counts = count_deals(list(DEALS), every_card=False)
    return dealer_table(dict.fromkeys(deal_classes(), counts))


EXACT = _exact_table()


@given(needs, needs)
@PROPERTY
def test_the_programme_follows_every_line_of_a_known_game(x: int, y: int) -> None:
    assert EXACT[x, y] == pytest.approx(_exact(x, y), abs=1e-12)


def test_the_pone_who_counts_out_first_wins() -> None:
    # The dealer needs 6, the pone 5. With a four turned both get home in the show (the
    # pone with its 1 or 3 pegged and 4 in hand, the dealer with 6 and a crib of 2, or 2
    # pegged and more), but the pone counts first: it wins. With a jack turned his heels
    # and the dealer's hand take him home, the pone's hand being nothing.
    assert EXACT[6, 5] == pytest.approx(0.5)
    # Needing 2, the dealer is home on his heels, or on his 2 in the play.
    assert EXACT[2, 5] == pytest.approx(0.5 + 0.25)


def test_a_class_needs_its_deals() -> None:
    counts = count_deals(list(DEALS), every_card=False)
    with pytest.raises(ValueError, match="no deals measured"):
        dealer_table({FAR: counts})
    with pytest.raises(ValueError, match="no deals"):
        count_deals([])


def test_deal_classes() -> None:
    assert deal_class(50, 50) == FAR
    assert deal_class(50, 20) == (20, False)
    assert deal_class(10, 21) == (0, True)
    assert len(set(deal_classes())) == len(deal_classes()) == 42
    assert deal_classes()[0] == FAR


# --- properties of the shipped table -----------------------------------------------------


@given(needs, needs)
@PROPERTY
def test_chances_are_chances_and_the_two_sides_add_up(x: int, y: int) -> None:
    w = MODEL.dealer_wins(x, y)
    assert 0.0 <= w <= 1.0
    target = 121
    mine, theirs = target - x, target - y
    assert MODEL.chance(mine, theirs, dealer=True) + MODEL.chance(
        theirs, mine, dealer=False
    ) == pytest.approx(1.0)


@given(needs, needs)
@PROPERTY
def test_needing_more_never_helps(x: int, y: int) -> None:
    """Needing a point more is never better (within the table's resolution and the
    measuring's noise, half a percentage point)."""
    w = MODEL.dealer_wins(x, y)
    if x < MAX_NEED:
        assert MODEL.dealer_wins(x + 1, y) <= w + 0.005
    if y < MAX_NEED:
        assert MODEL.dealer_wins(x, y + 1) >= w - 0.005


@given(st.integers(min_value=1, max_value=MAX_NEED - 20), needs)
@PROPERTY
def test_twenty_points_matter(x: int, y: int) -> None:
    assert MODEL.dealer_wins(x, y) >= MODEL.dealer_wins(x + 20, y) - 1e-4


def test_the_ends_of_the_table() -> None:
    heels = 4 / 52
    assert MODEL.dealer_wins(2, 1) >= heels - 0.01  # his heels comes before anything
    assert MODEL.dealer_wins(0, 5) == 1.0 and MODEL.dealer_wins(5, 0) == 0.0
    assert MODEL.dealer_wins(121, 1) < 0.01  # the pone needs one point
    assert MODEL.dealer_wins(1, 121) > 0.99
    # The pone counts first: both needing 6, the pone is the likelier to win.
    assert MODEL.dealer_wins(6, 6) < 0.5
    assert MODEL.first_dealer(121) == MODEL.dealer_wins(121, 121)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((121, 3), "game is over"),
        ((-1, 3), "whole number from 0"),
        ((3, 3.5), "whole number from 0"),
    ],
)
def test_bad_positions_are_refused(args: tuple[object, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        MODEL.chance(*args, dealer=True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="target"):
        MODEL.chance(0, 0, dealer=True, target=200)


def test_the_data_round_trips_and_is_small() -> None:
    from importlib import resources

    path = resources.files("trainer.analysis").joinpath("data/win_table.json")
    assert len(path.read_bytes()) < 100_000
    counts, table = MODEL.counts, MODEL.table
    again_counts, again_table = from_json(to_json(counts, table, {"model": "test"}))
    assert np.abs(again_table - table).max() <= 1 / 65535
    assert again_counts.deals == counts.deals
    assert np.array_equal(again_counts.pone_hand, counts.pone_hand)
    assert [p.laid for p in again_counts.play] == list(range(8))
    with pytest.raises(ValueError, match="square"):
        WinModel(counts, np.zeros((3, 3)))


# --- the first dealer ---------------------------------------------------------------------


@pytest.mark.parametrize("target", [121, 61])
def test_the_first_dealers_rate_matches_the_games_it_was_measured_on(target: int) -> None:
    games, wins = MODEL.counts.first_dealer[target]
    rate = wins / games
    error = math.sqrt(rate * (1 - rate) / games)
    assert abs(MODEL.first_dealer(target) - rate) < max(3 * error, 0.005)
    assert 0.5 < MODEL.first_dealer(target) < 0.6  # published human records: about 55.5%


# --- the table against games played from positions ----------------------------------------


def _one_deal(dealer_score: int, pone_score: int, n: int) -> tuple[float, float]:
    """One deal of Hard against Hard from the position, then the table for where it left
    the game (or 1 or 0 when the deal decided it): the mean and its standard error."""
    rng = random.Random(f"one-deal/{dealer_score}/{pone_score}")
    values = []
    for i in range(n):
        players = (
            computer_player(WIN_LEVEL, seed=f"{i}/0"),
            computer_player(WIN_LEVEL, seed=f"{i}/1"),
        )
        deal = play_deal_recorded(players, (dealer_score, pone_score), 0, rng)
        winner = deal.winner(121)
        if winner is not None:
            values.append(1.0 if winner == DEALER else 0.0)
            continue
        dealer, pone = dealer_score + deal.total(DEALER), pone_score + deal.total(PONE)
        values.append(1.0 - MODEL.dealer_wins(121 - pone, 121 - dealer))
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    return mean, spread


@pytest.mark.parametrize(("dealer", "pone", "deals"), [(0, 0, 1600), (60, 60, 2800)])
def test_one_deal_from_a_position_leads_where_the_table_says(
    dealer: int, pone: int, deals: int
) -> None:
    """The quick check, always on: far from the end, the table's value of a position is
    what one real deal from it leads to on average, the table valuing where it ends (a
    check of the table's step that needs no whole games: a few thousand deals make the
    standard error about 0.3 percentage points). The whole games are the slow check below."""
    mean, error = _one_deal(dealer, pone, deals)
    expected = MODEL.dealer_wins(121 - dealer, 121 - pone)
    print(
        f"{dealer}-{pone}: table {100 * expected:.2f}%, one deal {100 * mean:.2f}% ± {100 * error:.2f}"
    )
    assert error < 0.0035
    assert abs(mean - expected) < 0.01


#: Positions (dealer's score, pone's score) for whole games, from the start to the end.
POSITIONS = [
    (0, 0),
    (60, 60),
    (90, 100),
    (100, 90),
    (100, 110),
    (110, 100),
    (105, 105),
    (112, 112),
    (115, 110),
    (110, 115),
    (117, 117),
    (119, 110),
    (110, 119),
    (115, 119),
]


#: The whole games take about a quarter of an hour, so they run when asked for:
#: ``CRIBBAGE_LONG_CHECKS=1 python -m pytest tests/test_winprob.py`` (the README says so).
@pytest.mark.slow
@pytest.mark.long
@pytest.mark.parametrize(("dealer", "pone"), POSITIONS)
def test_whole_games_from_a_position_are_won_as_the_table_says(dealer: int, pone: int) -> None:
    """Hard against Hard to the end from each position, enough games that the standard
    error is at most 0.3 percentage points: the table within 1 point."""
    expected = MODEL.dealer_wins(121 - dealer, 121 - pone)
    n = max(2000, math.ceil(expected * (1 - expected) / 0.003**2))
    rng = random.Random(f"whole/{dealer}/{pone}")
    wins = 0
    for i in range(n):
        game = play_recorded(
            (WIN_LEVEL, WIN_LEVEL), rng, scores=(dealer, pone), dealer=0, seed=f"g{i}"
        )
        wins += game.winner == 0
    rate = wins / n
    error = math.sqrt(rate * (1 - rate) / n)
    print(
        f"{dealer}-{pone}: table {100 * expected:.2f}%, {n} games {100 * rate:.2f}%"
        f" (standard error {100 * error:.2f}), difference {100 * (rate - expected):+.2f}"
    )  # shown with pytest -rA
    assert error <= 0.0031
    assert abs(rate - expected) < 0.01, (rate, expected, n)

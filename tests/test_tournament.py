"""Tournaments: deterministic by seed, bookkeeping that adds up, the statistics, the command."""

from __future__ import annotations

import itertools
import random

import pytest

from trainer.analysis.tournament import (
    GameOver,
    IllegalDecisionError,
    Table,
    binomial_test,
    format_match,
    play_deal,
    play_game,
    play_pair,
    seating,
    sign_test,
    summarise,
    wilson,
)
from trainer.cli import main
from trainer.engine import Card, SeatView


def test_a_tiny_match_is_the_same_from_the_same_seed() -> None:
    first = [play_pair(("easy", "normal"), "t", i) for i in range(2)]
    again = [play_pair(("easy", "normal"), "t", i) for i in range(2)]
    assert first == again
    other = [play_pair(("easy", "normal"), "u", i) for i in range(2)]
    assert other != first


def test_the_paired_games_share_their_cards() -> None:
    pair = play_pair(("easy", "hard"), "share", 0)
    a, b = pair.games
    assert a.levels == ("easy", "hard") and b.levels == ("hard", "easy")
    # The same cut for deal: the same seat deals first, so the levels exchange roles.
    assert a.deals[0].dealer == b.deals[0].dealer


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "hard"), ("hard", "crazy")])
def test_the_bookkeeping_adds_up(levels: tuple[str, str]) -> None:
    for game in play_pair(levels, "books", 0).games:
        winner, loser = game.winner, 1 - game.winner
        assert game.scores[winner] >= 121 > game.scores[loser]
        for seat in (0, 1):  # the deals keep every point made; the peg stops at the game hole
            total = sum(sum(deal.points[seat]) for deal in game.deals)
            assert min(total, 121) == game.scores[seat]
        # The deal alternates; only the last deal can be cut short, by the win.
        dealers = [deal.dealer for deal in game.deals]
        assert all(x != y for x, y in itertools.pairwise(dealers))
        assert all(deal.complete for deal in game.deals[:-1])
        for deal in game.deals:
            pone = 1 - deal.dealer
            assert deal.points[pone][2] == 0  # the pone has no crib
            if deal.complete:
                hand = deal.points[pone][1]
                assert 0 <= hand <= 29 and hand != 19


def test_summarise_counts_every_game_once() -> None:
    outcomes = [play_pair(("easy", "normal"), "sum", i) for i in range(3)]
    result = summarise(("easy", "normal"), outcomes)
    assert result.games == 6
    assert sum(result.wins) == 6
    assert sum(result.both) + result.split == 3
    deals = sum(1 for o in outcomes for g in o.games for d in g.deals if d.complete)
    counted = result.deals["easy"]["dealer"] + result.deals["easy"]["pone"]
    assert counted == deals  # each complete deal has the easy player in one seat
    for level in ("easy", "normal"):
        table = result.per_deal[level]
        for role in ("dealer", "pone"):
            parts = sum(table[(role, s)] for s in ("play", "hand", "crib"))
            assert table[(role, "total")] == pytest.approx(parts)
        assert table[("pone", "crib")] == 0
    text = format_match(result)
    assert "Wilson" in text and "sign test" in text and "16.2" in text and "10.1" in text


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_exact_tests() -> None:
    assert binomial_test(0, 10) == pytest.approx(2 / 1024)
    assert binomial_test(5, 10) == 1.0
    assert binomial_test(10, 10) == binomial_test(0, 10)
    assert binomial_test(2, 10) == pytest.approx(2 * (1 + 10 + 45) / 1024)
    assert sign_test(0, 0) == 1.0
    assert sign_test(9, 1) == pytest.approx(2 * 11 / 1024)


class _Cheat:
    level = "cheat"

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        return view.hand[0], view.hand[0]

    def play(self, view: SeatView) -> Card | None:
        return view.hand[0]


def test_an_illegal_answer_is_caught() -> None:
    from trainer.analysis import computer_player

    table = Table((_Cheat(), computer_player("easy", seed=1)), 121)
    with pytest.raises(IllegalDecisionError, match="cheat threw"):
        play_deal(table, random.Random(1), 0)


def test_a_game_to_61() -> None:
    game = play_game(("normal", "hard"), seed="short", target=61)
    assert max(game.scores) >= 61 > min(game.scores)
    with pytest.raises(ValueError, match="unknown level"):
        play_game(("normal", "grandmaster"), seed="x")
    assert issubclass(GameOver, Exception)


def test_a_level_against_itself_measures_the_first_dealer() -> None:
    pair = play_pair(("hard", "hard"), "self", 0)
    a, b = pair.games
    assert a.seed != b.seed or a.deals != b.deals  # two deal orders, not one twice
    result = summarise(("hard", "hard"), [pair, play_pair(("hard", "hard"), "self", 1)])
    assert result.games == 4 and sum(result.wins) == 4
    assert 0 <= result.first_dealer_wins <= 4
    assert result.late is None
    text = format_match(result)
    assert "the first dealer won" in text and "a level against itself" in text
    assert text.count("\n  hard  ") <= 1


def test_the_last_two_deals() -> None:
    outcomes = [play_pair(("hard", "crazy-points"), "late", i) for i in range(3)]
    result = summarise(("hard", "crazy-points"), outcomes)
    late = result.late
    assert late is not None
    assert 0.0 <= late.chance <= 1.0
    assert late.gain == pytest.approx(result.rate(0) - late.chance)
    assert late.gain_interval[0] <= late.gain <= late.gain_interval[1]
    assert sum(games for games, _ in late.bands) == result.games
    assert sum(wins for _, wins in late.bands) == result.wins[0]
    for outcome in outcomes:
        for game in outcome.games:
            zero, one = game.late_chances()
            assert zero + one == pytest.approx(1.0)
    assert result.first_dealer_wins == sum(
        g.winner == g.first_dealer for o in outcomes for g in o.games
    )
    text = format_match(result)
    assert "the last two deals" in text and "behind" in text and "first dealer" in text


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--games", "2", "--seed", "cli", "--pair", "easy:hard"]) == 0
    out = capsys.readouterr().out
    for title in ("easy v normal", "normal v hard", "hard v crazy", "easy v hard"):
        assert title in out
    assert "good human play" in out
    assert "s a game" in out


def test_only_the_pairs_named(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "tournament",
        "--games",
        "2",
        "--seed",
        "only",
        "--only",
        "--pair",
        "crazy:crazy-points",
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "crazy v crazy-points" in out and "easy v normal" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "3"], "even"),
        (["--games", "2", "--pair", "easy:expert"], "not a pair"),
        (["--games", "2", "--only"], "--pair"),
        (["--games", "2", "--jobs", "0"], "jobs"),
        (["--games", "2", "--target", "100"], "121"),
        (["--games", "2", "--seats", "5"], "2, 3 or 4"),
        (["--games", "4", "--seats", "3"], "multiple of 6"),
    ],
)
def test_bad_tournament_arguments(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", *args]) == 2
    assert message in capsys.readouterr().err


# --- three and four at the table ------------------------------------------------------------


def test_the_seating_at_three_and_four() -> None:
    assert seating(("easy", "hard"), 2) == ("easy", "hard")
    assert seating(("easy", "hard"), 4) == ("easy", "hard", "easy", "hard")
    assert [seating(("easy", "hard"), 3, c) for c in range(3)] == [
        ("easy", "hard", "hard"),
        ("hard", "easy", "hard"),
        ("hard", "hard", "easy"),
    ]
    with pytest.raises(ValueError, match="two, three or four"):
        seating(("easy", "hard"), 5)


@pytest.mark.parametrize("seats", [3, 4])
def test_a_small_match_at_three_and_four(seats: int) -> None:
    levels = ("easy", "hard")
    outcomes = [play_pair(levels, "seats", i, target=61, seats=seats) for i in range(3)]
    for outcome in outcomes:
        first, second = outcome.games
        # Every chair's level exchanged, with the very same deals.
        assert all(x != y for x, y in zip(first.levels, second.levels, strict=True))
        assert first.deals[0].dealer == second.deals[0].dealer
        for game in outcome.games:
            assert game.seats == seats and len(game.scores) == (3 if seats == 3 else 2)
            assert max(game.scores) >= 61 and sorted(game.scores)[-2] < 61
            for side, score in enumerate(game.scores):
                seats_of_side = [s for s in range(seats) if s % len(game.scores) == side]
                total = sum(sum(d.points[s]) for d in game.deals for s in seats_of_side)
                assert min(total, 61) == score  # the peg stops at the game hole
    if seats == 3:  # the lone chair goes round the table over one deal order
        chairs = [o.games[0].levels.index("easy") for o in outcomes]
        assert chairs == [0, 1, 2]
        assert len({o.games[0].deals[0].dealer for o in outcomes}) == 1
    result = summarise(levels, outcomes)
    assert result.seats == seats and result.games == 6 and sum(result.wins) == 6
    assert sum(result.both) + result.split == 3
    assert result.late is None  # the win table is for two players
    text = format_match(result)
    assert "Wilson" in text and "sign test" in text and "good human play" not in text
    assert ("easy+easy v hard+hard" in text) == (seats == 4)
    assert play_pair(levels, "seats", 0, target=61, seats=seats) == outcomes[0]


def test_the_command_at_four(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--games", "2", "--seats", "4", "--target", "61", "--only"]
    assert main([*args, "--pair", "easy:normal"]) == 0
    out = capsys.readouterr().out
    assert "easy+easy v normal+normal" in out and "4 seats" in out

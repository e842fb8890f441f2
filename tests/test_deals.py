"""Points a deal by duplicate deals (trainer.analysis.tournament.deals): each deal played
twice with the same cards and every seat's level exchanged, the bookkeeping against the
engine's own count, and the command."""

from __future__ import annotations

import pytest

from trainer.analysis.tournament.deals import format_deals, play_deals, summarise_deals
from trainer.cli import main


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_level_holds_each_role_alike(seats: int) -> None:
    pairs = [play_deals(("hard", "normal"), "t", i, seats) for i in range(3 * seats)]
    for level in ("hard", "normal"):
        dealt = sum(p.seat_deals[level]["dealer"] for p in pairs)
        other = sum(p.seat_deals[level]["pone"] for p in pairs)
        # Over the pairs every level deals as often as the other, and sits in every chair.
        assert dealt == sum(
            p.seat_deals["normal" if level == "hard" else "hard"]["dealer"] for p in pairs
        )
        assert dealt + other == len(pairs) * seats


def test_the_same_seed_plays_the_same_deals() -> None:
    first = play_deals(("hard", "easy"), 5, 1)
    again = play_deals(("hard", "easy"), 5, 1)
    assert first == again


def test_the_net_is_the_points_a_seat_less_the_others() -> None:
    pair = play_deals(("hard", "easy"), "net", 2)
    hard = sum(map(sum, pair.points["hard"].values()))
    easy = sum(map(sum, pair.points["easy"].values()))
    assert pair.net == pytest.approx((hard - easy) / 2)  # two deals, one seat each a deal


def test_a_stronger_level_nets_points_a_deal() -> None:
    result = summarise_deals(
        ("hard", "easy"), [play_deals(("hard", "easy"), "strength", i) for i in range(40)]
    )
    low, high = result.interval
    assert 0 < low < result.net < high
    assert "hard nets +" in format_deals(result)


def test_a_level_is_not_compared_with_itself() -> None:
    with pytest.raises(ValueError, match="with itself"):
        play_deals(("hard", "hard"), 1, 0)
    with pytest.raises(ValueError, match="not 5"):
        play_deals(("hard", "easy"), 1, 0, seats=5)


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--deals", "3", "--only", "--pair", "easy:normal"]) == 0
    out = capsys.readouterr().out
    assert "easy v normal: 3 pairs of duplicate deals at 2 seats" in out
    assert "nets" in out and "points a seat-deal" in out

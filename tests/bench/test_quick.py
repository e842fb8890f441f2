"""The quick benchmark (``python -m trainer.bench``), run as a command on a small load: it
runs, and its cross-checks hold (no timing is asserted)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.benchmarks import run_benchmark

SMALL = [
    *("--hands", "2000", "--sample", "500", "--discard-hands", "3", "--brute-throws", "1"),
    *("--deals", "3", "--table-deals", "1", "--positions", "3", "--skip-pages"),
]


def run_quick(folder: Path, *options: str) -> dict[str, Any]:
    """The benchmark's figures, from its ``--json`` file."""
    figures, printed = run_benchmark("trainer.bench", folder, *options, timeout=600)
    assert "Peak memory" in printed
    return figures


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_quick(tmp_path_factory.mktemp("quick"), *SMALL)


def test_scoring_benchmark_agrees_with_the_peer(figures: dict[str, Any]) -> None:
    result = figures["scoring"]
    assert result["hands"] == 2_000
    assert result["ours_per_s"] > 0
    assert result["disagreements"] == 0
    assert result["ratio"] > 0


def test_seeded_hands_are_reproducible_and_distinct(tmp_path: Path) -> None:
    few = [
        *("--hands", "50", "--sample", "10", "--discard-hands", "1", "--brute-throws", "1"),
        *("--skip-players", "--skip-pages"),
    ]
    a = run_quick(tmp_path, *few, "--seed", "1")["hands"]
    assert a == run_quick(tmp_path, *few, "--seed", "1")["hands"]
    assert a["digest"] != run_quick(tmp_path, *few, "--seed", "2")["hands"]["digest"]
    assert a["five_distinct"] == 50  # every hand and its starter are five different cards


def test_distribution_benchmark_rebuilds_the_full_tables(figures: dict[str, Any]) -> None:
    result = figures["distribution"]
    assert result["both_s"] > 0
    assert result["brute_force_s"] > 0


def test_discard_benchmark_cross_checks_one_throw_against_brute_force(
    figures: dict[str, Any],
) -> None:
    result = figures["discards"]
    assert result["uniform_ms"] > 0 and result["sound_ms"] > 0
    assert result["brute_deals"] == 1035 * 44
    assert result["worst_difference"] < 1e-9
    assert result["ratio_uniform"] > 0 and result["ratio_sound"] > 0


def test_player_benchmark_times_every_level(figures: dict[str, Any]) -> None:
    players = figures["players"]
    assert set(players) == {
        "random",
        "easy",
        "normal",
        "hard",
        "crazy",
        "crazy-open",
        "crazy near the end",
        "crazy-open near the end",
    }
    for name, f in players.items():
        assert 0 < f["median_ms"] <= f["worst_ms"]
        assert 0 <= f["cpu_median_ms"] <= f["cpu_worst_ms"]
        deals = 1 if name.endswith("near the end") else 3
        assert f["decisions"] >= deals * 2 * 3  # two discards and at least four cards a deal
    for seats in ("3 seats", "4 seats"):
        assert set(figures[seats]) == {"random", "easy", "normal", "hard", "crazy", "crazy-open"}


def test_pegging_analysis_benchmark_runs_both_sides(figures: dict[str, Any]) -> None:
    result = figures["pegging"]
    assert result["positions"] == 3
    assert result["exact_ms"] > 0 and result["brute_ms"] > 0

"""The benchmark runs and its cross-checks hold (no timing is asserted)."""

from __future__ import annotations

from trainer.bench import quick as bench


def test_scoring_benchmark_agrees_with_the_peer() -> None:
    result = bench.bench_scoring(bench.seeded_hands(2_000))
    assert result["hands"] == 2_000
    assert result["ours_per_s"] > 0
    assert result["disagreements"] == 0
    assert result["ratio"] > 0


def test_seeded_hands_are_reproducible_and_distinct() -> None:
    a = bench.seeded_hands(50, seed=1)
    assert a == bench.seeded_hands(50, seed=1)
    assert a != bench.seeded_hands(50, seed=2)
    for hand, starter in a:
        assert len({*hand, starter}) == 5


def test_distribution_benchmark_rebuilds_the_full_tables() -> None:
    result = bench.bench_distribution(sample=500)
    assert result["both_s"] > 0
    assert result["brute_force_s"] > 0


def test_discard_benchmark_cross_checks_one_throw_against_brute_force() -> None:
    result = bench.bench_discards(hands=3, brute_throws=1)
    assert result["uniform_ms"] > 0 and result["sound_ms"] > 0
    assert result["brute_deals"] == 1035 * 44
    assert result["worst_difference"] < 1e-9
    assert result["ratio_uniform"] > 0 and result["ratio_sound"] > 0


def test_player_benchmark_times_every_level() -> None:
    figures = bench.bench_players(deals=3)
    assert set(figures) == {
        "random",
        "easy",
        "normal",
        "hard",
        "crazy",
        "crazy-points",
        "crazy near the end",
        "crazy-points near the end",
    }
    for name, f in figures.items():
        assert 0 < f["median_ms"] <= f["worst_ms"]
        assert 0 <= f["cpu_median_ms"] <= f["cpu_worst_ms"]
        deals = 1 if name.endswith("near the end") else 3
        assert f["decisions"] >= deals * 2 * 3  # two discards and at least four cards a deal


def test_pegging_analysis_benchmark_runs_both_sides() -> None:
    result = bench.bench_pegging_analysis(positions=3)
    assert result["positions"] == 3
    assert result["exact_ms"] > 0 and result["brute_ms"] > 0

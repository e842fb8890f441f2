"""The Play page benchmark (``python -m trainer.bench.play``), run as a command, plays
through the page and reports its figures (no timing is asserted)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.support.benchmarks import run_benchmark
from trainer.bench.playing import played_game


def run_play(folder: Path, *options: str) -> dict[str, Any]:
    """The benchmark's figures, from its ``--json`` file (its output is checked too)."""
    found, printed = run_benchmark("trainer.bench.play", folder, *options, timeout=900)
    found["printed"] = printed
    return found


def test_the_play_benchmark_plays_through_the_page(tmp_path: Path) -> None:
    found = run_play(tmp_path, "--summary", "--interactions", "6")
    figures = dict(found["summary"])
    assert figures["interactions in a game to 61 (count)"] == 6
    assert 0 < figures["page script, median (ms)"] <= figures["page script, worst (ms)"]
    assert figures["peer: one-line page rerun (ms)"] > 0
    assert figures["median over the peer (ratio)"] > 0
    assert "  page script, median (ms)" in found["printed"]


def _three(values: Sequence[float]) -> list[float]:
    """Median, 90th percentile and worst in ms, as the benchmark gives them (the median of
    an even count is the upper of the middle two)."""
    ordered = sorted(values)
    at = [ordered[min(int(len(ordered) * share), len(ordered) - 1)] for share in (0.5, 0.9)]
    return [1000 * at[0], 1000 * at[1], 1000 * ordered[-1]]


def test_each_interaction_is_timed_by_kind_and_the_slowest_are_traced(tmp_path: Path) -> None:
    found = run_play(
        tmp_path, "--per-kind", "--level", "normal", "--interactions", "5", "--trace", "2"
    )
    game = found["games"]["2 seats, normal"]
    timings, traced = game["timings"], game["traced"]
    assert len(timings) == 5
    assert timings[0]["kind"] == "cut"  # a game starts with the cut for deal
    assert {t["kind"] for t in timings} <= set(found["kinds"])
    for t in timings:
        assert 0 <= t["thinking"] <= t["script"] <= t["run"]
        assert 0 <= t["cpu"] - t["thinking_cpu"] <= t["cpu"]
    assert len(traced) == 3  # the two slowest, then the whole game
    assert traced[-1]["timing"]["kind"] == "whole game"
    assert traced[-1]["timing"]["script"] == sum(t["script"] for t in timings)
    assert all("function calls" in t["profile"] for t in traced)
    assert "--- 2 seats, normal, interaction -1 (whole game)" in found["printed"]


def test_the_figures_are_grouped_by_kind_then_all(tmp_path: Path) -> None:
    found = run_play(tmp_path, "--per-kind", "--level", "easy", "--interactions", "12")
    game = found["games"]["2 seats, easy"]
    timings, figures = game["timings"], game["figures"]
    kinds = [f["kind"] for f in figures]
    assert kinds[-1] == "all" and len(kinds) > 2  # cut, throw, and so on, then all
    assert kinds[:-1] == [k for k in found["kinds"] if k in kinds]  # in the kinds' order
    for f in figures:
        group = [t for t in timings if f["kind"] in ("all", t["kind"])]
        assert f["interactions"] == len(group) > 0
        assert f["alone"] == _three([max(t["script"] - t["thinking"], 0.0) for t in group])
        assert f["with_thinking"] == _three([t["script"] for t in group])
        assert f["thinking_worst"] == 1000 * max(t["thinking"] for t in group)
        assert f["cpu_alone"] == _three([max(t["cpu"] - t["thinking_cpu"], 0.0) for t in group])
        assert f["thinking_cpu_worst"] == 1000 * max(t["thinking_cpu"] for t in group)
    assert sum(f["interactions"] for f in figures[:-1]) == figures[-1]["interactions"] == 12
    for f in figures:  # each kind's row printed, alone first
        assert f"easy   {f['kind']:<9}{f['interactions']:>4}" in found["printed"]


def test_the_review_benchmark_reviews_whole_games_and_opens_the_page(tmp_path: Path) -> None:
    found = run_play(
        tmp_path,
        *("--review", "--target", "61", "--level", "easy"),
        *("--review-seeds", "7", "8", "--runs", "1", "--cold"),
    )
    figures = dict(found["review"])
    assert figures["games to 61 reviewed (count)"] == 2
    assert figures["deals a game, mean (count)"] >= 3
    assert figures["decisions a game, mean (count)"] > figures["deals a game, mean (count)"]
    assert 0 < figures["review, median (ms)"] <= figures["review, worst (ms)"]
    assert figures["review median over the replay (ratio)"] > 0
    assert (
        0 < figures["Review page opened, median (ms)"] <= figures["Review page opened, worst (ms)"]
    )
    assert figures["peer: Home page opened the same way (ms)"] > 0
    assert figures["Review median over Home (ratio)"] > 0
    assert "whole games to 61 against easy" in found["printed"]


def test_the_benchmarks_person_plays_a_whole_game() -> None:
    table = played_game("normal", 121, 3)
    assert table.game.is_over and max(table.game.scores) >= 121
    assert table.game.settings.muggins


def test_the_meter_benchmark_plays_the_same_clicks_with_the_meter_off_and_on(
    tmp_path: Path,
) -> None:
    found = run_play(tmp_path, "--meter", "--level", "easy", "--interactions", "8", "--cold")
    rows = found["meter"]["easy"]
    kinds = [kind for kind, _, _ in rows]
    assert kinds[-1] == "all" and "cut" in kinds
    for _kind, off, on in rows:
        assert off["interactions"] == on["interactions"] > 0  # the same game, click for click
        assert off["alone"][0] > 0 and on["alone"][0] > 0

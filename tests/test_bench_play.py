"""The Play page benchmark runs through the page and reports its figures (no timing is
asserted)."""

from __future__ import annotations

from trainer.bench.play import (
    KINDS,
    Timing,
    bench_play_page,
    bench_review,
    kind_figures,
    play_through,
)
from trainer.bench.playing import played_game


def test_the_play_benchmark_plays_through_the_page() -> None:
    figures = dict(bench_play_page(max_interactions=6))
    assert figures["interactions in a game to 61 (count)"] == 6
    assert 0 < figures["page script, median (ms)"] <= figures["page script, worst (ms)"]
    assert figures["peer: one-line page rerun (ms)"] > 0
    assert figures["median over the peer (ratio)"] > 0


def test_each_interaction_is_timed_by_kind_and_the_slowest_are_traced() -> None:
    timings, traced = play_through("normal", 61, max_interactions=5, trace=2, trace_lines=5)
    assert len(timings) == 5
    assert timings[0].kind == "cut"  # a game starts with the cut for deal
    assert {t.kind for t in timings} <= set(KINDS.values())
    for t in timings:
        assert 0 <= t.thinking <= t.script <= t.run
        assert 0 <= t.cpu_alone <= t.cpu
    assert len(traced) == 3  # the two slowest, then the whole game
    assert traced[-1].timing.kind == "whole game"
    assert traced[-1].timing.script == sum(t.script for t in timings)
    assert all("function calls" in t.profile for t in traced)


def test_the_figures_are_grouped_by_kind_then_all() -> None:
    timings = [
        Timing("lay", 0.010, 0.02, 0.004, 0.008, 0.002),
        Timing("lay", 0.030, 0.04, 0.0, 0.020, 0.0),
        Timing("cut", 0.005, 0.01, 0.0, 0.004, 0.0),
    ]
    cut, lay, every = kind_figures(timings)
    assert (cut.kind, lay.kind, every.kind) == ("cut", "lay", "all")
    assert (cut.interactions, lay.interactions, every.interactions) == (1, 2, 3)
    assert lay.alone == (30.0, 30.0, 30.0)  # median of two is the upper one here
    assert lay.with_thinking[2] == 30.0 and lay.thinking_worst == 4.0
    assert every.alone[0] == 6.0 and every.cpu_alone[2] == 20.0


def test_the_review_benchmark_reviews_whole_games_and_opens_the_page() -> None:
    figures = dict(bench_review(61, "easy", seeds=(7, 8), runs=1, warm=False))
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


def test_the_benchmarks_person_plays_a_whole_game() -> None:
    table = played_game("normal", 121, 3)
    assert table.game.is_over and max(table.game.scores) >= 121
    assert table.game.settings.muggins


def test_the_meter_benchmark_plays_the_same_clicks_with_the_meter_off_and_on() -> None:
    from trainer.bench.play import meter_figures

    rows = meter_figures("easy", 61, max_interactions=8, warm=False)
    kinds = [kind for kind, _, _ in rows]
    assert kinds[-1] == "all" and "cut" in kinds
    for _kind, off, on in rows:
        assert off.interactions == on.interactions > 0  # the same game, click for click
        assert off.alone[0] > 0 and on.alone[0] > 0

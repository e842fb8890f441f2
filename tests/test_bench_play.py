"""The Play page benchmark runs through the page and reports its figures (no timing is
asserted)."""

from __future__ import annotations

from trainer.bench_play import bench_play_page


def test_the_play_benchmark_plays_through_the_page() -> None:
    figures = dict(bench_play_page(max_interactions=6))
    assert figures["interactions in a game to 61 (count)"] == 6
    assert 0 < figures["page script, median (ms)"] <= figures["page script, worst (ms)"]
    assert figures["peer: one-line page rerun (ms)"] > 0
    assert figures["median over the peer (ratio)"] > 0

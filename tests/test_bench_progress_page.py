"""The Progress page benchmark (trainer.bench.progress_page) runs and its peer agrees (no
timing is asserted)."""

from __future__ import annotations

from trainer.bench import progress_page as bench_progress


def test_the_benchmark_runs_and_its_peer_agrees() -> None:
    figures = dict(bench_progress.bench_progress(answers=3_000))  # raises if SQL and pandas differ
    assert len(figures) == 7
    assert all(value > 0 for value in figures.values())
    assert all(len(label) <= 42 for label in figures)
    assert list(bench_progress.seeded_answers(20)) == list(bench_progress.seeded_answers(20))

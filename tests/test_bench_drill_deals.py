"""The drill-dealing benchmark (trainer.bench.drill_deals) reports every tier (no timing is
asserted)."""

from __future__ import annotations

from trainer.bench.drill_deals import bench_drills
from trainer.content.catalog import DrillCatalog, load_drills

CATALOG: DrillCatalog = load_drills()
PAIRS = CATALOG.pairs()


def test_the_benchmark_reports_every_tier() -> None:
    """The figures ``python -m trainer.bench`` prints."""
    results = bench_drills(seeds=2, catalog=CATALOG)
    labels = [label for label, _ in results]
    assert labels[0].startswith("hand and crib tables")
    assert labels[1:] == [f"{drill} / {tier}" for drill, tier in PAIRS]
    assert all(ms > 0 for _, ms in results)

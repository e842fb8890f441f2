"""The drill-dealing benchmark (``python -m trainer.bench.drill_deals``), run as a command,
reports every tier (no timing is asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from trainer.content.catalog import DrillCatalog, load_drills

REPO = Path(__file__).resolve().parents[2]
CATALOG: DrillCatalog = load_drills()
PAIRS = CATALOG.pairs()


def test_the_benchmark_reports_every_tier(tmp_path: Path) -> None:
    """The figures ``python -m trainer.bench`` prints."""
    out = tmp_path / "figures.json"
    done = subprocess.run(
        [sys.executable, "-m", "trainer.bench.drill_deals", "--seeds", "2", "--json", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(out.read_text(encoding="utf-8"))
    labels = [label for label, _ in results]
    assert labels[0].startswith("hand and crib tables")
    assert labels[1:] == [f"{drill} / {tier}" for drill, tier in PAIRS]
    assert all(ms > 0 for _, ms in results)
    assert all(f"  {label}" in done.stdout for label in labels)  # each printed as well

"""The Progress page benchmark (``python -m trainer.bench.progress_page``), run as a command,
runs and its peer agrees (no timing is asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_benchmark_runs_and_its_peer_agrees(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    done = subprocess.run(
        [
            *(sys.executable, "-m", "trainer.bench.progress_page"),
            *("--answers", "3000", "--json", str(out)),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr  # it fails if SQL and pandas differ
    found = json.loads(out.read_text(encoding="utf-8"))
    figures = dict(found["figures"])
    assert len(figures) == 7
    assert all(value > 0 for value in figures.values())
    assert all(len(label) <= 42 for label in figures)
    assert "fill: 3,000 answers, 1 transaction s" in figures
    first, second = found["seeded_answers"]
    assert first == second  # the same seeded answers each time

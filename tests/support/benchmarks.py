"""A benchmark run as its command, as the tests run every benchmark (they never import one):
:func:`run_module` gives what the command did, :func:`run_benchmark` the figures of one that
must end well, from its ``--json`` file, and what it printed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def run_module(module: str, *options: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """Run ``python -m module`` with ``options`` from the repository: what it printed and
    how it ended."""
    return subprocess.run(
        [sys.executable, "-m", module, *options],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def run_benchmark(
    module: str, folder: Path, *options: str, timeout: int
) -> tuple[dict[str, Any], str]:
    """Run ``python -m module`` with ``options`` from the repository, its figures written
    into ``folder``: the figures and what it printed (it must end well)."""
    out = folder / "figures.json"
    done = run_module(module, *options, "--json", str(out), timeout=timeout)
    assert done.returncode == 0, done.stderr[-4000:]
    figures: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return figures, done.stdout

"""Lint, format and type checks, run as part of the suite (settings live in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=REPO, capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_ruff_lint() -> None:
    result = _run("ruff", "check", "trainer", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_ruff_format() -> None:
    result = _run("ruff", "format", "--check", "trainer", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    pytest.importorskip("mypy")
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_is_pure() -> None:
    """The engine never imports Streamlit, YAML or does file I/O."""
    forbidden = ("streamlit", "yaml", "open(", "pathlib", "sqlite3")
    for path in (REPO / "trainer" / "engine").glob("*.py"):
        text = path.read_text()
        for word in forbidden:
            assert word not in text, f"{path.name} mentions {word}"

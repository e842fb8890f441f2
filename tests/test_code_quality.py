"""Lint, format and type checks, run as part of the suite (settings live in pyproject.toml).

The tools are run with this Python (``python -m ruff``, ``python -m mypy``), so a virtual
environment's own copies are used. A cold strict mypy run takes minutes, so it is started
in the background as soon as the tests are collected (see ``tests/conftest.py``) and runs on
another core while the rest of the suite does; its test is put last and only collects the
result.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
HAS_RUFF = importlib.util.find_spec("ruff") is not None


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=REPO, capture_output=True, text=True, check=False)


@pytest.mark.skipif(not HAS_RUFF, reason="ruff is not installed")
def test_ruff_lint() -> None:
    result = _run(sys.executable, "-m", "ruff", "check", "trainer", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(not HAS_RUFF, reason="ruff is not installed")
def test_ruff_format() -> None:
    result = _run(sys.executable, "-m", "ruff", "format", "--check", "trainer", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict(mypy_result: tuple[int, str]) -> None:
    returncode, output = mypy_result
    assert returncode == 0, output


def test_every_property_test_is_reproducible_and_has_no_deadline() -> None:
    """The suite's profile (tests/conftest.py) applies to every ``@given``; a test's own
    ``@settings`` may change how many examples it draws, never these two."""
    from hypothesis import settings

    profile = settings.default
    assert profile is not None
    assert profile.derandomize is True
    assert profile.deadline is None
    for path in (REPO / "tests").glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text()
        for word in ("derandomize=False", "deadline=timedelta", "deadline=1", "deadline=2"):
            assert word not in text, f"{path.name} sets {word}"

"""Lint, format and type checks, run as part of the suite (settings live in pyproject.toml).

The tools are run with this Python (``python -m ruff``, ``python -m mypy``), so a virtual
environment's own copies are used. A cold mypy run takes minutes, so it is started in the
background as soon as the tests are collected (see ``tests/conftest.py``) and runs on
another core while the rest of the suite does; its tests are put last and only collect the
result. That one run checks the package strictly and the tests less strictly (every body is
checked, but a helper need not be annotated: see ``[tool.mypy]`` in pyproject.toml); each
test fails on its own side's errors only.
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


def _mypy_errors(mypy_result: tuple[int, str], *, in_tests: bool) -> str:
    """The lines of mypy's report about the tests' files (``in_tests``) or about any other,
    once it is clear mypy ran to its end: exit status 0 with no error, or 1 with some."""
    returncode, output = mypy_result
    lines = output.splitlines()
    errors = [line for line in lines if ": error:" in line]
    assert (returncode, bool(errors)) in ((0, False), (1, True)), output  # not a crash
    ours = [
        line
        for line in lines
        if (": error:" in line or ": note:" in line) and line.startswith("tests/") == in_tests
    ]
    return "\n".join(ours) if any(": error:" in line for line in ours) else ""


def test_mypy_strict(mypy_result: tuple[int, str]) -> None:
    errors = _mypy_errors(mypy_result, in_tests=False)
    assert not errors, errors


def test_mypy_tests(mypy_result: tuple[int, str]) -> None:
    """The tests are type-checked too (check_untyped_defs, warn_unused_ignores), less
    strictly than the package."""
    errors = _mypy_errors(mypy_result, in_tests=True)
    assert not errors, errors


def test_every_property_test_is_reproducible_and_has_no_deadline() -> None:
    """The suite's profile (tests/conftest.py) applies to every ``@given``; a test's own
    ``@settings`` may change how many examples it draws, never these two."""
    from hypothesis import settings

    profile = settings.default
    assert profile is not None
    assert profile.derandomize is True
    assert profile.deadline is None
    for path in (REPO / "tests").rglob("test_*.py"):
        if path == Path(__file__).resolve():
            continue
        text = path.read_text()
        for word in ("derandomize=False", "deadline=timedelta", "deadline=1", "deadline=2"):
            assert word not in text, f"{path.name} sets {word}"

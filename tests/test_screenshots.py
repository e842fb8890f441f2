"""The README's pictures (trainer.bench.screenshots): the README shows every picture the script
takes, each is in the package's assets, and the script takes them all again in a browser."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.bench import screenshots
from trainer.bench.chromium import CHROMIUM

REPO = Path(__file__).resolve().parent.parent


def _size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_the_readme_shows_the_pictures_the_script_takes() -> None:
    shown = re.findall(r"!\[[^\]]*\]\(trainer/assets/([^)]+)\)", (REPO / "README.md").read_text())
    assert sorted(shown) == sorted(shot.name for shot in screenshots.SHOTS)
    for shot in screenshots.SHOTS:
        assert _size(screenshots.ASSETS / shot.name) == (shot.width, shot.height), shot.name


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.long  # (the README's pictures themselves are checked every run, above)
def test_the_pictures_can_be_taken_again(tmp_path: Path) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    # a process of its own: the browser tests' Playwright is running in this one
    done = subprocess.run(
        [sys.executable, "-m", "trainer.bench.screenshots", "--out", str(tmp_path)],
        cwd=REPO, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    written = [Path(line) for line in done.stdout.split()]
    assert [path.name for path in written] == [shot.name for shot in screenshots.SHOTS]
    for shot, path in zip(screenshots.SHOTS, written, strict=True):
        assert _size(path) == (shot.width, shot.height)

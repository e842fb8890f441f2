"""Shared fixtures: a temporary progress database, a running app, a real browser."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
APP = REPO / "trainer" / "app.py"
CHROMIUM = Path("/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").lower() == "true"
#: The player the browser tests' addresses name; any other visitor is asked who is playing.
BROWSER_PLAYER = "Browser"


@pytest.fixture(autouse=True)
def _isolated_database(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test gets its own progress database file; the user's own is never touched."""
    path = tmp_path_factory.mktemp("db") / "progress.sqlite3"
    monkeypatch.setenv("CRIBBAGE_TRAINER_DB", str(path))
    return path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``streamlit run trainer/app.py`` on a free loopback port, stopped at the end."""
    port = _free_port()
    db = tmp_path_factory.mktemp("browser-db") / "progress.sqlite3"
    from trainer.store import Store

    Store.open(db).create_profile(BROWSER_PLAYER)  # a browser names it: ?player=browser
    env = {**os.environ, "CRIBBAGE_TRAINER_DB": str(db)}
    log = tmp_path_factory.mktemp("streamlit-log") / "streamlit.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [
                sys.executable, "-m", "streamlit", "run", str(APP),
                "--server.port", str(port),
                "--server.address", "127.0.0.1",
                "--server.headless", "true",
                "--server.fileWatcherType", "none",
                "--browser.gatherUsageStats", "false",
            ],
            cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                    if response.read().decode() == "ok":
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the app did not start:\n{log.read_text()}")
            time.sleep(0.25)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright. Required in CI; skipped elsewhere if absent."""
    if not CHROMIUM.exists() and shutil.which("chromium") is None:
        if IN_CI:
            pytest.fail("CI needs Debian's chromium at /usr/bin/chromium for the browser tests")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, app_url: str) -> Iterator[Any]:
    """A fresh browser tab (phone-friendly width is up to each test)."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    yield tab
    context.close()

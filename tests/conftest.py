"""Shared fixtures: a temporary progress database, a running app, a real browser, and the
type check (the package strictly, the tests less so) started in the background."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import settings as hypothesis_settings

from tests.support.serving import serve
from trainer.bench.chromium import CHROMIUM as CHROMIUM_PATH
from trainer.bench.chromium import CHROMIUM_ARGS

# Every property test draws the same examples on every run (a failure seen once is seen
# again) and has no deadline (machines are shared: a slow example is not a failure).
hypothesis_settings.register_profile("trainer", deadline=None, derandomize=True)
hypothesis_settings.load_profile("trainer")

REPO = Path(__file__).resolve().parent.parent
APP = REPO / "trainer" / "app.py"
CHROMIUM = Path(CHROMIUM_PATH)
IN_CI = os.environ.get("CI", "").lower() == "true"
#: Set when the tests run in several processes (pytest-xdist's ``-n``): this is one of them.
IN_WORKER = "PYTEST_XDIST_WORKER" in os.environ
#: The long checks (``@pytest.mark.long``: many thousands of games, minutes each) run only
#: when asked for: ``CRIBBAGE_LONG_CHECKS=1 .venv/bin/python -m pytest -m long``.
LONG_CHECKS = bool(os.environ.get("CRIBBAGE_LONG_CHECKS"))
#: The player the browser tests' addresses name; any other visitor is asked who is playing.
BROWSER_PLAYER = "Browser"

#: The tests that read the one mypy run: the package's errors, then the tests' own.
MYPY_TESTS = ("test_code_quality.py::test_mypy_strict", "test_code_quality.py::test_mypy_tests")
T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end on an event loop of its own, in a thread of its own: the
    browser tests' Playwright keeps a loop running in this thread once it has started."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


_mypy: dict[str, Any] = {}


#: Where the tests that drive a browser live (``@pytest.mark.browser``; the screenshots are
#: long checks): in two processes, one runs them all, one after another (see
#: :func:`pytest_xdist_make_scheduler`).
BROWSER_PLACES = ("tests/browser/", "tests/test_screenshots.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the long checks unless they are asked for, and refuse a browser test outside
    :data:`BROWSER_PLACES`. When a type check is among the tests to run in one process,
    start mypy now, in the background (it takes minutes cold and uses one core), and run its
    tests last, to collect the result; in two processes its test runs it where it lands."""
    if not LONG_CHECKS:
        skip = pytest.mark.skip(reason="a long check: set CRIBBAGE_LONG_CHECKS=1 to run it")
        for item in items:
            if item.get_closest_marker("long") is not None:
                item.add_marker(skip)
    for item in items:
        if item.get_closest_marker("browser") is not None and not in_browser_group(item.nodeid):
            raise pytest.UsageError(
                f"{item.nodeid} drives a browser: put it in tests/browser/ (or name its file in "
                "BROWSER_PLACES in tests/conftest.py), where one process runs them all"
            )
    mypy_items = [item for item in items if item.nodeid.endswith(MYPY_TESTS)]
    if not mypy_items or config.option.collectonly or IN_WORKER:
        return
    items[:] = [item for item in items if item not in mypy_items] + mypy_items
    if importlib.util.find_spec("mypy") is None:
        return
    output = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115  (closed once the result is read)
    _mypy["output"] = output
    _mypy["process"] = subprocess.Popen(
        [sys.executable, "-m", "mypy"],  # settings, and the cache folder, from pyproject.toml
        cwd=REPO, stdout=output, stderr=subprocess.STDOUT,
    )  # fmt: skip


#: Modules whose tests share an expensive module fixture (a benchmark's run, a package
#: built and installed): each runs whole in one process, so the fixture is made once.
WHOLE_MODULES = ("tests/bench/", "tests/test_packaging.py")


def in_browser_group(nodeid: str) -> bool:
    """Whether the test ``nodeid`` is one of the browser tests' group.

    >>> in_browser_group("tests/browser/test_play.py::test_a_deal"), in_browser_group("tests/test_cards.py::test_parse")
    (True, False)
    """
    return nodeid.startswith(BROWSER_PLACES)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """In two processes with ``--dist loadgroup`` (the README's command), the browser tests
    are one group, which one process runs one after another against one app server, while
    the other process takes the rest, a test at a time (a module of :data:`WHOLE_MODULES` at
    a time): two browser tests at once would share two cores between two app servers and two
    Chromiums. (pytest-xdist's own
    ``xdist_group`` mark does not group under pytest 9, whose tests' names it cannot change.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling  # type: ignore[import-untyped]

    class BrowserGroup(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if in_browser_group(nodeid):
                return "browser"
            module = nodeid.partition("::")[0]
            return module if module.startswith(WHOLE_MODULES) else nodeid

    return BrowserGroup(config, log)


def pytest_unconfigure(config: pytest.Config) -> None:
    process = _mypy.pop("process", None)
    if process is not None and process.poll() is None:  # the run was cut short
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def mypy_result() -> tuple[int, str]:
    """mypy's exit status and output (mypy was started when the tests were collected)."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed")
    process = _mypy.get("process")
    if process is None:  # the test was asked for some other way: run it here
        result = subprocess.run(
            [sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True, check=False
        )
        return result.returncode, result.stdout + result.stderr
    returncode = process.wait()
    output = _mypy["output"]
    output.seek(0)
    text = str(output.read())
    output.close()
    return int(returncode), text


@pytest.fixture(autouse=True)
def _isolated_database(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test gets its own progress database file; the user's own is never touched."""
    path = tmp_path_factory.mktemp("db") / "progress.sqlite3"
    monkeypatch.setenv("CRIBBAGE_TRAINER_DB", str(path))
    return path


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A PostgreSQL server of the tests' own (see ``tests/postgres.py``). Required in CI;
    skipped elsewhere if Debian's postgresql is not installed."""
    from tests import postgres

    if postgres.bin_dir() is None or importlib.util.find_spec("psycopg") is None:
        if IN_CI:
            pytest.fail("CI needs Debian's postgresql and psycopg for the store's server tests")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    # not under pytest's own temporary folder: it is closed to every user but this one
    folder = Path(tempfile.mkdtemp(prefix="trainer-postgres-"))
    try:
        with postgres.server(folder) as running:
            yield running
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def _close_postgres_pools() -> Iterator[None]:
    """Each test's stores give back their server connections when it ends: a pool per
    database left open would, over the whole run, use up the server's connections."""
    yield
    backend = sys.modules.get("trainer.progress.store.postgres")
    if backend is not None:
        backend.close_pools()


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a new, empty store is, on each backend in turn: a SQLite file, then a database
    of its own on the tests' PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    server = request.getfixturevalue("postgres_server")
    return str(server.new_database())


@pytest.fixture(scope="session")
def browser_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The progress file of the app the browser tests drive, with its one player
    (:data:`BROWSER_PLAYER`); a test may store what it needs there, such as a finished game."""
    db = tmp_path_factory.mktemp("browser-db") / "progress.sqlite3"
    from trainer.progress.store import Store

    Store.open(db).create_profile(BROWSER_PLAYER)  # a browser names it: ?player=browser
    return db


@pytest.fixture(scope="session")
def app_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the app of :func:`app_url` writes what it says (Streamlit's warnings too)."""
    return tmp_path_factory.mktemp("streamlit-log") / "streamlit.log"


@pytest.fixture(scope="session")
def app_url(browser_db: Path, app_log: Path) -> Iterator[str]:
    """The app, started as the README starts it, on a free loopback port, stopped at the end."""
    with serve(APP, log=app_log, cwd=REPO, env={"CRIBBAGE_TRAINER_DB": str(browser_db)}) as url:
        yield url


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
            args=CHROMIUM_ARGS,
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

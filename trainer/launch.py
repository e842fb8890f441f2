"""Start the app: ``python -m trainer app [Streamlit options]`` (the README's command).

It serves ``trainer/app.py`` exactly as ``streamlit run trainer/app.py`` does, with one
difference: what the pages need the first time in a process (the lessons, the drills
and the tables they deal from, the coach's throwing model, the score distributions, the
modules every page imports, the chart libraries) is loaded *before* the server opens
its port. With a plain ``streamlit run`` the first visitor's page waits for all of that
(one to three seconds, more on a busy machine); started this way, the first page
anyone opens is as quick as any later one. Any ``--server.*`` or other Streamlit option
is passed on.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

APP = Path(__file__).resolve().parent / "app.py"

#: The app's own Streamlit settings, applied wherever it is started from (Streamlit reads
#: ``.streamlit/config.toml`` only in the folder it is started in; started anywhere else it
#: would listen on every network interface, gather usage statistics and look up the
#: machine's external address). The project's ``.streamlit/config.toml`` holds the same
#: settings for a plain ``streamlit run`` from the checkout (a test keeps the two equal).
#: An option given on the command line wins: ``--server.address 0.0.0.0`` serves the app on
#: the network, a choice the README explains.
SETTINGS: dict[str, str] = {
    "server.address": "127.0.0.1",
    "server.headless": "true",
    "browser.gatherUsageStats": "false",
    "runner.magicEnabled": "false",
    "theme.base": "light",
    "theme.primaryColor": "#1b6e3a",
    "client.toolbarMode": "minimal",
}

#: Streamlit warns, once, that a cached function with a spinner ran outside a page (the
#: drill tables' "Shuffling the cards…"): true, and harmless here.
_BARE_MODE_LOGGER = "streamlit.runtime.scriptrunner_utils.script_run_context"


@contextlib.contextmanager
def _quiet_bare_mode() -> Iterator[None]:
    logger = logging.getLogger(_BARE_MODE_LOGGER)
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def prepare() -> float:
    """Load now what the pages would load on first use; the seconds it took. A content file
    that does not load is reported by the page that needs it, as it would be anyway."""
    from trainer.ui import reconnect, warmup

    warmup.share_the_interpreter()
    reconnect.install()  # before the port opens: a tab back after a restart loses nothing
    started = time.perf_counter()
    with _quiet_bare_mode():
        warmup.warm_up().join()
    return time.perf_counter() - started


def with_settings(options: Sequence[str]) -> list[str]:
    """``options`` with each of :data:`SETTINGS` added that they do not set themselves.

    >>> with_settings(["--server.port", "8502", "--server.address=0.0.0.0"])[:4]
    ['--server.port', '8502', '--server.address=0.0.0.0', '--server.headless']
    """
    given = {option[2:].partition("=")[0] for option in options if option.startswith("--")}
    added = [
        part for key, value in SETTINGS.items() if key not in given for part in (f"--{key}", value)
    ]
    return [*options, *added]


def main(options: Sequence[str] = ()) -> int:
    """Prepare, then serve the app with Streamlit (``options`` as ``streamlit run`` takes
    them, after the app's own :data:`SETTINGS`). Returns when the server stops."""
    seconds = prepare()
    print(f"Loaded the lessons, drills and tables in {seconds:.1f} s; starting the server.")
    from streamlit.web import cli as streamlit_cli

    try:
        streamlit_cli.main(["run", str(APP), *with_settings(options)], prog_name="streamlit")
    except SystemExit as done:  # how Streamlit's command line ends, in every case
        return done.code if isinstance(done.code, int) else int(done.code is not None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

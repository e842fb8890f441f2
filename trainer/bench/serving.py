"""Serve a Streamlit script on a free loopback port for as long as a ``with`` block lasts.

The browser tests and the browser benchmark start the app this way: bound to
127.0.0.1, headless, with no usage statistics and no file watcher, and stopped (killed
if it will not stop) at the end. The benchmarks also starve the machine this way
(:func:`busy`: processes that keep a core busy each, for as long as a block lasts).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name (None: gone, or no /proc)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rpartition(")")[2].split()


def cpu_seconds(pid: int | str) -> float:
    """Processor time (user and system) a process has used so far; 0 when it cannot be read."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS if fields else 0.0


#: A starting server that has used no processor time for this long, and still does not
#: answer its health check, has stalled: it counts as failed. While it works (loading the
#: content and tables, however slowly a busy machine lets it) it is waited for.
STALL_TIMEOUT = 30.0
#: The longest a start may take even while it keeps working (a loop that never listens).
START_LIMIT = 600.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on at this moment."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class Server:
    """A running server: its address, its process id, and the seconds from its start until
    it answered."""

    url: str
    pid: int
    started_in: float = 0.0


def start_command(script: Path) -> list[str]:
    """How to start ``script``: a checkout's ``trainer/app.py`` as the README starts it
    (``python -m trainer app``, which loads the content before it opens its port: run with
    the checkout as the working folder), any other script with ``streamlit run``."""
    if script.name == "app.py" and (script.parent / "launch.py").is_file():
        return [sys.executable, "-m", "trainer", "app"]
    return [sys.executable, "-m", "streamlit", "run", str(script)]


@contextlib.contextmanager
def serving(
    script: Path,
    *,
    log: Path,
    port: int | None = None,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
) -> Iterator[Server]:
    """As :func:`serve`, yielding the :class:`Server` (so its processor time can be read); on
    ``port`` if given (a free one otherwise)."""
    port = port or free_port()
    started = time.perf_counter()
    with log.open("w") as out:
        proc = subprocess.Popen(
            [
                *start_command(script),
                "--server.port", str(port),
                "--server.address", "127.0.0.1",
                "--server.headless", "true",
                "--server.fileWatcherType", "none",
                "--browser.gatherUsageStats", "false",
            ],
            cwd=cwd, env={**os.environ, **(env or {})}, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_ready(proc, url, script, log)
        yield Server(url, proc.pid, time.perf_counter() - started)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _wait_until_ready(proc: subprocess.Popen[bytes], url: str, script: Path, log: Path) -> None:
    """Return once the server answers its health check; raise when it exits, stalls (no
    processor time used for :data:`STALL_TIMEOUT`) or passes :data:`START_LIMIT`."""
    begun = last_work = time.monotonic()
    used = cpu_seconds(proc.pid)
    while True:
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response,
        ):
            if response.read() == b"ok":
                return
        now = time.monotonic()
        if (busy := cpu_seconds(proc.pid)) > used:
            used, last_work = busy, now
        why = (
            "it stopped" if proc.poll() is not None
            else f"it did no work for {STALL_TIMEOUT:.0f} s" if now - last_work > STALL_TIMEOUT
            else f"it was still starting after {START_LIMIT:.0f} s" if now - begun > START_LIMIT
            else None
        )  # fmt: skip
        if why:
            raise RuntimeError(f"{script} did not start ({why}):\n{log.read_text()}")
        time.sleep(0.1)


@contextlib.contextmanager
def serving_checkout(
    checkout: Path, db: Path | str, *, port: int | None = None, log: Path | None = None
) -> Iterator[Server]:
    """The app of the checkout at ``checkout`` (its ``trainer/app.py``, with its own code on
    the path, so two checkouts can be compared) served with the progress store ``db`` (a
    file's path, or a server's ``postgresql://`` URL), on ``port`` if given; the server's
    output goes to ``log`` (by default beside the file)."""
    env = {"CRIBBAGE_TRAINER_DB": str(db), "PYTHONPATH": str(checkout)}
    script = checkout / "trainer" / "app.py"
    if log is None:
        if not isinstance(db, Path):
            raise ValueError("a server's store needs a log file named for its app's output")
        log = db.with_suffix(".log")
    with serving(script, log=log, cwd=checkout, env=env, port=port) as server:
        yield server


#: What a process that keeps a core busy runs (:func:`busy`): it says it has started (a
#: line), then spins.
SPIN = "print(flush=True)\nwhile True: pass"


@contextlib.contextmanager
def busy(count: int) -> Iterator[list[int]]:
    """``count`` processes that keep a core busy each, until the block ends (their ids):
    the block begins once every one of them is spinning."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", SPIN], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE
        )
        for _ in range(count)
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None
            proc.stdout.readline()  # its first line: it runs the spin now
            proc.stdout.close()
        yield [proc.pid for proc in procs]
    finally:
        for proc in procs:
            proc.kill()
        for proc in procs:
            proc.wait()

"""The app served for a test (:func:`serve`, and :func:`club_servers` for several servers of a
club on one store), on :func:`trainer.bench.serving.serving`, which the benchmarks use too."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from pathlib import Path

from trainer.bench.serving import serving


@contextlib.contextmanager
def serve(
    script: Path,
    *,
    log: Path,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
) -> Iterator[str]:
    """``streamlit run script`` on a free port; yields its address once it answers.

    ``env`` is added to this process's environment; the server's output goes to ``log``.
    """
    with serving(script, log=log, cwd=cwd, env=env) as server:
        yield server.url


@contextlib.contextmanager
def club_servers(script: Path, store: str, logs: Path, n: int, *, cwd: Path) -> Iterator[list[str]]:
    """``n`` servers of ``script`` in club mode on the one ``store``, each with its log in the
    folder ``logs``; yields their addresses. A test's failure inside carries the end of every
    server's log, so that it says what the servers said."""
    env = {"CRIBBAGE_TRAINER_DB": store, "CRIBBAGE_TRAINER_MODE": "club"}
    files = [logs / f"server{k}.log" for k in range(n)]
    with contextlib.ExitStack() as stack:
        urls = [
            stack.enter_context(serving(script, log=log, cwd=cwd, env=env)).url for log in files
        ]
        try:
            yield urls
        except AssertionError as err:
            said = "\n".join(f"--- {log.name} ---\n{log.read_text()[-3000:]}" for log in files)
            raise AssertionError(f"{err}\n{said}") from err

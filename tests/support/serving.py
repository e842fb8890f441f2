"""The app served for a test (:func:`serve`), on :func:`trainer.bench.serving.serving`, which
the benchmarks use too."""

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

"""Work a page asks for that can wait until the page's run has ended.

A page may start work for later in the background: Progress has its newest games' reviews
worked out ahead, the results screen the finished game's, for "Review this game". Started
while the page is still being drawn, that work shares the interpreter's lock, and the
processor, with the run that draws it, so the page itself comes later. :func:`later` keeps
such a start until the entry point says the run has ended (:func:`begin` before the page,
:func:`end` after it), then makes it; outside a run so framed (a page tested alone) it is
made at once. Each script run has a thread of its own, so what is kept is the thread's.

>>> made = []
>>> begin()
>>> later(lambda: made.append("review"))
>>> made
[]
>>> end()
>>> made
['review']
>>> later(lambda: made.append("at once"))
>>> made
['review', 'at once']
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

__all__ = ["begin", "end", "later"]

_log = logging.getLogger(__name__)
_run = threading.local()


def begin() -> None:
    """A page's run begins: what it asks :func:`later` for waits until :func:`end`."""
    _run.kept = []


def later(start: Callable[[], object]) -> None:
    """Call ``start`` once this run has ended (at once outside a run begun by :func:`begin`).
    It must only start work, not do it: it is called before the next run may begin."""
    kept: list[Callable[[], object]] | None = getattr(_run, "kept", None)
    if kept is None:
        _call(start)
    else:
        kept.append(start)


def end() -> None:
    """The run has ended: make every start kept for it, in order (one that fails is
    logged, and the rest are made all the same)."""
    kept: list[Callable[[], object]] = getattr(_run, "kept", None) or []
    _run.kept = None
    for start in kept:
        _call(start)


def _call(start: Callable[[], object]) -> None:
    try:
        start()
    except Exception:  # background work the page does not wait for: never the page's error
        _log.exception("Work started after a page's run failed to start")

"""The project's tools, outside the app: the benchmarks, and what they and the tests serve
the app with. Not shipped in the wheel; run from a checkout.

Benchmarks (each prints its figures as it measures them, as ratios against a peer run in
the same process; nothing here asserts a time):

==================  ==========================================================================
``quick``           ``python -m trainer.bench``: scoring, the score distribution, discards,
                    the computer players, the pegging analysis, drill dealing, the Progress
                    page and the Play page (a few minutes at most)
``drill_deals``     ``python -m trainer.bench.drill_deals``: dealing each drill's questions
``progress_page``   ``python -m trainer.bench.progress_page``: the Progress page on 100,000 answers
``play``            ``python -m trainer.bench.play``: the Play page per click, then ``review``
``review``          the game review and a pasted record read back (printed by ``play``)
``browser``         ``python -m trainer.bench.browser``: what a learner waits for in Chromium
``browser_setup``   its servers and Chromium tab; ``browser_play``: a whole game in Chromium;
                    ``browser_figures``: its figures, report, and saved JSON
``crowd``           ``python -m trainer.bench.crowd``: many people answering at once
``servers``         ``python -m trainer.bench.crowd --servers 3``: several app servers on one
                    PostgreSQL, one server killed
``devices``         ``python -m trainer.bench.devices``: a card laid on one device, seen on
                    the other (two browsers, two servers, one PostgreSQL)
==================  ==========================================================================

Tools:

====================  ========================================================================
``serving``           the app served on a free port of 127.0.0.1, stopped at the end
``serving_postgres``  a throwaway PostgreSQL server in a temporary folder
``chromium``          Debian's Chromium and the flags the tests and benchmarks start it with
``visitor``           a browser tab without a browser (Streamlit's websocket protocol)
``playing``           playing the Play page without a person (a whole game, one click)
``two_devices``       a deal played by taps across two browser tabs, and its times
``screenshots``       ``python -m trainer.bench.screenshots``: the README's pictures again
``ledger``            what the crowd's tabs sent, and the store checked against it
``review_days``       ``python -m trainer.bench.review_days``: one simulated learner's review
                      schedule over 30 days (a report, timing nothing)
====================  ========================================================================

No test imports a benchmark (:data:`BENCHMARKS`; ``tests/test_layers.py`` checks it): each
test runs its benchmark as a command on a small load and reads what it prints, or the
figures it writes with ``--json``. The tools may be imported.
"""

import statistics
import sys
from collections.abc import Sequence

__all__ = ["BENCHMARKS", "line_by_line", "p95"]

#: The benchmarks, by module: run as commands (``python -m trainer.bench.<name>``; ``review``
#: through ``play``, the ``browser_*`` parts through ``browser``), by the tests too, which never import them; the other modules here are
#: tools.
BENCHMARKS: tuple[str, ...] = (
    "__main__",
    "quick",
    "drill_deals",
    "progress_page",
    "play",
    "review",
    "browser",
    "browser_setup",
    "browser_play",
    "devices",
    "browser_figures",
    "crowd",
    "servers",
    "servers_report",
)


def line_by_line() -> None:
    """Write each line out as soon as it is printed, into a pipe or a file too: a benchmark
    shows how far it has got, and each figure the moment it is measured."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if callable(reconfigure):
        reconfigure(line_buffering=True)


def p95(values: Sequence[float]) -> float:
    """The 95th percentile of some waits (the wait 19 in 20 stay under).

    >>> p95([float(n) for n in range(1, 101)])
    95.05
    """
    if len(values) < 2:
        return max(values)
    return statistics.quantiles(values, n=20, method="inclusive")[18]

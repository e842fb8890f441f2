"""Memory benchmark: ``python -m trainer.bench.memory [--visitors N] [--rounds N]
[--ttl S] [--in-process]``: what a server keeps after its visitors have left, and whether it
is bounded.

The app is served as the README starts it (:mod:`trainer.bench.serving`) on a store of its
own, filled as the browser benchmark's is (:func:`~trainer.bench.browser_setup.fill_history`:
2,000 answers, a finished game to review, a game at the table), and rounds of ``visitors``
people (20 by default) each open Home, Practice (answering one question), Check a hand,
Learn, Progress, Play (the game at the table) and the finished game's review, as a new tab
would
(:class:`~trainer.bench.visitor.Visitor`: Streamlit's own protocol, no drawing), then leave.
The server's resident memory is printed after a first visitor (the app loaded and warmed
up), after each round while the sessions are still kept for their return (Streamlit keeps
a disconnected session ``server.disconnectedSessionTTL`` seconds, 120 by default; here
``--ttl``), and after that time has passed. Memory that stays the same round after round
is bounded; memory that grows with each round is not.

With ``--in-process``, the same visits are made in this process through Streamlit's
``AppTest`` (the app's caches are the process's, as on a server), and what each round of
visitors left behind once they are gone is traced (``tracemalloc``), by file: where the
memory goes. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

from trainer.bench import line_by_line
from trainer.bench.browser_setup import PLAYER, REVIEW_GAME, fill_history
from trainer.bench.serving import serving
from trainer.bench.visitor import Visitor, settled

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "trainer" / "app.py"
#: What each visitor opens, in turn: the page, and its address's query (the player added).
VISITS: tuple[tuple[str, str], ...] = (
    ("", ""),  # Home
    ("practice", "drill=hand&tier=club&seed={n}&length=2"),
    ("check", ""),
    ("learn", ""),
    ("progress", ""),
    ("play", ""),
    ("review", f"game={REVIEW_GAME}"),
)


def resident_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (``VmRSS``), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


async def _visit(url: str, n: int) -> None:
    async with Visitor(url) as visitor:
        for path, query in VISITS:
            asked = "&".join(q for q in (query.format(n=n), f"player={PLAYER.lower()}") if q)
            page = await visitor.open(path, asked)
            if page.exception:
                raise RuntimeError(f"{path}: {page.exception}")
            if path == "practice":
                page = await visitor.press("Check", {"practice_total_0": "5"})
                if page.exception or "Next question" not in page.widgets:
                    raise RuntimeError(f"no answer taken: {page.exception or page.text()[:300]}")


async def _rounds(url: str, pid: int, *, visitors: int, rounds: int, ttl: float) -> list[str]:
    lines: list[str] = []

    def said(label: str) -> None:
        lines.append(f"  {label:<52} {resident_mb(pid):8.1f} MB")
        print(lines[-1])

    await _visit(url, 0)
    await settled(pid)
    said("after a first visitor (the app warmed up)")
    n = 1
    for r in range(1, rounds + 1):
        for _ in range(visitors):
            await _visit(url, n)
            n += 1
        await settled(pid)
        said(f"round {r}: {visitors} visitors left, sessions kept")
        await asyncio.sleep(ttl + 1)
        await _visit(url, 0)  # Streamlit lets go of old sessions when a new one comes
        await settled(pid)
        said(f"round {r}: {ttl:g} s later, their sessions let go")
    return lines


def bench_server(*, visitors: int, rounds: int, ttl: float) -> list[str]:
    """The served app's resident memory round after round (see the module)."""
    with tempfile.TemporaryDirectory(prefix="trainer-memory-") as tmp:
        db = Path(tmp) / "memory.sqlite3"
        fill_history(db, REPO)
        env = {
            "CRIBBAGE_TRAINER_DB": str(db),
            "PYTHONPATH": str(REPO),
            "STREAMLIT_SERVER_DISCONNECTED_SESSION_TTL": str(int(ttl)),
        }
        with serving(APP, log=Path(tmp) / "server.log", cwd=REPO, env=env) as server:
            if server.pid is None:
                raise RuntimeError("the server's process is not known")
            return asyncio.run(
                _rounds(server.url, server.pid, visitors=visitors, rounds=rounds, ttl=ttl)
            )


def _apptest_visit(n: int) -> None:
    from streamlit.testing.v1 import AppTest

    from trainer.ui.session import PLAYER_PARAM

    for path, query in VISITS:
        at = AppTest.from_file(str(APP), default_timeout=120)
        at.query_params[PLAYER_PARAM] = PLAYER.lower()
        for pair in filter(None, query.format(n=n).split("&")):
            key, value = pair.split("=", 1)
            at.query_params[key] = value
        at.switch_page(f"ui/views/{path or 'home'}.py")
        at.run()
        if at.exception:
            raise RuntimeError(f"{path}: {at.exception}")


def _short(where: str) -> str:
    for root in (str(REPO) + os.sep, os.sep + "site-packages" + os.sep):
        where = where.split(root, 1)[-1]
    return where


def _ours(filename: str) -> bool:
    """Whether a file is the app's (or its tests') or Streamlit's."""
    mine = filename.startswith(str(REPO)) and "site-packages" not in filename
    return mine or f"{os.sep}streamlit{os.sep}" in filename


def _grown(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, top: int) -> list[str]:
    """What grew from ``before`` to ``after`` by file, the ``top`` files; then the three
    places that grew most, each with the calls that led there (the app's and Streamlit's)."""
    stats = after.compare_to(before, "filename")
    total = sum(s.size_diff for s in stats) / 2**20
    lines = [f"    {'all':<70} {total:+8.2f} MB"]
    for stat in sorted(stats, key=lambda s: -s.size_diff)[:top]:
        where = _short(str(stat.traceback[0].filename))
        lines.append(f"    {where[-70:]:<70} {stat.size_diff / 2**20:+8.2f} MB")
    for stat in sorted(after.compare_to(before, "traceback"), key=lambda s: -s.size_diff)[:3]:
        lines.append(f"    {stat.size_diff / 2**20:+.2f} MB in {stat.count_diff:+d} blocks from:")
        lines += [
            f"      {_short(frame.filename)}:{frame.lineno}"
            for frame in reversed(stat.traceback)  # the allocation first
            if _ours(frame.filename)
        ][:8]
    return lines


def bench_in_process(*, visitors: int, rounds: int, top: int = 12) -> list[str]:
    """What each round of visitors left in this process once gone, by file (see the
    module)."""
    from trainer.progress.store import ENV_VAR

    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="trainer-memory-") as tmp:
        db = Path(tmp) / "memory.sqlite3"
        fill_history(db, REPO)
        old = os.environ.get(ENV_VAR)
        os.environ[ENV_VAR] = str(db)
        try:
            _apptest_visit(0)  # the app loaded once, as on a server warmed up
            gc.collect()
            tracemalloc.start(20)
            before = tracemalloc.take_snapshot()
            n, shown = 1, 0
            for r in range(1, rounds + 1):
                for _ in range(visitors):
                    _apptest_visit(n)
                    n += 1
                gc.collect()
                after = tracemalloc.take_snapshot()
                lines.append(f"  round {r}: {visitors} visitors gone, kept since the last round")
                lines += _grown(before, after, top)
                print("\n".join(lines[shown:]))
                shown = len(lines)
                before = after
            tracemalloc.stop()
        finally:
            if old is None:
                os.environ.pop(ENV_VAR, None)
            else:
                os.environ[ENV_VAR] = old
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    line_by_line()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=20, help="visitors a round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of visitors")
    parser.add_argument(
        "--ttl", type=float, default=5, help="seconds a disconnected session is kept"
    )
    parser.add_argument(
        "--in-process", action="store_true", help="trace the visits in this process instead"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.in_process:
        print(f"What {args.visitors} visitors a round leave behind in the process (AppTest)")
        bench_in_process(visitors=args.visitors, rounds=args.rounds)
    else:
        print(f"The server's resident memory, {args.visitors} visitors a round")
        with contextlib.suppress(KeyboardInterrupt):
            bench_server(visitors=args.visitors, rounds=args.rounds, ttl=args.ttl)
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

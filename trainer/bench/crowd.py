"""Crowd benchmark: ``python -m trainer.bench.crowd [--users N] [--rounds N] [--first-runs] [--app DIR ...]``,
and across several app servers sharing one PostgreSQL: ``--servers 3 [--users 48] [--store URL]``;
either on a starved machine with ``--busy N``.

``users`` people (16 by default) answer a Practice question at the same moment, against
one server process (the app started as the README starts it, on a free loopback port). Each
person here is a :class:`~trainer.bench.visitor.Visitor`: a program that speaks Streamlit's own websocket
protocol, the messages a browser tab sends and receives, without drawing the page. So
the figures are the server's share of the wait, free of 16 browsers drawing their
pages on the same cores as the server (which real people do on their own machines);
the browser benchmark (:mod:`trainer.bench.browser`) times what one page takes to draw.

Each round every visitor types a total and presses "Check" at once (one message each,
as the browser sends it); the wait is from that message until the server has sent the
whole new page (the run's ``script_finished``), which is also checked for the verdict.
Then they all press "Next question" the same way. Printed: the median and worst wait,
the answers handled a second, and the server's processor time per answer. With
``--first-runs``, each page is also timed as the first thing asked of a server just
started (as the README starts it), one server per page. With two
``--app`` checkouts every figure is measured for each, interleaved, with their ratio.
Nothing is asserted.

With ``--servers N`` (see :mod:`trainer.bench.servers`), 48 players answer Practice
questions and play games through the Play page at once across N app servers on one
PostgreSQL store (a throwaway server started from Debian's ``postgresql`` package, unless
``--store`` names one), the first server is killed with ``kill -9`` halfway and its players
go on on the next, and the store is then checked against what every player sent; the same
crowd against one server is the peer. Its exit status is 1 when a check failed.

With ``--busy N``, N processes of the benchmark's own keep the machine's cores busy (each
spins, doing nothing useful) from before the servers start until the run ends, as other
work on a shared machine would: a club outgrows one server exactly when its machine is busy.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import statistics
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from trainer.bench import line_by_line, p95
from trainer.bench.serving import Server, busy, cpu_seconds, serving_checkout
from trainer.bench.visitor import Visitor, settled

REPO = Path(__file__).resolve().parents[2]
PLAYER = "Crowd"


@dataclass
class Figures:
    waits: list[float] = field(default_factory=list)
    rates: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    first_runs: dict[str, list[float]] = field(default_factory=dict)  # page -> seconds
    stored: int = 0  # answers the crowd's store holds at the end


async def crowd(
    server: Server, figures: Figures, *, users: int, rounds: int, player: str = PLAYER
) -> None:
    """``users`` visitors on Practice, as ``player``, answering ``rounds`` questions at the
    same moment."""
    async with contextlib.AsyncExitStack() as stack:
        visitors = [await stack.enter_async_context(Visitor(server.url)) for _ in range(users)]
        for n, visitor in enumerate(visitors):  # one after another: the race is the answering
            query = f"drill=hand&tier=club&seed={100 + n}&length={rounds + 1}&player={player}"
            page = await visitor.open("practice", query)
            if "practice_total_0" not in page.widgets:
                raise RuntimeError(f"no question on the page:\n{page.text()[:500]}")
        await settled(server.pid)
        for n in range(rounds):
            box = f"practice_total_{n}"
            cpu = cpu_seconds(server.pid)
            started = time.perf_counter()
            pages = await asyncio.gather(
                *(v.press("Check", {box: "5"}) for v in visitors)  # the form's submit button
            )
            elapsed = time.perf_counter() - started
            used = cpu_seconds(server.pid) - cpu
            for page in pages:
                if page.exception or "Next question" not in page.widgets:
                    figures.failed.append(page.exception or page.text()[:300])
                figures.waits.append(page.seconds)
            figures.rates.append(users / elapsed)
            figures.cpu.append(used / users)
            await asyncio.gather(*(v.press("practice_next") for v in visitors))


def _fill(db: Path) -> None:
    from trainer.progress.store import Store

    Store.open(db).create_profile(PLAYER)


@contextlib.contextmanager
def _app(app_dir: Path, workdir: Path, figures: Figures | None = None) -> Iterator[Server]:
    """The app served on a store of its own (``figures`` is told how many answers it holds
    at the end)."""
    db = workdir / f"crowd-{time.monotonic_ns()}.sqlite3"
    _fill(db)
    with serving_checkout(app_dir, db) as server:
        yield server
    if figures is not None:
        from trainer.progress.store import Store

        figures.stored = Store.open(db).count_attempts()


#: The pages timed by :func:`first_runs`: path and the address's query (before the player).
FIRST_PAGES: dict[str, tuple[str, str]] = {
    "home": ("", ""),
    "learn": ("learn", ""),
    "practice": ("practice", ""),
    "a practice link": ("practice", "drill=hand&tier=club&seed=3&"),
    "progress": ("progress", ""),
    "check": ("check", ""),
    "play": ("play", ""),
}


async def first_runs(
    apps: Sequence[Path],
    workdir: Path,
    results: Mapping[Path, Figures],
    pages: Sequence[str] | None = None,
) -> None:
    """Each page (of ``pages``, or every one) as the first thing a server just started is
    asked for: the server's time for that run, from the visitor's request to the last of
    the page (what a browser adds on top, loading Streamlit's own scripts, is in the
    browser benchmark)."""
    for name, (path, query) in FIRST_PAGES.items():
        if pages is not None and name not in pages:
            continue
        for app in apps:  # interleaved, so both checkouts see the same noise
            with _app(app, workdir) as server:
                async with Visitor(server.url) as visitor:
                    page = await visitor.open(path, f"{query}player={PLAYER}")
            if page.exception:
                results[app].failed.append(f"first run of {name}: {page.exception}")
            results[app].first_runs.setdefault(name, []).append(page.seconds)


async def run(
    apps: Sequence[Path],
    *,
    users: int,
    rounds: int,
    repeats: int,
    first: bool = False,
    pages: Sequence[str] | None = None,
) -> dict[Path, Figures]:
    results = {app: Figures() for app in apps}
    with tempfile.TemporaryDirectory(prefix="crowd-") as tmp, contextlib.ExitStack() as stack:
        if first:
            await first_runs(apps, Path(tmp), results, pages)
        servers = {app: stack.enter_context(_app(app, Path(tmp), results[app])) for app in apps}
        for _ in range(repeats):  # interleaved, so both checkouts see the same noise
            for app in apps:
                await crowd(servers[app], results[app], users=users, rounds=rounds)
    return results


def _row(name: str, values: list[float], unit: str) -> str:
    if not values:
        return f"{name:<44} no samples"
    scale, suffix = (1000.0, "ms") if unit == "ms" else (1.0, unit)
    median = statistics.median(values) * scale
    worst = (min(values) if unit == "/s" else max(values)) * scale  # the fewest answers a second
    tail = "" if unit == "/s" else f"   p95 {p95(values) * scale:8.1f} {suffix}"
    return (
        f"{name:<44} median {median:8.1f} {suffix}{tail}   worst {worst:8.1f} {suffix}"
        f"   n={len(values)}"
    )


def report(results: Mapping[Path, Figures], users: int) -> str:
    lines: list[str] = []
    medians: list[float] = []
    for app, figures in results.items():
        lines.append(f"== {app}")
        lines.append(_row(f"{users} people answering at once: wait", figures.waits, "ms"))
        lines.append(_row("answers handled a second", figures.rates, "/s"))
        lines.append(_row("server processor time an answer", figures.cpu, "ms"))
        for name, seconds in figures.first_runs.items():
            lines.append(_row(f"first run after a start: {name}", seconds, "ms"))
        if figures.failed:
            lines.append(
                f"!! {len(figures.failed)} answers without their verdict: {figures.failed[0]}"
            )
        if figures.waits:
            medians.append(statistics.median(figures.waits))
    if len(medians) == 2 and medians[1]:
        lines.append(f"median wait, first / second: {medians[0] / medians[1]:.2f}")
    return "\n".join(lines)


#: Defaults of the several-servers run (``--servers``): a few minutes on two cores.
SERVERS_USERS = 48
SERVERS_ANSWERS = 4
SERVERS_MOVES = 12


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.bench.crowd",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--users",
        type=int,
        help=f"people at once (default 16; {SERVERS_USERS} with --servers)",
    )
    parser.add_argument("--rounds", type=int, default=5, help="questions each person answers")
    parser.add_argument("--repeats", type=int, default=1, help="crowds, one after another")
    parser.add_argument(
        "--first-runs",
        action="store_true",
        help="also time each page as the first thing asked of a server just started",
    )
    parser.add_argument(
        "--first-pages",
        nargs="+",
        choices=list(FIRST_PAGES),
        metavar="PAGE",
        help=f"only these pages for --first-runs ({', '.join(FIRST_PAGES)}; default: all)",
    )
    parser.add_argument(
        "--app", type=Path, nargs="+", default=[REPO], help="checkouts to compare (one or two)"
    )
    parser.add_argument(
        "--json", metavar="FILE", help="also write the figures to FILE as JSON (for the tests)"
    )
    parser.add_argument(
        "--busy",
        type=int,
        default=0,
        metavar="N",
        help="N processes keep the cores busy for the whole run (a starved machine; default 0)",
    )
    several = parser.add_argument_group(
        "several app servers on one PostgreSQL (see trainer/bench/servers.py)"
    )
    several.add_argument(
        "--servers",
        type=int,
        help="app servers sharing one PostgreSQL store, the first killed with kill -9 halfway; "
        "the players answer Practice questions and play games, and what the store holds is "
        "checked against what they sent",
    )
    several.add_argument(
        "--store",
        metavar="URL",
        help="the PostgreSQL database to use (postgresql://user:password@host/database; its "
        "players are added under names of their own and removed at the end); without it, a "
        "throwaway PostgreSQL server is started from Debian's postgresql package (as the "
        "tests start theirs: apt-get install postgresql) and removed at the end",
    )
    several.add_argument(
        "--answers",
        type=int,
        default=SERVERS_ANSWERS,
        help=f"Practice questions each player answers (default {SERVERS_ANSWERS})",
    )
    several.add_argument(
        "--moves",
        type=int,
        default=SERVERS_MOVES,
        help=f"moves each player makes in the Play page's game (default {SERVERS_MOVES})",
    )
    several.add_argument("--no-kill", action="store_true", help="kill no server")
    several.add_argument(
        "--kill-after",
        type=float,
        default=0.5,
        metavar="SHARE",
        help="the share of all the steps done when the first server is killed (default 0.5)",
    )
    several.add_argument(
        "--keep-players",
        action="store_true",
        help="with --store: leave the players, their answers and games in it (to read back)",
    )
    several.add_argument(
        "--no-peer", action="store_true", help="skip the peer run (the same crowd on one server)"
    )
    args = parser.parse_args(argv)
    line_by_line()
    if not 0 <= args.busy <= 64:
        print("--busy must be from 0 to 64.")
        return 2
    with busy(args.busy) as spinning:
        if spinning:
            ids = ", ".join(map(str, spinning))
            print(f"{len(spinning)} processes keep the cores busy for the whole run (ids {ids}).")
        return _servers_or_crowd(args)


def _servers_or_crowd(args: argparse.Namespace) -> int:
    if args.servers is not None:
        return _several(args)
    users = 16 if args.users is None else args.users
    if users < 1 or args.rounds < 1 or args.repeats < 1:
        print("--users, --rounds and --repeats must be at least 1.")
        return 2
    print(
        f"{users} people answering {args.rounds} questions each at once, "
        f"{args.repeats} crowd(s), on {len(args.app)} checkout(s): measuring ..."
    )
    results = asyncio.run(
        run(
            args.app,
            users=users,
            rounds=args.rounds,
            repeats=args.repeats,
            first=args.first_runs,
            pages=args.first_pages,
        )
    )
    print(report(results, users))
    if args.json:
        found = {str(app): dataclasses.asdict(figures) for app, figures in results.items()}
        Path(args.json).write_text(json.dumps(found, indent=1), encoding="utf-8")
    return 0


def _several(args: argparse.Namespace) -> int:
    from trainer.bench import servers as bench_servers
    from trainer.bench import servers_report

    users = SERVERS_USERS if args.users is None else args.users
    if args.servers < 1 or users < 1 or args.answers < 0 or args.moves < 0:
        print("--servers and --users must be at least 1, --answers and --moves at least 0.")
        return 2
    if args.answers + args.moves < 1:
        print("--answers and --moves cannot both be 0.")
        return 2
    if len(args.app) != 1:
        print("--servers runs one checkout (give one --app).")
        return 2
    if not 0 < args.kill_after < 1:
        print("--kill-after must be between 0 and 1.")
        return 2
    if args.store is not None and not args.store.startswith(("postgresql://", "postgres://")):
        print(f"--store must be a postgresql:// URL, not {args.store!r}.")
        return 2
    try:
        runs = bench_servers.run(
            args.app[0],
            servers=args.servers,
            users=users,
            answers=args.answers,
            moves=args.moves,
            store=args.store,
            kill=not args.no_kill,
            peer=not args.no_peer,
            kill_after=args.kill_after,
            keep=args.keep_players,
        )
    except (RuntimeError, OSError) as err:
        print(f"The benchmark could not run: {err}")
        return 1
    print(servers_report.report(runs, answers=args.answers, moves=args.moves, store=args.store))
    if args.json:
        Path(args.json).write_text(json.dumps(servers_report.as_json(runs), indent=1), "utf-8")
    return 1 if servers_report.problems(runs) else 0


if __name__ == "__main__":
    raise SystemExit(main())

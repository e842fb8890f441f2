"""Benchmark of the Play page: ``python -m trainer.bench.play [--level L] [--seats N] [--trace N]
[--meter]``
(the easy game's figures are also printed by ``python -m trainer.bench``).

A game to 61 at each level is played through the page in Streamlit's AppTest, one
interaction at a time (the person throws the first two cards, or the first one with three
or four at the table, lays the first card that fits, counts right), at each table size
given with ``--seats`` (2, 3 or 4; repeat it for several; two by default), on a fresh
database file, after the app's warm-up (``--cold``: without it). For each interaction the page script's own time is measured (what the server spends),
with and without the time the computer spent choosing its cards (timed separately), and the
script thread's CPU time, which other work on a busy machine does not inflate. The figures
are grouped by kind of interaction: cut, throw, lay, count, continue. ``--trace N`` profiles
every run (cProfile, by CPU time) and prints the N slowest interactions' heaviest calls and
the whole game's. ``--browser N`` instead plays N whole games against Easy in Chromium
(:func:`trainer.bench.browser_play.play_game`): each game's duration and the wait after each click.

The win meter (``--meter``): the same game at each level played twice, with the
meter beside the board off and on (the player's setting), and each kind's page time
with it on against off (:func:`report_meter`).

Printed last, or alone with ``--review`` and ``--import``: the game review's figures and
reading back the largest record a person may paste (:mod:`trainer.bench.review`).

:func:`bench_play_page` keeps the older summary for ``trainer.bench``: the easy game's
server time, and the whole AppTest run against a one-line page's rerun (the peer).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import CodeType
from typing import NamedTuple

from trainer.analysis import LEVELS, Level
from trainer.bench import line_by_line
from trainer.bench.playing import BENCH_PLAYER, bench_database, interact
from trainer.bench.review import REVIEW_SEEDS, report_import, report_review
from trainer.progress.store import ENV_VAR, Store
from trainer.training.records import Preferences
from trainer.training.table import Need, Table
from trainer.ui.play_page.state import STATE_KEY as PLAY_STATE

PAGE = Path(__file__).resolve().parents[1] / "ui" / "views" / "play.py"
_PEER = "import streamlit as st\nst.write('peer')\n"
#: The page run inside a timer: the script's own time, without AppTest's harness.
_TIMED = """import cProfile
import time
import streamlit as st
from trainer.bench.play import page_code as _bench_code
_bench_profile = (
    cProfile.Profile(time.thread_time) if st.session_state.get("_bench_trace") else None
)
_bench_t0 = time.perf_counter()
_bench_c0 = time.thread_time()
if _bench_profile is not None:
    _bench_profile.enable()
try:
    exec(_bench_code({page!r}))
finally:
    if _bench_profile is not None:
        _bench_profile.disable()
        st.session_state.setdefault("_bench_profiles", []).append(_bench_profile)
    st.session_state.setdefault("_bench_runs", []).append(time.perf_counter() - _bench_t0)
    st.session_state.setdefault("_bench_cpu", []).append(time.thread_time() - _bench_c0)
"""


@cache
def page_code(path: str) -> CodeType:
    """The page compiled once, as Streamlit keeps a page's byte code between runs."""
    return compile(Path(path).read_text(encoding="utf-8"), path, "exec")


@contextmanager
def _computer_timed(spent: list[float], cpu: list[float] | None = None) -> Iterator[None]:
    """Time the computer's own decisions while the page runs (wall clock into ``spent``, the
    thread's CPU time into ``cpu``)."""
    originals = {name: getattr(Table, name) for name in ("_computer_discard", "_computer_lay")}

    def timed(original: Callable[[Table, int], None]) -> Callable[[Table, int], None]:
        def run(self: Table, seat: int) -> None:
            start = time.perf_counter()
            start_cpu = time.thread_time()
            try:
                original(self, seat)
            finally:
                spent.append(time.perf_counter() - start)
                if cpu is not None:
                    cpu.append(time.thread_time() - start_cpu)

        return run

    for name, original in originals.items():
        setattr(Table, name, timed(original))
    try:
        yield
    finally:
        for name, original in originals.items():
            setattr(Table, name, original)


#: The kinds of interaction the figures are grouped by, from what the person had to do.
KINDS: dict[Need, str] = {
    Need.CUT_FOR_DEAL: "cut",
    Need.CUT_STARTER: "cut",
    Need.DISCARD: "throw",
    Need.LAY: "lay",
    Need.CLAIM: "count",
    Need.REVEAL: "continue",
}


class Timing(NamedTuple):
    """One interaction: its kind, the page script's own time (the server's), the whole
    AppTest run, and the computer's thinking inside it (seconds, thinking included); and the
    script thread's CPU time with the computer's share of it (steadier on a busy machine)."""

    kind: str
    script: float
    run: float
    thinking: float
    cpu: float = 0.0
    thinking_cpu: float = 0.0

    @property
    def script_alone(self) -> float:
        """The page's own work: the script's time less the computer's thinking."""
        return max(self.script - self.thinking, 0.0)

    @property
    def cpu_alone(self) -> float:
        return max(self.cpu - self.thinking_cpu, 0.0)


class Traced(NamedTuple):
    """A slow interaction and its profile's heaviest calls (``pstats`` text)."""

    number: int
    timing: Timing
    profile: str


def _profile_text(profiles: Sequence[cProfile.Profile], lines: int) -> str:
    """The heaviest calls of an interaction's page runs (a throw or a lay is two runs)."""
    out = io.StringIO()
    if not profiles:
        return ""
    stats = pstats.Stats(profiles[0], stream=out)
    for more in profiles[1:]:
        stats.add(more)
    stats.strip_dirs().sort_stats("cumulative").print_stats(lines)
    return out.getvalue()


def play_through(
    level: str = "easy",
    target: int = 61,
    *,
    max_interactions: int = 400,
    seed: int = 20261201,
    trace: int = 0,
    trace_lines: int = 25,
    warm: bool = True,
    counting: str = "muggins",
    seats: int = 2,
    meter: str | None = None,
) -> tuple[list[Timing], list[Traced]]:
    """A whole game through the Play page in AppTest, the person playing the first card that
    fits; each interaction timed, after the app's warm-up has run (unless ``warm`` is
    False: then the first interactions pay for what is loaded once per process). With ``trace``, every run is profiled (by the script
    thread's CPU time, so that other work on the machine does not show) and the profiles of
    the ``trace`` slowest (by the page's own CPU time) are kept, then the whole game's.
    ``meter`` (``"on"``/``"off"``) is the player's win meter setting (None: not chosen)."""
    from streamlit.testing.v1 import AppTest

    from trainer.ui.session import PLAYER_PARAM, player_param

    if warm:  # as on a server that has been up for a moment (trainer/app.py starts this)
        from trainer.ui.warmup import warm_up

        warm_up().join()
    with bench_database() as folder:
        timed_page = folder / "play_timed.py"
        timed_page.write_text(_TIMED.format(page=str(PAGE)))
        at = AppTest.from_file(str(timed_page), default_timeout=120)
        store = Store.open(os.environ[ENV_VAR])
        player = store.create_profile(BENCH_PLAYER)
        if meter is not None:
            store.set_preferences(player.id, Preferences(meter=meter == "on"))
        at.query_params[PLAYER_PARAM] = player_param(player)  # as a bookmark names them
        at.run()
        at.radio(key="play_level").set_value(level)
        at.radio(key="play_target").set_value(target)
        at.radio(key="play_counting_off").set_value(
            counting
        )  # (coach off) muggins: the person counts too
        at.selectbox(key="play_seats").set_value(seats)
        random.seed(seed)  # the page deals from Python's generator: the same game each time
        at.button(key="play_start").click()
        at.run()
        timings: list[Timing] = []
        traced: list[Traced] = []
        game_profiles: list[cProfile.Profile] = []
        for index in range(max_interactions):
            table: Table = at.session_state[PLAY_STATE].game.table
            if table.need() is Need.OVER:
                break
            need = interact(at)
            at.session_state["_bench_runs"] = []
            at.session_state["_bench_cpu"] = []
            at.session_state["_bench_profiles"] = []
            at.session_state["_bench_trace"] = bool(trace)
            spent: list[float] = []
            spent_cpu: list[float] = []
            with _computer_timed(spent, spent_cpu):
                start = time.perf_counter()
                at.run()
                elapsed = time.perf_counter() - start
            if at.exception:
                raise RuntimeError(f"the Play page failed: {at.exception}")
            timing = Timing(
                KINDS[need],
                sum(at.session_state["_bench_runs"]),
                elapsed,
                sum(spent),
                sum(at.session_state["_bench_cpu"]),
                sum(spent_cpu),
            )
            timings.append(timing)
            if trace:
                game_profiles.extend(at.session_state["_bench_profiles"])
                profile = _profile_text(at.session_state["_bench_profiles"], trace_lines)
                traced.append(Traced(index, timing, profile))
                traced.sort(key=lambda t: -t.timing.cpu_alone)
                del traced[trace:]
        if trace and timings:
            whole = Timing("whole game", *(sum(v) for v in list(zip(*timings, strict=True))[1:]))
            traced.append(Traced(-1, whole, _profile_text(game_profiles, 2 * trace_lines)))
    return timings, traced


def _at(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(len(ordered) * share), len(ordered) - 1)]


class KindFigures(NamedTuple):
    """One kind of interaction at one level (ms): how many, and the page's own time and the
    time with the computer's thinking, each as median, 90th percentile and worst."""

    kind: str
    interactions: int
    alone: tuple[float, float, float]
    with_thinking: tuple[float, float, float]
    thinking_worst: float
    cpu_alone: tuple[float, float, float]
    thinking_cpu_worst: float


def _three(values: Sequence[float]) -> tuple[float, float, float]:
    return (1000 * _at(values, 0.5), 1000 * _at(values, 0.9), 1000 * max(values))


def kind_figures(timings: Sequence[Timing]) -> list[KindFigures]:
    """Figures per kind of interaction, then ``all`` of them together."""
    kinds = sorted({t.kind for t in timings}, key=list(dict.fromkeys(KINDS.values())).index)
    groups = [(kind, [t for t in timings if t.kind == kind]) for kind in kinds]
    out = []
    for kind, group in [*groups, ("all", list(timings))]:
        if group:
            out.append(
                KindFigures(
                    kind,
                    len(group),
                    _three([t.script_alone for t in group]),
                    _three([t.script for t in group]),
                    1000 * max(t.thinking for t in group),
                    _three([t.cpu_alone for t in group]),
                    1000 * max(t.thinking_cpu for t in group),
                )
            )
    return out


def bench_play_page(max_interactions: int = 400, level: str = "easy") -> list[tuple[str, float]]:
    """Median and worst server time per interaction (ms), without the computer's thinking,
    against the peer page's rerun."""
    from streamlit.testing.v1 import AppTest

    with bench_database() as folder:
        peer_script = folder / "peer.py"
        peer_script.write_text(_PEER)
        peer = AppTest.from_file(str(peer_script), default_timeout=60)
        peer.run()
        peer_times = []
        for _ in range(20):
            start = time.perf_counter()
            peer.run()
            peer_times.append(time.perf_counter() - start)
    timings, _ = play_through(level, 61, max_interactions=max_interactions)
    script = sorted(t.script_alone for t in timings)
    times = sorted(t.run - t.thinking for t in timings)
    peer_times.sort()
    median = times[len(times) // 2]
    peer_median = peer_times[len(peer_times) // 2]
    return [
        ("interactions in a game to 61 (count)", float(len(times))),
        ("page script, median (ms)", 1000 * script[len(script) // 2]),
        ("page script, 90th percentile (ms)", 1000 * script[len(script) * 9 // 10]),
        ("page script, worst (ms)", 1000 * script[-1]),
        ("AppTest run, median (ms)", 1000 * median),
        ("AppTest run, worst (ms)", 1000 * times[-1]),
        ("computer thinking, worst (ms)", 1000 * max(t.thinking for t in timings)),
        ("peer: one-line page rerun (ms)", 1000 * peer_median),
        ("median over the peer (ratio)", median / peer_median),
    ]


def report_levels(
    levels: Sequence[str],
    target: int,
    *,
    trace: int = 0,
    seed: int = 20261201,
    warm: bool = True,
    seats: Sequence[int] = (2,),
    each: Callable[[str], object] | None = None,
    max_interactions: int = 400,
    found: dict[str, object] | None = None,
) -> str:
    """The per-level, per-kind table (and the traced profiles), as printed by :func:`main`:
    a game per level at each table size in ``seats`` (at most ``max_interactions`` clicks
    each); ``each`` is given every line as soon as it is made (a level's rows once it is
    played); ``found`` is given each game's timings, figures and traces under
    ``"<seats> seats, <level>"``."""
    lines = [
        f"Play page, a game to {target} per level and table size: the page script's time in",
        "ms as median / p90 / worst; alone = less the computer's thinking, with = all of it,",
        "CPU = the script thread's CPU time less the computer's",
        f"  {'seats':<6}{'level':<7}{'kind':<9}{'n':>4}  {'alone':>22}  {'with thinking':>22}"
        f"  {'think max':>9}  {'CPU alone':>22}  {'think CPU':>9}",
    ]
    profiles: list[str] = []
    told = 0

    def tell() -> None:
        nonlocal told
        if each is not None:
            for line in lines[told:]:
                each(line)
        told = len(lines)

    tell()
    for size, level in ((size, level) for size in seats for level in levels):
        timings, traced = play_through(
            level,
            target,
            trace=trace,
            seed=seed,
            warm=warm,
            seats=size,
            max_interactions=max_interactions,
        )
        figures = kind_figures(timings)
        if found is not None:
            found[f"{size} seats, {level}"] = {
                "timings": [t._asdict() for t in timings],
                "figures": [f._asdict() for f in figures],
                "traced": [
                    {"number": t.number, "timing": t.timing._asdict(), "profile": t.profile}
                    for t in traced
                ],
            }
        for f in figures:
            alone, whole, cpu = (
                " / ".join(f"{v:6.1f}" for v in v3)
                for v3 in (f.alone, f.with_thinking, f.cpu_alone)
            )
            lines.append(
                f"  {size:<6}{level:<7}{f.kind:<9}{f.interactions:>4}  {alone:>22}  {whole:>22}"
                f"  {f.thinking_worst:9.1f}  {cpu:>22}  {f.thinking_cpu_worst:9.1f}"
            )
        for t in traced:
            profiles.append(
                f"--- {size} seats, {level}, interaction {t.number} ({t.timing.kind}): script "
                f"{1000 * t.timing.script:.1f} ms, thinking {1000 * t.timing.thinking:.1f} ms\n"
                + t.profile
            )
        tell()
    if each is not None:
        for profile in profiles:
            each(profile)
    return "\n".join([*lines, *profiles])


def meter_figures(
    level: str = "easy",
    target: int = 61,
    *,
    seed: int = 20261201,
    warm: bool = True,
    max_interactions: int = 400,
) -> list[tuple[str, KindFigures, KindFigures]]:
    """The same game played through the page with the win meter off, then on: each
    kind's figures for both (the lines of the game, worked out at the results either way,
    are forgotten before each run, so neither finds the other's)."""
    from trainer.ui.winchart import forget_lines

    runs = {}
    for meter in ("off", "on"):
        forget_lines()
        timings, _ = play_through(
            level, target, seed=seed, warm=warm, meter=meter, max_interactions=max_interactions
        )
        runs[meter] = {f.kind: f for f in kind_figures(timings)}
    return [
        (kind, runs["off"][kind], runs["on"][kind]) for kind in runs["off"] if kind in runs["on"]
    ]


def report_meter(
    levels: Sequence[str],
    target: int,
    *,
    seed: int = 20261201,
    warm: bool = True,
    max_interactions: int = 400,
    found: dict[str, object] | None = None,
) -> str:
    """The page's time per click with the win meter off and on (ms, median / p90 of the
    page's own time, and the median thread CPU time), and on over off (``found`` is given
    each level's rows: kind, figures off, figures on)."""
    lines = [
        f"Play page with the win meter off and on, a game to {target}: the page script's",
        "time in ms without the computer's thinking (median / p90) and its CPU (median)",
        f"  {'level':<7}{'kind':<9}{'n':>4}  {'off':>15}  {'on':>15}  {'CPU off':>8}"
        f"  {'CPU on':>8}  {'on/off':>6}  {'CPU on/off':>10}",
    ]
    for level in levels:
        rows = meter_figures(level, target, seed=seed, warm=warm, max_interactions=max_interactions)
        if found is not None:
            found[level] = [(kind, off._asdict(), on._asdict()) for kind, off, on in rows]
        for kind, off, on in rows:
            ratio = on.alone[0] / off.alone[0] if off.alone[0] else float("nan")
            cpu = on.cpu_alone[0] / off.cpu_alone[0] if off.cpu_alone[0] else float("nan")
            lines.append(
                f"  {level:<7}{kind:<9}{on.interactions:>4}  "
                f"{off.alone[0]:6.1f} / {off.alone[1]:6.1f}  {on.alone[0]:6.1f} / {on.alone[1]:6.1f}"
                f"  {off.cpu_alone[0]:8.1f}  {on.cpu_alone[0]:8.1f}  {ratio:6.2f}  {cpu:10.2f}"
            )
    return "\n".join(lines)


def browser_game(level: str = "Easy", games: int = 1) -> str:
    """Whole 61-point games in Chromium (see :func:`trainer.bench.browser_play.play_game`)."""
    import asyncio
    import shutil

    from trainer.bench import browser_figures
    from trainer.bench import browser_setup as stage
    from trainer.bench.browser_play import play_game
    from trainer.bench.chromium import CHROMIUM, CHROMIUM_ARGS

    async def run() -> browser_figures.Figures:
        from playwright.async_api import async_playwright

        figures = browser_figures.Figures()
        workdir = Path(tempfile.mkdtemp(prefix="trainer-bench-play-"))
        try:
            with stage.running_app(stage.REPO, workdir) as server:
                async with async_playwright() as pw:
                    browser = await pw.chromium.launch(
                        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                    )
                    for n in range(games):  # the first meets the server's warm-up
                        await play_game(
                            browser, server.url, figures, level=level, name=f"game {n + 1}"
                        )
                    await browser.close()
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
        return figures

    return browser_figures.report({stage.REPO: asyncio.run(run())})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench.play", description=__doc__)
    parser.add_argument(
        "--level", action="append", choices=LEVELS, help="default: every level (the review: normal)"
    )
    parser.add_argument(
        "--target", type=int, choices=(61, 121), help="default: 61, and 121 for the review"
    )
    parser.add_argument(
        "--seats",
        type=int,
        action="append",
        choices=(2, 3, 4),
        help="how many at the table (repeat for several; default: two)",
    )
    parser.add_argument("--seed", type=int, default=20261201, help="the games' deal")
    parser.add_argument("--trace", type=int, default=0, help="profile the N slowest per level")
    parser.add_argument("--cold", action="store_true", help="no warm-up: first use in a process")
    parser.add_argument(
        "--browser", type=int, default=0, metavar="GAMES", help="play GAMES games in Chromium"
    )
    parser.add_argument(
        "--review", action="store_true", help="only the game review's figures (games to 121)"
    )
    parser.add_argument(
        "--meter",
        action="store_true",
        help="only the win meter's cost: each level's game with the meter off, then on",
    )
    parser.add_argument(
        "--import", dest="import_", action="store_true",
        help="only the figures of reading back the largest record a person may paste",
    )  # fmt: skip
    parser.add_argument(
        "--summary",
        action="store_true",
        help="only the summary python -m trainer.bench prints (the easy game to 61)",
    )
    parser.add_argument(
        "--per-kind",
        action="store_true",
        help="only the per-level, per-kind table (no review, no reading back)",
    )
    parser.add_argument(
        "--interactions", type=int, default=400, help="at most this many clicks a game"
    )
    parser.add_argument(
        "--review-seeds",
        type=int,
        nargs="+",
        default=list(REVIEW_SEEDS),
        metavar="SEED",
        help="the games the review is timed on",
    )
    parser.add_argument("--runs", type=int, default=3, help="reviews of each game timed")
    parser.add_argument(
        "--json", metavar="FILE", help="also write the figures to FILE as JSON (for the tests)"
    )
    args = parser.parse_args(argv)
    line_by_line()
    from trainer.bench.quick import _quiet_streamlit

    _quiet_streamlit()
    found: dict[str, object] = {}
    try:
        return _run(args, found)
    finally:
        if args.json:
            Path(args.json).write_text(json.dumps(found, indent=1), encoding="utf-8")


def _run(args: argparse.Namespace, found: dict[str, object]) -> int:
    """What :func:`main` was asked for, its figures also put in ``found``."""
    target = args.target or 61
    review_target = args.target or 121
    review_level: Level = args.level[0] if args.level else "normal"

    def review() -> str:
        return report_review(
            review_target,
            review_level,
            warm=not args.cold,
            seeds=args.review_seeds,
            runs=args.runs,
            found=found,
        )

    if args.summary:
        rows = found["summary"] = bench_play_page(args.interactions)
        print("Play page, server time per interaction without the computer's thinking")
        for label, value in rows:
            print(f"  {label:<40} {value:>8.2f}")
        return 0
    if args.browser:
        print(browser_game("Easy", args.browser))
        return 0
    if args.review:
        print(review())
        return 0
    if args.meter:
        meter: dict[str, object] = {}
        found["meter"] = meter
        print(
            report_meter(
                args.level or ["easy"],
                target,
                seed=args.seed,
                warm=not args.cold,
                max_interactions=args.interactions,
                found=meter,
            )
        )
        return 0
    if args.import_:
        print(report_import())
        return 0
    levels = args.level or LEVELS
    games: dict[str, object] = {}
    found["kinds"] = list(dict.fromkeys(KINDS.values()))  # the order they are given in
    found["games"] = games
    report_levels(
        levels,
        target,
        trace=args.trace,
        seed=args.seed,
        warm=not args.cold,
        seats=args.seats or (2,),
        each=print,
        max_interactions=args.interactions,
        found=games,
    )
    if args.per_kind:
        return 0
    print("The game review: measuring ...")
    print(review())
    print(report_import())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

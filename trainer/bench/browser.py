"""Browser benchmark: ``python -m trainer.bench.browser [--rounds N] [--users N] [--starts N]
[--only PART ...] [--app DIR ...] [--json FILE]``; ``--report FILE`` prints the report of
figures saved with ``--json`` again, ``--dry-run`` says what would be measured.

What a learner waits for, measured in Debian's Chromium (headless, driven by
Playwright) against the app, started as the README starts it (``python -m trainer app``),
on a free loopback port, each figure beside **the floor**: a one-line Streamlit page
(``st.write("hi")``, with one button to click:
:data:`~trainer.bench.browser_setup.FLOOR_PAGE`) served the same way
(:func:`trainer.bench.serving.serving`, the same options, from the same folder), in the same run
and the same browser. Every load is also given as a ratio to the floor page's load of the
same kind, and every click as a ratio to the floor button's round trip (to the frame
painted, or to the end of the script run, as that figure is timed): what Streamlit costs
anyway is the floor, and the ratio is what the trainer adds to it. The clicks timed until
painted each have a floor of their own: the floor button clicked in a tab beside theirs just
before each of them (:func:`~trainer.bench.browser_figures.beside`), so that a click and its
floor are measured under the same load of the machine. Those clicks are timed in
:mod:`trainer.bench.browser_clicks`; this module starts the servers and runs each part.

* the first load of each page (the Play page with a game on the table, the Review page
  of a finished game), each on a server just started (as the README starts it;
  ``--starts`` times), in a browser new to the app and in one that has visited before,
  and how long the start took; a fresh load later;
* the floor page's button, pressed until the new text is painted;
* Practice: pressing "Check" until the explanation is painted;
* Practice, claim mode: pressing "That's everything" until the grade is painted;
* Check a hand: pressing Enter until the new total is painted, and the fifth tap in its
  grid until the total is painted;
* Review: "Next deal" until the next deal is painted; and the Review page of a game never
  reviewed, opened from its link on Progress (read first: the server idle) until its run
  has finished, on a server just started each time (at most three);
* several people (16 by default) answering at the same moment against one server
  process: one in Chromium, timed until its explanation is painted, the others speaking
  Streamlit's protocol without drawing (see :mod:`trainer.bench.crowd`), timed until the
  server has sent their page; and the processor time an answer cost the server;
* Play: a whole 61-point game against Easy, always laying the first card that fits: the
  game's duration and the wait after each click, to the end of the script run it asked for
  (alone: ``python -m trainer.bench.play --browser``);
* with ``--only review`` (not run otherwise): whole 61-point games at two, three and four at
  the table, then "Review this game" on the results screen, timed until the Review page's
  run has finished, against the same game's median click (at two, once clicked at once and
  once after the results have been read: the server idle); ``--games N`` plays each N times;
* with ``--only profile`` (not run otherwise): where each page's load and one click of
  each kind spend their time, beside the floor page's: the browser's main thread (all its
  tasks, and the scripts, layout and style among them, from Chrome's own counters), the
  server's processor time, and the scripts the page fetched (files and kilobytes). It
  shows where Streamlit itself is the cost: its frontend drawing, and its chunks.

Clicks are timed inside the page, from just before the key press to the animation
frame after the awaited element appears; page loads from ``goto`` until the page's
last element is painted and Streamlit reports the run finished. Medians and worst
cases are printed; nothing is asserted. ``--only loads clicks crowd play profile`` runs
some parts only. The machine's noise is best handled by
``--app``: give it two checkouts (say, an older one and this one) and every figure
is measured for each, interleaved, in the same run, and printed with their ratio.

Here: each part's scenarios, the run and the command. The servers and the tab are
:mod:`~trainer.bench.browser_setup`, the whole game :mod:`~trainer.bench.browser_play`,
the figures and the report :mod:`~trainer.bench.browser_figures`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import shutil
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from trainer.bench import browser_clicks, line_by_line
from trainer.bench.browser_figures import (
    FLOOR,
    REVIEW_FROM_PROGRESS,
    Figures,
    Profile,
    load_figures,
    report,
    row,
    save_figures,
)
from trainer.bench.browser_play import play_game
from trainer.bench.browser_setup import (
    MISSED_CLICK_S,
    PAGES,
    PLAYER,
    REPO,
    REVIEW_GAME,
    TIMEOUT_MS,
    Urls,
    idle,
    load_page,
    new_tab,
    running_app,
    running_floor,
    server_for,
    timed_action,
    timed_run,
)
from trainer.bench.chromium import CHROMIUM, CHROMIUM_ARGS
from trainer.bench.serving import cpu_seconds, free_port
from trainer.bench.visitor import ScriptRuns, Visitor, settled

#: The parts of the benchmark ``--only`` can choose (``review`` and ``profile`` run only when
#: asked for).
PARTS = ("loads", "clicks", "crowd", "play")
EVERY_PART = (*PARTS, "review", "profile")


async def _first_loads(browser: Any, app: Path, workdir: Path, figures: Figures) -> None:
    """Each page the first thing a server started afresh is asked for: in a browser that has
    never seen the app, then in one that has (as a family's or a club's computer has: it
    keeps Streamlit's scripts, which are served as never changing), the server restarted on
    the same address for each page."""
    for name, (path, marker) in PAGES.items():
        with server_for(name, app, workdir) as server:
            start = "floor start" if name == FLOOR else "server start"
            figures.add(f"{start}, until it answers", server.started_in)
            async with new_tab(browser) as page:
                figures.add(
                    f"first load: {name}", await load_page(page, f"{server.url}/{path}", marker)
                )
    port = free_port()
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        with running_app(app, workdir, port=port) as server:  # an earlier visit
            page = await context.new_page()
            await load_page(page, server.url, PAGES["home"][1])
            await page.close()
        for name, (path, marker) in PAGES.items():
            with server_for(name, app, workdir, port=port) as server:
                page = await context.new_page()
                page.set_default_timeout(TIMEOUT_MS)
                seconds = await load_page(page, f"{server.url}/{path}", marker)
                figures.add(f"first load, returning browser: {name}", seconds)
                await page.close()
    finally:
        await context.close()


async def _fresh_loads(browser: Any, urls: Urls, figures: Figures) -> None:
    for name, (path, marker) in PAGES.items():
        url = urls.floor if name == FLOOR else urls.app
        async with new_tab(browser) as page:
            seconds = await load_page(page, f"{url}/{path}", marker)
            if name != FLOOR:
                figures.add("fresh page load (any page)", seconds)
            figures.add(f"fresh load: {name}", seconds)


#: Rounds of :func:`_reviews_from_progress` at most: each starts a server of its own.
_PROGRESS_OPENS = 3


async def _reviews_from_progress(
    browser: Any, urls: Urls, figures: Figures, *, rounds: int
) -> None:
    """The Review page of the player's newest finished game (to 121, never reviewed), opened
    by its "Review" link on Progress once the server is idle (the page read), until the
    Review page's run has finished: on a server just started each round, so nothing was
    worked out before Progress was opened."""
    for _ in range(min(rounds, _PROGRESS_OPENS)):
        with running_app(urls.checkout, urls.workdir or Path(tempfile.gettempdir())) as server:
            async with new_tab(browser) as page:
                runs = ScriptRuns()
                runs.watch(page)
                await load_page(page, f"{server.url}/progress", PAGES["progress"][1])
                await settled(server.pid)
                game = page.locator(f".st-key-progress_game_{REVIEW_GAME}")
                link = game.get_by_role("link", name="Review")
                runs.finished.clear()
                started = time.perf_counter()
                await link.click()
                await asyncio.wait_for(runs.finished.wait(), MISSED_CLICK_S * 4)
                figures.add(REVIEW_FROM_PROGRESS, runs.at - started)
                await page.get_by_text(PAGES["review"][1]).first.wait_for()
                await idle(page)


_CHROME_COUNTERS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")
#: The scripts a page has fetched: how many, and their bytes.
_SCRIPTS = """() => {
  const js = performance.getEntriesByType("resource").filter((e) => /\\.m?js(\\?|$)/.test(e.name));
  return [js.length, js.reduce((n, e) => n + (e.encodedBodySize || e.transferSize || 0), 0)];
}"""


async def _counters(session: Any) -> dict[str, float]:
    metrics = (await session.send("Performance.getMetrics"))["metrics"]
    return {m["name"]: float(m["value"]) for m in metrics if m["name"] in _CHROME_COUNTERS}


async def _profiled(
    page: Any, session: Any, pids: Sequence[int | None], action: Callable[[], Awaitable[float]]
) -> Profile:
    """Run ``action`` (it returns its wait) and read what the browser and the servers spent."""
    before = await _counters(session)
    cpu = [cpu_seconds(pid) if pid else 0.0 for pid in pids]
    wait = await action()
    after = await _counters(session)
    server = sum((cpu_seconds(pid) if pid else 0.0) - c for pid, c in zip(pids, cpu, strict=True))
    spent = {name: after.get(name, 0.0) - before.get(name, 0.0) for name in _CHROME_COUNTERS}
    files, size = await page.evaluate(_SCRIPTS)
    return Profile(
        wait,
        spent["TaskDuration"],
        spent["ScriptDuration"],
        spent["LayoutDuration"] + spent["RecalcStyleDuration"],
        server,
        int(files),
        float(size) / 1024,
    )


async def _profile(browser: Any, urls: Urls, figures: Figures) -> None:
    """Each page's load in a browser new to the app, on a warm server, and one click of each
    kind, profiled (:class:`Profile`), the floor page's the same way."""
    pids = (figures.server_pid, figures.floor_pid)
    for name, (path, marker) in PAGES.items():
        url = urls.floor if name == FLOOR else urls.app
        async with new_tab(browser) as page:
            session = await page.context.new_cdp_session(page)
            await session.send("Performance.enable")
            loading = functools.partial(load_page, page, f"{url}/{path}", marker)
            figures.profiles[f"load: {name}"] = await _profiled(page, session, pids, loading)
    #: Each click profiled: the page, a text it shows once loaded, where and what the click
    #: makes appear, and the click.
    clicks: dict[str, tuple[str, str, str, str, Callable[[Any], Awaitable[None]]]] = {
        FLOOR: (
            urls.floor,
            "hi 0",
            '[data-testid="stMarkdownContainer"]',
            "hi 1",
            lambda p: p.get_by_role("button", name="again").click(),
        ),
        "practice Check": (
            f"{urls.app}/practice?drill=hand&tier=club&seed=11&length=3",
            "Count this hand",
            '[data-testid="stButton"]',
            "question",
            _answer_five,
        ),
        "check Enter": (
            f"{urls.app}/check",
            "Every combination",
            '.app-metric-value, [data-testid="stMetricValue"]',  # (st.metric before)
            "20",
            _check_enter,
        ),
        "review Next deal": (
            f"{urls.app}/review?game={REVIEW_GAME}",
            "Deal by deal",
            '[data-testid="stCaptionContainer"]',
            "Deal 2 ·",
            lambda p: p.get_by_role("button", name="Next deal").click(),
        ),
    }
    for name, (url, marker, where, shown, click) in clicks.items():
        async with new_tab(browser) as page:
            session = await page.context.new_cdp_session(page)
            await session.send("Performance.enable")
            await load_page(page, url, marker)
            clicked = functools.partial(
                timed_action, page, where, shown, functools.partial(click, page)
            )
            figures.profiles[f"click: {name}"] = await _profiled(page, session, pids, clicked)
    async with new_tab(browser) as page:  # a card laid at the table, until its run is over
        session = await page.context.new_cdp_session(page)
        await session.send("Performance.enable")
        runs = ScriptRuns()
        runs.watch(page)
        await load_page(page, f"{urls.app}/{PAGES['play'][0]}", PAGES["play"][1])
        card = page.locator(".cp-card:not(.off)").first

        async def lay() -> float:
            return await timed_run(page, runs, card.click) or 0.0

        figures.profiles["click: play lay"] = await _profiled(page, session, pids, lay)


async def _answer_five(page: Any) -> None:
    box = page.get_by_label("Your total")
    await box.fill("5")
    await box.press("Enter")


async def _check_enter(page: Any) -> None:
    await page.get_by_label("Hand (four cards)", exact=True).fill("3C 3D 4S 4H")
    box = page.get_by_label("Starter", exact=True)
    await box.fill("5C")
    await box.press("Enter")


async def _crowd(browser: Any, urls: Urls, figures: Figures, *, users: int, rounds: int) -> None:
    """``users`` people pressing Check at the same moment: one in Chromium, timed until the
    explanation is painted, and the others as :class:`~trainer.bench.visitor.Visitor` objects,
    which send and read what a browser tab does without drawing it (16 Chromium pages drawn on the
    server's own cores would measure the benchmark's browsers, not the server)."""
    url = urls.app
    async with contextlib.AsyncExitStack() as stack:
        page = await stack.enter_async_context(new_tab(browser))
        others = [await stack.enter_async_context(Visitor(url)) for _ in range(users - 1)]
        link = f"drill=hand&tier=club&seed={{}}&length={rounds + 1}&player={PLAYER.lower()}"
        for n, visitor in enumerate(others):  # one after another: the race is the answering
            await visitor.open("practice", link.format(101 + n))
        await load_page(page, f"{url}/practice?{link.format(100)}", "Count this hand")
        await settled(figures.server_pid)
        for n in range(rounds):
            box = page.get_by_label("Your total")
            await box.fill("5")
            server_cpu = cpu_seconds(figures.server_pid) if figures.server_pid else 0.0
            started = time.perf_counter()
            painting = asyncio.ensure_future(
                timed_action(
                    page, '[data-testid="stButton"]', "question", lambda b=box: b.press("Enter")
                )
            )
            pages = await asyncio.gather(
                *(v.press("Check", {f"practice_total_{n}": "5"}) for v in others)
            )
            painted = await painting
            elapsed = time.perf_counter() - started
            figures.add(f"{users} people at once: the browser's wait, painted", painted)
            for other in pages:
                figures.add(f"{users} people at once: wait for the server's page", other.seconds)
                if other.exception or "Next question" not in other.widgets:
                    figures.failed.append(f"crowd: no verdict: {other.exception or other.text()}")
            figures.add(f"{users} people at once: answers a second", users / elapsed)
            if figures.server_pid:  # processor time, not waits: the machine's noise adds none
                used = cpu_seconds(figures.server_pid) - server_cpu
                figures.add(f"{users} people at once: server CPU an answer", used / users)
            if n + 1 < rounds:
                await asyncio.gather(
                    page.get_by_role("button", name="Next question").click(),
                    *(v.press("practice_next") for v in others),
                )
                await page.get_by_text(f"Question {n + 2} of").wait_for()
                await idle(page)


async def _review_opens(browser: Any, urls: Urls, figures: Figures, *, games: int) -> None:
    """Whole games to 61 at two, three and four at the table, each reviewed from its results
    screen (:func:`~trainer.bench.browser_play.play_game` with ``review``): at two, clicked
    at once and after the results have been read; at three and four, after reading."""
    for _ in range(games):
        for seats, when in ((2, "at once"), (2, "read"), (3, "read"), (4, "read")):
            name = f"Review, {seats} at the table"
            await play_game(browser, urls, figures, name=name, seats=seats, review=when)


async def run(
    apps: Sequence[Path],
    rounds: int,
    users: int,
    *,
    starts: int = 1,
    parts: Sequence[str] = PARTS,
    chromium: str = CHROMIUM,
    games: int = 1,
) -> dict[Path, Figures]:
    from playwright.async_api import async_playwright

    results = {app: Figures() for app in apps}
    workdir = Path(tempfile.mkdtemp(prefix="trainer-bench-"))
    try:
        with contextlib.ExitStack() as servers:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(
                    executable_path=chromium, headless=True, args=CHROMIUM_ARGS
                )
                if "loads" in parts:
                    for _ in range(starts):  # a server per page and start: each load is cold
                        for app in apps:
                            with _progress("first loads", app, results[app]):
                                await _first_loads(browser, app, workdir, results[app])
                urls = {}
                for app in apps:
                    server = servers.enter_context(running_app(app, workdir))
                    floor = servers.enter_context(running_floor(app, workdir))
                    urls[app] = Urls(server.url, floor.url, app, workdir)
                    results[app].server_pid = server.pid
                    results[app].floor_pid = floor.pid
                steps: list[Callable[[Any, Urls, Figures], Awaitable[None]]] = []
                if "loads" in parts:
                    steps.append(_fresh_loads)
                if set(parts) != {"crowd"}:  # the figures are given against the floor's
                    steps.append(functools.partial(browser_clicks.floor_clicks, rounds=rounds))
                if "clicks" in parts:
                    steps += [
                        functools.partial(browser_clicks.check_clicks, rounds=rounds),
                        functools.partial(browser_clicks.claim_finishes, rounds=rounds),
                        functools.partial(browser_clicks.check_hands, rounds=rounds),
                        functools.partial(browser_clicks.check_taps, rounds=rounds),
                        functools.partial(browser_clicks.review_clicks, rounds=rounds),
                        functools.partial(_reviews_from_progress, rounds=rounds),
                    ]
                if "crowd" in parts:
                    steps.append(functools.partial(_crowd, users=users, rounds=3))
                if "play" in parts:
                    steps.append(play_game)
                if "review" in parts:
                    steps.append(functools.partial(_review_opens, games=games))
                if "profile" in parts:
                    steps.append(_profile)
                for step in steps:  # interleaved, so both checkouts meet the same noise
                    for app in apps:
                        with _progress(_name(step), app, results[app]):
                            await step(browser, urls[app], results[app])
                await browser.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return results


@contextlib.contextmanager
def _progress(part: str, app: Path, figures: Figures) -> Iterator[None]:
    """Say which part runs now, then each figure it measured as soon as it is done (the whole
    report, with every figure against its floor, comes at the end); a part that fails is
    said, and the others go on."""
    print(f"{part} ({app.name}) ...", flush=True)
    before = {name: len(values) for name, values in figures.samples.items()}
    try:
        yield
    except Exception as err:  # say which figure is missing, keep going
        figures.failed.append(f"{part}: {err!r}"[:300])
        print(f"  failed: {figures.failed[-1]}", flush=True)
    for name, values in figures.samples.items():
        if len(values) > before.get(name, 0):
            print(f"  {row(name, values)}", flush=True)


def _name(step: Any) -> str:
    return str(getattr(step, "func", step).__name__).strip("_").replace("_", " ")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.bench.browser",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rounds", type=int, default=3, help="clicks timed per scenario")
    parser.add_argument(
        "--starts", type=int, default=1, help="first loads of each page, each on a new server"
    )
    parser.add_argument("--users", type=int, default=16, help="people answering at once")
    parser.add_argument(
        "--games", type=int, default=1, help="games played at each table size for --only review"
    )
    parser.add_argument(
        "--only",
        choices=EVERY_PART,
        action="extend",
        nargs="+",
        help="run only these parts (loads: first and fresh loads; clicks: Practice, Check a "
        "hand, Review; crowd: many people at once; play: a whole game; review: whole games at "
        "each table size, then their review opened from the results; profile: where a "
        "load's and a click's time goes, in the browser and on the server, against the "
        "floor's); default: all but the review and the profile",
    )
    parser.add_argument(
        "--app",
        type=Path,
        action="extend",
        nargs="+",
        help="a checkout to serve (two, as --app A B or --app A --app B, to compare them); "
        "default: this one",
    )
    parser.add_argument("--chromium", default=CHROMIUM, help=f"the browser (default {CHROMIUM})")
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="say what would be measured (and the hands Check a hand is given), measure nothing",
    )
    parser.add_argument(
        "--json", metavar="FILE", help="also write the figures (or the plan) to FILE as JSON"
    )
    parser.add_argument(
        "--report",
        metavar="FILE",
        type=Path,
        help="print the report of figures written earlier with --json FILE, measuring nothing",
    )
    args = parser.parse_args(argv)
    line_by_line()
    if args.report is not None:
        print(report(load_figures(args.report)), flush=True)
        return 0
    if not Path(args.chromium).exists():
        print(
            f"The browser benchmark needs Chromium at {args.chromium} (apt-get install chromium)."
        )
        return 2
    if args.rounds < 1 or args.users < 1 or args.starts < 1 or args.games < 1:
        print("--rounds, --users, --starts and --games must be at least 1.")
        return 2
    apps = [path.resolve() for path in (args.app or [REPO])]
    for app in apps:
        if not (app / "trainer" / "app.py").is_file():
            print(f"{app} is not a checkout of the trainer (no trainer/app.py).")
            return 2
    parts = list(dict.fromkeys(args.only or PARTS))
    if args.dry_run:
        plan = {
            "apps": [str(app) for app in apps],
            "parts": parts,
            "rounds": args.rounds,
            "users": args.users,
            "starts": args.starts,
            "check hands": [
                [hand, starter, browser_clicks.hand_total(hand, starter)]
                for hand, starter in browser_clicks.CHECK_HANDS
            ],
        }
        print(f"Would measure {', '.join(parts)} on {', '.join(plan['apps'])}", flush=True)
        print(f"  rounds {args.rounds}, users {args.users}, starts {args.starts}", flush=True)
        if args.json:
            Path(args.json).write_text(json.dumps(plan, indent=1), encoding="utf-8")
        return 0
    results = asyncio.run(
        run(
            apps,
            args.rounds,
            args.users,
            starts=args.starts,
            parts=parts,
            chromium=args.chromium,
            games=args.games,
        )
    )
    print("== every figure, against the floor of its kind", flush=True)
    print(report(results), flush=True)
    if args.json:
        save_figures(results, Path(args.json))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Browser benchmark: ``python -m trainer.bench_browser [--rounds N] [--users N] [--starts N]
[--app DIR ...]``.

What a learner waits for, measured in Debian's Chromium (headless, driven by
Playwright) against the app, started as the README starts it (``python -m trainer app``),
on a free loopback port:

* the first load of each page, each on a server just started (as the README starts
  it; ``--starts`` times), in a browser new to the app and in one that has visited
  before, and how long the start took; a fresh load later;
* Practice: pressing "Check" until the explanation is painted;
* Practice, claim mode: pressing "That's everything" until the grade is painted;
* Check a hand: pressing Enter until the new total is painted;
* several people (16 by default) answering at the same moment against one server
  process: one in Chromium, timed until its explanation is painted, the others speaking
  Streamlit's protocol without drawing (see :mod:`trainer.bench_crowd`), timed until the
  server has sent their page; and the processor time an answer cost the server;
* Play: a whole 61-point game against Easy, always laying the first card that fits: the
  game's duration and the wait after each click, to the end of the script run it asked for
  (alone: ``python -m trainer.bench_play --browser``).

Clicks are timed inside the page, from just before the key press to the animation
frame after the awaited element appears; page loads from ``goto`` until the page's
last element is painted and Streamlit reports the run finished. Medians and worst
cases are printed; nothing is asserted. The machine's noise is best handled by
``--app``: give it two checkouts (say, an older one and this one) and every figure
is measured for each, interleaved, in the same run, and printed with their ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import shutil
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trainer.serve import Server, cpu_seconds, free_port, serving_checkout
from trainer.visitor import Visitor, settled

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The app's root element once no script run is under way or asked for. (Streamlit's
#: status widget would do too, but it fades out over 200 ms after the run.)
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
#: Each page, and a text its script renders last (so the page is complete when it shows).
PAGES: dict[str, tuple[str, str]] = {
    "home": ("", "Counting in one breath"),
    "learn": ("learn", "Learn cribbage"),
    "practice": ("practice", "Start"),
    "progress": ("progress", "Download every answer"),
    "check": ("check", "Every combination"),
}
HISTORY = 2_000  # answers recorded beforehand, so Progress has charts to draw
TIMEOUT_MS = 60_000

#: Resolves with the milliseconds from now to the frame after an element matching
#: ``selector`` and containing ``text`` (and not stale) is in the page.
_WATCH = """([selector, text]) => {
  const t0 = performance.now();
  const found = () => [...document.querySelectorAll(selector)].some(
    (el) => el.innerText.includes(text) && !el.closest('[data-stale="true"]'));
  window.__benchDone = new Promise((resolve) => {
    const done = () => requestAnimationFrame(() => resolve(performance.now() - t0));
    if (found()) { done(); return; }
    const watcher = new MutationObserver(() => {
      if (found()) { watcher.disconnect(); done(); }
    });
    watcher.observe(document.body, {childList: true, subtree: true, characterData: true});
  });
  return found();
}"""


@dataclass
class Figures:
    """Samples in seconds, by what was measured."""

    samples: dict[str, list[float]] = field(default_factory=dict)
    failed: list[str] = field(default_factory=list)
    server_pid: int | None = None  # the server's process, to read its processor time

    def add(self, name: str, seconds: float) -> None:
        self.samples.setdefault(name, []).append(seconds)


def _fill_history(db: Path) -> None:
    from trainer.bench_progress import seeded_answers
    from trainer.progress.store import Store

    store = Store.open(db)
    player = store.create_profile(PLAYER)
    store.add_attempts(player.id, list(seeded_answers(HISTORY)))


@contextlib.contextmanager
def running_app(app_dir: Path, workdir: Path, *, port: int | None = None) -> Iterator[Server]:
    """The app in ``app_dir`` served on ``port`` (a free one if not given), with its own
    progress file, stopped at the end."""
    db = workdir / f"progress-{time.monotonic_ns()}.sqlite3"
    _fill_history(db)
    with serving_checkout(app_dir, db, port=port) as server:
        yield server


async def _idle(page: Any) -> None:
    """Wait until Streamlit has finished the current run."""
    await page.wait_for_selector(IDLE, state="attached", timeout=TIMEOUT_MS)


async def _timed_action(page: Any, selector: str, text: str, action: Any) -> float:
    """Seconds from just before ``action`` to the frame after ``text`` is painted."""
    already = await page.evaluate(_WATCH, [selector, text])
    if already:
        raise RuntimeError(f"{text!r} was on the page before the action")
    await action()
    ms = await asyncio.wait_for(page.evaluate("window.__benchDone"), TIMEOUT_MS / 1000)
    await _idle(page)
    return float(ms) / 1000


#: The player every page of the benchmark is opened for (the address names who is playing).
PLAYER = "Bench"


def _as_player(url: str) -> str:
    return url + ("&" if "?" in url else "?") + f"player={PLAYER.lower()}"


async def _load(page: Any, url: str, marker: str) -> float:
    start = time.perf_counter()
    await page.goto(_as_player(url), timeout=TIMEOUT_MS)
    await page.get_by_text(marker, exact=False).first.wait_for(timeout=TIMEOUT_MS)
    await _idle(page)
    return time.perf_counter() - start


@contextlib.asynccontextmanager
async def _tab(browser: Any) -> AsyncIterator[Any]:
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = await context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        yield page
    finally:
        await context.close()


async def _first_loads(browser: Any, app: Path, workdir: Path, figures: Figures) -> None:
    """Each page the first thing a server started afresh is asked for: in a browser that has
    never seen the app, then in one that has (as a family's or a club's computer has: it
    keeps Streamlit's scripts, which are served as never changing), the server restarted on
    the same address for each page."""
    for name, (path, marker) in PAGES.items():
        with running_app(app, workdir) as server:
            figures.add("server start, until it answers", server.started_in)
            async with _tab(browser) as page:
                figures.add(
                    f"first load: {name}", await _load(page, f"{server.url}/{path}", marker)
                )
    port = free_port()
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        with running_app(app, workdir, port=port) as server:  # an earlier visit
            page = await context.new_page()
            await _load(page, server.url, PAGES["home"][1])
            await page.close()
        for name, (path, marker) in PAGES.items():
            with running_app(app, workdir, port=port) as server:
                page = await context.new_page()
                page.set_default_timeout(TIMEOUT_MS)
                seconds = await _load(page, f"{server.url}/{path}", marker)
                figures.add(f"first load, returning browser: {name}", seconds)
                await page.close()
    finally:
        await context.close()


async def _fresh_loads(browser: Any, url: str, figures: Figures) -> None:
    for name, (path, marker) in PAGES.items():
        async with _tab(browser) as page:
            figures.add("fresh page load (any page)", await _load(page, f"{url}/{path}", marker))
            figures.add(f"fresh load: {name}", figures.samples["fresh page load (any page)"][-1])


async def _practice_answers(page: Any, url: str, seed: int, answers: int) -> list[float]:
    """Open a typed-total set and answer ``answers`` questions; each wait, in seconds."""
    # one question more than the answers timed, whatever length the tier gives its sets:
    # the last question's button says "See how you did", not "Next question"
    link = f"{url}/practice?drill=hand&tier=club&seed={seed}&length={answers + 1}"
    await _load(page, link, "Count this hand")
    waits: list[float] = []
    for n in range(answers):
        box = page.get_by_label("Your total")
        await box.fill("5")
        waits.append(
            await _timed_action(
                page, '[data-testid="stButton"]', "question", lambda b=box: b.press("Enter")
            )
        )
        if n + 1 < answers:
            await page.get_by_role("button", name="Next question").click()
            await page.get_by_text(f"Question {n + 2} of").wait_for()
            await _idle(page)
    return waits


async def _check_clicks(browser: Any, url: str, figures: Figures, *, rounds: int) -> None:
    async with _tab(browser) as page:
        for wait in await _practice_answers(page, url, 11, rounds):
            figures.add('Practice "Check" -> explanation', wait)


async def _claim_finishes(browser: Any, url: str, figures: Figures, *, rounds: int) -> None:
    async with _tab(browser) as page:
        link = f"{url}/practice?drill=hand&tier=club&seed=5&mode=claim&length={rounds + 1}"
        await _load(page, link, "Count")
        for n in range(rounds):
            done = page.locator(".cp-done")  # inside the tappable hand
            wait = await _timed_action(
                page, '[data-testid="stButton"]', "question", lambda d=done: d.click()
            )
            figures.add('"That\'s everything" -> grade', wait)
            if n + 1 < rounds:
                await page.get_by_role("button", name="Next question").click()
                await page.get_by_text(f"Question {n + 2} of").wait_for()
                await _idle(page)


#: Hands with distinct totals, so each new total can be told from the last.
_CHECK_HANDS = (
    ("5H 5D 5C JS", "5S"),
    ("3C 3D 4S 4H", "5C"),
    ("AH 3H TH JD", "3D"),
    ("2C 4D 6S 8H", "TC"),
    ("4H 5H 6H 7C", "8S"),
    ("7C 8D 8S 9H", "KC"),
)


def _total(hand: str, starter: str) -> str:
    from trainer.engine import parse_cards, score_show

    return str(score_show(parse_cards(hand), parse_cards(starter)[0]).total)


async def _check_hands(browser: Any, url: str, figures: Figures, *, rounds: int) -> None:
    async with _tab(browser) as page:
        await _load(page, f"{url}/check", "Every combination")
        for n in range(rounds):
            hand, starter = _CHECK_HANDS[(n + 1) % len(_CHECK_HANDS)]
            total = _total(hand, starter)
            await page.get_by_label("Hand (four cards)", exact=True).fill(hand)
            box = page.get_by_label("Starter", exact=True)
            await box.fill(starter)
            wait = await _timed_action(
                page,
                '[data-testid="stMetricValue"]',
                total,
                lambda b=box: b.press("Enter"),
            )
            figures.add("Check a hand -> total", wait)


async def _crowd(browser: Any, url: str, figures: Figures, *, users: int, rounds: int) -> None:
    """``users`` people pressing Check at the same moment: one in Chromium, timed until the
    explanation is painted, and the others as :class:`~trainer.visitor.Visitor` objects,
    which send and read what a browser tab does without drawing it (16 Chromium pages drawn on the
    server's own cores would measure the benchmark's browsers, not the server)."""
    async with contextlib.AsyncExitStack() as stack:
        page = await stack.enter_async_context(_tab(browser))
        others = [await stack.enter_async_context(Visitor(url)) for _ in range(users - 1)]
        link = f"drill=hand&tier=club&seed={{}}&length={rounds + 1}&player={PLAYER.lower()}"
        for n, visitor in enumerate(others):  # one after another: the race is the answering
            await visitor.open("practice", link.format(101 + n))
        await _load(page, f"{url}/practice?{link.format(100)}", "Count this hand")
        await settled(figures.server_pid)
        for n in range(rounds):
            box = page.get_by_label("Your total")
            await box.fill("5")
            server_cpu = cpu_seconds(figures.server_pid) if figures.server_pid else 0.0
            started = time.perf_counter()
            painting = asyncio.ensure_future(
                _timed_action(
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
                await _idle(page)


#: The Play page's results screen, whoever won.
PLAY_RESULTS = "text=/You win!|The computer wins this time/"


async def _shown(page: Any, selector: str) -> bool:
    locator = page.locator(selector)
    return bool(await locator.count()) and bool(await locator.first.is_visible())


#: A click that has not had a script run finish by then landed on an element the page was
#: replacing: it is tried again, not timed.
MISSED_CLICK_S = 15.0


class _Runs:
    """Script runs as they finish, read off the app's websocket (Streamlit's messages): a
    quick run can start and end between two frames, and never show in the page's state."""

    def __init__(self) -> None:
        self.finished = asyncio.Event()

    def watch(self, page: Any) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        if not isinstance(payload, bytes):
            return
        try:
            msg = ForwardMsg.FromString(payload)
        except Exception:  # not one of Streamlit's messages
            return
        finished = msg.WhichOneof("type") == "script_finished"
        if finished and msg.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:  # st.rerun
            self.finished.set()


async def _timed_run(page: Any, runs: _Runs, click: Callable[[], Awaitable[None]]) -> float | None:
    """Seconds from just before ``click`` to the end of the script run it asked for (None
    for a click that asked for none)."""
    runs.finished.clear()
    start = time.perf_counter()
    await click()
    try:
        await asyncio.wait_for(runs.finished.wait(), MISSED_CLICK_S)
    except TimeoutError:
        return None
    seconds = time.perf_counter() - start
    await _idle(page)
    return seconds


async def _play_step(page: Any, runs: _Runs) -> tuple[str, float | None] | None:
    """The one action the Play page asks for, timed (None when nothing could be done yet)."""
    for name in ("Cut the pack", "Next", "Continue"):
        button = page.get_by_role("button", name=name, exact=True)
        shown = await button.count() and await button.first.is_visible()
        if shown and await button.first.is_enabled():
            return name.lower(), await _timed_run(page, runs, button.first.click)
    if await _shown(page, "text=Pick two cards for"):
        while await page.locator(".cp-card.on").count() < 2:  # taps stay in the browser
            await page.locator(".cp-card:not(.on)").first.click()
        confirm = page.locator(".cp-confirm").first
        return "throw", await _timed_run(page, runs, confirm.click)
    if await _shown(page, "text=Your turn: tap a card to lay it."):
        card = page.locator(".cp-card:not(.off)").first
        return "lay", await _timed_run(page, runs, card.click)
    return None


async def play_game(
    browser: Any,
    url: str,
    figures: Figures,
    *,
    level: str = "Easy",
    name: str = "Play",
    max_steps: int = 600,
) -> None:
    """A whole 61-point game on the Play page, always laying the first card that fits: the
    game's duration from "Start the game" to the results, and the wait after each click."""
    from playwright.async_api import Error as PlaywrightError

    async with _tab(browser) as page:
        runs = _Runs()
        runs.watch(page)
        await _load(page, f"{url}/play", "How strong is the computer?")
        await page.get_by_text(level, exact=True).click()
        await page.get_by_text("61 points (a short game)").click()
        await _idle(page)
        started = time.perf_counter()
        await page.get_by_role("button", name="Start the game").click()
        await page.get_by_role("button", name="Cut the pack").wait_for()
        await _idle(page)
        clicks = 0
        while not await _shown(page, PLAY_RESULTS):
            if clicks >= max_steps:
                raise RuntimeError(f"the game had not ended after {clicks} clicks")
            step = None
            with contextlib.suppress(PlaywrightError):
                step = await _play_step(page, runs)
            if step is None:
                await page.wait_for_timeout(100)
                continue
            kind, wait = step
            if wait is None:
                figures.add(f"{name}: clicks that asked for no run ({kind})", 0.0)
                continue
            clicks += 1
            figures.add(f"{name}: wait after a click", wait)
            figures.add(f"{name}: wait after {kind}", wait)
        figures.add(f"{name}: a whole game to 61 against {level}", time.perf_counter() - started)


async def run(
    apps: Sequence[Path], rounds: int, users: int, *, starts: int = 1
) -> dict[Path, Figures]:
    from playwright.async_api import async_playwright

    results = {app: Figures() for app in apps}
    workdir = Path(tempfile.mkdtemp(prefix="trainer-bench-"))
    try:
        with contextlib.ExitStack() as servers:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                for _ in range(starts):  # a server per page and start, so each load is cold
                    for app in apps:
                        await _first_loads(browser, app, workdir, results[app])
                urls = {}
                for app in apps:
                    server = servers.enter_context(running_app(app, workdir))
                    urls[app], results[app].server_pid = server.url, server.pid
                steps: list[Callable[[Any, str, Figures], Awaitable[None]]] = [
                    _fresh_loads,
                    functools.partial(_check_clicks, rounds=rounds),
                    functools.partial(_claim_finishes, rounds=rounds),
                    functools.partial(_check_hands, rounds=rounds),
                    functools.partial(_crowd, users=users, rounds=3),
                    play_game,
                ]
                for step in steps:  # interleaved, so both checkouts meet the same noise
                    for app in apps:
                        try:
                            await step(browser, urls[app], results[app])
                        except Exception as err:  # say which figure is missing, keep going
                            results[app].failed.append(f"{_name(step)}: {err!r}"[:300])
                await browser.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return results


def _name(step: Any) -> str:
    return str(getattr(step, "func", step).__name__).strip("_").replace("_", " ")


def _row(name: str, values: list[float]) -> str:
    per_second = name.endswith("a second")
    worst = min(values) if per_second else max(values)
    unit = "/s" if per_second else " s"
    return (
        f"{name:<44} median {statistics.median(values):7.3f}{unit}  "
        f"worst {worst:7.3f}{unit}  (n={len(values)})"
    )


def report(results: dict[Path, Figures]) -> str:
    lines: list[str] = []
    apps = list(results)
    for app in apps:
        lines.append(f"== {app}")
        for name, values in results[app].samples.items():
            lines.append(_row(name, values))
        lines.extend(f"failed: {failure}" for failure in results[app].failed)
    if len(apps) == 2:
        first, second = (results[a].samples for a in apps)
        lines.append(f"== ratio of medians, {apps[0].name} / {apps[1].name}")
        for name in first:
            if name in second:
                ratio = statistics.median(first[name]) / statistics.median(second[name])
                lines.append(f"{name:<44} {ratio:6.2f}x")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.bench_browser",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rounds", type=int, default=8, help="clicks timed per scenario")
    parser.add_argument(
        "--starts", type=int, default=1, help="first loads of each page, each on a new server"
    )
    parser.add_argument("--users", type=int, default=16, help="people answering at once")
    parser.add_argument(
        "--app",
        type=Path,
        action="extend",
        nargs="+",
        help="a checkout to serve (two, as --app A B or --app A --app B, to compare them); "
        "default: this one",
    )
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"The browser benchmark needs Chromium at {CHROMIUM} (apt-get install chromium).")
        return 2
    if args.rounds < 1 or args.users < 1 or args.starts < 1:
        print("--rounds, --users and --starts must be at least 1.")
        return 2
    apps = [path.resolve() for path in (args.app or [REPO])]
    for app in apps:
        if not (app / "trainer" / "app.py").is_file():
            print(f"{app} is not a checkout of the trainer (no trainer/app.py).")
            return 2
    print(report(asyncio.run(run(apps, args.rounds, args.users, starts=args.starts))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

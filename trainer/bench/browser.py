"""Browser benchmark: ``python -m trainer.bench.browser [--rounds N] [--users N] [--starts N]
[--only PART ...] [--app DIR ...] [--json FILE]``; ``--report FILE`` prints the report of
figures saved with ``--json`` again, ``--dry-run`` says what would be measured.

What a learner waits for, measured in Debian's Chromium (headless, driven by
Playwright) against the app, started as the README starts it (``python -m trainer app``),
on a free loopback port, each figure beside **the floor**: a one-line Streamlit page
(``st.write("hi")``, with one button to click: :data:`FLOOR_PAGE`) served the same way
(:func:`trainer.bench.serving.serving`, the same options, from the same folder), in the same run
and the same browser. Every load is also given as a ratio to the floor page's load of the
same kind, and every click as a ratio to the floor button's round trip (to the frame
painted, or to the end of the script run, as that figure is timed): what Streamlit costs
anyway is the floor, and the ratio is what the trainer adds to it.

* the first load of each page (the Play page with a game on the table, the Review page
  of a finished game), each on a server just started (as the README starts it;
  ``--starts`` times), in a browser new to the app and in one that has visited before,
  and how long the start took; a fresh load later;
* the floor page's button, pressed until the new text is painted;
* Practice: pressing "Check" until the explanation is painted;
* Practice, claim mode: pressing "That's everything" until the grade is painted;
* Check a hand: pressing Enter until the new total is painted, and the fifth tap in its
  grid until the total is painted;
* Review: "Next deal" until the next deal is painted;
* several people (16 by default) answering at the same moment against one server
  process: one in Chromium, timed until its explanation is painted, the others speaking
  Streamlit's protocol without drawing (see :mod:`trainer.bench.crowd`), timed until the
  server has sent their page; and the processor time an answer cost the server;
* Play: a whole 61-point game against Easy, always laying the first card that fits: the
  game's duration and the wait after each click, to the end of the script run it asked for
  (alone: ``python -m trainer.bench.play --browser``);
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
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trainer.bench import line_by_line
from trainer.bench.serving import Server, cpu_seconds, free_port, serving, serving_checkout
from trainer.bench.visitor import ScriptRuns, Visitor, settled

REPO = Path(__file__).resolve().parents[2]
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
#: The floor: the least a Streamlit page can be, with one button for the clicks' floor. It is
#: written beside the progress files and served from the checkout's folder, as the app is.
FLOOR_PAGE = """import streamlit as st

st.session_state["clicks"] = clicks = st.session_state.get("clicks", 0) + st.button("again")
st.write(f"hi {clicks}")
"""
#: The name the floor page's figures go under.
FLOOR = "floor"
#: The finished game the Review page is opened on (stored for :data:`PLAYER`).
REVIEW_GAME = "bench-review"
#: Each page, and a text its script renders last (so the page is complete when it shows).
#: The Play page opens on a game at the table (a card to lay), the Review page on a
#: finished game to 121.
PAGES: dict[str, tuple[str, str]] = {
    FLOOR: ("", "hi 0"),
    "home": ("", "Counting in one breath"),
    "learn": ("learn", "Learn cribbage"),
    "practice": ("practice", "Start"),
    "progress": ("progress", "Download every answer"),
    "check": ("check", "Every combination"),
    "play": ("play", "Your turn: tap a card to lay it."),
    "review": (f"review?game={REVIEW_GAME}", "Deal by deal"),
}
HISTORY = 2_000  # answers recorded beforehand, so Progress has charts to draw
TIMEOUT_MS = 60_000
#: The parts of the benchmark ``--only`` can choose (``profile`` runs only when asked for).
PARTS = ("loads", "clicks", "crowd", "play")
EVERY_PART = (*PARTS, "profile")

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


@dataclass(frozen=True)
class Profile:
    """Where one load's or one click's time went: the wait; the browser's main thread (all
    of its tasks, and the scripts, layout and style among them, from Chrome's own counters);
    the server's processor time; and the scripts downloaded (files, kilobytes)."""

    wait: float
    browser: float
    scripts: float
    layout: float
    server: float
    files: int = 0
    kilobytes: float = 0.0


@dataclass
class Figures:
    """Samples in seconds, by what was measured."""

    samples: dict[str, list[float]] = field(default_factory=dict)
    failed: list[str] = field(default_factory=list)
    server_pid: int | None = None  # the server's process, to read its processor time
    floor_pid: int | None = None  # the floor page's server
    #: Where the time of a load or a click goes (``--only profile``), by what was profiled.
    profiles: dict[str, Profile] = field(default_factory=dict)

    def add(self, name: str, seconds: float) -> None:
        self.samples.setdefault(name, []).append(seconds)


#: What every benchmark server's progress file holds, made by the checkout served (so its
#: schema is that checkout's own; the calls are ones every checkout since the game review
#: has): :data:`PLAYER` with :data:`HISTORY` answers, a finished game to 121 to review and a
#: game to 61 at the table, its first card to lay; and :data:`GAMER`, who starts a game.
_FILL = """
import sys
from trainer.bench.playing import played_game
from trainer.bench.progress_page import seeded_answers
from trainer.engine.settings import Settings
from trainer.progress.store import Store
from trainer.training.table import Need, PlaySetup, Table
from trainer.ui.play_saves import saved_row

db, player_name, gamer, answers, review_game = sys.argv[1:]
store = Store.open(db)
player = store.create_profile(player_name)
store.create_profile(gamer)
store.add_attempts(player.id, list(seeded_answers(int(answers))))
store.save_game(player.id, saved_row(review_game, played_game("normal", 121, 20261201)))
table = Table.new(PlaySetup("easy", Settings(target=61)), seed=7)
while table.need() is not Need.LAY:
    if table.need() is Need.CUT_FOR_DEAL:
        table.cut_for_deal()
    elif table.need() is Need.DISCARD:
        table.discard(table.view.hand[:2])
    elif table.need() is Need.CUT_STARTER:
        table.cut_starter()
    else:
        table.carry_on()
store.save_game(player.id, saved_row("bench-playing", table))
"""
#: Who starts a game of their own in the Play figures (the other player has one going).
GAMER = "Gamer"


def _fill_history(db: Path, app_dir: Path) -> None:
    subprocess.run(
        [sys.executable, "-c", _FILL, str(db), PLAYER, GAMER, str(HISTORY), REVIEW_GAME],
        check=True,
        cwd=app_dir,
        env={**os.environ, "PYTHONPATH": str(app_dir)},
    )


@contextlib.contextmanager
def running_app(app_dir: Path, workdir: Path, *, port: int | None = None) -> Iterator[Server]:
    """The app in ``app_dir`` served on ``port`` (a free one if not given), with its own
    progress file, stopped at the end."""
    db = workdir / f"progress-{time.monotonic_ns()}.sqlite3"
    _fill_history(db, app_dir)
    with serving_checkout(app_dir, db, port=port) as server:
        yield server


@contextlib.contextmanager
def running_floor(app_dir: Path, workdir: Path, *, port: int | None = None) -> Iterator[Server]:
    """The floor page (:data:`FLOOR_PAGE`) served as the app is, from ``app_dir``'s folder
    (so its ``.streamlit/config.toml`` applies), on ``port`` (a free one if not given)."""
    script = workdir / "floor.py"
    script.write_text(FLOOR_PAGE, encoding="utf-8")
    log = workdir / f"floor-{time.monotonic_ns()}.log"
    with serving(script, log=log, cwd=app_dir, port=port) as server:
        yield server


def _server(name: str, app_dir: Path, workdir: Path, *, port: int | None = None) -> Any:
    """The floor's server for :data:`FLOOR`, the app's for any other page."""
    if name == FLOOR:
        return running_floor(app_dir, workdir, port=port)
    return running_app(app_dir, workdir, port=port)


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


def _as_player(url: str, player: str = PLAYER) -> str:
    return url + ("&" if "?" in url else "?") + f"player={player.lower()}"


async def _load(page: Any, url: str, marker: str, *, player: str = PLAYER) -> float:
    start = time.perf_counter()
    await page.goto(_as_player(url, player), timeout=TIMEOUT_MS)
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
        with _server(name, app, workdir) as server:
            start = "floor start" if name == FLOOR else "server start"
            figures.add(f"{start}, until it answers", server.started_in)
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
            with _server(name, app, workdir, port=port) as server:
                page = await context.new_page()
                page.set_default_timeout(TIMEOUT_MS)
                seconds = await _load(page, f"{server.url}/{path}", marker)
                figures.add(f"first load, returning browser: {name}", seconds)
                await page.close()
    finally:
        await context.close()


@dataclass(frozen=True)
class Urls:
    """Where one checkout is served for the clicks: the app, and the floor beside it."""

    app: str
    floor: str


async def _fresh_loads(browser: Any, urls: Urls, figures: Figures) -> None:
    for name, (path, marker) in PAGES.items():
        url = urls.floor if name == FLOOR else urls.app
        async with _tab(browser) as page:
            seconds = await _load(page, f"{url}/{path}", marker)
            if name != FLOOR:
                figures.add("fresh page load (any page)", seconds)
            figures.add(f"fresh load: {name}", seconds)


#: The floor button's round trip, to the frame painted and to the end of the run.
FLOOR_PAINTED = "floor: a click -> painted"
FLOOR_RUN = "floor: a click -> run finished"


async def _floor_clicks(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    """The floor page's button: until its new text is painted, and until the run it asked
    for has finished (the two ways the app's clicks are timed)."""
    async with _tab(browser) as page:
        runs = ScriptRuns()
        runs.watch(page)
        await _load(page, urls.floor, "hi 0")
        button = page.get_by_role("button", name="again")
        for n in range(rounds):
            runs.finished.clear()
            started = time.perf_counter()
            painted = await _timed_action(
                page, '[data-testid="stMarkdownContainer"]', f"hi {n + 1}", button.click
            )
            await asyncio.wait_for(runs.finished.wait(), MISSED_CLICK_S)
            figures.add(FLOOR_PAINTED, painted)
            figures.add(FLOOR_RUN, runs.at - started)


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


async def _check_clicks(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    async with _tab(browser) as page:
        for wait in await _practice_answers(page, urls.app, 11, rounds):
            figures.add('Practice "Check" -> explanation', wait)


async def _claim_finishes(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    async with _tab(browser) as page:
        link = f"{urls.app}/practice?drill=hand&tier=club&seed=5&mode=claim&length={rounds + 1}"
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


async def _check_hands(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    async with _tab(browser) as page:
        await _load(page, f"{urls.app}/check", "Every combination")
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


async def _check_taps(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    """Check a hand's grid: four taps for the hand, then the starter's, timed from the fifth
    tap until the total is painted ("Clear" first, for a grid that starts with a hand)."""
    async with _tab(browser) as page:
        await _load(page, f"{urls.app}/check", "Every combination")
        await page.get_by_text("Pick them", exact=True).click()
        await page.locator(".cp-grid").first.wait_for()
        await _idle(page)
        for n in range(rounds):
            await page.locator(".cp-actions .cp-btn", has_text="Clear").first.click()
            await page.get_by_text("Choose four cards for the hand").first.wait_for()
            await _idle(page)
            hand, starter = _CHECK_HANDS[n % len(_CHECK_HANDS)]
            for card in hand.split():
                await page.locator(f'.cp-grid .cp-card[data-id="{card}"]').click()
            await _idle(page)
            tap = page.locator(f'.cp-grid .cp-card[data-id="{starter}"]').click
            wait = await _timed_action(
                page, '[data-testid="stMetricValue"]', _total(hand, starter), tap
            )
            figures.add("Check a hand: the fifth tap -> total", wait)


async def _review_clicks(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    """The Review page of a finished game to 121: "Next deal" until the next deal's line is
    painted."""
    async with _tab(browser) as page:
        await _load(page, f"{urls.app}/review?game={REVIEW_GAME}", "Deal by deal")
        for n in range(rounds):
            button = page.get_by_role("button", name="Next deal")
            if not await button.is_enabled():
                break
            wait = await _timed_action(
                page, '[data-testid="stCaptionContainer"]', f"Deal {n + 2} ·", button.click
            )
            figures.add('Review: "Next deal" -> painted', wait)


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
        async with _tab(browser) as page:
            session = await page.context.new_cdp_session(page)
            await session.send("Performance.enable")
            loading = functools.partial(_load, page, f"{url}/{path}", marker)
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
            '[data-testid="stMetricValue"]',
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
        async with _tab(browser) as page:
            session = await page.context.new_cdp_session(page)
            await session.send("Performance.enable")
            await _load(page, url, marker)
            clicked = functools.partial(
                _timed_action, page, where, shown, functools.partial(click, page)
            )
            figures.profiles[f"click: {name}"] = await _profiled(page, session, pids, clicked)
    async with _tab(browser) as page:  # a card laid at the table, until its run is over
        session = await page.context.new_cdp_session(page)
        await session.send("Performance.enable")
        runs = ScriptRuns()
        runs.watch(page)
        await _load(page, f"{urls.app}/{PAGES['play'][0]}", PAGES["play"][1])
        card = page.locator(".cp-card:not(.off)").first

        async def lay() -> float:
            return await _timed_run(page, runs, card.click) or 0.0

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


async def _timed_run(
    page: Any, runs: ScriptRuns, click: Callable[[], Awaitable[None]]
) -> float | None:
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


async def _play_step(page: Any, runs: ScriptRuns) -> tuple[str, float | None] | None:
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
    url: str | Urls,
    figures: Figures,
    *,
    level: str = "Easy",
    name: str = "Play",
    max_steps: int = 600,
) -> None:
    """A whole 61-point game on the Play page, always laying the first card that fits: the
    game's duration from "Start the game" to the results, and the wait after each click."""
    from playwright.async_api import Error as PlaywrightError

    url = url.app if isinstance(url, Urls) else url
    async with _tab(browser) as page:
        runs = ScriptRuns()
        runs.watch(page)
        await _load(page, f"{url}/play", "How strong is the computer?", player=GAMER)
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
    apps: Sequence[Path],
    rounds: int,
    users: int,
    *,
    starts: int = 1,
    parts: Sequence[str] = PARTS,
    chromium: str = CHROMIUM,
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
                    urls[app], results[app].server_pid = Urls(server.url, floor.url), server.pid
                    results[app].floor_pid = floor.pid
                steps: list[Callable[[Any, Urls, Figures], Awaitable[None]]] = []
                if "loads" in parts:
                    steps.append(_fresh_loads)
                if set(parts) != {"crowd"}:  # the figures are given against the floor's
                    steps.append(functools.partial(_floor_clicks, rounds=rounds))
                if "clicks" in parts:
                    steps += [
                        functools.partial(_check_clicks, rounds=rounds),
                        functools.partial(_claim_finishes, rounds=rounds),
                        functools.partial(_check_hands, rounds=rounds),
                        functools.partial(_check_taps, rounds=rounds),
                        functools.partial(_review_clicks, rounds=rounds),
                    ]
                if "crowd" in parts:
                    steps.append(functools.partial(_crowd, users=users, rounds=3))
                if "play" in parts:
                    steps.append(play_game)
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
            print(f"  {_row(name, values)}", flush=True)


def _name(step: Any) -> str:
    return str(getattr(step, "func", step).__name__).strip("_").replace("_", " ")


def floor_of(name: str) -> str | None:
    """The floor figure a figure is given against (None: one with no floor, like a
    server's start or its processor time).

    >>> floor_of("first load: progress"), floor_of("fresh load: home")
    ('first load: floor', 'fresh load: floor')
    >>> floor_of("Play: wait after lay"), floor_of("Check a hand -> total")
    ('floor: a click -> run finished', 'floor: a click -> painted')
    >>> floor_of("first load: floor"), floor_of("server start, until it answers")
    (None, None)
    """
    if name.endswith(f": {FLOOR}") or name.startswith(f"{FLOOR}:"):
        return None
    for load in ("first load, returning browser: ", "first load: ", "fresh load: "):
        if name.startswith(load):
            return f"{load}{FLOOR}"
    if name.startswith("Play: wait after"):
        return FLOOR_RUN
    if "painted" in name or "->" in name:
        return FLOOR_PAINTED
    return None


def _row(name: str, values: list[float], floor: list[float] | None = None) -> str:
    per_second = name.endswith("a second")
    worst = min(values) if per_second else max(values)
    unit = "/s" if per_second else " s"
    against = ""
    if floor:
        against = f"  {statistics.median(values) / statistics.median(floor):5.2f}x floor"
    return (
        f"{name:<44} median {statistics.median(values):7.3f}{unit}  "
        f"worst {worst:7.3f}{unit}  (n={len(values)}){against}"
    )


def profile_lines(profiles: dict[str, Profile]) -> list[str]:
    """The profiles as a table, each beside the floor page's of its kind."""
    if not profiles:
        return []
    lines = [
        f"{'profile (seconds; scripts fetched)':<28} {'wait':>6} {'browser':>8} {'scripts':>8} "
        f"{'layout':>7} {'server':>7} {'files':>6} {'KB':>7}"
    ]
    for name, p in profiles.items():
        floor = profiles.get(f"{name.split(':')[0]}: {FLOOR}")
        against = f"  {p.wait / floor.wait:5.2f}x floor" if floor and floor is not p else ""
        lines.append(
            f"{name:<28} {p.wait:6.3f} {p.browser:8.3f} {p.scripts:8.3f} {p.layout:7.3f} "
            f"{p.server:7.3f} {p.files:6d} {p.kilobytes:7.0f}{against}"
        )
    return lines


def report(results: dict[Path, Figures]) -> str:
    lines: list[str] = []
    apps = list(results)
    for app in apps:
        lines.append(f"== {app}")
        samples = results[app].samples
        for name, values in samples.items():
            floor = floor_of(name)
            lines.append(_row(name, values, samples.get(floor) if floor else None))
        lines.extend(profile_lines(results[app].profiles))
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
        "--only",
        choices=EVERY_PART,
        action="extend",
        nargs="+",
        help="run only these parts (loads: first and fresh loads; clicks: Practice, Check a "
        "hand, Review; crowd: many people at once; play: a whole game; profile: where a "
        "load's and a click's time goes, in the browser and on the server, against the "
        "floor's); default: all but the profile",
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
    if args.rounds < 1 or args.users < 1 or args.starts < 1:
        print("--rounds, --users and --starts must be at least 1.")
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
                [hand, starter, _total(hand, starter)] for hand, starter in _CHECK_HANDS
            ],
        }
        print(f"Would measure {', '.join(parts)} on {', '.join(plan['apps'])}", flush=True)
        print(f"  rounds {args.rounds}, users {args.users}, starts {args.starts}", flush=True)
        if args.json:
            Path(args.json).write_text(json.dumps(plan, indent=1), encoding="utf-8")
        return 0
    results = asyncio.run(
        run(apps, args.rounds, args.users, starts=args.starts, parts=parts, chromium=args.chromium)
    )
    print("== every figure, against the floor of its kind", flush=True)
    print(report(results), flush=True)
    if args.json:
        save_figures(results, Path(args.json))
    return 0


def save_figures(results: dict[Path, Figures], path: Path) -> None:
    """The figures as JSON, by checkout (``--json``; read back by :func:`load_figures`)."""
    found = {
        str(app): {
            "samples": figures.samples,
            "failed": figures.failed,
            "profiles": {name: dataclasses.asdict(p) for name, p in figures.profiles.items()},
        }
        for app, figures in results.items()
    }
    path.write_text(json.dumps(found, indent=1), encoding="utf-8")


def load_figures(path: Path) -> dict[Path, Figures]:
    """Figures written by :func:`save_figures` (``--report``)."""
    found = json.loads(path.read_text(encoding="utf-8"))
    return {
        Path(app): Figures(
            samples={name: list(values) for name, values in figures["samples"].items()},
            failed=list(figures.get("failed", [])),
            profiles={
                name: Profile(**profile) for name, profile in figures.get("profiles", {}).items()
            },
        )
        for app, figures in found.items()
    }


if __name__ == "__main__":
    raise SystemExit(main())

"""The browser benchmark's stage (:mod:`trainer.bench.browser`): the app served from a
checkout with a progress file filled beforehand (:func:`running_app`: :data:`PLAYER`'s
answers and games, and :data:`GAMER`), the floor page served the same way
(:func:`running_floor`), and a Chromium tab on them (:func:`new_tab`): a page loaded for a
player until its last text is painted and the run has finished (:func:`load_page`), and an
action timed to the frame after a text is painted (:func:`timed_action`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.bench.browser_figures import FLOOR
from trainer.bench.page_marks import IDLE, SKELETON
from trainer.bench.serving import Server, serving, serving_checkout
from trainer.bench.visitor import ScriptRuns

REPO = Path(__file__).resolve().parents[2]
#: The floor: the least a Streamlit page can be, with one button for the clicks' floor. It is
#: written beside the progress files and served from the checkout's folder, as the app is.
FLOOR_PAGE = """import streamlit as st

st.session_state["clicks"] = clicks = st.session_state.get("clicks", 0) + st.button("again")
st.write(f"hi {clicks}")
"""
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
#: Resolves with the milliseconds from now to the frame after an element matching
#: ``selector`` and containing ``text`` (and not stale) is in the page. The page is looked at
#: once a frame, in the frame's own animation callback, after something in it changed: its
#: text read there costs no layout the frame would not do anyway (read at each change, it
#: would lay the page out again after every message Streamlit draws, and a page with many
#: elements would be timed slower than it is).
_WATCH = """([selector, text]) => {
  const t0 = performance.now();
  const found = () => [...document.querySelectorAll(selector)].some(
    (el) => el.innerText.includes(text) && !el.closest('[data-stale="true"]'));
  window.__benchDone = new Promise((resolve) => {
    if (found()) { requestAnimationFrame(() => resolve(performance.now() - t0)); return; }
    let asked = false;
    const look = () => {
      asked = false;
      if (found()) { watcher.disconnect(); resolve(performance.now() - t0); }
    };
    const watcher = new MutationObserver(() => {
      if (!asked) { asked = true; requestAnimationFrame(look); }
    });
    watcher.observe(document.body, {childList: true, subtree: true, characterData: true});
  });
  return found();
}"""


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


def fill_history(db: Path, app_dir: Path) -> None:
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
    fill_history(db, app_dir)
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


def server_for(name: str, app_dir: Path, workdir: Path, *, port: int | None = None) -> Any:
    """The floor's server for :data:`FLOOR`, the app's for any other page."""
    if name == FLOOR:
        return running_floor(app_dir, workdir, port=port)
    return running_app(app_dir, workdir, port=port)


async def idle(page: Any) -> None:
    """Wait until Streamlit has finished the current run."""
    await page.wait_for_selector(IDLE, state="attached", timeout=TIMEOUT_MS)


async def timed_action(page: Any, selector: str, text: str, action: Any) -> float:
    """Seconds from just before ``action`` to the frame after ``text`` is painted."""
    already = await page.evaluate(_WATCH, [selector, text])
    if already:
        raise RuntimeError(f"{text!r} was on the page before the action")
    await action()
    ms = await asyncio.wait_for(page.evaluate("window.__benchDone"), TIMEOUT_MS / 1000)
    await idle(page)
    return float(ms) / 1000


#: The player every page of the benchmark is opened for (the address names who is playing).
PLAYER = "Bench"


def as_player(url: str, player: str = PLAYER) -> str:
    """``url`` naming ``player`` in its query, as a bookmark names who is playing."""
    return url + ("&" if "?" in url else "?") + f"player={player.lower()}"


async def load_page(page: Any, url: str, marker: str, *, player: str = PLAYER) -> float:
    """Seconds to open ``url`` for ``player`` until ``marker`` shows, the run is over and
    every element is drawn (the run can end while a button, say, is still a grey shape
    waiting for its script: 0.2-0.5 s more on the pages with buttons)."""
    start = time.perf_counter()
    await page.goto(as_player(url, player), timeout=TIMEOUT_MS)
    await page.get_by_text(marker, exact=False).first.wait_for(timeout=TIMEOUT_MS)
    await idle(page)
    await page.wait_for_function(
        f"() => !document.querySelector('{SKELETON}')", polling="raf", timeout=TIMEOUT_MS
    )
    return time.perf_counter() - start


@contextlib.asynccontextmanager
async def new_tab(browser: Any) -> AsyncIterator[Any]:
    """A tab in a browser context of its own (no shared cookies or cache), closed after."""
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = await context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        yield page
    finally:
        await context.close()


@dataclass(frozen=True)
class Urls:
    """Where one checkout is served for the clicks: the app, and the floor beside it; and
    the checkout and the folder its progress files go in, for a figure that needs a server
    of its own (:func:`running_app`)."""

    app: str
    floor: str
    checkout: Path = REPO
    workdir: Path | None = None


#: A click that has not had a script run finish by then landed on an element the page was
#: replacing: it is tried again, not timed.
MISSED_CLICK_S = 15.0


async def timed_run(
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
    await idle(page)
    return seconds

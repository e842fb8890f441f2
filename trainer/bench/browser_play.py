"""A whole game in Chromium (:func:`play_game`), for the browser benchmark's ``play`` and
``review`` parts and ``python -m trainer.bench.play --browser``: a 61-point game on the Play
page, at a table of two, three or four, always laying the first card that fits, timed from
"Start the game" to the results, with the wait after each click; and then, for ``review``,
"Review this game" clicked on the results screen, timed until the Review page's run has
finished, and that wait over the game's median click (:func:`open_review`).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import statistics
import time
from typing import Any

from trainer.bench.browser_figures import OVER_A_CLICK, Figures
from trainer.bench.browser_setup import (
    GAMER,
    MISSED_CLICK_S,
    TIMEOUT_MS,
    Urls,
    as_player,
    idle,
    new_tab,
    timed_run,
)
from trainer.bench.visitor import ScriptRuns, settled

__all__ = ["PLAY_RESULTS", "REVIEW_READY", "SEATS", "open_review", "play_game"]

PLAY_RESULTS = "text=/You win!|You and your partner win!|wins? this time/"
#: The Review page's last section: once it is drawn, the page is.
REVIEW_READY = "Deal by deal"
#: How the new game's form names each table size.
SEATS = {
    2: "Two: you and the computer",
    3: "Three: you and two computers, each playing alone",
    4: "Four: you and a computer partner against two computers",
}


async def _shown(page: Any, selector: str) -> bool:
    locator = page.locator(selector)
    return bool(await locator.count()) and bool(await locator.first.is_visible())


async def _play_step(page: Any, runs: ScriptRuns) -> tuple[str, float | None] | None:
    """The one action the Play page asks for, timed (None when nothing could be done yet)."""
    for name in ("Cut the deck", "Next", "Continue"):
        button = page.get_by_role("button", name=name, exact=True)
        shown = await button.count() and await button.first.is_visible()
        if shown and await button.first.is_enabled():
            return name.lower(), await timed_run(page, runs, button.first.click)
    throw = 2 if await _shown(page, "text=Pick two cards for") else 1
    if throw == 2 or await _shown(page, "text=Pick one card for"):
        while await page.locator(".cp-card.on").count() < throw:  # taps stay in the browser
            await page.locator(".cp-card:not(.on)").first.click()
        confirm = page.locator(".cp-confirm").first
        return "throw", await timed_run(page, runs, confirm.click)
    if await _shown(page, "text=Your turn: tap a card to lay it."):
        card = page.locator(".cp-card:not(.off)").first
        return "lay", await timed_run(page, runs, card.click)
    return None


async def play_game(
    browser: Any,
    url: str | Urls,
    figures: Figures,
    *,
    level: str = "Easy",
    name: str = "Play",
    max_steps: int = 600,
    seats: int = 2,
    review: str = "",
) -> None:
    """A whole 61-point game on the Play page at a table of ``seats``, always laying the
    first card that fits: the game's duration from "Start the game" to the results, and the
    wait after each click. With ``review`` (``at once``, or ``read``: once the server is
    idle, as after a person has read the results), "Review this game" is then clicked and
    timed (:func:`open_review`)."""
    from playwright.async_api import Error as PlaywrightError

    url = url.app if isinstance(url, Urls) else url
    async with new_tab(browser) as page:
        runs = ScriptRuns()
        runs.watch(page)
        form, again = "How strong is the computer?", "Play again"
        await page.goto(as_player(f"{url}/play", GAMER), timeout=TIMEOUT_MS)
        await page.locator(f"text=/{re.escape(form)}|{again}/").first.wait_for()
        await idle(page)
        if await _shown(page, f"text={again}"):  # the results of this player's last game
            await page.get_by_role("button", name=again).click()
            await page.get_by_text(form).first.wait_for()
            await idle(page)
        if seats != 2:
            await page.get_by_label("Who is at the table?").click()
            await page.get_by_role("option", name=SEATS[seats]).click()
            await idle(page)
        await page.get_by_text(level, exact=True).click()
        await page.get_by_text("61 points (a short game)").click()
        await idle(page)
        started = time.perf_counter()
        await page.get_by_role("button", name="Start the game").click()
        await page.get_by_role("button", name="Cut the deck").wait_for()
        await idle(page)
        clicks: list[float] = []
        while not await _shown(page, PLAY_RESULTS):
            if len(clicks) >= max_steps:
                raise RuntimeError(f"the game had not ended after {len(clicks)} clicks")
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
            clicks.append(wait)
            figures.add(f"{name}: wait after a click", wait)
            figures.add(f"{name}: wait after {kind}", wait)
        figures.add(f"{name}: a whole game to 61 against {level}", time.perf_counter() - started)
        if review:
            await idle(page)
            if review == "read":
                await settled(figures.server_pid)
            opened = await open_review(page, runs)
            figures.add(f"{name}: open the review ({review})", opened)
            figures.add(
                f"{name}: open the review ({review}) {OVER_A_CLICK}",
                opened / statistics.median(clicks),
            )


async def open_review(page: Any, runs: ScriptRuns) -> float:
    """Click "Review this game" on the results screen: seconds until the Review page's run
    has finished (it switches pages: the results' run ends early, the review's is timed),
    its last section drawn."""
    runs.finished.clear()
    start = time.perf_counter()
    await page.get_by_role("button", name="Review this game").click()
    await asyncio.wait_for(runs.finished.wait(), MISSED_CLICK_S * 4)
    seconds = runs.at - start
    await page.get_by_text(REVIEW_READY).first.wait_for(timeout=TIMEOUT_MS)
    await idle(page)
    return seconds

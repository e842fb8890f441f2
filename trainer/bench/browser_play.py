"""A whole game in Chromium (:func:`play_game`), for the browser benchmark's ``play`` part
and ``python -m trainer.bench.play --browser``: a 61-point game on the Play page, always
laying the first card that fits, timed from "Start the game" to the results, with the wait
after each click.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from trainer.bench.browser_figures import Figures
from trainer.bench.browser_setup import GAMER, Urls, idle, load_page, new_tab, timed_run
from trainer.bench.visitor import ScriptRuns

__all__ = ["PLAY_RESULTS", "play_game"]

PLAY_RESULTS = "text=/You win!|The computer wins this time/"


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
    if await _shown(page, "text=Pick two cards for"):
        while await page.locator(".cp-card.on").count() < 2:  # taps stay in the browser
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
) -> None:
    """A whole 61-point game on the Play page, always laying the first card that fits: the
    game's duration from "Start the game" to the results, and the wait after each click."""
    from playwright.async_api import Error as PlaywrightError

    url = url.app if isinstance(url, Urls) else url
    async with new_tab(browser) as page:
        runs = ScriptRuns()
        runs.watch(page)
        await load_page(page, f"{url}/play", "How strong is the computer?", player=GAMER)
        await page.get_by_text(level, exact=True).click()
        await page.get_by_text("61 points (a short game)").click()
        await idle(page)
        started = time.perf_counter()
        await page.get_by_role("button", name="Start the game").click()
        await page.get_by_role("button", name="Cut the deck").wait_for()
        await idle(page)
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

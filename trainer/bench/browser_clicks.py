"""The browser benchmark's clicks (:mod:`trainer.bench.browser`), each timed until what it
asks for is painted: the floor page's button (until painted, and until its run has
finished), Practice's "Check", "That's everything", Check a hand's Enter and its fifth tap,
and the Review's "Next deal", each beside a floor click of its own made just before it
(:func:`floor_beside`)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from trainer.bench.browser_figures import FLOOR_PAINTED, FLOOR_RUN, Figures, beside
from trainer.bench.browser_setup import (
    MISSED_CLICK_S,
    REVIEW_GAME,
    Urls,
    idle,
    load_page,
    new_tab,
    timed_action,
)
from trainer.bench.visitor import ScriptRuns


async def floor_clicks(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    """The floor page's button: until its new text is painted, and until the run it asked
    for has finished (the two ways the app's clicks are timed)."""
    async with new_tab(browser) as page:
        runs = ScriptRuns()
        runs.watch(page)
        await load_page(page, urls.floor, "hi 0")
        button = page.get_by_role("button", name="again")
        for n in range(rounds):
            runs.finished.clear()
            started = time.perf_counter()
            painted = await timed_action(
                page, '[data-testid="stMarkdownContainer"]', f"hi {n + 1}", button.click
            )
            await asyncio.wait_for(runs.finished.wait(), MISSED_CLICK_S)
            figures.add(FLOOR_PAINTED, painted)
            figures.add(FLOOR_RUN, runs.at - started)


#: Clicks the floor's button beside a scenario's (see :func:`floor_beside`).
Beside = Callable[[], Awaitable[None]]


@contextlib.asynccontextmanager
async def floor_beside(
    browser: Any, urls: Urls, figures: Figures, name: str
) -> AsyncIterator[Beside]:
    """The floor page in a tab of its own beside a scenario's: each call clicks its button,
    timed until its new text is painted, under ``beside(name)``; the scenario calls it just
    before each click it times, so that each of them has a floor measured at the same moment.
    (Headless Chromium draws a tab in the background as it does one in front: bringing each
    to the front for its click made the floor's slower, by a tenth.)"""
    async with new_tab(browser) as page:
        await load_page(page, urls.floor, "hi 0")
        button = page.get_by_role("button", name="again")
        clicks = 0

        async def click() -> None:
            nonlocal clicks
            clicks += 1
            wait = await timed_action(
                page, '[data-testid="stMarkdownContainer"]', f"hi {clicks}", button.click
            )
            figures.add(beside(name), wait)

        yield click


async def _practice_answers(
    page: Any, url: str, seed: int, answers: int, floor: Beside | None = None
) -> list[float]:
    """Open a typed-total set and answer ``answers`` questions; each wait, in seconds
    (``floor``: the floor's click beside each)."""
    # one question more than the answers timed, whatever length the tier gives its sets:
    # the last question's button says "See how you did", not "Next question"
    link = f"{url}/practice?drill=hand&tier=club&seed={seed}&length={answers + 1}"
    await load_page(page, link, "Count this hand")
    waits: list[float] = []
    for n in range(answers):
        box = page.get_by_label("Your total")
        await box.fill("5")
        if floor is not None:
            await floor()
        waits.append(
            await timed_action(
                page, '[data-testid="stButton"]', "question", lambda b=box: b.press("Enter")
            )
        )
        if n + 1 < answers:
            await page.get_by_role("button", name="Next question").click()
            await page.get_by_text(f"Question {n + 2} of").wait_for()
            await idle(page)
    return waits


#: The clicks timed until painted, each beside a floor click of its own.
CHECK = 'Practice "Check" -> explanation'
EVERYTHING = '"That\'s everything" -> grade'
ENTER = "Check a hand -> total"
FIFTH_TAP = "Check a hand: the fifth tap -> total"
NEXT_DEAL = 'Review: "Next deal" -> painted'


async def check_clicks(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    async with floor_beside(browser, urls, figures, CHECK) as floor, new_tab(browser) as page:
        for wait in await _practice_answers(page, urls.app, 11, rounds, floor):
            figures.add(CHECK, wait)


async def claim_finishes(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    async with (
        floor_beside(browser, urls, figures, EVERYTHING) as floor,
        new_tab(browser) as page,
    ):
        link = f"{urls.app}/practice?drill=hand&tier=club&seed=5&mode=claim&length={rounds + 1}"
        await load_page(page, link, "Count")
        for n in range(rounds):
            done = page.locator(".cp-done")  # inside the tappable hand
            await floor()
            wait = await timed_action(
                page, '[data-testid="stButton"]', "question", lambda d=done: d.click()
            )
            figures.add(EVERYTHING, wait)
            if n + 1 < rounds:
                await page.get_by_role("button", name="Next question").click()
                await page.get_by_text(f"Question {n + 2} of").wait_for()
                await idle(page)


#: Hands with distinct totals, so each new total can be told from the last.
CHECK_HANDS = (
    ("5H 5D 5C JS", "5S"),
    ("3C 3D 4S 4H", "5C"),
    ("AH 3H TH JD", "3D"),
    ("2C 4D 6S 8H", "TC"),
    ("4H 5H 6H 7C", "8S"),
    ("7C 8D 8S 9H", "KC"),
)


def hand_total(hand: str, starter: str) -> str:
    """The total of ``hand`` with ``starter``, as Check a hand shows it."""
    from trainer.engine import parse_cards, score_show

    return str(score_show(parse_cards(hand), parse_cards(starter)[0]).total)


async def check_hands(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    async with floor_beside(browser, urls, figures, ENTER) as floor, new_tab(browser) as page:
        await load_page(page, f"{urls.app}/check", "Every combination")
        for n in range(rounds):
            hand, starter = CHECK_HANDS[(n + 1) % len(CHECK_HANDS)]
            total = hand_total(hand, starter)
            await page.get_by_label("Hand (four cards)", exact=True).fill(hand)
            box = page.get_by_label("Starter", exact=True)
            await box.fill(starter)
            await floor()
            wait = await timed_action(
                page,
                '.app-metric-value, [data-testid="stMetricValue"]',
                total,
                lambda b=box: b.press("Enter"),
            )
            figures.add(ENTER, wait)


async def check_taps(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    """Check a hand's grid: four taps for the hand, then the starter's, timed from the fifth
    tap until the total is painted ("Clear" first, for a grid that starts with a hand)."""
    async with (
        floor_beside(browser, urls, figures, FIFTH_TAP) as floor,
        new_tab(browser) as page,
    ):
        await load_page(page, f"{urls.app}/check", "Every combination")
        await page.get_by_text("Pick them", exact=True).click()
        await page.locator(".cp-grid").first.wait_for()
        await idle(page)
        for n in range(rounds):
            await page.locator(".cp-actions .cp-btn", has_text="Clear").first.click()
            await page.get_by_text("Choose four cards for the hand").first.wait_for()
            await idle(page)
            hand, starter = CHECK_HANDS[n % len(CHECK_HANDS)]
            for card in hand.split():
                await page.locator(f'.cp-grid .cp-card[data-id="{card}"]').click()
            await idle(page)
            await floor()
            tap = page.locator(f'.cp-grid .cp-card[data-id="{starter}"]').click
            wait = await timed_action(
                page,
                '.app-metric-value, [data-testid="stMetricValue"]',
                hand_total(hand, starter),
                tap,
            )
            figures.add(FIFTH_TAP, wait)


async def review_clicks(browser: Any, urls: Urls, figures: Figures, *, rounds: int) -> None:
    """The Review page of a finished game to 121: "Next deal" until the next deal's line is
    painted."""
    async with (
        floor_beside(browser, urls, figures, NEXT_DEAL) as floor,
        new_tab(browser) as page,
    ):
        await load_page(page, f"{urls.app}/review?game={REVIEW_GAME}", "Deal by deal")
        for n in range(rounds):
            button = page.get_by_role("button", name="Next deal")
            if not await button.is_enabled():
                break
            await floor()
            wait = await timed_action(
                page, '[data-testid="stCaptionContainer"]', f"Deal {n + 2} ·", button.click
            )
            figures.add(NEXT_DEAL, wait)

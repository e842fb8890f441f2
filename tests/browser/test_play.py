"""A real browser plays on the Play page: starts a game, throws two cards by tapping them,
plays the deal to the show, reloads and finds the same game, then finishes a 61-point game
against Easy by always laying the first card that fits and sees the results screen; then a
game with the coach on: a hint before the throw, and the coach's verdict on it after."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser import acted, count_runs, drawn, redrawn, settled
from tests.play_steps import more_options, pick, play_until, step
from trainer.progress.store import Store

RESULTS = "text=/You win!|The computer wins this time/"


def _visible(page: Any, selector: str) -> bool:
    locator = page.locator(selector)
    return bool(locator.count()) and bool(locator.first.is_visible())


def _new_game_form(page: Any, app_url: str, browser_db: Path, player: str) -> None:
    """Open the Play page of a player of this test's own (the browser tests' other players
    leave games finished or under way), on its new game form."""
    store = Store.open(browser_db)
    if not any(p.name == player for p in store.profiles()):
        store.create_profile(player)
    count_runs(page)  # each step waits for the run it starts (tests.play_steps.step)
    page.goto(f"{app_url}/play?player={player.lower()}")
    page.get_by_text("How strong is the computer?").wait_for(timeout=60_000)
    settled(page)


def _start(page: Any, app_url: str, browser_db: Path) -> None:
    _new_game_form(page, app_url, browser_db, "Reloads")
    pick(page, "Easy")
    pick(page, "61 points (a short game)")
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("button", name="Cut the deck").wait_for()


@pytest.mark.browser
def test_a_deal_to_the_show_survives_a_reload_and_a_game_ends_on_the_results(
    page: Any, app_url: str, browser_db: Path
) -> None:
    _start(page, app_url, browser_db)
    before = drawn(page)
    page.get_by_role("button", name="Cut the deck").click()
    deadline = time.monotonic() + 300
    while not _visible(page, "text=Low card deals"):  # the same rank cuts again
        assert time.monotonic() < deadline, "the cut for deal never found a dealer"
        redrawn(page, before)
        before = drawn(page)
        cut = page.get_by_role("button", name="Cut the deck")
        tied = _visible(page, "text=cut again") and not _visible(page, "text=Low card deals")
        if tied and cut.count() and cut.first.is_visible():
            cut.first.click()
    cards = page.locator(".cp-card")
    expect(cards).to_have_count(6, timeout=60_000)  # the six dealt, once the cards are drawn
    cards.nth(0).click()
    cards.nth(0).click()  # a second tap takes it back
    cards.nth(1).click()
    cards.nth(2).click()
    page.locator(".cp-confirm").click()
    page.get_by_text("in the crib.").first.wait_for()

    def in_show() -> bool:
        return _visible(page, "text=/Your hand|The computer's hand/") or _visible(page, RESULTS)

    taken = play_until(page, in_show)
    assert "lay" in taken
    settled(page)
    before = page.locator("h3").all_inner_texts()
    board = page.locator("img[aria-label^='Cribbage board']").get_attribute("aria-label")
    page.reload()  # the same board and headings once the page is drawn again
    expect(page.locator("img[aria-label^='Cribbage board']")).to_have_attribute(
        "aria-label", board or "", timeout=60_000
    )
    expect(page.locator("h3")).to_have_text(before, timeout=60_000)

    started = time.monotonic()
    play_until(page, lambda: _visible(page, RESULTS), most=800)
    print(f"\nthe rest of a 61-point game took {time.monotonic() - started:.1f} s in the browser")
    page.get_by_text("Final score:").wait_for()
    page.get_by_text("Your record against Easy to 61, two players: ").wait_for()
    page.reload()  # the results stay until they are left
    page.get_by_text("Final score:").wait_for(timeout=60_000)
    page.get_by_role("button", name="Play again").click()
    page.get_by_text("How strong is the computer?").wait_for()


@pytest.mark.browser
def test_the_coach_gives_a_hint_and_then_judges_the_throw(
    page: Any, app_url: str, browser_db: Path
) -> None:
    _new_game_form(page, app_url, browser_db, "Hints")
    more_options(page)  # the coach is among the game's other options
    pick(page, "After each move (it tells you")  # (not the lobby's coach)
    acted(page, page.get_by_role("button", name="Start the game").click)
    cut = page.get_by_role("button", name="Cut the deck")
    throw = page.get_by_text("Pick two cards for")
    for _ in range(10):  # only cuts for the deal (a tie cuts again), never a step further
        cut.or_(throw).first.wait_for()
        if throw.count():
            break
        acted(page, cut.first.click)
    hint = page.get_by_role("button", name="Hint")
    try:
        hint.wait_for()
    except PlaywrightError:
        raise AssertionError(page.locator('[data-testid="stMain"]').inner_text()[:1500]) from None
    hint.click()
    # the first ranking in a server process loads the analysis (a second or two)
    page.get_by_text("this deal is marked as hinted").wait_for(timeout=120_000)
    settled(page)
    assert "coach: after each move" in page.get_by_text("Easy computer").first.inner_text()
    assert step(page) == "throw"
    hinted = page.get_by_text("You asked for a hint on this deal.")
    hinted.wait_for(state="attached", timeout=60_000)
    if not hinted.is_visible():  # the coach on the throw folds once the play begins
        page.locator(".st-key-play_tips_throw").get_by_text("Coach:").first.click()
    hinted.wait_for(timeout=60_000)
    page.locator("text=/That is the best throw|as good as the best|number \\d+ of 15/").wait_for()

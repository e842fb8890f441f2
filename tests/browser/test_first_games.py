"""In a real browser: a learner who has done lesson 3 plays the first rung of the first
games (four cards and a starter, fifteens only) against Easy to its end, every step by taps:
the cut, their own count of each hand by tapping each fifteen's cards, and the coach going
through each hand; then the ladder remembers the game.

The first game the end of a lesson offers is tested here too, in a section of its own."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser import after, answer, drawn, open_page, redrawn, settled
from trainer.content.lessons import BoardCheck, load_course
from trainer.engine import Card, Kind, score_show
from trainer.engine.kinds import only_kinds
from trainer.progress.store import Store
from trainer.ui.session import player_param

RESULTS = "text=/You win!|The computer wins this time/"


def _visible(page: Any, selector: str) -> bool:
    locator = page.locator(selector)
    return bool(locator.count()) and bool(locator.first.is_visible())


#: The ids of the cards in the card picker being counted (the one with "That's everything"),
#: or null while it is still being drawn (fewer than a hand and the starter).
_SHOWN_CARDS = """() => {
  const root = [...document.querySelectorAll('*')].filter((e) => e.shadowRoot)
    .map((e) => e.shadowRoot).find((r) => r.querySelector('.cp-done'));
  const ids = root ? [...root.querySelectorAll('.cp-card')].map((c) => c.dataset.id) : [];
  return ids.length >= 5 ? ids : null;
}"""


def _count_by_taps(page: Any) -> int:
    """Tap each fifteen of the hand and the starter on screen, then That's everything; the
    number of fifteens claimed."""
    ids = page.wait_for_function(_SHOWN_CARDS).json_value()  # once the cards are drawn
    *hand, starter = (Card.parse(str(card_id)) for card_id in ids)
    score = only_kinds(score_show(hand, starter), {Kind.FIFTEEN})
    claims = page.locator(".cp-claims li")
    for n, item in enumerate(score.items):
        for card in item.cards:
            page.locator(f".cp-card[data-id='{card}']").click(timeout=3000)
        page.locator(".cp-kind[data-kind='fifteen']").click(timeout=3000)
        page.locator(".cp-claim").click(timeout=3000)
        claims.nth(n).wait_for(timeout=3000)  # listed at once, in the browser
    page.locator(".cp-done").click(timeout=3000)
    return len(score.items)


def _act(page: Any) -> str:
    for name in ("Cut the deck", "Next", "Continue"):
        button = page.get_by_role("button", name=name, exact=True)
        if button.count() and button.first.is_visible() and button.first.is_enabled():
            button.first.click(timeout=3000)
            return name
    if _visible(page, ".cp-done"):
        return f"count {_count_by_taps(page)}"
    return ""


@pytest.mark.browser
def test_the_first_rung_is_played_to_its_end_by_taps(
    page: Any, app_url: str, browser_db: Path
) -> None:
    store = Store.open(str(browser_db))
    profile = store.create_profile("Fifteens")
    for lesson in ("the-board", "deal-and-crib", "the-starter"):
        store.save_lesson_progress(profile.id, lesson, 0, True)
    open_page(page, f"{app_url}/play?player={player_param(profile)}", "First games")
    page.locator(".st-key-play_rung_start_fifteens button").click()
    page.get_by_text("First game 1: Fifteens · only fifteens score").wait_for(timeout=60_000)
    taken: list[str] = []
    deadline = time.monotonic() + 300
    while not _visible(page, RESULTS):
        if time.monotonic() > deadline:
            page.screenshot(path="/tmp/first-games-stuck.png", full_page=True)
            raise AssertionError(f"stuck after {taken[-10:]}")
        assert len(taken) < 400, f"too many steps: {taken[-10:]}"
        settled(page)
        before = drawn(page)
        try:
            step = _act(page)
        except PlaywrightError:
            step = ""  # the page was changing under the tap: look again
        if step:
            taken.append(step)
            if step.startswith("count"):  # the coach goes through the learner's count
                page.get_by_role("heading", name="Your hand").wait_for(timeout=60_000)
        redrawn(page, before)
    assert any(step.startswith("count") for step in taken)
    assert "Next" in taken or "Continue" in taken  # each hand gone through with the coach
    assert "Pick two cards for" not in page.content()  # four cards each: nothing thrown
    page.get_by_text("Final score:").wait_for()
    page.get_by_role("button", name="Play again").click()
    page.locator(".st-key-play_rung_fifteens").get_by_text(
        "Won 1 of 1" if _won(store, profile.id) else "Played 1, not won yet"
    ).wait_for(timeout=60_000)


def _won(store: Store, profile_id: int) -> bool:
    ((_, status),) = store.finished_setups(profile_id)
    return status == "won"


# --- the first game a lesson offers ----------------------------------------------------------
# In a real browser: the end of lesson 3 offers the first of the first games; the Play page then
# shows the offer alone (no settings under it) until it is taken, and taking it starts the game:
# four cards and a starter, fifteens only, against Easy.


@pytest.mark.browser
def test_the_end_of_lesson_3_offers_first_game_1_alone_on_the_play_page(
    page: Any, app_url: str, browser_db: Path
) -> None:
    from playwright.sync_api import expect

    course = load_course()
    lesson = course.get("the-starter")
    assert lesson is not None and course.number(lesson.id) == 3
    store = Store.open(str(browser_db))
    profile = store.create_profile("Lesson three")
    for done in ("the-board", "deal-and-crib"):
        store.save_lesson_progress(profile.id, done, 0, True)

    open_page(page, f"{app_url}/learn?player={player_param(profile)}", "Learn cribbage")
    page.get_by_role("button", name=re.compile(r"^(Start|Continue|Review) lesson 3$")).click()
    expect(page.get_by_role("heading", name=f"3. {lesson.title}")).to_be_visible()
    settled(page)
    total = len(lesson.steps)
    for index, step in enumerate(lesson.steps):
        check = step.check
        if check is not None:
            assert isinstance(check, BoardCheck)  # lesson 3 asks where his heels pegs
            page.get_by_text(check.prompt).wait_for()
            settled(page)
            answer(page, str(check.answer), typed=True)
            after(page, "Yes")
        if index < total - 1:
            page.get_by_role("button", name="Next", exact=True).click()
            after(page, f"Step {index + 2} of {total}")
    page.get_by_text("This lesson opens first game 1: Fifteens.").wait_for()
    play = page.get_by_role("button", name="Play first game 1")
    expect(play).to_be_enabled()
    play.click()

    offer = page.get_by_text("First game 1 is ready: Fifteens.")
    offer.wait_for(timeout=60_000)
    settled(page)
    assert page.get_by_text("How strong is the computer?").count() == 0  # the offer alone
    assert page.get_by_text("First games", exact=True).count() == 0
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("First game 1: Fifteens · only fifteens score").wait_for(timeout=60_000)
    page.get_by_role("button", name="Cut the deck").wait_for()
    assert store.lesson_progress(profile.id)[lesson.id].done

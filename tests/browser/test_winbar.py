"""The win meter on the Play page in a real browser, on a phone 360 px wide: on in a
learning game, beside the board, in words ("You: a little ahead", no percentage in a
learning game) and a bar that matches them, inside the screen and above the hand; it moves
with the cards laid; its switch in the game menu takes it away."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import count_runs, drawn, redrawn, runs, settled, still_holds
from tests.browser.test_screen import _edges, _in_place_box, _load, _resign, _step, _until
from tests.play_steps import more_options
from trainer.progress.store import Store
from trainer.training.coach.chances import STANDINGS

pytestmark = pytest.mark.browser

PLAYER = "Meter"
WIDTH, HEIGHT = 360, 780


@pytest.fixture
def phone(browser: Any, browser_db: Path) -> Iterator[Any]:
    store = Store.open(browser_db)
    if not any(p.name == PLAYER for p in store.profiles()):
        store.create_profile(PLAYER)
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    count_runs(tab)
    yield tab
    context.close()


def _meter(page: Any) -> tuple[str, float]:
    """The person's chance as the words say it, and the bar's share in blue (percent)."""
    words = page.locator(".wb-seat-0").first.inner_text()
    match = re.fullmatch(r"You: ([a-z ]+)", words.strip())
    assert match, words
    share = page.evaluate(
        """() => {
          const bar = document.querySelector('.wb-bar').getBoundingClientRect();
          const fill = document.querySelector('.wb-fill').getBoundingClientRect();
          return 100 * fill.width / bar.width;
        }"""
    )
    return match.group(1), float(share)


def _matches(said: str, share: float) -> bool:
    """The bar's share lies within what the words say (a point either side, for the
    rounding of the drawn width)."""
    bounds = [100 * least for least, _ in STANDINGS]
    words = [w for _, w in STANDINGS]
    if said not in words:
        return said in ("sure to win", "hardly any chance")
    i = words.index(said)
    top = 100.0 if i == 0 else bounds[i - 1]
    return bounds[i] - 1 <= share <= top + 1


def _in_place(page: Any) -> None:
    """The meter between the board and the hand, inside a phone's screen."""
    box = _edges(page.locator(".wb").first.bounding_box())
    board = _edges(page.locator(".tb-board .tb-pic").first.bounding_box())  # the picture
    hand = _edges(_in_place_box(page))
    assert box is not None and board is not None and hand is not None
    top, bottom, left, right = box
    assert left >= -0.5 and right <= WIDTH + 0.5, f"the meter is off the side: {box}"
    assert top >= 0 and bottom <= HEIGHT, f"the meter is off the screen: {box}"
    assert board[1] <= top + 0.5 and bottom <= hand[0] + 0.5, (board, box, hand)
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= WIDTH, f"the page is {wide} px wide on a {WIDTH} px phone"


def _wait_for_bar(page: Any) -> None:
    """Until the bar's width has eased in (a transition of 0.4 s): no animation running."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.wb-fill')].every("
        "(fill) => fill.getAnimations().every((a) => a.playState !== 'running'))"
    )


def test_the_meter_in_a_learning_game_on_a_phone(phone: Any, app_url: str) -> None:
    page = phone
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _load(page, f"{app_url}/play?player={PLAYER.lower()}")
    if page.get_by_role("button", name="Play again").count():
        page.get_by_role("button", name="Play again").click()
    elif not page.get_by_text("How strong is the computer?").count():
        _resign(page)
    page.get_by_text("How strong is the computer?").wait_for()
    page.get_by_text("61 points (a short game)").click()
    more_options(page)
    page.get_by_text("Learning mode (it explains every step before you choose)").click()
    settled(page)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("button", name="Cut the deck").wait_for()
    settled(page)
    said, share = _meter(page)  # before the cut for deal, one half each
    assert said == "about even" and abs(share - 50) < 1.5

    _until(page, lambda: page.get_by_text("Your turn: tap a card to lay it.").count() > 0)
    settled(page)
    _wait_for_bar(page)
    said, share = _meter(page)
    assert _matches(said, share), (said, share)
    assert "%" not in page.locator(".wb").first.inner_text()
    still_holds(page, lambda: _in_place(page))

    seen = {said}
    for _ in range(60):  # the meter is drawn again after every card, up to the show
        if page.get_by_role("button", name="Next", exact=True).count() or (
            page.get_by_text("what does it make?").count()  # a count to give: the play is over
        ):
            break
        before, runs_before = drawn(page), runs(page)
        if _step(page) == "lay":  # once the card's run is over and the bar has eased in
            page.wait_for_function("(n) => window.__runs > n", arg=runs_before)
            settled(page)
            _wait_for_bar(page)
            if page.locator(".wb").count():
                said, share = _meter(page)
                assert _matches(said, share), (said, share)
                seen.add(said)
        else:
            redrawn(page, before)
    assert page.locator(".wb").count() == 1

    page.get_by_text("Game menu").click()
    switch = page.get_by_role("switch", name="Chance to win")
    assert switch.is_checked()
    page.get_by_text("Chance to win", exact=True).click()  # the switch's label, as a thumb
    page.locator(".wb").wait_for(state="detached")
    settled(page)
    assert page.locator(".tb-board").count() == 1
    assert errors == []

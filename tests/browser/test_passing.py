"""Pass-and-play in a real browser on a phone's screen (390 x 844): two players of one
device start a game from the Play page's form and play a whole deal by taps, the page
showing only "Pass to …" (no card at all) before each person's turn and each person's
own cards after their tap."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tests.browser import acted, settled, sized_tabs
from tests.play_steps import HAND, choose, more_options, open_play, step
from trainer.progress.store import Store

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    with sized_tabs(browser, {"phone": (390, 844)}) as pages:
        yield pages["phone"]


def _players(db: Path, *names: str) -> None:
    store = Store.open(db)
    for name in names:
        if store.profile_named(name) is None:
            store.create_profile(name)


def test_two_people_play_a_deal_passing_the_phone(
    phone: Any, app_url: str, browser_db: Path
) -> None:
    _players(browser_db, "Pat", "Ravi")
    open_play(phone, f"{app_url}/play?player=pat")
    settled(phone)
    phone.get_by_text("61 points", exact=False).first.click()
    more_options(phone)
    toggle = phone.get_by_text("Play with people on this device (pass and play)")
    toggle.click()
    phone.get_by_text("Seat 1 (cuts first)").wait_for()
    settled(phone)
    # Pat, who opened the page, sits in seat 1; Ravi is chosen for seat 2 (the device has
    # other players too)
    if phone.locator(".st-key-play_seat_2_1 input").input_value() != "Ravi":
        choose(phone, ".st-key-play_seat_2_1", "Ravi")
    acted(phone, phone.get_by_role("button", name="Start the game").click)

    passed: list[str] = []
    steps: list[str] = []
    for _ in range(200):
        settled(phone)
        caption = phone.locator('[data-testid="stCaptionContainer"]').all_inner_texts()
        if any("deal 2" in text for text in caption):
            break
        take = phone.locator(".st-key-play_pass_take button")
        if take.count():
            heading = phone.locator(".st-key-play_pass h3").inner_text()
            name = heading.removeprefix("Pass to ").strip()
            assert name in ("Pat", "Ravi"), heading
            # nothing of the table: no hand, no card, no log
            assert phone.locator(HAND).count() == 0
            assert phone.locator(".cp-card").count() == 0
            box = take.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 844  # in the first screen
            acted(phone, take.click)
            passed.append(name)
            continue
        steps.append(step(phone))
    else:
        raise AssertionError(f"the first deal did not end: {steps[-10:]}")
    assert {"Pat", "Ravi"} <= set(passed)
    assert "throw" in steps and "lay" in steps
    # the turns alternate: the device is passed from one to the other
    assert any(a != b for a, b in pairwise(passed))

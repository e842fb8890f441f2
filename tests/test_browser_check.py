"""The main path in a real browser: open the app, enter a hand on Check a hand, see its total."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_home_then_check_a_typed_hand(page: Any, app_url: str) -> None:
    page.goto(app_url)
    page.get_by_role("heading", name="Cribbage trainer").wait_for()
    page.get_by_role("link", name="Check a hand").first.click()
    page.get_by_role("heading", name="Check a hand").wait_for()

    hand = page.get_by_label("Hand (four cards)", exact=True)
    hand.fill("3C 3D 4S 4H")
    starter = page.get_by_label("Starter", exact=True)
    starter.fill("5C")
    starter.press("Enter")

    metric = page.get_by_test_id("stMetricValue")
    metric.filter(has_text="20").wait_for()
    assert metric.inner_text().strip() == "20"
    page.get_by_text("double-double run of three is twenty").first.wait_for()
    # The cards are drawn: one SVG per combination plus the hand itself.
    assert page.locator("svg[aria-label^='Cards: 3♣']").count() >= 9


def test_a_bad_card_is_explained_not_a_traceback(page: Any, app_url: str) -> None:
    page.goto(f"{app_url}/check")
    hand = page.get_by_label("Hand (four cards)", exact=True)
    hand.fill("5H 5D 5X JS")
    hand.press("Enter")
    alert = page.get_by_text("'5X' is not a card")
    alert.wait_for()
    assert page.get_by_test_id("stException").count() == 0

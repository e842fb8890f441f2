"""The main path in a real browser: open the app, enter a hand on Check a hand, see its total."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import EXCEPTION, after, open_page, settled

pytestmark = pytest.mark.browser


def test_home_then_check_a_typed_hand(page: Any, app_url: str) -> None:
    open_page(page, app_url, "Counting in one breath")
    page.get_by_role("link", name="Check a hand").first.click()
    page.get_by_role("heading", name="Check a hand").wait_for()
    after(page, "Every combination")  # the page's own example hand, counted

    hand = page.get_by_label("Hand (four cards)", exact=True)
    hand.fill("3C 3D 4S 4H")
    starter = page.get_by_label("Starter", exact=True)
    starter.fill("5C")
    starter.press("Enter")

    metric = page.get_by_test_id("stMetricValue")
    metric.filter(has_text="20").wait_for()
    settled(page)
    assert metric.inner_text().strip() == "20"
    page.get_by_text("double-double run of three is twenty").first.wait_for()
    # The cards are drawn: one SVG per combination plus the hand itself.
    assert page.locator("svg[aria-label^='Cards: three of clubs']").count() >= 9


def test_a_bad_card_is_explained_not_a_traceback(page: Any, app_url: str) -> None:
    open_page(page, f"{app_url}/check", "Every combination")
    hand = page.get_by_label("Hand (four cards)", exact=True)
    hand.fill("5H 5D 5X JS")
    hand.press("Enter")
    after(page, "'5X' is not a card")
    assert page.locator(EXCEPTION).count() == 0

"""The main path in a real browser: open the app, enter a hand on Check a hand, see its total."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import EXCEPTION, acted, after, count_runs, open_page, settled

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

    metric = page.locator(".app-metric-value")
    metric.filter(has_text="20").wait_for()
    settled(page)
    assert metric.inner_text().strip() == "20"
    page.get_by_text("double-double run of three is twenty").first.wait_for()
    # The cards are drawn: one SVG per combination plus the hand itself.
    assert page.locator("img[aria-label^='Cards: three of clubs']").count() >= 9


def test_a_dealt_hand_goes_in_the_boxes_without_streamlit_s_warning(
    page: Any, app_url: str, app_log: Path
) -> None:
    # The boxes start from the example only while their keys hold nothing: given a start
    # beside cards put in their keys (a hand dealt), Streamlit logs the widget as set twice.
    count_runs(page)
    open_page(page, f"{app_url}/check", "Every combination")
    hand = page.get_by_label("Hand (four cards)", exact=True)
    for _ in range(2):
        before = hand.input_value()
        acted(page, page.get_by_role("button", name="Deal me a random hand").click)
        assert hand.input_value() != before
    assert "set via the Session State API" not in app_log.read_text()


def test_a_bad_card_is_explained_not_a_traceback(page: Any, app_url: str) -> None:
    open_page(page, f"{app_url}/check", "Every combination")
    hand = page.get_by_label("Hand (four cards)", exact=True)
    hand.fill("5H 5D 5X JS")
    hand.press("Enter")
    after(page, "'5X' is not a card")
    assert page.locator(EXCEPTION).count() == 0


def test_cards_tapped_on_the_deck_stay_chosen_when_it_is_drawn_afresh(
    page: Any, app_url: str
) -> None:
    """Two cards of a hand being tapped (no whole hand yet) come back lit when the deck is
    drawn again, and the boxes show them when the person turns to typing: Python keeps a
    hand in the making, not only a whole one, so a deck drawn afresh never loses a tap."""
    open_page(page, f"{app_url}/check", "Every combination")
    page.get_by_text("Pick them").click()
    deck = page.locator(".cp-grid .cp-card")
    deck.first.wait_for()
    settled(page)
    deck.nth(0).click()  # the ace of spades
    deck.nth(14).click()  # the two of hearts
    page.locator(".cp[data-pending='0']").wait_for()
    settled(page)
    page.get_by_text("Type them").click()  # the deck leaves the page; the boxes show them
    hand = page.get_by_label("Hand (four cards)", exact=True)
    hand.wait_for()
    settled(page)
    assert hand.input_value().split() == ["AS", "2H"]
    page.get_by_text("Pick them").click()
    deck.first.wait_for()
    settled(page)
    lit = page.locator(".cp-grid .cp-card.on")
    assert [card.get_attribute("data-id") for card in lit.all()] == ["AS", "2H"]

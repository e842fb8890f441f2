"""A real browser opens a "Which two do you throw?" link, taps two cards, throws them and
sees the table of throws; then lays a card in "What would you play?"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import after, open_page, settled
from trainer.engine.skills import DrillType
from trainer.training.coach import hint_ranking
from trainer.training.questions import DiscardQuestion, PlayQuestion, deal_question


@pytest.mark.browser
def test_a_throw_and_a_card_are_tapped_graded_and_explained(page: Any, app_url: str) -> None:
    question = deal_question(DrillType.DISCARD, "dealer", 3, 0)
    assert isinstance(question, DiscardQuestion)
    best = hint_ranking(question.six, dealer=True, top=1)[0].discard.throw
    page.set_viewport_size({"width": 390, "height": 900})  # phone width
    open_page(
        page,
        f"{app_url}/practice?drill=discard&tier=dealer&seed=3&length=1&player=browser",
        "Which two do you throw into your own crib?",
    )
    page.locator(".cp-card").first.wait_for(timeout=60_000)
    cards = page.locator(".cp-card")
    assert cards.count() == 6
    confirm = page.locator(".cp-confirm")
    assert confirm.is_disabled()
    for card in best:
        cards.nth(question.six.index(card)).click()
    confirm.click()
    after(page, "Right: that is the best throw.")
    assert page.get_by_text("The throws, best first").is_visible()

    play = deal_question(DrillType.PLAY, "clear", 3, 0)
    assert isinstance(play, PlayQuestion)
    open_page(
        page,
        f"{app_url}/practice?drill=play&tier=clear&seed=3&length=1&player=browser",
        play.prompt(),
    )
    page.locator(".cp-card").first.wait_for(timeout=60_000)
    worst = play.options[-1].card
    page.locator(".cp-card").nth(play.hand.index(worst)).click()
    after(page, f"Not quite: the {play.options[0].card.label} was better.")
    settled(page)
    assert page.get_by_text("Every card you could lay, best first").is_visible()

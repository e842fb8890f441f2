"""A real browser opens a shared practice link, answers one hand wrong from the
keyboard and sees the missed combination explained."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import after, open_page
from trainer.engine.skills import DrillType
from trainer.training.questions import deal_question


@pytest.mark.browser
def test_a_wrong_count_shows_the_missed_nobs(page: Any, app_url: str) -> None:
    question = deal_question(DrillType.HAND, "club", 7, 0)
    assert question.notation() == "AH 3H TH JD | 3D"  # a pair, and nobs with the J♦
    page.set_viewport_size({"width": 390, "height": 900})  # phone width
    open_page(
        page, f"{app_url}/practice?drill=hand&tier=club&seed=7&player=browser", "Count this hand"
    )
    assert page.get_by_text("seed 7").is_visible()
    box = page.get_by_label("Your total")
    box.fill("2")
    box.press("Enter")
    after(page, "Not quite: you said 2; this hand makes 3.")
    explained = page.get_by_text("You were one short: one for his nobs")
    assert "J♦ is the same suit as the starter (3♦)" in explained.inner_text()
    assert page.get_by_text("nobs: J♦ (1)").first.is_visible()
    page.get_by_role("button", name="Next question").click()
    after(page, "Question 2 of 10")

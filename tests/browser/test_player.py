"""In real browsers: two people on two browsers, one reload. Each browser keeps its own
player (in the address), and a reload keeps both the player and the set's place."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from trainer.engine.skills import DrillType
from trainer.training.questions import ShowQuestion, deal_question

pytestmark = pytest.mark.browser
LINK = "practice?drill=hand&tier=beginner&seed=11"


def _join_as(page: Any, app_url: str, name: str) -> None:
    page.goto(f"{app_url}/{LINK}")
    page.get_by_role("heading", name="Who is playing?").wait_for()
    page.get_by_label(re.compile("Someone new|Your name")).fill(name)
    page.get_by_role("button", name="Add and start").click()
    page.get_by_text(f"Practising as {name}").wait_for()


def _answer(page: Any, index: int) -> None:
    question = deal_question(DrillType.HAND, "beginner", 11, index)
    assert isinstance(question, ShowQuestion)
    page.get_by_text(f"Question {index + 1} of").wait_for()
    box = page.get_by_label("Your total")
    box.fill(str(question.total))
    box.press("Enter")
    page.get_by_text(f"Right: {question.total}.").wait_for()


def test_a_reload_keeps_this_browsers_player_and_place(browser: Any, app_url: str) -> None:
    contexts = [browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(2)]
    try:
        a, b = (context.new_page() for context in contexts)
        for tab in (a, b):
            tab.set_default_timeout(30_000)
        _join_as(a, app_url, "Kim")
        _answer(a, 0)
        _join_as(b, app_url, "Lee")
        _answer(b, 0)

        a.reload()
        a.get_by_text("Practising as Kim").wait_for()
        # question 1 is answered: the address keeps the player and the place (the page
        # writes them as its run ends, which can be after its text is drawn)
        a.wait_for_function(
            "() => /[?&]player=/.test(location.search) && /[?&]q=2(&|$)/.test(location.search)"
        )
        _answer(a, 1)

        player = parse_qs(urlsplit(a.url).query)["player"][0]
        a.goto(f"{app_url}/progress?player={player}")  # a link that names the player
        a.get_by_text("How Kim is doing").wait_for()
        answers = a.locator(".app-metric-value").first
        answers.filter(has_text="2").wait_for()
        assert answers.inner_text().strip() == "2"
    finally:
        for context in contexts:
            context.close()

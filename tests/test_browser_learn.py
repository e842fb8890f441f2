"""In a real browser at phone width: open Learn, open lesson 1, answer a check from the
keyboard and see it accepted."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import after, open_page, settled
from trainer.content.lessons import TrueFalseCheck, load_course


@pytest.mark.browser
def test_learn_open_lesson_one_and_complete_a_check(page: Any, app_url: str) -> None:
    from playwright.sync_api import expect

    lesson = load_course().lessons[0]
    index, step = next((i, s) for i, s in enumerate(lesson.steps) if s.check is not None)
    check = step.check
    assert isinstance(check, TrueFalseCheck)
    right = "True" if check.answer else "False"

    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{app_url}/learn?player=browser", "Learn cribbage")
    page.get_by_role("button", name=re.compile(r"^(Start|Continue|Review) lesson 1$")).click()
    expect(page.get_by_role("heading", name=f"1. {lesson.title}")).to_be_visible()
    settled(page)

    total = len(lesson.steps)
    for number in range(2, index + 2):
        page.get_by_role("button", name="Next", exact=True).click()
        after(page, f"Step {number} of {total}")
    next_button = page.get_by_role("button", name="Next", exact=True)
    expect(next_button).to_be_disabled()

    page.get_by_text(check.statement).wait_for()
    settled(page)
    page.get_by_role("radio", name=right).check(force=True)
    page.get_by_role("button", name="Check my answer").focus()
    page.keyboard.press("Enter")

    expect(after(page, "Yes! It's")).to_be_visible()
    expect(next_button).to_be_enabled()
    next_button.click()
    expect(after(page, f"Step {index + 2} of {total}")).to_be_visible()

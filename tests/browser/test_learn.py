"""In a real browser at phone size (390 x 844): open Learn and lesson 1, answer a question
from the keyboard; and a question whose answer was shown comes back at the end of the
lesson with new pegs and points, the lesson done only once it is answered right."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser import after, answer, open_page, settled
from trainer.content.lessons import BoardCheck, TrueFalseCheck, load_course
from trainer.progress.store import Store
from trainer.ui.session import player_param

PHONE = {"width": 390, "height": 844}


def _open_lesson_one(page: Any, url: str) -> None:
    from playwright.sync_api import expect

    lesson = load_course().lessons[0]
    page.set_viewport_size(PHONE)
    open_page(page, url, "Learn cribbage")
    page.get_by_role("button", name=re.compile(r"^(Start|Continue|Review) lesson 1$")).click()
    expect(page.get_by_role("heading", name=f"1. {lesson.title}")).to_be_visible()
    settled(page)


@pytest.mark.browser
def test_learn_open_lesson_one_and_complete_a_check(page: Any, app_url: str) -> None:
    from playwright.sync_api import expect

    lesson = load_course().lessons[0]
    index, step = next((i, s) for i, s in enumerate(lesson.steps) if s.check is not None)
    check = step.check
    assert isinstance(check, BoardCheck)

    _open_lesson_one(page, f"{app_url}/learn?player=browser")
    total = len(lesson.steps)
    for number in range(2, index + 2):
        page.get_by_role("button", name="Next", exact=True).click()
        after(page, f"Step {number} of {total}")
    next_button = page.get_by_role("button", name="Next", exact=True)
    expect(next_button).to_be_disabled()

    page.get_by_text(check.prompt).wait_for()
    settled(page)
    page.get_by_role("textbox").first.fill(str(check.answer))
    page.get_by_role("button", name="Check my answer").focus()
    page.keyboard.press("Enter")

    expect(after(page, "Yes! Hole")).to_be_visible()
    expect(next_button).to_be_enabled()
    next_button.click()
    expect(after(page, f"Step {index + 2} of {total}")).to_be_visible()


#: A board question as the page asks it: the pegs and the points, blanks filled.
_ASKED = re.compile(r"holes (\d+) and (\d+), and you score (\d+)")


@pytest.mark.browser
def test_a_question_shown_comes_back_with_new_cards_before_the_lesson_is_done(
    page: Any, app_url: str, browser_db: Path
) -> None:
    from playwright.sync_api import expect

    lesson = load_course().lessons[0]
    store = Store.open(str(browser_db))
    profile = store.create_profile("Comeback")
    _open_lesson_one(page, f"{app_url}/learn?player={player_param(profile)}")

    total = len(lesson.steps)
    first = next(i for i, s in enumerate(lesson.steps) if s.check is not None)
    own = lesson.steps[first].check
    assert isinstance(own, BoardCheck)
    for index, step in enumerate(lesson.steps):
        check = step.check
        if index == first:
            assert isinstance(check, BoardCheck)
            for _ in range(2):
                answer(page, str(check.answer + 1), typed=True)
                after(page, "Not quite")
            page.get_by_role("button", name="Show me the answer").click()
            after(page, f"The answer is hole {check.answer}")
            expect(
                page.get_by_text("This question comes back at the end of the lesson")
            ).to_be_visible()
        elif isinstance(check, TrueFalseCheck):
            answer(page, "", typed=False, label="True" if check.answer else "False")
            after(page, "Yes!")
        elif isinstance(check, BoardCheck):
            answer(page, str(check.answer), typed=True)
            after(page, "Yes!")
        next_button = page.get_by_role("button", name="Next", exact=True)
        expect(next_button).to_be_enabled()  # never "Finish lesson": one question is owed
        next_button.click()
        if index < total - 1:
            after(page, f"Step {index + 2} of {total}")

    expect(after(page, "You missed this one earlier")).to_be_visible()
    page.get_by_text("Once more").first.wait_for()
    assert not store.lesson_progress(profile.id)[lesson.id].done
    label = page.get_by_text(_ASKED).first.inner_text()
    back, front, points = (int(n) for n in _ASKED.search(label).groups())  # type: ignore[union-attr]
    assert (back, front, points) != (*own.you, own.points), "new pegs and points"
    finish = page.get_by_role("button", name="Finish lesson")
    expect(finish).to_be_disabled()
    hole = min(front + points, own.game)
    answer(page, str(hole), typed=True)
    expect(after(page, f"Yes! Hole {hole}.")).to_be_visible()
    box = page.get_by_role("textbox").first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    finish.click()
    expect(after(page, f"Lesson done: {lesson.title}")).to_be_visible()
    assert store.lesson_progress(profile.id)[lesson.id].done

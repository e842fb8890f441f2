"""In a real browser: the end of lesson 3 offers the first of the first games; the Play page
then shows the offer alone (no settings under it) until it is taken, and taking it starts
the game: four cards and a starter, fifteens only, against Easy."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser import after, answer, open_page, settled
from trainer.content.lessons import BoardCheck, load_course
from trainer.progress.store import Store
from trainer.ui.session import player_param


@pytest.mark.browser
def test_the_end_of_lesson_3_offers_first_game_1_alone_on_the_play_page(
    page: Any, app_url: str, browser_db: Path
) -> None:
    from playwright.sync_api import expect

    course = load_course()
    lesson = course.get("the-starter")
    assert lesson is not None and course.number(lesson.id) == 3
    store = Store.open(str(browser_db))
    profile = store.create_profile("Lesson three")
    for done in ("the-board", "deal-and-crib"):
        store.save_lesson_progress(profile.id, done, 0, True)

    open_page(page, f"{app_url}/learn?player={player_param(profile)}", "Learn cribbage")
    page.get_by_role("button", name=re.compile(r"^(Start|Continue|Review) lesson 3$")).click()
    expect(page.get_by_role("heading", name=f"3. {lesson.title}")).to_be_visible()
    settled(page)
    total = len(lesson.steps)
    for index, step in enumerate(lesson.steps):
        check = step.check
        if check is not None:
            assert isinstance(check, BoardCheck)  # lesson 3 asks where his heels pegs
            page.get_by_text(check.prompt).wait_for()
            settled(page)
            answer(page, str(check.answer), typed=True)
            after(page, "Yes")
        if index < total - 1:
            page.get_by_role("button", name="Next", exact=True).click()
            after(page, f"Step {index + 2} of {total}")
    page.get_by_text("This lesson opens first game 1: Fifteens.").wait_for()
    play = page.get_by_role("button", name="Play first game 1")
    expect(play).to_be_enabled()
    play.click()

    offer = page.get_by_text("First game 1 is ready: Fifteens.")
    offer.wait_for(timeout=60_000)
    settled(page)
    assert page.get_by_text("How strong is the computer?").count() == 0  # the offer alone
    assert page.get_by_text("First games", exact=True).count() == 0
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("First game 1: Fifteens · only fifteens score").wait_for(timeout=60_000)
    page.get_by_role("button", name="Cut the deck").wait_for()
    assert store.lesson_progress(profile.id)[lesson.id].done

"""In a real browser, at a phone's width: a lesson's question missed and a drill practised
two days ago are on Home ("2 to review"); its button starts the review set, worked through
by the keyboard and taps (the lesson's question, then a fresh hand of the drill), each
answer saved for the player and reviewed into its card; nothing spills past the screen."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.browser import after, open_page, settled
from trainer.content.lessons import CountCheck, load_course
from trainer.engine import DECK, score_show
from trainer.progress.store import Store
from trainer.training.scheduling import Rating, drill_card, lesson_card
from trainer.ui.session import player_param


@pytest.mark.browser
def test_home_starts_the_review_and_it_is_worked_through_on_a_phone(
    page: Any, app_url: str, browser_db: Path
) -> None:
    lesson = load_course().get("the-show")
    assert lesson is not None
    step = next(s for s in lesson.steps if isinstance(s.check, CountCheck))
    check = step.check
    assert isinstance(check, CountCheck)
    store = Store.open(str(browser_db))
    profile = store.create_profile("Two days on")
    two_days_ago = datetime.now(UTC) - timedelta(days=2)
    store.review_card(profile.id, lesson_card(lesson.id, step.id), Rating.Again, two_days_ago)
    store.review_card(
        profile.id,
        drill_card("hand", "beginner"),
        Rating.Again,
        two_days_ago + timedelta(seconds=1),
    )

    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{app_url}/?player={player_param(profile)}", "2 to review")
    assert page.get_by_text("2 to review: 1 from the lessons, 1 counting drill.").is_visible()
    page.get_by_role("button", name="Start my review").click()
    after(page, "Question 1 of 2")
    assert page.get_by_role("heading", name="Today's review").is_visible()
    assert page.get_by_text(f"From lesson 6: {lesson.title}").is_visible()
    box = page.get_by_label(check.prompt)
    box.fill(str(_shown_total(page)))  # new cards of the question's kind, counted as shown
    box.press("Enter")
    after(page, "Yes")
    _fits(page)
    page.get_by_role("button", name="Next question").click()
    after(page, "Question 2 of 2")
    assert page.get_by_text("Count the hand · Beginner").is_visible()
    total = page.get_by_label("Your total")
    total.fill("0")
    total.press("Enter")
    page.get_by_text(re.compile(r"^(Right: 0\.|Not quite: you said 0)")).first.wait_for()
    settled(page)
    _fits(page)
    page.get_by_role("button", name="See how you did").click()
    after(page, "Review done")

    answers = [r.attempt for r in store.attempts(profile.id)]
    assert [(a.drill, a.tier) for a in answers] == [("hand", "lesson"), ("hand", "beginner")]
    assert answers[0].correct
    assert all(card.reviews == 2 for card in store.review_cards(profile.id))


def _shown_total(page: Any) -> int:
    """The show's total of the hand and starter the page draws (read from the cards'
    accessible name), so the question is answered right whatever new cards it came with."""
    label = page.get_by_role("img", name=re.compile("^Cards: .*; starter ")).first
    said = label.get_attribute("aria-label")
    assert said is not None
    hand, starter = said.removeprefix("Cards: ").split("; starter ")
    by_name = {card.name: card for card in DECK}
    return score_show([by_name[name] for name in hand.split(", ")], by_name[starter]).total


def _fits(page: Any) -> None:
    """Nothing on the page is wider than the phone's screen."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

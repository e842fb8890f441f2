"""A real browser opens a shared practice link, answers one hand wrong from the
keyboard and sees the missed combination explained.

The coach drills opened by a link, and links whose parameters hold Markdown, are tested here
too, in sections of their own."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlparse

import pytest

from tests.browser import EXCEPTION, after, open_page, settled
from trainer.engine.skills import DrillType
from trainer.training.coach import hint_ranking
from trainer.training.questions import DiscardQuestion, PlayQuestion, ShowQuestion, deal_question


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


@pytest.mark.browser
def test_a_right_count_sends_every_combination_only_once_asked(page: Any, app_url: str) -> None:
    """Right: the grade is drawn without the list of every combination (not even hidden in
    the page), and opening its expander brings the list."""
    question = deal_question(DrillType.HAND, "club", 7, 0)
    assert isinstance(question, ShowQuestion)
    open_page(
        page, f"{app_url}/practice?drill=hand&tier=club&seed=7&player=browser", "Count this hand"
    )
    box = page.get_by_label("Your total")
    box.fill(str(question.total))
    box.press("Enter")
    after(page, "Next question")
    settled(page)
    listed = page.get_by_text("nobs: J♦ (1)")
    assert listed.count() == 0  # not drawn, not even folded away
    page.locator("summary", has_text="Every combination, in the order it is counted").click()
    listed.first.wait_for()
    assert listed.first.is_visible()
    assert page.locator(EXCEPTION).count() == 0


# --- the coach drills ------------------------------------------------------------------------
# A real browser opens a "Which two do you throw?" link, taps two cards, throws them and sees the
# table of throws; then lays a card in "What would you play?".


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


# --- links holding Markdown ------------------------------------------------------------------
# A real browser opens practice links whose parameters hold Markdown: the error box shows the words
# as typed, with no live link, and the browser fetches no image.


ELSEWHERE = "elsewhere.invalid"


@pytest.mark.browser
@pytest.mark.parametrize(
    "asked",
    [
        f"[log in here](http://{ELSEWHERE}/login)",
        f"![x](http://{ELSEWHERE}/pixel.png)",
        f"<img src=http://{ELSEWHERE}/pixel.png>",
        f"www.{ELSEWHERE}",
        f"me@{ELSEWHERE}",
    ],
    ids=["link", "image", "html", "bare-address", "email"],
)
def test_markdown_in_a_link_is_shown_as_plain_text(page: Any, app_url: str, asked: str) -> None:
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{app_url}/practice?drill={quote(asked)}&player=browser")
    alert = page.get_by_test_id("stAlertContentError")
    alert.get_by_text("There is no drill called").wait_for()
    shown = alert.inner_text().replace("\u2060", "")  # invisible word joiners (see profiles.plain)
    assert asked in shown  # the words, exactly as the link gave them
    assert alert.locator("a").count() == 0
    assert alert.locator("img").count() == 0
    assert page.locator(f'a[href*="{ELSEWHERE}"], img[src*="{ELSEWHERE}"]').count() == 0
    assert not [url for url in fetched if urlparse(url).hostname == ELSEWHERE]

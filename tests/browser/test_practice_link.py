"""A real browser opens practice links whose parameters hold Markdown: the error box shows
the words as typed, with no live link, and the browser fetches no image."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlparse

import pytest

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

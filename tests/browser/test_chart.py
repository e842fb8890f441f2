"""The scoring chart on paper, in a real browser: it prints on one page, A4 or Letter, with
nothing of the app around it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import open_page

pytestmark = pytest.mark.browser

#: True once the page's print stylesheet is in the document.
_STYLED = (
    "[...document.querySelectorAll('style')].some(s => s.textContent.includes('.st-key-printed'))"
)


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_the_scoring_chart_prints_on_one_page(page: Any, app_url: str) -> None:
    open_page(page, f"{app_url}/chart?player=browser", "Quick counts")
    page.wait_for_function(_STYLED)
    for paper in ("A4", "Letter"):
        assert _pages(page.pdf(format=paper)) == 1, paper
    page.emulate_media(media="print")
    assert page.get_by_role("heading", name="Scoring chart").is_visible()
    assert not page.get_by_text("Practising as").is_visible()  # the app around it is left out
    assert not page.get_by_test_id("stSidebar").is_visible()

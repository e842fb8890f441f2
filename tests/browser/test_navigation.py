"""The sidebar's links to the pages in a real browser: each link's icon on the line of its
name, each link big enough to tap and apart from the next, and a section's heading clear
of the name under it. (A style meant for the headings once reached the links' names too:
each name sat below its icon, and with the links drawn close the headings ran into them.)"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.browser import open_page, sized_tabs

pytestmark = pytest.mark.browser

#: The sidebar's headings and links, top to bottom: what each is, its text, the box of
#: its words and (a link) of its icon.
_ITEMS = """() => [...document.querySelectorAll(
    '.st-key-nav_links [data-testid="stMarkdown"], .st-key-nav_links [data-testid="stPageLink"]'
  )].map((item) => {
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
    const link = item.matches('[data-testid="stPageLink"]');
    const words = item.querySelector('p');
    const icon = link ? item.querySelector('[data-testid="stIconMaterial"]') : null;
    return {link, text: words.innerText, words: box(words), icon: icon ? box(icon) : null,
            whole: box(link ? item.querySelector('a') : words)};
  })"""


@pytest.mark.parametrize("size", [(1280, 900), (1024, 768)])
def test_each_link_in_the_sidebar_is_one_line_and_nothing_overlaps(
    browser: Any, app_url: str, size: tuple[int, int]
) -> None:
    with sized_tabs(browser, {"tab": size}) as tabs:
        open_page(tabs["tab"], f"{app_url}/check", "Every combination")
        tabs["tab"].get_by_role("link", name="Check a hand").first.wait_for()  # the sidebar drawn
        items = tabs["tab"].evaluate(_ITEMS)
    links = [item for item in items if item["link"]]
    assert {"Home", "Play", "Practice", "Check a hand"} <= {item["text"] for item in links}
    assert len(links) < len(items)  # the sections' headings are there too
    for item in links:
        (top, bottom), (icon_top, icon_bottom) = item["words"], item["icon"]
        middle, icon_middle = (top + bottom) / 2, (icon_top + icon_bottom) / 2
        assert abs(middle - icon_middle) <= 3, f"{item['text']}: its icon is not on its line"
        link_top, link_bottom = item["whole"]
        assert link_bottom - link_top >= 24, f"{item['text']}: too small to tap"
    for above, below in itertools.pairwise(items):  # no words over others, no tap on two links
        edge = "whole" if above["link"] and below["link"] else "words"
        assert above[edge][1] <= below[edge][0] + 0.5, (
            f"{above['text']!r} runs into {below['text']!r}"
        )

"""The show's counted line in a real browser, at a desktop's, a laptop's and a phone's size:
the combination being counted is said whole beside its lit cards, in the hand's place at
the bottom of the screen, and nothing covers it or the newest line of the list above (the
list's box once drew 16 px high, its newest line under the row of cards). Also with the
hand counted at once (the combinations lit in turn by themselves)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from tests.browser import sized_tabs
from tests.play_steps import HAND, in_show, open_play, play_until, start_game, step
from trainer.progress.store import Store
from trainer.training.records import Preferences

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 900), "laptop": (1024, 768), "phone": (390, 844)}
PLAYER = "Shown"

#: The box of ``selector``'s first match, and whether every point just inside its edges
#: and at its middle shows it (or what is inside it): nothing is drawn over it.
_UNCOVERED = """(selector) => {
  const box = document.querySelector(selector);
  if (!box) return null;
  const r = box.getBoundingClientRect();
  const xs = [r.left + 2, (r.left + r.right) / 2, r.right - 2];
  const ys = [r.top + 2, (r.top + r.bottom) / 2, r.bottom - 2];
  const covered = [];
  for (const x of xs) for (const y of ys) {
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === box || box.contains(hit))) covered.push([x, y, hit && hit.outerHTML.slice(0, 80)]);
  }
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, covered,
          text: box.innerText};
}"""


@pytest.fixture
def tabs(browser: Any, browser_db: Path) -> Iterator[dict[str, Any]]:
    store = Store.open(browser_db)
    if not any(p.name == PLAYER for p in store.profiles()):
        store.create_profile(PLAYER)
    with sized_tabs(browser, SIZES) as pages:
        yield pages


def _whole_and_uncovered(page: Any, selector: str, where: str) -> dict[str, Any]:
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    box = page.evaluate(_UNCOVERED, selector)
    assert box is not None, f"{where}: no {selector}"
    assert box["top"] >= 0 and box["bottom"] <= height, f"{where}: {selector} is cut: {box}"
    assert box["left"] >= 0 and box["right"] <= width, f"{where}: {selector} is cut: {box}"
    assert box["bottom"] - box["top"] >= 18, f"{where}: {selector} is squashed: {box}"
    assert box["covered"] == [], f"{where}: something is drawn over {selector}: {box}"
    return box


def _check_line(page: Any, where: str) -> None:
    """The line being counted: whole, uncovered, the list's newest line, just above the
    cards it lights; and the newest line of the list whole and uncovered in its box."""
    now = _whole_and_uncovered(page, f"{HAND} .tb-now", where)
    newest = _whole_and_uncovered(page, ".tb-said li:last-child", where)
    assert now["text"].strip() == newest["text"].strip(), where
    cards = page.locator(f"{HAND} img[role=img]").first.bounding_box()
    assert cards is not None and 0 <= cards["y"] - now["bottom"] <= 24, (where, now, cards)
    drawn = unquote(page.locator(f"{HAND} img[role=img]").first.get_attribute("src") or "")
    lit = drawn.count("stroke='#f5b700'")  # the cards are a picture: its drawing is read
    assert lit >= 2, f"{where}: the combination's cards are not lit"


def test_the_line_being_counted_is_whole_beside_its_lit_cards_at_every_size(
    tabs: dict[str, Any], app_url: str, browser_db: Path
) -> None:
    url = f"{app_url}/play?player={PLAYER.lower()}"
    page = tabs["desktop"]
    open_play(page, url)
    start_game(page, target=121)
    for _ in range(6):  # a hand with two combinations or more, the first of them shown
        play_until(page, lambda: in_show(page))
        step(page)  # Next: the first combination
        if in_show(page):
            break
    else:
        pytest.fail("no hand of two combinations or more came up")
    for size, tab in tabs.items():
        if tab is not page:  # the same game, at the step shown (it is saved with the game)
            open_play(tab, url)
        try:
            _check_line(tab, f"the show at {size}")
        except AssertionError:
            tab.screenshot(path=f"/tmp/show-line-{size}.png")
            raise

    # counted at once: the line beside the cards is a film of the combinations, in one box
    store = Store.open(browser_db)
    player = next(p for p in store.profiles() if p.name == PLAYER)
    store.set_preferences(player.id, Preferences(show_all=True))
    phone = tabs["phone"]
    for _ in range(6):
        play_until(page, lambda: page.get_by_role("button", name="Continue").count() > 0)
        open_play(phone, url)
        if phone.locator(f"{HAND} .tb-now > div").count() > 2:  # combinations to light
            break
        step(page)
    else:
        pytest.fail("no hand counted at once with combinations came up")
    box = _whole_and_uncovered(phone, f"{HAND} .tb-now", "a hand counted at once on a phone")
    frames = phone.locator(f"{HAND} .tb-now > div")
    assert frames.count() == phone.locator(".tb-said li").count() + 2
    cards = phone.locator(f"{HAND} .tb-counted img").first.bounding_box()
    assert cards is not None and 0 <= cards["y"] - box["bottom"] <= 24

"""The table fits one screen in learning mode too, in a real browser: with the coach off and
in learning mode, two, three and four at the table, at a desktop's, a laptop's and a phone's
size, on every phase of a deal (the throw, the play, the person's own count in learning
mode, the show) the board, the hand and the action are in the first screen without
scrolling, the hand below the board (measured with the hand in its place in the page, not
held at the bottom of the screen). Learning mode once ran the hand below a phone's screen
in 42 of 56 lays, and "To crib" 8 px below a laptop's. The deal is played in one tab; at
each phase a tab of each size loads the same game, as a reload or a second device would."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import sized_tabs
from tests.play_steps import HAND, LAY, THROW, in_show, open_play, play_until, start_game, step
from trainer.progress.store import Store

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 900), "laptop": (1024, 768), "phone": (390, 844)}

#: Where the board, the hand (in its place: its hold at the bottom of the screen undone for
#: the measure) and the page's scroll are.
_MEASURE = """() => {
  const edges = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const hand = document.querySelector('.st-key-play_hand');
  const was = hand.style.position;
  hand.style.position = 'static';
  const place = edges(hand);
  hand.style.position = was;
  const main = document.querySelector('[data-testid="stMain"]');
  return {board: edges(document.querySelector('.tb-board')), place,
          scrolled: main ? main.scrollTop : window.scrollY};
}"""


@pytest.fixture
def tabs(browser: Any) -> Iterator[dict[str, Any]]:
    with sized_tabs(browser, SIZES) as pages:
        yield pages


def _check(tab: Any, size: str, phase: str, action: str, cards: bool) -> None:
    width, height = SIZES[size]
    where = f"{phase} at {width}x{height}"
    if cards:  # the cards' component draws itself after the run
        tab.locator(f"{HAND} .cp-card").first.wait_for()
    button = tab.locator(action).first  # (in the cards' own shadow root, for some)
    button.wait_for()
    found = tab.evaluate(_MEASURE)
    box = button.bounding_box()
    found["action"] = box and {
        "top": box["y"], "bottom": box["y"] + box["height"],
        "left": box["x"], "right": box["x"] + box["width"],
    }  # fmt: skip
    assert found["scrolled"] == 0, f"{where}: the page was scrolled"
    for name in ("board", "place", "action"):
        edges = found[name]
        assert edges is not None, f"{where}: the {name} is not drawn"
        off = edges["top"] < 0 or edges["bottom"] > height + 0.5
        off = off or edges["left"] < -0.5 or edges["right"] > width + 0.5
        if off:
            tab.screenshot(path=f"/tmp/fit-{phase.replace(' ', '-')}-{size}.png")
            shown = tab.locator('[data-testid="stMain"]').inner_text()[:1500]
            pytest.fail(f"{where}: the {name} is off the screen: {edges}\n{shown}")
    assert found["board"]["bottom"] <= found["place"]["top"], f"{where}: the hand is over it"


def _check_all(tabs: dict[str, Any], url: str, phase: str, action: str, cards: bool) -> None:
    for size, tab in tabs.items():
        open_play(tab, url)
        _check(tab, size, phase, action, cards)


#: Every run: learning mode at two and at four (the coach off is the Play page's own fitting
#: test, tests/browser/test_screen.py: at two at these three sizes, at three and four at a
#: desktop's and a small phone's); the other four with the long checks.
_LONG = pytest.mark.long


@pytest.mark.parametrize(
    ("coach", "seats"),
    [
        pytest.param("learning", 2, id="learning-2"),
        pytest.param("learning", 4, id="learning-4"),
        pytest.param("off", 3, id="off-3", marks=_LONG),
        pytest.param("off", 2, id="off-2", marks=_LONG),
        pytest.param("learning", 3, id="learning-3", marks=_LONG),
        pytest.param("off", 4, id="off-4", marks=_LONG),
    ],
)
def test_every_phase_of_a_deal_fits_one_screen(
    tabs: dict[str, Any], app_url: str, browser_db: Path, coach: str, seats: int
) -> None:
    name = f"Fit {coach} {seats}"
    store = Store.open(browser_db)
    if not any(p.name == name for p in store.profiles()):
        store.create_profile(name)
    url = f"{app_url}/play?player={name.lower().replace(' ', '-')}"
    page = tabs["desktop"]  # the deal is played on the desktop's tab
    open_play(page, url)
    start_game(page, seats=seats, coach=coach, target=121)

    def asked(*texts: str) -> bool:
        return any(page.get_by_text(text).count() for text in texts)

    play_until(page, lambda: asked(*THROW))
    _check_all(tabs, url, "the throw", f"{HAND} .cp-confirm", cards=True)
    play_until(page, lambda: asked(LAY))
    _check_all(tabs, url, "the play", f"{HAND} .cp-hand .cp-card:last-child", cards=True)
    step(page)  # a card laid: the coach's note on it, in learning mode
    play_until(page, lambda: asked(LAY) or in_show(page) or asked("what does it make?"))
    if asked(LAY):
        _check_all(tabs, url, "the play, a card later", f"{HAND} .cp-card", cards=True)
    if coach == "learning":  # the person counts their own hand first
        play_until(page, lambda: asked("what does it make?"))
        _check_all(tabs, url, "the count", f"{HAND} .cp-done", cards=True)
    play_until(page, lambda: in_show(page))
    step(page)  # Next: the first combination
    _check_all(tabs, url, "the show", f"{HAND} button", cards=False)

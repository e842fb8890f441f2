"""The Play page played in a real browser one action at a time, for the table's browser
tests: a new game set up from the page's form (:func:`start_game`), and each step the one
action the page asks for (:func:`step`: a cut, the throw, a lay, a count, "Next",
"Continue"), waiting for the script run it starts to finish, never for a fixed time (the
tab counts its runs: :func:`tests.browser.count_runs`)."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from typing import Any

from tests.browser import acted, settled

HAND = ".st-key-play_hand"
#: The buttons a step presses, in the order it looks for them.
BUTTONS = ("Cut the deck", "Next", "Continue")
THROW = {"Pick two cards for": 2, "Pick one card for": 1}
LAY = "turn: tap a card to lay it."  # "Your turn: …", or "Sam's turn: …" at a table of people
#: The table sizes as the new game's form says them.
SEATS = {2: "Two: you and the computer", 3: "Three: you and two computers, each playing alone",
         4: "Four: you and a computer partner against two computers"}  # fmt: skip
COACH = {
    "off": "Off",
    "learning": "Learning mode (it explains every step before you choose)",
}


#: The table is drawn with its stylesheet (Streamlit draws a page's style-only HTML a moment
#: after the rest on a first load): the hand is held at the bottom of the screen.
_STYLED = """() => {
  const hand = document.querySelector('.st-key-play_hand');
  return hand !== null && getComputedStyle(hand).position === 'sticky';
}"""


def open_play(page: Any, url: str) -> None:
    """Load the Play page at ``url`` and wait until it is drawn: the new game's form, the
    results or the table with its stylesheet, and no run under way."""
    page.goto(url)
    page.locator(HAND).or_(page.get_by_text("How strong is the computer?")).first.wait_for()
    if page.locator(HAND).count():
        page.wait_for_function(_STYLED)
    settled(page)


def more_options(page: Any) -> None:
    """Open the new game form's "More options" (the table, the coach, who counts)."""
    seats = page.get_by_text("Who is at the table?")
    if not seats.is_visible():
        page.get_by_text("More options: the table, the coach, who counts").click()
        seats.wait_for()


def start_game(
    page: Any, *, seats: int = 2, coach: str = "off", target: int = 61, level: str = "Easy"
) -> None:
    """Fill in the new game's form on the Play page (open, with no game on it) and start."""
    form = page.get_by_text("How strong is the computer?")
    form.wait_for()
    settled(page)
    pick(page, level)
    pick(page, f"{target} points")
    if seats != 2 or coach != "off":
        more_options(page)
    if seats != 2:
        choose_table_size(page, SEATS[seats])
    if coach != "off":
        pick(page, COACH[coach])
    settled(page)
    acted(page, page.get_by_role("button", name="Start the game").click)


def pick(page: Any, label: str) -> None:
    """Choose the option of a radio whose label starts with ``label``, and look that it is
    chosen: a run still drawing the form may take a click, which is then made again."""
    option = page.get_by_role("radio", name=re.compile("^" + re.escape(label)))
    for _ in range(3):
        settled(page)
        if option.is_checked():
            break
        page.locator("label", has=option).click()
    settled(page)
    assert option.is_checked(), label


def choose_table_size(page: Any, label: str) -> None:
    """Choose ``label`` in the table size's list (:func:`choose`)."""
    choose(page, ".st-key-play_seats", label)


def choose(page: Any, box: str, label: str) -> None:
    """Open the select box ``box``'s list and choose ``label``: a run still drawing the page
    may close the list under the first click, so it is opened again (at most three times)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    option = page.get_by_role("option", name=label, exact=True)
    for _ in range(3):
        settled(page)
        page.locator(box).click()
        try:
            option.wait_for(timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    option.click()
    page.wait_for_function(  # the box shows the choice in its input
        "([sel, label]) => document.querySelector(sel)?.value === label",
        arg=[f"{box} input", label],
    )
    settled(page)


def step(page: Any) -> str:
    """Take the one action the page asks for and wait for its run; what it was. A page
    between two runs may show no action yet (the button of the next run not drawn), or the
    words of an action whose cards have gone: then it waits until an action is shown and
    looks again, for at most 20 s."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.monotonic() + 20
    while (taken := _act(page)) is None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(
                "the Play page asks for nothing a step can do:\n"
                + page.locator('[data-testid="stMain"]').inner_text()[:1500]
            )
        with contextlib.suppress(PlaywrightTimeout):
            _any_action(page).first.wait_for(state="visible", timeout=left * 1000)
    return taken


def _any_action(page: Any) -> Any:
    """Whatever :func:`_act` can take, as one locator."""
    names = "|".join(re.escape(name) for name in BUTTONS)
    found = page.get_by_role("button", name=re.compile(f"^({names})$"))
    for other in (
        _done(page),
        _ok(page),
        *(page.get_by_text(text) for text in (*THROW, LAY)),
    ):
        found = found.or_(other)
    return found


def _done(page: Any) -> Any:
    """The hand's "that's everything" box (a hand counted by its combinations)."""
    return page.locator(f"{HAND} .cp-done")


def _ok(page: Any) -> Any:
    """The hand's "OK" (the person's own count, typed)."""
    return page.locator(HAND).get_by_role("button", name="OK", exact=True)


def _act(page: Any) -> str | None:
    """Take the one action the page asks for, if it shows one, and wait for its run."""
    settled(page)
    for name in BUTTONS:
        button = page.get_by_role("button", name=name, exact=True)
        if button.count() and button.first.is_visible():
            acted(page, button.first.click)
            return name
    done = _done(page)
    if done.count():  # a hand counted by its combinations: none claimed
        acted(page, done.first.click)
        return "count"
    count = _ok(page)
    if count.count():  # the person's own count, typed: 0
        acted(page, count.first.click)
        return "count"
    # the words and the cards both (a run's last words can stand a moment after its cards
    # have gone: then nothing is taken, and the step looks again)
    for text, need in THROW.items():
        if page.get_by_text(text).count() and page.locator(f"{HAND} .cp-card:not(.on)").count():
            while page.locator(f"{HAND} .cp-card.on").count() < need:
                page.locator(f"{HAND} .cp-card:not(.on)").first.click()
            acted(page, page.locator(f"{HAND} .cp-confirm").click)
            return "throw"
    if page.get_by_text(LAY).count() and page.locator(f"{HAND} .cp-card:not(.off)").count():
        acted(page, page.locator(f"{HAND} .cp-card:not(.off)").first.click)
        return "lay"
    return None


def play_until(page: Any, done: Callable[[], bool], most: int = 300) -> list[str]:
    """Steps until ``done()`` (checked on the settled page before each); the steps taken."""
    taken: list[str] = []
    for _ in range(most):
        settled(page)
        if done():
            return taken
        taken.append(step(page))
    raise AssertionError(f"not there after {most} steps: {taken[-10:]}")


def in_show(page: Any) -> bool:
    """A hand is being shown, a combination at a time ("Next" on the page)."""
    return bool(page.get_by_role("button", name="Next", exact=True).count())

"""No tap is lost, in a real browser: taps sent while a run is under way once never reached
Python (five cards lit on Check a hand's deck and no total; a count's claims "Counting your
claims…" for ever), because Streamlit can drop a change sent during a run. The cards now
send again what Python has not confirmed once the app is idle.

* Check a hand, "Pick them": five cards tapped one a frame, 20 times: 20 totals.
* The Play page, a learning game: a hand counted by its claims tapped one a frame, then
  "That's everything": every claim is counted, and the coach says the count was right.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import count_runs, settled
from tests.play_steps import HAND, open_play, play_until, start_game, step
from trainer.engine import Card, score_show
from trainer.progress.store import Store

pytestmark = pytest.mark.browser

#: Tap each of the cards of a card picker's shadow root with these ids (or numbers, for the
#: deck), one a frame, as fast as a page can be tapped; then resolve.
_TAP_EACH = """async ([numbers]) => {
  const deck = () => [...document.querySelectorAll('*')].filter((e) => e.shadowRoot)
    .flatMap((e) => [...e.shadowRoot.querySelectorAll('.cp-grid .cp-card')]);
  for (const n of numbers) {  // the card on the screen at each tap (the deck may be drawn again)
    const cards = deck();
    if (cards.length !== 52) throw new Error(`the deck has ${cards.length} cards`);
    cards[n].click();
    await new Promise((r) => requestAnimationFrame(r));
  }
}"""

#: Claim each combination (card ids and a kind), one a frame, then "That's everything".
_CLAIM_EACH = """async (claims) => {
  const root = [...document.querySelectorAll('*')].filter((e) => e.shadowRoot)
    .map((e) => e.shadowRoot).find((r) => r.querySelector('.cp-claim'));
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  for (const [ids, kind] of claims) {
    for (const id of ids) root.querySelector(`.cp-card[data-id="${id}"]`).click();
    root.querySelector(`.cp-kind[data-kind="${kind}"]`).click();
    root.querySelector('.cp-claim').click();
    await frame();
  }
  root.querySelector('.cp-done').click();
}"""

TOTAL = ".st-key-check_total"


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    count_runs(page)
    yield page
    context.close()


def test_five_cards_tapped_in_a_burst_always_get_a_total(tab: Any, app_url: str) -> None:
    tab.goto(f"{app_url}/check?player=browser")
    tab.get_by_text("Every combination").wait_for()
    settled(tab)
    tab.get_by_text("Pick them").click()
    tab.locator(".cp-grid .cp-card").first.wait_for()
    settled(tab)
    totals = 0
    for n in range(20):
        if tab.locator(TOTAL).count():
            tab.get_by_role("button", name="Clear").click()
            tab.locator(TOTAL).wait_for(state="detached")
            # the cards go dark once the component has drawn the cleared deck (after the run)
            tab.locator(".cp-grid .cp-card.on").first.wait_for(state="detached")
        settled(tab)
        numbers = [(7 * n + 11 * k) % 52 for k in range(5)]  # five different cards
        assert len(set(numbers)) == 5
        tab.evaluate(_TAP_EACH, [numbers])
        expect(tab.locator(".cp-grid .cp-card.on")).to_have_count(5)  # all five lit
        tab.locator(TOTAL).wait_for(timeout=20_000)  # a lost tap never brings it
        settled(tab)
        totals += 1
    assert totals == 20


def _claims(tab: Any) -> tuple[list[tuple[list[str], str]], int]:
    """The combinations of the hand being counted (its cards and the starter, read from the
    card picker), as claims of card ids and a kind, and what they make."""
    ids = [c.get_attribute("data-id") or "" for c in tab.locator(f"{HAND} .cp-card").all()]
    starter = tab.locator(f"{HAND} .cp-card.starter").get_attribute("data-id") or ""
    hand = [Card.parse(i) for i in ids if i != starter]
    score = score_show(hand, Card.parse(starter))
    claims = [([str(card) for card in item.cards], str(item.kind)) for item in score.items]
    return claims, score.total


def test_a_hand_claimed_in_a_burst_is_counted_whole(
    tab: Any, app_url: str, browser_db: Path
) -> None:
    store = Store.open(browser_db)
    if not any(p.name == "Claims" for p in store.profiles()):
        store.create_profile("Claims")
    open_play(tab, f"{app_url}/play?player=claims")
    # a game to 121: a game to 61 can end (the computer home) before two of the person's
    # hands with something to claim have come up
    start_game(tab, coach="learning", target=121)
    counted = 0
    for _ in range(6):  # the first deals: each of the person's own hands (not the crib)
        play_until(tab, lambda: tab.get_by_text("Your hand: what does it make?").count() > 0)
        tab.locator(f"{HAND} .cp-claim").wait_for()
        claims, total = _claims(tab)
        if not claims:  # nothing to claim: said with the box
            step(tab)
            continue
        tab.evaluate(_CLAIM_EACH, claims)
        # the count is answered (a lost "That's everything" never answers)
        tab.get_by_role("button", name="Next", exact=True).wait_for(timeout=20_000)
        play_until(tab, lambda: tab.get_by_role("button", name="Continue").count() > 0)
        tab.get_by_text(f"You said {total}: right!").wait_for()
        counted += 1
        if counted == 2:
            return
    pytest.fail(f"only {counted} hands with combinations came up")

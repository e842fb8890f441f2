"""A game across two devices in a real browser: two players of one club, each in their own
Chromium context on their own app server over one PostgreSQL, play a whole deal by taps;
each sees only its own hand, the other's card laid comes in without a reload, and a move
from a tab that is behind is refused and the game shown as stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import IDLE, settled
from tests.conftest import APP, REPO
from tests.support.devices import hidden_cards, shown_anywhere
from tests.support.serving import club_servers
from trainer.bench.two_devices import (
    HAND,
    HOLD_LOOKS,
    club_game,
    device_table,
    open_game,
    play_deal,
    shows_version,
    sign_in,
)
from trainer.progress.store import Store
from trainer.training.table import Need


def _tab(browser: Any, *, hold: bool = False) -> Any:
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    if hold:
        context.add_init_script(HOLD_LOOKS)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


#: The ids of the tab's cards once no run is under way and it holds the cards asked for (or
#: no card component, not even one still drawing its cards: the hand drawn as pictures),
#: else false. The cards are looked for in the components' shadow roots too (a waiting
#: hand's are there), and the ids given are the ones checked, so a run that starts just
#: after (the tab looks at the store every second) cannot mix two runs' cards.
_HAND_DRAWN = f"""([hand, want]) => {{
  if (!document.querySelector('{IDLE}')) return false;
  const ids = [];  // in the page and in the components' shadow roots, as locators see them
  const walk = (root) => {{
    root.querySelectorAll('.cp-card').forEach((c) => ids.push(c.dataset.id));
    root.querySelectorAll('*').forEach((e) => e.shadowRoot && walk(e.shadowRoot));
  }};
  document.querySelectorAll(hand).forEach(walk);
  ids.sort();
  const pictures = !document.querySelector(hand + ' [data-testid="stBidiComponentIsolated"]');
  return ((ids.length === 0 && pictures) || JSON.stringify(ids) === JSON.stringify(want)) && ids;
}}"""


def _hand_as_drawn(page: Any, hand: list[str]) -> list[str]:
    """The ids of the tab's cards as the runs leave them. While a run is drawing, the last
    run's cards can stand beside the new ones ('7H' drawn twice beside a '5S' already laid),
    and a run can start at any moment (the tab looks at the store every second): so wait
    until the hand is drawn as it should be, and give what is drawn then (or after 20 s, for
    the assertion to show)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    settled(page)
    try:  # the ids the check saw, not a second reading (a run can start in between)
        ids = page.wait_for_function(
            _HAND_DRAWN, arg=[HAND, sorted(hand)], timeout=20_000
        ).json_value()
    except PlaywrightTimeout:
        ids = page.locator(f"{HAND} .cp-card").evaluate_all("cs => cs.map(c => c.dataset.id)")
    return [str(i) for i in ids]


@pytest.mark.browser
@pytest.mark.slow
def test_two_players_play_a_deal_on_two_servers(
    browser: Any, postgres_server: Any, tmp_path: Path
) -> None:
    url = postgres_server.new_database()
    store = Store.open(url)
    club_game(store, "b1", seed=20261206)
    with club_servers(APP, url, tmp_path, 2, cwd=REPO) as (one, two):
        kim_tab, lee_tab = _tab(browser), _tab(browser)
        sign_in(kim_tab, one, "Kim", "4821")
        sign_in(lee_tab, two, "Lee", "9999")
        open_game(lee_tab, "b1", join=True)
        kim_tab.locator(".st-key-devices_open_b1 button").wait_for()  # came in by itself
        open_game(kim_tab, "b1", join=False)
        pages = {0: kim_tab, 1: lee_tab}

        def only_own_hand(seat: int, page: Any) -> None:
            other = hidden_cards(store, "b1", 1 - seat)
            assert other and shown_anywhere(page, other) == []
            hand = device_table(store, "b1", seat).view.hand
            ids = _hand_as_drawn(page, [str(card) for card in hand])
            if ids or not hand:  # (all laid: no hand to draw)
                assert sorted(ids) == sorted(str(card) for card in hand)
            else:  # drawn as pictures (at the cut for the starter), each card named
                drawn = page.locator(HAND).first.inner_html()
                assert all(card.name in drawn for card in hand), drawn

        times = play_deal(pages, {0: "Kim", 1: "Lee"}, store, "b1", only_own_hand)
        assert len(times.other) == 8 and len(times.own) == 8  # every card laid came across
        for page in pages.values():
            assert not page.locator('[data-testid="stException"]').count()

        # the next deal: Kim opens the game in a second tab, on the other server, which
        # stays behind (its look at the store held) while her first tab throws
        stale = _tab(browser, hold=True)
        sign_in(stale, two, "Kim", "4821")
        open_game(stale, "b1", join=False)
        stale.evaluate("window.__holdLooks = true")
        assert device_table(store, "b1", 0).need() is Need.DISCARD
        version = store.shared_version("b1") or 0
        shows_version(kim_tab, version)
        _throw(kim_tab)
        shows_version(kim_tab, version + 1)
        thrown = device_table(store, "b1", 0).view.discards
        stale.get_by_text("Tap two cards, then").first.wait_for()  # still, on its old copy
        _throw(stale)
        stale.get_by_text("The game had moved on from another device").wait_for()
        shows_version(stale, version + 1)  # and it shows the game as stored
        settled(stale)
        assert store.shared_version("b1") == version + 1  # the stale throw wrote nothing
        assert device_table(store, "b1", 0).view.discards == thrown
        assert not stale.locator('[data-testid="stException"]').count()


def _throw(page: Any) -> None:
    """Tap two cards of the hand and send them to the crib."""
    settled(page)
    while page.locator(f"{HAND} .cp-card.on").count() < 2:
        page.locator(f"{HAND} .cp-card:not(.on)").first.click()
    page.locator(f"{HAND} .cp-confirm").click()

"""Playing a game across two devices in Chromium, for the browser test and the benchmark
(``python -m trainer.bench.devices``): two players of a club signed in on their own tabs
(each on its own app server), one deal played by taps, and for every card laid the time
from the tap to the other tab showing it, beside the time to the tapping tab's own answer.

Nothing here sleeps: each wait is for something the page shows. The store is read only to
know which cards each seat holds (so a check can look for them where they must not be).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trainer.engine.cards import Card
from trainer.engine.events import CutEvent, DealEvent, ShowEvent
from trainer.progress import club
from trainer.progress.store import Store
from trainer.training.table import Need
from trainer.training.table.device_table import DeviceTable, device_settings

__all__ = [
    "HAND",
    "HOLD_LOOKS",
    "PLAYERS",
    "DealTimes",
    "club_game",
    "hidden_cards",
    "open_game",
    "play_deal",
    "shown_anywhere",
    "shows_version",
    "sign_in",
]

#: Where a tab's own hand is drawn.
HAND = ".st-key-play_hand"
#: A script for a tab that must stay behind (the stale-move check): while
#: ``window.__holdLooks`` is true, the page's once-a-second look at the stored game (a
#: fragment's ``run_every``, which the browser times with ``setInterval``) is skipped.
HOLD_LOOKS = """
(() => {
  const real = window.setInterval.bind(window);
  window.__holdLooks = false;
  window.setInterval = (callback, delay, ...rest) => real(
    (...args) => { if (!(window.__holdLooks && delay === 1000)) callback(...args); },
    delay, ...rest);
})();
"""
#: The app's root element once no script run is under way.
_IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'


def settled(page: Any) -> None:
    page.wait_for_selector(_IDLE, state="attached")


#: The two players of the club (name, PIN), in their seats.
PLAYERS = (("Kim", "4821"), ("Lee", "9999"))


def club_game(store: Store, game_id: str, *, seed: int, target: int = 121) -> None:
    """A club in ``store`` (a teacher, a group, the two :data:`PLAYERS` in it) and a game
    between the two, Kim inviting Lee by name."""
    teacher = club.set_up_player(store, "Ms Ada", "teach1", role="teacher")
    group = store.create_group(teacher.id, "Tuesday club", "TUE123")
    people = []
    for name, pin in PLAYERS:
        joined = club.register(store, name, pin, group.join_code)
        assert isinstance(joined, club.SignedIn)
        people.append(joined.profile.id)
    table = DeviceTable.new(device_settings(target), seed)
    store.create_shared_game(
        people[0], game_id, table.game.settings.notation(), table.record_text(),
        dict(enumerate(people)), group_id=group.id,
    )  # fmt: skip


def sign_in(page: Any, address: str, name: str, pin: str) -> None:
    """Open the Play page at ``address`` and sign in as ``name``."""
    page.goto(f"{address}/play")
    page.get_by_label("Your name").first.fill(name)
    page.get_by_label("Your PIN").fill(pin)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_text(f"Signed in as {name}").first.wait_for()
    page.get_by_text("Play a person on another device").first.wait_for()
    settled(page)


def open_game(page: Any, game_id: str, *, join: bool) -> None:
    """Join the game (an invitation) or open it (one being played) from the lobby."""
    key = f"devices_{'join' if join else 'open'}_{game_id}"
    page.locator(f".st-key-{key} button").click()
    page.locator(HAND).first.wait_for()
    settled(page)


def hidden_cards(store: Store, game_id: str, seat: int) -> set[Card]:
    """The cards ``seat`` holds or threw that no other tab may show now (the cuts for deal
    were face up, and laid cards are on the pile)."""
    table = _table(store, game_id)
    view = table.game.view(seat)
    cut = {e.card for e in table.game.events if isinstance(e, CutEvent)}
    return {*view.hand, *view.discards} - cut - {card for _, card in view.laid}


def shown_anywhere(page: Any, cards: set[Card]) -> list[Card]:
    """Those of ``cards`` the tab shows: among its cards to tap, or named in its text (the
    log left out: the show of the deal before named cards dealt again since)."""
    ids = set(page.locator(".cp-card").evaluate_all("cards => cards.map(c => c.dataset.id)"))
    text = str(
        page.evaluate(
            """() => {
                const copy = document.body.cloneNode(true);
                copy.querySelectorAll('.tb-log').forEach((log) => log.remove());
                return copy.textContent;
            }"""
        )
    )
    return sorted((card for card in cards if str(card) in ids or card.label in text), key=str)


@dataclass
class DealTimes:
    """Each card laid: seconds from the tap to the other tab showing it, and to the tapping
    tab's own page showing it (an ordinary click's answer)."""

    other: list[float] = field(default_factory=list)
    own: list[float] = field(default_factory=list)
    taps: int = 0


def _table(store: Store, game_id: str) -> DeviceTable:
    stored = store.shared_game(game_id)
    assert stored is not None
    return DeviceTable.from_record(stored.record)


def _log_has(page: Any, text: str) -> None:
    """Until the tab's log shows ``text`` (looked at every frame)."""
    page.wait_for_function(
        "(t) => [...document.querySelectorAll('.tb-log')].some(e => e.innerText.includes(t))",
        arg=text,
        polling="raf",
        timeout=30_000,
    )


#: What a tab shows when it is its turn, by what the game waits for.
_ASKS = {
    Need.CUT_FOR_DEAL: "cut the deck; the lower card deals",
    Need.DISCARD: "tap two cards for the crib",
    Need.CUT_STARTER: "cut the deck for the starter",
    Need.LAY: "tap a card to lay it",
}


def play_deal(
    pages: dict[int, Any],
    names: dict[int, str],
    store: Store,
    game_id: str,
    check: Callable[[int, Any], None] = lambda seat, page: None,
) -> DealTimes:
    """Play the game's next deal by taps, each tab acting once its page says it is its turn,
    until the deal's show is over. ``check(seat, page)`` is called on both tabs once both
    have thrown, and on the tapping tab at each card laid. For each card laid, the times
    from the tap to each tab's showing it."""
    times = DealTimes()
    deals_before = sum(isinstance(e, DealEvent) for e in _table(store, game_id).game.events)
    checked = False
    for _ in range(200):
        table = _table(store, game_id)
        events = table.game.events
        if table.game.is_over or (
            sum(isinstance(e, DealEvent) for e in events) > deals_before
            and any(isinstance(e, ShowEvent) for e in events)
        ):
            return times
        if not checked and all(table.view(s).discards for s in pages):
            for seat, tab in pages.items():
                tab.get_by_text("puts 2 cards in the crib").first.wait_for()
                check(seat, tab)
            checked = True
        seat = table.waiting_for[0]
        need = table.need(seat)
        assert need is not None
        page, other = pages[seat], pages[1 - seat]
        version = store.shared_version(game_id) or 0
        shows_version(page, version)  # the tab has the game as stored, and the move
        page.get_by_text(_ASKS[need]).first.wait_for(timeout=30_000)
        settled(page)
        times.taps += 1
        if need is Need.LAY:
            card = page.locator(f"{HAND} .cp-card:not(.off)").first
            laid = Card.parse(str(card.get_attribute("data-id")))
            started = time.perf_counter()
            card.click()
            _log_has(page, f"You lay {laid.label}")
            times.own.append(time.perf_counter() - started)
            _log_has(other, f"{names[seat]} lays {laid.label}")
            times.other.append(time.perf_counter() - started)
            check(seat, page)
        elif need is Need.DISCARD:
            while page.locator(f"{HAND} .cp-card.on").count() < 2:
                page.locator(f"{HAND} .cp-card:not(.on)").first.click()
            page.locator(f"{HAND} .cp-confirm").click()
            page.get_by_text("You put ").first.wait_for()
        else:
            name = "Cut the deck" if need is Need.CUT_FOR_DEAL else "Cut for the starter"
            page.get_by_role("button", name=name, exact=True).click()
        shows_version(page, version + 1)
        settled(page)
    raise AssertionError("the deal did not end in 200 taps")


def shows_version(page: Any, version: int) -> None:
    """Until the tab shows the game at ``version`` or later (the page marks the version it
    draws: ``.devices-version``)."""
    page.wait_for_function(
        "(v) => Number(document.querySelector('.devices-version')?.dataset.version) >= v",
        arg=version,
        timeout=30_000,
    )

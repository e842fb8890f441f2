"""Playing a game across two devices in Chromium, for the browser test and the benchmark
(``python -m trainer.bench.devices``): two players of a club signed in on their own tabs
(each on its own app server), one deal played by taps, and for every card laid the time
from the tap to the other tab showing it, beside the time to the tapping tab's own answer.

Each tab shows the Play page's own table of its seat (``Table.own``); the game is counted
by the trainer, each hand counted out at once (the players' setting), so a hand shown is
one "Continue" on each tab. Nothing here sleeps: each wait is for something the page shows.
The store is read only to know what each tab is asked to do (the browser test reads it for
the cards each seat holds, to look for them where they must not be: tests/support/devices.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trainer.bench.page_marks import EXCEPTION, alerts, settled
from trainer.engine.cards import Card
from trainer.engine.events import DealEvent, ShowEvent
from trainer.engine.game import Game
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting
from trainer.progress import club
from trainer.progress.store import SharedGame, Store
from trainer.training.records import Preferences
from trainer.training.table import Need, Table
from trainer.ui.shared_saves import shared_setup

__all__ = [
    "HAND",
    "HOLD_LOOKS",
    "PLAYERS",
    "DealTimes",
    "club_game",
    "open_game",
    "play_deal",
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
        store.set_preferences(joined.profile.id, Preferences(show_all=True))
    settings = Settings(target=target, counting=Counting.AUTOMATIC)
    store.create_shared_game(
        people[0], game_id, settings.notation(), Game(settings, seed).record().notation(),
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


@dataclass
class DealTimes:
    """Each card laid: seconds from the tap to the other tab showing it, and to the tapping
    tab's own page showing it (an ordinary click's answer)."""

    other: list[float] = field(default_factory=list)
    own: list[float] = field(default_factory=list)
    taps: int = 0


def _stored(store: Store, game_id: str) -> SharedGame:
    stored = store.shared_game(game_id)
    assert stored is not None
    return stored


def _game(store: Store, game_id: str) -> Game:
    """The game as stored."""
    return Game.replay(GameRecord.parse(_stored(store, game_id).record))


def device_table(store: Store, game_id: str, seat: int) -> Table:
    """The table ``seat``'s tab shows: its own seat's, from the stored record, where that
    tab was last looking (kept with its seat)."""
    stored = _stored(store, game_id)
    person = stored.person_at(seat)
    assert person is not None
    record = GameRecord.parse(stored.record)
    return Table.resume(shared_setup(stored), record, person.place, own=seat)


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
    Need.CUT_FOR_DEAL: "The lower card deals",
    Need.DISCARD: "Tap two cards, then",
    Need.CUT_STARTER: "The dealer turns the top card",
    Need.LAY: "tap a card to lay it",
}
#: The button that goes on from a hand counted out (its key names the events so far).
_CONTINUE = '[class*="st-key-play_reveal_"][class*="_go"] button'
#: The key class (``st-key-…``) of the element a button is drawn in.
_KEY_OF = """(button) => [...button.closest('[class*="st-key-"]').classList]
    .find((name) => name.startsWith("st-key-"))"""


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
    deals_before = sum(isinstance(e, DealEvent) for e in _game(store, game_id).events)
    checked = False
    for _ in range(200):
        tables = {seat: device_table(store, game_id, seat) for seat in pages}
        game = tables[0].game
        events = game.events
        if game.is_over or (
            sum(isinstance(e, DealEvent) for e in events) > deals_before
            and any(isinstance(e, ShowEvent) for e in events)
            and all(table.need() is not Need.REVEAL for table in tables.values())
        ):
            return times
        if not checked and all(game.view(s).discards for s in pages):
            for seat, tab in pages.items():
                tab.get_by_text("two cards in the crib").first.wait_for()
                check(seat, tab)
            checked = True
        seat = next(s for s, table in tables.items() if table.need() is not Need.WAIT)
        need = tables[seat].need()
        page, other = pages[seat], pages[1 - seat]
        version = store.shared_version(game_id) or 0
        shows_version(page, version)  # the tab has the game as stored, and the move
        if need is Need.REVEAL:  # a hand counted out: "Continue" on this tab
            button = page.locator(_CONTINUE).first
            key = button.evaluate(_KEY_OF)
            button.click()
            _gone(page, f".{key}", store, game_id)
            settled(page)
            continue
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
            page.get_by_role("button", name="Cut the deck", exact=True).click()
        shows_version(page, version + 1)
        settled(page)
    raise AssertionError("the deal did not end in 200 taps")


def _gone(page: Any, selector: str, store: Store, game_id: str) -> None:
    """Until what ``selector`` finds has left the page; if it stays, what the page said
    and what the store holds, for the failure to tell why."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.locator(selector).wait_for(state="detached", timeout=30_000)
    except PlaywrightTimeout:
        said = alerts(page)
        failed = page.locator(EXCEPTION).all_inner_texts()
        stored = _stored(store, game_id)  # read once: its version and its events of one moment
        events = len(GameRecord.parse(stored.record).events)
        drawn = page.evaluate("() => document.querySelector('.devices-version')?.dataset.version")
        keys = page.evaluate(_KEYS_DRAWN)
        raise AssertionError(
            f"{selector} stayed: the page said {said} and showed the errors {failed}; it draws "
            f"version {drawn} and the buttons {keys}; the store holds version "
            f"{stored.version} of {events} events"
        ) from None


#: The key classes of the buttons a page draws (each ``st-key-…``), in the page's order.
_KEYS_DRAWN = (
    f"""() => [...document.querySelectorAll('[class*="st-key-"] button')].map({_KEY_OF})"""
)


def shows_version(page: Any, version: int) -> None:
    """Until the tab shows the game at ``version`` or later (the page marks the version it
    draws: ``.devices-version``)."""
    page.wait_for_function(
        "(v) => Number(document.querySelector('.devices-version')?.dataset.version) >= v",
        arg=version,
        timeout=30_000,
    )

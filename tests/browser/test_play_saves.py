"""A real browser on the Play page when saving goes wrong: a move made while another
program holds the progress file is said at once and saved when the file is free again; a
second tab showing an older copy of the game is refused and shown the game as saved."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import drawn, redrawn, settled
from trainer.engine.game import Game
from trainer.progress.store import Store
from trainer.ui.session import player_param


def _player(db: Path, name: str) -> tuple[Store, int, str]:
    store = Store.open(db)
    found = [p for p in store.profiles() if p.name == name]
    profile = found[0] if found else store.create_profile(name)
    return store, profile.id, player_param(profile)


def _start(page: Any, app_url: str, param: str) -> None:
    page.goto(f"{app_url}/play?player={param}")
    page.get_by_text("How strong is the computer?").wait_for(timeout=60_000)
    page.get_by_text("Easy", exact=True).click()
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("button", name="Cut the deck").wait_for()
    settled(page)


def _events(store: Store, profile_id: int) -> int:
    row = store.game_in_progress(profile_id)
    return len(Game.from_notation(row.record).events) if row is not None else 0


@pytest.mark.browser
def test_a_move_made_while_the_file_is_held_is_said_at_once_and_saved_later(
    page: Any, app_url: str, browser_db: Path
) -> None:
    store, player, param = _player(browser_db, "Holder")
    _start(page, app_url, param)
    before = _events(store, player)
    held = sqlite3.connect(browser_db, isolation_level=None)
    held.execute("BEGIN IMMEDIATE")  # another program holds the file
    try:
        started = time.monotonic()
        page.get_by_role("button", name="Cut the deck").click()
        page.get_by_text("Your game is not saved").wait_for(timeout=15_000)
        waited = time.monotonic() - started
        assert "another program is holding the progress file" in page.inner_text("body").replace(
            "\u2060", ""
        )
        assert _events(store, player) == before  # nothing was written
    finally:
        held.execute("ROLLBACK")
        held.close()
    assert waited < 10, f"the page took {waited:.1f} s to say the game was not saved"
    page.get_by_role("button", name="Try saving again").click()
    page.get_by_text("Your game is not saved").wait_for(state="detached", timeout=15_000)
    settled(page)
    assert _events(store, player) > before


@pytest.mark.browser
def test_a_second_tab_with_an_older_copy_is_refused_and_redrawn(
    page: Any, app_url: str, browser_db: Path
) -> None:
    store, player, param = _player(browser_db, "Twotabs")
    _start(page, app_url, param)
    for _ in range(6):  # to the first throw (a tied cut cuts again)
        if page.locator(".cp-card").count():
            break
        button = page.get_by_role("button", name="Cut the deck")
        before = drawn(page)
        if button.count() and button.first.is_visible():
            button.first.click()
        redrawn(page, before)
    page.locator(".cp-card").first.wait_for(timeout=30_000)
    settled(page)
    other = page.context.new_page()  # the same player in a second tab, showing the throw
    other.set_default_timeout(20_000)
    other.goto(f"{app_url}/play?player={param}")
    other.locator(".cp-card").first.wait_for(timeout=60_000)
    settled(other)
    thrown_here = [page.locator(".cp-card").nth(n).get_attribute("data-id") for n in (0, 1)]
    for n in (0, 1):
        page.locator(".cp-card").nth(n).click()
    page.locator(".cp-confirm").click()
    page.get_by_text("You put").first.wait_for()
    settled(page)
    saved = store.game_in_progress(player)
    assert saved is not None
    for n in (4, 5):  # the old tab throws two other cards
        other.locator(".cp-card").nth(n).click()
    other.locator(".cp-confirm").click()
    other.get_by_text("moved on in another tab or window").wait_for(timeout=20_000)
    settled(other)
    stored = store.game_in_progress(player)
    assert stored is not None and stored.record == saved.record  # tab A's throw stands
    assert f"discard seat=0 cards={'-'.join(c for c in thrown_here if c)}" in stored.record
    other.close()

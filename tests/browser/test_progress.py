"""The Progress page on a phone, in a real browser: the games table shows every column
within the screen's width (none cut off)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import open_page
from trainer.analysis import Level
from trainer.bench.playing import played_game
from trainer.engine.settings import Settings
from trainer.progress.store import Store
from trainer.training.table import PlaySetup, Table
from trainer.ui.play_saves import saved_row

pytestmark = pytest.mark.browser


def test_the_games_table_fits_a_phone(page: Any, app_url: str, browser_db: Path) -> None:
    store = Store.open(browser_db)
    phone = store.create_profile("Phone")
    games: list[tuple[Level, int]] = [("easy", 61), ("normal", 121), ("crazy", 121)]
    for n, (level, target) in enumerate(games):
        store.save_game(phone.id, saved_row(f"phone-{n}", played_game(level, target, 40 + n)))
    for seats in (3, 4):  # the longest lines: a game of three, one of four in pairs
        started = Table.new(PlaySetup("normal", Settings(target=121, seats=seats)), seed=seats)
        store.save_game(phone.id, saved_row(f"phone-{seats}", started))
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{app_url}/progress?player=phone", "Games against the computer")
    page.get_by_text("to 121, 4 in pairs").wait_for()
    table = page.locator(".st-key-progress_games table").first
    table.scroll_into_view_if_needed()
    frame = table.bounding_box()
    assert frame is not None and frame["x"] + frame["width"] <= 390
    headings = table.locator("th")
    assert headings.count() == 8
    for n in range(headings.count()):
        box = headings.nth(n).bounding_box()
        assert box is not None and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1, (
            headings.nth(n).inner_text()
        )

"""The Progress page in a real browser: on a phone the games table shows every column
within the screen's width (none cut off); the charts are drawn only once asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import EXCEPTION, open_page, settled
from tests.views.test_progress import given
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


def test_the_charts_are_drawn_once_asked_for(page: Any, app_url: str, browser_db: Path) -> None:
    """A player with answers: the page opens with no chart drawn and no chart library
    fetched; opening "Charts" draws the first tab's chart."""
    store = Store.open(browser_db)
    charted = store.create_profile("Charted")
    store.add_attempts(charted.id, [given(n, correct=n % 3 > 0) for n in range(30)])
    open_page(page, f"{app_url}/progress?player=charted", "Download every answer")
    settled(page)
    chart = page.locator('[data-testid="stVegaLiteChart"]')
    assert chart.count() == 0
    assert page.evaluate(_CHART_SCRIPTS) == []
    page.locator("summary", has_text="Charts: right answers, pace, what gets missed").click()
    chart.first.locator("canvas, svg").first.wait_for()  # drawn: its library is loaded
    assert chart.count() == 1  # the open tab's chart, the others wait for their tab
    assert len(page.evaluate(_CHART_SCRIPTS)) == 2
    assert page.locator(EXCEPTION).count() == 0


#: The chart's scripts the page has fetched: Streamlit's chart element and the chart library
#: it loads (vega-embed, some 750 KB), by the names of Streamlit's chunks (the test checks
#: they are fetched once a chart is drawn, so a renamed chunk fails it rather than passing).
_CHART_SCRIPTS = """() => performance.getEntriesByType("resource")
  .map((e) => e.name.split("/").pop())
  .filter((name) => /^(ArrowVegaLiteChart|embed)\\./.test(name))"""

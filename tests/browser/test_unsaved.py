"""A real browser when a set's last answer cannot be saved at once: the page says so, the
browser asks before the page is closed, and once the file is free the page saves the
answer by itself, says so, and lets the page close without asking."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.browser import open_page, settled
from trainer.progress.store import Store
from trainer.ui.session import player_param
from trainer.ui.unsaved import RETRY_SECONDS


def _closing_asks_first(page: Any) -> None:
    """Close the tab as a person would: the browser asks first ("Leave" or "Stay"), the
    person stays, and the tab is still open."""
    with page.expect_event("dialog") as asked:
        page.close(run_before_unload=True)
    dialog = asked.value
    assert dialog.type == "beforeunload"
    dialog.dismiss()  # "Stay on this page"
    assert not page.is_closed()


def _closes_without_asking(page: Any) -> None:
    with page.expect_event("close"):
        page.close(run_before_unload=True)


@pytest.mark.browser
def test_a_last_answer_not_saved_is_kept_guarded_and_saved_by_the_page_itself(
    page: Any, app_url: str, browser_db: Path
) -> None:
    store = Store.open(browser_db)
    kim = store.create_profile("Unsaved")
    address = f"{app_url}/practice?drill=hand&tier=club&seed=11&length=1&player={player_param(kim)}"
    open_page(page, address, "Count this hand")
    page.mouse.click(5, 5)  # a person has touched the page (browsers ask only then)
    held = sqlite3.connect(browser_db, isolation_level=None)
    held.execute("BEGIN IMMEDIATE")  # another program holds the file
    try:
        box = page.get_by_label("Your total")
        box.fill("4")
        box.press("Enter")
        page.get_by_text("1 answer not saved yet").wait_for(timeout=30_000)
        settled(page)
        said = page.inner_text("body").replace("\u2060", "")
        assert "another program is holding the progress file" in said
        assert str(browser_db.parent) not in said
        page.wait_for_function("document.documentElement.dataset.unsavedAnswers === '1'")
        assert store.count_attempts(kim.id) == 0
        _closing_asks_first(page)  # and the tab stays open, answer and all
    finally:
        held.execute("ROLLBACK")
        held.close()
    # nobody clicks: the page's own try again (every few seconds) stores it
    page.get_by_text("Saved: the 1 answer that waited is stored now").wait_for(
        timeout=int((6 * RETRY_SECONDS + 30) * 1000)
    )
    page.wait_for_function("document.documentElement.dataset.unsavedAnswers === '0'")
    assert store.count_attempts(kim.id) == 1
    _closes_without_asking(page)

"""The Play page opens on what a player can do now, in a real browser at a desktop's, a
laptop's and a phone's size. A new player once met six locked first games and found "Start
the game" 1,853 px down (2,147 px on a phone); now the first screen, unscrolled, offers the
first lesson, says what opens the first games, and holds the form of a whole game against
Easy with its "Start the game". The first games are a compact row, each locked one saying
the lesson that opens it; once one is open, the first screen offers it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import settled, sized_tabs
from tests.play_steps import open_play
from trainer.progress.store import Store
from trainer.training.ladder import RUNGS

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 900), "laptop": (1024, 768), "phone": (390, 844)}


@pytest.fixture
def tabs(browser: Any) -> Iterator[dict[str, Any]]:
    with sized_tabs(browser, SIZES) as pages:
        yield pages


def _player(db: Path, name: str, lessons: tuple[str, ...] = ()) -> str:
    store = Store.open(db)
    found = next((p for p in store.profiles() if p.name == name), None)
    profile = found or store.create_profile(name)
    for lesson in lessons:
        store.save_lesson_progress(profile.id, lesson, 0, True)
    return name.lower()


def _in_first_screen(page: Any, locator: Any, what: str, where: str) -> None:
    box = locator.bounding_box()
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    assert box is not None, f"{where}: {what} is not drawn"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"{where}: {what} at {box}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{where}: {what} at {box}"


def _tile_lines(page: Any) -> int:
    """How many lines the first games' row takes (its tiles' distinct tops)."""
    tops = page.evaluate(
        """() => [...document.querySelectorAll('[class*="st-key-play_rung_"]')]
             .filter((el) => !el.className.includes('play_rung_start'))
             .map((el) => Math.round(el.getBoundingClientRect().top))"""
    )
    assert len(tops) == len(RUNGS), tops
    return len({top // 8 for top in tops})  # tiles of a line start within a few pixels


def test_a_new_player_s_first_screen_offers_a_lesson_the_first_games_and_a_whole_game(
    tabs: dict[str, Any], app_url: str, browser_db: Path
) -> None:
    name = _player(browser_db, "Newcomer")
    for size, page in tabs.items():
        where = f"a new player's Play page at {size}"
        open_play(page, f"{app_url}/play?player={name}")
        lesson = page.get_by_role("button", name="Start lesson 1")
        _in_first_screen(page, lesson, "the first lesson", where)
        opens = page.get_by_text("First games open as you learn:")
        _in_first_screen(page, opens, "what opens the first games", where)
        assert "after lesson 3" in opens.locator("xpath=..").inner_text()
        easy = page.get_by_role("radio", name="Easy")
        _in_first_screen(page, easy, "the computer's level", where)
        assert easy.is_checked()
        start = page.get_by_role("button", name="Start the game")
        _in_first_screen(page, start, "Start the game", where)
        # the first games: a compact row, each locked one naming the lesson that opens it
        for rung in RUNGS:
            tile = page.locator(f".st-key-play_rung_{rung.id}")
            assert "Lesson" in tile.inner_text(), tile.inner_text()
        assert _tile_lines(page) <= (2 if size == "phone" else 1), size
    # the lesson offered opens on the Learn page
    phone = tabs["phone"]
    phone.get_by_role("button", name="Start lesson 1").click()
    phone.get_by_role("heading", name="1. The board").wait_for()
    settled(phone)
    # the whole game against Easy starts from the first screen
    desktop = tabs["desktop"]
    desktop.get_by_role("button", name="Start the game").click()
    desktop.get_by_text("Easy computer · to 121").wait_for()
    desktop.get_by_role("button", name="Cut the deck").wait_for()


def test_the_first_screen_offers_the_next_first_game_once_it_is_open(
    tabs: dict[str, Any], app_url: str, browser_db: Path
) -> None:
    name = _player(browser_db, "Third", ("the-board", "deal-and-crib", "the-starter"))
    for size, page in tabs.items():
        where = f"the Play page after lesson 3 at {size}"
        open_play(page, f"{app_url}/play?player={name}")
        offer = page.get_by_role("button", name="Play first game 1")
        _in_first_screen(page, offer, "the next first game", where)
        _in_first_screen(page, page.get_by_role("button", name="Start lesson 4"), "lesson 4", where)
        _in_first_screen(page, page.get_by_role("button", name="Start the game"), "the form", where)
        tile = page.locator(f".st-key-play_rung_{RUNGS[0].id}")
        assert "Open" in tile.inner_text() and tile.get_by_role("button", name="Play").count()
    page = tabs["laptop"]
    page.get_by_role("button", name="Play first game 1").click()
    page.get_by_text("First game 1: Fifteens · only fifteens score").wait_for()

"""A game ends at the game hole on every screen, in a real browser. In 17 of 23 finished
games the final score and the results printed past the target ("the computer 125") while
the board said 121, and its last line "+6 (119 → 121)". Now the count that wins pegs only
the points that reach the target: the board's last line (+1 for a pair royal at 60, 60 →
61), the final score, the results table, the review and Progress all say 61; a result
stored before (66 in a game to 61) is shown at 61, and its record still replays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import count_runs, settled
from tests.play_steps import HAND, open_play
from tests.test_game import play_random_game
from trainer.engine import Counting, GameRecord, LayEvent
from trainer.progress.store import Store
from trainer.training.table import PlaySetup, Table
from trainer.ui.play_saves import saved_row

pytestmark = pytest.mark.browser

PLAYER = "Hole"


def test_the_last_count_pegs_only_to_the_game_hole_on_every_screen(
    browser: Any, app_url: str, browser_db: Path
) -> None:
    store = Store.open(browser_db)
    profile = store.create_profile(PLAYER)
    # a result stored before the peg stopped in the game hole: 74 in a game to 61
    old = play_random_game(9, 61, Counting.AUTOMATIC, 9)
    old_table = Table.resume(
        PlaySetup("easy", old.settings), GameRecord(old.settings, old.seed, tuple(old.events))
    )
    row = saved_row("stored-before", old_table)
    store.save_game(profile.id, row._replace(my_score=74, place="left"))
    # a game whose last card, the person's, is a pair royal at 60 in a game to 61
    game = play_random_game(21, 61, Counting.AUTOMATIC, 21)
    final = game.events[-1]
    assert isinstance(final, LayEvent) and final.seat == 0 and game.scores == (61, 56)
    before = GameRecord(game.settings, game.seed, tuple(game.events[:-1]))

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        count_runs(page)
        open_play(page, f"{app_url}/play?player={PLAYER.lower()}")
        page.get_by_text("Read a game record").click()
        page.get_by_label("Or paste a game record").fill(f"# level: easy\n{before.notation()}")
        settled(page)
        page.get_by_role("button", name="Play from this record").click()
        card = page.locator(f"{HAND} .cp-card[data-id='{final.card}']")
        card.click()
        page.get_by_text("Final score:").wait_for()
        settled(page)
        said = page.locator('[data-testid="stMain"]').inner_text()
        assert "Final score: you 61, the computer 56" in said, said
        last = page.locator(".tb-line").last.inner_text()
        assert "You +1:" in last and "(60 → 61)" in last and "You won" in last, last
        results = page.locator('[data-testid="stTable"]').inner_text()
        assert "61" in results and "66" not in results, results

        page.get_by_role("button", name="Review this game").click()
        page.get_by_text("You won 61–56").wait_for()
        page.goto(f"{app_url}/progress?player={PLAYER.lower()}")
        page.get_by_text("won 61–56").first.wait_for()
        page.get_by_text("won 61–60").first.wait_for()  # stored as 74, shown at the hole
        assert page.get_by_text("74–60").count() == 0
        page.goto(f"{app_url}/review?game=stored-before&player={PLAYER.lower()}")
        page.get_by_text("You won 61–60").wait_for()  # its record replays
    finally:
        context.close()

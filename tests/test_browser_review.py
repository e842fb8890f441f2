"""A real browser opens the review of a finished 61-point game stored for its player: the
three costliest decisions and the chart of points lost per deal are on screen, and the
deals step on the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import EXCEPTION, after, open_page
from tests.conftest import BROWSER_PLAYER
from tests.test_review import _play, _short
from trainer.engine.record import GameRecord
from trainer.engine.vocab import Counting
from trainer.progress.store import Store
from trainer.training.review import review_game
from trainer.ui.play_saves import saved_row

pytestmark = pytest.mark.browser

GAME_ID = "browser-review-61"


def _stored_game(db: Path) -> Any:
    """A finished game to 61 against Normal, the player missing points in some counts."""
    store = Store.open(db)
    (player,) = [p for p in store.profiles() if p.name == BROWSER_PLAYER]
    row = saved_row(GAME_ID, _play("normal", 61, 8, counting=Counting.MUGGINS, claim=_short))
    store.save_game(player.id, row)
    return review_game(GameRecord.parse(row.record))


def _visible_box(locator: Any) -> dict[str, float]:
    locator.wait_for(state="visible")
    box = locator.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 50, box
    return dict(box)


def test_the_review_of_a_finished_game_in_a_browser(
    page: Any, app_url: str, browser_db: Path
) -> None:
    review = _stored_game(browser_db)
    top = review.costliest()
    assert len(top) == 3
    open_page(
        page, f"{app_url}/review?player=browser&game={GAME_ID}", "Your three costliest decisions"
    )
    assert page.locator(EXCEPTION).count() == 0
    for n, decision in enumerate(top, start=1):
        card = page.locator(f".st-key-review_top_{n}")
        _visible_box(card)
        text = card.inner_text()
        assert f"{n}. Deal {decision.deal_no}," in text
        assert f"{decision.lost:.2f} points lost" in text
    page.get_by_text("Points lost per deal").first.wait_for()
    chart = page.locator('[data-testid="stVegaLiteChart"]').first
    chart.scroll_into_view_if_needed()
    _visible_box(chart)
    drawn = chart.locator("canvas, svg.marks").first  # what Vega drew the bars on
    assert _visible_box(drawn)["height"] >= 150
    board = page.locator('svg[aria-label^="Cribbage board to 61"]').first
    board.scroll_into_view_if_needed()
    first = review.deals[0]
    assert board.get_attribute("aria-label").endswith(
        f"You {first.scores[0]}, Computer {first.scores[1]}"
    )
    page.get_by_role("button", name="Next deal").click()
    second = review.deals[1]
    after(page, "Deal 2 · ")
    board = page.locator(f'svg[aria-label$="You {second.scores[0]}, Computer {second.scores[1]}"]')
    board.first.wait_for()
    assert page.locator(EXCEPTION).count() == 0

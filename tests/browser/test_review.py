"""A real browser opens the review of finished games stored for its players: the three
costliest decisions in words, each with its sentence of why and its figures behind
"Details"; the thresholds of the words; games of three and four at the table, from Progress
and from their results screen; a first game's counts; a learning game without a percentage
or a decimal point; and the chances deal by deal, after the game the ones the meter showed
during it, the same on the results screen and in the review."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import EXCEPTION, after, open_page, settled
from tests.conftest import BROWSER_PLAYER
from tests.test_review import _play, _short
from tests.views.test_review import _first_game
from trainer.analysis.winmeter import seat_chance
from trainer.engine.events import DiscardEvent
from trainer.engine.game import Game
from trainer.engine.record import GameRecord
from trainer.engine.vocab import Counting
from trainer.progress.store import SavedGame, Store
from trainer.training.review import GameReview, review_game
from trainer.training.review_words import details, title, why
from trainer.training.table import ME, CoachMode, Table
from trainer.training.winline import LinePoint, win_line
from trainer.ui.play_saves import saved_row

pytestmark = pytest.mark.browser

GAME_ID = "browser-review-61"
#: Who play the games of these tests that open on their results screen, one game each.
REVIEWER, THREE = "Reviewer", "Threesome"
DECIMAL = re.compile(r"\d\.\d")


def _store_for(db: Path, name: str, game: SavedGame) -> GameReview:
    store = Store.open(db)
    found = [p for p in store.profiles() if p.name == name]
    player = found[0] if found else store.create_profile(name)
    store.save_game(player.id, game)
    return review_game(GameRecord.parse(game.record))


def _stored_game(db: Path) -> GameReview:
    """A finished game to 61 against Normal, the player missing points in some counts."""
    row = saved_row(GAME_ID, _play("normal", 61, 8, counting=Counting.MUGGINS, claim=_short))
    return _store_for(db, BROWSER_PLAYER, row)


def _visible_box(locator: Any) -> dict[str, float]:
    locator.wait_for(state="visible")
    box = locator.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 50, box
    return dict(box)


def _open_expander(page: Any, within: Any, label: str) -> Any:
    """Open the expander named ``label`` inside ``within``; its contents, once drawn (a part
    folded until opened is sent by the run the click asks for)."""
    expander = (
        within.locator('[data-testid="stExpander"]')
        .filter(has=page.locator("summary", has_text=label))
        .first
    )
    return _open(expander)


def _open(expander: Any) -> Any:
    """Open ``expander`` and wait for its contents to be drawn; its body. The click is made
    once the page has no run under way, and made again if a run drawn as it landed closed
    the fold again (a fold opened while the last one's run is still drawing can be)."""
    page = expander.page
    body = expander.locator('[data-testid="stExpanderDetails"]').first
    for _ in range(3):
        settled(page)
        if expander.locator("details").first.get_attribute("open") is None:
            summary = expander.locator("summary").first
            summary.scroll_into_view_if_needed()
            summary.click()
        try:
            body.locator('[data-testid="stElementContainer"]').first.wait_for(
                state="visible", timeout=10_000
            )
            return body
        except PlaywrightTimeout:
            continue  # closed again under the click: look and open it once more
    raise AssertionError(f"the fold {expander.locator('summary').first.inner_text()!r} stays shut")


def _plain(text: str) -> str:
    return text.replace("\u2060", "")  # the word joiner names are written with


def test_the_review_of_a_finished_game_speaks_in_words_in_a_browser(
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
        text = _plain(card.inner_text())
        assert f"{n}. {title(decision)}" in text  # "Deal 4, the throw: a blunder"
        assert why(decision, review) in text  # one plain sentence of why
        assert not DECIMAL.search(text), text  # the hundredths are behind "Details"
        shown = _plain(_open_expander(page, card, "Details").inner_text())
        assert details(decision, review)[0] in shown
    words = _open_expander(page, page, "What the words mean").inner_text()
    for said in ("within 0.1 points", "less than 0.5 points lost", "3 points or more lost"):
        assert said in words
    page.get_by_text("Points lost per deal").first.wait_for()
    assert page.locator('[data-testid="stVegaLiteChart"]').count() == 0  # folded until opened
    folded = _open_expander(page, page, "Chart: points lost per deal")
    chart = folded.locator('[data-testid="stVegaLiteChart"]').first
    chart.scroll_into_view_if_needed()
    _visible_box(chart)
    drawn = chart.locator("canvas, svg.marks").first  # what Vega drew the bars on
    assert _visible_box(drawn)["height"] >= 150
    board = page.locator('img[aria-label^="Cribbage board to 61"]').first
    board.scroll_into_view_if_needed()
    first = review.deals[0]
    assert board.get_attribute("aria-label").endswith(
        f"You {first.scores[0]}, Computer {first.scores[1]}"
    )
    page.get_by_role("button", name="Next deal").click()
    second = review.deals[1]
    after(page, "Deal 2 · ")
    board = page.locator(f'img[aria-label$="You {second.scores[0]}, Computer {second.scores[1]}"]')
    board.first.wait_for()
    last = review.deals[-1]  # any deal in one tap: its number in the row of deals
    deals = page.locator(f".st-key-review_deal_{GAME_ID}")
    deals.get_by_role("radio", name=str(last.deal_no), exact=True).click()
    after(page, f"Deal {last.deal_no} · ")
    assert page.get_by_role("button", name="Next deal").is_disabled()
    assert page.locator(EXCEPTION).count() == 0


@pytest.mark.parametrize(
    ("seats", "said"), [(3, "You {}, Left {}, Right {}"), (4, "Us {}, Them {}")]
)
def test_games_of_three_and_four_are_reviewed_in_a_browser(
    page: Any, app_url: str, browser_db: Path, seats: int, said: str
) -> None:
    game_id = f"browser-review-{seats}"
    table = _play("hard", 61, 6, counting=Counting.MUGGINS, claim=_short, seats=seats)
    review = _store_for(browser_db, BROWSER_PLAYER, saved_row(game_id, table))
    open_page(
        page, f"{app_url}/review?player=browser&game={game_id}", "Your three costliest decisions"
    )
    assert page.locator(EXCEPTION).count() == 0
    assert not page.get_by_text("games of two").count()
    for n, decision in enumerate(review.costliest(), start=1):
        text = _plain(page.locator(f".st-key-review_top_{n}").inner_text())
        assert f"{n}. {title(decision)}" in text and why(decision, review) in text
    first = review.deals[0]
    board = page.locator('img[aria-label^="Cribbage board to 61"]').first
    board.scroll_into_view_if_needed()
    assert board.get_attribute("aria-label").endswith(said.format(*first.scores))
    page.get_by_role("button", name="Next deal").click()
    after(page, "Deal 2 · ")
    assert page.locator(EXCEPTION).count() == 0


def _no_figures(page: Any) -> None:
    """Every expander opened, each until its contents are drawn (and those inside them,
    drawn once their fold is opened), the page's text has no percentage and no decimal
    point."""
    expanders = page.locator('[data-testid="stExpander"]')
    n = 0
    while n < expanders.count():  # (counted again: a fold opened may hold another)
        _open(expanders.nth(n))
        n += 1
    settled(page)
    text = _plain(page.locator('[data-testid="stMain"]').inner_text())
    assert "%" not in text
    assert not DECIMAL.search(text), re.search(r".{40}\d\.\d.{20}", text)


def test_a_first_game_s_counts_are_counted_in_its_review(
    page: Any, app_url: str, browser_db: Path
) -> None:
    game = _first_game()
    review = _store_for(browser_db, BROWSER_PLAYER, game)
    assert review.costliest() and review.lost.counts > 0
    open_page(page, f"{app_url}/review?player=browser&game={game.game_id}", "Points lost per deal")
    value = page.locator('.app-metric-value[data-metric="Counts"]').inner_text()
    assert value.strip() == str(round(review.lost.counts))  # not a dash
    _no_figures(page)


def test_a_learning_game_s_review_has_no_percentage_and_no_decimal(
    page: Any, app_url: str, browser_db: Path
) -> None:
    table = _play("easy", 61, 5, counting=Counting.ALOUD, claim=_short)
    learning = Table(table.game, table.level, coach=CoachMode.LEARNING)
    _store_for(browser_db, BROWSER_PLAYER, saved_row("browser-learning", learning))
    open_page(page, f"{app_url}/review?player=browser&game=browser-learning", "Deal by deal")
    page.get_by_text("Your chance to win, deal by deal").first.wait_for()
    _no_figures(page)


def _shown_chances(page: Any, key: str) -> list[list[str]]:
    """The rows of the chances deal by deal under a page's line (the Review's line opened
    first: it is folded until opened)."""
    fold = page.locator(f".st-key-{key}_fold")
    if fold.count():
        _open(fold)
    box = page.locator(f".st-key-{key}_table")
    _open(box)
    table = box.locator("table")
    table.wait_for(state="visible")
    return [
        [cell.strip() for cell in row.split("\t")]
        for row in table.locator("tbody tr").all_inner_texts()
    ]


def _meter_at(game: Game, at: int) -> str:
    """What the meter showed the person after ``at`` events (Table.win_chances there)."""
    return f"{round_percent(seat_chance(game.view(ME, at=at)).chance)}%"


def round_percent(chance: float) -> int:
    return LinePoint(0, 0, 0.0, chance).percent


def test_the_chances_after_the_game_are_the_ones_the_meter_showed(
    page: Any, app_url: str, browser_db: Path
) -> None:
    """A finished game of two opens on its results: the chances deal by deal are, at each
    throw, what the meter showed the person as they held their cards, and the review shows
    the same ones."""
    table = _play("normal", 61, 12, counting=Counting.MUGGINS)
    row = saved_row("browser-chances", table)  # finished, its results not yet left
    _store_for(browser_db, REVIEWER, row)
    game = Game.replay(table.game.record())
    throws = [i for i, e in enumerate(game.events) if isinstance(e, DiscardEvent) and e.seat == ME]
    line = win_line(game.record())
    open_page(page, f"{app_url}/play?player={REVIEWER.lower()}", "Review this game")
    results = _shown_chances(page, "play_winline")
    assert [r[1] for r in results] == [_meter_at(game, at) for at in throws]
    assert [r[2] for r in results] == [end.said() for _, _, end in line.at_throws()]
    page.get_by_role("button", name="Review this game").click()
    page.get_by_text("Your three costliest decisions").wait_for()
    settled(page)
    assert _shown_chances(page, "review_winline") == results


def test_a_review_opened_from_its_address_draws_its_line_and_steps_through_its_deals(
    page: Any, app_url: str, browser_db: Path
) -> None:
    """A game whose line was not worked out ahead (opened from its address, not from its
    results screen): its deals stepped through at once, no click lost, and its line."""
    table = _play("normal", 61, 14, counting=Counting.MUGGINS)
    review = _store_for(browser_db, BROWSER_PLAYER, saved_row("browser-line-later", table))
    open_page(
        page,
        f"{app_url}/review?player=browser&game=browser-line-later",
        "Your three costliest decisions",
    )
    assert len(review.deals) >= 4
    for deal_no in range(2, len(review.deals) + 1):
        page.get_by_role("button", name="Next deal").click()
        after(page, f"Deal {deal_no} · ")
    line = win_line(table.game.record())
    rows = _shown_chances(page, "review_winline")  # waits for the line's table
    assert [r[2] for r in rows] == [end.said() for _, _, end in line.at_throws()]
    assert page.locator(EXCEPTION).count() == 0


def test_a_game_of_three_is_reviewed_from_its_results_screen(
    page: Any, app_url: str, browser_db: Path
) -> None:
    table = _play("normal", 61, 4, seats=3)
    _store_for(browser_db, THREE, saved_row("browser-three-results", table))
    open_page(page, f"{app_url}/play?player={THREE.lower()}", "Review this game")
    page.get_by_role("button", name="Review this game").click()
    page.get_by_text("Your three costliest decisions").wait_for()
    settled(page)
    page.get_by_text(re.compile(r"to 61 · 3 players · ")).wait_for()
    page.get_by_text("Deal by deal").first.wait_for()
    assert page.locator(EXCEPTION).count() == 0

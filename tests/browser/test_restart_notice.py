"""Tabs that reconnect by themselves after the server restarts (no reload): the first thing
each person does is acted on. A typed total is graded and saved; "That's everything" grades
the claims the list showed (none lost, none graded from an empty list); the Play page's
"Cut the deck" cuts; Check a hand counts the cards typed before the restart."""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.browser import settled
from tests.conftest import APP, REPO
from trainer.bench.serving import free_port, serving
from trainer.content.catalog import load_drills
from trainer.engine.game import Game
from trainer.engine.skills import DrillType
from trainer.progress.store import Store
from trainer.training.questions import ShowQuestion, deal_question
from trainer.ui.session import player_param

CATALOG = load_drills()


@contextmanager
def _server(db: Path, port: int, log: Path) -> Iterator[int]:
    with serving(APP, log=log, port=port, cwd=REPO, env={"CRIBBAGE_TRAINER_DB": str(db)}) as s:
        yield s.pid


#: The tab is connected again: Streamlit has taken its status away and enabled its widgets
#: once more (it disables them while the server is away), the page's first button first
#: (every page has one: the player's "change", or a player's name to choose).
_CONNECTED = """() => {
  const box = document.querySelector('[data-testid="stMain"] [data-testid="stButton"] button');
  return !!box && !box.disabled && !document.body.innerText.includes('Connecting');
}"""


#: The tab has seen its server go.
_AWAY = f"() => !({_CONNECTED})()"


def _reconnected(page: Any) -> None:
    """Wait until the tab has reconnected by itself (the page was not reloaded) and the
    run that follows has ended."""
    page.wait_for_function(_CONNECTED, timeout=60_000)
    settled(page)


@pytest.mark.browser
@pytest.mark.slow
def test_after_a_restart_each_tabs_first_action_is_acted_on(browser: Any, tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    store = Store.open(db)
    kim, lee, mo = (store.create_profile(name) for name in ("Kim", "Lee", "Mo"))
    port = free_port()
    typed = deal_question(DrillType.HAND, "club", 541, 0, catalog=CATALOG)
    claimed = deal_question(DrillType.HAND, "club", 542, 0, catalog=CATALOG)
    assert isinstance(typed, ShowQuestion) and isinstance(claimed, ShowQuestion)
    context = browser.new_context(viewport={"width": 1100, "height": 1100})
    with ExitStack() as stack:
        pid = stack.enter_context(_server(db, port, tmp_path / "first.log"))
        url = f"http://127.0.0.1:{port}"
        a, b, c, d = (context.new_page() for _ in range(4))
        for tab in (a, b, c, d):
            tab.set_default_timeout(30_000)
        a.goto(f"{url}/practice?drill=hand&tier=club&seed=541&length=5&player={player_param(kim)}")
        a.get_by_label("Your total").wait_for()
        b.goto(
            f"{url}/practice?drill=hand&tier=club&seed=542&length=5&mode=claim"
            f"&player={player_param(lee)}"
        )
        b.locator(".cp-card").first.wait_for()
        settled(b)
        for item in claimed.score.items:  # claim everything, one combination at a time
            for card in item.cards:
                b.locator(f'.cp-card[data-id="{card}"]').click()
            b.locator(f'.cp-kind[data-kind="{item.kind}"]').click()
            b.locator(".cp-claim").click()
        confirmed = b.locator(".cp-claims li:not(.pending)")
        confirmed.nth(len(claimed.score.items) - 1).wait_for()
        settled(b)
        assert confirmed.count() == len(claimed.score.items)
        c.goto(f"{url}/play?player={player_param(mo)}")
        c.get_by_text("How strong is the computer?").wait_for(timeout=60_000)
        c.get_by_role("button", name="Start the game").click()
        c.get_by_role("button", name="Cut the deck").wait_for()
        settled(c)
        d.goto(f"{url}/check")
        d.get_by_role("textbox", name="Hand (four cards)").wait_for()
        settled(d)
        d.get_by_role("textbox", name="Hand (four cards)").fill("2H 3H 4H 5H")
        d.get_by_role("textbox", name="Starter").fill("6H")

        os.kill(pid, signal.SIGKILL)  # the server dies; the tabs stay open
        for tab in (a, b, c, d):  # each has seen it go before the next server starts
            tab.wait_for_function(_AWAY, timeout=60_000)
        stack.enter_context(_server(db, port, tmp_path / "second.log"))
        for tab in (a, b, c, d):
            _reconnected(tab)

        box = a.get_by_label("Your total")
        box.fill(str(typed.total))
        box.press("Enter")
        a.get_by_text(f"Right: {typed.total}").first.wait_for(timeout=20_000)

        b.locator(".cp-done").click()
        b.get_by_text("every combination found").first.wait_for(timeout=20_000)

        c.get_by_role("button", name="Cut the deck").click()
        # the log's line of the cut ("You cut 5♥."), not "Each of you cuts the deck", which
        # a text match of "You cut" finds before the cut is made (ignoring case)
        c.get_by_text(re.compile(r"You cut \S+\.")).first.wait_for(timeout=20_000)

        d.get_by_role("textbox", name="Starter").press("Enter")  # the page showed 5♥ 5♦ 5♣ J♠
        counted = "Cards: two of hearts, three of hearts, four of hearts, five of hearts; starter six of hearts"
        d.locator(f"img[aria-label='{counted}']").first.wait_for(timeout=20_000)

    saved = Store.open(db)
    assert [r.attempt.answer for r in saved.attempts(kim.id)] == [str(typed.total)]
    (claims,) = saved.attempts(lee.id)
    assert claims.attempt.correct
    row = saved.game_in_progress(mo.id)
    assert row is not None and Game.from_notation(row.record).events  # the cut was made
    context.close()

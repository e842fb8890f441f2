"""The tappable cards in a real browser: a whole hand claimed at speed (no waits between
taps), graded right; a one-card fifteen refused with its reason; the keyboard; phone size.

The timings are printed (run with ``-s`` to see them), never asserted.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.serving import serve
from trainer.engine.skills import DrillType
from trainer.training.questions import ShowQuestion, deal_question

pytestmark = pytest.mark.browser

HOST = "[data-testid='stBidiComponentIsolated']"
REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "tests" / "fixtures" / "pages" / "cardpick_demo.py"

#: Tap a card and wait for the next frame to be painted (a task queued from the frame's
#: requestAnimationFrame runs after its paint); repeated.
_TAP_TIMES = """
async (n) => {
  const root = document.querySelector("[data-testid='stBidiComponentIsolated']").shadowRoot;
  const card = root.querySelector(".cp-card");
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const times = [];
  for (let i = 0; i < n; i++) {
    const want = !card.classList.contains("on");
    const t0 = performance.now();
    card.click();
    await frame();
    if (card.classList.contains("on") !== want) throw new Error("the tap was not painted");
    times.push(performance.now() - t0);
  }
  return times;
}
"""

#: One claim (cards by index, a kind): time to the claims list showing it, and to
#: Python's answer arriving (the item no longer pending).
_CLAIM_TIME = """
async ([indexes, kind]) => {
  const root = document.querySelector("[data-testid='stBidiComponentIsolated']").shadowRoot;
  const cards = root.querySelectorAll(".cp-card");
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const before = root.querySelectorAll(".cp-claims li").length;
  for (const i of indexes) cards[i].click();
  root.querySelector(`.cp-kind[data-kind="${kind}"]`).click();
  const t0 = performance.now();
  root.querySelector(".cp-claim").click();
  await frame();
  const shown = performance.now() - t0;
  if (root.querySelectorAll(".cp-claims li").length !== before + 1) throw new Error("not listed");
  while (root.querySelector(".cp-claims li.pending")) {
    await new Promise((r) => setTimeout(r, 2));
  }
  return [shown, performance.now() - t0];
}
"""


#: Every claim of the hand in one burst of clicks (no pause at all between them).
_BURST = """
async (claims) => {
  const root = document.querySelector("[data-testid='stBidiComponentIsolated']").shadowRoot;
  const cards = root.querySelectorAll(".cp-card");
  for (const [indexes, kind] of claims) {
    for (const i of indexes) cards[i].click();
    root.querySelector(`.cp-kind[data-kind="${kind}"]`).click();
    root.querySelector(".cp-claim").click();
  }
  return root.querySelectorAll(".cp-claims li").length;
}
"""


def _median(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} ms, worst {max(values):.1f} ms"


def _open(page: Any, app_url: str, query: str) -> Any:
    page.goto(f"{app_url}/practice?{query}&player=browser")
    page.locator(".cp-card").first.wait_for(timeout=90_000)  # the first load deals the tables
    return page.locator(HOST)


def _wait_for_claims(page: Any, n: int) -> None:
    """Wait until Python has answered ``n`` claims; if it never does, say what is shown."""
    try:
        page.wait_for_function(
            f'document.querySelector("{HOST}").shadowRoot'
            f".querySelectorAll('.cp-claims li:not(.pending)').length === {n}"
        )
    except Exception as err:  # the timeout: show the claims list and the message instead
        shown = page.evaluate(
            f"""() => {{
              const root = document.querySelector("{HOST}").shadowRoot;
              return {{
                claims: [...root.querySelectorAll(".cp-claims li")].map(
                  (li) => (li.className ? "(" + li.className + ") " : "") + li.textContent),
                message: root.querySelector(".cp-msg").textContent,
                address: location.search,
              }};
            }}"""
        )
        raise AssertionError(f"{n} claims were never all answered: {shown}") from err


def test_every_combination_claimed_at_speed_is_graded_right(page: Any, app_url: str) -> None:
    question = deal_question(DrillType.HAND, "twenty-plus", 3, 0)
    assert isinstance(question, ShowQuestion)
    assert question.notation() == "5C TC JC QC | JH" and question.total == 20
    page.set_viewport_size({"width": 375, "height": 900})  # a phone
    _open(page, app_url, "drill=hand&tier=twenty-plus&seed=3&mode=claim&length=2")
    cards = page.locator(".cp-card")
    assert cards.count() == 5
    for n in range(5):
        box = cards.nth(n).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    kind_box = page.locator(".cp-kind").first.bounding_box()
    assert kind_box["height"] >= 44
    # focus is on the hand: the whole count goes in from the keyboard, with no waits
    focused = page.evaluate(
        f'document.querySelector("{HOST}").shadowRoot.activeElement?.dataset.id'
    )
    assert focused == "5C"
    keys = [
        "1", "2", "f", "Enter",  # fifteen 5♣ 10♣
        "1", "3", "f", "Enter",  # fifteen 5♣ J♣
        "1", "5", "f", "Enter",  # fifteen 5♣ J♥ (the starter)
        "1", "4", "f", "Enter",  # fifteen 5♣ Q♣
        "3", "f", "Enter",  # a one-card "fifteen": refused
        "2", "3", "4", "5", "d", "Enter",  # the double run 10 J J Q
        "1", "2", "3", "4", "l", "Enter",  # the flush
    ]  # fmt: skip
    for key in keys:
        page.keyboard.press(key)
    listed = page.locator(".cp-claims li:not(.pending)")
    _wait_for_claims(page, 6)
    texts = listed.locator("span[aria-hidden=true]").all_inner_texts()  # as they are seen
    assert listed.first.aria_snapshot() == '- listitem: "fifteen: five of clubs, ten of clubs"'
    assert texts == [
        "fifteen: 5♣ 10♣",
        "fifteen: 5♣ J♣",
        "fifteen: 5♣ J♥",
        "fifteen: 5♣ Q♣",
        "double run: 10♣ J♣ Q♣ J♥",
        "flush: 5♣ 10♣ J♣ Q♣",
    ]
    assert page.locator(".cp-total").inner_text() == "Your count so far: 20"
    page.locator(".cp-done").click()
    page.get_by_text("Right: every combination found, 20 in all.").wait_for()


def test_a_one_card_fifteen_is_refused_with_its_reason(page: Any, app_url: str) -> None:
    _open(page, app_url, "drill=hand&tier=twenty-plus&seed=3&mode=claim&length=2")
    page.locator(".cp-card").nth(2).click()  # J♣ alone
    page.locator(".cp-kind[data-kind='fifteen']").click()
    page.locator(".cp-claim").click()
    message = page.locator(".cp-msg.error")
    message.get_by_text("One card is never a fifteen").wait_for()
    assert "fifteen J♣" in message.inner_text()
    assert page.locator(".cp-claims li").count() == 0
    assert page.locator(".cp-total").inner_text() == "Nothing claimed yet."


def test_the_taps_are_answered_in_the_browser(page: Any, app_url: str) -> None:
    """Prints the figures: tap → selected painted, claim → listed, claim → Python's answer."""
    _open(page, app_url, "drill=hand&tier=twenty-plus&seed=3&mode=claim&length=2")
    taps = page.evaluate(_TAP_TIMES, 40)
    claims = [
        page.evaluate(_CLAIM_TIME, [pair, "fifteen"]) for pair in ([0, 1], [0, 2], [0, 3], [0, 4])
    ]
    print(f"\ntap → selected painted: {_median(taps)}")
    print(f"claim → claims list updated: {_median([c[0] for c in claims])}")
    print(f"claim → graded by Python and shown: {_median([c[1] for c in claims])}")
    assert len(taps) == 40 and len(claims) == 4


def test_a_burst_of_claims_loses_none(page: Any, app_url: str) -> None:
    _open(page, app_url, "drill=hand&tier=twenty-plus&seed=3&mode=claim&length=2")
    claims = [
        [[0, 1], "fifteen"], [[0, 2], "fifteen"], [[0, 4], "fifteen"], [[0, 3], "fifteen"],
        [[1, 2, 3, 4], "double run"], [[0, 1, 2, 3], "flush"],
    ]  # fmt: skip
    assert page.evaluate(_BURST, claims) == 6  # listed at once, before Python has seen any
    _wait_for_claims(page, 6)
    page.locator(".cp-done").click()
    page.get_by_text("Right: every combination found, 20 in all.").wait_for()


def test_check_a_hand_on_the_tappable_deck(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 375, "height": 900})
    page.goto(f"{app_url}/check?player=browser")
    page.get_by_text("Pick them").click()
    grid = page.locator(".cp-grid .cp-card")
    grid.first.wait_for(timeout=90_000)
    assert grid.count() == 52
    box = grid.first.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    metric = page.locator(".app-metric-value")
    page.get_by_text("Choose four cards for the hand").wait_for()  # empty: no Clear first
    assert metric.count() == 0
    for card in ("3C", "3D", "4S", "4H", "5C"):  # the last is the starter
        page.locator(f".cp-card[data-id='{card}']").click()
    page.locator(".cp-sum").get_by_text("Hand: 4♠ 4♥ 3♦ 3♣ · Starter: 5♣").wait_for()
    metric.filter(has_text="20").wait_for()
    page.get_by_text("double-double run of three is twenty").first.wait_for()
    # the page scrolls to the total below the deck, by itself
    page.wait_for_function(
        """() => {
          const total = document.querySelector('.app-metric-value');
          const box = total && total.getBoundingClientRect();
          return box && box.top >= 0 && box.bottom <= window.innerHeight;
        }""",
        timeout=10_000,
    )


@pytest.fixture(scope="module")
def demo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The demo page of a throw and a lay, served on a free loopback port."""
    log = tmp_path_factory.mktemp("demo-log") / "streamlit.log"
    with serve(DEMO, log=log, cwd=REPO, env={"PYTHONPATH": str(REPO)}) as url:
        yield url


def test_throw_two_then_lay_one_with_the_greyed_cards(page: Any, demo_url: str) -> None:
    page.set_viewport_size({"width": 375, "height": 900})
    page.goto(demo_url)
    throw, lay = page.locator(HOST).nth(0), page.locator(HOST).nth(1)
    throw.locator(".cp-card").first.wait_for(timeout=60_000)
    for n in range(6):
        box = throw.locator(".cp-card").nth(n).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box  # six fit at 375 px
    confirm = throw.locator(".cp-confirm")
    assert confirm.inner_text() == "To crib" and confirm.is_disabled()
    throw.locator(".cp-card[data-id='5H']").click()
    throw.locator(".cp-card[data-id='6D']").click()
    throw.locator(".cp-card[data-id='6D']").click()  # changed my mind
    throw.locator(".cp-card[data-id='JH']").click()
    throw.locator(".cp-card[data-id='9H']").click()  # a third: refused, with a word
    throw.locator(".cp-msg").get_by_text("You have chosen 2 already").wait_for()
    assert confirm.is_enabled()
    confirm.click()
    page.get_by_text("Thrown: 5♥ J♥").wait_for()
    throw.locator(".cp-msg.ok").get_by_text("To the crib: 5♥ J♥").wait_for()
    # the lay: the count is 25, so 7 and up would pass 31
    greyed = lay.locator(".cp-card.off")
    assert greyed.count() == 4
    lay.locator(".cp-card[data-id='9H']").click(force=True)  # greyed, yet it can be tapped
    lay.locator(".cp-msg.error").get_by_text("it would make the count 34").wait_for()
    lay.locator(".cp-card[data-id='6D']").focus()
    page.keyboard.press("Enter")  # the keyboard lays the focused card
    page.get_by_text("Laid: 6♦").wait_for()
    assert page.get_by_text("Laid: 6♦").count() == 1

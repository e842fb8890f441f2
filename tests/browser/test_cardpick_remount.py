"""The tappable cards' script on its own in Chromium (no Streamlit): what happens when
Streamlit mounts the component afresh while actions are still on their way to Python.

The script is the module the app ships (:data:`trainer.ui.cardpick.JS`), loaded
into a blank page with a stand-in for Streamlit that records every state value sent.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from trainer.engine import parse_cards
from trainer.ui.cardpick import JS, PickMode, picker_data

pytestmark = pytest.mark.browser

HAND = parse_cards("5C TC JC QC JH")

#: Loads the script as a module; ``window.mount(data)`` mounts it in a fresh element and
#: returns its cleanup; every ``setStateValue`` call is pushed to ``window.sent``.
_HARNESS = """
async (source) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const module = await import(url);
  window.sent = [];
  window.mount = (data) => {
    const host = document.createElement("div");
    document.body.appendChild(host);
    const args = { data, parentElement: host, setStateValue: (name, value) => window.sent.push([name, value]) };
    const cleanup = module.default(args);
    return { host, cleanup, update: (next) => module.default({ ...args, data: next }) };
  };
}
"""


@pytest.fixture
def blank(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    tab.set_content("<!doctype html><html><body></body></html>")
    tab.evaluate(_HARNESS, JS)
    yield tab
    context.close()


def _claims(tab: Any, script: str) -> Any:
    return tab.evaluate(
        "async ([data, script]) => {"
        " const frame = () => new Promise((r) => setTimeout(r, 10));"
        f" {script}"
        " await frame();"
        " return window.sent.map(([, log]) => log.map((e) => [e.seq, e.do, (e.cards || []).join(' ')]));"
        "}",
        [json.loads(json.dumps(picker_data("q1", PickMode.CLAIM, HAND, seen=0))), script],
    )


def _click(card: int) -> str:
    return f"root.querySelectorAll('.cp-card')[{card}].click();"


def test_a_fresh_mount_sends_again_what_python_has_not_confirmed_and_numbers_after_it(
    blank: Any,
) -> None:
    claim = "root.querySelector('.cp-kind[data-kind=\"fifteen\"]').click(); root.querySelector('.cp-claim').click();"
    sent = _claims(
        blank,
        "let view = window.mount(data); let root = view.host.firstChild;"
        + _click(0) + _click(1) + claim
        + " await frame();"
        # Python confirms nothing yet; Streamlit mounts the component afresh
        + " view.cleanup(); view = window.mount(data); root = view.host.firstChild;"
        + " await frame();"
        + _click(0) + _click(2) + claim,
    )  # fmt: skip
    assert sent[0] == [[1, "claim", "5C TC"]]
    assert sent[-1] == [
        [1, "claim", "5C TC"],
        [2, "claim", "5C JC"],
    ]  # nothing lost, no number reused


def test_confirmed_actions_are_not_sent_again_after_a_fresh_mount(blank: Any) -> None:
    claim = "root.querySelector('.cp-kind[data-kind=\"pair\"]').click(); root.querySelector('.cp-claim').click();"
    sent = _claims(
        blank,
        "let view = window.mount(data); let root = view.host.firstChild;"
        + _click(2) + _click(4) + claim
        + " await frame();"
        + " view.update({ ...data, seen: 1, claims: ['pair: J♣ J♥'] });"  # Python has read it
        + " view.cleanup(); view = window.mount({ ...data, seen: 1, claims: ['pair: J♣ J♥'] });"
        + " root = view.host.firstChild; await frame();"
        + " root.querySelector('.cp-undo').click();",
    )  # fmt: skip
    assert sent == [[[1, "claim", "JC JH"]], [[2, "undo", ""]]]


def _lit_after(tab: Any, data: dict[str, Any], script: str) -> Any:
    """Run ``script`` on a mounted picker of ``data`` (``view``, ``root`` in scope); the ids
    of the cards lit at the end."""
    return tab.evaluate(
        "async ([data, script]) => {"
        " const frame = () => new Promise((r) => setTimeout(r, 10));"
        " let view = window.mount(data); let root = view.host.firstChild;"
        f" {script}"
        " await frame();"
        " root = view.host.firstChild;"
        " return [...root.querySelectorAll('.cp-card.on')].map((b) => b.dataset.id);"
        "}",
        [json.loads(json.dumps(data)), script],
    )


def test_cards_chosen_for_a_throw_stay_chosen_after_a_fresh_mount(blank: Any) -> None:
    """Two cards chosen for the crib (nothing sent yet: the throw goes with its button)
    are still chosen when Streamlit mounts the cards afresh for the same question."""
    data = picker_data("throw-1", PickMode.PICK, HAND, need=2, confirm="To crib")
    lit = _lit_after(
        blank,
        data,
        _click(1) + _click(3) + " await frame(); view.cleanup(); view = window.mount(data);",
    )
    assert lit == ["TC", "QC"]


def test_a_deck_mounted_afresh_shows_the_taps_python_has_not_read(blank: Any) -> None:
    """The deck's taps on their way to Python survive a fresh mount whose data still has
    Python's hand from before them (the lost-taps race: five taps, none lit); once Python
    has read every tap, its hand is the one shown."""
    deck = parse_cards("AS 2S 3S 4S 5S 6S")
    data = picker_data("grid-1", PickMode.GRID, deck)
    before = {**data, "chosen": [], "starter": None, "seen": 0}
    lit = _lit_after(
        blank,
        data,
        _click(0) + _click(2) + _click(4) + " await frame();"
        f" view.cleanup(); view = window.mount({json.dumps(before)});",
    )
    assert lit == ["AS", "3S", "5S"]
    data = picker_data("grid-2", PickMode.GRID, deck)
    read = {**data, "chosen": ["AS", "3S"], "starter": None, "seen": 3}  # Python refused one
    lit = _lit_after(
        blank,
        data,
        _click(0) + _click(2) + _click(4) + f" await frame(); view.update({json.dumps(read)});",
    )
    assert lit == ["AS", "3S"]


def _sent_after_keys(tab: Any, steps: list[str]) -> Any:
    """Mount a claim picker with the keyboard on its first card, then take ``steps``: a key
    to press (``key:1``), or a step of Streamlit's (``remove``: the view leaves the page,
    ``cleanup``: its cleanup runs, ``mount``: the same question mounted afresh); the
    actions sent to Python at the end."""
    data = json.loads(json.dumps(picker_data("keys-1", PickMode.CLAIM, HAND, seen=0)))
    tab.evaluate("(data) => { window.view = window.mount(data); window.data = data; }", data)
    for step in steps:
        if step.startswith("key:"):
            tab.keyboard.press(step[4:])
        elif step == "remove":
            tab.evaluate("() => window.view.host.remove()")
        elif step == "cleanup":
            tab.evaluate("() => window.view.cleanup()")
        else:
            tab.evaluate("() => { window.view = window.mount(window.data); }")
    return tab.evaluate(
        "async () => { await new Promise((r) => setTimeout(r, 20));"
        " return (window.sent.at(-1) || [null, []])[1]"
        ".map((e) => [e.seq, e.do, e.kind || '', (e.cards || []).join(' ')]); }"
    )


def test_keys_typed_while_the_cards_are_mounted_afresh_are_not_lost(blank: Any) -> None:
    """Streamlit can mount the cards afresh between two keys of a count typed at speed: the
    focused card leaves the page, and keys go to the page's body until the new view is
    drawn. They wait for it and are played there, in order (the kind chosen in between,
    then Enter: the claim goes with its kind)."""
    sent = _sent_after_keys(
        blank,
        ["key:1", "key:2", "remove", "key:f", "cleanup", "key:3", "mount", "key:Enter"],
    )
    assert sent == [[1, "claim", "fifteen", "5C TC JC"]]
    focused = blank.evaluate("() => document.activeElement.dataset.id")
    assert focused == "JC"  # the keyboard is back on the card it was on


def test_keys_typed_after_the_person_tapped_elsewhere_are_not_taken(blank: Any) -> None:
    """Only keys typed while the cards are being mounted afresh wait for them: once the
    person has tapped elsewhere on the page, a digit is theirs, not a card's."""
    sent = _sent_after_keys(
        blank,
        ["key:1", "key:f", "remove", "cleanup", "mount", "key:Enter"],
    )
    assert sent == [[1, "claim", "fifteen", "5C"]]
    blank.mouse.click(5, 5)  # the page's body, away from the cards
    lit = blank.evaluate("() => window.view.host.querySelectorAll('.cp-card.on').length")
    blank.keyboard.press("2")
    assert blank.evaluate("() => window.view.host.querySelectorAll('.cp-card.on').length") == lit

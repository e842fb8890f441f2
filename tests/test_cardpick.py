"""The tappable cards' Python half: what the browser sends is read once, in order, and
checked; what the browser is given; the component in a page (AppTest)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from trainer.engine import DECK, parse_cards
from trainer.training.grading import ClaimKind
from trainer.ui.cardpick import LOG_LIMIT, PickMode, Slot, picker_data, read_log

HAND = parse_cards("5H 6D 7S 8C 9H")


def test_new_events_are_read_once_in_order() -> None:
    log = [
        {"seq": 1, "do": "claim", "kind": "run", "cards": ["5H", "6D", "7S"]},
        {"seq": 2, "do": "undo"},
        {"seq": 3, "do": "claim", "kind": "fifteen", "cards": ["6D", "9H"]},
        {"seq": 4, "do": "done"},
    ]
    reading = read_log({"log": log}, HAND, PickMode.CLAIM, after=0)
    assert [event.seq for event in reading.events] == [1, 2, 3, 4]
    assert [event.action for event in reading.events] == ["claim", "undo", "claim", "done"]
    assert reading.events[2].cards == parse_cards("6D 9H") and reading.events[2].kind == "fifteen"
    assert reading.problems == () and reading.last_seq == 4
    later = read_log({"log": log}, HAND, PickMode.CLAIM, after=2)
    assert [event.seq for event in later.events] == [3, 4]
    assert read_log({"log": log}, HAND, PickMode.CLAIM, after=4).events == ()


@pytest.mark.parametrize(
    ("event", "problem"),
    [
        ({"do": "claim", "kind": "pair", "cards": ["KS"]}, "the card 'KS', which is not on offer"),
        ({"do": "claim", "kind": "pair", "cards": ["5H", "5H"]}, "the 5♥ chosen twice"),
        ({"do": "claim", "kind": "sixteen", "cards": ["5H"]}, "'sixteen', which is not a kind"),
        ({"do": "lay", "cards": ["5H"]}, "an action 'lay' that this hand does not offer"),
        ({"do": "claim", "kind": "run", "cards": "5H 6D"}, "is not a list of this hand's cards"),
        ({"do": "claim", "kind": "run", "cards": [5]}, "the card '5', which is not on offer"),
    ],
)
def test_a_bad_event_is_left_out_and_named(event: dict[str, object], problem: str) -> None:
    reading = read_log([{"seq": 1, **event}], HAND, PickMode.CLAIM, after=0)
    assert reading.events == ()
    (said,) = reading.problems
    assert problem in said and reading.last_seq == 1


@pytest.mark.parametrize("raw", [None, {}, {"log": None}])
def test_nothing_sent_yet(raw: object) -> None:
    assert read_log(raw, HAND, PickMode.CLAIM, after=3) == read_log(
        [], HAND, PickMode.CLAIM, after=3
    )
    assert read_log(raw, HAND, PickMode.CLAIM, after=3).last_seq == 3


@pytest.mark.parametrize("raw", ["log", 7, {"log": {"seq": 1}}, [None, "x", {"seq": "1"}]])
def test_anything_else_from_the_browser_is_refused_without_a_traceback(raw: object) -> None:
    reading = read_log(raw, HAND, PickMode.CLAIM, after=0)
    assert reading.events == () and reading.problems


def test_events_out_of_order_are_ignored() -> None:
    log = [{"seq": 2, "do": "done"}, {"seq": 1, "do": "undo"}]
    reading = read_log(log, HAND, PickMode.CLAIM, after=0)
    assert [event.seq for event in reading.events] == [2]
    assert reading.problems == ("An action from the browser was out of order and was ignored.",)


def test_a_huge_log_is_cut_at_the_limit() -> None:
    log = [{"seq": n, "do": "undo"} for n in range(1, LOG_LIMIT + 50)]
    reading = read_log(log, HAND, PickMode.CLAIM, after=0)
    assert len(reading.events) == LOG_LIMIT
    assert reading.problems == (f"Only the first {LOG_LIMIT} actions were read.",)


def test_lay_and_pick_and_the_greyed_card() -> None:
    slots = [Slot(HAND[0]), Slot(HAND[1], off="it would make the count 36")]
    lay = read_log([{"seq": 1, "do": "lay", "cards": ["5H"]}], slots, PickMode.LAY, after=0)
    assert lay.events[0].cards == (HAND[0],)
    refused = read_log([{"seq": 1, "do": "lay", "cards": ["6D"]}], slots, PickMode.LAY, after=0)
    assert refused.events == ()
    assert "cannot be chosen: it would make the count 36" in refused.problems[0]
    two = read_log([{"seq": 1, "do": "lay", "cards": ["5H", "6D"]}], HAND, PickMode.LAY, after=0)
    assert two.events == () and "more or less than one card" in two.problems[0]
    pick = read_log([{"seq": 1, "do": "pick", "cards": ["5H", "9H"]}], HAND, PickMode.PICK, after=0)
    assert pick.events[0].cards == parse_cards("5H 9H")


def test_a_grid_choice_is_up_to_four_cards_and_a_starter() -> None:
    four = ["5H", "5D", "5C", "JS"]
    good = {"seq": 1, "do": "choose", "cards": four, "starter": "5S"}
    (event,) = read_log([good], DECK, PickMode.GRID, after=0).events
    assert event.cards == parse_cards("5H 5D 5C JS") and event.starter == parse_cards("5S")[0]
    (partial,) = read_log(
        [{**good, "cards": ["5H"], "starter": None}], DECK, PickMode.GRID, after=0
    ).events
    assert partial.cards == parse_cards("5H") and partial.starter is None
    for bad in (
        {**good, "starter": "5H"},
        {**good, "starter": "ZZ"},
        {**good, "cards": [*four, "6H"]},
    ):
        reading = read_log([bad], DECK, PickMode.GRID, after=0)
        assert (
            reading.events == ()
            and "up to four cards and a different starter" in reading.problems[0]
        )


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="'deal' is not a card picker mode"):
        read_log([], HAND, "deal", after=0)  # type: ignore[arg-type]


def test_what_the_browser_is_given() -> None:
    data = picker_data(
        "q",
        PickMode.CLAIM,
        [*HAND[:4], Slot(HAND[4], tag="starter")],
        claims=["run: 5♥ 6♦ 7♠"],
        total=3,
        seen=1,
    )
    assert [card["id"] for card in data["cards"]] == ["5H", "6D", "7S", "8C", "9H"]
    assert data["cards"][4]["tag"] == "starter" and data["cards"][0]["label"] == "5♥"
    assert all(card["svg"].startswith("<svg") for card in data["cards"])
    assert [kind[0] for kind in data["kinds"]] == list(ClaimKind)
    assert len({kind[2] for kind in data["kinds"]}) == len(ClaimKind)  # one key each
    fifteens = picker_data("q", PickMode.CLAIM, HAND, kinds=[ClaimKind.FIFTEEN])
    assert fifteens["kinds"] == [["fifteen", "Fifteen", "f"]]
    assert data["claims"] == ["run: 5♥ 6♦ 7♠"] and data["total"] == 3 and data["seen"] == 1
    json.dumps(data)  # plain JSON
    grid = picker_data("g", PickMode.GRID, DECK, chosen=HAND[:4], starter=HAND[4], focus=False)
    assert len(grid["cards"]) == 52 and grid["chosen"] == ["5H", "6D", "7S", "8C"]
    assert grid["starter"] == "9H" and grid["focus"] is False


PAGE = """
from trainer.ui.cardpick import CardPicker, PickMode
from trainer.engine import parse_cards

hand = parse_cards("5H 6D 7S 8C 9H JH")
throw = CardPicker("throw", PickMode.PICK, hand)
for event in throw.take():
    throw.reply("To the crib: " + " ".join(card.label for card in event.cards), "ok")
throw.show(need=2, confirm="To crib")
lay = CardPicker("lay", PickMode.LAY, hand)
for event in lay.take():
    lay.reply("Laid " + event.cards[0].label, "ok")
lay.show()
"""


def test_two_pickers_on_a_page(tmp_path: Path) -> None:
    script = tmp_path / "page.py"
    script.write_text(PAGE)
    at = AppTest.from_file(str(script), default_timeout=30)
    at.run()
    assert not at.exception
    throw, lay = at.get("bidi_component")
    assert (throw.key, lay.key) == ("throw", "lay")
    assert json.loads(throw.proto.json)["confirm"] == "To crib"
    at.session_state["throw"] = {"log": [{"seq": 1, "do": "pick", "cards": ["5H", "JH"]}]}
    at.session_state["lay"] = {"log": [{"seq": 1, "do": "lay", "cards": ["9H"]}]}
    at.run()
    assert not at.exception
    throw, lay = at.get("bidi_component")
    assert json.loads(throw.proto.json)["message"] == "To the crib: 5♥ J♥"
    assert json.loads(lay.proto.json)["message"] == "Laid 9♥"
    at.run()  # the same log again: nothing is acted on twice
    assert json.loads(lay.proto.json)["seen"] == 1


def test_the_component_is_registered_once_not_on_every_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import streamlit.components.v2 as v2

    calls: list[str] = []
    real = v2.component

    def counted(name: str, **kw: Any) -> Any:
        calls.append(name)
        return real(name, **kw)

    monkeypatch.setattr(v2, "component", counted)
    script = tmp_path / "page.py"
    script.write_text(PAGE)
    at = AppTest.from_file(str(script), default_timeout=30)
    for _ in range(3):
        at.run()
        assert not at.exception
    assert calls == []  # the page runs reuse the one made when trainer.ui.cardpick was imported
    assert len(at.get("bidi_component")) == 2


def test_each_card_has_a_spoken_name_for_screen_readers() -> None:
    from trainer.engine import parse_cards
    from trainer.ui.cardpick import JS, picker_data

    data = picker_data("t", PickMode.PICK, parse_cards("AH 10S"), need=2)
    assert [(c["label"], c["name"]) for c in data["cards"]] == [
        ("A♥", "ace of hearts"),
        ("10♠", "ten of spades"),
    ]
    assert '"aria-label", (card.name || card.label)' in JS

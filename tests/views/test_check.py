"""Page tests (AppTest) for the app shell, Home and Check a hand."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.apptest import html_of, metrics

REPO = Path(__file__).resolve().parents[2]
APP = str(REPO / "trainer" / "app.py")
CHECK = str(REPO / "trainer" / "ui" / "views" / "check.py")


def check_page() -> AppTest:
    at = AppTest.from_file(CHECK, default_timeout=30)
    at.run()
    assert not at.exception
    return at


def test_app_opens_on_home_without_errors() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    assert not at.exception
    assert at.title[0].value == "Cribbage trainer"
    assert any("Where to start" in h.value for h in at.subheader)


def test_every_page_of_the_app_runs() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    for page in (
        "ui/views/check.py",
        "ui/views/learn.py",
        "ui/views/practice.py",
        "ui/views/progress.py",
    ):
        at.switch_page(page)
        at.run()
        assert not at.exception, page


def test_check_page_counts_the_default_hand() -> None:
    at = check_page()
    assert metrics(at)[0].value == "29"
    assert any("twenty-nine" in m.value for m in at.markdown)
    assert any("Only 4 of the 12,994,800" in c.value for c in at.caption)


def test_typed_hand_is_counted_with_every_combination() -> None:
    at = check_page()
    at.text_input(key="check_hand").set_value("3c 3d 4s 4h")
    at.text_input(key="check_starter").set_value("5♣")
    at.button(key="check_submit").click()
    at.run()
    assert metrics(at)[0].value == "20"
    (block,) = [m for m in html_of(at) if "<h5" in m]  # one element for them all
    said = re.findall(r"<h5[^>]*>“([^”]*)”", block)
    assert said == ["fifteen two", "fifteen four", "a double-double run of three is twenty"]
    assert block.count("<strong>run of three") == 4


def test_crib_toggle_applies_the_crib_flush_rule() -> None:
    at = check_page()
    # 6+9 and 2+4+9 make two fifteens; four hearts make a flush in the hand only.
    at.text_input(key="check_hand").set_value("2H 4H 6H 9H")
    at.text_input(key="check_starter").set_value("KS")
    at.button(key="check_submit").click()
    at.run()
    assert metrics(at)[0].value == "8"
    at.toggle(key="check_crib").set_value(True)
    at.run()
    assert metrics(at)[0].value == "4"


def test_bad_card_shows_an_inline_message_naming_box_and_token() -> None:
    at = check_page()
    at.text_input(key="check_hand").set_value("5H 5D 5X JS")
    at.button(key="check_submit").click()
    at.run()
    assert not at.exception
    assert len(metrics(at)) == 0
    assert at.error[0].value.startswith("**Hand:** '5X' is not a card")


def _grid(at: AppTest) -> tuple[str, dict[str, Any]]:
    (picker,) = at.get("bidi_component")
    return str(picker.key), json.loads(picker.proto.json)


def test_picking_cards_on_the_grid_counts_them() -> None:
    at = check_page()
    at.radio(key="check_mode").set_value("Pick them")
    at.run()
    assert not at.get("multiselect") and not at.get("selectbox")  # no 52-item lists
    key, data = _grid(at)
    cards = data["cards"]
    assert len(cards) == 52
    rows = ["".join(card["id"][-1] for card in cards[n : n + 13]) for n in range(0, 52, 13)]
    assert rows == ["S" * 13, "H" * 13, "D" * 13, "C" * 13]  # four rows, one a suit
    assert [card["id"] for card in cards[:3]] == ["AS", "2S", "3S"]
    assert data["chosen"] == [] and data["starter"] is None  # a new hand needs no Clear
    assert at.info[0].value.startswith("Choose four cards") and not metrics(at)
    assert data["reveal"] == ".st-key-check_total"  # the total, scrolled to when it is drawn
    log: list[dict[str, object]] = [
        {"seq": 1, "do": "choose", "cards": ["4S", "5H"], "starter": None}
    ]
    at.session_state[key] = {"log": log}
    at.run()
    assert at.info[0].value.startswith("Choose four cards") and not metrics(at)
    assert _grid(at)[1]["chosen"] == ["4S", "5H"]  # a hand in the making, drawn again lit
    log.append({"seq": 2, "do": "choose", "cards": ["4S", "5H", "6D", "JC"], "starter": "5C"})
    at.session_state[key] = {"log": log}
    at.run()
    assert not at.exception and not at.error
    # 4-5-6 twice (two fives): 2 runs of 3 + pair + fifteens 4+5+6 (x2), 5+J (x2); no nobs
    assert metrics(at)[0].value == "17"
    at.radio(key="check_mode").set_value("Type them")
    at.run()
    assert at.text_input(key="check_hand").value == "4S 5H 6D JC"
    assert at.text_input(key="check_starter").value == "5C"


def test_the_starter_box_takes_a_card_however_it_is_typed() -> None:
    at = check_page()
    at.text_input(key="check_hand").set_value("2H 4H 6H 9H")
    at.text_input(key="check_starter").set_value(" 10♥\ufe0f ")
    at.button(key="check_submit").click()
    at.run()
    assert not at.error, at.error
    assert metrics(at)[0].value == "9"  # two fifteens and the five-card flush


def test_a_rare_total_is_never_shown_as_zero_percent() -> None:
    at = check_page()
    at.text_input(key="check_hand").set_value("AS 7S 7H 7D")
    at.text_input(key="check_starter").set_value("8S")
    at.button(key="check_submit").click()
    at.run()
    assert metrics(at)[0].value == "18"
    (caption,) = [c.value for c in at.caption if c.value.startswith("Beats")]
    assert caption.endswith("under 0.1% score exactly 18.") and "0.0%" not in caption


def test_random_hand_button_deals_a_countable_hand() -> None:
    at = check_page()
    at.button(key="check_random").click()
    at.run()
    assert not at.error
    hand = at.text_input(key="check_hand").value
    assert hand is not None and len(hand.split()) == 4
    assert metrics(at)[0].value.isdigit()


def test_standing_is_rounded_down_never_up() -> None:
    # 29,028 of the 12,994,800 hands score 17 or more: 17 beats 99.77%, shown as 99.7%.
    at = check_page()
    at.text_input(key="check_hand").set_value("4S 5H 6D JC")
    at.text_input(key="check_starter").set_value("5C")
    at.button(key="check_submit").click()
    at.run()
    assert metrics(at)[0].value == "17"
    assert any(c.value.startswith("Beats 99.7% of all possible hands") for c in at.caption)


def test_the_grid_starts_from_cards_the_person_dealt_or_typed() -> None:
    at = check_page()
    at.button(key="check_random").click().run()
    hand = at.text_input(key="check_hand").value
    assert hand is not None
    dealt = hand.split()
    at.radio(key="check_mode").set_value("Pick them").run()
    _, data = _grid(at)
    assert sorted(data["chosen"]) == sorted(dealt)
    assert metrics(at)[0].value.isdigit()


def test_five_cards_typed_in_the_hand_box_are_the_hand_and_the_starter() -> None:
    at = check_page()
    at.text_input(key="check_hand").set_value("3C 3D 4S 4H 5C")
    at.text_input(key="check_starter").set_value("")
    at.button(key="check_submit").click().run()
    assert not at.error, at.error
    assert metrics(at)[0].value == "20"


def test_home_names_play_and_every_page_asks_the_same_question() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    assert not at.exception
    links = [link.proto.label for link in at.get("page_link")]
    assert "Play a game" in links and "Start the lessons" in links
    assert any("Ready for a game?" in m.value for m in at.markdown)
    assert "Who is playing?" in [s.value for s in at.main.subheader]
    # the sidebar asks nothing of its own: it says nobody is chosen (the page asks who)
    assert "Nobody is playing yet." in [m.value for m in at.sidebar.markdown]
    assert not at.sidebar.selectbox and not at.sidebar.text_input

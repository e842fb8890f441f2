"""Card artwork: valid SVG, readable labels, lit and dimmed cards."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from trainer.engine import DECK, parse_cards
from trainer.ui.svg import card_svg, cards_svg, pile_svg, series_svg

NS = "{http://www.w3.org/2000/svg}"


def test_every_card_renders_as_well_formed_svg_with_its_name() -> None:
    svg = cards_svg(DECK)
    root = ET.fromstring(svg)
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert titles == [card.name for card in DECK]
    assert len(list(root.iter(f"{NS}g"))) == 52


def test_starter_is_set_apart_and_labelled() -> None:
    *hand, starter = parse_cards("5H 5D 5C JS 5S")
    root = ET.fromstring(cards_svg(hand, starter=starter))
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "starter" in texts
    assert root.get("aria-label") == (
        "Cards: five of hearts, five of diamonds, five of clubs, jack of spades; "
        "starter five of spades"
    )


def test_highlight_lights_some_cards_and_dims_the_rest() -> None:
    cards = parse_cards("5H JS KD")
    root = ET.fromstring(cards_svg(cards, highlight=parse_cards("5H JS")))
    groups = list(root.iter(f"{NS}g"))
    dimmed = [g.get("opacity") for g in groups]
    assert dimmed == [None, None, "0.45"]
    strokes = [g.find(f"{NS}rect").get("stroke") for g in groups]  # type: ignore[union-attr]
    assert strokes[0] == strokes[1] != strokes[2]


def test_red_and_black_suits_and_ten_label() -> None:
    svg = cards_svg(parse_cards("TH TS"))
    assert svg.count("#c0392b") >= 3 and svg.count("#1d1d1f") >= 3
    assert ">10<" in svg


def test_pile_renders_in_order() -> None:
    root = ET.fromstring(pile_svg(parse_cards("7S 7C 7H")))
    assert [t.text for t in root.iter(f"{NS}title")] == [
        "seven of spades",
        "seven of clubs",
        "seven of hearts",
    ]


def test_one_card_alone_and_a_series_with_a_go() -> None:
    one = card_svg(parse_cards("QD")[0])
    assert one.startswith("<svg") and one.count("<g ") == 1 and "queen of diamonds" in one
    ten, five = parse_cards("10H 5S")
    series = series_svg([(ten, "You", 10), (five, "Opponent", 15), (None, "You", 15)])
    assert series.count("<g ") == 2 and series.count(">go</text>") == 1
    assert ">Opponent</text>" in series and ">count 15</text>" in series
    assert 'aria-label="The series in order: You: 10♥, count 10; Opponent: 5♠, count 15' in series

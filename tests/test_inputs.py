"""Reading answer boxes: every refusal names the box and what was wrong."""

from __future__ import annotations

import pytest

from trainer.engine import parse_cards
from trainer.training.inputs import InputProblem, read_cards, read_hand, read_points


def test_read_hand_accepts_any_notation() -> None:
    hand, starter = read_hand("5h, 10♦ js ah", "tc")
    assert hand == parse_cards("5H TD JS AH")
    assert starter == parse_cards("TC")[0]


def test_five_cards_in_the_hand_box_are_the_hand_and_the_starter() -> None:
    hand, starter = read_hand("3c 3d 4s 4h 5c", "")
    assert hand == parse_cards("3C 3D 4S 4H") and starter == parse_cards("5C")[0]
    assert read_hand("3c 3d 4s 4h 5c", "  ") == (hand, starter)


@pytest.mark.parametrize(
    ("hand", "starter", "box", "fragment"),
    [
        ("", "5S", "Hand", "empty"),
        ("5H 5D 5X JS", "5S", "Hand", "'5X' is not a card"),
        ("5H 5D JS", "5S", "Hand", "needs 4 cards; you typed 3"),
        ("5H 5D 5H JS", "5S", "Hand", "5♥ appears twice"),
        ("5H 5D 5C JS", "", "Starter", "empty"),
        ("5H 5D 5C JS", "5S 6S", "Starter", "needs one card; you typed 2"),
        ("5H 5D 5C JS", "JS", "Starter", "already in the hand"),
        ("5H 5D 5C JS 5S", "6S", "Hand", "needs 4 cards; you typed 5"),  # the starter twice
        ("5H 5D 5C JS 5S 6S", "", "Hand", "or all 5 with the starter last; you typed 6"),
        ("5H 5D 5C JS 5H", "", "Hand", "5♥ appears twice"),
    ],
)
def test_read_hand_problems_name_the_box(hand: str, starter: str, box: str, fragment: str) -> None:
    with pytest.raises(InputProblem) as caught:
        read_hand(hand, starter)
    assert caught.value.box == box
    assert fragment in caught.value.message


@pytest.mark.parametrize(
    ("text", "expected"),
    [("12", 12), (" 0 ", 0), ("29", 29), (7, 7), (7.0, 7), ("04", 4), ("\t5 ", 5)],
)
def test_read_points_accepts_whole_numbers(text: str | int | float, expected: int) -> None:
    assert read_points(text, box="Your count") == expected


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        (None, "empty"),
        ("abc", "not a number"),
        ("nan", "not a number"),
        ("inf", "not a number"),
        ("-2", "below zero"),
        ("3.5", "not a whole number"),
        ("30", "at most 29"),
        ("1e9", "not a number"),
        ("1e1", "not a number"),
        ("1_0", "not a number"),
        ("٣", "not a number"),
        ("１２", "not a number"),
        ("+3", "not a number"),
        ("0x1A", "not a number"),
        ("4.0", "without the decimal point"),
        ("9" * 150, "at most 29"),
        ("-0.5", "below zero"),
    ],
)
def test_read_points_refuses_with_the_box_named(text: str | None, fragment: str) -> None:
    with pytest.raises(InputProblem) as caught:
        read_points(text, box="Your count")
    assert caught.value.box == "Your count"
    assert fragment in caught.value.message
    assert str(caught.value).startswith("Your count: ")


def test_read_cards_count_is_optional() -> None:
    assert len(read_cards("AS 2S 3S", box="Pile")) == 3


def test_a_huge_answer_is_refused_without_being_echoed() -> None:
    huge = "5" * 1_000_000
    for read in (
        lambda: read_points(huge, box="Your count"),
        lambda: read_cards(huge, box="Hand"),
        lambda: read_hand("5H 5D 5C JS", huge),
    ):
        with pytest.raises(InputProblem) as caught:
            read()
        assert "1,000,000 characters long" in caught.value.message
        assert len(str(caught.value)) < 200


def test_a_long_card_token_is_quoted_short() -> None:
    with pytest.raises(InputProblem) as caught:
        read_cards("5H " + "x" * 150, box="Hand")
    assert len(caught.value.message) < 150 and "…" in caught.value.message

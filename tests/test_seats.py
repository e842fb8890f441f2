"""The seats' names, defined once: every page and sentence reads them from trainer.training.seats."""

from __future__ import annotations

from trainer.engine.vocab import SEATS
from trainer.training.seats import (
    COMPUTER,
    DRILL_NAMES,
    DRILL_SHORT_NAMES,
    ME,
    SEAT_NAMES,
    SHORT_NAMES,
)
from trainer.training.table import in_our_words


def test_the_person_and_the_computer_hold_the_two_seats() -> None:
    assert (ME, COMPUTER) == SEATS
    assert set(SEAT_NAMES) == set(SHORT_NAMES) == set(SEATS)
    assert len(DRILL_NAMES) == len(DRILL_SHORT_NAMES) == len(SEATS)


def test_the_names_are_what_the_pages_say() -> None:
    assert SEAT_NAMES == {ME: "You", COMPUTER: "The computer"}
    assert SHORT_NAMES == {ME: "You", COMPUTER: "Computer"}
    assert DRILL_NAMES == ("You", "Your opponent")
    assert DRILL_SHORT_NAMES == ("You", "Opponent")


def test_the_engine_messages_use_the_same_names() -> None:
    assert in_our_words("it is player 2's turn, not player 1's") == (
        "it is the computer's turn, not yours"
    )
    assert in_our_words("player 2 has already cut") == "the computer has already cut"

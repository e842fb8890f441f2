"""The seats' names, defined once: every page and sentence reads them from trainer.training.seats."""

from __future__ import annotations

import pytest

from trainer.engine.vocab import SEATS
from trainer.training.seats import (
    COMPUTER,
    DRILL_NAMES,
    DRILL_SHORT_NAMES,
    ME,
    PARTNER,
    SEAT_NAMES,
    SHORT_NAMES,
    SeatNames,
    player_names,
)
from trainer.training.table import in_our_words


def test_the_person_and_the_computer_hold_the_two_seats() -> None:
    """Pinned: a saved game's record names seats by number, the person's 0 and the
    computer's 1, so these numbers are a stored notation (a change is a migration)."""
    assert (ME, COMPUTER) == SEATS == (0, 1)
    assert set(SEAT_NAMES) == set(SHORT_NAMES) == set(SEATS)
    assert len(DRILL_NAMES) == len(DRILL_SHORT_NAMES) == len(SEATS)


def test_a_table_of_two_and_a_drill_say_one_name_for_each_seat() -> None:
    """Between two, the table's names are those of :class:`SeatNames` (the board's short
    ones too), and a drill's those of :func:`player_names`: one name for a seat, however a
    page reaches it."""
    two = SeatNames(2)
    assert {seat: two.who(seat) for seat in SEATS} == SEAT_NAMES
    assert {seat: two.short(seat) for seat in SEATS} == SHORT_NAMES
    assert player_names(2) == tuple(name.lower() for name in DRILL_NAMES)
    assert player_names(2, short=True) == DRILL_SHORT_NAMES
    assert SEAT_NAMES[ME] == DRILL_NAMES[ME] == "You"  # the person is "you" everywhere
    assert SEAT_NAMES[COMPUTER] != DRILL_NAMES[COMPUTER]  # a drill's opponent is no computer


def test_the_engine_messages_use_the_same_names() -> None:
    assert in_our_words("it is player 2's turn, not player 1's") == (
        "it is the computer's turn, not yours"
    )
    assert in_our_words("player 2 has already cut") == "the computer has already cut"


def test_each_seat_has_one_name_in_plain_words() -> None:
    assert [SeatNames(2).who(s) for s in (0, 1)] == ["You", "The computer"]
    three = SeatNames(3)
    assert [three.who(s) for s in three.seats] == [
        "You",
        "The computer on your left",
        "The computer on your right",
    ]
    four = SeatNames(4)
    assert four.who(PARTNER) == "Your partner" and four.partner == PARTNER
    assert four.computers == (1, 2, 3)
    assert four.board_names == ("Us", "Them")
    assert four.side_said(0) == "You and your partner"
    assert four.does(ME, "lay") == "You lay" and four.does(3, "lay").endswith("right lays")
    with pytest.raises(ValueError, match="two, three or four"):
        SeatNames(5)


def test_a_drill_names_the_players_round_the_table() -> None:
    assert player_names(2) == ("you", "your opponent")
    assert player_names(4) == (
        "you",
        "the opponent on your left",
        "your partner",
        "the opponent on your right",
    )
    assert player_names(3, short=True) == ("You", "Left", "Right")
    with pytest.raises(ValueError, match="two, three or four"):
        player_names(5)

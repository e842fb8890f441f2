"""One series of the play replayed from the cards laid (trainer.engine.series): the
pegging guide's worked examples, and the refusals a lesson author sees."""

from __future__ import annotations

import pytest

from trainer.engine import Kind, Role, parse_cards
from trainer.engine.series import SERIES_ORDER, SeriesError, replay_series, replay_table


def test_the_pone_leads() -> None:
    assert SERIES_ORDER == (Role.PONE, Role.DEALER)


def test_the_worked_play_with_a_go() -> None:
    """The guide's second worked example: the dealer pegs the first go, the last card too."""
    pone, dealer = parse_cards("8C 6H 9S JD"), parse_cards("7D 5S TC QH")
    first = replay_series(pone, dealer, parse_cards("8C 7D 6H 5S"))
    assert (first.scorer, first.closing.kind) == (Role.DEALER, Kind.GO)
    assert first.points == 4 + 1  # the 5♠ makes a run of four, then the go
    assert first.next_leader is Role.PONE
    assert first.held == (parse_cards("9S JD"), parse_cards("TC QH"))
    whole = replay_series(pone, dealer, parse_cards("8C 7D 6H 5S 9S TC JD QH"))
    assert (whole.scorer, whole.closing.kind, whole.points) == (Role.DEALER, Kind.LAST_CARD, 1)
    assert whole.play_over and whole.next_leader is None
    assert whole.last_card == parse_cards("QH")[0]


def test_the_worked_play_with_thirty_one() -> None:
    """The guide's first worked example: the king makes 31, no separate go."""
    series = replay_series(
        parse_cards("7S 7H 4C 6D"), parse_cards("7C KD 5S 9H"), parse_cards("7S 7C 7H KD")
    )
    assert (series.scorer, series.closing.kind, series.points) == (Role.DEALER, Kind.THIRTY_ONE, 2)
    assert series.next_leader is Role.PONE
    assert series.events[-1].closing == (1, series.closing)


@pytest.mark.parametrize(
    ("plays", "message"),
    [
        ("", "list the cards laid, in order: at least one"),
        ("TS 8H", "8♥ is the pone's card, but it is the dealer's turn"),
        ("TS 9D 2C", "2♣ is in neither the pone's nor the dealer's hand"),
        ("TS 9D TS", "10♠ is laid twice"),
        ("TS 9D 8H QD", "Q♦ would make the count 37"),
        ("TS 9D", "the series is not over after these plays: the pone can still lay"),
    ],
)
def test_impossible_plays_are_refused_with_the_reason(plays: str, message: str) -> None:
    with pytest.raises(SeriesError, match=message):
        replay_series(
            parse_cards("TS 8H 3C QD"),
            parse_cards("9D 5C KH 7S"),
            [parse_cards(token)[0] for token in plays.split()],  # a card twice, too
        )


def test_a_series_round_a_table_of_three_passes_the_go_to_the_left() -> None:
    """The encyclopedia's play for more than two: every player who can must lay; the
    last to lay pegs the go; the next series starts left of the last card."""
    hands = [parse_cards("KS 9H 4C 2D"), parse_cards("QD 8C 7S 3H"), parse_cards("JC 6D 5H 3S")]
    table = replay_table(hands, parse_cards("KS QD JC"))
    assert (table.scorer, table.closing.kind, table.closing.points) == (2, Kind.GO, 1)
    assert [event.player for event in table.events if event.card is None][:2] == [0, 1]
    assert table.next_leader == 0
    passed = replay_table(
        [parse_cards("5H"), parse_cards("KD 9C"), parse_cards("QS 8D")], parse_cards("5H KD QS")
    )
    assert passed.scorer == 2 and passed.next_leader == 1  # the first has no cards left


def test_a_table_of_four_scores_thirty_one_and_the_last_card() -> None:
    hands = [parse_cards("TS"), parse_cards("JD"), parse_cards("5C"), parse_cards("4H")]
    table = replay_table(hands, parse_cards("TS JD 5C 4H"))
    assert (table.scorer, table.closing.kind) == (3, Kind.LAST_CARD)
    assert table.next_leader is None and table.players == 4
    thirty_one = replay_table(
        [parse_cards("TS 2C"), parse_cards("JD"), parse_cards("KC"), parse_cards("AH 9D")],
        parse_cards("TS JD KC AH"),
    )
    assert (thirty_one.scorer, thirty_one.closing.kind, thirty_one.closing.points) == (
        3,
        Kind.THIRTY_ONE,
        2,
    )


@pytest.mark.parametrize(
    ("hands", "plays", "says"),
    [
        (["KS", "QD", "JC"], "QD", "seat 2's card, but it is seat 1's turn"),
        (["KS", "QD", "JC"], "KS 7H", "in nobody's hand"),
        (["KS 9H", "QD 8C", "JC 6D"], "KS", "not over after these plays"),
        (["KS", "QD"], "KS", "3 or 4 hands"),
        (["TS", "JD", "KC", "AH 9D"], "TS JD KC AH 9D", "the series is over at A♥"),
    ],
)
def test_a_series_that_cannot_be_played_round_the_table_says_why(
    hands: list[str], plays: str, says: str
) -> None:
    with pytest.raises(SeriesError, match=says):
        replay_table([parse_cards(hand) for hand in hands], parse_cards(plays))

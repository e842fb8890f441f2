"""Cards: notation, the lenient parser, its errors, and the pip and rank-order tables."""

from __future__ import annotations

import pytest

from trainer.engine import (
    DECK,
    Card,
    CardNotationError,
    DuplicateCardError,
    Rank,
    Suit,
    format_cards,
    label_cards,
    parse_cards,
)
from trainer.engine.cards import PIP_VALUE, RANK_ORDER, check_distinct


def card(rank: Rank, suit: Suit) -> Card:
    return Card(rank, suit)


FIVE_H = card(Rank.FIVE, Suit.HEARTS)
TEN_D = card(Rank.TEN, Suit.DIAMONDS)
TEN_H = card(Rank.TEN, Suit.HEARTS)
JACK_S = card(Rank.JACK, Suit.SPADES)
ACE_H = card(Rank.ACE, Suit.HEARTS)


# --- parsing ---------------------------------------------------------------------


def test_parse_mixed_notation_from_the_brief() -> None:
    assert parse_cards("5H 10d JS ah") == (FIVE_H, TEN_D, JACK_S, ACE_H)


@pytest.mark.parametrize("token", ["TH", "th", "tH", "Th", "10H", "10h", "10♥", "t♥", "10♡"])
def test_every_way_of_writing_the_ten_of_hearts(token: str) -> None:
    assert parse_cards(token) == (TEN_H,)
    assert Card.parse(token) == TEN_H


@pytest.mark.parametrize(
    ("symbol", "suit"),
    [("♠", Suit.SPADES), ("♥", Suit.HEARTS), ("♦", Suit.DIAMONDS), ("♣", Suit.CLUBS)],
)
def test_suit_symbols(symbol: str, suit: Suit) -> None:
    assert Card.parse("Q" + symbol) == Card(Rank.QUEEN, suit)
    assert Card.parse("a" + symbol) == Card(Rank.ACE, suit)


@pytest.mark.parametrize(
    "text",
    ["5H,10D,JS,AH", "5H, 10D, JS, AH", "5h;10d;js;ah", "  5H\t10D\nJS  AH  ", "5H10DJSAH"],
)
def test_separators_and_cards_written_together(text: str) -> None:
    assert parse_cards(text) == (FIVE_H, TEN_D, JACK_S, ACE_H)


def test_suit_symbols_from_an_emoji_keyboard() -> None:
    assert parse_cards("5\u2665\ufe0f 10\u2660\ufe0f") == (FIVE_H, Card.parse("TS"))


def test_cards_written_together_with_tens_and_symbols() -> None:
    assert parse_cards("5H10D") == (FIVE_H, TEN_D)
    assert parse_cards("10h10d") == (TEN_H, TEN_D)
    assert parse_cards("10♥J♠") == (TEN_H, JACK_S)


def test_parse_accepts_cards_and_strings_mixed_in_an_iterable() -> None:
    assert parse_cards(["5H", TEN_D, "js"]) == (FIVE_H, TEN_D, JACK_S)


def test_empty_text_is_no_cards() -> None:
    assert parse_cards("") == ()
    assert parse_cards(" , ") == ()


@pytest.mark.parametrize(
    ("token", "hint"),
    [
        ("5X", "'X' is not a suit"),
        ("11H", "'11' is not a rank"),
        ("1H", "an ace is written A"),
        ("H", "no rank"),
        ("10", "no suit"),
        ("J", "no suit"),
        ("0H", "'0' is not a rank"),
        ("5H5", "not a suit"),
        ("ZZ", "not a suit"),
    ],
)
def test_bad_tokens_raise_a_notation_error_naming_the_token(token: str, hint: str) -> None:
    with pytest.raises(CardNotationError) as caught:
        Card.parse(token)
    assert caught.value.token == token
    assert repr(token) in str(caught.value)
    assert hint in str(caught.value)
    # The same token inside a longer hand is named too, not the whole text.
    with pytest.raises(CardNotationError) as caught_in_hand:
        parse_cards(f"5S 6S {token} 7S")
    assert caught_in_hand.value.token == token
    assert isinstance(caught_in_hand.value, ValueError)


def test_empty_token_is_a_notation_error() -> None:
    with pytest.raises(CardNotationError) as caught:
        Card.parse("")
    assert caught.value.token == ""
    assert "empty" in str(caught.value)


def test_duplicates_are_refused_naming_the_card() -> None:
    with pytest.raises(DuplicateCardError) as caught:
        parse_cards("5H 6S 5h")
    assert caught.value.card == FIVE_H
    assert caught.value.token == "5H"
    assert "5♥" in str(caught.value)
    assert isinstance(caught.value, ValueError)
    # Different spellings of one card are still the same card.
    with pytest.raises(DuplicateCardError):
        parse_cards("TH 10♥")
    assert parse_cards("5H 5H", allow_duplicates=True) == (FIVE_H, FIVE_H)


def test_check_distinct_names_the_first_repeat() -> None:
    check_distinct(DECK)
    with pytest.raises(DuplicateCardError) as caught:
        check_distinct((*DECK, JACK_S, FIVE_H))
    assert caught.value.card == JACK_S


# --- notation round-trips --------------------------------------------------------------


def test_deck_is_52_distinct_cards_ace_of_spades_first() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert DECK[0] == Card(Rank.ACE, Suit.SPADES)
    assert DECK[-1] == Card(Rank.KING, Suit.CLUBS)
    assert [Card.from_index(i) for i in range(52)] == list(DECK)
    assert [c.index for c in DECK] == list(range(52))


@pytest.mark.parametrize("c", DECK, ids=str)
def test_str_parse_and_repr_round_trip(c: Card) -> None:
    assert Card.parse(str(c)) == c
    assert Card.parse(str(c).lower()) == c
    assert Card.parse(c.label) == c
    assert eval(repr(c), {"Card": Card}) == c
    assert len(str(c)) == 2
    assert str(c) == c.rank.value + c.suit.value


def test_format_cards_round_trips_the_whole_deck() -> None:
    text = format_cards(DECK)
    assert parse_cards(text) == DECK
    assert parse_cards(label_cards(DECK)) == DECK


def test_labels_and_names() -> None:
    assert TEN_H.label == "10♥"
    assert str(TEN_H) == "TH"
    assert TEN_H.name == "ten of hearts"
    assert ACE_H.name == "ace of hearts"
    assert Card.parse("KC").name == "king of clubs"
    assert label_cards(parse_cards("5H 10D JS")) == "5♥ 10♦ J♠"
    assert format_cards(parse_cards("5H 10D JS")) == "5H TD JS"


def test_cards_are_frozen_and_hashable() -> None:
    with pytest.raises(AttributeError):
        FIVE_H.rank = Rank.SIX  # type: ignore[misc]
    assert {Card.parse("5H"), Card(Rank.FIVE, Suit.HEARTS)} == {FIVE_H}


def test_enum_values_are_the_notation_characters() -> None:
    assert [r.value for r in Rank] == list("A23456789TJQK")
    assert [s.value for s in Suit] == list("SHDC")
    assert [s.symbol for s in Suit] == list("♠♥♦♣")
    assert [s.is_red for s in Suit] == [False, True, True, False]


# --- tables -----------------------------------------------------------------------------


def test_pip_values() -> None:
    expected = dict(zip(Rank, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], strict=True))
    assert expected == PIP_VALUE
    for c in DECK:
        assert c.pips == c.rank.pips == expected[c.rank]


def test_rank_order_is_ace_low_king_high() -> None:
    assert [RANK_ORDER[r] for r in Rank] == list(range(1, 14))
    assert Rank.ACE.order == 1
    assert Rank.KING.order == 13
    assert [Rank.from_order(i) for i in range(1, 14)] == list(Rank)
    for c in DECK:
        assert c.order == c.rank.order


def test_no_wrap_around_king_to_ace() -> None:
    # Queen-king-ace is not consecutive in the order table (and scores no run).
    orders = sorted(Card.parse(t).order for t in ("QS", "KS", "AS"))
    assert orders == [1, 12, 13]
    assert orders != list(range(orders[0], orders[0] + 3))


@pytest.mark.parametrize("token", ["5ſ", "Kſ", "ıH", "5\u017f", "10ſ"])
def test_only_real_suit_letters_are_read(token: str) -> None:
    with pytest.raises(CardNotationError):
        Card.parse(token)
    with pytest.raises(CardNotationError):
        parse_cards(f"{token}6H")


def test_the_parse_cache_stays_bounded() -> None:
    Card._parse_cache.clear()
    for n in range(1, 2000):
        card = Card.parse("5♥" + "\ufe0f" * n)
        assert card == Card.parse("5H")
    for token in ("5h", "5H", "5♥", "th", "10♥"):
        Card.parse(token)
    assert len(Card._parse_cache) <= 8

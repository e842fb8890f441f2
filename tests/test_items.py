"""Score items: the frozen record of a combination, how it is described, and count words."""

from __future__ import annotations

import pytest

from trainer.engine import (
    Card,
    Kind,
    ScoreItem,
    explain_items,
    number_word,
    parse_cards,
    score_show,
)
from trainer.engine.items import PLAY_KINDS, SHOW_KINDS

C = Card.parse


@pytest.mark.parametrize(
    ("n", "word"),
    [
        (0, "zero"),
        (1, "one"),
        (2, "two"),
        (12, "twelve"),
        (15, "fifteen"),
        (19, "nineteen"),
        (20, "twenty"),
        (21, "twenty-one"),
        (29, "twenty-nine"),
        (30, "thirty"),
        (31, "thirty-one"),
        (61, "sixty-one"),
        (99, "ninety-nine"),
    ],
)
def test_number_words(n: int, word: str) -> None:
    assert number_word(n) == word


def test_numbers_without_a_word_are_written_as_digits() -> None:
    assert number_word(100) == "100"
    assert number_word(121) == "121"


def test_a_hand_is_counted_in_the_table_s_order() -> None:
    """Fifteens, then pairs, runs, the flush and nobs: the order of ``SHOW_KINDS``, which
    the show's items follow and every count is said in."""
    seen: set[Kind] = set()
    for cards in ("4H 5H 6H 7H 5D", "JD 5H 5C TS 4D"):  # then flush, then nobs
        *hand, starter = parse_cards(cards)
        kinds = [item.kind for item in score_show(hand, starter).items]
        assert kinds == sorted(kinds, key=SHOW_KINDS.index), cards
        seen.update(kinds)
    assert seen == set(SHOW_KINDS)


def test_the_kinds_words_are_a_stored_notation() -> None:
    # pinned: each kind's word is written in every saved game's record ("awards=2:fifteen/…")
    # and every answer's category: a rename here is a migration of the store
    assert SHOW_KINDS == ("fifteen", "pair", "run", "flush", "nobs")
    assert PLAY_KINDS == ("fifteen", "thirty-one", "pair", "run", "go", "last card")


def test_score_item_is_a_frozen_record() -> None:
    item = ScoreItem(Kind.FIFTEEN, parse_cards("5H KS"), 2)
    assert item.kind == "fifteen"
    assert item.cards == (C("5H"), C("KS"))
    assert item.points == 2
    assert item == ("fifteen", (C("5H"), C("KS")), 2)
    with pytest.raises(AttributeError):
        setattr(item, "points", 3)  # noqa: B010
    assert hash(item) == hash(ScoreItem(Kind.FIFTEEN, parse_cards("5H KS"), 2))


@pytest.mark.parametrize(
    ("item", "text"),
    [
        (ScoreItem(Kind.FIFTEEN, parse_cards("5H KS"), 2), "fifteen: 5♥ K♠ (2)"),
        (ScoreItem(Kind.PAIR, parse_cards("7S 7H"), 2), "pair: 7♠ 7♥ (2)"),
        (ScoreItem(Kind.PAIR, parse_cards("7S 7H 7D"), 6), "pair royal: 7♠ 7♥ 7♦ (6)"),
        (
            ScoreItem(Kind.PAIR, parse_cards("7S 7H 7D 7C"), 12),
            "double pair royal: 7♠ 7♥ 7♦ 7♣ (12)",
        ),
        (ScoreItem(Kind.RUN, parse_cards("3H 4D 5S"), 3), "run of three: 3♥ 4♦ 5♠ (3)"),
        (ScoreItem(Kind.RUN, parse_cards("3H 4D 5S 6S 7C"), 5), "run of five: 3♥ 4♦ 5♠ 6♠ 7♣ (5)"),
        (ScoreItem(Kind.FLUSH, parse_cards("2H 4H 6H 8H"), 4), "four-card flush: 2♥ 4♥ 6♥ 8♥ (4)"),
        (
            ScoreItem(Kind.FLUSH, parse_cards("2H 4H 6H 8H TH"), 5),
            "five-card flush: 2♥ 4♥ 6♥ 8♥ 10♥ (5)",
        ),
        (ScoreItem(Kind.NOBS, (C("JS"),), 1), "nobs: J♠ (1)"),
        (ScoreItem(Kind.GO, (C("9H"),), 1), "go: 9♥ (1)"),
        (ScoreItem(Kind.GO, (), 1), "go (1)"),
        (ScoreItem(Kind.LAST_CARD, (C("QH"),), 1), "last card: Q♥ (1)"),
        (ScoreItem(Kind.THIRTY_ONE, parse_cards("KS QS JS AS"), 2), "thirty-one: K♠ Q♠ J♠ A♠ (2)"),
        (ScoreItem(Kind.HIS_HEELS, (C("JD"),), 2), "his heels: J♦ (2)"),
    ],
)
def test_describe(item: ScoreItem, text: str) -> None:
    assert item.describe() == text
    assert str(item) == text


def test_cards_text() -> None:
    item = ScoreItem(Kind.RUN, parse_cards("3H 4D 5S"), 3)
    assert item.cards_text() == "3♥ 4♦ 5♠"
    assert item.cards_text(sep=", ") == "3♥, 4♦, 5♠"


def test_explain_play_items() -> None:
    run = ScoreItem(Kind.RUN, parse_cards("6H 4D 5S"), 3)
    assert explain_items([]) == "no score"
    assert explain_items([run]) == "a run of three, 4-5-6, for 3"
    assert explain_items([ScoreItem(Kind.GO, (C("9H"),), 1)]) == "1 for the go"
    assert explain_items([ScoreItem(Kind.LAST_CARD, (C("9H"),), 1)]) == "1 for last card"
    assert (
        explain_items([ScoreItem(Kind.FIFTEEN, parse_cards("KS 5H"), 2), run])
        == "15 for 2, and a run of three, 4-5-6, for 3"
    )
    assert (
        explain_items(
            [
                ScoreItem(Kind.THIRTY_ONE, parse_cards("KS QS JS AS"), 2),
                ScoreItem(Kind.PAIR, parse_cards("JS JH"), 2),
                ScoreItem(Kind.LAST_CARD, (), 1),
            ]
        )
        == "31 for 2, a pair for 2, and 1 for last card"
    )


def test_explain_never_hides_points() -> None:
    assert explain_items([ScoreItem(Kind.HIS_HEELS, (C("JD"),), 2)]) != "no score"


def test_kinds_are_in_table_order_and_compare_as_their_words() -> None:
    from trainer.engine import PLAY_KINDS, SHOW_KINDS

    assert sorted(SHOW_KINDS, key=lambda kind: kind.order) == list(SHOW_KINDS)
    assert Kind.RUN == "run" and Kind("last card") is Kind.LAST_CARD
    assert all(kind.in_play for kind in PLAY_KINDS) and not Kind.HIS_HEELS.in_play
    assert {kind.category for kind in Kind} >= {"last-card", "thirty-one", "his-heels"}
    assert all(" " not in kind.category for kind in Kind)


def test_engine_items_carry_kind_members() -> None:
    from trainer.engine import Pegging, score_show

    *hand, starter = parse_cards("5H 5D JS 4C 6S")
    assert all(type(item.kind) is Kind for item in score_show(hand, starter).items)
    pegging = Pegging([list(parse_cards("7S 8S")), list(parse_cards("8H 2D"))])
    pegging.lay(parse_cards("7S")[0])
    events = [pegging.lay(card) for card in parse_cards("8H 8S 2D")]
    kinds = [item.kind for event in events for _, item in event.awards]
    assert kinds == [Kind.FIFTEEN, Kind.PAIR, Kind.LAST_CARD]
    assert all(type(kind) is Kind for kind in kinds)

"""Scoring a card as it is laid in the play: fifteen, thirty-one, pairs and runs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.reference import naive_play
from trainer.engine import (
    DECK,
    Card,
    DuplicateCardError,
    Kind,
    OverThirtyOneError,
    PeggingError,
    PlayScore,
    ScoreItem,
    parse_cards,
    score_play,
)

PROPERTY = settings(max_examples=300, derandomize=True, deadline=None)


def play(text: str) -> PlayScore:
    return score_play(parse_cards(text))


def scored(text: str) -> list[tuple[str, int]]:
    return [(item.kind, item.points) for item in play(text).items]


# --- the pegging guide's worked examples ---------------------------------------------


def test_broken_run_worked_example() -> None:
    """The pegging guide's third worked example: 4, 5, 4, 6 pegs 3 for the 6."""
    assert play("4C").total == 0
    assert play("4C 5S").total == 0
    after_second_four = play("4C 5S 4D")
    assert after_second_four.total == 0  # no run, and no pair with the 5 before it
    six = play("4C 5S 4D 6H")
    assert six.count == 19
    assert scored("4C 5S 4D 6H") == [("run", 3)]
    assert six.items[0].cards == parse_cards("5S 4D 6H")
    assert six.explain() == "a run of three, 4-5-6, for 3"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7S 5H 6D", [("run", 3)]),  # the guide: 7, 5, 6 is a run for the 6
        ("7S 5H 6D 8C", [("run", 4)]),  # and the 8 makes it four
        ("7S 5H 6D 4C", [("run", 4)]),  # or a 4
        ("3S 4H KD 5C", []),  # a stranger breaks it
        ("8S 7H 7D 6C", []),  # and so does a duplicate
    ],
)
def test_runs_from_the_guides(text: str, expected: list[tuple[str, int]]) -> None:
    assert scored(text) == expected


# --- fifteen and thirty-one -----------------------------------------------------------------


def test_fifteen_and_thirty_one() -> None:
    assert scored("7S 8H") == [("fifteen", 2)]
    assert scored("KS QS JS AS") == [("thirty-one", 2)]
    fifteen = play("7S 8H")
    assert fifteen.items[0] == ScoreItem(Kind.FIFTEEN, parse_cards("7S 8H"), 2)
    assert fifteen.explain() == "15 for 2"
    assert play("KS QS JS AS").explain() == "31 for 2"


def test_a_thirty_one_that_also_makes_a_run_scores_both() -> None:
    """Regression: the 31 and the run are both scored."""
    assert play("TS 6S 7H 8D").count == 31
    assert scored("TS 6S 7H 8D") == [("thirty-one", 2), ("run", 3)]
    assert play("TS 6S 7H 8D").total == 5
    assert scored("5S 5H 6S 7S 8S") == [("thirty-one", 2), ("run", 4)]


def test_a_thirty_one_that_also_makes_a_pair_scores_both() -> None:
    assert play("9S AH AD KC KH").count == 31
    assert scored("9S AH AD KC KH") == [("thirty-one", 2), ("pair", 2)]
    assert scored("7S 7D 8S 8H AC") == [("thirty-one", 2)]  # the ace pairs nothing


def test_fifteen_with_a_run_and_with_a_pair() -> None:
    assert play("4C 5S 6D").explain() == "15 for 2, and a run of three, 4-5-6, for 3"
    assert scored("AS 7S 7H") == [("fifteen", 2), ("pair", 2)]
    assert scored("5S 5H 5D") == [("fifteen", 2), ("pair", 6)]


# --- pairs -------------------------------------------------------------------------


def test_pair_pair_royal_double_pair_royal() -> None:
    assert scored("9S 9H") == [("pair", 2)]
    assert scored("9S 9H 9D") == [("pair", 6)]
    assert scored("2S 2H 2D 2C") == [("pair", 12)]
    assert scored("7S 7H 7D 7C") == [("pair", 12)]
    royal = play("9S 9H 9D")
    assert royal.items[0].cards == parse_cards("9S 9H 9D")
    assert royal.explain() == "a pair royal for 6"
    assert play("2S 2H 2D 2C").explain() == "a double pair royal for 12"


def test_only_the_latest_cards_of_a_rank_in_a_row_pair() -> None:
    assert scored("2S 2H 3D 2D") == []  # the 3 sits between
    assert scored("3S 2H 2D 2C") == [("pair", 6)]  # only the last three are in a row
    assert scored("2S 3H 2D 2C") == [("pair", 2)]


def test_no_pair_across_a_card_in_between() -> None:
    """Regression: 7, king, 7 is no pair."""
    assert scored("7S KD 7H") == []


def test_pairs_go_by_rank_not_value() -> None:
    assert scored("JS QS") == []
    assert scored("JS JH") == [("pair", 2)]


# --- runs --------------------------------------------------------------------------


def test_two_cards_in_sequence_are_not_a_run() -> None:
    """Regression: no two-card runs."""
    assert scored("5S 6S") == []
    assert scored("2S 3S") == []
    assert scored("KS QH") == []


def test_runs_of_six_and_seven() -> None:
    """Regression: long runs in the play, laid in order and out of order."""
    six = play("AS 2S 3H 4D 5C 6S")
    assert six.count == 21
    assert scored("AS 2S 3H 4D 5C 6S") == [("run", 6)]
    seven = play("AS 2S 3H 4D 5C 6S 7H")
    assert seven.count == 28
    assert scored("AS 2S 3H 4D 5C 6S 7H") == [("run", 7)]
    assert seven.explain() == "a run of seven, A-2-3-4-5-6-7, for 7"
    # Out of order: 4, 2, 3, 5, A, 6, 7 grows a run with every card from the 3 on.
    pile = parse_cards("4S 2S 3H 5D AC 6S 7H")
    runs = [score_play(pile[:n]).items for n in range(1, 8)]
    assert [tuple((i.kind, i.points) for i in r) for r in runs] == [
        (),
        (),
        (("run", 3),),
        (("run", 4),),
        (("fifteen", 2), ("run", 5)),
        (("run", 6),),
        (("run", 7),),
    ]


def test_run_in_any_order_among_the_latest_cards() -> None:
    assert scored("9S JH TD") == [("run", 3)]
    assert scored("AS 9S JH TD") == [("run", 3)]  # the ace is outside, not inside
    assert scored("9S JH AS TD") == []  # the ace is inside: broken


def test_a_duplicate_breaks_a_longer_run() -> None:
    assert scored("3S 4H 5D 4C 6S") == [("run", 3)]  # 5-4-6, not 3-4-5-4-6
    assert scored("3S 4H 5D 5C 6S") == []  # 5-5-6: no run at the end


def test_no_run_wraps_from_king_to_ace() -> None:
    assert scored("QS KH AD") == []
    assert scored("JS QH KD") == [("run", 3)]


def test_the_run_item_holds_the_run_cards() -> None:
    result = play("KS 6H 4D 5C")
    assert result.count == 25
    assert result.items == (ScoreItem(Kind.RUN, parse_cards("6H 4D 5C"), 3),)


# --- refusals -----------------------------------------------------------------------


def test_past_31_is_refused() -> None:
    """Regression: play past 31 is refused, naming the card and the count."""
    with pytest.raises(OverThirtyOneError) as caught:
        play("TS JS QS 2D")
    assert caught.value.card == Card.parse("2D")
    assert caught.value.count == 30
    assert "32" in str(caught.value)
    assert issubclass(OverThirtyOneError, PeggingError)


def test_empty_and_repeated_piles_are_refused() -> None:
    with pytest.raises(PeggingError):
        score_play(())
    with pytest.raises(DuplicateCardError):
        score_play(parse_cards("5S 5S", allow_duplicates=True))


def test_explain_with_nothing() -> None:
    assert play("5S 6S").explain() == "no score"
    assert play("5S").items == ()
    assert play("5S").total == 0


def test_result_keeps_the_pile_and_count() -> None:
    pile = parse_cards("7S 8H 6D")
    result = score_play(list(pile))
    assert result.pile == pile
    assert result.count == 21
    assert result.total == sum(item.points for item in result.items)


# --- properties ------------------------------------------------------------------------


def _legal_prefix(cards: list[Card]) -> list[Card]:
    pile: list[Card] = []
    count = 0
    for c in cards:
        if count + c.pips > 31:
            break
        pile.append(c)
        count += c.pips
    return pile


# Any cards, or cards from a narrow band of ranks so pairs and runs are common.
any_series = st.lists(st.sampled_from(DECK), min_size=1, max_size=12, unique=True)
crowded_series = st.integers(min_value=1, max_value=10).flatmap(
    lambda low: st.lists(
        st.sampled_from([c for c in DECK if low <= c.order < low + 4]),
        min_size=1,
        max_size=12,
        unique=True,
    )
)


@PROPERTY
@given(cards=st.one_of(any_series, crowded_series))
def test_agrees_with_the_naive_scorer_on_random_legal_piles(cards: list[Card]) -> None:
    pile = _legal_prefix(cards)
    for n in range(1, len(pile) + 1):
        result = score_play(pile[:n])
        plain = [(c.order, c.suit.value) for c in pile[:n]]
        assert result.total == naive_play(plain), pile[:n]
        assert result.total == sum(item.points for item in result.items)
        assert result.count == sum(c.pips for c in pile[:n])
        assert result.count <= 31
        for item in result.items:
            assert item.cards == tuple(pile[n - len(item.cards) : n])  # the latest cards
            assert item.kind in ("fifteen", "thirty-one", "pair", "run")
            if item.kind == "run":
                assert item.points == len(item.cards) >= 3
            if item.kind == "pair":
                assert item.points == {2: 2, 3: 6, 4: 12}[len(item.cards)]


@settings(max_examples=100, derandomize=True, deadline=None)
@given(cards=st.lists(st.sampled_from(DECK), min_size=2, max_size=12, unique=True))
def test_anything_past_31_is_refused(cards: list[Card]) -> None:
    pile = _legal_prefix(cards)
    if len(pile) < len(cards):
        with pytest.raises(OverThirtyOneError):
            score_play([*pile, cards[len(pile)]])

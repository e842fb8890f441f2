"""The show: every combination of a hand or crib, its items, the total and the cadence."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reference import Plain, naive_show, naive_show_parts
from trainer.engine import (
    DECK,
    Card,
    DuplicateCardError,
    Kind,
    ScoreItem,
    ShowError,
    ShowScore,
    Suit,
    number_word,
    parse_cards,
    score_show,
)
from trainer.engine.show import pattern_base_points, rank_pattern_items

PROPERTY = settings(
    max_examples=200,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def show(text: str, *, crib: bool = False) -> ShowScore:
    """Count ``"h1 h2 h3 h4 starter"``: the last card is the starter."""
    *hand, starter = parse_cards(text)
    return score_show(hand, starter, crib=crib)


def plain(cards: tuple[Card, ...] | list[Card]) -> list[Plain]:
    return [(c.order, c.suit.value) for c in cards]


def kinds(score: ShowScore) -> Counter[str]:
    return Counter(item.kind for item in score.items)


def card_set(*texts: str) -> frozenset[Card]:
    return frozenset(parse_cards(" ".join(texts)))


# --- the 29 hand and the other famous counts -------------------------------------------


def test_the_29_hand_item_by_item() -> None:
    score = show("5H 5D 5C JS 5S")
    assert score.total == 29
    assert kinds(score) == {"fifteen": 8, "pair": 6, "nobs": 1}
    fives = [Card.parse(t) for t in ("5H", "5D", "5C", "5S")]
    jack = Card.parse("JS")
    fifteens = {frozenset(item.cards) for item in score.by_kind(Kind.FIFTEEN)}
    expected = {frozenset((jack, five)) for five in fives} | {
        frozenset(f for f in fives if f != left_out) for left_out in fives
    }
    assert fifteens == expected
    pairs = {frozenset(item.cards) for item in score.by_kind(Kind.PAIR)}
    assert len(pairs) == 6
    assert all(len(p) == 2 and p <= set(fives) for p in pairs)
    assert score.by_kind(Kind.NOBS) == (ScoreItem(Kind.NOBS, (jack,), 1),)
    assert all(item.points == 2 for item in score.items if item.kind != "nobs")
    assert score.points_by_kind() == {"fifteen": 16, "pair": 12, "run": 0, "flush": 0, "nobs": 1}
    assert score.cadence() == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
        "fifteen fourteen, fifteen sixteen, four of a kind is twenty-eight, "
        "and one for his nobs is twenty-nine"
    )
    # The same hand counted as a crib is still 29: no flush is involved.
    assert show("5H 5D 5C JS 5S", crib=True).total == 29


@pytest.mark.parametrize(
    "text",
    [
        "5H 5D 5C 5S TD",  # four fives and a ten-card starter
        "5H 5D 5C 5S JS",  # four fives and a jack starter: no nobs for a starter jack
        "5H 5D 5C JH 5S",  # the jack is not of the starter's suit
        "5H 5D 5C KS 5S",
    ],
)
def test_28_hands(text: str) -> None:
    score = show(text)
    assert score.total == 28
    assert kinds(score) == {"fifteen": 8, "pair": 6}
    assert score.cadence().endswith("and four of a kind is twenty-eight")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7H 7D 8C 8S 9H", {"fifteen": 4, "pair": 2, "run": 4}),
        ("4H 4D 5C 6S 6H", {"fifteen": 4, "pair": 2, "run": 4}),
        ("3H 3D 3C 3S 9H", {"fifteen": 6, "pair": 6}),
        ("7H 7D 7C 7S AH", {"fifteen": 6, "pair": 6}),
        ("4H 5D 5C 6S 6H", {"fifteen": 4, "pair": 2, "run": 4}),
    ],
)
def test_24_hands(text: str, expected: dict[str, int]) -> None:
    score = show(text)
    assert score.total == 24
    assert kinds(score) == expected
    assert score.total == naive_show(plain(score.hand), plain([score.starter])[0])


def test_24_hand_cadence_names_the_double_double_run() -> None:
    assert show("7H 7D 8C 8S 9H").cadence() == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, "
        "and a double-double run of three is twenty-four"
    )


# --- runs -------------------------------------------------------------------------------


def test_double_run_of_three() -> None:
    score = show("3H 4D 4C 5S 9H")
    assert kinds(score) == {"pair": 1, "run": 2}
    runs = {frozenset(item.cards) for item in score.by_kind(Kind.RUN)}
    assert runs == {card_set("3H 4D 5S"), card_set("3H 4C 5S")}
    assert all(item.points == 3 for item in score.by_kind(Kind.RUN))
    assert score.total == 8
    assert score.cadence() == "a double run of three is eight"


def test_double_run_of_four() -> None:
    score = show("3H 4D 5C 6S 6H")
    assert kinds(score) == {"fifteen": 3, "pair": 1, "run": 2}
    assert [item.points for item in score.by_kind(Kind.RUN)] == [4, 4]
    assert score.total == 16
    assert score.cadence().endswith("and a double run of four is sixteen")


def test_triple_run() -> None:
    score = show("3H 4D 4C 4S 5H")
    assert kinds(score) == {"fifteen": 1, "pair": 3, "run": 3}
    assert score.points_by_kind()[Kind.RUN] == 9
    assert score.total == 17
    assert score.cadence() == "fifteen two, and a triple run of three is seventeen"


def test_double_double_run() -> None:
    score = show("3H 4D 4C 5S 5H")
    assert kinds(score) == {"pair": 2, "run": 4}
    assert score.total == 16
    assert score.cadence() == "a double-double run of three is sixteen"


def test_run_of_five_and_run_of_four() -> None:
    five = show("AH 2D 3C 4S 5H")
    assert [(i.kind, i.points) for i in five.by_kind(Kind.RUN)] == [("run", 5)]
    assert five.total == 7  # and A-2-3-4-5 add up to fifteen
    four = show("9H TD JC QS 2H")
    assert [(i.kind, i.points) for i in four.by_kind(Kind.RUN)] == [("run", 4)]


def test_two_cards_in_sequence_are_not_a_run() -> None:
    score = show("5H 6D 9C KS 2H")
    assert not score.by_kind(Kind.RUN)
    assert score.total == naive_show(plain(score.hand), plain([score.starter])[0])


def test_runs_do_not_wrap_from_king_to_ace() -> None:
    score = show("QH KD AC 7S 3H")
    assert not score.by_kind(Kind.RUN)
    assert show("JH QD KC 7S 3H").points_by_kind()[Kind.RUN] == 3


# --- flush and nobs -----------------------------------------------------------------


def test_four_card_flush_in_the_hand() -> None:
    score = show("2H 4H 6H 8H TS")
    flush = score.by_kind(Kind.FLUSH)
    assert flush == (ScoreItem(Kind.FLUSH, parse_cards("2H 4H 6H 8H"), 4),)
    assert score.total == 4  # all even cards: no fifteen


def test_five_card_flush_in_the_hand_and_the_crib() -> None:
    for crib in (False, True):
        score = show("2H 4H 6H 8H QH", crib=crib)
        flush = score.by_kind(Kind.FLUSH)
        assert len(flush) == 1
        assert flush[0].points == 5
        assert set(flush[0].cards) == card_set("2H 4H 6H 8H QH")


def test_four_card_flush_does_not_count_in_the_crib() -> None:
    """Regression: some engines score a four-card flush in the crib."""
    score = show("2H 4H 6H 8H KS", crib=True)
    assert not score.by_kind(Kind.FLUSH)
    assert score.points_by_kind()[Kind.FLUSH] == 0
    assert show("2H 4H 6H 8H KS").points_by_kind()[Kind.FLUSH] == 4


def test_flush_made_with_the_starter_is_no_flush() -> None:
    """Regression: three hand cards and the starter of one suit are not a flush."""
    for crib in (False, True):
        score = show("2H 4H 6H 8S KH", crib=crib)
        assert not score.by_kind(Kind.FLUSH)


def test_nobs_is_the_jack_of_the_starters_suit_in_the_hand() -> None:
    score = show("JH 2D 6C 8S KH")
    assert score.by_kind(Kind.NOBS) == (ScoreItem(Kind.NOBS, (Card.parse("JH"),), 1),)
    assert not show("JD 2D 6C 8S KH").by_kind(Kind.NOBS)  # jack of another suit
    assert show("JH 2D 6C 8S KH", crib=True).by_kind(Kind.NOBS)  # the crib has nobs too


def test_a_jack_starter_gives_no_nobs() -> None:
    """Regression: some engines give nobs for the starter jack itself."""
    score = show("2H 4D 6C 9S JH")
    assert not score.by_kind(Kind.NOBS)
    # Even with another jack in the hand, only a hand jack of the starter's suit counts.
    assert not show("JD 4D 6C 9S JH").by_kind(Kind.NOBS)


# --- cadence, totals, kinds ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cadence"),
    [
        ("5H 5D KS 2C 9H", "fifteen two, fifteen four, and a pair is six"),
        ("AS 2D 6C 8H KS", "fifteen two"),
        ("3H 4D 5C KS KH", "fifteen two, fifteen four, a pair is six, and a run of three is nine"),
        ("2H 2D 2C 9S KH", "fifteen two, and a pair royal is eight"),
        ("AH AD 2C 9S KH", "a pair is two"),
        (
            "5H 5D TC TS 8D",
            "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, "
            "and a pair is twelve",
        ),
        ("2H 3H 9H QH KD", "fifteen two, fifteen four, and a four-card flush is eight"),
        ("2H 4H 6H 8H TH", "a five-card flush is five"),
        ("JH 2D 6C 8S KH", "one for his nobs is one"),
        ("JH 2D 6C 9S KH", "fifteen two, and one for his nobs is three"),
    ],
)
def test_cadence(text: str, cadence: str) -> None:
    score = show(text)
    assert score.cadence() == cadence
    assert score.cadence().endswith(number_word(score.total))


def test_cadence_of_nothing_says_zero() -> None:
    score = show("2H 4D 6C 8S QH", crib=True)
    assert score.total == 0
    assert score.items == ()
    assert score.calls() == ()
    assert score.cadence().startswith("nothing")
    assert "zero" in score.cadence()


def test_calls_follow_the_fixed_order_and_running_totals() -> None:
    score = show("JH 4H 5H 6H 5D")  # fifteens, a pair, a double run, nobs: no flush (5D)
    calls = score.calls()
    order = {"fifteen": 0, "pair": 1, "run": 2, "flush": 3, "nobs": 4}
    seen = [min(order[item.kind] for item in call.items) for call in calls]
    assert seen == sorted(seen)
    running = 0
    for call in calls:
        running += call.points
        assert call.points == sum(item.points for item in call.items)
        assert call.running_total == running
    assert running == score.total
    # Every item is said exactly once.
    said = Counter(item for call in calls for item in call.items)
    assert said == Counter(score.items)


def test_items_come_in_counting_order() -> None:
    for text in (
        "JD 4D 5D 6D KD",
        "JH 4H 5H 6H 5D",
        "5H 5D 5C JS 5S",
        "3H 4D 4C 5S 5H",
        "2H 3H 9H QH KD",
    ):
        order = {"fifteen": 0, "pair": 1, "run": 2, "flush": 3, "nobs": 4}
        positions = [order[item.kind] for item in show(text).items]
        assert positions == sorted(positions)


def test_points_by_kind_lists_every_kind() -> None:
    score = show("3H 4D 5C KS KH")
    assert score.points_by_kind() == {"fifteen": 4, "pair": 2, "run": 3, "flush": 0, "nobs": 0}
    assert sum(score.points_by_kind().values()) == score.total
    assert show("2H 4D 6C 8S QH", crib=True).points_by_kind() == dict.fromkeys(
        ("fifteen", "pair", "run", "flush", "nobs"), 0
    )


def test_lines_describe_each_item() -> None:
    score = show("3H 4D 4C 5S 9H")
    assert score.lines() == tuple(item.describe() for item in score.items)
    assert "pair: 4♦ 4♣ (2)" in score.lines()
    assert "run of three: 3♥ 4♦ 5♠ (3)" in score.lines()


def test_result_is_frozen_and_keeps_its_input() -> None:
    *hand, starter = parse_cards("5H 5D 5C JS 5S")
    score = score_show(hand, starter)
    assert score.hand == tuple(hand)
    assert score.starter == starter
    assert score.crib is False
    with pytest.raises(AttributeError):
        score.total = 0  # type: ignore[misc]


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["5H 5D 5C", "5H 5D 5C JS 6S"])
def test_a_hand_must_have_four_cards(text: str) -> None:
    with pytest.raises(ShowError, match="4 cards"):
        score_show(parse_cards(text), Card.parse("5S"))


def test_starter_may_not_repeat_a_hand_card() -> None:
    with pytest.raises(DuplicateCardError):
        score_show(parse_cards("5H 5D 5C JS"), Card.parse("5H"))
    with pytest.raises(DuplicateCardError):
        score_show(parse_cards("5H 5D 5C 5H", allow_duplicates=True), Card.parse("5S"))
    assert issubclass(ShowError, ValueError)


# --- exhaustive over rank patterns -------------------------------------------------------


def _concrete(pattern: tuple[int, ...]) -> tuple[list[Card], Card]:
    """A real hand with these five ranks: the k-th card of the g-th rank group gets suit
    (k + g) mod 4, so no four hand cards share a suit."""
    groups = sorted(set(pattern))
    seen: Counter[int] = Counter()
    cards = []
    for order in pattern:
        suit = (seen[order] + groups.index(order)) % 4
        seen[order] += 1
        cards.append(DECK[(order - 1) * 4 + suit])
    return cards[:4], cards[4]


def _all_patterns() -> list[tuple[int, ...]]:
    return [
        p for p in combinations_with_replacement(range(1, 14), 5) if max(Counter(p).values()) <= 4
    ]


def test_rank_pattern_items_agree_with_the_naive_scorer_on_all_6175_patterns() -> None:
    patterns = _all_patterns()
    assert len(patterns) == 6175
    base = pattern_base_points()
    assert set(base) == set(patterns)
    for pattern in patterns:
        hand, starter = _concrete(pattern)
        parts = naive_show_parts(plain(hand), plain([starter])[0])
        assert parts["flush"] == 0, pattern  # the suits were chosen to avoid a flush
        items = rank_pattern_items(pattern)
        found = Counter[str]()
        for kind, positions, points in items:
            found[kind] += points
            chosen = [pattern[i] for i in positions]
            assert len(set(positions)) == len(positions)
            if kind == "fifteen":
                assert sum(min(o, 10) for o in chosen) == 15 and points == 2
            elif kind == "pair":
                assert len(chosen) == 2 and chosen[0] == chosen[1] and points == 2
            else:
                assert kind == "run"
                assert sorted(chosen) == list(range(min(chosen), min(chosen) + len(chosen)))
                assert points == len(chosen) >= 3
        assert len(set(items)) == len(items), pattern
        for name in ("fifteen", "pair", "run"):
            assert found[name] == parts[name], (pattern, name)
        assert base[pattern] == parts["fifteen"] + parts["pair"] + parts["run"], pattern
        engine = score_show(hand, starter)
        assert engine.total == naive_show(plain(hand), plain([starter])[0]), pattern
        assert engine.total == sum(parts.values()), pattern


# --- properties ------------------------------------------------------------------------------

five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
# Hands drawn from a few neighbouring ranks, so pairs and runs turn up often.
crowded = st.integers(min_value=1, max_value=9).flatmap(
    lambda low: st.lists(
        st.sampled_from([c for c in DECK if low <= c.order < low + 5]),
        min_size=5,
        max_size=5,
        unique=True,
    )
)
# Hands with four cards of one suit, so flushes and nobs turn up often.
suited = (
    st.sampled_from(list(Suit))
    .flatmap(
        lambda suit: st.tuples(
            st.lists(
                st.sampled_from([c for c in DECK if c.suit is suit]),
                min_size=4,
                max_size=4,
                unique=True,
            ),
            st.sampled_from(DECK),
        ).filter(lambda pair: pair[1] not in pair[0])
    )
    .map(lambda pair: [*pair[0], pair[1]])
)
any_hand = st.one_of(five_cards, crowded, suited)


@PROPERTY
@given(cards=any_hand, crib=st.booleans())
def test_total_is_the_sum_of_the_items(cards: list[Card], crib: bool) -> None:
    score = score_show(cards[:4], cards[4], crib=crib)
    assert score.total == sum(item.points for item in score.items)
    assert score.total == sum(score.points_by_kind().values())
    assert score.calls()[-1].running_total == score.total if score.items else score.total == 0


@PROPERTY
@given(cards=any_hand, crib=st.booleans())
def test_agrees_with_the_naive_scorer(cards: list[Card], crib: bool) -> None:
    score = score_show(cards[:4], cards[4], crib=crib)
    hand, starter = plain(cards[:4]), plain(cards[4:])[0]
    assert score.total == naive_show(hand, starter, crib)
    assert score.points_by_kind() == naive_show_parts(hand, starter, crib)


@PROPERTY
@given(cards=any_hand, crib=st.booleans(), data=st.data())
def test_order_of_the_hand_does_not_matter(
    cards: list[Card], crib: bool, data: st.DataObject
) -> None:
    hand = cards[:4]
    shuffled = data.draw(st.permutations(hand))
    a = score_show(hand, cards[4], crib=crib)
    b = score_show(shuffled, cards[4], crib=crib)
    assert a.total == b.total
    assert Counter((i.kind, frozenset(i.cards), i.points) for i in a.items) == Counter(
        (i.kind, frozenset(i.cards), i.points) for i in b.items
    )


@PROPERTY
@given(cards=any_hand, crib=st.booleans())
def test_impossible_totals_never_happen(cards: list[Card], crib: bool) -> None:
    total = score_show(cards[:4], cards[4], crib=crib).total
    assert 0 <= total <= 29
    assert total not in (19, 25, 26, 27)


@PROPERTY
@given(cards=any_hand, crib=st.booleans())
def test_items_are_made_of_the_five_cards(cards: list[Card], crib: bool) -> None:
    score = score_show(cards[:4], cards[4], crib=crib)
    five = set(cards)
    for item in score.items:
        assert set(item.cards) <= five
        assert len(set(item.cards)) == len(item.cards)
        if item.kind == "nobs":
            assert item.cards[0] in cards[:4]
            assert item.cards[0].suit is cards[4].suit
        if item.kind == "flush":
            assert len(item.cards) in (4, 5)
            assert len({c.suit for c in item.cards}) == 1
            assert not (crib and len(item.cards) == 4)
    assert len(set(score.items)) == len(score.items)  # no combination counted twice


@settings(max_examples=150, derandomize=True, deadline=None)
@given(cards=five_cards, crib=st.booleans())
def test_agrees_with_a_published_peer_scorer(cards: list[Card], crib: bool) -> None:
    peer = pytest.importorskip("cribbage_scorer.cribbage_scorer")
    hand = [(c.order, c.suit.value) for c in cards[:4]]
    starter = (cards[4].order, cards[4].suit.value)
    assert (
        score_show(cards[:4], cards[4], crib=crib).total
        == peer.show_calc_score(starter, hand, crib=crib)[0]
    )

"""Explanations from the engine's items: the short-total candidates against brute force,
the play's sentences, the show said aloud."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import DECK, Kind, ScoreItem, parse_cards, score_play, score_show
from trainer.training.explain import (
    card_line,
    closing_line,
    go_line,
    kind_phrase,
    last_card_line,
    lay_line,
    missed_phrase,
    next_lead_line,
    said_aloud,
    short_note,
    shortfall,
)


def _ways(items: tuple[ScoreItem, ...], points: int) -> set[tuple[tuple[Kind, int], ...]]:
    """Every subset of the items adding to ``points``, as how many items of each kind."""
    ways = set()
    for size in range(1, len(items) + 1):
        for chosen in combinations(items, size):
            if sum(item.points for item in chosen) == points:
                ways.add(tuple(sorted(Counter(item.kind for item in chosen).items())))
    return ways


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(DECK).map(lambda deck: deck[:5]),
    st.booleans(),
    st.integers(min_value=1, max_value=29),
)
def test_the_candidates_are_every_way_the_items_add_up(
    cards: list[object], crib: bool, points: int
) -> None:
    hand, starter = parse_cards(" ".join(map(str, cards[:4]))), parse_cards(str(cards[4]))[0]
    items = score_show(hand, starter, crib=crib).items
    if len(items) > 14:
        return
    found = shortfall(items, points)
    want = _ways(items, points)
    assert {tuple(sorted(way)) for way in found.candidates} == want
    certain = set.intersection(*({k for k, _ in way} for way in want)) if want else set()
    assert set(found.certain) == certain
    sizes = [sum(n for _, n in way) for way in found.candidates]
    assert sizes == sorted(sizes), "the simplest candidates come first"


def test_short_notes() -> None:
    *hand, starter = parse_cards("4H 5H 6H JH 5S")  # four fifteens, a pair, a double run, a flush
    items = score_show(hand, starter).items
    assert short_note(items, 3) == "You were three short: look again at the runs."
    assert short_note(items, 1) == "You were one short."  # nothing is worth one here
    assert short_note(items, 8).endswith(", or another mix?")
    assert short_note(items, 8, most=1) == (
        "You were eight short: perhaps a fifteen and the two runs, or another mix?"
    )
    *hand, starter = parse_cards("2C 7D JS KH 8S")
    items = score_show(hand, starter).items
    assert short_note(items, 1, name_cards=True, starter=starter) == (
        "You were one short: one for his nobs, because the J♠ is the same suit as the starter (8♠)."
    )
    play = score_play(parse_cards("KS 5H"))
    assert short_note(play.items, 2, name_cards=True, count=play.count) == (
        "You were two short: 15 for 2 (the count reached exactly 15)."
    )


def test_phrases_for_kinds_and_items() -> None:
    assert kind_phrase(Kind.FIFTEEN, 1, 4) == "a fifteen"
    assert kind_phrase(Kind.FIFTEEN, 2, 4) == "two fifteens"
    assert kind_phrase(Kind.FIFTEEN, 4, 4) == "the four fifteens"
    assert kind_phrase(Kind.PAIR, 1, 1) == "the pair"
    assert kind_phrase(Kind.FLUSH, 1, 1) == "the flush"
    assert kind_phrase(Kind.NOBS, 1, 1) == "nobs"
    *hand, starter = parse_cards("5H 5D 9C KS 2H")
    pairs = score_show(hand, starter).by_kind(Kind.PAIR)
    assert missed_phrase(Kind.PAIR, pairs) == "a pair: 5♥ 5♦ (2)"


def test_the_play_in_words() -> None:
    seven, thirty_one = parse_cards("7S")[0], score_play(parse_cards("KS QH 9D 2C"))
    assert card_line(seven, 7, ()) == "The 7♠ brings the count to 7 and scores nothing."
    assert card_line(parse_cards("2C")[0], 31, thirty_one.items) == (
        "The 2♣ brings the count to 31: 31 for 2."
    )
    assert lay_line("the pone", seven, 7) == "The pone lays the 7♠: the count is 7."
    assert go_line("the dealer") == (
        "The dealer can't lay a card without passing 31 and says **go**."
    )
    assert last_card_line("you", seven, 28) == (
        "You laid the last card, the 7♠, making the count 28."
    )
    assert closing_line("you", Kind.GO, pegs="peg").endswith("so you peg 1 for the go.")
    assert "1 for last card" in closing_line("the dealer", Kind.LAST_CARD)
    assert closing_line("you", Kind.THIRTY_ONE, pegs="peg", play_over=True) == (
        "That is exactly 31: you peg 2 for 31, and nothing more for last card."
    )
    assert next_lead_line(None).startswith("Every card has been laid, so the play is over")
    assert next_lead_line("you", leads="lead", again_because="your opponent has no cards left") == (
        "The count goes back to zero. Your opponent has no cards left, so you lead again."
    )


def test_the_show_said_aloud() -> None:
    *hand, starter = parse_cards("2H 3H 9H QH KD")
    assert said_aloud(score_show(hand, starter)) == (
        "Fifteen two, fifteen four, and a four-card flush is eight."
    )


def test_a_beginner_hears_every_combination_on_its_own_with_the_total_so_far() -> None:
    from trainer.engine import parse_cards, score_show
    from trainer.training.explain import said_one_by_one

    *hand, starter = parse_cards("3H 3D 4C 5S KD")
    score = score_show(hand, starter)
    said = said_one_by_one(score)
    assert "double" not in said  # a double run is said as its two runs and the pair
    assert said == (
        "Fifteen two, fifteen four, a pair is six, a run of three is nine, "
        "a run of three is twelve."
    )
    assert said_one_by_one(score, 2) == "Fifteen two, fifteen four."
    *hand, starter = parse_cards("2H 4H 6H 8H KD")
    assert said_one_by_one(score_show(hand, starter)) == "A flush of four is four."
    *hand, starter = parse_cards("KS QD 8C 2H 4D")
    assert said_one_by_one(score_show(hand, starter)) == "Nothing: zero."

"""The discard analysis against brute force: every starter, every opponent throw, score_show."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement, pairwise
from math import comb, isclose

import pytest

from trainer.analysis import analyse_discards
from trainer.analysis.discards import Discard
from trainer.analysis.ranks import THROWS
from trainer.analysis.sound import seat_throws
from trainer.engine import DECK, Card, parse_cards, score_show

TOLERANCE = 1e-9

# Hands that exercise the suit rules: jacks thrown and kept, same-suit throws that can
# become a five-card crib flush, four kept of one suit.
SUIT_HANDS = ("JH 5H 6H QH JS 2D", "JD 9D 4D 8D JC JS", "5S 5C JS TS KS AH")


def seeded_sixes(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, 6)) for _ in range(count)]


def unseen_of(six: Sequence[Card]) -> list[Card]:
    return [card for card in DECK if card not in six]


def brute_hand(keep: Sequence[Card], six: Sequence[Card]) -> float:
    unseen = unseen_of(six)
    return sum(score_show(keep, starter).total for starter in unseen) / len(unseen)


def brute_uniform_crib(throw: Sequence[Card], six: Sequence[Card]) -> float:
    """Every two of the 46 unseen cards, then every one of the 44 left as the starter."""
    unseen = unseen_of(six)
    total = 0
    deals = 0
    for theirs in combinations(unseen, 2):
        for starter in unseen:
            if starter in theirs:
                continue
            total += score_show((*throw, *theirs), starter, crib=True).total
            deals += 1
    assert deals == comb(46, 2) * 44
    return total / deals


def brute_sound_crib(throw: Sequence[Card], six: Sequence[Card], seat: str) -> float:
    """The documented sound rule, summed directly.

    The opponent's six cards are any six unseen cards alike. Grouped by ranks, a
    rank-only hand with k[r] cards of each rank turns up in prod C(n[r], k[r]) ways and
    throws the ranks the packaged rule gives; which cards of those ranks are thrown is
    even chance. Given the thrown cards, a starter card st of rank r is outside the
    opponent's kept cards with chance 1 - (k[r] - t[r]) / (n[r] - t[r]), and the starter
    is any of the 40 cards outside the opponent's hand.
    """
    unseen = unseen_of(six)
    n = Counter(card.order - 1 for card in unseen)
    choices = seat_throws(seat).choice
    rank_hands = [
        h for h in combinations_with_replacement(range(13), 6) if max(Counter(h).values()) <= 4
    ]
    stay: dict[tuple[int, int], list[float]] = {}
    total_ways = 0.0
    for index, hand in enumerate(rank_hands):
        k = Counter(hand)
        ways = 1.0
        for rank, held in k.items():
            ways *= comb(n[rank], held)
        if ways == 0:
            continue
        total_ways += ways
        i, j = THROWS[int(choices[index])]
        thrown = (hand[i], hand[j])
        t = Counter(thrown)
        row = stay.setdefault(thrown, [0.0] * 13)
        for rank in range(13):
            if n[rank] - t[rank] > 0:
                row[rank] += ways * (1.0 - (k[rank] - t[rank]) / (n[rank] - t[rank]))
    value = 0.0
    for (x, y), row in stay.items():
        cards_x = [c for c in unseen if c.order - 1 == x]
        cards_y = [c for c in unseen if c.order - 1 == y]
        pairs = (
            list(combinations(cards_x, 2)) if x == y else [(a, b) for a in cards_x for b in cards_y]
        )
        for theirs in pairs:
            for starter in unseen:
                if starter in theirs:
                    continue
                weight = row[starter.order - 1] / (total_ways * 40.0 * len(pairs))
                value += weight * score_show((*throw, *theirs), starter, crib=True).total
    return value


def by_throw(results: Sequence[Discard]) -> dict[frozenset[Card], Discard]:
    return {frozenset(d.throw): d for d in results}


@pytest.mark.parametrize("six", [parse_cards(h) for h in SUIT_HANDS] + seeded_sixes(4, 11))
def test_hand_means_match_every_starter(six: tuple[Card, ...]) -> None:
    for d in analyse_discards(six, dealer=True, opponent="uniform"):
        assert isclose(d.hand, brute_hand(d.keep, six), abs_tol=TOLERANCE)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "throws"),
    [
        ("JH 5H 6H QH JS 2D", ("JH QH", "JH JS", "5H 6H")),
        ("JD 9D 4D 8D JC JS", ("JD 9D", "JC JS")),
        ("5S 5C JS TS KS AH", ("JS TS", "5S 5C")),
    ],
)
def test_uniform_crib_matches_brute_force_on_suit_cases(text: str, throws: tuple[str, ...]) -> None:
    six = parse_cards(text)
    for dealer in (True, False):
        results = by_throw(analyse_discards(six, dealer=dealer, opponent="uniform"))
        for throw_text in throws:
            throw = parse_cards(throw_text)
            expected = brute_uniform_crib(throw, six)
            assert isclose(results[frozenset(throw)].crib, expected, abs_tol=TOLERANCE)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_uniform_crib_matches_brute_force_on_seeded_hands(seed: int) -> None:
    six = seeded_sixes(1, seed)[0]
    rng = random.Random(seed)
    results = by_throw(analyse_discards(six, dealer=bool(seed % 2), opponent="uniform"))
    for throw in rng.sample(list(combinations(six, 2)), 2):
        assert isclose(
            results[frozenset(throw)].crib, brute_uniform_crib(throw, six), abs_tol=TOLERANCE
        )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "dealer", "throws"),
    [
        ("JH 5H 6H QH JS 2D", True, ("JH QH", "5H 6H")),
        ("JD 9D 4D 8D JC JS", False, ("JD 9D", "JC JS")),
        ("5S 5C JS TS KS AH", True, ("5S 5C",)),
        ("AH 3C 7D 9S QC KD", False, ("AH 3C",)),
    ],
)
def test_sound_crib_matches_its_documented_rule(
    text: str, dealer: bool, throws: tuple[str, ...]
) -> None:
    six = parse_cards(text)
    results = by_throw(analyse_discards(six, dealer=dealer, opponent="sound"))
    seat = "pone" if dealer else "dealer"
    for throw_text in throws:
        throw = parse_cards(throw_text)
        expected = brute_sound_crib(throw, six, seat)
        assert isclose(results[frozenset(throw)].crib, expected, abs_tol=TOLERANCE)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [4, 5])
def test_sound_crib_matches_its_documented_rule_on_seeded_hands(seed: int) -> None:
    six = seeded_sixes(1, seed)[0]
    dealer = bool(seed % 2)
    results = by_throw(analyse_discards(six, dealer=dealer))
    throw = random.Random(seed).choice(list(combinations(six, 2)))
    expected = brute_sound_crib(throw, six, "pone" if dealer else "dealer")
    assert isclose(results[frozenset(throw)].crib, expected, abs_tol=TOLERANCE)


def test_known_hand_a_2_7_9_j_q() -> None:
    # Published: keeping A-2-J-Q averages 2.848 over the 46 starters, A-2-7-9 2.391. The
    # first figure includes nobs with 11 cards of the jack's suit unseen, i.e. one other
    # card of the six shares the jack's suit; no four kept are of one suit.
    six = parse_cards("AS 2H 7D 9C JH QD")
    results = by_throw(analyse_discards(six, dealer=False))
    assert round(results[frozenset(parse_cards("7D 9C"))].hand, 3) == 2.848
    assert round(results[frozenset(parse_cards("JH QD"))].hand, 3) == 2.391
    # With no other card of the jack's suit, nobs is 12 chances in 46, not 11.
    other = by_throw(analyse_discards(parse_cards("AS 2C 7D 9C JH QD"), dealer=False))
    assert round(other[frozenset(parse_cards("7D 9C"))].hand, 3) == 2.870


@pytest.mark.parametrize("opponent", ["sound", "uniform"])
@pytest.mark.parametrize("dealer", [True, False])
def test_ranking_and_net_per_seat(opponent: str, dealer: bool) -> None:
    for six in seeded_sixes(5, 29):
        results = analyse_discards(six, dealer=dealer, opponent=opponent)  # type: ignore[arg-type]
        assert len(results) == 15
        assert len({frozenset(d.throw) for d in results}) == 15
        for d in results:
            assert set(d.throw) | set(d.keep) == set(six)
            expected = d.hand + d.crib if dealer else d.hand - d.crib
            assert d.net == pytest.approx(expected, abs=1e-12)
            assert d.dealer is dealer
            assert 0 <= d.hand <= 29 and 0 <= d.crib <= 29
        nets = [d.net for d in results]
        assert nets == sorted(nets, reverse=True)
        assert results == analyse_discards(six, dealer=dealer, opponent=opponent)  # type: ignore[arg-type]


def test_ties_are_broken_by_hand_then_cards() -> None:
    # Four fives and two kings: throwing either pair of fives gives the same values.
    results = analyse_discards(parse_cards("5S 5H 5D 5C KS KH"), dealer=True)
    for first, second in pairwise(results):
        key_first = (-first.net, -first.hand, first.throw[0].index, first.throw[1].index)
        key_second = (-second.net, -second.hand, second.throw[0].index, second.throw[1].index)
        assert key_first <= key_second


def test_uniform_crib_is_the_same_for_either_seat_and_the_net_differs_by_it() -> None:
    six = parse_cards("5S 5H 9D TC KS 2H")
    as_dealer = by_throw(analyse_discards(six, dealer=True, opponent="uniform"))
    as_pone = by_throw(analyse_discards(six, dealer=False, opponent="uniform"))
    for throw, d in as_dealer.items():
        p = as_pone[throw]
        assert d.crib == p.crib and d.hand == p.hand
        assert d.net - p.net == pytest.approx(2 * d.crib, abs=1e-12)


def test_sound_opponent_fills_the_dealers_crib_more_than_the_pones() -> None:
    # A sound dealer throws good cards to their own crib, a sound pone bad ones, so a
    # pone's throw meets a richer crib than the same throw by the dealer.
    for six in seeded_sixes(5, 3):
        as_dealer = by_throw(analyse_discards(six, dealer=True))
        as_pone = by_throw(analyse_discards(six, dealer=False))
        mean_dealer = sum(d.crib for d in as_dealer.values()) / 15
        mean_pone = sum(d.crib for d in as_pone.values()) / 15
        assert mean_pone > mean_dealer


def test_str_reads_as_a_sentence() -> None:
    best = analyse_discards(parse_cards("AS 2H 7D 9C JH QD"), dealer=False)[0]
    assert str(best).startswith("throw ") and " - crib " in str(best)


@pytest.mark.parametrize(
    ("six", "message"),
    [
        (parse_cards("AS 2H 7D 9C JH"), "6 cards, not 5"),
        (parse_cards("AS 2H 7D 9C JH QD KD"), "6 cards, not 7"),
        (parse_cards("AS 2H 7D 9C JH AS", allow_duplicates=True), "appears twice"),
        (("AS", "2H", "7D", "9C", "JH", "QD"), "expected six Cards"),
        (42, "expected six cards"),
    ],
)
def test_bad_hands_are_refused_with_a_reason(six: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        analyse_discards(six, dealer=True)  # type: ignore[arg-type]


def test_bad_options_are_refused() -> None:
    six = parse_cards("AS 2H 7D 9C JH QD")
    with pytest.raises(ValueError, match="opponent must be"):
        analyse_discards(six, dealer=True, opponent="random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="dealer must be True or False"):
        analyse_discards(six, dealer="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("dealer", [True, False])
def test_a_throw_that_counts_the_play_adds_what_the_four_kept_peg(dealer: bool) -> None:
    from trainer.analysis.play_values import play_edge

    six = parse_cards("5H 5D 5C JS 2D 9C")
    plain = {frozenset(d.throw): d for d in analyse_discards(six, dealer=dealer)}
    ranked = analyse_discards(six, dealer=dealer, play=True)
    assert [d.net for d in ranked] == sorted((d.net for d in ranked), reverse=True)
    for d in ranked:
        before = plain[frozenset(d.throw)]
        assert (d.hand, d.crib, before.play) == (before.hand, before.crib, 0.0)
        assert d.play == play_edge([c.order for c in d.keep], dealer=dealer)
        assert d.net == pytest.approx(before.net + d.play)
        assert f"+ the play {d.play:.3f} = {d.net:.3f}" in str(d)

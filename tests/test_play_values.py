"""What four cards kept are worth in the play (trainer.analysis.play_values): against a
brute force on small packs (every hand the opponent could hold, card by card, played out
on the engine's own Pegging by Hard's weighing worked out card by card, with every set of
cards the next player could hold: tests/plays.weighed_card), against a case worked by
hand, and the packaged table against the exact figure."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

import pytest

from tests.plays import weighed_card
from trainer.analysis.play_values import (
    all_fours,
    keep_play_value,
    play_out,
    play_value,
    played_out,
)
from trainer.engine import DECK, Card, Pegging


def _brute(
    keep: Sequence[Card],
    pack: Sequence[Card],
    dealer: bool,
    likely: Callable[[tuple[int, ...]], float],
) -> float:
    total = weights = 0.0
    for theirs in combinations(pack, 4):
        weight = likely(tuple(sorted(c.order for c in theirs)))
        rest = [c for c in pack if c not in theirs]
        hands = [list(keep), list(theirs)]
        play = Pegging(hands, leader=1 if dealer else 0)
        net = 0
        while not play.is_over:
            seat = play.turn
            assert seat is not None
            if not play.playable():
                event = play.go()
            else:
                card = weighed_card(play, seat, [*rest, *play.hands[1 - seat]], (0, 1))
                assert card is not None
                event = play.lay(card)
            for who, item in event.awards:
                net += item.points if who == 0 else -item.points
        total += weight * net
        weights += weight
    return total / weights


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 14
    for card in cards:
        counts[card.order] += 1
    return counts


@pytest.mark.parametrize("dealer", [True, False])
def test_the_worth_in_the_play_is_every_hand_played_out(dealer: bool) -> None:
    rng = random.Random(7 + dealer)
    for _ in range(2):
        cards = rng.sample(DECK, 13)
        keep, pack = cards[:4], cards[4:]

        def likely(four: tuple[int, ...]) -> float:
            return 1.0 + sum(four) / 10  # a seat keeps some fours more often than others

        exact = play_value(
            [c.order for c in keep], dealer=dealer, pack=_counts(pack), likely=likely
        )
        assert exact == pytest.approx(_brute(keep, pack, dealer, likely), abs=1e-9)


def test_the_worth_in_the_play_of_four_kings_against_queens_worked_by_hand() -> None:
    # Four kings as dealer, the pack left four queens and a jack: the pone holds the four
    # queens (one way) or three queens and the jack (four ways), each as likely here.
    kings, queens, jack = 13, 12, 11
    # Four queens: Q K Q (30), go, 1 to the pone; K Q K (30), go, 1 to the dealer; Q K,
    # the last card, 1 to the dealer. The dealer nets +1.
    only_jack = [0] * 14
    only_jack[jack] = 1
    assert play_out((kings,) * 4, (queens,) * 4, dealer=True, rest=only_jack) == 1.0
    # Three queens and the jack: the pone's third card makes a run of three (J K Q or
    # Q K J, 30) and takes the go, 3 + 1; then 1 and 1 to the dealer as before: -2.
    one_queen = [0] * 14
    one_queen[queens] = 1
    assert (
        play_out((kings,) * 4, (jack, queens, queens, queens), dealer=True, rest=one_queen) == -2.0
    )
    pack = [0] * 14
    pack[queens], pack[jack] = 4, 1
    worth = play_value((kings,) * 4, dealer=True, pack=pack, likely=lambda four: 1.0)
    assert worth == pytest.approx((1 * 1.0 + 4 * -2.0) / 5)  # -1.4
    # As pone against four queens: K Q K (30), go, 1 to the pone; Q K Q, 1 to the dealer;
    # K Q, the last card, 1 to the dealer: -1.
    assert play_out((kings,) * 4, (queens,) * 4, dealer=False, rest=[0] * 14) == -1.0


def test_the_packaged_table_is_the_worth_worked_out() -> None:
    rng = random.Random(3)
    for four in rng.sample(all_fours(), 3):
        for dealer in (True, False):
            assert keep_play_value(four, dealer=dealer) == pytest.approx(
                play_value(four, dealer=dealer), abs=1e-4
            )


def test_the_table_plays_each_pair_of_hands_once_for_both_seats() -> None:
    # played_out (the table's builder) plays a dealer's four against a pone's once and
    # counts it for both: each side's worth is play_value's.
    for four in ((1, 2, 3, 4), (5, 5, 10, 11)):
        as_dealer = played_out([four], all_fours())[four]
        assert as_dealer[0] / as_dealer[1] == pytest.approx(play_value(four, dealer=True))
        as_pone = played_out(all_fours(), [four])[four]
        assert as_pone[2] / as_pone[3] == pytest.approx(play_value(four, dealer=False))


def test_low_cards_and_pairs_peg_better_than_faces() -> None:
    for dealer in (True, False):
        assert keep_play_value((2, 3, 3, 4), dealer=dealer) > keep_play_value(
            (10, 11, 12, 13), dealer=dealer
        )
    # The dealer lays last and gets the go more often.
    assert keep_play_value((2, 3, 3, 4), dealer=True) > keep_play_value((2, 3, 3, 4), dealer=False)


def test_a_keep_must_be_four_ranks() -> None:
    with pytest.raises(ValueError, match="four rank orders"):
        play_value((1, 2, 3), dealer=True)
    with pytest.raises(ValueError, match="four rank orders"):
        keep_play_value((1, 2, 3, 14), dealer=True)

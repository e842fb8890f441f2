"""The pack, the deal and the order of the show (:mod:`trainer.engine.dealing`)."""

from __future__ import annotations

import pytest

from trainer.engine import DECK, Which
from trainer.engine.dealing import counting_order, deal, shuffled_pack
from trainer.engine.game_errors import GameRuleError


def test_deal_six_each_one_at_a_time_from_the_pone() -> None:
    hands, rest = deal(DECK, dealer=0)
    assert hands[1] == DECK[0:12:2]  # the pone (seat 1) gets the first card
    assert hands[0] == DECK[1:12:2]
    assert rest == DECK[12:]
    with pytest.raises(GameRuleError):
        deal(DECK[:12], dealer=0)


def test_the_deal_helpers_also_serve_three_players() -> None:
    hands, rest = deal(DECK, dealer=2, players=3, each=5)
    assert hands == (DECK[0:15:3], DECK[1:15:3], DECK[2:15:3])
    assert len(rest) == 37
    assert counting_order(1, players=3) == (
        (2, Which.HAND),
        (0, Which.HAND),
        (1, Which.HAND),
        (1, Which.CRIB),
    )


def test_four_players_get_five_each_and_count_clockwise_from_the_dealers_left() -> None:
    hands, rest = deal(DECK, dealer=3, players=4, each=5)
    assert hands == (DECK[0:20:4], DECK[1:20:4], DECK[2:20:4], DECK[3:20:4])
    assert rest == DECK[20:]
    assert [seat for seat, _ in counting_order(3, players=4)] == [0, 1, 2, 3, 3]
    assert counting_order(3, players=4, crib=False)[-1] == (3, Which.HAND)


def test_a_shuffle_is_the_whole_pack_and_the_same_for_the_same_seed_and_label() -> None:
    pack = shuffled_pack(5, "1")
    assert sorted(pack, key=lambda card: card.index) == list(DECK)
    assert pack == shuffled_pack(5, "1") != shuffled_pack(5, "2")

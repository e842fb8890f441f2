"""The leaves for points (trainer.analysis.play_search.leaves): a look-ahead by the odds
of what each seat it cannot see holds, against the search with every hand known, and one
action deep against Hard's weighing of the next reply."""

from __future__ import annotations

import random

import pytest

from tests.plays import SIDES, hard_table_views
from trainer.analysis.play_search.leaves import ExpectedReply
from trainer.analysis.play_search.position import (
    HIDDEN,
    PlayState,
    unseen_counts,
)
from trainer.analysis.play_search.walk import PlaySearch
from trainer.analysis.players.table_options import table_options


def _hidden(hands: tuple[tuple[int, ...], ...], me: int) -> tuple[tuple[int, ...], ...]:
    return tuple(h if s == me else (HIDDEN,) * len(h) for s, h in enumerate(hands))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_with_one_rank_unseen_it_is_the_search_with_every_hand_known(seats: int) -> None:
    # When every unseen card is of one rank, each other seat's hand is known: the
    # look-ahead to the end of the play must be the search's value of the same play.
    rng = random.Random(seats)
    sides = SIDES[seats]
    for _ in range(60):
        rank = rng.randrange(1, 14)
        me = rng.randrange(seats)
        held = [rng.randint(0, 2) for _ in range(seats)]
        held[me] = rng.randint(1, 4)
        mine = tuple(sorted(rng.sample([o for o in range(1, 14) if o != rank], held[me])))
        if sum(held) - held[me] > 4:
            continue
        hands = tuple(mine if s == me else (rank,) * held[s] for s in range(seats))
        known = PlaySearch(sides)
        look = PlaySearch(sides, ExpectedReply(sides), depth=64)
        hidden = PlayState(_hidden(hands, me), turn=me, unseen=unseen_counts([rank] * 4))
        for order in sorted(set(mine)):
            expected = known.after_lay(PlayState(hands, turn=me), order)
            assert look.after_lay(hidden, order) == pytest.approx(expected), (hands, order)


@pytest.mark.parametrize("seats", [3, 4])
def test_one_action_deep_is_hards_weighing_of_the_next_reply(seats: int) -> None:
    checked = 0
    for table in hard_table_views(seats, 8):
        for option in table_options(table):
            if option.replier is None:
                continue  # nobody answers: the look-ahead lets this seat lay again
            look = PlaySearch(table.sides, ExpectedReply(table.sides), depth=1)
            value = look.after_lay(table.hidden_state(), option.card.order)
            assert look.worth(value, table.seat) == pytest.approx(option.value), option.describe()
            checked += 1
    assert checked > 100

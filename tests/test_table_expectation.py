"""The play at a table looked ahead by expectation (trainer.analysis.table_expectation):
the chance a seat lays each rank against every hand it could hold, the rules against
the search with every hand known, one action deep against Hard's weighing of the next
player's reply, and Crazy laying the card it values most."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.analysis.pegging import peg_points, reply_expectation
from trainer.analysis.players import computer_player
from trainer.analysis.players.crazy import Crazy
from trainer.analysis.players.table_options import table_options
from trainer.analysis.players.views import table_view
from trainer.analysis.table_expectation import (
    TableExpectation,
    Unseen,
    Value,
    _peg_points,
    greedy_reply,
)
from trainer.analysis.table_search import MAX_COUNT, TableSearch, order_pips
from trainer.engine import DECK, Game, Phase, Settings

SIDES = {3: (0, 1, 2), 4: (0, 1, 0, 1)}


def _unseen_of(orders: list[int]) -> Unseen:
    counts = [0] * 14
    for order in orders:
        counts[order] += 1
    return tuple(counts)


# -- the scoring shortcuts --


def test_the_quick_peg_points_agree_on_every_series_of_up_to_five_cards() -> None:
    checked = 0
    for size in range(1, 6):
        for series in product(range(1, 14), repeat=size):
            if max(Counter(series).values()) > 4:
                continue
            count = sum(order_pips(o) for o in series)
            if count > MAX_COUNT:
                continue
            assert _peg_points(series, count) == peg_points(series, count), series
            checked += 1
    assert checked > 100_000


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(1, 7), min_size=6, max_size=13))
def test_the_quick_peg_points_agree_on_long_series_of_low_cards(series: list[int]) -> None:
    # Long series are low cards, where the long runs are.
    while sum(series) > MAX_COUNT or max(Counter(series).values()) > 4:
        series.pop()
    count = sum(series)
    assert _peg_points(tuple(series), count) == peg_points(series, count)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=8, max_size=30, unique=True),
    st.integers(0, 4),
    st.integers(1, 4),
    st.booleans(),
)
def test_the_greedy_reply_is_the_exact_expected_reply(
    cards: list, first: int, holds: int, last_card: bool
) -> None:
    series: list[int] = []
    count = 0
    for card in cards[:first]:
        if count + card.pips <= MAX_COUNT:
            series.append(card.order)
            count += card.pips
    unseen = [c.order for c in cards[first:]]
    expected = reply_expectation(series, count, unseen, holds, last_card=last_card)
    got = greedy_reply(tuple(series), count, _unseen_of(unseen), holds, last_card=last_card)
    assert got == pytest.approx(expected, abs=1e-12)


# -- the chance of each rank, against every hand --


class _EveryHand(TableExpectation):
    """The same look-ahead, each other seat's turn worked out over every set of cards it
    could hold (one by one, the way the model says they are drawn)."""

    def _other(self, series, count, turn, passed, last, held, mine, unseen, min_pips, depth):
        allowed = self._allowed(unseen, min_pips[turn], held[turn])
        cards = [order for order in range(1, 14) for _ in range(allowed[order])]
        holds = min(held[turn], len(cards))
        values: dict[int, Value] = {}
        for order in set(cards):
            if count + order_pips(order) <= MAX_COUNT:
                values[order] = self._lay(
                    series, count, turn, passed, held, mine, unseen, min_pips, order, depth
                )
        liked = sorted(values, key=lambda o: (-round(self.worth(values[o], turn), 9), -o))
        least = list(min_pips)
        least[turn] = max(least[turn], MAX_COUNT + 1 - count)
        go = self._go(series, count, turn, passed, last, held, mine, unseen, tuple(least), depth)
        total = [0.0] * self.n_sides
        hands = 0
        for hand in combinations(range(len(cards)), holds):
            held_ranks = {cards[i] for i in hand}
            choice = next((o for o in liked if o in held_ranks), None)
            value = go if choice is None else values[choice]
            for side in range(self.n_sides):
                total[side] += value[side]
            hands += 1
        return tuple(t / hands for t in total)


@pytest.mark.parametrize(("seats", "depth"), [(3, 2), (3, 3), (4, 2), (4, 3)])
def test_each_rank_is_laid_as_often_as_every_hand_says(seats: int, depth: int) -> None:
    rng = random.Random(seats * 10 + depth)
    sides = SIDES[seats]
    checked = 0
    while checked < 25:
        cards = rng.sample(DECK, 4 + 11)
        me = rng.randrange(seats)
        held = tuple(rng.randint(1, 3) for _ in range(seats))
        mine = tuple(sorted(c.order for c in cards[: held[me]]))
        unseen = _unseen_of([c.order for c in cards[4:]])  # eleven cards, as few as can be
        count = rng.choice([0, 0, 5, 12, 21, 26])
        fits = sorted({o for o in mine if count + order_pips(o) <= MAX_COUNT})
        if not fits:
            continue
        least = tuple(rng.choice([1, 1, 1, 6]) for _ in range(seats))
        kwargs: dict[str, Any] = dict(
            mine=mine,
            series=(10, count - 10) if count > 10 else ((count,) if count else ()),
            count=count,
            passed=0,
            last=(me - 1) % seats if count else -1,
            held=held,
            unseen=unseen,
            min_pips=least,
        )
        for order in fits:
            exact = TableExpectation(sides, me, depth=depth).after_lay(order=order, **kwargs)
            every = _EveryHand(sides, me, depth=depth).after_lay(order=order, **kwargs)
            assert exact == pytest.approx(every, abs=1e-9), kwargs
        checked += 1


# -- the rules, against the search with every hand known --


@pytest.mark.parametrize("seats", [3, 4])
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
        unseen = _unseen_of([rank] * 4)
        if sum(held) - held[me] > 4:
            continue
        hands = tuple(mine if s == me else (rank,) * held[s] for s in range(seats))
        search = TableSearch(sides)
        look = TableExpectation(sides, me, depth=64)
        for order in sorted(set(mine)):
            known = search.after_lay(hands, (), 0, me, 0, order)
            expected = look.after_lay(
                mine=mine,
                series=(),
                count=0,
                passed=0,
                last=-1,
                held=tuple(held),
                unseen=unseen,
                min_pips=(1,) * seats,
                order=order,
            )
            assert expected == pytest.approx(known), (hands, order)


# -- one action deep: Hard's weighing --


def _table_views(seats: int, games: int):
    for g in range(games):
        game = Game(Settings(seats=seats), seed=100 + g)
        players = [computer_player("hard", seed=f"{g}/{s}") for s in range(seats)]
        while game.phase is Phase.CUT:
            for seat in game.waiting_for():
                game.cut_for_deal(seat)
        for seat in game.seats:
            game.discard(seat, players[seat].discard(game.view(seat)))
        assert game.pone is not None
        game.cut_starter(game.pone)
        while game.phase is Phase.PLAY:
            turn = game.turn
            assert turn is not None
            view = game.view(turn)
            yield table_view(view)
            card = players[turn].play(view)
            game.go(turn) if card is None else game.lay(turn, card)


def _after(look: TableExpectation, table, order: int) -> Value:
    return look.after_lay(
        mine=tuple(sorted(c.order for c in table.hand)),
        series=tuple(c.order for _, c in table.series),
        count=table.count,
        passed=table.passed,
        last=table.last,
        held=table.held,
        unseen=_unseen_of([c.order for c in table.unseen]),
        min_pips=table.min_pips,
        order=order,
    )


@pytest.mark.parametrize("seats", [3, 4])
def test_one_action_deep_is_hards_weighing_of_the_next_reply(seats: int) -> None:
    checked = 0
    for table in _table_views(seats, 8):
        for option in table_options(table):
            if option.replier is None:
                continue  # nobody answers: the look-ahead lets this seat lay again
            look = TableExpectation(table.sides, table.seat, depth=1)
            value = _after(look, table, option.card.order)
            assert look.worth(value) == pytest.approx(option.value), option.describe()
            checked += 1
    assert checked > 100


# -- Crazy --


@pytest.mark.parametrize("seats", [3, 4])
def test_crazy_lays_the_card_the_look_ahead_values_most(seats: int) -> None:
    player = computer_player("crazy", seed=5)
    assert isinstance(player, Crazy)
    checked = 0
    for table in _table_views(seats, 4):
        if len({c.order for c in table.legal}) < 2 or max(table.needs) < 121 - 60:
            continue
        values = player.expected_values(table)
        assert set(values) <= set(table.legal)
        assert {c.order for c in values} == {c.order for c in table.legal}
        look = TableExpectation(table.sides, table.seat)
        for card, worth in values.items():
            assert worth == pytest.approx(look.worth(_after(look, table, card.order)))
        chosen = player._choose_table_card(table)
        assert values[chosen] == max(values.values())
        checked += 1
    assert checked > 20


def test_a_card_that_cannot_be_laid_is_refused() -> None:
    look = TableExpectation((0, 1, 2), 0)
    unseen = _unseen_of([c.order for c in DECK[:30]])
    common: dict[str, Any] = dict(
        series=(10, 10, 5), count=25, passed=0, last=2, held=(2, 4, 4), min_pips=(1, 1, 1)
    )
    with pytest.raises(ValueError, match="rank 12 cannot be laid"):
        look.after_lay(mine=(3, 12), unseen=unseen, order=12, **common)
    with pytest.raises(ValueError, match="rank 4 cannot be laid"):
        look.after_lay(mine=(3, 12), unseen=unseen, order=4, **common)
    with pytest.raises(ValueError, match="by rank order"):
        look.after_lay(mine=(3, 12), unseen=unseen[:13], order=3, **common)
    with pytest.raises(ValueError, match="at least this seat's card"):
        TableExpectation((0, 1, 2), 0, depth=0)

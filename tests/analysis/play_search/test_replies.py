"""How a seat answers from what it sees (trainer.analysis.play_search.replies): the greedy
reply against the exact expected reply, and the weighed reply against Hard's card, alone
and as the other seats of a search (against trying every line on the engine's Pegging)."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.plays import decisions, each_action, position_of, random_play, weighed_card
from trainer.analysis.pegging import reply_expectation
from trainer.analysis.play_search.leaves import ExpectedReply
from trainer.analysis.play_search.position import (
    HIDDEN,
    MAX_COUNT,
    PlayState,
    unseen_counts,
)
from trainer.analysis.play_search.replies import WeighedReply, greedy_reply
from trainer.analysis.play_search.walk import PlaySearch
from trainer.analysis.players import computer_player
from trainer.analysis.players.views import table_view
from trainer.engine import DECK, Card, Game, Pegging, Settings

# -- by expectation over the cards a seat cannot see --


def test_the_greedy_reply_is_the_exact_expected_reply_on_an_example() -> None:
    unseen = unseen_counts([10, 10, 5, 3, 12])
    expected = reply_expectation([5], 5, [10, 10, 5, 3, 12], 2)
    assert greedy_reply((5,), 5, unseen, 2, last_card=False) == pytest.approx(expected)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=8, max_size=30, unique=True),
    st.integers(0, 4),
    st.integers(1, 4),
    st.booleans(),
)
def test_the_greedy_reply_is_the_exact_expected_reply(
    cards: list[Card], first: int, holds: int, last_card: bool
) -> None:
    series: list[int] = []
    count = 0
    for card in cards[:first]:
        if count + card.pips <= MAX_COUNT:
            series.append(card.order)
            count += card.pips
    unseen = [c.order for c in cards[first:]]
    expected = reply_expectation(series, count, unseen, holds, last_card=last_card)
    got = greedy_reply(tuple(series), count, unseen_counts(unseen), holds, last_card=last_card)
    assert got == pytest.approx(expected, abs=1e-12)


# -- a seat that lays from what it sees, as Hard weighs a card --


def _hard_decisions(seats: int, games: int) -> Iterator[tuple[Game, int, Card | None]]:
    """Every decision of the play in the first deals of seeded games of Hard: the game
    before it, the seat, and Hard's card (None for a go)."""
    for g in range(games):
        game = Game(Settings(seats=seats), seed=300 + g)
        players = [computer_player("hard", seed=f"{g}/{s}") for s in range(seats)]
        for decision in decisions(game, players, deals=2):
            card = decision.decided
            if not isinstance(card, tuple):
                yield game, decision.seat, card


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_weighed_reply_is_hards_card(seats: int) -> None:
    # Far from home Hard lays the card of most points now and expected reply, from what
    # it has not seen: the reply rule, told what the seat cannot see, lays its rank.
    checked = 0
    for game, seat, card in _hard_decisions(seats, 6):
        view = game.view(seat)
        if len({c.order for c in view.playable}) < 2:
            continue
        hands = tuple(tuple(sorted(c.order for c in game.view(s).hand)) for s in game.seats)
        others = [o for s, hand in enumerate(hands) if s != seat for o in hand]
        table = table_view(view)
        rest = list(unseen_counts([c.order for c in table.unseen]))
        for o in others:
            rest[o] -= 1
        state = PlayState(
            hands,
            tuple(c.order for _, c in view.series),
            view.count,
            seat,
            table.passed,
            table.last,
            least=table.min_pips,
        )
        assert card is not None
        assert WeighedReply(table.sides, rest).choose(state) == card.order, (view.hand, card)
        checked += 1
    assert checked > 40


def test_a_search_against_a_weighed_reply_lets_that_seat_decide() -> None:
    # Seat 1 holds a five and a ten after seat 0 led a ten: searched, it would lay the five
    # for fifteen; it does too by Hard's rule, and then its other card is forced.
    rest = [0, *([4] * 13)]
    for o in (10, 5, 10, 3):
        rest[o] -= 1
    replies = WeighedReply((0, 1), rest)
    state = PlayState(((3,), (5, 10)), (10,), 10, 1, 0, 0)
    assert replies.choose(state) == 5
    search = PlaySearch((0, 1), replies=replies, replying=0b10)
    assert search.value(state) == (0.0, 3.0)  # fifteen two, and its ten is the last card


def _engine_replies(
    play: Pegging, me: int, sides: tuple[int, ...], rest: Sequence[Card], search: PlaySearch
) -> tuple[float, ...]:
    """Seat ``me`` tries every action on copies of the engine's Pegging; every other seat
    lays Hard's card, worked out card by card from what it cannot see (``rest`` and the
    other hands)."""
    n_sides = max(sides) + 1
    if play.is_over:
        return (0.0,) * n_sides
    turn = play.turn
    assert turn is not None
    if turn == me:
        actions = list(each_action(play))
    else:
        unseen = [*rest, *(c for s, h in enumerate(play.hands) if s != turn for c in h)]
        card = weighed_card(play, turn, unseen, sides)
        after = copy.deepcopy(play)
        actions = [(after, after.go() if card is None else after.lay(card))]
    best: tuple[float, ...] | None = None
    for nxt, event in actions:
        gained = [0.0] * n_sides
        for who, item in event.awards:
            gained[sides[who]] += item.points
        rest_value = _engine_replies(nxt, me, sides, rest, search)
        value = tuple(g + r for g, r in zip(gained, rest_value, strict=True))
        if best is None or search.worth(value, turn) > search.worth(best, turn):
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize("sides", [(0, 1), (0, 1, 2), (0, 1, 0, 1)])
def test_with_every_hand_known_the_search_against_replies_is_exhaustive(
    sides: tuple[int, ...],
) -> None:
    # The search in which the other seats lay from what they see (as Hard weighs a card)
    # is the same as trying every line of the seat to play on the engine's own Pegging,
    # the others laying Hard's card worked out card by card.
    rng = random.Random(40 + len(sides))
    checked = 0
    while checked < 25:
        play = random_play(rng, len(sides))
        if play.is_over:
            continue
        me = play.turn
        assert me is not None
        held = {c for h in play.hands for c in h} | set(play.pile)
        rest = rng.sample([c for c in DECK if c not in held], 6)
        counts = unseen_counts([c.order for c in rest])
        others = sum(1 << s for s in range(len(sides)) if s != me)
        search = PlaySearch(sides, replies=WeighedReply(sides, counts), replying=others)
        expected = _engine_replies(play, me, sides, rest, search)
        got = search.value(PlayState(*position_of(play)))
        assert search.worth(got, me) == pytest.approx(search.worth(expected, me)), play.hands
        checked += 1


def test_a_hidden_seat_weighs_the_card_it_lays_out_of_the_cards_unseen() -> None:
    # Three fives laid and one unseen: a seat that may hold it weighs laying it (double
    # pair royal, twelve) and the next seat's reply out of what is left, with no fifth five.
    unseen = unseen_counts([5, 10, 10, 11, 12, 13, 1, 2])
    state = PlayState(((1, 2), (HIDDEN, HIDDEN), (HIDDEN,)), (5, 5, 5), 15, 1, 0, 0, (), unseen)
    liked = WeighedReply((0, 1, 2), [0] * 14).weigh(state, [5, 10])
    assert liked[5] > liked[10]
    look = PlaySearch(
        (0, 1, 2), ExpectedReply((0, 1, 2)), depth=3, replies=WeighedReply((0, 1, 2), [0] * 14),
        replying=0b110,
    )  # fmt: skip
    assert look.value(state)[1] > 0

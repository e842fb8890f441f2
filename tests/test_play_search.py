"""The one search of the play (trainer.analysis.play_search), against the same search done
on copies of the engine's own Pegging: for points at two, three and four seats (to the
end and cut short), for the game (every side's needs kept, the show and the crib after),
between two by alpha-beta (points, a race in points, the win table's chance), and by
expectation over the cards a seat cannot see (against every hand it could hold, against
the search with every hand known, and one action deep against Hard's weighing)."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.plays import each_action, hard_table_views, position_of, random_play, weighed_card
from trainer.analysis.pegging import reply_expectation
from trainer.analysis.play_search import (
    HIDDEN,
    MAX_COUNT,
    RACE_POINT,
    ExpectedReply,
    PlaySearch,
    PlayState,
    RaceBoard,
    State,
    TableRace,
    TwoSideRace,
    Value,
    WeighedReply,
    WinChance,
    _allowed,
    greedy_reply,
    order_pips,
    unseen_counts,
)
from trainer.analysis.players import computer_player
from trainer.analysis.players.table_options import table_options
from trainer.analysis.players.views import table_view
from trainer.analysis.tournament.variants import WIN, PointsRace
from trainer.engine import DECK, Card, Game, Pegging, Phase, Settings

SIDES = {2: (0, 1), 3: (0, 1, 2), 4: (0, 1, 0, 1)}

# -- for points, every hand known --


def _engine_points(
    play: Pegging, sides: tuple[int, ...], search: PlaySearch, depth: int
) -> tuple[float, ...]:
    """Each seat's best line by trying every action on copies of the engine's Pegging."""
    n_sides = max(sides) + 1
    if play.is_over or depth == 0:
        return (0.0,) * n_sides
    turn = play.turn
    best: tuple[float, ...] | None = None
    for nxt, event in each_action(play):
        gained = [0.0] * n_sides
        for who, item in event.awards:
            gained[sides[who]] += item.points
        rest = _engine_points(nxt, sides, search, depth - 1)
        value = tuple(g + r for g, r in zip(gained, rest, strict=True))
        if best is None or search.worth(value, turn) > search.worth(best, turn):
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize(
    ("sides", "depth"),
    [((0, 1), 64), ((0, 1, 2), 64), ((0, 1, 0, 1), 64), ((0, 1, 2), 4), ((0, 1, 0, 1), 5)],
)
def test_the_search_for_points_agrees_with_the_engine(sides: tuple[int, ...], depth: int) -> None:
    rng = random.Random(len(sides) * 10 + depth)
    for _ in range(40):
        play = random_play(rng, len(sides))
        if play.is_over:
            continue
        search = PlaySearch(sides, depth=depth)
        expected = _engine_points(play, sides, search, depth)
        got = search.value(PlayState(*position_of(play)))
        assert search.worth(got, play.turn) == pytest.approx(search.worth(expected, play.turn)), (
            play.hands
        )


def test_pruned_between_two_it_is_the_search_that_keeps_every_position() -> None:
    rng = random.Random(8)
    for _ in range(80):
        play = random_play(rng, 2)
        if play.is_over:
            continue
        state = PlayState(*position_of(play))
        kept, pruned = PlaySearch((0, 1)), PlaySearch((0, 1), prune=True)
        assert kept.worth(kept.value(state), 0) == pruned.worth(pruned.value(state), 0)


# -- for the game at a table --


def _settled(board: RaceBoard, sides: tuple[int, ...], needs: list[int]) -> tuple[float, ...]:
    """The hands counted from the dealer's left, then the crib, written out plainly."""
    n_sides = max(sides) + 1
    seats = len(sides)
    order = [(board.dealer + k) % seats for k in range(1, seats + 1)]
    for seat in order:
        needs[sides[seat]] -= board.shows[seat]
        if needs[sides[seat]] <= 0:
            return tuple(float(s == sides[seat]) for s in range(n_sides))
    dealer_side = sides[board.dealer]
    need = needs[dealer_side]
    crib = board.crib_at_least[need] if need < len(board.crib_at_least) else 0.0
    return tuple(
        crib * (s == dealer_side) + (1 - crib) * -RACE_POINT * needs[s] for s in range(n_sides)
    )


def _engine_race(
    play: Pegging, sides: tuple[int, ...], board: RaceBoard, needs: list[int], race: PlaySearch
) -> tuple[float, ...]:
    """Each seat's best line by trying every action on copies of the engine's Pegging,
    the points of each award taken from what each side needs as the engine gives them.
    Between lines as good for the seat to play, the lower card (as the search: at three,
    a player for whom either other player winning is the same loss decides between them
    by the order it tries its cards)."""
    if play.is_over:
        return _settled(board, sides, list(needs))
    turn = play.turn
    best: tuple[float, ...] | None = None
    for nxt, event in each_action(play):
        left = list(needs)
        value: tuple[float, ...] | None = None
        for who, item in event.awards:
            left[sides[who]] -= item.points
            if left[sides[who]] <= 0:
                value = tuple(float(s == sides[who]) for s in range(max(sides) + 1))
                break
        if value is None:
            value = _engine_race(nxt, sides, board, left, race)
        if best is None or race.worth(value, turn) > race.worth(best, turn):
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize("sides", [(0, 1), (0, 1, 2), (0, 1, 0, 1)])
def test_the_race_agrees_with_the_engine(sides: tuple[int, ...]) -> None:
    rng = random.Random(len(sides))
    decided = 0
    for _ in range(60):
        play = random_play(rng, len(sides))
        if play.is_over:
            continue
        n_sides = max(sides) + 1
        board = RaceBoard(
            needs=tuple(rng.randint(1, 9) for _ in range(n_sides)),
            shows=tuple(rng.randint(0, 8) for _ in sides),
            dealer=rng.randrange(len(sides)),
            crib_at_least=(1.0, 0.9, 0.7, 0.5, 0.3, 0.1),
        )
        race = PlaySearch(sides, TableRace(sides, board))
        expected = _engine_race(play, sides, board, list(board.needs), race)
        got = race.value(PlayState(*position_of(play), needs=board.needs))
        # Equal lines for the seat to play may differ for the others (at three, either
        # other player winning is the same loss), so its own worth is compared.
        assert race.worth(got, play.turn) == pytest.approx(race.worth(expected, play.turn)), (
            play.hands,
            board,
        )
        decided += max(got) == 1.0
    assert decided > 10  # the positions include games won in the play and in the show


@pytest.mark.parametrize("sides", [(0, 1), (0, 1, 2), (0, 1, 0, 1)])
def test_far_from_home_the_race_ranks_lines_as_the_points_search(sides: tuple[int, ...]) -> None:
    rng = random.Random(10 + len(sides))
    for _ in range(40):
        play = random_play(rng, len(sides))
        if play.is_over or not play.playable():
            continue
        n_sides = max(sides) + 1
        board = RaceBoard((80,) * n_sides, tuple(rng.randint(0, 20) for _ in sides), 0, (1.0,))
        race, points = PlaySearch(sides, TableRace(sides, board)), PlaySearch(sides)
        hands, series, count, turn, passed, _last = position_of(play)
        state = PlayState(hands, series, count, turn, passed)
        gaps = []
        for card in {c.order: c for c in play.playable()}.values():
            won = race.worth(race.after_lay(state._replace(needs=board.needs), card.order), turn)
            pegged = points.worth(points.after_lay(state, card.order), turn)
            gaps.append(won - RACE_POINT * pegged)
        assert max(gaps) - min(gaps) == pytest.approx(0.0, abs=1e-12)


def test_a_board_says_what_is_wrong_with_it() -> None:
    with pytest.raises(ValueError, match="at least one point"):
        RaceBoard((0, 5), (1, 1), 0, ())
    with pytest.raises(ValueError, match="dealer's seat 2"):
        RaceBoard((3, 5), (1, 1), 2, ())
    with pytest.raises(ValueError, match="by seat"):
        TableRace((0, 1, 2), RaceBoard((3, 5), (1, 1), 0, ()))
    with pytest.raises(ValueError, match="two sides"):
        PlaySearch((0, 1, 2), prune=True)


# -- between two, pruned: points, a race in points, the chance to win --


def _engine_two(play: Pegging, leaf: TwoSideRace | None, needs: tuple[int, int]) -> float:
    """Side 0's minimax worth by trying every legal action on copies of the engine's
    Pegging: the points pegged, or the race's figure."""
    if play.is_over:
        if leaf is None:
            return float(needs[1] - needs[0])  # needs count down from 0: points pegged
        return leaf.settle(*needs)
    results = []
    for nxt, event in each_action(play):
        left = list(needs)
        outcome: float | None = None
        for who, item in event.awards:
            left[who] -= item.points
            if leaf is not None and left[who] <= 0:
                outcome = leaf.home(who)[0]
                break
        if outcome is None:
            outcome = _engine_two(nxt, leaf, (left[0], left[1]))
        results.append(outcome)
    return max(results) if play.turn == 0 else min(results)


@pytest.mark.parametrize("kind", ["points", "race in points", "chance"])
def test_pruned_between_two_it_agrees_with_the_engine(kind: str) -> None:
    rng = random.Random(kind)
    chances = np.random.default_rng(3).random((20, 20))
    for _ in range(60):
        n_mine, n_theirs = rng.randrange(1, 4), rng.randrange(0, 4)
        cards = rng.sample(DECK, n_mine + n_theirs)
        mine, theirs = cards[:n_mine], cards[n_mine:]
        leader = rng.randrange(2) if theirs else 0
        play = Pegging([list(mine), list(theirs)], leader=leader)
        args = (
            rng.randrange(1, 12),
            rng.randrange(1, 12),
            rng.randrange(0, 12),
            rng.randrange(0, 12),
            rng.random() < 0.5,
        )
        leaf: TwoSideRace | None = None
        if kind == "race in points":
            leaf = PointsRace(*args)
        elif kind == "chance":
            leaf = WinChance(*args, chances)
        needs = (args[0], args[1]) if leaf is not None else (0, 0)
        expected = _engine_two(play, leaf, needs)
        hands, *_ = position_of(play)
        state = PlayState(hands, turn=play.turn, needs=needs if leaf is not None else ())
        got = PlaySearch((0, 1), leaf, prune=True).value(state)
        assert got[0] - got[1] == pytest.approx(expected), (mine, theirs, leader)


def test_a_race_in_points_is_worth_the_game() -> None:
    # The pone leads its lone five; the dealer's ten makes fifteen and is the last card:
    # three points, and the dealer, needing two, pegs out.
    leaf = PointsRace(need_me=2, need_opp=2, my_show=0, opp_show=0, dealer=False)
    search = PlaySearch((0, 1), leaf, prune=True)
    assert search.after_lay(leaf.start(((5,), (10,)), (), 0, 0), 5) == (-WIN, 0.0)


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


class _EveryHand(PlaySearch):
    """The same walk, each hidden seat's turn worked out over every set of cards it could
    hold (one by one, the way the model says they are drawn)."""

    def _chance(self, state: State, hand: tuple[int, ...], depth: int) -> Value:
        _, _, count, turn, _, _, _, unseen, least = state
        allowed = _allowed(unseen, least[turn], len(hand))
        cards = [order for order in range(1, 14) for _ in range(allowed[order])]
        holds = min(len(hand), len(cards))
        inf = float("inf")
        values: dict[int, Value] = {}
        for order in set(cards):
            if count + order_pips(order) <= MAX_COUNT:
                values[order] = self._lay(state, order, depth, -inf, inf)
        liked = sorted(values, key=lambda o: (-round(self.worth(values[o], turn), 9), -o))
        raised = list(least)
        raised[turn] = max(raised[turn], MAX_COUNT + 1 - count)
        go = self._go(state, tuple(raised), depth, -inf, inf)
        total = [0.0] * self.n_sides
        hands = 0
        for held in combinations(range(len(cards)), holds):
            held_ranks = {cards[i] for i in held}
            choice = next((o for o in liked if o in held_ranks), None)
            value = go if choice is None else values[choice]
            for side in range(self.n_sides):
                total[side] += value[side]
            hands += 1
        return tuple(t / hands for t in total)


def _hidden(hands: tuple[tuple[int, ...], ...], me: int) -> tuple[tuple[int, ...], ...]:
    return tuple(h if s == me else (HIDDEN,) * len(h) for s, h in enumerate(hands))


@pytest.mark.parametrize(("seats", "depth"), [(2, 3), (3, 2), (3, 3), (4, 2), (4, 3)])
def test_each_rank_is_laid_as_often_as_every_hand_says(seats: int, depth: int) -> None:
    rng = random.Random(seats * 10 + depth)
    sides = SIDES[seats]
    checked = 0
    while checked < 25:
        cards = rng.sample(DECK, 4 + 11)
        me = rng.randrange(seats)
        held = tuple(rng.randint(1, 3) for _ in range(seats))
        mine = tuple(sorted(c.order for c in cards[: held[me]]))
        unseen = unseen_counts([c.order for c in cards[4:]])  # eleven cards, as few as can be
        count = rng.choice([0, 0, 5, 12, 21, 26])
        fits = sorted({o for o in mine if count + order_pips(o) <= MAX_COUNT})
        if not fits:
            continue
        least = tuple(rng.choice([1, 1, 1, 6]) for _ in range(seats))
        hands = tuple(mine if s == me else (HIDDEN,) * held[s] for s in range(seats))
        series = (10,) * (count // 10) + ((count % 10,) if count % 10 else ())
        last = (me - 1) % seats if count else -1
        state = PlayState(hands, series, count, me, 0, last, (), unseen, least)
        for order in fits:
            exact = PlaySearch(sides, ExpectedReply(sides), depth=depth).after_lay(state, order)
            every = _EveryHand(sides, ExpectedReply(sides), depth=depth).after_lay(state, order)
            assert exact == pytest.approx(every, abs=1e-9), state
        checked += 1


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


def test_a_card_that_cannot_be_laid_is_refused() -> None:
    look = PlaySearch((0, 1, 2), ExpectedReply((0, 1, 2)), depth=4)
    unseen = unseen_counts([c.order for c in DECK[:30]])
    state = PlayState(((3, 12), (0, 0, 0, 0), (0, 0, 0, 0)), (10, 10, 5), 25, 0, 0, 2, (), unseen)
    with pytest.raises(ValueError, match="rank 12 cannot be laid"):
        look.after_lay(state, 12)
    with pytest.raises(ValueError, match="rank 4 cannot be laid"):
        look.after_lay(state, 4)
    with pytest.raises(ValueError, match="by rank order"):
        look.after_lay(state._replace(unseen=unseen[:13]), 3)
    with pytest.raises(ValueError, match="at least the card laid"):
        PlaySearch((0, 1, 2), depth=0)
    with pytest.raises(ValueError, match="3 hands at a table of 2"):
        PlaySearch((0, 1)).value(state)
    with pytest.raises(ValueError, match="does not count 24"):
        look.after_lay(state._replace(running=24), 3)


# -- a seat that lays from what it sees, as Hard weighs a card --


def _hard_decisions(seats: int, games: int) -> Iterator[tuple[Game, int, Card | None]]:
    """Every decision of the play in the first deals of seeded games of Hard: the game
    before it, the seat, and Hard's card (None for a go)."""
    for g in range(games):
        game = Game(Settings(seats=seats), seed=300 + g)
        players = [computer_player("hard", seed=f"{g}/{s}") for s in range(seats)]
        while game.phase is Phase.CUT:
            for seat in game.waiting_for():
                game.cut_for_deal(seat)
        for _ in range(2):
            for seat in game.seats:
                game.discard(seat, players[seat].discard(game.view(seat)))
            assert game.pone is not None
            game.cut_starter(game.pone)
            while game.phase is Phase.PLAY:
                turn = game.turn
                assert turn is not None
                card = players[turn].play(game.view(turn))
                yield game, turn, card
                game.go(turn) if card is None else game.lay(turn, card)
            while game.phase is Phase.SHOW:
                game.count_hand(*game.show_order[0])
            game.next_deal()


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

"""The play searched for the game at a table of two, three or four
(trainer.analysis.table_race): against the same search done on copies of the engine's own
Pegging with the race kept beside it, against the points search far from home, and
Crazy's use of it near the end."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from tests.plays import each_action, position_of, random_play
from trainer.analysis import computer_player
from trainer.analysis.players.crazy import Crazy, counting_out_five, crib_at_least
from trainer.analysis.players.views import table_view
from trainer.analysis.seat_views import discard_view, play_view
from trainer.analysis.table_race import RACE_POINT, RaceBoard, TableRace
from trainer.analysis.table_search import TableSearch
from trainer.engine import DECK, Card, Pegging, SeatView, parse_cards, score_show


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


def _engine_value(
    play: Pegging, sides: tuple[int, ...], board: RaceBoard, needs: list[int], race: TableRace
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
            value = _engine_value(nxt, sides, board, left, race)
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
        race = TableRace(sides, board)
        expected = _engine_value(play, sides, board, list(board.needs), race)
        got = race.value(*position_of(play))
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
        race, points = TableRace(sides, board), TableSearch(sides)
        hands, series, count, turn, passed, _last = position_of(play)
        gaps = []
        for card in {c.order: c for c in play.playable()}.values():
            won = race.worth(race.after_lay(hands, series, count, turn, passed, card.order), turn)
            pegged = points.worth(
                points.after_lay(hands, series, count, turn, passed, card.order), turn
            )
            gaps.append(won - RACE_POINT * pegged)
        assert max(gaps) - min(gaps) == pytest.approx(0.0, abs=1e-12)


def test_a_board_says_what_is_wrong_with_it() -> None:
    with pytest.raises(ValueError, match="at least one point"):
        RaceBoard((0, 5), (1, 1), 0, ())
    with pytest.raises(ValueError, match="dealer's seat 2"):
        RaceBoard((3, 5), (1, 1), 2, ())
    with pytest.raises(ValueError, match="by seat"):
        TableRace((0, 1, 2), RaceBoard((3, 5), (1, 1), 0, ()))


def test_the_crib_chances_fall_from_one() -> None:
    for starter in range(1, 14):
        chances = crib_at_least(starter)
        assert chances[0] == pytest.approx(1.0)
        assert all(a >= b for a, b in pairwise(chances))
    assert crib_at_least(5)[8] > crib_at_least(13)[8]  # a five turned makes better cribs


def _view(hands: list[str], moves: str, seat: int, scores: tuple[int, ...]) -> SeatView:
    play = Pegging([list(parse_cards(h)) for h in hands], leader=1)
    for move in moves.split():
        play.go() if move == "go" else play.lay(parse_cards(move)[0])
    return play_view(play, seat, starter=parse_cards("2S")[0], discards=(), dealer=0, scores=scores)


def test_near_the_end_crazy_plays_for_the_game() -> None:
    # Three seats, the dealer 0. After 31 seat 1 led a ten; seat 2 holds an ace and a
    # jack and needs one point: a go or the last card. Played for the game, Crazy lays
    # the jack and keeps the ace for the last card, by a clear chance.
    hands = ["KC 4H 5H 2C", "KH 9H 4D TC", "8S AH 4C JD"]
    moves = "9H 8S 4H 4D 4C 2C TC"
    ace, jack = parse_cards("AH JD")
    view = _view(hands, moves, 2, scores=(107, 116, 120))
    crazy = computer_player("crazy", seed=1)
    assert isinstance(crazy, Crazy)
    values = crazy.table_values(table_view(view))
    assert values[jack] > values[ace] + 0.1
    assert 0.0 < values[jack] <= 1.0  # a chance of winning, less the others' mean
    assert crazy.play(view) == jack
    # Far from home Crazy plays the same position for the points, by its look-ahead.
    far = _view(hands, moves, 2, scores=(7, 16, 20))
    values = crazy.expected_values(table_view(far))
    assert crazy.play(far) == max(values, key=values.__getitem__)


def test_at_four_crazy_plays_its_look_ahead_to_the_end() -> None:
    # Four seats, the dealer 0; seat 3's side needs 5 and seat 3 holds a six and an eight
    # after a six was laid. At four the search for the game won no more games than the
    # one for points, so Crazy plays by its look-ahead near home too: the pair. Searched
    # for the game over guesses, as at three, it would have laid the eight.
    hands = ["JS 5D JD 2D", "TH 2C 3H 5S", "6C AH 3D TC", "6H 8S 2H 7S"]
    moves = "3H 3D 7S 5D TH AH 2H 2D 2C 6C"
    six, eight = parse_cards("6H 8S")
    view = _view(hands, moves, 3, scores=(106, 116))
    crazy = computer_player("crazy", seed=1)
    assert isinstance(crazy, Crazy)
    assert 4 not in crazy.RACE_PLAYERS
    values = crazy.expected_values(table_view(view))
    assert values[six] > values[eight]
    assert crazy.play(view) == six

    class Racing(Crazy):
        RACE_PLAYERS = frozenset({3, 4})

    assert Racing(1).play(view) == eight


def _likeliest_keep(five: tuple[Card, ...], goal: int) -> set[Card]:
    """The throws whose four show ``goal`` or more with the most starters, by the engine."""
    starters = [c for c in DECK if c not in five]
    made = {
        card: sum(score_show([k for k in five if k != card], s).total >= goal for s in starters)
        for card in five
    }
    return {card for card, n in made.items() if n == max(made.values())}


def test_near_home_crazy_throws_for_the_four_likeliest_to_count_out() -> None:
    five = tuple(parse_cards("QH QC 8H JH 9H"))
    # Three seats, the dealer 0: seat 1 counts first and needs 12 (10 from its hand).
    # Played for points it throws a queen; for the game the eight: the queens, the jack
    # and the nine make ten or more with more starters.
    view = discard_view(five, seat=1, dealer=0, scores=(100, 109, 100), players=3)
    thrown = counting_out_five(view)
    assert {thrown} == _likeliest_keep(five, 12 - 2) == set(parse_cards("8H"))
    assert computer_player("crazy", seed=1).discard(view) == (thrown,)
    assert computer_player("crazy-points", seed=1).discard(view) != (thrown,)
    # Not the question: far from home, the dealer, or seat 2 after seat 1 near home too.
    assert (
        counting_out_five(discard_view(five, seat=1, dealer=0, scores=(0, 0, 0), players=3)) is None
    )
    assert (
        counting_out_five(discard_view(five, seat=0, dealer=0, scores=(109, 0, 0), players=3))
        is None
    )
    late = discard_view(five, seat=2, dealer=0, scores=(0, 110, 109), players=3)
    assert counting_out_five(late) is None
    # At four the dealer's partner counts after the dealer's left: the pone side near home.
    partner = discard_view(five, seat=2, dealer=0, scores=(109, 110), players=4)
    assert counting_out_five(partner) is None
    assert counting_out_five(discard_view(five, seat=2, dealer=0, scores=(109, 0), players=4)) in (
        _likeliest_keep(five, 12 - 2)
    )

"""The leaves of a race (trainer.analysis.play_search.races), searched to the end of the
play against the same search done on copies of the engine's own Pegging: for the game at
a table (every side's needs kept, the show and the crib after), far from home as the
points, and between two a race in points."""

from __future__ import annotations

import random

import pytest

from tests.plays import each_action, position_of, random_play
from trainer.analysis.play_search.position import (
    PlayState,
)
from trainer.analysis.play_search.races import (
    RACE_POINT,
    RaceBoard,
    TableRace,
)
from trainer.analysis.play_search.walk import PlaySearch
from trainer.analysis.tournament.variants import WIN, PointsRace
from trainer.engine import Pegging

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


def test_a_race_in_points_is_worth_the_game() -> None:
    # The pone leads its lone five; the dealer's ten makes fifteen and is the last card:
    # three points, and the dealer, needing two, pegs out.
    leaf = PointsRace(need_me=2, need_opp=2, my_show=0, opp_show=0, dealer=False)
    search = PlaySearch((0, 1), leaf, prune=True)
    assert search.after_lay(leaf.start(((5,), (10,)), (), 0, 0), 5) == (-WIN, 0.0)

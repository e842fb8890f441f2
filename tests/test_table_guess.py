"""What a seat's lays tell about its unseen cards (trainer.analysis.table_guess), against
plays made on the engine's own Pegging."""

from __future__ import annotations

import random

import pytest

from trainer.analysis.pegging import peg_points
from trainer.analysis.seat_views import play_view
from trainer.analysis.table_guess import lays_of, likelihood, missed_points
from trainer.engine import DECK, Card, LayEvent, Pegging, parse_cards


def _greedy(play: Pegging, rng: random.Random) -> Card:
    """The card that pegs most now (ties at random)."""
    series = [card.order for _, card in play.series[-1]] if play.series else []

    def points(card: Card) -> int:
        return peg_points([*series, card.order], play.count + card.pips)

    playable = list(play.playable())
    top = max(points(c) for c in playable)
    return rng.choice([c for c in playable if points(c) == top])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_that_takes_its_points_passed_nothing_up_with_its_own_cards(players: int) -> None:
    rng = random.Random(players)
    for _ in range(150):
        cards = rng.sample(DECK, 4 * players)
        play = Pegging([cards[4 * s : 4 * s + 4] for s in range(players)], leader=0)
        greedy = rng.randrange(players)
        while not play.is_over:
            playable = list(play.playable())
            if not playable:
                play.go()
            elif play.turn == greedy:
                play.lay(_greedy(play, rng))
            else:
                play.lay(rng.choice(playable))
            view = play_view(play, greedy, starter=cards[0], discards=(), dealer=0)
            lays = lays_of(view.plays, greedy)
            laid = [card for who, card in view.laid if who == greedy]
            assert [lay.order for lay in lays] == [card.order for card in laid]
            unseen = [card.order for card in play.hands[greedy]]
            assert missed_points(lays, unseen) == 0
            assert likelihood(lays, unseen) == 1.0


def test_each_lay_is_read_with_its_series_count_and_the_cards_laid_after() -> None:
    # Four seats: 7 8 (15) 6 (a run and 21) 10 (31), then a new series: 2, then the ace.
    play = Pegging(
        [
            list(parse_cards(h))
            for h in ("7H 2C 3D 4S", "8H AC 9D KS", "6H 5C 2D QS", "TH JC QD KD")
        ],
        leader=0,
    )
    for card in parse_cards("7H 8H 6H TH 2C AC"):
        play.lay(card)
    view = play_view(play, 0, starter=parse_cards("5S")[0], discards=(), dealer=3)
    assert all(isinstance(event, LayEvent) for event in view.plays)
    (ten,) = lays_of(view.plays, 3)
    assert (ten.series, ten.count, ten.order, ten.later) == ((7, 8, 6), 21, 10, ())
    (eight, ace) = lays_of(view.plays, 1)
    assert (eight.series, eight.count, eight.later) == ((7,), 7, (1,))
    assert (ace.series, ace.count, ace.order) == ((2,), 2, 1)
    # Seat 2 laid the six for a run of three; a nine makes a run of three as well.
    (six,) = lays_of(view.plays, 2)
    assert peg_points((7, 8, 6), 21) == 3
    assert missed_points([six], (9,)) == 0
    assert missed_points([six], (8,)) == 0  # 7 8 8 pairs for 2, less than the run
    # Seat 1 laid the eight for 15: a seven would have paired for the same 2.
    assert missed_points([eight], (7,)) == 0
    assert missed_points([ace], (2,)) == 2  # but a two on the two pairs


def test_points_passed_up_weigh_against_a_guess() -> None:
    play = Pegging(
        [list(parse_cards(h)) for h in ("5H 2C 3D 4S", "KH AC 9D KS", "6H 5C 2D QS")],
        leader=0,
    )
    for card in parse_cards("5H AC"):  # seat 1 laid an ace on the five for nothing
        play.lay(card)
    view = play_view(play, 0, starter=parse_cards("7S")[0], discards=(), dealer=2)
    lays = lays_of(view.plays, 1)
    assert missed_points(lays, (13, 9)) == 2  # a king made fifteen for 2
    assert missed_points(lays, (5, 9)) == 2  # a five, the pair for 2
    assert missed_points(lays, (3, 9)) == 0
    assert likelihood(lays, (13, 13)) == pytest.approx(likelihood(lays, (13, 9)))
    assert 0 < likelihood(lays, (13, 9)) < likelihood(lays, (3, 9)) == 1.0

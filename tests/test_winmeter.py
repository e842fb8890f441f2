"""The win meter: public, the same for both seats, a chance for each that adds up to
one, the table at the start of a deal, exact in the show, and a line over a game; each
seat's chance from what it sees (seat_chance: the throws' at the throw, its own hand
counted in the play, the same model from one step to the next), and each side's reach of
the target this deal or the next."""

from __future__ import annotations

import dataclasses

import pytest

from tests.plays import play_to, steps
from trainer.analysis import computer_player
from trainer.analysis.endgame import throws_by_needs
from trainer.analysis.players import ComputerPlayer, card_chances
from trainer.analysis.winmeter import (
    WinChances,
    reach,
    seat_chance,
    whole_percent,
    win_meter,
)
from trainer.analysis.winprob import win_model
from trainer.engine import DECK, Game, Phase, Settings, Which, score_show

MODEL = win_model()


def _hards() -> tuple[ComputerPlayer, ComputerPlayer]:
    return (computer_player("hard", seed=1), computer_player("hard", seed=2))


@pytest.mark.parametrize("seed", [1, 2])
def test_both_seats_see_the_same_chances_adding_up_to_one(seed: int) -> None:
    game = Game(Settings(target=61), seed)
    players = (computer_player("normal", seed=1), computer_player("hard", seed=2))
    seen = 0
    for _ in steps(game, players):  # before every action
        meter = win_meter(game.view(0))
        assert meter == win_meter(game.view(1))
        assert sum(meter.chances) == pytest.approx(1.0)
        assert all(0.0 <= c <= 1.0 for c in meter.chances)
        assert meter.phase is game.phase
        seen += 1
    final = win_meter(game.view(0))
    assert game.winner is not None
    assert final.of(game.winner) == 1.0 and final.percent(game.winner) == 100
    assert seen > 20


def test_before_the_cut_and_at_the_start_of_a_deal() -> None:
    game = Game(Settings(), 4)
    assert win_meter(game.view(0)).chances == (0.5, 0.5)
    while game.phase is Phase.CUT:
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    dealer = game.dealer
    assert dealer is not None
    meter = win_meter(game.view(0))
    assert meter.dealer == dealer
    assert meter.of(dealer) == pytest.approx(MODEL.first_dealer(121))


def _to_show(seed: int, target: int = 61) -> Game | None:
    """A game between two Hard players up to the show of its first deal (None when it is
    won before)."""
    game = play_to(Game(Settings(target=target), seed), _hards(), Phase.SHOW)
    return None if game.is_over else game


def test_the_show_counts_the_known_hands() -> None:
    """In the show both hands are known (every card was laid): a pone whose hand takes
    it home has won already, by the meter."""
    for seed in range(40):
        game = _to_show(seed, 121)
        if game is None:
            continue
        assert game.dealer is not None and game.starter is not None
        pone = 1 - game.dealer
        view = game.view(0)
        hand = tuple(card for who, card in view.laid if who == pone)
        points = score_show(hand, game.starter).total
        meter = win_meter(view)
        if game.scores[pone] + points >= 121:
            assert meter.of(pone) == 1.0
        # Counting the pone's hand changes nothing the meter did not know.
        game.count_hand(pone, Which.HAND)
        if not game.is_over:
            assert win_meter(game.view(0)).of(pone) == pytest.approx(meter.of(pone))


def test_bad_questions() -> None:
    with pytest.raises(ValueError, match="seat's view"):
        win_meter("a game")  # type: ignore[arg-type]
    meter = WinChances((0.25, 0.75), Phase.PLAY, 0)
    with pytest.raises(ValueError, match="not a seat"):
        meter.of(2)
    assert meter.percent(0) == 25
    assert WinChances((0.001, 0.999), Phase.PLAY, 0).percent(0) == 1


# --- the chance a seat sees ----------------------------------------------------------------


def _to_play(seed: int, target: int = 61) -> Game:
    """A game between two Hard players up to the first card of its first deal."""
    return play_to(Game(Settings(target=target), seed), _hards(), Phase.PLAY)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_s_chance_at_the_throw_is_its_best_throw_s_then_the_one_it_made(seat: int) -> None:
    game = play_to(Game(Settings(target=61), 3), _hards(), Phase.DISCARD)
    view = game.view(seat)
    chance = seat_chance(view)
    throws = throws_by_needs(view.hand, dealer=game.dealer == seat, need_me=61, need_opp=61)
    assert chance.throws == throws and chance.chance == throws[0].win
    assert chance.meter().of(seat) == throws[0].win
    worst = throws[-1].throw
    game.discard(seat, worst)
    after = seat_chance(game.view(seat))
    assert after.thrown is not None and set(after.thrown.throw) == set(worst)
    assert after.chance == throws[-1].win


@pytest.mark.parametrize("seed", [2, 5])
def test_in_the_play_the_seat_s_own_hand_is_counted_as_the_throw_s_chance_had_it(seed: int) -> None:
    """Before the first card, the seat's chance averaged over every starter it could not
    see is the chance of the throw it made: one model from the throw to the play."""
    game = _to_play(seed)
    dealer = game.dealer
    assert dealer is not None and game.starter is not None
    for seat in (0, 1):
        view = game.view(seat)
        assert not view.laid
        six = (*view.kept, *view.discards)
        made = next(
            t
            for t in throws_by_needs(six, dealer=seat == dealer, need_me=61, need_opp=61)
            if set(t.throw) == set(view.discards)
        )
        chances = []
        for starter in (c for c in DECK if c not in six):
            heels = 2 if starter.is_jack else 0  # his heels, pegged before the play
            scores = tuple(heels if s == dealer else 0 for s in (0, 1))
            chances.append(
                seat_chance(dataclasses.replace(view, starter=starter, scores=scores)).chance
            )
        assert sum(chances) / len(chances) == pytest.approx(made.win, abs=1e-9)


def test_each_card_s_chance_is_told_from_the_seat_s_chance() -> None:
    game = _to_play(4)
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    chance = seat_chance(view, cards=True, seed=1)
    found = card_chances(view, seed=1)
    assert [c.card for c in chance.cards] == [c.card for c in found]
    assert chance.cards[0].win == chance.chance == seat_chance(view).chance
    for told, searched in zip(chance.cards, found, strict=True):  # what each card gives up
        assert chance.chance - told.win == pytest.approx(found[0].win - searched.win)
    assert seat_chance(game.view(1 - seat), cards=True).cards == ()  # not its turn


def test_a_seat_s_chance_in_the_show_and_between_deals() -> None:
    game = _to_play(6)
    players = _hards()
    play_to(game, players, Phase.SHOW)  # the play
    assert game.phase is Phase.SHOW
    for seat in (0, 1):
        mine, public = seat_chance(game.view(seat)).chance, win_meter(game.view(seat)).of(seat)
        assert 0.0 <= mine <= 1.0 and abs(mine - public) < 0.2  # the crib of its own throw
    play_to(game, players, Phase.DONE)  # the show
    if not game.is_over:
        assert seat_chance(game.view(0)).meter() == win_meter(game.view(0))
    with pytest.raises(ValueError, match="whole games of two"):
        seat_chance(Game(Settings(target=31, crib=False, play=False), 1).view(0))


def test_reach_is_certain_for_a_pone_whose_hand_takes_it_home() -> None:
    for seed in range(30):
        game = _to_show(seed)
        if game is None:
            continue
        assert game.dealer is not None and game.starter is not None
        pone = 1 - game.dealer
        view = game.view(0)
        hand = score_show(tuple(c for who, c in view.laid if who == pone), game.starter).total
        home = dataclasses.replace(
            view, scores=tuple(61 - hand if s == pone else 0 for s in (0, 1))
        )
        assert reach(home)[pone] == pytest.approx(1.0)
        short = dataclasses.replace(view, scores=(0, 0))  # 61 from one hand and one deal
        assert reach(short)[pone] < 0.01


def test_whole_percentages_are_never_certain_unless_so() -> None:
    assert [whole_percent(c) for c in (0.0, 0.004, 0.5, 0.996, 1.0)] == [0, 1, 50, 99, 100]

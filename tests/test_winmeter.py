"""The win meter: public, the same for both seats, a chance for each that adds up to
one, the table at the start of a deal, exact in the show, and a line over a game."""

from __future__ import annotations

import pytest

from trainer.analysis import computer_player
from trainer.analysis.players import ComputerPlayer
from trainer.analysis.winmeter import WinChances, win_history, win_meter
from trainer.analysis.winprob import win_model
from trainer.engine import Game, Phase, Settings, Which, score_show

MODEL = win_model()


def _step(game: Game, players: tuple[ComputerPlayer, ComputerPlayer]) -> None:
    """One action of a game between two computer players."""
    if game.phase is Phase.CUT:
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    elif game.phase is Phase.DISCARD:
        for seat in (0, 1):
            game.discard(seat, players[seat].discard(game.view(seat)))
    elif game.phase is Phase.STARTER:
        assert game.pone is not None
        game.cut_starter(game.pone)
    elif game.phase is Phase.PLAY:
        turn = game.turn
        assert turn is not None
        card = players[turn].play(game.view(turn))
        if card is None:
            game.go(turn)
        else:
            game.lay(turn, card)
    elif game.phase is Phase.SHOW:
        seat, which = game.show_order[0]
        game.count_hand(seat, which)
    else:
        game.next_deal()


def _game(seed: int, target: int = 121) -> Game:
    game = Game(Settings(target=target), seed)
    players = (computer_player("hard", seed=1), computer_player("hard", seed=2))
    while not game.is_over:
        _step(game, players)
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_both_seats_see_the_same_chances_adding_up_to_one(seed: int) -> None:
    game = Game(Settings(target=61), seed)
    players = (computer_player("normal", seed=1), computer_player("hard", seed=2))
    seen = 0
    while not game.is_over:
        meter = win_meter(game.view(0))
        assert meter == win_meter(game.view(1))
        assert sum(meter.chances) == pytest.approx(1.0)
        assert all(0.0 <= c <= 1.0 for c in meter.chances)
        assert meter.phase is game.phase
        seen += 1
        _step(game, players)
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


def test_the_show_counts_the_known_hands() -> None:
    """In the show both hands are known (every card was laid): a pone whose hand takes
    it home has won already, by the meter."""
    for seed in range(40):
        game = Game(Settings(), seed)
        players = (computer_player("hard", seed=1), computer_player("hard", seed=2))
        while not game.is_over and game.phase is not Phase.SHOW:
            _step(game, players)
        if game.is_over:
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


def test_a_line_over_a_game() -> None:
    game = _game(11)
    line = win_history(game.record())
    assert len(line) == len(game.events) + 1
    assert line[0].event is None and line[0].chances.chances == (0.5, 0.5)
    assert [p.index for p in line] == list(range(len(line)))
    assert game.winner is not None
    assert line[-1].chances.of(game.winner) == 1.0
    assert line[-1].deal_no == game.deal_no


def test_bad_questions() -> None:
    with pytest.raises(ValueError, match="seat's view"):
        win_meter("a game")  # type: ignore[arg-type]
    meter = WinChances((0.25, 0.75), Phase.PLAY, 0)
    with pytest.raises(ValueError, match="not a seat"):
        meter.of(2)
    assert meter.percent(0) == 25
    assert WinChances((0.001, 0.999), Phase.PLAY, 0).percent(0) == 1

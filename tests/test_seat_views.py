"""Seat views built outside a game (trainer.analysis.seat_views): what a player is shown
is what the engine's own game shows the seat at the same moment."""

from __future__ import annotations

import random

import pytest

from trainer.analysis.seat_views import discard_view, play_view
from trainer.engine import Game, Pegging, Phase, SeatView, Settings

#: What the players read of a view.
FIELDS = (
    "seat", "phase", "dealer", "hand", "discards", "held", "starter", "laid", "series",
    "count", "turn", "scores", "winner", "plays",
)  # fmt: skip


def _same(built: SeatView, real: SeatView) -> None:
    for name in FIELDS:
        assert getattr(built, name) == getattr(real, name), name
    assert built.players == real.players and built.settings.target == real.settings.target


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_built_view_is_the_games_view(seats: int) -> None:
    rng = random.Random(seats)
    for seed in range(4):
        game = Game(Settings(seats=seats), seed=seed)
        while game.phase is Phase.CUT:
            for seat in game.waiting_for():
                game.cut_for_deal(seat)
        assert game.dealer is not None
        for seat in game.seats:
            real = game.view(seat)
            _same(discard_view(real.hand, seat=seat, dealer=game.dealer, players=seats), real)
        for seat in game.seats:
            game.discard(seat, rng.sample(game.view(seat).hand, game.settings.throw))
        assert game.pone is not None
        game.cut_starter(game.pone)
        if game.is_over:
            continue
        kept = [game.view(s).hand for s in game.seats]
        play = Pegging([list(k) for k in kept], leader=game.pone)
        while game.phase is Phase.PLAY:
            turn = game.turn
            assert turn is not None and turn == play.turn
            seat = turn
            real = game.view(seat)
            built = play_view(
                play, seat, starter=real.starter, discards=real.discards,  # type: ignore[arg-type]
                dealer=game.dealer, scores=game.scores,
            )  # fmt: skip
            _same(built, real)
            fits = real.playable
            if fits:
                card = rng.choice(fits)
                game.lay(seat, card)
                play.lay(card)
            else:
                game.go(seat)
                play.go()

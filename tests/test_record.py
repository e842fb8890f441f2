"""The game record's notation (trainer.engine.record): limits on what a pasted record may
hold, so that no text can crash the page, stall it, or make a game that cannot be counted."""

from __future__ import annotations

import random

import pytest

from trainer.engine.cards import Card
from trainer.engine.events import parse_event
from trainer.engine.game import Game
from trainer.engine.game_errors import GameRuleError
from trainer.engine.notation import NotationError
from trainer.engine.record import MAX_RECORD_CHARS, MAX_SEED, MAX_TIED_CUTS, GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Phase

HEADER = '[Game "cribbage"]\n[Seed "{seed}"]\n\n'


def _played(seed: int, counting: Counting = Counting.MUGGINS) -> Game:
    """A whole game at random (each seat lays a random card that fits and claims nothing
    under muggins, so every point of the show goes the long way, as muggins)."""
    game = Game(Settings(counting=counting), seed)
    rng = random.Random(seed)
    while not game.is_over:
        phase = game.phase
        if phase is Phase.CUT:
            for seat in game.waiting_for():
                game.cut_for_deal(seat)
        elif phase is Phase.DISCARD:
            for seat in game.waiting_for():
                game.discard(seat, rng.sample(game.view(seat).hand, 2))
        elif phase is Phase.STARTER:
            assert game.pone is not None
            game.cut_starter(game.pone)
        elif phase is Phase.PLAY:
            turn = game.turn
            assert turn is not None
            fits = game.view(turn).playable
            game.lay(turn, rng.choice(fits)) if fits else game.go(turn)
        elif phase is Phase.SHOW:
            seat, which = game.show_order[0]
            game.count_hand(seat, which, 0 if counting is Counting.MUGGINS else None)
        elif phase is Phase.DONE:
            game.next_deal()
    return game


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEADER.format(seed="1" * 5000), "Seed has 5000 digits"),
        (HEADER.format(seed=2**63), "the seed is a whole number from 0 to"),
        (HEADER.format(seed="１２"), "written with 0-9"),  # full-width digits
        (HEADER.format(seed=3) + "cut seat=0 at=" + "9" * 5000 + " card=5H\n", "at has 5000"),
        (HEADER.format(seed=3) + "cut seat=0 at=３ card=5H\n", "written with 0-9"),
        (
            HEADER.format(seed=3) + "lay seat=0 card=5H count=5 awards=0:go//" + "1" * 5000,
            "is not an award",
        ),
    ],
)
def test_numbers_no_game_needs_are_refused_with_a_message(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GameRecord.parse(text)


def test_a_seed_that_does_not_fit_in_64_bits_makes_no_game() -> None:
    assert Game(seed=MAX_SEED).seed == MAX_SEED
    with pytest.raises(GameRuleError, match="fits in 64 bits"):
        Game(seed=MAX_SEED + 1)


def test_a_record_longer_than_any_game_is_refused_before_it_is_read() -> None:
    text = HEADER.format(seed=3) + "# padding\n" * (MAX_RECORD_CHARS // 10)
    with pytest.raises(NotationError, match="characters long"):
        GameRecord.parse(text)


def _tied_cuts(rounds: int) -> str:
    """A legal record whose cut for deal is tied ``rounds`` times (cut positions chosen to
    turn up equal ranks), then decided."""
    game = Game(seed=5)
    for _ in range(rounds):
        first = game.cut_for_deal(0, at=game.cut_range()[0])
        low, high = game.cut_range()
        tie = next(at for at in range(low, high + 1) if _card_at(game, at).rank == first.card.rank)
        game.cut_for_deal(1, at=tie)
    first = game.cut_for_deal(0, at=game.cut_range()[0])
    low, high = game.cut_range()
    other = next(at for at in range(low, high + 1) if _card_at(game, at).rank != first.card.rank)
    game.cut_for_deal(1, at=other)
    assert game.phase is Phase.DISCARD
    return game.record().notation()


def _card_at(game: Game, at: int) -> Card:
    probe = Game.replay(game.record())
    return probe.cut_for_deal(1, at=at).card


def test_the_cut_for_deal_may_be_tied_only_so_often() -> None:
    allowed = _tied_cuts(MAX_TIED_CUTS)
    assert Game.replay(GameRecord.parse(allowed)).deal_no == 1
    with pytest.raises(NotationError, match=f"tied more than {MAX_TIED_CUTS} times"):
        GameRecord.parse(_tied_cuts(MAX_TIED_CUTS + 1))


def test_the_longest_games_fit_well_inside_the_limit() -> None:
    """Games in which nobody claims a point (so each deal's show goes to the other side as
    muggins) and cards are laid at random run longest; the longest of 200 stays under a
    third of the limit, and the largest record allowed reads back in one pass."""
    longest = max((_played(seed) for seed in range(200)), key=lambda g: len(g.events))
    text = longest.record().notation()
    assert len(text) < MAX_RECORD_CHARS / 3
    assert Game.replay(GameRecord.parse(text)).scores == longest.scores


def test_award_points_and_seats_are_plain_numbers() -> None:
    assert parse_event("lay seat=1 card=7C count=14 awards=1:pair/7S-7C/2").points_for(1) == 2
    with pytest.raises(NotationError, match="is not an award"):
        parse_event("lay seat=1 card=7C count=14 awards=1:pair/7S-7C/２")

"""The game for three players and for four as two partnerships (trainer.engine.game with
``Settings(seats=3)`` or ``seats=4``): the deal and the discard, the rules that differ, each
with its own refusal, and thousands of random games checked against an independent referee
(``tests/reference.py``): every point, the cards laid, the rotation of the deal, who leads
after a go, partners' points on one score, the game ending the moment a score reaches the
target, and every record replaying to the same game."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from tests.reference import naive_pegging, naive_show
from trainer.engine import Card
from trainer.engine.events import DealEvent, GoEvent, LayEvent, ShowEvent, StarterEvent
from trainer.engine.game import Game
from trainer.engine.game_errors import BadDiscardError, NoSuchSeatError
from trainer.engine.pegging import GoWhileCardFitsError, OutOfTurnError
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings, SettingsError
from trainer.engine.vocab import Phase, Which, side_of


def _plain(card: Card) -> tuple[int, str]:
    return (card.order, str(card.suit))


def _to_deal(players: int, seed: int = 3, **settings: object) -> Game:
    game = Game(Settings(seats=players, **settings), seed)  # type: ignore[arg-type]
    while game.phase is Phase.CUT:
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    return game


# --- settings, the deal and the discard -------------------------------------------------------


def test_settings_name_the_players_and_read_back() -> None:
    for players in (3, 4):
        settings = Settings(seats=players)
        assert Settings.parse(settings.notation()) == settings
        assert f"seats={players}" in settings.notation()
    assert "seats" not in Settings().notation()  # two players: written as before
    assert (Settings(seats=3).sides, Settings(seats=4).sides, Settings().sides) == (3, 2, 2)
    with pytest.raises(SettingsError, match="two, three or four players"):
        Settings(seats=5)
    game = _to_deal(3)
    record = game.record()
    assert '[Seats "3"]' in record.notation()
    assert GameRecord.parse(record.notation()) == record


@pytest.mark.parametrize("players", [3, 4])
def test_five_cards_each_and_the_crib_made_up_to_four(players: int) -> None:
    game = _to_deal(players)
    assert game.dealer is not None
    assert [len(game.view(s).hand) for s in game.seats] == [5] * players
    for seat in game.waiting_for():
        game.discard(seat, game.view(seat).hand[:1])
    assert len(game.crib) == 4  # three players: one from each and one from the pack
    dealt = {c for s in game.seats for c in game.view(s).kept} | set(game.crib)
    assert len(dealt) == 4 * players + 4
    assert game.pone == (game.dealer + 1) % players  # the player on the dealer's left cuts
    starter = game.cut_starter(game.pone)
    assert starter.card not in dealt
    assert game.turn == game.pone  # and leads


def test_each_rule_that_differs_is_refused_with_its_own_error() -> None:
    game = _to_deal(3)
    assert game.dealer is not None
    seat = game.waiting_for()[0]
    with pytest.raises(BadDiscardError, match="with 3 players each gives the crib one card, not 2"):
        game.discard(seat, game.view(seat).hand[:2])
    with pytest.raises(NoSuchSeatError, match="the seats are 0 to 2"):
        game.discard(3, game.view(seat).hand[:1])
    for s in game.waiting_for():
        game.discard(s, game.view(s).hand[:1])
    pone = game.pone
    assert pone is not None
    with pytest.raises(OutOfTurnError):
        game.cut_starter((pone + 1) % 3)
    game.cut_starter(pone)
    wrong = (pone + 1) % 3
    with pytest.raises(OutOfTurnError):  # leading out of turn
        game.lay(wrong, game.view(wrong).hand[0])
    with pytest.raises(GoWhileCardFitsError):  # a go said while a card fits
        game.go(pone)


def test_the_deal_goes_round_to_the_left() -> None:
    game = _to_deal(4, seed=9)
    dealers = [game.dealer]
    rng = random.Random(1)
    while len(dealers) < 6 and not game.is_over:
        _play_deal(game, rng)
        if game.is_over:
            break
        event = game.next_deal()
        dealers.append(event.dealer)
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(dealers))  # type: ignore[operator]


# --- random games against the referee ---------------------------------------------------------


def _play_deal(game: Game, rng: random.Random) -> None:
    """One deal at random: throws, the starter, the play, the show (to its end or the win)."""
    while game.phase is Phase.DISCARD:
        seat = game.waiting_for()[0]
        game.discard(seat, rng.sample(game.view(seat).hand, game.settings.throw))
    if game.phase is Phase.STARTER:
        assert game.pone is not None
        game.cut_starter(game.pone)
    while game.phase is Phase.PLAY:
        turn = game.turn
        assert turn is not None
        fits = game.view(turn).playable
        if fits:
            game.lay(turn, rng.choice(fits))
        else:
            game.go(turn)
    while game.phase is Phase.SHOW:
        seat, which = game.show_order[0]
        claimed = None
        if game.settings.muggins:
            claimed = max(0, game.true_count() - rng.choice((0, 0, 1, 2)))
        game.count_hand(seat, which, claimed)


def _games(players: int, count: int, first: int = 0) -> Iterator[tuple[int, Game]]:
    for seed in range(first, count):
        muggins = seed % 3 == 0
        game = Game(
            Settings(
                seats=players,
                target=61 if seed % 2 else 121,
                counting="muggins" if muggins else "automatic",  # type: ignore[arg-type]
            ),
            seed,
        )
        rng = random.Random(seed)
        while game.phase is Phase.CUT:
            seat = game.waiting_for()[0]
            game.cut_for_deal(seat)
        while not game.is_over:
            _play_deal(game, rng)
            if not game.is_over:
                game.next_deal()
        yield seed, game


def _check_game(game: Game) -> None:
    players = game.players
    settings = game.settings
    # the game ends on the event that reaches the target, and no event follows it
    sides = [0] * settings.sides
    seat_points = [0] * players
    for index, event in enumerate(game.events):
        for seat, item in event.awards:
            sides[side_of(seat, players)] += item.points
            seat_points[seat] += item.points
        reached = max(sides) >= settings.target
        assert reached == (index == len(game.events) - 1), (index, sides)
    # the peg stops in the game hole: the winner's last points count only that far
    assert game.scores == tuple(min(points, settings.target) for points in sides)
    assert game.winner == max(range(len(sides)), key=sides.__getitem__)
    over = max(sides) - settings.target
    assert sum(t.total for t in game.summary().seats) == sum(seat_points) - over
    # the deals, one by one, against the referee
    deals: list[list[object]] = [[]]
    for event in game.events:
        if isinstance(event, DealEvent):
            deals.append([])
        deals[-1].append(event)
    for events in deals:
        _check_deal(game, events)
    again = Game.replay(GameRecord.parse(game.record().notation()))
    assert again.events == game.events and again.scores == game.scores


def _check_deal(game: Game, events: list[object]) -> None:
    players = game.players
    starter = next((e for e in events if isinstance(e, StarterEvent)), None)
    if starter is None:
        return
    plays = [e for e in events if isinstance(e, LayEvent | GoEvent)]
    kept: dict[int, list[Card]] = {}
    for event in events:
        if isinstance(event, ShowEvent) and event.which is Which.HAND:
            kept[event.seat] = list(event.score.hand)
    laid: dict[int, list[Card]] = {s: [] for s in range(players)}
    for event in plays:
        if isinstance(event, LayEvent):
            laid[event.seat].append(event.card)
    won_in_play = game.is_over and plays and plays[-1] is game.events[-1]
    if not won_in_play and len(kept) == players:
        assert sorted(len(v) for v in laid.values()) == [4] * players  # every card laid
        hands = [[_plain(c) for c in kept[s]] for s in range(players)]
        actions = [None if isinstance(e, GoEvent) else _plain(e.card) for e in plays]
        actors, points = naive_pegging(hands, starter.seat, actions)
        assert actors == [e.seat for e in plays]  # who acted, who led after each go
        pegged = [0] * players
        for event in plays:
            for seat, item in event.awards:
                pegged[seat] += item.points
        assert pegged == points
    for event in events:
        if isinstance(event, ShowEvent):
            crib = event.which is Which.CRIB
            true = naive_show(
                [_plain(c) for c in event.score.hand], _plain(event.score.starter), crib
            )
            assert event.true == true
            if event.muggins:
                assert event.muggins_taker == (event.seat + 1) % players


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_hold_up_against_the_referee(players: int) -> None:
    for _, game in _games(players, 300):
        _check_game(game)


@pytest.mark.slow
@pytest.mark.long
@pytest.mark.parametrize("players", [3, 4])
def test_thousands_of_random_games_hold_up_against_the_referee(players: int) -> None:
    """1,200 games of each size more (2,400 in all), muggins and 61-point games among them,
    after the 300 of each that every run checks."""
    for _, game in _games(players, 1500, first=300):
        _check_game(game)


def test_partners_see_only_their_own_cards() -> None:
    for _, game in _games(4, 60):
        replayed = Game(game.settings, game.seed)
        for event in game.events:
            for seat in replayed.seats:
                view = replayed.view(seat)
                others = {
                    card for s in replayed.seats if s != seat for card in replayed.view(s).hand
                }
                shown = set(view.hand) | set(view.kept) | set(view.discards)
                assert not shown & others, (seat, view.partner)
                if replayed.phase in (Phase.DISCARD, Phase.STARTER, Phase.PLAY):
                    assert not set(replayed.crib) - set(view.discards) & shown
            replayed.apply(event)

"""Computer players at three and four seats (trainer.analysis.players with
``Settings(seats=3)`` or ``seats=4``): every level makes only legal decisions through whole
games, decides from its seat's view alone (no other seat's hidden card is in it, and the
same view gives the same answer), throws one card of five, and reasons about the next
player and the partnership."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.analysis import LEVELS, VARIANTS, computer_player
from trainer.analysis.discards_five import kept_likelihood_five
from trainer.analysis.players.crazy import Crazy
from trainer.analysis.players.views import table_view
from trainer.analysis.seat_views import discard_view
from trainer.engine import Card, Game, Pegging, Phase, SeatView, Settings, parse_cards
from trainer.engine.events import ShowEvent

ALL = (*LEVELS, *VARIANTS)


def _cards_in(view: SeatView) -> Iterator[Card]:
    """Every card of this deal a view holds, wherever it is (the cut for deal was from a
    pack of its own)."""
    yield from view.hand
    yield from view.kept
    yield from view.discards
    yield from (card for _, card in view.laid)
    yield from (card for _, card in view.series)
    if view.starter is not None:
        yield view.starter
    for shown in view.shown:
        assert isinstance(shown, ShowEvent)
        yield from shown.score.hand
    for event in view.plays:
        yield from (item_card for _, item in event.awards for item_card in item.cards)
        card = getattr(event, "card", None)
        if card is not None:
            yield card


def _hidden_from(game: Game, seat: int) -> set[Card]:
    """The cards ``seat`` may not see now: every other seat's cards not yet laid, and the
    crib (other seats' throws and the pack's card) before it is counted."""
    view = game.view(seat)
    hidden: set[Card] = set()
    for other in game.seats:
        if other != seat:
            hidden |= set(game.view(other).hand)
    if not any(shown.which.value == "crib" for shown in view.shown):
        hidden |= set(game.crib) - set(view.discards)
    return hidden


def _decide(level: str, game: Game, seat: int, phase: Phase) -> tuple[Card, ...] | Card | None:
    view = game.view(seat)
    assert not _hidden_from(game, seat) & set(_cards_in(view))
    player = computer_player(level, seed=f"{game.seed}:{len(game.events)}")
    answer = player.discard(view) if phase is Phase.DISCARD else player.play(view)
    again = computer_player(level, seed=f"{game.seed}:{len(game.events)}")
    same = again.discard(view) if phase is Phase.DISCARD else again.play(view)
    assert answer == same  # the view and the seed decide it
    return answer


def _whole_game(levels: tuple[str, ...], seed: int, target: int) -> Game:
    game = Game(Settings(target=target, seats=len(levels)), seed=seed)
    while game.phase is Phase.CUT:
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    while not game.is_over:
        for seat in game.seats:
            throw = _decide(levels[seat], game, seat, Phase.DISCARD)
            assert isinstance(throw, tuple) and len(throw) == 1
            assert game.can_discard(seat, throw), (levels[seat], throw)
            game.discard(seat, throw)
        assert game.pone is not None
        game.cut_starter(game.pone)
        while game.phase is Phase.PLAY:
            turn = game.turn
            assert turn is not None
            seat = turn
            card = _decide(levels[seat], game, seat, Phase.PLAY)
            if card is None:
                assert game.can_go(seat), f"{levels[seat]} said go while a card fits"
                game.go(seat)
            else:
                assert isinstance(card, Card) and game.can_lay(seat, card), (levels[seat], card)
                game.lay(seat, card)
        while game.phase is Phase.SHOW:
            game.count_hand(*game.show_order[0])
        if game.phase is Phase.DONE:
            game.next_deal()
    return game


@settings(max_examples=6, derandomize=True, deadline=None)
@given(
    seats=st.sampled_from((3, 4)),
    levels=st.lists(st.sampled_from(ALL), min_size=4, max_size=4),
    seed=st.integers(0, 2**32),
)
def test_every_level_plays_whole_games_legally_from_its_view(
    seats: int, levels: list[str], seed: int
) -> None:
    game = _whole_game(tuple(levels[:seats]), seed, target=61)
    assert game.winner is not None
    assert max(game.scores) >= 61


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("level", ALL)
def test_each_level_at_every_seat(seats: int, level: str) -> None:
    game = _whole_game((level,) * seats, seed=seats * 100 + ALL.index(level), target=61)
    assert game.winner is not None


def test_one_card_of_five_is_thrown_toward_the_right_crib() -> None:
    five = parse_cards("5H 5D JS QC 9H")
    for level in ("normal", "hard", "crazy", "crazy-points"):
        for players, dealer in ((3, 0), (4, 2), (3, 1)):
            view = discard_view(
                five,
                seat=0,
                dealer=dealer,
                scores=(0,) * Settings(seats=players).sides,
                players=players,
            )
            throw = computer_player(level, seed=1).discard(view)
            assert throw == (parse_cards("9H")[0],), (level, players, dealer)
    with pytest.raises(ValueError, match="five cards"):
        computer_player("hard", seed=1).discard(
            discard_view(five[:4], seat=0, dealer=0, scores=(0, 0, 0), players=3)
        )


def _table(hands: list[str], moves: str, seat: int) -> SeatView:
    from trainer.analysis.seat_views import play_view

    play = Pegging([list(parse_cards(h)) for h in hands], leader=1)
    for move in moves.split():
        play.go() if move == "go" else play.lay(parse_cards(move)[0])
    sides = 2 if len(hands) == 4 else 3
    return play_view(
        play, seat, starter=parse_cards("2S")[0], discards=(), dealer=0, scores=(0,) * sides
    )


def test_the_next_player_replies_and_partners_count_together() -> None:
    # Four seats, the dealer 0 and the leader 1: 1 led a ten, 2 (the dealer's partner)
    # to play. A five makes fifteen for 2 but leaves 15 for seat 3 ...
    view = _table(["2C 3C 4C 6C", "KD 9D 8D 7D", "5H AH 3H 6H", "QS JS TS 9S"], "KD", 2)
    table = table_view(view)
    assert table.replier() == 3 and table.weight(3) == -1.0 and table.weight(0) == 1.0
    for level in ("easy", "normal", "hard", "crazy"):
        assert computer_player(level, seed=2).play(view) in view.playable
    assert computer_player("normal", seed=2).play(view) == parse_cards("5H")[0]
    # Three seats: 1 led KD, 2 laid 5H (15), 0 the 2C, 1 the QD (27), 2 said go: seat 0
    # to play knows 2's cards are all five or more, and a point to 1 is half a point against.
    view = _table(["2C 3C 4C 6C", "KD QD JD TD", "5H 9H 8H 7H"], "KD 5H 2C QD go", 0)
    table = table_view(view)
    assert table.weight(1) == table.weight(2) == -0.5
    assert table.min_pips[2] == 32 - 27 and table.passed == 1 << 2 and table.replier() == 1
    assert computer_player("hard", seed=1).play(view) == parse_cards("4C")[0]  # 31 for 2


def test_crazy_guesses_the_hands_its_opponents_lays_allow() -> None:
    # Three seats: 1 led the five, 2 laid an ace on it for nothing (a ten-card made 15, a
    # five the pair): Crazy in seat 0 guesses seat 2 seldom holds a ten-card or a five.
    view = _table(["2C 3C 4C 6C", "5H 9H 8H 7H", "AD QD JD TD"], "5H AD", 0)
    table = table_view(view)
    assert [lay.order for lay in table.lays[2]] == [1]

    def tens_or_fives(infer: bool) -> int:
        player = computer_player("crazy", seed=3)
        assert isinstance(player, Crazy)
        player.infer = infer
        hands = [player._deal_guess(table) for _ in range(300)]
        assert all(len(h[2]) == 3 and len(h[1]) == 3 for h in hands)
        return sum(1 for h in hands if any(o >= 10 or o == 5 for o in h[2]))

    drawn, inferred = tens_or_fives(False), tens_or_fives(True)
    assert drawn > 200  # most three-card hands hold one
    assert inferred < drawn / 2


def test_crazy_weighs_its_guesses_by_the_four_each_seat_kept() -> None:
    # Three seats, the dealer 0: seat 1 led the five and seat 2 laid an ace on it. A guess
    # is weighted, seat by seat, by how much likelier a good player keeps those four from
    # five (toward the crib for the dealer, away for the others) than four dealt at random.
    view = _table(["2C 3C 4C 6C", "5H 9H 8H 7H", "AD QD JD TD"], "5H AD", 0)
    table = table_view(view)
    assert table.dealer == 0
    player = computer_player("crazy", seed=3)
    assert isinstance(player, Crazy)
    hands = ((2, 3, 4, 6), (7, 8, 9), (10, 11, 12))
    away = kept_likelihood_five(-0.5)
    expected = (0.15 + 0.85 * away[(5, 7, 8, 9)]) * (0.15 + 0.85 * away[(1, 10, 11, 12)])
    assert player._guess_weight(table, hands) == pytest.approx(expected)
    # A seat whose four make nothing together is a poor guess next to one holding a run.
    assert away[(5, 7, 8, 9)] > 1 > away[(1, 10, 12, 13)]
    player.read_throw = False
    assert player._guess_weight(table, hands) == 1.0

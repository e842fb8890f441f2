"""Computer players at three and four seats (trainer.analysis.players with
``Settings(seats=3)`` or ``seats=4``): every level makes only legal decisions through whole
games, decides from its seat's view alone (no other seat's hidden card is in it, and the
same view gives the same answer), throws one card of five, and reasons about the next
player and the partnership; Crazy's look-ahead, its guesses at the other hands, and its
play and throw for the game near the end."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.plays import decisions, hard_table_views
from trainer.analysis import computer_player
from trainer.analysis.discards_five import kept_likelihood_five
from trainer.analysis.play_search.leaves import ExpectedReply
from trainer.analysis.play_search.replies import WeighedReply
from trainer.analysis.play_search.walk import PlaySearch
from trainer.analysis.players.crazy import DEPTH, Crazy, counting_out_five, crib_at_least
from trainer.analysis.players.views import table_view
from trainer.analysis.seat_views import discard_view, play_view
from trainer.analysis.tournament.variants import PLAYERS, tournament_player
from trainer.engine import (
    DECK,
    Card,
    Game,
    Pegging,
    Phase,
    SeatView,
    Settings,
    parse_cards,
    score_show,
)
from trainer.engine.events import ShowEvent

ALL = PLAYERS


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
    player = tournament_player(level, seed=f"{game.seed}:{len(game.events)}")
    answer = player.discard(view) if phase is Phase.DISCARD else player.play(view)
    again = tournament_player(level, seed=f"{game.seed}:{len(game.events)}")
    same = again.discard(view) if phase is Phase.DISCARD else again.play(view)
    assert answer == same  # the view and the seed decide it
    return answer


@dataclass
class _Checked:
    """The tournament's player at ``level`` in ``game``, as :func:`_decide` makes it afresh
    for each decision and checks it."""

    level: str
    game: Game

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        throw = _decide(self.level, self.game, view.seat, Phase.DISCARD)
        assert isinstance(throw, tuple), throw
        return throw

    def play(self, view: SeatView) -> Card | None:
        card = _decide(self.level, self.game, view.seat, Phase.PLAY)
        assert not isinstance(card, tuple), card
        return card


def _whole_game(levels: tuple[str, ...], seed: int, target: int) -> Game:
    game = Game(Settings(target=target, seats=len(levels)), seed=seed)
    for decision in decisions(game, [_Checked(level, game) for level in levels]):
        seat, decided = decision.seat, decision.decided
        if isinstance(decided, tuple):
            assert len(decided) == 1
            assert game.can_discard(seat, decided), (levels[seat], decided)
        elif decided is None:
            assert game.can_go(seat), f"{levels[seat]} said go while a card fits"
        else:
            assert game.can_lay(seat, decided), (levels[seat], decided)
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
            throw = tournament_player(level, seed=1).discard(view)
            assert throw == (parse_cards("9H")[0],), (level, players, dealer)
    with pytest.raises(ValueError, match="five cards"):
        computer_player("hard", seed=1).discard(
            discard_view(five[:4], seat=0, dealer=0, scores=(0, 0, 0), players=3)
        )


def _table(
    hands: list[str], moves: str, seat: int, scores: tuple[int, ...] | None = None
) -> SeatView:
    """The view of ``seat`` after ``moves`` (cards laid or ``go``, seat 1 leading; the
    dealer seat 0, the starter 2S), at ``scores`` by side (none yet by default)."""
    play = Pegging([list(parse_cards(h)) for h in hands], leader=1)
    for move in moves.split():
        play.go() if move == "go" else play.lay(parse_cards(move)[0])
    sides = 2 if len(hands) == 4 else 3
    return play_view(
        play,
        seat,
        starter=parse_cards("2S")[0],
        discards=(),
        dealer=0,
        scores=scores if scores is not None else (0,) * sides,
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
        player = Crazy(3)
        deal = player._deal_guess if infer else player._deal_once
        hands = [deal(table) for _ in range(300)]
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


def test_the_crib_chances_fall_from_one() -> None:
    for starter in range(1, 14):
        chances = crib_at_least(starter)
        assert chances[0] == pytest.approx(1.0)
        assert all(a >= b for a, b in pairwise(chances))
    assert crib_at_least(5)[8] > crib_at_least(13)[8]  # a five turned makes better cribs


def test_near_the_end_crazy_plays_for_the_game() -> None:
    # Three seats, the dealer 0. After 31 seat 1 led a ten; seat 2 holds an ace and a
    # jack and needs one point: a go or the last card. Played for the game, Crazy lays
    # the jack and keeps the ace for the last card, by a clear chance.
    hands = ["KC 4H 5H 2C", "KH 9H 4D TC", "8S AH 4C JD"]
    moves = "9H 8S 4H 4D 4C 2C TC"
    ace, jack = parse_cards("AH JD")
    view = _table(hands, moves, 2, scores=(107, 116, 120))
    crazy = computer_player("crazy", seed=1)
    assert isinstance(crazy, Crazy)
    values = crazy.table_values(table_view(view))
    assert values[jack] > values[ace] + 0.1
    assert 0.0 < values[jack] <= 1.0  # a chance of winning, less the others' mean
    assert crazy.play(view) == jack
    # Far from home Crazy plays the same position for the points, by its look-ahead.
    far = _table(hands, moves, 2, scores=(7, 16, 20))
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
    view = _table(hands, moves, 3, scores=(106, 116))
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
    assert tournament_player("crazy-points", seed=1).discard(view) != (thrown,)
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


@pytest.mark.parametrize("seats", [3, 4])
def test_crazy_lays_the_card_the_look_ahead_values_most(seats: int) -> None:
    player = Crazy(5)
    checked = 0
    for table in hard_table_views(seats, 4):
        if len({c.order for c in table.legal}) < 2 or max(table.needs) < 121 - 60:
            continue
        values = player.expected_values(table)
        assert set(values) <= set(table.legal)
        assert {c.order for c in values} == {c.order for c in table.legal}
        state = table.hidden_state()
        # at three the others lay from what they see, as Hard weighs a card
        others = sum(1 << s for s in range(seats) if s != table.seat) if seats == 3 else 0
        look = PlaySearch(
            table.sides,
            ExpectedReply(table.sides),
            depth=DEPTH,
            replies=WeighedReply(table.sides, [0] * 14),
            replying=others,
        )
        for card, worth in values.items():
            assert worth == pytest.approx(look.worth(look.after_lay(state, card.order), table.seat))
        chosen = player._choose_table_card(table)
        assert values[chosen] == max(values.values())
        checked += 1
    assert checked > 20

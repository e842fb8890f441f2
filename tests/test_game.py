"""The game as a state machine: every action's verify/can/do, the events, the view, replay
(whole games played at random and the games at three and four seats are further down)."""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from collections.abc import Callable, Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trainer.engine as engine
from tests.reference import naive_pegging, naive_show
from trainer.engine import (
    DECK,
    AlreadyActedError,
    BadClaimError,
    BadCutError,
    BadDiscardError,
    Card,
    CardNotInHandError,
    Counting,
    CountOrderError,
    CutEvent,
    DealEvent,
    DiscardEvent,
    Event,
    Game,
    GameOverError,
    GameRecord,
    GameRuleError,
    GoEvent,
    GoWhileCardFitsError,
    Kind,
    LayEvent,
    NoSuchSeatError,
    NotACardError,
    NotationError,
    OutOfTurnError,
    OverThirtyOneError,
    Phase,
    ReplayError,
    Role,
    ScoreItem,
    Settings,
    ShowEvent,
    StarterEvent,
    Which,
    WrongPhaseError,
    counting_order,
    deal,
    deal_digest,
    parse_cards,
    parse_event,
    score_show,
    summarize,
)
from trainer.engine.settings import SettingsError
from trainer.engine.vocab import side_of

C = Card.parse


class StackedGame(Game):
    """A game whose packs are stacked by the test instead of shuffled from the seed."""

    def __init__(self, packs: dict[str, Sequence[Card]], settings: Settings | None = None) -> None:
        self.stacked = {label: tuple(pack) for label, pack in packs.items()}
        super().__init__(settings, seed=0)

    def pack(self, label: str) -> tuple[Card, ...]:
        if label in self.stacked:
            return self.stacked[label]
        return super().pack(label)

    def set_scores(self, a: int, b: int) -> None:
        """Start a test from a score near the end of a game."""
        self._scores[:] = [a, b]


def cut_pack(first: str, second: str) -> list[Card]:
    """A pack whose cut at 4 shows ``first`` and whose next cut at 4 shows ``second``."""
    a, b = C(first), C(second)
    rest = [c for c in DECK if c not in (a, b)]
    return [*rest[:4], a, b, *rest[4:]]


def pack_for(pone: str, dealer: str, starter: str) -> list[Card]:
    """A pack that deals these six cards to the pone and to the dealer (one at a time,
    pone first) and has ``starter`` where a cut at 4 finds it."""
    pone_cards, dealer_cards = parse_cards(pone), parse_cards(dealer)
    dealt = [c for pair in zip(pone_cards, dealer_cards, strict=True) for c in pair]
    rest = [c for c in DECK if c not in dealt and c != C(starter)]
    return [*dealt, *rest[:4], C(starter), *rest[4:]]


# The pegging guide's first worked example as a dealt round: the pone (seat 0) keeps
# 7♠ 7♥ 4♣ 6♦ and the dealer (seat 1) keeps 7♣ K♦ 5♠ 9♥; the play ends 11 to 5.
PONE_SIX = "7S 7H 4C 6D QC 2C"
DEALER_SIX = "7C KD 5S 9H 3H 8D"
EXAMPLE_PLAY = [
    (0, "7S"),
    (1, "7C"),
    (0, "7H"),
    (1, "KD"),
    (0, "4C"),
    (1, "5S"),
    (0, "6D"),
    (1, "9H"),
]


def example_game(
    starter: str = "AS", settings: Settings | None = None, *, to: Phase = Phase.PLAY
) -> StackedGame:
    """Seat 1 deals (the ace is lower); the example hands are dealt and kept."""
    game = StackedGame(
        {"cut:0": cut_pack("KS", "AH"), "1": pack_for(PONE_SIX, DEALER_SIX, starter)},
        settings,
    )
    game.cut_for_deal(0, at=4)
    assert game.cut_for_deal(1, at=4).dealer == 1
    if to is Phase.DISCARD:
        return game
    game.discard(0, parse_cards("QC 2C"))
    game.discard(1, parse_cards("3H 8D"))
    if to is Phase.STARTER:
        return game
    assert game.cut_starter(0, at=4).card == C(starter)
    if to is Phase.SHOW:
        for seat, card in EXAMPLE_PLAY:
            game.lay(seat, C(card))
    return game


# --- vocabulary, seed and seats -------------------------------------------------------------


def test_roles_and_seats() -> None:
    game = example_game()
    assert game.view(1).role is Role.DEALER and game.view(0).role is Role.PONE
    assert Game().view(0).role is None  # before the cut for deal
    assert engine.other(0) == 1 and engine.other(1) == 0


def test_bad_seed_and_seat() -> None:
    with pytest.raises(GameRuleError, match="seed"):
        Game(seed=-1)
    game = Game()
    for seat in (2, -1, True, "0"):
        with pytest.raises(NoSuchSeatError):
            game.verify_cut_for_deal(seat)  # type: ignore[arg-type]
        assert not game.can_cut_for_deal(seat)  # type: ignore[arg-type]
        with pytest.raises(NoSuchSeatError):
            game.view(seat)  # type: ignore[arg-type]


# --- cutting for deal ---------------------------------------------------------------------


def test_lower_card_deals_and_the_first_deal_is_dealt() -> None:
    game = StackedGame({"cut:0": cut_pack("KS", "AH")})
    assert game.phase is Phase.CUT and game.waiting_for() == (0, 1)
    first = game.cut_for_deal(0, at=4)
    assert first == CutEvent(0, 4, C("KS"), None)
    assert game.waiting_for() == (1,) and game.turn == 1
    second = game.cut_for_deal(1, at=4)
    hands, rest = deal(game.pack("1"), dealer=1)
    assert second == CutEvent(1, 4, C("AH"), 1, dealt=deal_digest(hands, rest))
    assert game.dealer == 1 and game.pone == 0 and game.deal_no == 1
    assert game.phase is Phase.DISCARD
    assert len(game.view(0).hand) == len(game.view(1).hand) == 6
    assert game.view(0).hand == hands[0] and game.view(1).hand == hands[1]


def test_cut_for_deal_is_by_rank_not_value() -> None:
    game = StackedGame({"cut:0": cut_pack("JD", "QC")})
    game.cut_for_deal(0, at=4)
    assert game.cut_for_deal(1, at=4).dealer == 0


def test_equal_ranks_cut_again_from_a_new_pack() -> None:
    game = StackedGame(
        {
            "cut:0": cut_pack("5H", "5S"),
            "cut:1": cut_pack("KD", "KC"),
            "cut:2": cut_pack("9C", "3D"),
        }
    )
    for _ in range(2):
        game.cut_for_deal(1, at=4)  # either seat may cut first
        tie = game.cut_for_deal(0, at=4)
        assert tie.dealer is None and game.phase is Phase.CUT and game.waiting_for() == (0, 1)
    game.cut_for_deal(0, at=4)
    assert game.cut_for_deal(1, at=4).dealer == 1
    assert [e.card for e in game.view(0).cuts] == list(parse_cards("5H 5S KD KC 9C 3D"))


def test_cut_for_deal_errors() -> None:
    game = Game(seed=5)
    assert game.cut_range() == (4, 48)
    for at in (3, 49, -1, 4.5, "7"):
        with pytest.raises(BadCutError, match="between 4 and 48"):
            game.verify_cut_for_deal(0, at)  # type: ignore[arg-type]
        assert not game.can_cut_for_deal(0, at)  # type: ignore[arg-type]
    assert game.can_cut_for_deal(0, 48)
    game.cut_for_deal(0, at=48)
    assert game.cut_range() == (4, 47)  # one card fewer for the second cut
    with pytest.raises(AlreadyActedError, match="already cut"):
        game.verify_cut_for_deal(0)
    with pytest.raises(WrongPhaseError):
        game.verify_discard(0, game.view(0).hand)


def test_cut_positions_default_to_the_seed() -> None:
    a, b = Game(seed=9), Game(seed=9)
    assert a.cut_for_deal(0) == b.cut_for_deal(0)
    assert a.cut_for_deal(1) == b.cut_for_deal(1)


def test_swapping_the_seats_deals_the_same_cards_by_role() -> None:
    """With one seed, cutting in the other order swaps the dealer and every deal gives
    the same cards to the same role, and the same starter, whatever was played."""
    for seed in range(20):
        a, b = Game(seed=seed), Game(seed=seed)
        first = a.cut_for_deal(0)
        second = a.cut_for_deal(1)
        if second.dealer is None:
            continue
        assert b.cut_for_deal(1).card == first.card
        assert b.cut_for_deal(0).card == second.card
        assert b.dealer == 1 - (a.dealer or 0) and a.dealer is not None
        rng_a, rng_b = random.Random(seed), random.Random(seed + 100)  # played differently
        for _ in range(3):
            assert a.view(a.dealer).hand == b.view(1 - a.dealer).hand
            for game, rng in ((a, rng_a), (b, rng_b)):
                while game.phase is not Phase.PLAY:
                    seat = game.waiting_for()[0]
                    if game.phase is Phase.DISCARD:
                        game.discard(seat, rng.sample(game.view(seat).hand, 2))
                    else:
                        game.cut_starter(seat)
            assert a.starter == b.starter
            for game, rng in ((a, rng_a), (b, rng_b)):
                while game.phase is not Phase.DONE and not game.is_over:
                    random_action(game, rng)
            if a.is_over or b.is_over:
                break
            a.next_deal()
            b.next_deal()


def test_seeded_cut_for_deal_over_many_seeds() -> None:
    dealers = []
    ties = 0
    for seed in range(200):
        game = Game(seed=seed)
        while game.phase is Phase.CUT:
            a = game.cut_for_deal(0)
            b = game.cut_for_deal(1)
            assert a.card != b.card
            if b.dealer is None:
                assert a.card.order == b.card.order
                ties += 1
            else:
                assert (a.card.order < b.card.order) == (b.dealer == 0)
        dealers.append(game.dealer)
    assert ties > 0 and set(dealers) == {0, 1}


# --- the deal and the discard -----------------------------------------------------------------


def test_each_deal_is_shuffled_from_the_seed() -> None:
    a, b, c = Game(seed=21), Game(seed=21), Game(seed=22)
    assert a.pack("1") == b.pack("1") == engine.shuffled_pack(21, "1")
    assert a.pack("1") != a.pack("2") and a.pack("1") != c.pack("1")
    assert sorted(a.pack("7"), key=lambda card: card.index) == list(DECK)


def test_every_rules_error_is_a_rule_error() -> None:
    game = example_game()
    with pytest.raises(engine.RuleError):
        game.lay(1, C("7C"))  # the play's OutOfTurnError
    with pytest.raises(engine.RuleError):
        game.next_deal()  # the game's WrongPhaseError
    assert issubclass(engine.RuleError, ValueError)


def test_discard_to_the_crib() -> None:
    game = example_game(to=Phase.DISCARD)
    event = game.discard(1, parse_cards("3H 8D"))
    assert event == DiscardEvent(1, (C("3H"), C("8D")))
    assert event.awards == () and event.points_for(1) == 0
    assert game.phase is Phase.DISCARD and game.waiting_for() == (0,)
    assert game.view(1).hand == parse_cards("7C KD 5S 9H")
    assert game.view(1).discards == parse_cards("3H 8D")
    assert game.view(0).opponent_discarded and not game.view(1).opponent_discarded
    game.discard(0, parse_cards("QC 2C"))
    assert game.phase is Phase.STARTER and game.turn == 0
    assert set(game.crib) == set(parse_cards("QC 2C 3H 8D"))


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ("QC", BadDiscardError, "exactly two"),
        ("QC 2C 7S", BadDiscardError, "exactly two"),
        ("QC 3H", CardNotInHandError, "3♥ is not in player 1's hand"),
    ],
)
def test_bad_discards_are_refused(cards: str, error: type[Exception], message: str) -> None:
    game = example_game(to=Phase.DISCARD)
    with pytest.raises(error, match=message):
        game.discard(0, parse_cards(cards))
    assert not game.can_discard(0, parse_cards(cards))
    assert len(game.view(0).hand) == 6 and game.events[-1].notation().startswith("cut")


def test_a_discard_names_two_different_cards_once() -> None:
    game = example_game(to=Phase.DISCARD)
    with pytest.raises(BadDiscardError, match="twice"):
        game.discard(0, parse_cards("QC QC", allow_duplicates=True))
    with pytest.raises(BadDiscardError, match="two cards"):
        game.discard(0, ["QC", "2C"])  # type: ignore[list-item]
    game.discard(0, parse_cards("QC 2C"))
    with pytest.raises(AlreadyActedError, match="already given"):
        game.discard(0, parse_cards("7S 7H"))


# --- the starter --------------------------------------------------------------------------


def test_the_pone_cuts_the_starter() -> None:
    game = example_game(to=Phase.STARTER)
    assert game.cut_range() == (4, 36)
    with pytest.raises(OutOfTurnError, match="player 1's turn"):
        game.verify_cut_starter(1, 4)
    with pytest.raises(BadCutError):
        game.verify_cut_starter(0, 37)
    assert game.can_cut_starter(0, 36) and not game.can_cut_starter(1, 4)
    event = game.cut_starter(0, at=4)
    assert event == StarterEvent(0, 4, C("AS"), ())
    assert game.starter == C("AS") and game.phase is Phase.PLAY and game.turn == 0
    assert game.scores == (0, 0)


def test_his_heels_pegs_two_for_the_dealer() -> None:
    game = example_game(starter="JD")
    heels = (1, ScoreItem(Kind.HIS_HEELS, (C("JD"),), 2))
    assert game.events[-1].awards == (heels,)
    assert game.scores == (0, 2)


def test_his_heels_can_win_the_game() -> None:
    game = example_game(starter="JD", to=Phase.STARTER)
    game.set_scores(100, 119)
    event = game.cut_starter(0, at=4)
    assert event.points_for(1) == 2
    assert game.winner == 1 and game.phase is Phase.OVER and game.scores == (100, 121)
    with pytest.raises(GameOverError, match="player 2 reached 121"):
        game.lay(0, C("7S"))
    assert game.skunk() == 0


# --- the play -----------------------------------------------------------------------------


def test_the_worked_example_play_pegs_eleven_to_five() -> None:
    game = example_game()
    events = [game.lay(seat, C(card)) for seat, card in EXAMPLE_PLAY]
    assert game.scores == (11, 5)
    assert [e.count for e in events] == [7, 14, 21, 31, 4, 9, 15, 24]
    assert events[2].awards == ((0, ScoreItem(Kind.PAIR, parse_cards("7S 7C 7H"), 6)),)
    assert events[-1].items_for(1) == (ScoreItem(Kind.LAST_CARD, (C("9H"),), 1),)
    assert game.phase is Phase.SHOW
    assert game.view(0).laid == tuple((s, C(c)) for s, c in EXAMPLE_PLAY)
    view = game.view(1)
    assert view.mine_played == parse_cards("7C KD 5S 9H")
    assert view.theirs_played == parse_cards("7S 7H 4C 6D")
    assert view.hand == () and view.kept == parse_cards("7C KD 5S 9H") and view.opponent == 0


def test_play_errors() -> None:
    game = example_game()
    with pytest.raises(OutOfTurnError):
        game.verify_lay(1, C("7C"))
    with pytest.raises(CardNotInHandError):
        game.verify_lay(0, C("7C"))
    with pytest.raises(NotACardError):
        game.verify_lay(0, "7S")  # type: ignore[arg-type]
    with pytest.raises(GoWhileCardFitsError):
        game.verify_go(0)
    assert not game.can_go(0) and game.can_lay(0, C("7S"))
    for seat, card in EXAMPLE_PLAY[:3]:
        game.lay(seat, C(card))  # the count is 21
    game.lay(1, C("KD"))  # 31
    game.lay(0, C("6D"))
    game.lay(1, C("9H"))
    game.lay(0, C("4C"))  # 19
    assert game.can_lay(1, C("5S")) and not game.can_lay(0, C("4C"))


def test_would_pass_31_and_go() -> None:
    # The pone keeps K Q J 9, the dealer 5 5 A 2: after K Q (20) J (30) ...
    game = StackedGame(
        {
            "cut:0": cut_pack("KS", "AH"),
            "1": pack_for("KH QH JH 9H 3C 4C", "5S 5D AC 2D 8S 8D", "6C"),
        }
    )
    game.cut_for_deal(0, at=4)
    game.cut_for_deal(1, at=4)
    game.discard(0, parse_cards("3C 4C"))
    game.discard(1, parse_cards("8S 8D"))
    game.cut_starter(0, at=4)
    game.lay(0, C("KH"))
    game.lay(1, C("5S"))  # 15 for 2
    game.lay(0, C("QH"))  # 25
    assert game.turn == 1
    game.lay(1, C("5D"))  # 30
    with pytest.raises(OverThirtyOneError, match="past 31"):
        game.verify_lay(0, C("JH"))
    assert game.turn == 0 and game.can_go(0) and not game.can_lay(0, C("9H"))
    with pytest.raises(OutOfTurnError):
        game.go(1)
    go = game.go(0)
    assert go == GoEvent(0, 30, ()) and game.turn == 1
    last = game.lay(1, C("AC"))  # 31 for 2
    assert last.awards == ((1, ScoreItem(Kind.THIRTY_ONE, last.awards[0][1].cards, 2)),)
    assert game.view(0).count == 0 and game.turn == 0  # the pone said go, so leads


def test_the_game_ends_the_moment_121_is_reached_in_the_play() -> None:
    game = example_game()
    game.set_scores(115, 80)
    game.lay(0, C("7S"))
    game.lay(1, C("7C"))  # 82
    event = game.lay(0, C("7H"))  # a pair royal: 121
    assert event.points_for(0) == 6
    assert game.winner == 0 and game.scores == (121, 82) and game.phase is Phase.OVER
    assert game.skunk() == 1 and game.turn is None and game.waiting_for() == ()
    for act in (
        lambda: game.lay(1, C("KD")),
        lambda: game.go(1),
        lambda: game.count_hand(0),
        game.next_deal,
        lambda: game.discard(0, parse_cards("QC 2C")),
    ):
        with pytest.raises(GameOverError, match="over"):
            act()
    # The view still shows the series the game ended in.
    assert game.view(1).count == 21 and len(game.view(1).series) == 3


def test_the_last_card_point_can_win_the_game() -> None:
    game = example_game()
    for seat, card in EXAMPLE_PLAY[:-1]:
        game.lay(seat, C(card))
    game.set_scores(11, 120)
    assert game.lay(1, C("9H")).awards == ((1, ScoreItem(Kind.LAST_CARD, (C("9H"),), 1)),)
    assert game.winner == 1 and game.phase is Phase.OVER  # no show after the win


# --- the show -----------------------------------------------------------------------------

STARTER = C("AS")
PONE_HAND = score_show(parse_cards("7S 7H 4C 6D"), STARTER)
DEALER_HAND = score_show(parse_cards("7C KD 5S 9H"), STARTER)
CRIB = score_show(parse_cards("QC 2C 3H 8D"), STARTER, crib=True)


def test_the_show_counts_pone_dealer_crib() -> None:
    game = example_game(to=Phase.SHOW)
    assert (
        game.show_order == counting_order(1) == ((0, Which.HAND), (1, Which.HAND), (1, Which.CRIB))
    )
    assert game.turn == 0
    with pytest.raises(CountOrderError, match="next is player 1's hand"):
        game.verify_count_hand(1, Which.HAND)
    with pytest.raises(CountOrderError, match="the crib is the dealer's"):
        game.verify_count_hand(0, Which.CRIB)
    with pytest.raises(CountOrderError, match="not something to count"):
        game.verify_count_hand(0, "pile")
    with pytest.raises(BadClaimError, match="automatic"):
        game.verify_count_hand(0, Which.HAND, 8)
    assert game.true_count() == PONE_HAND.total
    pone = game.count_hand(0)
    assert pone.score == PONE_HAND and pone.awarded == PONE_HAND.total and pone.claimed is None
    assert pone.awards == tuple((0, item) for item in PONE_HAND.items)
    with pytest.raises(CountOrderError):
        game.count_hand(1, Which.CRIB)
    dealer = game.count_hand(1, "hand")
    crib = game.count_hand(1, Which.CRIB)
    assert (dealer.score, crib.score) == (DEALER_HAND, CRIB) and crib.score.crib
    assert game.scores == (11 + PONE_HAND.total, 5 + DEALER_HAND.total + CRIB.total)
    assert game.phase is Phase.DONE and game.turn is None
    assert [e.which for e in game.view(0).shown] == [Which.HAND, Which.HAND, Which.CRIB]


def test_the_pone_can_win_in_the_show_before_the_dealer_counts() -> None:
    game = example_game(to=Phase.SHOW)
    game.set_scores(119, 100)
    game.count_hand(0)
    assert game.winner == 0 and game.phase is Phase.OVER and game.show_order == ()
    with pytest.raises(GameOverError):
        game.count_hand(1)
    assert game.skunk() == 0


def test_the_dealer_can_win_on_the_hand_before_the_crib() -> None:
    game = example_game(to=Phase.SHOW)
    game.set_scores(50, 121 - DEALER_HAND.total)
    game.count_hand(0)
    game.count_hand(1)
    assert game.winner == 1 and game.skunk() == 2  # the pone is below 61
    assert game.summary().seats[1].crib == 0  # the crib was never counted


def test_muggins_missed_points_go_to_the_other_seat() -> None:
    game = example_game(to=Phase.SHOW, settings=Settings(counting=Counting.MUGGINS))
    true = PONE_HAND.total
    event = game.count_hand(0, Which.HAND, true - 3)
    assert (event.claimed, event.true, event.awarded, event.muggins) == (
        true - 3,
        true,
        true - 3,
        3,
    )
    assert event.points_for(0) == true - 3 and event.points_for(1) == 3
    assert event.awards[1] == (1, ScoreItem(Kind.MUGGINS, PONE_HAND.hand, 3))
    assert game.scores == (11 + true - 3, 5 + 3)


def test_muggins_an_overclaim_scores_only_what_is_there() -> None:
    game = example_game(to=Phase.SHOW, settings=Settings(counting=Counting.MUGGINS))
    event = game.count_hand(0, Which.HAND, 29)
    assert (event.awarded, event.muggins) == (PONE_HAND.total, 0)
    assert event.awards == tuple((0, item) for item in PONE_HAND.items)
    exact = game.count_hand(1, Which.HAND, DEALER_HAND.total)
    assert exact.muggins == 0 and exact.awarded == DEALER_HAND.total
    crib = game.count_hand(1, Which.CRIB, 0)  # the dealer forgets the crib: the pone takes it
    assert crib.awarded == 0 and crib.muggins == CRIB.total
    assert crib.points_for(0) == CRIB.total


def test_muggins_claims_must_be_points() -> None:
    game = example_game(to=Phase.SHOW, settings=Settings(counting=Counting.MUGGINS))
    for bad in (-1, 30, 2.5, True):
        with pytest.raises(BadClaimError):
            game.verify_count_hand(0, Which.HAND, bad)  # type: ignore[arg-type]
        assert not game.can_count_hand(0, Which.HAND, bad)  # type: ignore[arg-type]


def test_muggins_can_win_the_game_for_the_other_seat() -> None:
    game = example_game(to=Phase.SHOW, settings=Settings(counting=Counting.MUGGINS))
    game.set_scores(40, 119)
    event = game.count_hand(0, Which.HAND, 0)
    assert event.muggins == PONE_HAND.total and game.winner == 1


def test_no_muggins_once_the_owner_has_won() -> None:
    game = example_game(to=Phase.SHOW, settings=Settings(counting=Counting.MUGGINS))
    game.set_scores(119, 119)
    event = game.count_hand(0, Which.HAND, 2)
    assert event.awarded == 2 and event.muggins == 0 and game.winner == 0
    assert parse_event(event.notation()) == event


# --- the next deal ------------------------------------------------------------------------


def test_next_deal_alternates_the_dealer() -> None:
    game = example_game(to=Phase.SHOW)
    with pytest.raises(WrongPhaseError, match="hands are waiting"):
        game.verify_next_deal()
    for seat, which in game.show_order:
        game.count_hand(seat, which)
    assert game.can_next_deal()
    event = game.next_deal()
    hands, rest = deal(game.pack("2"), dealer=0)
    assert event == DealEvent(2, 0, dealt=deal_digest(hands, rest))
    assert game.dealer == 0 and game.pone == 1
    assert game.phase is Phase.DISCARD and game.view(0).laid == () and game.starter is None
    assert (game.view(0).hand, game.view(1).hand) == hands


def test_out_of_phase_actions_say_what_is_going_on() -> None:
    game = Game(seed=1)
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: game.discard(0, ()), "still cutting for deal"),
        (lambda: game.cut_starter(0), "still cutting"),
        (lambda: game.lay(0, C("AS")), "still cutting"),
        (lambda: game.go(0), "still cutting"),
        (lambda: game.count_hand(0), "still cutting"),
        (game.next_deal, "still cutting"),
    ]
    for act, message in cases:
        with pytest.raises(WrongPhaseError, match=message):
            act()
    assert game.events == []


# --- skunks -------------------------------------------------------------------------------


def test_skunks_off_means_no_skunk() -> None:
    for skunks, expected in ((True, 2), (False, 0)):
        game = example_game(settings=Settings(skunks=skunks))
        game.set_scores(115, 20)
        for seat, card in EXAMPLE_PLAY[:3]:
            game.lay(seat, C(card))
        assert game.winner == 0 and game.skunk() == expected


def test_the_61_point_game_skunk_line_is_31() -> None:
    game = example_game(settings=Settings(target=61))
    game.set_scores(55, 30)
    for seat, card in EXAMPLE_PLAY[:3]:
        game.lay(seat, C(card))
    assert game.winner == 0 and game.scores == (61, 32) and game.skunk() == 0
    game = example_game(settings=Settings(target=61))
    game.set_scores(55, 28)
    for seat, card in EXAMPLE_PLAY[:3]:
        game.lay(seat, C(card))
    assert game.scores == (61, 30) and game.skunk() == 1


# --- notation, repr and records -----------------------------------------------------------


def test_event_notation_examples() -> None:
    game = example_game(starter="JD", to=Phase.SHOW)
    texts = [event.notation() for event in game.events]
    second_cut = game.events[1]
    assert isinstance(second_cut, CutEvent) and second_cut.dealt is not None
    assert texts[:6] == [
        "cut seat=0 at=4 card=KS",
        f"cut seat=1 at=4 card=AH dealer=1 dealt={second_cut.dealt}",
        "discard seat=0 cards=QC-2C",
        "discard seat=1 cards=3H-8D",
        "starter seat=0 at=4 card=JD awards=1:his_heels/JD/2",
        "lay seat=0 card=7S count=7",
    ]
    assert texts[7] == "lay seat=0 card=7H count=21 awards=0:pair/7S-7C-7H/6"
    show = game.count_hand(0)
    assert show.notation().startswith("show seat=0 which=hand cards=7S-7H-4C-6D starter=JD")
    for event in game.events:
        assert parse_event(event.notation()) == event
        assert type(event).from_notation(event.notation()) == event
        assert Event.from_notation(str(event)) == event
        assert eval(repr(event), vars(engine)) == event


def test_a_record_repr_pastes_back() -> None:
    record = example_game(to=Phase.SHOW).record()
    assert eval(repr(record), vars(engine)) == record
    assert GameRecord.parse(record.notation()).lines[0] == 7  # after five headers and a blank


def test_describe() -> None:
    assert Game().describe().startswith("deal 0, no dealer yet, cut, 0-0")
    assert "dealer player 2, play, 0-0; player 1: 7♠ 7♥ 4♣ 6♦" in example_game().describe()
    assert Game(Settings(seats=3)).describe().startswith("deal 0, no dealer yet, cut, 0-0-0;")
    assert ", 0-0; " in Game(Settings(seats=4)).describe()  # two sides of partners


def test_only_a_game_of_two_has_one_opponent() -> None:
    assert Game().view(0).opponent == 1
    for seats in (3, 4):
        with pytest.raises(ValueError, match=f"a game of {seats} has no one opponent"):
            _ = Game(Settings(seats=seats)).view(0).opponent


def test_record_errors_name_the_line() -> None:
    record = example_game().record().notation()
    lines = record.splitlines()
    lines[9] = "lay seat=0 card=ZZ count=7"
    with pytest.raises(NotationError, match="line 10"):
        GameRecord.parse("\n".join(lines))
    with pytest.raises(NotationError, match="Seed"):
        GameRecord.parse('[Game "cribbage"]\n')
    with pytest.raises(NotationError, match="unknown header 'Colour'"):
        GameRecord.parse('[Seed "1"]\n[Colour "red"]\n')
    with pytest.raises(NotationError, match="not of cribbage"):
        GameRecord.parse('[Game "chess"]\n[Seed "1"]\n')
    with pytest.raises(NotationError, match="121 points"):
        GameRecord.parse('[Seed "1"]\n[Target "100"]\n')


# --- the summary --------------------------------------------------------------------------


def test_summary_adds_up_by_source() -> None:
    game = example_game(starter="JD", to=Phase.SHOW)
    for seat, which in game.show_order:
        game.count_hand(seat, which)
    summary = summarize(game.events)
    pone, dealer = summary.seats
    starter = C("JD")
    pone_hand = score_show(parse_cards("7S 7H 4C 6D"), starter)
    dealer_hand = score_show(parse_cards("7C KD 5S 9H"), starter)
    crib = score_show(parse_cards("QC 2C 3H 8D"), starter, crib=True)
    assert (pone.play, pone.hands, pone.crib, pone.heels) == (11, pone_hand.total, 0, 0)
    assert (dealer.play, dealer.hands, dealer.crib, dealer.heels) == (
        5,
        dealer_hand.total,
        crib.total,
        2,
    )
    assert summary.scores == game.scores and summary.deals == 1
    assert summary.winner is None and summary.skunk == 0
    best = max((pone_hand.total, 0), (dealer_hand.total, 1))
    assert summary.best_hand is not None and summary.best_hand.true == best[0]
    assert summary.best_hands[0] is not None and summary.best_hands[0].true == pone_hand.total


# --- whole games played at random ------------------------------------------------------------


def random_action(game: Game, rng: random.Random) -> Event:
    """One random legal action (claims under muggins are sometimes wrong)."""
    phase = game.phase
    if phase is Phase.CUT:
        seat = rng.choice(game.waiting_for())
        return game.cut_for_deal(seat, rng.randint(*game.cut_range()))
    if phase is Phase.DISCARD:
        seat = rng.choice(game.waiting_for())
        return game.discard(seat, rng.sample(game.view(seat).hand, 2))
    if phase is Phase.STARTER:
        seat = game.waiting_for()[0]
        return game.cut_starter(seat, rng.choice([None, rng.randint(*game.cut_range())]))
    if phase is Phase.PLAY:
        seat = game.waiting_for()[0]
        fits = game.view(seat).playable
        return game.lay(seat, rng.choice(fits)) if fits else game.go(seat)
    if phase is Phase.SHOW:
        seat, which = game.show_order[0]
        claimed = None
        if game.settings.muggins:
            true = game.true_count()
            claimed = rng.choice(
                [None, true, max(true - 2, 0), min(true + 2, 29), rng.randint(0, 29)]
            )
        return game.count_hand(seat, which, claimed)
    assert phase is Phase.DONE
    return game.next_deal()


def legal_alternatives(game: Game) -> int:
    """Check can_x agrees with what the game waits for; return how many checks were made."""
    checks = 0
    for seat in (0, 1):
        acting = seat in game.waiting_for()
        view = game.view(seat)
        if game.phase is Phase.PLAY:
            assert game.can_go(seat) == (acting and not view.playable)
            for card in view.hand:
                assert game.can_lay(seat, card) == (acting and card in view.playable)
                checks += 1
        elif game.phase is Phase.DISCARD:
            assert game.can_discard(seat, view.hand[:2]) == acting
        elif game.phase is Phase.STARTER:
            assert game.can_cut_starter(seat) == acting
        elif game.phase is Phase.SHOW:
            which = game.show_order[0][1]
            assert game.can_count_hand(seat, which) == acting
        elif game.phase is Phase.CUT:
            assert game.can_cut_for_deal(seat) == acting
        checks += 1
    return checks


def check_show_event(event: ShowEvent, counting: Counting) -> None:
    """A count pegs the claim, never more than is there; missed points go across."""
    assert event.true == score_show(event.cards, event.score.starter, crib=event.score.crib).total
    if counting is Counting.AUTOMATIC or event.claimed is None:
        assert event.claimed is None or counting is Counting.MUGGINS
        assert (event.awarded, event.muggins) == (event.true, 0)
        return
    assert event.awarded == min(event.claimed, event.true)
    assert event.missed == max(event.true - event.claimed, 0)
    assert event.muggins in (event.missed, 0)
    assert event.points_for(event.seat) == event.awarded
    assert event.points_for(1 - event.seat) == event.muggins


def play_random_game(seed: int, target: int, counting: Counting, rng_seed: int) -> Game:
    game = Game(Settings(target=target, counting=counting), seed=seed)
    rng = random.Random(rng_seed)
    while not game.is_over:
        legal_alternatives(game)
        random_action(game, rng)
        assert len(game.events) < 5000
    return game


@pytest.mark.parametrize(("seed", "ends_on", "before"), [(21, LayEvent, 60), (9, ShowEvent, 57)])
def test_the_peg_stops_in_the_game_hole(seed: int, ends_on: type, before: int) -> None:
    """The event that wins keeps every point in the record, but pegs only those that take
    the winner to the target: the score, the results by source and a replay say 61."""
    game = play_random_game(seed, 61, Counting.AUTOMATIC, seed)
    winner, last = game.winner, game.events[-1]
    assert winner is not None and isinstance(last, ends_on)
    made = [sum(e.points_for(s) for e in game.events) for s in (0, 1)]
    assert made[winner] - last.points_for(winner) == before and made[winner] > 61
    assert game.scores[winner] == 61 and game.scores[1 - winner] == made[1 - winner]
    summary = game.summary()
    assert summary.scores == game.scores and summary.seats[winner].total == 61
    assert Game.replay(GameRecord.parse(game.record().notation())).scores == game.scores


SEEDS = st.integers(0, 2**32 - 1)
TARGETS = st.sampled_from([61, 121])
COUNTINGS = st.sampled_from(list(Counting))


@settings(max_examples=25, derandomize=True, deadline=None)
@given(seed=SEEDS, target=TARGETS, counting=COUNTINGS, rng_seed=SEEDS)
def test_random_games_replay_from_their_records(
    seed: int, target: int, counting: Counting, rng_seed: int
) -> None:
    game = play_random_game(seed, target, counting, rng_seed)
    text = game.record().notation()
    record = GameRecord.parse(text)
    assert record == game.record()
    again = Game.replay(record)
    assert again.events == game.events
    assert again.scores == game.scores and again.winner == game.winner
    assert again.view(0) == game.view(0) and again.view(1) == game.view(1)
    for event in game.events:
        assert parse_event(event.notation()) == event
        if isinstance(event, ShowEvent):
            check_show_event(event, counting)
    # Every point came from an event, the game ended on the event that reached the target,
    # and the peg stopped in the game hole.
    made = tuple(sum(e.points_for(s) for e in game.events) for s in (0, 1))
    assert game.scores == tuple(min(points, target) for points in made)
    winner = game.winner
    assert winner is not None and game.scores[winner] == target > game.scores[1 - winner]
    assert made[winner] - game.events[-1].points_for(winner) < target
    summary = game.summary()
    assert summary.scores == game.scores and summary.deals == game.deal_no
    assert summary.winner == game.winner and summary.skunk == game.skunk()
    dealers = [e.dealer for e in game.events if isinstance(e, DealEvent)]
    first = next(e.dealer for e in game.events if isinstance(e, CutEvent) and e.dealer is not None)
    assert dealers == [(first + n) % 2 for n in range(1, len(dealers) + 1)]


@settings(max_examples=15, derandomize=True, deadline=None)
@given(seed=SEEDS, counting=COUNTINGS, rng_seed=SEEDS, stop=st.integers(0, 400))
def test_replay_restores_a_game_stopped_at_any_point(
    seed: int, counting: Counting, rng_seed: int, stop: int
) -> None:
    game = Game(Settings(counting=counting), seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(stop):
        if game.is_over:
            break
        random_action(game, rng)
    again = Game.from_notation(game.record().notation())
    assert again.phase == game.phase and again.waiting_for() == game.waiting_for()
    assert again.view(0) == game.view(0) and again.view(1) == game.view(1)
    # Both carry on identically.
    a, b = random.Random(1), random.Random(1)
    for _ in range(30):
        if game.is_over:
            break
        assert random_action(game, a) == random_action(again, b)


@settings(max_examples=30, derandomize=True, deadline=None)
@given(seed=SEEDS, rng_seed=SEEDS, steps=st.integers(0, 300))
def test_a_view_never_shows_the_other_seats_unplayed_cards_or_the_crib(
    seed: int, rng_seed: int, steps: int
) -> None:
    game = Game(Settings(target=61), seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(steps):
        if game.is_over:
            break
        random_action(game, rng)
        for seat in (0, 1):
            view = game.view(seat)
            them = 1 - seat
            theirs = game.view(them)
            secret = set(theirs.hand) | set(theirs.discards)
            shown = {c for e in view.shown for c in e.cards}
            secret -= shown
            visible = (
                set(view.hand)
                | set(view.kept)
                | set(view.discards)
                | {c for _, c in view.laid}
                | {c for _, c in view.series}
                | shown
                | ({view.starter} if view.starter else set())
            )
            assert not visible & secret
            # Nothing in the view's whole record names a secret card (the cut for deal
            # is from a pack of its own, so its cards may turn up again in the deal).
            words = set(repr(dataclasses.replace(view, cuts=())).split("'"))
            assert not words & {str(c) for c in secret}
            assert view.opponent_cards == len(theirs.hand)
            if view.phase in (Phase.CUT, Phase.DISCARD, Phase.STARTER):
                assert view.starter is None
            assert view.count == sum(card.pips for _, card in view.series) <= 31
            crib_shown = any(e.which is Which.CRIB for e in view.shown)
            if not crib_shown:
                assert not set(theirs.discards) & visible


def test_random_games_end_in_the_play_and_in_the_show() -> None:
    ends: dict[str, int] = {}
    for seed in range(60):
        game = play_random_game(seed, 61, Counting.AUTOMATIC, seed)
        kind = type(game.events[-1]).__name__
        ends[kind] = ends.get(kind, 0) + 1
        if isinstance(game.events[-1], ShowEvent):
            shown_this_deal = game.view(0).shown
            assert 1 <= len(shown_this_deal) <= 3 and shown_this_deal[-1] == game.events[-1]
            assert game.show_order == ()  # the hands after the winning count are never counted
    assert ends.get("LayEvent", 0) > 0 and ends.get("ShowEvent", 0) > 0


# --- each deal's digest ---------------------------------------------------------------------


def test_every_deal_is_written_with_a_digest_of_its_cards() -> None:
    game = play_random_game(11, 121, Counting.AUTOMATIC, 11)
    starts = [
        e
        for e in game.events
        if isinstance(e, DealEvent) or (isinstance(e, CutEvent) and e.dealer is not None)
    ]
    assert len(starts) == game.deal_no > 3
    assert all(e.dealt is not None and len(e.dealt) == 8 for e in starts)
    assert len({e.dealt for e in starts}) == len(starts)
    assert Game.replay(GameRecord.parse(game.record().notation())).events == game.events


def test_a_record_dealt_from_other_cards_is_refused_not_replayed_as_another_game() -> None:
    text = play_random_game(5, 61, Counting.AUTOMATIC, 5).record().notation()
    written = re.findall(r"dealt=([0-9a-f]{8})", text)[1]  # the second deal's
    other = text.replace(f"dealt={written}", "dealt=00000000")
    with pytest.raises(ReplayError, match="deals other cards than the game was played with"):
        Game.replay(GameRecord.parse(other))


def test_a_record_from_before_digests_still_replays() -> None:
    game = play_random_game(5, 61, Counting.AUTOMATIC, 5)
    old = re.sub(r" dealt=[0-9a-f]{8}", "", game.record().notation())
    assert "dealt=" not in old
    replayed = Game.replay(GameRecord.parse(old))
    assert replayed.view(0) == game.view(0) and replayed.scores == game.scores


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("deal no=2 dealer=0 dealt=XYZ", "is not a deal's digest"),
        ("cut seat=0 at=4 card=KS dealt=0123abcd", "names no dealer deals nothing"),
    ],
)
def test_a_bad_digest_is_refused_with_the_reason(line: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_event(line)


# --- three players, and four as two partnerships ---------------------------------------------


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
    for _, game in _games(players, 150):
        _check_game(game)


@pytest.mark.slow
@pytest.mark.long
@pytest.mark.parametrize("players", [3, 4])
def test_thousands_of_random_games_hold_up_against_the_referee(players: int) -> None:
    """1,350 games of each size more (2,700 in all), muggins and 61-point games among them,
    after the 150 of each that every run checks."""
    for _, game in _games(players, 1500, first=150):
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

"""The game as a state machine: every action's verify/can/do, the events, the view, replay
(whole games played at random are in ``tests/test_game_random.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

import trainer.engine as engine
from tests.test_game_random import random_action
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


def test_replay_refuses_a_record_that_does_not_hold_up() -> None:
    game = Game(seed=4)
    game.cut_for_deal(0, at=10)
    game.cut_for_deal(1, at=10)
    text = game.record().notation()
    assert Game.from_notation(text).view(0) == game.view(0)
    lines = text.splitlines()
    wrong_card = next(c for c in DECK if c != game.events[0].card)  # type: ignore[attr-defined]
    lines[6] = f"cut seat=0 at=10 card={wrong_card}"
    with pytest.raises(ReplayError, match=r"event 1 \(line 7\).*the game made"):
        Game.from_notation("\n".join(lines))
    lines = text.splitlines()
    lines[7] = "cut seat=0 at=10 card=AS"  # the same seat twice
    with pytest.raises(ReplayError, match=r"event 2 .*already cut"):
        Game.from_notation("\n".join(lines))
    bad = GameRecord(game.settings, game.seed, (LayEvent(0, C("AS"), 1),))
    with pytest.raises(
        ReplayError, match=r"event 1, 'lay seat=0 card=AS count=1'.*still cutting for deal"
    ):
        Game.replay(bad)


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

"""The play as a state machine: turns, the count, go, last card, resets and refusals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.reference import Plain, naive_pegging, naive_play
from trainer.engine import (
    DECK,
    Card,
    CardNotInHandError,
    DuplicateCardError,
    GoWhileCardFitsError,
    Kind,
    OutOfTurnError,
    OverThirtyOneError,
    PegEvent,
    Pegging,
    PeggingError,
    PlayOverError,
    PlayScore,
    ScoreItem,
    parse_cards,
    score_play,
)

C = Card.parse
NON_DEALER, DEALER = 0, 1


def pegging(*hands: str, leader: int = 0) -> Pegging:
    return Pegging([list(parse_cards(hand)) for hand in hands], leader=leader)


def awards(event: PegEvent) -> list[tuple[int, str, int]]:
    return [(who, item.kind, item.points) for who, item in event.awards]


def act(play: Pegging, action: str) -> PegEvent:
    return play.go() if action == "go" else play.lay(C(action))


# --- the pegging guide's worked examples -------------------------------------------


def test_worked_example_full_play_with_31_and_a_reset() -> None:
    """The pegging guide's first worked example: non-dealer 11, dealer 5."""
    play = pegging("7S 7H 4C 6D", "7C KD 5S 9H", leader=NON_DEALER)
    steps = [
        # (card, player, count, awards, scores after, next to act)
        ("7S", NON_DEALER, 7, [], [0, 0], DEALER),
        ("7C", DEALER, 14, [(DEALER, "pair", 2)], [0, 2], NON_DEALER),
        ("7H", NON_DEALER, 21, [(NON_DEALER, "pair", 6)], [6, 2], DEALER),
        # 31 for 2; the count resets and the non-dealer leads (the dealer laid last).
        ("KD", DEALER, 31, [(DEALER, "thirty-one", 2)], [6, 4], NON_DEALER),
        ("4C", NON_DEALER, 4, [], [6, 4], DEALER),
        ("5S", DEALER, 9, [], [6, 4], NON_DEALER),
        ("6D", NON_DEALER, 15, [(NON_DEALER, "fifteen", 2), (NON_DEALER, "run", 3)], [11, 4], DEALER),
        # The non-dealer is out of cards: the 9 is the last card of the play.
        ("9H", DEALER, 24, [(DEALER, "last card", 1)], [11, 5], None),
    ]  # fmt: skip
    for card, player, count, expected, scores, next_player in steps:
        assert play.turn == player
        event = play.lay(C(card))
        assert event.player == player
        assert event.card == C(card)
        assert event.count == count
        assert awards(event) == expected
        assert play.scores == scores
        assert event.next_player == next_player
    assert play.history[3].series_over and not play.history[3].play_over
    assert play.history[-1].play_over
    assert play.is_over
    assert play.scores == [11, 5]
    assert play.series == [
        [(0, C("7S")), (1, C("7C")), (0, C("7H")), (1, C("KD"))],
        [(0, C("4C")), (1, C("5S")), (0, C("6D")), (1, C("9H"))],
    ]


def test_worked_example_play_with_a_go_and_an_out_of_order_run() -> None:
    """The pegging guide's second worked example: non-dealer 7, dealer 8."""
    play = pegging("8C 6H 9S JD", "7D 5S TC QH", leader=NON_DEALER)
    steps = [
        # (action, player, count, awards, scores after, next to act)
        ("8C", NON_DEALER, 8, [], [0, 0], DEALER),
        ("7D", DEALER, 15, [(DEALER, "fifteen", 2)], [0, 2], NON_DEALER),
        ("6H", NON_DEALER, 21, [(NON_DEALER, "run", 3)], [3, 2], DEALER),
        ("5S", DEALER, 26, [(DEALER, "run", 4)], [3, 6], NON_DEALER),
        # 9 and J would pass 31: go. The dealer's 10 and Q do not fit either, so the
        # dealer pegs 1 for the go at once and the non-dealer leads the new count.
        ("go", NON_DEALER, 26, [(DEALER, "go", 1)], [3, 7], NON_DEALER),
        ("9S", NON_DEALER, 9, [], [3, 7], DEALER),
        ("TC", DEALER, 19, [], [3, 7], NON_DEALER),
        ("JD", NON_DEALER, 29, [(NON_DEALER, "run", 3)], [6, 7], DEALER),
        # The queen would make 39: the dealer says go, and the non-dealer (out of
        # cards) pegs 1 for the go. The dealer then plays on alone.
        ("go", DEALER, 29, [(NON_DEALER, "go", 1)], [7, 7], DEALER),
        ("QH", DEALER, 10, [(DEALER, "last card", 1)], [7, 8], None),
    ]  # fmt: skip
    for action, player, count, expected, scores, next_player in steps:
        assert play.turn == player
        if action == "go":
            assert play.must_go()
            assert play.playable() == ()
        event = act(play, action)
        assert event.player == player
        assert event.card == (None if action == "go" else C(action))
        assert event.count == count
        assert awards(event) == expected
        assert play.scores == scores
        assert event.next_player == next_player
    assert [e.series_over for e in play.history] == [
        False, False, False, False, True, False, False, False, True, True,
    ]  # fmt: skip
    assert play.scores == [7, 8]
    run_of_four = play.history[3].awards[0][1]
    assert set(run_of_four.cards) == set(parse_cards("8C 7D 6H 5S"))
    assert play.history[-1].awards[0][1].cards == (C("QH"),)


def test_worked_example_broken_run_through_the_play() -> None:
    """The pegging guide's third worked example, laid by two players: 3 for the 6."""
    play = pegging("4C 4D", "5S 6H")
    assert awards(play.lay(C("4C"))) == []
    assert awards(play.lay(C("5S"))) == []
    assert awards(play.lay(C("4D"))) == []
    six = play.lay(C("6H"))
    assert six.count == 19
    assert awards(six) == [(1, "run", 3), (1, "last card", 1)]
    assert score_play(parse_cards("4C 5S 4D 6H")).total == 3


# --- errors ----------------------------------------------------------------------------


def test_each_illegal_action_has_its_own_error() -> None:
    errors = [
        CardNotInHandError,
        OverThirtyOneError,
        OutOfTurnError,
        GoWhileCardFitsError,
        PlayOverError,
    ]
    for error in errors:
        assert issubclass(error, PeggingError)
        assert issubclass(error, ValueError)
        assert [e for e in errors if issubclass(error, e)] == [error]


def test_card_not_in_hand() -> None:
    play = pegging("7S 7H", "7C KD")
    with pytest.raises(CardNotInHandError) as caught:
        play.lay(C("7C"))  # the other player's card
    assert caught.value.card == C("7C")
    assert caught.value.player == 0
    assert "7♣" in str(caught.value)
    with pytest.raises(CardNotInHandError):
        play.lay(C("2D"))  # nobody's card
    assert not play.can_lay(C("2D"))
    assert play.history == [] and play.count == 0


def test_over_31() -> None:
    play = pegging("KS QS AS", "KH JH 9D")
    for card in ("KS", "KH", "QS"):
        play.lay(C(card))
    assert play.count == 30
    assert play.turn == 1
    with pytest.raises(OverThirtyOneError) as caught:
        play.lay(C("9D"))
    assert caught.value.count == 30
    assert caught.value.card == C("9D")
    assert not play.can_lay(C("9D"))
    assert play.count == 30 and C("9D") in play.hands[1]  # nothing changed


def test_out_of_turn_names_both_players() -> None:
    play = pegging("7S 7H", "7C KD")
    with pytest.raises(OutOfTurnError) as caught:
        play.lay(C("7C"), seat=1)
    assert (caught.value.player, caught.value.turn) == (1, 0)
    assert "player 1's turn, not player 2's" in str(caught.value)
    with pytest.raises(OutOfTurnError):
        play.go(seat=1)
    assert not play.can_lay(C("7C"), seat=1)
    assert not play.can_go(seat=1)
    # Naming the right player is fine.
    assert play.lay(C("7S"), seat=0).player == 0
    assert play.lay(C("7C"), seat=1).player == 1


def test_go_while_a_card_fits() -> None:
    play = pegging("KS AS", "KH QH")
    play.lay(C("KS"))
    play.lay(C("KH"))
    assert play.count == 20
    with pytest.raises(GoWhileCardFitsError) as caught:
        play.go()
    assert caught.value.playable == (C("AS"),)
    assert "A♠" in str(caught.value)
    assert not play.can_go()
    assert not play.must_go()


def test_play_over() -> None:
    play = pegging("AS", "2S")
    play.lay(C("AS"))
    event = play.lay(C("2S"))
    assert event.play_over and play.is_over
    assert event.next_player is None
    with pytest.raises(PlayOverError):
        play.lay(C("AS"))
    with pytest.raises(PlayOverError):
        play.go()
    assert not play.can_go()
    assert not play.must_go()
    assert play.playable() == ()


def test_bad_setups() -> None:
    with pytest.raises(ValueError, match="two players"):
        Pegging([list(parse_cards("AS"))])
    with pytest.raises(ValueError, match="leader"):
        pegging("AS", "2S", leader=2)
    with pytest.raises(DuplicateCardError):
        pegging("AS 2S", "2S 3S")


# --- go, last card and resets ------------------------------------------------------------


def test_last_card_that_makes_31_scores_only_the_31() -> None:
    play = pegging("KS AS", "KH QH")
    play.lay(C("KS"))
    assert awards(play.lay(C("KH"))) == [(1, "pair", 2)]
    play.lay(C("AS"))
    last = play.lay(C("QH"))
    assert last.count == 31
    assert awards(last) == [(1, "thirty-one", 2)]  # no extra point for last card
    assert last.play_over
    assert play.scores == [0, 4]


def test_go_after_a_31_is_not_scored_on_top() -> None:
    play = pegging("KS AS 5C", "KH QH 2D")
    play.lay(C("KS"))
    play.lay(C("KH"))
    play.lay(C("AS"))
    event = play.lay(C("QH"))
    assert awards(event) == [(1, "thirty-one", 2)]
    assert event.series_over and not event.play_over
    assert play.count == 0
    assert play.turn == 0  # the player who did not make the 31 leads


def test_go_point_goes_to_the_last_player_to_lay() -> None:
    play = pegging("KS QS 2C", "KH 9D 3C")
    play.lay(C("KS"))  # 10
    play.lay(C("KH"))  # 20, pair
    play.lay(C("QS"))  # 30
    assert play.turn == 1 and play.must_go() and play.can_go()
    event = play.go()
    # Player 0 cannot lay the 2 either (32): player 0 pegs the go at once.
    assert awards(event) == [(0, "go", 1)]
    assert event.series_over
    assert play.turn == 1  # the player who said go leads
    assert play.count == 0 and play.pile == []


def test_after_a_go_the_other_player_keeps_laying() -> None:
    play = pegging("KS QS AC 2C", "KH 9D 3C 4C")
    for card in ("KS", "KH", "QS"):
        play.lay(C(card))  # 30
    assert play.turn == 1
    play.go()  # 9 and 3 and 4 all go past 31: but player 0 has the ace
    assert play.turn == 0
    assert play.playable() == (C("AC"),)
    event = play.lay(C("AC"))  # 31 for 2
    assert awards(event) == [(0, "thirty-one", 2)]
    assert event.series_over
    assert play.turn == 1


def test_the_player_who_said_go_is_not_asked_again() -> None:
    play = pegging("KS 9S AC AD", "KH QH 8D 7C")
    for card in ("KS", "KH", "9S"):
        play.lay(C(card))  # 29
    assert play.turn == 1
    play.go()
    assert play.turn == 0
    event = play.lay(C("AC"))  # 30
    assert awards(event) == []
    assert play.turn == 0  # player 1 already said go: player 0 lays on
    event = play.lay(C("AD"))  # 31, and a pair
    assert awards(event) == [(0, "thirty-one", 2), (0, "pair", 2)]
    assert play.turn == 1 and play.count == 0


def test_combinations_never_span_a_reset() -> None:
    play = pegging("5S 9S JS", "7H TH QH")
    for card in ("5S", "7H", "9S"):
        play.lay(C(card))
    thirty_one = play.lay(C("TH"))
    assert awards(thirty_one) == [(1, "thirty-one", 2)]
    assert play.turn == 0
    assert awards(play.lay(C("JS"))) == []  # 9-10-J would be a run across the reset
    last = play.lay(C("QH"))
    assert awards(last) == [(1, "last card", 1)]  # no run of 9-10-J-Q, no 15
    assert play.series == [
        [(0, C("5S")), (1, C("7H")), (0, C("9S")), (1, C("TH"))],
        [(0, C("JS")), (1, C("QH"))],
    ]
    # A pair across a go's reset scores nothing either.
    play = pegging("KS QS 5D", "KH 9C 5C")
    for card in ("KS", "KH", "QS"):
        play.lay(C(card))
    play.go()
    assert play.count == 0
    play.lay(C("9C"))
    assert awards(play.lay(C("5D"))) == []
    assert awards(play.lay(C("5C"))) == [(1, "pair", 2), (1, "last card", 1)]


def test_one_player_plays_on_alone() -> None:
    play = pegging("KS", "QH TH 9C 2D")
    play.lay(C("KS"))
    play.lay(C("QH"))
    assert play.turn == 1  # player 0 has no cards: player 1 lays again
    event = play.lay(C("TH"))  # 30: nothing else fits, and nobody else can lay
    assert awards(event) == [(1, "go", 1)]
    assert event.series_over and event.next_player == 1
    play.lay(C("9C"))
    last = play.lay(C("2D"))
    assert awards(last) == [(1, "last card", 1)]
    assert play.scores == [0, 2]
    assert play.series == [
        [(0, C("KS")), (1, C("QH")), (1, C("TH"))],
        [(1, C("9C")), (1, C("2D"))],
    ]


def test_the_callers_hands_are_not_changed() -> None:
    hands = [list(parse_cards("AS 2S")), list(parse_cards("3S 4S"))]
    play = Pegging(hands)
    play.lay(C("AS"))
    assert hands[0] == list(parse_cards("AS 2S"))
    assert play.hands[0] == [C("2S")]


def test_leader_can_be_either_player() -> None:
    play = pegging("AS 2S", "3S 4S", leader=1)
    assert play.turn == 1
    with pytest.raises(OutOfTurnError):
        play.lay(C("AS"), seat=0)
    with pytest.raises(CardNotInHandError):
        play.lay(C("AS"))  # without a player named, the card is the leader's to lay
    assert play.lay(C("3S")).next_player == 0


# --- three players ------------------------------------------------------------------------


def test_three_players_clockwise_with_the_go_passing_round() -> None:
    """The encyclopedia's play for more than two: clockwise turns, each player unable to
    lay says go in turn, the last to lay pegs the go, and the player on their left leads."""
    play = pegging("TS 9S 2S AS", "KH QH JH TH", "5D 6D 4D 3D", leader=0)
    script = [
        # (action, player, awards, next)
        ("TS", 0, [], 1),
        ("KH", 1, [], 2),
        ("6D", 2, [], 0),
        ("AS", 0, [], 1),  # 27
        ("go", 1, [], 2),  # a ten-card would make 37
        ("3D", 2, [], 0),  # 30
        ("go", 0, [(2, "go", 1)], 0),  # 9 and 2 are too big; player 1 already went
        # New count led by player 0, on the left of player 2.
        ("9S", 0, [], 1),
        ("QH", 1, [], 2),
        ("5D", 2, [], 0),  # 24
        ("2S", 0, [], 1),  # 26
        ("go", 1, [], 2),
        ("4D", 2, [(2, "go", 1)], 1),  # 30; players 0 and 2 are out of cards
        ("JH", 1, [], 1),
        ("TH", 1, [(1, "last card", 1)], None),
    ]
    for action, player, expected, next_player in script:
        assert play.turn == player, action
        event = act(play, action)
        assert event.player == player
        assert awards(event) == expected, action
        assert event.next_player == next_player, action
    assert play.is_over
    assert play.scores == [0, 1, 2]
    assert [len(s) for s in play.series] == [5, 5, 2]


def test_three_players_after_a_31_the_next_player_clockwise_leads() -> None:
    play = pegging("KS TD", "KH 6C", "AH 3S", leader=0)
    play.lay(C("KS"))  # 10
    assert awards(play.lay(C("KH"))) == [(1, "pair", 2)]  # 20
    assert play.turn == 2
    play.lay(C("AH"))  # 21
    event = play.lay(C("TD"))  # 31 for player 0
    assert awards(event) == [(0, "thirty-one", 2)]
    assert event.series_over
    assert event.next_player == 1  # on the left of the player who made 31
    play.lay(C("6C"))
    last = play.lay(C("3S"))
    assert awards(last) == [(2, "last card", 1)]
    assert play.scores == [2, 2, 1]


def test_three_players_skip_a_player_with_no_cards() -> None:
    play = pegging("KS", "QH 2C", "JD AC", leader=0)
    play.lay(C("KS"))  # 10
    play.lay(C("QH"))  # 20
    play.lay(C("JD"))  # 30
    assert play.turn == 1  # player 0 has no cards left
    event = play.go()  # the 2 would make 32; player 2's ace fits
    assert awards(event) == []
    assert play.turn == 2
    event = play.lay(C("AC"))  # 31
    assert awards(event) == [(2, "thirty-one", 2)]
    assert play.turn == 1  # player 0 (on player 2's left) has no cards: player 1 leads
    assert awards(play.lay(C("2C"))) == [(1, "last card", 1)]


# --- can_* agrees with verify_* ------------------------------------------------------------


def _agree(play: Pegging) -> None:
    for player in range(play.players):
        for card in DECK:
            try:
                play.verify_lay(card, seat=player)
            except PeggingError:
                ok = False
            else:
                ok = True
            assert play.can_lay(card, seat=player) is ok
        try:
            play.verify_go(seat=player)
        except PeggingError:
            ok = False
        else:
            ok = True
        assert play.can_go(seat=player) is ok


def _random_play(hands: list[list[Card]], leader: int, rng: random.Random) -> Pegging:
    play = Pegging(hands, leader=leader)
    steps = 0
    while not play.is_over:
        steps += 1
        assert steps <= 60
        fits = play.playable()
        assert play.must_go() is (not fits)
        assert play.can_go() is (not fits)
        for card in play.hands[play.turn]:
            assert play.can_lay(card) is (card in fits)
        if fits:
            play.lay(rng.choice(fits))
        else:
            play.go()
    return play


def test_can_and_verify_agree_through_a_whole_play() -> None:
    play = pegging("8C 6H 9S JD", "7D 5S TC QH")
    for action in ("8C", "7D", "6H", "5S", "go", "9S", "TC", "JD", "go", "QH"):
        _agree(play)
        act(play, action)
    _agree(play)


# --- random whole plays --------------------------------------------------------------------


@settings(max_examples=400, derandomize=True, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 2, 3, 4]),
    uneven=st.booleans(),
)
def test_random_plays_conserve_cards_and_score_their_awards(
    seed: int, players: int, uneven: bool
) -> None:
    """Random legal choices for 2 to 4 players (four cards each, or uneven hands, some
    empty): every card is laid once, scores are the awards, and an independent referee
    agrees on every turn and every point."""
    rng = random.Random(seed)
    sizes = [rng.randint(0, 6) for _ in range(players)] if uneven else [4] * players
    if not any(sizes):
        sizes[0] = 1
    cards = rng.sample(DECK, sum(sizes))
    hands = [cards[sum(sizes[:i]) : sum(sizes[: i + 1])] for i in range(players)]
    leader = rng.randrange(players)
    play = _random_play([list(h) for h in hands], leader, rng)

    # Every card laid exactly once, by its owner.
    laid = [(e.player, e.card) for e in play.history if e.card is not None]
    assert sorted(c.index for _, c in laid) == sorted(c.index for c in cards)
    for who, card in laid:
        assert card in hands[who]
    assert [pc for series in play.series for pc in series] == laid
    # Scores are exactly the awards, and each lay's own items are score_play's.
    totals = [0] * players
    for event in play.history:
        for who, item in event.awards:
            totals[who] += item.points
    assert play.scores == totals
    for series in play.series:
        pile = [c for _, c in series]
        assert sum(c.pips for c in pile) <= 31
    lays = iter(e for e in play.history if e.card is not None)
    for series in play.series:
        pile = [c for _, c in series]
        for n in range(1, len(pile) + 1):
            event = next(lays)
            own = [item for who, item in event.awards if item.kind not in ("go", "last card")]
            assert tuple(own) == score_play(pile[:n]).items
            assert all(who == event.player for who, item in event.awards if item in own)
    # An event that ends a series names what closed it: the one go, last card or 31 it awards
    # (to the last player to lay); an event within a series names nothing.
    for event in play.history:
        closers = [a for a in event.awards if a[1].kind in ("go", "last card", "thirty-one")]
        if event.series_over:
            assert event.closing == closers[-1]
            assert event.closing[0] == event.player or event.card is None
        else:
            assert event.closing is None
            assert not [a for a in closers if a[1].kind != "thirty-one"]
    # Exactly one last-card point (unless the last card made 31), and it is the last event's.
    ends = [item for e in play.history for _, item in e.awards if item.kind == "last card"]
    assert len(ends) == (0 if play.history[-1].count == 31 else 1)
    # An independent referee, fed the same actions, agrees on turns and points.
    actions: list[Plain | None] = [
        None if e.card is None else (e.card.order, e.card.suit.value) for e in play.history
    ]
    plain_hands = [[(c.order, c.suit.value) for c in h] for h in hands]
    actors, scores = naive_pegging(plain_hands, leader, actions)
    assert actors == [e.player for e in play.history]
    assert scores == play.scores


@settings(max_examples=40, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_can_and_verify_agree_in_random_plays(seed: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(DECK, 8)
    play = Pegging([cards[0::2], cards[1::2]], leader=rng.randrange(2))
    while not play.is_over:
        _agree(play)
        fits = play.playable()
        if fits:
            play.lay(rng.choice(fits))
        else:
            play.go()
    _agree(play)


def test_laid_is_each_players_cards_in_order_across_series() -> None:
    play = Pegging([list(parse_cards("KS QS 9H 2D")), list(parse_cards("KH JD 8C AS"))], leader=0)
    for card in parse_cards("KS KH QS AS"):  # 10, 20, 30, 31
        play.lay(card)
    assert play.pile == []  # 31 ends the series; the next one begins
    for card in parse_cards("9H JD"):
        play.lay(card)
    assert play.pile == list(parse_cards("9H JD"))
    assert play.laid(0) == parse_cards("KS QS 9H")
    assert play.laid(1) == parse_cards("KH AS JD")


# --- scoring a card as it is laid in the play ------------------------------------------------


PROPERTY = settings(max_examples=300, derandomize=True, deadline=None)


def play(text: str) -> PlayScore:
    return score_play(parse_cards(text))


def scored(text: str) -> list[tuple[str, int]]:
    return [(item.kind, item.points) for item in play(text).items]


# --- the pegging guide's worked examples ---------------------------------------------


def test_broken_run_worked_example() -> None:
    """The pegging guide's third worked example: 4, 5, 4, 6 pegs 3 for the 6."""
    assert play("4C").total == 0
    assert play("4C 5S").total == 0
    after_second_four = play("4C 5S 4D")
    assert after_second_four.total == 0  # no run, and no pair with the 5 before it
    six = play("4C 5S 4D 6H")
    assert six.count == 19
    assert scored("4C 5S 4D 6H") == [("run", 3)]
    assert six.items[0].cards == parse_cards("5S 4D 6H")
    assert six.explain() == "a run of three, 4-5-6, for 3"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7S 5H 6D", [("run", 3)]),  # the guide: 7, 5, 6 is a run for the 6
        ("7S 5H 6D 8C", [("run", 4)]),  # and the 8 makes it four
        ("7S 5H 6D 4C", [("run", 4)]),  # or a 4
        ("3S 4H KD 5C", []),  # a stranger breaks it
        ("8S 7H 7D 6C", []),  # and so does a duplicate
    ],
)
def test_runs_from_the_guides(text: str, expected: list[tuple[str, int]]) -> None:
    assert scored(text) == expected


# --- fifteen and thirty-one -----------------------------------------------------------------


def test_fifteen_and_thirty_one() -> None:
    assert scored("7S 8H") == [("fifteen", 2)]
    assert scored("KS QS JS AS") == [("thirty-one", 2)]
    fifteen = play("7S 8H")
    assert fifteen.items[0] == ScoreItem(Kind.FIFTEEN, parse_cards("7S 8H"), 2)
    assert fifteen.explain() == "15 for 2"
    assert play("KS QS JS AS").explain() == "31 for 2"


def test_a_thirty_one_that_also_makes_a_run_scores_both() -> None:
    """Regression: the 31 and the run are both scored."""
    assert play("TS 6S 7H 8D").count == 31
    assert scored("TS 6S 7H 8D") == [("thirty-one", 2), ("run", 3)]
    assert play("TS 6S 7H 8D").total == 5
    assert scored("5S 5H 6S 7S 8S") == [("thirty-one", 2), ("run", 4)]


def test_a_thirty_one_that_also_makes_a_pair_scores_both() -> None:
    assert play("9S AH AD KC KH").count == 31
    assert scored("9S AH AD KC KH") == [("thirty-one", 2), ("pair", 2)]
    assert scored("7S 7D 8S 8H AC") == [("thirty-one", 2)]  # the ace pairs nothing


def test_fifteen_with_a_run_and_with_a_pair() -> None:
    assert play("4C 5S 6D").explain() == "15 for 2, and a run of three, 4-5-6, for 3"
    assert scored("AS 7S 7H") == [("fifteen", 2), ("pair", 2)]
    assert scored("5S 5H 5D") == [("fifteen", 2), ("pair", 6)]


# --- pairs -------------------------------------------------------------------------


def test_pair_pair_royal_double_pair_royal() -> None:
    assert scored("9S 9H") == [("pair", 2)]
    assert scored("9S 9H 9D") == [("pair", 6)]
    assert scored("2S 2H 2D 2C") == [("pair", 12)]
    assert scored("7S 7H 7D 7C") == [("pair", 12)]
    royal = play("9S 9H 9D")
    assert royal.items[0].cards == parse_cards("9S 9H 9D")
    assert royal.explain() == "a pair royal for 6"
    assert play("2S 2H 2D 2C").explain() == "a double pair royal for 12"


def test_only_the_latest_cards_of_a_rank_in_a_row_pair() -> None:
    assert scored("2S 2H 3D 2D") == []  # the 3 sits between
    assert scored("3S 2H 2D 2C") == [("pair", 6)]  # only the last three are in a row
    assert scored("2S 3H 2D 2C") == [("pair", 2)]


def test_no_pair_across_a_card_in_between() -> None:
    """Regression: 7, king, 7 is no pair."""
    assert scored("7S KD 7H") == []


def test_pairs_go_by_rank_not_value() -> None:
    assert scored("JS QS") == []
    assert scored("JS JH") == [("pair", 2)]


# --- runs --------------------------------------------------------------------------


def test_two_cards_in_sequence_are_not_a_run() -> None:
    """Regression: no two-card runs."""
    assert scored("5S 6S") == []
    assert scored("2S 3S") == []
    assert scored("KS QH") == []


def test_runs_of_six_and_seven() -> None:
    """Regression: long runs in the play, laid in order and out of order."""
    six = play("AS 2S 3H 4D 5C 6S")
    assert six.count == 21
    assert scored("AS 2S 3H 4D 5C 6S") == [("run", 6)]
    seven = play("AS 2S 3H 4D 5C 6S 7H")
    assert seven.count == 28
    assert scored("AS 2S 3H 4D 5C 6S 7H") == [("run", 7)]
    assert seven.explain() == "a run of seven, A-2-3-4-5-6-7, for 7"
    # Out of order: 4, 2, 3, 5, A, 6, 7 grows a run with every card from the 3 on.
    pile = parse_cards("4S 2S 3H 5D AC 6S 7H")
    runs = [score_play(pile[:n]).items for n in range(1, 8)]
    assert [tuple((i.kind, i.points) for i in r) for r in runs] == [
        (),
        (),
        (("run", 3),),
        (("run", 4),),
        (("fifteen", 2), ("run", 5)),
        (("run", 6),),
        (("run", 7),),
    ]


def test_run_in_any_order_among_the_latest_cards() -> None:
    assert scored("9S JH TD") == [("run", 3)]
    assert scored("AS 9S JH TD") == [("run", 3)]  # the ace is outside, not inside
    assert scored("9S JH AS TD") == []  # the ace is inside: broken


def test_a_duplicate_breaks_a_longer_run() -> None:
    assert scored("3S 4H 5D 4C 6S") == [("run", 3)]  # 5-4-6, not 3-4-5-4-6
    assert scored("3S 4H 5D 5C 6S") == []  # 5-5-6: no run at the end


def test_no_run_wraps_from_king_to_ace() -> None:
    assert scored("QS KH AD") == []
    assert scored("JS QH KD") == [("run", 3)]


def test_the_run_item_holds_the_run_cards() -> None:
    result = play("KS 6H 4D 5C")
    assert result.count == 25
    assert result.items == (ScoreItem(Kind.RUN, parse_cards("6H 4D 5C"), 3),)


# --- refusals -----------------------------------------------------------------------


def test_past_31_is_refused() -> None:
    """Regression: play past 31 is refused, naming the card and the count."""
    with pytest.raises(OverThirtyOneError) as caught:
        play("TS JS QS 2D")
    assert caught.value.card == Card.parse("2D")
    assert caught.value.count == 30
    assert "32" in str(caught.value)
    assert issubclass(OverThirtyOneError, PeggingError)


def test_empty_and_repeated_piles_are_refused() -> None:
    with pytest.raises(PeggingError):
        score_play(())
    with pytest.raises(DuplicateCardError):
        score_play(parse_cards("5S 5S", allow_duplicates=True))


def test_explain_with_nothing() -> None:
    assert play("5S 6S").explain() == "no score"
    assert play("5S").items == ()
    assert play("5S").total == 0


def test_result_keeps_the_pile_and_count() -> None:
    pile = parse_cards("7S 8H 6D")
    result = score_play(list(pile))
    assert result.pile == pile
    assert result.count == 21
    assert result.total == sum(item.points for item in result.items)


# --- properties ------------------------------------------------------------------------


def _legal_prefix(cards: list[Card]) -> list[Card]:
    pile: list[Card] = []
    count = 0
    for c in cards:
        if count + c.pips > 31:
            break
        pile.append(c)
        count += c.pips
    return pile


# Any cards, or cards from a narrow band of ranks so pairs and runs are common.
any_series = st.lists(st.sampled_from(DECK), min_size=1, max_size=12, unique=True)
crowded_series = st.integers(min_value=1, max_value=10).flatmap(
    lambda low: st.lists(
        st.sampled_from([c for c in DECK if low <= c.order < low + 4]),
        min_size=1,
        max_size=12,
        unique=True,
    )
)


@PROPERTY
@given(cards=st.one_of(any_series, crowded_series))
def test_agrees_with_the_naive_scorer_on_random_legal_piles(cards: list[Card]) -> None:
    pile = _legal_prefix(cards)
    for n in range(1, len(pile) + 1):
        result = score_play(pile[:n])
        plain = [(c.order, c.suit.value) for c in pile[:n]]
        assert result.total == naive_play(plain), pile[:n]
        assert result.total == sum(item.points for item in result.items)
        assert result.count == sum(c.pips for c in pile[:n])
        assert result.count <= 31
        for item in result.items:
            assert item.cards == tuple(pile[n - len(item.cards) : n])  # the latest cards
            assert item.kind in ("fifteen", "thirty-one", "pair", "run")
            if item.kind == "run":
                assert item.points == len(item.cards) >= 3
            if item.kind == "pair":
                assert item.points == {2: 2, 3: 6, 4: 12}[len(item.cards)]


@settings(max_examples=100, derandomize=True, deadline=None)
@given(cards=st.lists(st.sampled_from(DECK), min_size=2, max_size=12, unique=True))
def test_anything_past_31_is_refused(cards: list[Card]) -> None:
    pile = _legal_prefix(cards)
    if len(pile) < len(cards):
        with pytest.raises(OverThirtyOneError):
            score_play([*pile, cards[len(pile)]])

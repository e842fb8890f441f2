"""Game flow: cutting for deal, the deal and crib, the starter, the show, winning and skunks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import (
    DECK,
    Card,
    Game,
    GameOverError,
    GameRuleError,
    PeggingError,
    ScoreItem,
    counting_order,
    cut_for_deal,
    deal,
    parse_cards,
    score_show,
    skunk,
)

C = Card.parse


class StubRandom(random.Random):
    """Hands out the cuts and packs it was given, in order, instead of shuffling."""

    def __init__(self, cuts: Sequence[str] = (), packs: Sequence[Sequence[Card]] = ()) -> None:
        super().__init__(0)
        self.cuts = [parse_cards(cut) for cut in cuts]
        self.packs = [list(pack) for pack in packs]

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        cut = self.cuts.pop(0)
        assert len(cut) == k
        return list(cut)

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        x[:] = self.packs.pop(0)


def pack_for(pone: str, dealer: str, starter: str) -> list[Card]:
    """A pack that deals these six cards to the pone and to the dealer (one at a time,
    pone first) and has ``starter`` as the first card of what is left."""
    pone_cards, dealer_cards = parse_cards(pone), parse_cards(dealer)
    assert len(pone_cards) == len(dealer_cards) == 6
    dealt = [c for pair in zip(pone_cards, dealer_cards, strict=True) for c in pair]
    rest = [c for c in DECK if c not in dealt and c != C(starter)]
    return [*dealt, C(starter), *rest]


# The pegging guide's first worked example as a dealt round: the pone (player 0) keeps
# 7♠ 7♥ 4♣ 6♦ and the dealer (player 1) keeps 7♣ K♦ 5♠ 9♥; the play ends 11 to 5.
PONE_SIX = "7S 7H 4C 6D QC 2C"
DEALER_SIX = "7C KD 5S 9H 3H 8D"
EXAMPLE_PLAY = ["7S", "7C", "7H", "KD", "4C", "5S", "6D", "9H"]


def phase_of(game: Game) -> str:
    assert game.round is not None
    return game.round.phase


def example_game(starter: str = "AS", target: int = 121) -> Game:
    rng = StubRandom(cuts=["KS AH"], packs=[pack_for(PONE_SIX, DEALER_SIX, starter)])
    game = Game(rng=rng, target=target)
    assert game.dealer == 1  # the ace is the lower card
    game.deal_round()
    game.discard(0, parse_cards("QC 2C"))
    game.discard(1, parse_cards("3H 8D"))
    assert game.turn_starter(cut_at=0) == C(starter)
    return game


# --- cutting for deal ------------------------------------------------------------------


def test_lower_card_deals() -> None:
    assert cut_for_deal(StubRandom(cuts=["KS AH"])).dealer == 1
    assert cut_for_deal(StubRandom(cuts=["2D 3C"])).dealer == 0
    assert cut_for_deal(StubRandom(cuts=["JD QC"])).dealer == 0  # by rank, not value


def test_equal_ranks_cut_again() -> None:
    cut = cut_for_deal(StubRandom(cuts=["5H 5S", "KD KC", "9C 3D"]))
    assert cut.rounds == (parse_cards("5H 5S"), parse_cards("KD KC"), parse_cards("9C 3D"))
    assert cut.dealer == 1


def test_three_players_only_a_tie_for_lowest_cuts_again() -> None:
    assert cut_for_deal(StubRandom(cuts=["9S 4H 9D"]), players=3).dealer == 1
    cut = cut_for_deal(StubRandom(cuts=["4S 4H 9D", "2C 7D AH"]), players=3)
    assert len(cut.rounds) == 2
    assert cut.dealer == 2


def test_cut_for_deal_with_a_seeded_random() -> None:
    results = [cut_for_deal(random.Random(seed)) for seed in range(200)]
    assert cut_for_deal(random.Random(7)) == cut_for_deal(random.Random(7))
    for cut in results:
        *ties, final = cut.rounds
        for cards in ties:
            assert cards[0].order == cards[1].order
        assert final[0].order != final[1].order
        assert final[cut.dealer].order < final[1 - cut.dealer].order
    assert any(len(cut.rounds) > 1 for cut in results)  # some seeds tie and cut again
    assert {cut.dealer for cut in results} == {0, 1}


# --- the deal -----------------------------------------------------------------------------


def test_deal_six_each_one_at_a_time_from_the_pone() -> None:
    hands, rest = deal(DECK, dealer=0)
    assert hands[1] == DECK[0:12:2]  # the pone (player 1) gets the first card
    assert hands[0] == DECK[1:12:2]
    assert rest == DECK[12:]
    hands, rest = deal(DECK, dealer=1)
    assert hands[0] == DECK[0:12:2]
    assert hands[1] == DECK[1:12:2]
    assert len(rest) == 40


def test_deal_for_three_goes_clockwise_from_the_dealers_left() -> None:
    hands, rest = deal(DECK, dealer=2, players=3, each=5)
    assert hands[0] == DECK[0:15:3]
    assert hands[1] == DECK[1:15:3]
    assert hands[2] == DECK[2:15:3]
    assert len(rest) == 37


def test_deal_needs_enough_cards() -> None:
    with pytest.raises(GameRuleError):
        deal(DECK[:12], dealer=0)


def test_a_round_deals_discards_to_the_crib_and_turns_a_starter() -> None:
    game = example_game()
    rnd = game.round
    assert rnd is not None
    assert rnd.dealer == 1 and rnd.pone == 0
    assert sorted(c.index for c in rnd.crib) == sorted(c.index for c in parse_cards("QC 2C 3H 8D"))
    assert rnd.kept == [parse_cards("7S 7H 4C 6D"), parse_cards("7C KD 5S 9H")]
    assert rnd.starter == C("AS")
    assert rnd.phase == "play"
    assert rnd.pegging is not None and rnd.pegging.turn == 0  # the pone leads
    assert game.scores == [0, 0]
    every = [*rnd.kept[0], *rnd.kept[1], *rnd.crib, rnd.starter, *rnd.pack]
    assert len(every) == 53 and len(set(every)) == 52  # the starter stays on the pack


def test_his_heels_pegs_two_for_the_dealer() -> None:
    game = example_game(starter="JD")
    assert game.scores == [0, 2]
    assert game.log == [(1, ScoreItem("his heels", (C("JD"),), 2))]


def test_a_jack_starter_can_win_the_game() -> None:
    rng = StubRandom(cuts=["KS AH"], packs=[pack_for(PONE_SIX, DEALER_SIX, "JD")])
    game = Game(rng=rng)
    game.deal_round()
    game.discard(0, parse_cards("QC 2C"))
    game.discard(1, parse_cards("3H 8D"))
    game.scores[1] = 119
    game.turn_starter(cut_at=0)
    assert game.winner == 1 and game.is_over
    assert game.round is not None and game.round.phase == "done"


def test_the_deal_alternates() -> None:
    game = Game(rng=random.Random(11))
    first = game.dealer
    for n in range(4):
        rnd = game.deal_round()
        assert rnd.dealer == (first + n) % 2
        _finish_round(game, random.Random(n))
        if game.is_over:
            break


# --- the play and the show inside a game -----------------------------------------------------


def test_a_whole_round_scores_the_play_then_pone_dealer_crib() -> None:
    game = example_game()
    for card in EXAMPLE_PLAY:
        game.lay(C(card))
    assert game.scores == [11, 5]
    rnd = game.round
    assert rnd is not None and rnd.phase == "show"
    shows = game.show()
    assert [(s.player, s.what) for s in shows] == [(0, "hand"), (1, "hand"), (1, "crib")]
    starter = C("AS")
    pone = score_show(parse_cards("7S 7H 4C 6D"), starter)
    dealer = score_show(parse_cards("7C KD 5S 9H"), starter)
    crib = score_show(parse_cards("QC 2C 3H 8D"), starter, crib=True)
    assert [s.score.total for s in shows] == [pone.total, dealer.total, crib.total]
    assert shows[2].score.crib and not shows[0].score.crib
    assert game.scores == [11 + pone.total, 5 + dealer.total + crib.total]
    assert not any(s.won for s in shows)
    assert phase_of(game) == "done"
    assert game.scores == [sum(item.points for who, item in game.log if who == p) for p in (0, 1)]


def test_the_game_ends_the_moment_121_is_reached_in_the_play() -> None:
    game = example_game()
    game.scores[:] = [115, 80]
    game.lay(C("7S"))
    assert not game.lay(C("7C"))  # dealer pairs: 82
    assert game.lay(C("7H"))  # pair royal for the pone: 121, game over at once
    assert game.winner == 0
    assert game.scores == [121, 82]
    assert game.round is not None and game.round.phase == "done"
    assert game.skunk() == 1
    with pytest.raises(GameRuleError):
        game.lay(C("KD"))
    with pytest.raises(GameRuleError):
        game.show()
    with pytest.raises(GameOverError):
        game.deal_round()
    with pytest.raises(GameOverError):
        game.peg(1, ScoreItem("go", (), 1))


def test_acting_after_the_game_is_won_says_the_game_is_over() -> None:
    game = example_game()
    game.scores[:] = [115, 80]
    for card in ("7S", "7C", "7H"):
        game.lay(C(card))
    assert game.is_over
    with pytest.raises(GameOverError, match="over"):
        game.lay(C("KD"))
    with pytest.raises(GameOverError, match="over"):
        game.show()


def test_the_last_card_point_can_win_the_game() -> None:
    game = example_game()
    for card in EXAMPLE_PLAY[:-1]:
        game.lay(C(card))
    game.scores[1] = 120
    assert game.lay(C("9H"))
    assert game.winner == 1
    assert game.log[-1] == (1, ScoreItem("last card", (C("9H"),), 1))
    assert phase_of(game) == "done"  # no show after the game is won


def test_describe_round() -> None:
    game = example_game()
    text = game.describe_round()
    assert text.startswith("dealer player 2, play")
    assert "player 1: 7♠ 7♥ 4♣ 6♦" in text
    assert Game(rng=random.Random(1)).describe_round() == "no deal yet"


def test_the_pone_can_win_in_the_show_before_the_dealer_counts() -> None:
    game = example_game()
    for card in EXAMPLE_PLAY:
        game.lay(C(card))
    game.scores[:] = [119, 100]
    pone = score_show(parse_cards("7S 7H 4C 6D"), C("AS"))
    assert pone.total > 2  # the hand has more than the first item
    shows = game.show()
    assert len(shows) == 1  # the dealer's hand and crib are never counted
    assert shows[0].won and shows[0].player == 0
    assert game.scores == [119 + pone.items[0].points, 100]  # pegging stops at the win
    assert game.log[-1] == (0, pone.items[0])
    assert game.winner == 0
    assert game.skunk() == 0


def test_the_dealer_can_win_on_the_hand_before_the_crib() -> None:
    game = example_game()
    for card in EXAMPLE_PLAY:
        game.lay(C(card))
    game.scores[:] = [50, 119]
    shows = game.show()
    assert [(s.player, s.what, s.won) for s in shows] == [(0, "hand", False), (1, "hand", True)]
    assert game.winner == 1
    assert game.scores[1] == 121
    assert game.skunk() == 2  # the pone is below 61


def test_the_61_point_game() -> None:
    game = example_game(target=61)
    game.scores[:] = [55, 20]
    for card in ("7S", "7C", "7H"):
        game.lay(C(card))
    assert game.winner == 0
    assert game.scores == [61, 22]
    assert game.skunk() == 1


def test_only_121_and_61_point_games() -> None:
    with pytest.raises(GameRuleError):
        Game(rng=random.Random(1), target=100)


# --- skunks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winner", "loser", "target", "expected"),
    [
        (121, 91, 121, 0),
        (121, 90, 121, 1),
        (121, 61, 121, 1),
        (121, 60, 121, 2),
        (121, 0, 121, 2),
        (123, 120, 121, 0),
        (61, 31, 61, 0),
        (61, 30, 61, 1),
        (61, 0, 61, 1),
        (120, 10, 121, 0),  # nobody has won yet
    ],
)
def test_skunk_thresholds(winner: int, loser: int, target: int, expected: int) -> None:
    assert skunk(winner, loser, target) == expected


def test_skunk_needs_a_known_game_length() -> None:
    with pytest.raises(GameRuleError):
        skunk(100, 10, target=100)


def test_no_skunk_before_a_win() -> None:
    game = Game(rng=random.Random(2))
    assert game.skunk() == 0


# --- counting order -------------------------------------------------------------------------


def test_counting_order_pone_dealer_crib() -> None:
    assert counting_order(0) == ((1, "hand"), (0, "hand"), (0, "crib"))
    assert counting_order(1) == ((0, "hand"), (1, "hand"), (1, "crib"))
    assert counting_order(1, players=3) == ((2, "hand"), (0, "hand"), (1, "hand"), (1, "crib"))


# --- acting out of phase ------------------------------------------------------------------


def test_out_of_phase_actions_are_refused() -> None:
    rng = StubRandom(cuts=["KS AH"], packs=[pack_for(PONE_SIX, DEALER_SIX, "AS")])
    game = Game(rng=rng)
    with pytest.raises(GameRuleError, match="no deal yet"):
        game.discard(0, parse_cards("QC 2C"))
    with pytest.raises(GameRuleError):
        game.lay(C("7S"))
    with pytest.raises(GameRuleError):
        game.show()
    game.deal_round()
    with pytest.raises(GameRuleError, match="finish the current deal"):
        game.deal_round()
    with pytest.raises(GameRuleError):
        game.turn_starter()
    with pytest.raises(GameRuleError):
        game.lay(C("7S"))
    with pytest.raises(GameRuleError):
        game.go()
    game.discard(0, parse_cards("QC 2C"))
    with pytest.raises(GameRuleError, match="already"):
        game.discard(0, parse_cards("7S 7H"))
    with pytest.raises(GameRuleError):
        game.turn_starter()  # the dealer has not discarded yet
    game.discard(1, parse_cards("3H 8D"))
    with pytest.raises(GameRuleError):
        game.show()
    with pytest.raises(GameRuleError, match="cut somewhere"):
        game.turn_starter(cut_at=40)
    game.turn_starter(cut_at=0)
    with pytest.raises(GameRuleError):
        game.show()  # the play comes first
    with pytest.raises(GameRuleError):
        game.discard(0, parse_cards("7S 7H"))
    with pytest.raises(PeggingError):
        game.lay(C("7C"))  # not the pone's card: the pegging errors come through
    assert game.scores == [0, 0]


def test_bad_discards_are_refused() -> None:
    rng = StubRandom(cuts=["KS AH"], packs=[pack_for(PONE_SIX, DEALER_SIX, "AS")])
    game = Game(rng=rng)
    game.deal_round()
    with pytest.raises(GameRuleError, match="exactly two"):
        game.discard(0, parse_cards("QC"))
    with pytest.raises(GameRuleError, match="exactly two"):
        game.discard(0, parse_cards("QC 2C 7S"))
    with pytest.raises(GameRuleError, match="not in player 1's hand"):
        game.discard(0, parse_cards("QC 3H"))
    with pytest.raises(ValueError):
        game.discard(0, parse_cards("QC QC", allow_duplicates=True))
    assert game.round is not None and game.round.crib == []
    assert len(game.round.hands[0]) == 6


def test_a_player_who_is_not_in_the_game_cannot_discard() -> None:
    rng = StubRandom(cuts=["KS AH"], packs=[pack_for(PONE_SIX, DEALER_SIX, "AS")])
    game = Game(rng=rng)
    game.deal_round()
    for player in (2, -1):
        with pytest.raises(GameRuleError):
            game.discard(player, parse_cards("3H 8D"))


def test_a_game_for_three_is_refused_or_can_be_counted() -> None:
    try:
        game = Game(rng=random.Random(1), players=3)
    except GameRuleError:
        return
    game.deal_round()
    _finish_round(game, random.Random(2))


# --- whole random games -----------------------------------------------------------------------


def _finish_round(game: Game, rng: random.Random) -> None:
    """Discard, cut, play and show one round with random legal choices."""
    rnd = game.round
    assert rnd is not None
    for player in range(game.players):
        game.discard(player, rng.sample(rnd.hands[player], 2))
    game.turn_starter()
    while rnd.phase == "play":
        assert rnd.pegging is not None
        fits = rnd.pegging.playable()
        if fits:
            game.lay(rng.choice(fits))
        else:
            game.go()
    if rnd.phase == "show":
        game.show()
    assert rnd.phase == "done"


@settings(max_examples=12, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), target=st.sampled_from([61, 121]))
def test_random_games_run_to_a_winner(seed: int, target: int) -> None:
    game = Game(rng=random.Random(seed), target=target)
    choices = random.Random(seed + 1)
    dealers = []
    while not game.is_over:
        before = list(game.scores)
        rnd = game.deal_round()
        dealers.append(rnd.dealer)
        every = [c for hand in rnd.hands for c in hand] + rnd.pack
        assert len(set(every)) == 52
        _finish_round(game, choices)
        assert all(after >= b for after, b in zip(game.scores, before, strict=True))
        assert len(dealers) < 60
    winner = game.winner
    assert winner is not None
    assert game.scores[winner] >= target
    assert game.scores[1 - winner] < target
    # The winning point was the last one pegged; nothing was pegged after it.
    assert game.log[-1][0] == winner
    assert game.scores[winner] - game.log[-1][1].points < target
    assert game.scores == [sum(i.points for who, i in game.log if who == p) for p in (0, 1)]
    assert dealers == [(dealers[0] + n) % 2 for n in range(len(dealers))]
    assert game.skunk() == skunk(game.scores[winner], game.scores[1 - winner], target)

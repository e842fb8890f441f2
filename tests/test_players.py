"""Computer players: always legal, the same decisions from the same seed, bad input
refused, each level's habits, and Crazy's play for the game near the end."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from tests.plays import deal_decisions
from trainer.analysis import LEVELS, computer_player, random_play
from trainer.analysis.players import END, ComputerPlayer
from trainer.analysis.players.crazy import Crazy
from trainer.analysis.players.views import Race, two_seat_view
from trainer.analysis.seat_views import discard_view, play_view
from trainer.analysis.sound import kept_likelihood
from trainer.analysis.tournament.variants import VARIANTS, tournament_player
from trainer.engine import DECK, Card, Game, Pegging, Phase, SeatView, Settings, parse_cards


def _c(text: str) -> Card:
    return parse_cards(text)[0]


def test_levels_and_unknown_level() -> None:
    assert LEVELS == ("easy", "normal", "hard", "crazy")
    assert VARIANTS == ("crazy-open", "crazy-points")  # for comparisons, not on the Play page
    for level in LEVELS:
        assert computer_player(level, seed=1).level == level
    for level in (*LEVELS, *VARIANTS):
        assert tournament_player(level, seed=1).level == level
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        computer_player("expert", seed=1)
    with pytest.raises(ValueError, match="unknown level 'crazy-points'"):
        computer_player("crazy-points", seed=1)  # the Play page's levels only


def _play_deal(
    players: Sequence[ComputerPlayer],
    rng: random.Random,
    scores: tuple[int, int],
    target: int = 121,
) -> list[object]:
    """One discard and play between two players, every answer checked; returns the
    decisions in order."""
    cards = rng.sample(DECK, 13)
    six = [tuple(cards[:6]), tuple(cards[6:12])]
    starter = cards[12]
    dealer = rng.randrange(2)
    decisions: list[object] = []
    played = deal_decisions(
        players, six, starter=starter, dealer=dealer, scores=scores, target=target
    )
    for decision, play in played:
        choice = decision.decided
        if play is None:
            throw = choice
            assert isinstance(throw, tuple) and len(throw) == 2
            assert throw[0] != throw[1] and set(throw) <= set(six[decision.seat])
        elif choice is None:
            assert play.can_go(), "said go while a card fits"
        else:
            assert isinstance(choice, Card) and play.can_lay(choice), f"{choice} is not legal now"
        decisions.append(choice)
    return decisions


def _random_scores(rng: random.Random) -> tuple[int, int]:
    if rng.random() < 0.5:
        return (rng.randrange(0, 40), rng.randrange(0, 40))
    return (rng.randrange(90, 121), rng.randrange(90, 121))


def test_quick_levels_are_always_legal_over_thousands_of_deals() -> None:
    rng = random.Random(2026)
    quick = ("easy", "normal", "hard")
    for i in range(2000):
        a, b = rng.choice(quick), rng.choice(quick)
        players = (computer_player(a, seed=i), computer_player(b, seed=-i))
        _play_deal(players, rng, _random_scores(rng))


@pytest.mark.parametrize(("level", "deals"), [("crazy", 48), ("crazy-points", 100)])
def test_crazy_is_always_legal(level: str, deals: int) -> None:
    rng = random.Random(7)
    for i in range(deals):
        other = computer_player(rng.choice(LEVELS), seed=i)
        crazy = tournament_player(level, seed=i)
        players = (crazy, other) if i % 2 else (other, crazy)
        _play_deal(players, rng, _random_scores(rng))


@pytest.mark.parametrize("level", [*LEVELS, *VARIANTS])
def test_same_seed_same_decisions(level: str) -> None:
    runs = []
    for _ in range(2):
        rng = random.Random(99)
        players = (tournament_player(level, seed=5), tournament_player(level, seed=6))
        runs.append([_play_deal(players, rng, _random_scores(rng)) for _ in range(6)])
    assert runs[0] == runs[1]


def test_easy_is_random_with_different_seeds() -> None:
    six = parse_cards("AS 3D 6C 8H TS KD")
    throws = {
        computer_player("easy", seed=s).discard(discard_view(six, seat=0, dealer=1))
        for s in range(30)
    }
    assert len(throws) > 3


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "scores", "message"),
    [
        ("AS 3D 6C 8H TS", (0, 0), "six cards"),
        ("AS 3D 6C 8H TS TS", (0, 0), "twice"),
        ("AS 3D 6C 8H TS KD", (121, 3), "already over"),
        ("AS 3D 6C 8H TS KD", (-1, 3), "negative"),
    ],
)
def test_bad_discard_questions(hand: str, scores: tuple[int, int], message: str) -> None:
    view = discard_view(parse_cards(hand, allow_duplicates=True), seat=0, dealer=0, scores=scores)
    for level in LEVELS:
        with pytest.raises(ValueError, match=message):
            computer_player(level, seed=1).discard(view)


def test_a_player_is_asked_with_a_view_of_the_right_moment() -> None:
    player = computer_player("normal", seed=1)
    with pytest.raises(ValueError, match="SeatView"):
        player.discard(parse_cards("AS 3D 6C 8H TS KD"))  # type: ignore[arg-type]
    view = _position("5H 6C 7D 8S", "KD QD JD TD", "5H KD")
    with pytest.raises(ValueError, match="discard comes after the deal"):
        player.discard(view)
    with pytest.raises(ValueError, match="not seat 1's turn"):
        player.play(replace(view, seat=1))
    with pytest.raises(ValueError, match="must make"):
        player.play(replace(view, hand=view.hand[:2]))
    over = _position("5H 6C 7D 8S", "KD QD JD TD", "5H KD 6C QD 7D JD 8S go TD")
    with pytest.raises(ValueError, match="play is over"):
        player.play(over)


def _position(
    mine: str,
    theirs: str,
    moves: str,
    *,
    dealer: bool = False,
    starter: str = "2S",
    crib: str = "",
    scores: tuple[int, int] = (0, 0),
    target: int = 121,
) -> SeatView:
    """The view of the seat holding ``mine`` after ``moves`` (cards laid or ``go``, in
    turn, the pone first) against ``theirs``; ``scores`` are (mine, theirs)."""
    me = 1 if dealer else 0
    hands = (
        [parse_cards(theirs), parse_cards(mine)]
        if dealer
        else [parse_cards(mine), parse_cards(theirs)]
    )
    play = Pegging([list(h) for h in hands], leader=0)
    for move in moves.split():
        if move == "go":
            play.go()
        else:
            play.lay(_c(move))
    by_seat = scores if me == 0 else (scores[1], scores[0])
    return play_view(
        play, me, starter=_c(starter), discards=parse_cards(crib), dealer=1, scores=by_seat,
        target=target,
    )  # fmt: skip


def _ask(level: str, mine: str, theirs: str, moves: str, **kw: object) -> Card | None:
    return computer_player(level, seed=3).play(_position(mine, theirs, moves, **kw))  # type: ignore[arg-type]


def test_a_go_is_none() -> None:
    # Dealer: pone led KS, we laid QD, pone laid 8C (28): our 9H and TC do not fit.
    for level in LEVELS:
        card = _ask(level, "QD 9H TC 5S", "KS 8C 4H 3C", "KS QD 8C", dealer=True)
        assert card is None


def test_the_opponents_goes_tell_what_it_cannot_hold() -> None:
    # We are pone: 5H, their KD (15), our 9C (24), their go, our AC (25) and it is
    # our turn again at 25 with the series still open: their cards are all 7 or more.
    view = two_seat_view(_position("5H 9C AC 2C", "KD QH QS KS", "5H KD 9C go AC"))
    assert view.min_pips == 32 - 24
    assert view.position.opponent_passed


# --- each level's habits ------------------------------------------------------------------


def test_every_level_pegs_out_when_it_can() -> None:
    # 15 for 2 wins from 119.
    for level in LEVELS:
        for seed in range(5):
            view = _position("5H 9C 2D 3D", "KS 8C 4H 3C", "KS", dealer=True, scores=(119, 60))
            card = computer_player(level, seed=seed).play(view)
            assert card == _c("5H")


def test_normal_takes_points_and_leads_low() -> None:
    assert _ask("normal", "5H 9C 2D 8D", "KS 8C 4H 3C", "KS", dealer=True) == _c("5H")
    assert _ask("normal", "5H 9C 3D KD", "KS 8C 4H 3C", "") == _c("3D")
    # No card under five: still not the five.
    assert _ask("normal", "5H 9C 7D KD", "KS 8C 4H 3C", "") == _c("7D")
    # Nothing scores: do not leave 21 (a ten makes 31) when another card will do.
    assert _ask("normal", "4S TD 2C 8H", "7D KS QC 3C", "4S 7D") != _c("TD")


def test_normal_keeps_what_scores_as_it_stands() -> None:
    six = parse_cards("5H 5D JS 2C 9H KD")
    throw = computer_player("normal", seed=1).discard(discard_view(six, seat=0, dealer=1))
    assert set(throw) == set(parse_cards("2C 9H"))


def test_hard_weighs_the_reply() -> None:
    # Leading: a five gives a ten-card 15 for 2; the four leaves no 15.
    assert _ask("hard", "5H 4C 9D KD", "KS 8C 4H 3C", "") != _c("5H")


def test_hard_keeps_the_best_average() -> None:
    # A-2-7-9-J-Q: keeping A-2-J-Q averages more than A-2-7-9 (2.848 against 2.391).
    six = parse_cards("AS 2D 7C 9S JC QH")
    throw = computer_player("hard", seed=1).discard(discard_view(six, seat=0, dealer=0))
    assert set(throw) != set(parse_cards("JC QH"))


@pytest.mark.parametrize("level", ["crazy", "crazy-points"])
def test_crazy_throws_by_the_discard_analysis(level: str) -> None:
    from trainer.analysis import analyse_discards

    rng = random.Random(4)
    for _ in range(20):
        six = tuple(rng.sample(DECK, 6))
        dealer = rng.random() < 0.5
        best = analyse_discards(six, dealer=dealer, opponent="sound", play=level == "crazy")[0]
        view = discard_view(six, seat=0, dealer=0 if dealer else 1)
        throw = tournament_player(level, seed=1).discard(view)
        assert set(throw) == set(best.throw)


def test_random_play_steers() -> None:
    rng = random.Random(1)
    options = parse_cards("AH 5C TD")
    assert random_play(options, count=21, rng=rng, steer="thirty-one") == _c("TD")
    assert all(random_play(options, count=21, rng=rng, steer="go") != _c("TD") for _ in range(20))
    assert random_play(options, count=0, rng=rng, steer="hoard-low") == _c("AH")
    assert random_play(options, count=0, rng=rng, steer="hoard-high") == _c("TD")
    with pytest.raises(ValueError, match="no card"):
        random_play((), count=0, rng=rng)


def test_a_player_decides_from_a_seats_view_and_never_plays_before_the_starter() -> None:
    game = Game(Settings(), 5)
    while game.phase is Phase.CUT:  # a tie is cut again
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    player = computer_player("normal", seed=1)
    seat = 0
    view = game.view(seat)
    with pytest.raises(ValueError, match="starter"):
        player.play(view)
    throw = player.discard(view)
    assert game.can_discard(seat, throw)
    assert game.dealer is not None
    again = computer_player("normal", seed=1)
    assert throw == again.discard(discard_view(view.hand, seat=seat, dealer=game.dealer))


# --- crazy knows the score ------------------------------------------------------------------


class _Blind(Crazy):
    """Crazy with the score left out: it plays every deal for points."""

    level = "blind"

    @staticmethod
    def at_the_end(race: Race) -> bool:
        return False


def test_away_from_the_end_crazy_plays_as_for_points() -> None:
    """Over deals where neither side is within END points of home, Crazy's every throw
    and card is the one it chooses with the score left out, and the throws of Crazy before
    its throw counted the play (crazy-open) are those of Crazy before it knew the score
    (crazy-points)."""
    rng = random.Random(12)
    for i in range(12):
        scores = (rng.randrange(0, 121 - END - 20), rng.randrange(0, 121 - END - 20))
        deal_rng = random.Random(i)
        crazy = _play_deal((Crazy(i), Crazy(-i)), deal_rng, scores)
        deal_rng = random.Random(i)
        blind = _play_deal((_Blind(i), _Blind(-i)), deal_rng, scores)
        assert crazy == blind
        deal_rng = random.Random(i)
        opened = _play_deal(
            (tournament_player("crazy-open", seed=i), tournament_player("crazy-open", seed=-i)),
            deal_rng,
            scores,
        )
        deal_rng = random.Random(i)
        points = _play_deal(
            (tournament_player("crazy-points", seed=i), tournament_player("crazy-points", seed=-i)),
            deal_rng,
            scores,
        )
        assert opened[:2] == points[:2]  # the throws


def _crazy(mine: str, theirs: str, moves: str, **kw: object) -> Card | None:
    return computer_player("crazy", seed=3).play(_position(mine, theirs, moves, **kw))  # type: ignore[arg-type]


# Positions from Crazy's own games where the card likeliest to win is not the one that
# pegs most: the chances and the points were worked out over every hand the opponent
# could hold, each searched to the end of the play.


def test_it_pegs_defensively_when_its_hand_takes_it_home() -> None:
    # Pone at 117 needing 4, its 4-2-3-2 with the ace turned counts 10: surviving the
    # play wins. The dealer needs 4 too. At 25, the 2 leaves 27 (the dealer's 4 makes 31
    # for 2, no more) and wins 95% of the time; the 4 makes 29, pegs more on average
    # (-1.01 against -1.48) but leaves the dealer a 2 for 31 and a pair: 86%.
    position = {"starter": "AC", "crib": "7H JS", "dealer": False, "scores": (117, 117)}
    card = _crazy("2S 3H 4S 2H", "QH 8H KC 9D", "2S QH 3H 8H", **position)
    assert card == _c("2H")
    blind = _Blind(3).play(_position("2S 3H 4S 2H", "QH 8H KC 9D", "2S QH 3H 8H", **position))  # type: ignore[arg-type]
    assert blind == _c("4S")


def test_it_chases_points_when_it_needs_them() -> None:
    # Dealer at 113 needing 8, the pone at 115 needing 6 and counting first: the dealer's
    # hand (10 with the four turned) comes too late unless the play keeps the pone short
    # or takes the dealer home. On J-5-A (16) the jack nets most points (+0.20 a deal
    # against the king's +0.14) but the king (26) wins 49% of the time, the jack 42%.
    card = _crazy(
        "5H 5C KH JS", "JD AD 9S 8C", "JD 5H AD",
        starter="4H", crib="2C AH", dealer=True, scores=(113, 115),
    )  # fmt: skip
    assert card == _c("KH")


def test_near_the_end_the_dealer_plays_for_the_game_not_the_points() -> None:
    # Dealer at 118 needing 3, the pone at 119 needing 2 and holding one card, which it
    # will lay: leading the 7 pegs more on average (1.48 against 1.43) but the 6 wins more
    # often (29% against 24%).
    card = _crazy(
        "8D 8C 7H 6C", "2H JD 3D 9C", "2H 8D JD 8C 3D",
        starter="AD", crib="9H AH", dealer=True, scores=(118, 119),
    )  # fmt: skip
    assert card == _c("6C")


def test_crazy_weighs_its_guesses_by_what_the_opponent_kept() -> None:
    # Crazy deals; the pone led the 8C and holds three cards Crazy has not seen.
    view = two_seat_view(_position("QD 9H TC 5S", "8C 4H 3C KS", "8C", dealer=True))
    weight = Crazy(1)._hand_weight(view)
    sound = kept_likelihood("pone")
    # A sound pone keeps 7-8-8-9 far more often than four such cards are dealt, and
    # never A-2-8-K; a share of the plain chance stays, for players who throw otherwise.
    assert sound[(7, 8, 8, 9)] > 5 and sound[(1, 2, 8, 13)] == 0
    assert weight((7, 8, 9)) == pytest.approx(0.15 + 0.85 * sound[(7, 8, 8, 9)])
    assert weight((1, 2, 13)) == pytest.approx(0.15)
    # Then the pone laid the 4: the guess at its last two cards is read with the 8 and 4.
    view = two_seat_view(_position("QD 9H TC 5S", "8C 4H 3C KS", "8C QD 4H", dealer=True))
    weight = Crazy(1)._hand_weight(view)
    assert weight((3, 13)) == pytest.approx(0.15 + 0.85 * sound[(3, 4, 8, 13)])


def test_the_coach_is_told_each_cards_chance() -> None:
    from trainer.analysis.players import card_chances

    game = Game(Settings(), 8)
    while game.phase is Phase.CUT:
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    with pytest.raises(ValueError, match="starter"):
        card_chances(game.view(0))
    players = (computer_player("hard", seed=1), computer_player("hard", seed=2))
    for seat in (0, 1):
        game.discard(seat, players[seat].discard(game.view(seat)))
    assert game.pone is not None
    game.cut_starter(game.pone)
    turn = game.turn
    assert turn is not None
    chances = card_chances(game.view(turn), seed=1)
    assert {c.card for c in chances} == set(game.view(turn).playable)
    assert all(0.0 <= c.win <= 1.0 for c in chances)
    assert [c.win for c in chances] == sorted((c.win for c in chances), reverse=True)

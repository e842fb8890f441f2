"""Computer players: always legal, the same decisions from the same seed, bad input
refused, each level's habits, and the look-ahead against a search on the engine."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

import pytest

from trainer.analysis import LEVELS, VARIANTS, computer_player, random_play
from trainer.analysis.lookahead import WIN, Board, Position, Search
from trainer.analysis.players import END, _Crazy, _Race, _view, decide_discard, decide_play
from trainer.engine import DECK, Card, Game, Pegging, Phase, Settings, parse_cards


def _c(text: str) -> Card:
    return parse_cards(text)[0]


def test_levels_and_unknown_level() -> None:
    assert LEVELS == ("easy", "normal", "hard", "crazy")
    assert VARIANTS == ("crazy-points",)  # for comparisons, not on the Play page
    for level in (*LEVELS, *VARIANTS):
        assert computer_player(level, seed=1).level == level
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        computer_player("expert", seed=1)


def _play_deal(
    players: Sequence[object],
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
    throws = []
    for seat in (0, 1):
        mine = scores if seat == 0 else (scores[1], scores[0])
        throw = players[seat].discard(six[seat], dealer=seat == dealer, scores=mine, target=target)  # type: ignore[attr-defined]
        assert isinstance(throw, tuple) and len(throw) == 2
        assert throw[0] != throw[1] and set(throw) <= set(six[seat])
        throws.append(throw)
        decisions.append(throw)
    kept = [[c for c in six[s] if c not in throws[s]] for s in (0, 1)]
    play = Pegging(kept, leader=1 - dealer)
    laid: list[list[Card]] = [[], []]
    pile: list[Card] = []
    while not play.is_over:
        seat = play.turn
        mine = scores if seat == 0 else (scores[1], scores[0])
        choice = players[seat].play(  # type: ignore[attr-defined]
            tuple(play.hands[seat]),
            pile=tuple(pile),
            mine_played=tuple(laid[seat]),
            theirs_played=tuple(laid[1 - seat]),
            starter=starter,
            crib_cards=throws[seat],
            dealer=seat == dealer,
            scores=mine,
            target=target,
        )
        decisions.append(choice)
        if choice is None:
            assert play.can_go(), "said go while a card fits"
            event = play.go()
        else:
            assert play.can_lay(choice), f"{choice} is not legal now"
            event = play.lay(choice)
            laid[seat].append(choice)
            pile.append(choice)
        if event.series_over:
            pile = []
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


@pytest.mark.parametrize(("level", "deals"), [("crazy", 80), ("crazy-points", 150)])
def test_crazy_is_always_legal(level: str, deals: int) -> None:
    rng = random.Random(7)
    for i in range(deals):
        other = computer_player(rng.choice(LEVELS), seed=i)
        crazy = computer_player(level, seed=i)
        players = (crazy, other) if i % 2 else (other, crazy)
        _play_deal(players, rng, _random_scores(rng))


@pytest.mark.parametrize("level", [*LEVELS, *VARIANTS])
def test_same_seed_same_decisions(level: str) -> None:
    runs = []
    for _ in range(2):
        rng = random.Random(99)
        players = (computer_player(level, seed=5), computer_player(level, seed=6))
        runs.append([_play_deal(players, rng, _random_scores(rng)) for _ in range(12)])
    assert runs[0] == runs[1]


def test_easy_is_random_with_different_seeds() -> None:
    six = parse_cards("AS 3D 6C 8H TS KD")
    throws = {
        computer_player("easy", seed=s).discard(six, dealer=False, scores=(0, 0), target=121)
        for s in range(30)
    }
    assert len(throws) > 3


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "kwargs", "message"),
    [
        ("AS 3D 6C 8H TS", {}, "six cards"),
        ("AS 3D 6C 8H TS TS", {}, "twice"),
        ("AS 3D 6C 8H TS KD", {"scores": (121, 3)}, "already over"),
        ("AS 3D 6C 8H TS KD", {"scores": (-1, 3)}, "negative"),
        ("AS 3D 6C 8H TS KD", {"scores": (1,)}, "mine, theirs"),
        ("AS 3D 6C 8H TS KD", {"target": 0}, "target"),
        ("AS 3D 6C 8H TS KD", {"dealer": "yes"}, "dealer"),
    ],
)
def test_bad_discard_questions(hand: str, kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"dealer": True, "scores": (0, 0), "target": 121}
    args.update(kwargs)
    for level in LEVELS:
        with pytest.raises(ValueError, match=message):
            computer_player(level, seed=1).discard(
                parse_cards(hand, allow_duplicates=True),
                **args,  # type: ignore[arg-type]
            )


def _ask(level: str, hand: str, pile: str, mine: str, theirs: str, **kw: object) -> Card | None:
    args: dict[str, object] = {
        "starter": _c("2S"),
        "crib_cards": (),
        "dealer": False,
        "scores": (0, 0),
        "target": 121,
    }
    args.update(kw)
    return computer_player(level, seed=3).play(
        parse_cards(hand),
        pile=parse_cards(pile),
        mine_played=parse_cards(mine),
        theirs_played=parse_cards(theirs),
        **args,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("hand", "pile", "mine", "theirs", "message"),
    [
        # We are pone: we lead, so the opponent cannot have laid first.
        ("5H 6C 7D 8S", "KD", "", "KD", "rules of the play|series"),
        # Two of ours in a row at a count of 17: the opponent could not have said go.
        ("5H 6C", "9C 8C", "9C 8C", "", "rules of the play"),
        # The pile is not the current series.
        ("5H 6C 7D", "9C", "9C", "KD", "current series|rules"),
        ("", "", "5H 6C 7D 8S", "KD QD JD TD", "play is over|no card|must make"),
    ],
)
def test_impossible_plays_are_refused(
    hand: str, pile: str, mine: str, theirs: str, message: str
) -> None:
    for level in LEVELS:
        with pytest.raises(ValueError, match=message):
            _ask(level, hand, pile, mine, theirs)


def test_a_go_is_none() -> None:
    # Dealer: pone led KS, we laid QD, pone laid 8C (28): our 9H and TC do not fit.
    for level in LEVELS:
        card = _ask(level, "9H TC 5S", "KS QD 8C", "QD", "KS 8C", dealer=True)
        assert card is None


def test_the_opponents_goes_tell_what_it_cannot_hold() -> None:
    # We are pone: 5H, their KD (15), our 9C (24), their go, our AC (25) and it is
    # our turn again at 25 with the series still open: their cards are all 7 or more.
    view = _view(
        parse_cards("2C"),
        parse_cards("5H KD 9C AC"),
        parse_cards("5H 9C AC"),
        parse_cards("KD"),
        _c("2S"),
        (),
        False,
        (0, 0),
        121,
    )
    assert view.min_pips == 32 - 24
    assert view.position.opponent_passed


# --- each level's habits ------------------------------------------------------------------


def test_every_level_pegs_out_when_it_can() -> None:
    # 15 for 2 wins from 119.
    for level in LEVELS:
        for seed in range(5):
            card = computer_player(level, seed=seed).play(
                parse_cards("5H 9C 2D 3D"),
                pile=parse_cards("KS"),
                mine_played=(),
                theirs_played=parse_cards("KS"),
                starter=_c("2S"),
                crib_cards=(),
                dealer=True,
                scores=(119, 60),
                target=121,
            )
            assert card == _c("5H")


def test_normal_takes_points_and_leads_low() -> None:
    assert _ask("normal", "5H 9C 2D 8D", "KS", "", "KS", dealer=True) == _c("5H")
    assert _ask("normal", "5H 9C 3D KD", "", "", "") == _c("3D")
    # No card under five: still not the five.
    assert _ask("normal", "5H 9C 7D KD", "", "", "") == _c("7D")
    # Nothing scores: do not leave 21 (a ten makes 31) when another card will do.
    assert _ask("normal", "TD 2C 8H", "4S 7D", "4S", "7D") != _c("TD")


def test_normal_keeps_what_scores_as_it_stands() -> None:
    six = parse_cards("5H 5D JS 2C 9H KD")
    throw = computer_player("normal", seed=1).discard(six, dealer=False, scores=(0, 0), target=121)
    assert set(throw) == set(parse_cards("2C 9H"))


def test_hard_weighs_the_reply() -> None:
    # Leading: a five gives a ten-card 15 for 2; the four leaves no 15.
    assert _ask("hard", "5H 4C 9D KD", "", "", "") != _c("5H")


def test_hard_keeps_the_best_average() -> None:
    # A-2-7-9-J-Q: keeping A-2-J-Q averages more than A-2-7-9 (2.848 against 2.391).
    six = parse_cards("AS 2D 7C 9S JC QH")
    throw = computer_player("hard", seed=1).discard(six, dealer=True, scores=(0, 0), target=121)
    assert set(throw) != set(parse_cards("JC QH"))


@pytest.mark.parametrize("level", ["crazy", "crazy-points"])
def test_crazy_throws_by_the_discard_analysis(level: str) -> None:
    from trainer.analysis import analyse_discards

    rng = random.Random(4)
    for _ in range(20):
        six = tuple(rng.sample(DECK, 6))
        dealer = rng.random() < 0.5
        best = analyse_discards(six, dealer=dealer, opponent="sound")[0]
        throw = computer_player(level, seed=1).discard(
            six, dealer=dealer, scores=(0, 0), target=121
        )
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


# --- the look-ahead against a search on the engine's own play -------------------------------


def _engine_value(play: Pegging, board: Board | None, pegged: tuple[int, int]) -> float:
    """Minimax by trying every legal action on copies of the engine's Pegging."""
    if play.is_over:
        if board is None:
            return float(pegged[0] - pegged[1])
        return board.settle(*pegged)
    turn = play.turn
    results = []
    actions: list[Card | None] = list(play.playable()) or [None]
    for action in actions:
        nxt = copy.deepcopy(play)
        event = nxt.go() if action is None else nxt.lay(action)
        mine, theirs = pegged
        outcome: float | None = None
        for who, item in event.awards:
            if who == 0:
                mine += item.points
                if board is not None and mine >= board.need_me:
                    outcome = WIN
                    break
            else:
                theirs += item.points
                if board is not None and theirs >= board.need_opp:
                    outcome = -WIN
                    break
        if outcome is None:
            outcome = _engine_value(nxt, board, (mine, theirs))
        results.append(outcome)
    return max(results) if turn == 0 else min(results)


@pytest.mark.parametrize("with_board", [False, True])
def test_lookahead_agrees_with_the_engine(with_board: bool) -> None:
    rng = random.Random(31 if with_board else 30)
    for _ in range(60):
        n_mine = rng.randrange(1, 4)
        n_theirs = rng.randrange(0, 4)
        cards = rng.sample(DECK, n_mine + n_theirs)
        mine, theirs = cards[:n_mine], cards[n_mine:]
        leader = rng.randrange(2) if theirs else 0
        play = Pegging([list(mine), list(theirs)], leader=leader)
        board = None
        if with_board:
            board = Board(
                need_me=rng.randrange(1, 12),
                need_opp=rng.randrange(1, 12),
                my_show=rng.randrange(0, 12),
                opp_show=rng.randrange(0, 12),
                dealer=rng.random() < 0.5,
            )
        expected = _engine_value(play, board, (0, 0))
        position = Position(
            tuple(sorted(c.order for c in mine)),
            tuple(sorted(c.order for c in theirs)),
            (),
            0,
            play.turn,
            0,
            -1,
        )
        assert Search(board).value(position) == expected, (mine, theirs, leader)


def test_a_player_decides_from_a_seats_view_and_never_plays_before_the_starter() -> None:
    game = Game(Settings(), 5)
    while game.phase is Phase.CUT:  # a tie is cut again
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    player = computer_player("normal", seed=1)
    seat = 0
    view = game.view(seat)
    with pytest.raises(ValueError, match="starter"):
        decide_play(player, view)
    throw = decide_discard(player, view)
    assert game.can_discard(seat, throw)
    mine, theirs = game.scores  # a two-player game
    assert throw == player.discard(
        view.hand, dealer=game.dealer == seat, scores=(mine, theirs), target=121
    )


# --- crazy knows the score ------------------------------------------------------------------


class _Blind(_Crazy):
    """Crazy with the score left out: it plays every deal for points."""

    level = "blind"

    @staticmethod
    def at_the_end(race: _Race) -> bool:
        return False


def test_away_from_the_end_crazy_plays_as_for_points() -> None:
    """Over deals where neither side is within END points of home, Crazy's every throw
    and card is the one it chooses with the score left out, and its throws are those of
    Crazy before it knew the score (crazy-points)."""
    rng = random.Random(12)
    for i in range(24):
        scores = (rng.randrange(0, 121 - END - 20), rng.randrange(0, 121 - END - 20))
        deal_rng = random.Random(i)
        crazy = _play_deal((_Crazy(i), _Crazy(-i)), deal_rng, scores)
        deal_rng = random.Random(i)
        blind = _play_deal((_Blind(i), _Blind(-i)), deal_rng, scores)
        assert crazy == blind
        deal_rng = random.Random(i)
        points = _play_deal(
            (computer_player("crazy-points", seed=i), computer_player("crazy-points", seed=-i)),
            deal_rng,
            scores,
        )
        assert crazy[:2] == points[:2]  # the throws


def _crazy(hand: str, pile: str, mine: str, theirs: str, **kw: object) -> Card | None:
    args: dict[str, object] = {"target": 121}
    args.update(kw)
    return computer_player("crazy", seed=3).play(
        parse_cards(hand),
        pile=parse_cards(pile),
        mine_played=parse_cards(mine),
        theirs_played=parse_cards(theirs),
        **args,  # type: ignore[arg-type]
    )


# Positions from Crazy's own games where the card likeliest to win is not the one that
# pegs most: the chances and the points were worked out over every hand the opponent
# could hold, each searched to the end of the play.


def test_it_pegs_defensively_when_its_hand_takes_it_home() -> None:
    # Pone at 117 needing 4, its 4-2-3-2 with the ace turned counts 10: surviving the
    # play wins. The dealer needs 4 too. At 25, the 2 leaves 27 (the dealer's 4 makes 31
    # for 2, no more) and wins 95% of the time; the 4 makes 29, pegs more on average
    # (-1.01 against -1.48) but leaves the dealer a 2 for 31 and a pair: 86%.
    card = _crazy(
        "4S 2H", "2S QH 3H 8H", "2S 3H", "QH 8H",
        starter=_c("AC"), crib_cards=parse_cards("7H JS"), dealer=False, scores=(117, 117),
    )  # fmt: skip
    assert card == _c("2H")
    blind = _Blind(3).play(
        parse_cards("4S 2H"), pile=parse_cards("2S QH 3H 8H"), mine_played=parse_cards("2S 3H"),
        theirs_played=parse_cards("QH 8H"), starter=_c("AC"), crib_cards=parse_cards("7H JS"),
        dealer=False, scores=(117, 117), target=121,
    )  # fmt: skip
    assert blind == _c("4S")


def test_it_chases_points_when_it_needs_them() -> None:
    # Dealer at 113 needing 8, the pone at 115 needing 6 and counting first: the dealer's
    # hand (10 with the four turned) comes too late unless the play keeps the pone short
    # or takes the dealer home. On J-5-A (16) the jack nets most points (+0.20 a deal
    # against the king's +0.14) but the king (26) wins 49% of the time, the jack 42%.
    card = _crazy(
        "5C KH JS", "JD 5H AD", "5H", "JD AD",
        starter=_c("4H"), crib_cards=parse_cards("2C AH"), dealer=True, scores=(113, 115),
    )  # fmt: skip
    assert card == _c("KH")


def test_near_the_end_the_dealer_plays_for_the_game_not_the_points() -> None:
    # Dealer at 118 needing 3, the pone at 119 needing 2 and holding one card, which it
    # will lay: leading the 7 pegs more on average (1.48 against 1.43) but the 6 wins more
    # often (29% against 24%).
    card = _crazy(
        "7H 6C", "", "8D 8C", "2H JD 3D",
        starter=_c("AD"), crib_cards=parse_cards("9H AH"), dealer=True, scores=(118, 119),
    )  # fmt: skip
    assert card == _c("6C")


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
        game.discard(seat, decide_discard(players[seat], game.view(seat)))
    assert game.pone is not None
    game.cut_starter(game.pone)
    turn = game.turn
    assert turn is not None
    chances = card_chances(game.view(turn), seed=1)
    assert {c.card for c in chances} == set(game.view(turn).playable)
    assert all(0.0 <= c.win <= 1.0 for c in chances)
    assert [c.win for c in chances] == sorted((c.win for c in chances), reverse=True)

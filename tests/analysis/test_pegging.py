"""Pegging analysis: the fast scorer against the engine, the expected reply against a
brute force over every hand the opponent could hold, and positions worked by hand."""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations
from math import comb

import pytest

from trainer.analysis import analyse_play, random_turns
from trainer.analysis.pegging import PlayOption, peg_points, play_position
from trainer.engine import DECK, Card, Pegging, parse_cards, score_play


def _c(text: str) -> Card:
    return parse_cards(text)[0]


def test_peg_points_matches_the_engine_on_random_series() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(4000):
        cards = rng.sample(DECK, rng.randrange(1, 9))
        # Cut the series where it would pass 31.
        series: list[Card] = []
        count = 0
        for card in cards:
            if count + card.pips > 31:
                break
            series.append(card)
            count += card.pips
        if not series:
            continue
        expected = score_play(series).total
        assert peg_points([c.order for c in series], count) == expected, series
        checked += 1
    assert checked > 3000


def test_peg_points_on_runs_pairs_and_counts() -> None:
    def pts(text: str) -> int:
        cards = parse_cards(text)
        return peg_points([c.order for c in cards], sum(c.pips for c in cards))

    assert pts("4C 6D 5S") == 5  # 15 and a run of three
    assert pts("7S 7C 7H") == 6
    assert pts("4C 5S 4D 6H") == 3  # 5-4-6
    assert pts("3C 4S KD 5H") == 0
    assert pts("KS QS JS AS") == 2  # 31
    assert pts("8S 9S TS") == 3


# --- the expected reply, by brute force ----------------------------------------------


def _brute_force(
    hand: tuple[Card, ...],
    pile: tuple[Card, ...],
    mine: tuple[Card, ...],
    theirs: tuple[Card, ...],
    starter: Card,
    crib: tuple[Card, ...],
) -> dict[Card, tuple[int, float]]:
    """Every hand the opponent could hold, each equally likely; they reply with their
    best immediate card by ``score_play`` (plus one for the very last card)."""
    seen = set(hand) | set(mine) | set(theirs) | {starter} | set(crib)
    unseen = [c for c in DECK if c not in seen]
    holds = 4 - len(theirs)
    count = sum(c.pips for c in pile)
    passed = bool(pile) and pile[-1] in mine
    out: dict[Card, tuple[int, float]] = {}
    for card in hand:
        if count + card.pips > 31:
            continue
        new_pile = (*pile, card)
        new_count = count + card.pips
        now = score_play(new_pile).total
        mine_left = len(hand) - 1
        if mine_left == 0 and holds == 0 and new_count != 31:
            now += 1
        total = 0
        subsets = 0
        for held in combinations(unseen, holds):
            subsets += 1
            if passed or new_count == 31:
                continue
            best = 0
            for reply in held:
                if new_count + reply.pips > 31:
                    continue
                points = score_play((*new_pile, reply)).total
                if mine_left == 0 and holds == 1 and new_count + reply.pips != 31:
                    points += 1
                best = max(best, points)
            total += best
        out[card] = (now, total / subsets if subsets else 0.0)
    return out


def _random_positions(seed: int, wanted: int, max_holds: int) -> list[dict[str, object]]:
    """Positions from random plays: the player to act, with what it can see."""
    rng = random.Random(seed)
    found: list[dict[str, object]] = []
    while len(found) < wanted:
        cards = rng.sample(DECK, 13)
        hands = [cards[0:4], cards[4:8]]
        crib = [tuple(cards[8:10]), tuple(cards[10:12])]
        starter = cards[12]
        play = Pegging([list(h) for h in hands], leader=rng.randrange(2))
        stop = rng.randrange(8)
        for steps, seat in enumerate(random_turns(play, rng)):
            if steps >= stop and play.playable() and 4 - len(play.laid(1 - seat)) <= max_holds:
                found.append(
                    {
                        "hand": tuple(play.hands[seat]),
                        "pile": tuple(play.pile),
                        "mine": play.laid(seat),
                        "theirs": play.laid(1 - seat),
                        "starter": starter,
                        "crib": crib[seat],
                    }
                )
                break
    return found


@pytest.mark.parametrize(("seed", "max_holds", "wanted"), [(1, 2, 40), (2, 3, 4)])
def test_expected_reply_matches_brute_force(seed: int, max_holds: int, wanted: int) -> None:
    for pos in _random_positions(seed, wanted, max_holds):
        options = analyse_play(
            pos["hand"],  # type: ignore[arg-type]
            pile=pos["pile"],  # type: ignore[arg-type]
            mine_played=pos["mine"],  # type: ignore[arg-type]
            theirs_played=pos["theirs"],  # type: ignore[arg-type]
            starter=pos["starter"],  # type: ignore[arg-type]
            crib_cards=pos["crib"],  # type: ignore[arg-type]
        )
        expected = _brute_force(
            pos["hand"],  # type: ignore[arg-type]
            pos["pile"],  # type: ignore[arg-type]
            pos["mine"],  # type: ignore[arg-type]
            pos["theirs"],  # type: ignore[arg-type]
            pos["starter"],  # type: ignore[arg-type]
            pos["crib"],  # type: ignore[arg-type]
        )
        assert {o.card for o in options} == set(expected)
        for option in options:
            now, reply = expected[option.card]
            assert option.points == now
            assert option.reply == pytest.approx(reply, abs=1e-12)
            assert option.net == pytest.approx(now - reply, abs=1e-12)
        nets = [o.net for o in options]
        assert nets == sorted(nets, reverse=True)


def test_a_position_worked_by_hand() -> None:
    """The pone led 7S; we deal, holding 8H 9D AC 2C, having thrown 3S 3D, starter KH.

    8H makes 15 (2 now); then a six or a nine makes a run of three (3) and an eight
    pairs (2). Unseen: 52 - 4 - 2 - 1 - 1 = 44 cards: four sixes, three nines and
    three eights among them; the pone holds three.
    """
    options = analyse_play(
        parse_cards("8H 9D AC 2C"),
        pile=parse_cards("7S"),
        mine_played=(),
        theirs_played=parse_cards("7S"),
        starter=_c("KH"),
        crib_cards=parse_cards("3S 3D"),
    )
    eight = next(o for o in options if o.card == _c("8H"))
    total = comb(44, 3)
    at_least_two = 1 - comb(44 - 10, 3) / total
    at_least_three = 1 - comb(44 - 7, 3) / total
    assert eight.points == 2
    assert eight.reply == pytest.approx(2 * at_least_two + 1 * at_least_three, abs=1e-12)
    assert options[0].card == _c("8H")


def test_a_thirty_one_and_a_passed_opponent_leave_no_reply() -> None:
    # The count is 21 after KS JD AC: a ten makes 31.
    options = analyse_play(
        parse_cards("TH 2C"),
        pile=parse_cards("KS JD AC"),
        mine_played=parse_cards("4S JD"),
        theirs_played=parse_cards("7D KS AC"),
        starter=_c("5C"),
    )
    ten = next(o for o in options if o.card == _c("TH"))
    assert ten.points == 2 and ten.reply == 0.0  # 31: the count starts again
    # The series ends with our own card: the opponent said go, so it cannot reply.
    passed = play_position(
        parse_cards("AH 2C"),
        pile=parse_cards("KS JD 9C"),
        mine_played=parse_cards("JD 9C"),
        theirs_played=parse_cards("KS"),
        starter=_c("5C"),
    )
    assert passed.opponent_passed
    assert all(
        o.reply == 0.0
        for o in analyse_play(
            parse_cards("AH 2C"),
            pile=parse_cards("KS JD 9C"),
            mine_played=parse_cards("JD 9C"),
            theirs_played=parse_cards("KS"),
            starter=_c("5C"),
        )
    )


def test_the_last_card_is_counted() -> None:
    # Our last card, the opponent out of cards: one for the last card.
    options = analyse_play(
        parse_cards("2H"),
        pile=parse_cards("KS"),
        mine_played=parse_cards("3C 4C 8C"),
        theirs_played=parse_cards("9D 6H 4H KS"),
        starter=_c("5C"),
    )
    assert [(o.card, o.points, o.reply) for o in options] == [(_c("2H"), 1, 0.0)]


def test_no_card_fits_means_go() -> None:
    options = analyse_play(
        parse_cards("9H TC"),
        pile=parse_cards("KS QD 3C"),
        mine_played=parse_cards("4S QD"),
        theirs_played=parse_cards("KS 3C"),
        starter=_c("5C"),
    )
    assert options == ()


def test_results_are_frozen() -> None:
    option = analyse_play(
        parse_cards("5H 6C 7D 8S"),
        pile=(),
        mine_played=(),
        theirs_played=(),
        starter=_c("KD"),
    )[0]
    assert isinstance(option, PlayOption)
    with pytest.raises(dataclasses.FrozenInstanceError):
        option.points = 9  # type: ignore[misc]
    assert "pegs" in option.describe()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hand": "5H 5H 6C 7D"}, "twice"),
        ({"hand": "5H 6C 7D"}, "must make 4"),
        ({"pile": "KD"}, "not laid by either player"),
        ({"pile": "QS JS TS AS", "theirs": "QS JS TS AS"}, "31"),
        ({"pile": "QS JS TS 9S", "theirs": "QS JS TS 9S"}, "past 31"),
        ({"starter": "5H"}, "twice"),
        ({"crib": "AS 2S 3S"}, "two cards"),
    ],
)
def test_bad_positions_are_refused_with_a_reason(kwargs: dict[str, str], message: str) -> None:
    args = {
        "hand": "5H 6C 7D 8S",
        "pile": "",
        "mine": "",
        "theirs": "",
        "starter": "KD",
        "crib": "",
    }
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        analyse_play(
            parse_cards(args["hand"], allow_duplicates=True),
            pile=parse_cards(args["pile"]),
            mine_played=parse_cards(args["mine"]),
            theirs_played=parse_cards(args["theirs"]),
            starter=_c(args["starter"]),
            crib_cards=parse_cards(args["crib"]),
        )


def test_not_cards_are_refused() -> None:
    with pytest.raises(ValueError, match="not a card"):
        analyse_play(
            ["5H", "6C", "7D", "8S"],  # type: ignore[list-item]
            pile=(),
            mine_played=(),
            theirs_played=(),
            starter=_c("KD"),
        )

"""The coach in the play at three and four (trainer.analysis.players.table_options and
trainer.training.coach's table notes): each card's options against a brute-force count
of the next player's best reply, Hard's table card read off them, the note on a card laid
and learning mode's line before a lay in their words, and the coach working from the
person's own seat view only."""

from __future__ import annotations

import random
import re
from itertools import combinations
from typing import Any

import pytest

from tests.test_players_seats import _cards_in  # every card a seat's view holds
from trainer.analysis import computer_player
from trainer.analysis.players.table_options import TableOption, table_options
from trainer.analysis.players.views import TableView, table_view
from trainer.analysis.seat_views import play_view
from trainer.bench.playing import play_on
from trainer.engine import DECK, Card, Game, Pegging, SeatView, Settings, parse_cards, score_play
from trainer.training.coach import (
    PlayNote,
    table_lay_advice,
    table_play_note,
    view_play_note,
)
from trainer.training.coach import plain_words as words_module
from trainer.training.coach import play_notes as notes_module
from trainer.training.table import ME, CoachMode, Need, PlaySetup, Table

STARTER = parse_cards("2S")[0]


def _view(hands: list[str], moves: str, seat: int, *, leader: int = 1) -> SeatView:
    """``seat``'s view of a play dealt ``hands`` after ``moves`` (cards, or ``go``)."""
    play = Pegging([list(parse_cards(h)) for h in hands], leader=leader)
    for move in moves.split():
        play.go() if move == "go" else play.lay(parse_cards(move)[0])
    assert play.turn == seat
    sides = 2 if len(hands) == 4 else 3
    return play_view(play, seat, starter=STARTER, discards=(), dealer=0, scores=(0,) * sides)


# --- the options against a brute-force count --------------------------------------------------


def _next_seat(table: TableView) -> int | None:
    """The seat that acts after this one, counted afresh: round the table, the first that
    holds a card and has not said go in this series."""
    n = len(table.held)
    for step in range(1, n):
        seat = (table.seat + step) % n
        if table.held[seat] > 0 and not (table.passed >> seat) & 1:
            return seat
    return None


def _brute(table: TableView, card: Card) -> tuple[int, float]:
    """The points ``card`` pegs now and the next player's expected best reply, by the
    engine's own scorer over every hand they could hold."""
    pile = [c for _, c in table.series] + [card]
    count = sum(c.pips for c in pile)
    others = sum(n for seat, n in enumerate(table.held) if seat != table.seat)
    last_of_play = len(table.hand) == 1
    points = score_play(pile).total
    if last_of_play and others == 0 and count != 31:
        points += 1
    replier = _next_seat(table)
    if replier is None or count == 31:
        return points, 0.0
    holds = table.held[replier]
    pool = [c for c in table.unseen if c.pips >= table.min_pips[replier]]
    if len(pool) < holds:
        pool = list(table.unseen)
    total = 0
    hands = 0
    for hand in combinations(pool, holds):
        best = 0
        for reply in hand:
            if count + reply.pips > 31:
                continue
            value = score_play([*pile, reply]).total
            if last_of_play and others == 1 and count + reply.pips != 31:
                value += 1
            best = max(best, value)
        total += best
        hands += 1
    return points, total / hands


def _positions(seats: int, seed: int) -> list[SeatView]:
    """Positions of random plays at a table of ``seats`` where the next player holds two
    cards or fewer (so every hand they could hold can be counted), some of them after a
    go (a seat passed over, or holding only cards above what its go said)."""
    rng = random.Random(seed)
    out: list[SeatView] = []
    tables: list[TableView] = []
    while len(out) < 12 or not any(t.passed or max(t.min_pips) > 1 for t in tables):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[4 * i : 4 * i + 4] for i in range(seats)]
        starter = deck[4 * seats]
        play = Pegging([list(h) for h in hands], leader=1)
        while not play.is_over:
            seat = play.turn
            legal = [c for c in play.hands[seat] if play.count + c.pips <= 31]
            view = play_view(play, seat, starter=starter, discards=(), dealer=0)
            table = table_view(view)
            replier = table.replier()
            after_go = table.passed or max(table.min_pips) > 1
            chance = 0.8 if after_go else 0.2
            if legal and (replier is None or table.held[replier] <= 2) and rng.random() < chance:
                out.append(view)
                tables.append(table)
            if legal:
                play.lay(rng.choice(legal))
            else:
                play.go()
    return out


@pytest.mark.parametrize("seats", [3, 4])
def test_each_option_is_the_brute_force_count_of_points_and_reply(seats: int) -> None:
    for view in _positions(seats, seed=seats):
        table = table_view(view)
        options = table_options(view)
        assert options == table_options(table)
        assert {o.card for o in options} == set(table.legal)
        for option in options:
            points, reply = _brute(table, option.card)
            assert option.points == points
            assert option.reply == pytest.approx(reply)
            assert option.replier == (
                None if table.count + option.card.pips == 31 else _next_seat(table)
            )
            weight = 0.0 if option.replier is None else table.weight(option.replier)
            assert option.weight == weight
            assert option.value == pytest.approx(points + weight * reply)
        values = [o.value for o in options]
        assert values == sorted(values, reverse=True)


def test_the_reply_weight_is_the_partners_own_and_half_against_at_three() -> None:
    # Four: seat 1 is out of cards, so seat 0's partner (seat 2) replies: its 15 counts for.
    view = _view(
        ["5C 3D KC JD", "7D JC AH AD", "9C JS 6S KS", "3S 7H 5S TC"],
        "AH 9C 3S JD 7D go go go AD 6S 5S 3D JC go 7H",
        0,
    )
    options = {o.card: o for o in table_options(view)}
    five = options[parse_cards("5C")[0]]
    assert five.replier == 2 and five.weight == 1.0 and five.value == pytest.approx(five.reply)
    # Three: a point to the next player is half a point against.
    view = _view(["4C 5H KD 9S", "QD JD TD KH", "7H 8H 6H AH"], "", 1, leader=1)
    for option in table_options(view):
        assert option.replier == 2 and option.weight == -0.5
        assert option.value == pytest.approx(option.points - 0.5 * option.reply)


def test_a_small_pool_of_three_unseen_cards_held_is_counted_exactly() -> None:
    unseen = parse_cards("TH 5D 7C 8S JC 3H")
    table = TableView(
        seat=0,
        sides=(0, 1, 2),
        hand=parse_cards("7H 8D"),
        mine_played=parse_cards("AS 2D"),
        series=((2, parse_cards("6C")[0]),),
        count=6,
        starter=STARTER,
        unseen=unseen,
        held=(2, 3, 1),
        min_pips=(1, 1, 1),
        passed=0,
        need_me=121,
    )
    for option in table_options(table):
        assert option.replier == 1
        assert (option.points, option.reply) == pytest.approx(_brute(table, option.card))


@pytest.mark.parametrize("seats", [3, 4])
def test_hard_lays_the_best_option_less_a_point_for_leading_a_five(seats: int) -> None:
    for view in _positions(seats, seed=10 + seats):
        table = table_view(view)
        if len(table.legal) < 2:
            continue
        best = max(
            table_options(table),
            key=lambda o: (
                o.value - (1.0 if table.count == 0 and o.card.pips == 5 else 0.0),
                o.card.pips * 0.01,
                -o.card.index,
            ),
        )
        if max(table.points_now(c) for c in table.legal) >= table.need_me:
            continue
        assert computer_player("hard", seed=1).play(view) == best.card


# --- the words ------------------------------------------------------------------------------


def _option(view: SeatView, label: str) -> TableOption:
    return next(o for o in table_options(view) if o.card == parse_cards(label)[0])


def test_at_three_the_coach_names_its_lead_and_the_next_players_reply() -> None:
    # Seat 1 leads (the dealer is seat 0); seat 2 is next.
    view = _view(["4C 5H KD 9S", "QD 4H 5C KH", "7H 8H 6H AH"], "", 1)
    options = table_options(view)
    assert options[0].card == parse_cards("4H")[0]
    line = table_lay_advice(view)
    assert line.startswith("The coach would lay the 4♥: a 4 or lower is a safe lead")
    assert "the next player can expect less than a point back after it, against about" in line
    assert "your partner" not in line
    five = _option(view, "5C")
    note = table_play_note(view, five.card, level="hard")
    assert note is not None
    assert note.warnings[0].code == "lead-five"
    assert note.best == options[0].card
    assert note.gain == pytest.approx(options[0].value - five.value)
    last = note.lines()[-1]
    assert last.startswith(f"The 4♥ would have gained {note.gain:.1f} points on average: ")
    assert f"the next player can expect {options[0].reply:.1f} points after it" in last
    assert f"{five.reply:.1f} points after the 5♣" in last
    assert "each of their points counts half against you" in last
    # In whole points (learning mode, first games), with the same reasons.
    words = note.lines(words=True)[-1]
    assert words.startswith("The 4♥ would have made about 1 point more on average: ")
    assert "the next player can expect " in words and "after the 5♣" in words
    assert not re.search(r"\d\.\d", words)
    # At Normal the note keeps to the warnings.
    normal = table_play_note(view, five.card, level="normal")
    assert normal is not None and normal.best is None
    assert normal.lines() == (
        "Leading a 5 lets any ten-card make fifteen for two. A 4 or lower is safer.",
    )


def test_at_three_the_count_on_21_and_a_pair_are_warned_of() -> None:
    # Seat 1 led QD, seat 2 laid 4H (14): seat 0 to play, seat 1 next.
    hands = ["7C 7D 2C 3C", "QD 5D 6D TD", "4H 8H 9H AH"]
    view = _view(hands, "QD 4H", 0)
    note = table_play_note(view, parse_cards("7C")[0])
    assert note is not None
    assert note.lines() == ("Your 7♣ made the count 21: a ten-card after it makes 31 for two.",)
    # Seat 1 led 7S ... seat 2 to pair it: the third 7 may be with seat 0.
    view = _view(["8C 9C TC JC", "7S 5D 6D QD", "7H 2H 3H 4H"], "7S", 2)
    pair = table_play_note(view, parse_cards("7H")[0])
    assert pair is not None
    assert "Pairing is risky: if the next player holds the third 7, they peg 6." in pair.lines()


def test_at_four_the_partner_next_to_play_is_spoken_of() -> None:
    hands = ["5C 3D KC JD", "7D JC AH AD", "9C JS 6S KS", "3S 7H 5S TC"]
    moves = "AH 9C 3S JD 7D go go go AD 6S 5S 3D JC go 7H"
    view = _view(hands, moves, 0)
    assert table_view(view).replier() == 2  # seat 1 holds nothing: the partner is next
    five, king = _option(view, "5C"), _option(view, "KC")
    assert five.value > king.value + 1
    line = table_lay_advice(view)
    assert line.startswith("The coach would lay the 5♣: your partner, next to play, can expect ")
    assert "the next player" not in line
    # Leading the 5 to a partner is no fault; a king is, by what the partner could peg.
    assert table_play_note(view, five.card, level="hard") is None
    note = table_play_note(view, king.card, level="hard")
    assert note is not None and not note.warnings and note.best == five.card
    assert note.lines() == (
        f"The 5♣ would have gained {five.value - king.value:.1f} points on average: your "
        f"partner can expect {five.reply:.1f} points after it, {king.reply:.1f} points after "
        "the K♣.",
    )
    # With the next player an opponent, leading a 5 is warned of at four too.
    view = _view(hands, "", 1)
    note = table_play_note(view, parse_cards("AH")[0])
    assert note is None or all(w.code != "lead-five" for w in note.warnings)
    lead = _view(["2C 3C 4C 6C", "5D 9D 8D 7D", "AH 2H 3H 6H", "QS JS TS 9S"], "", 1)
    five_led = table_play_note(lead, parse_cards("5D")[0])
    assert five_led is not None and five_led.warnings[0].code == "lead-five"


def test_only_one_card_or_none_to_lay() -> None:
    # Seat 1 led KD, then 7H and 8C: 25, and only the 6 fits.
    view = _view(["8C 9C TC JC", "KD 6D 9D QD", "7H 2H 3H 4H"], "KD 7H 8C", 1)
    assert table_lay_advice(view) == "Only your 6♦ fits under 31: lay it."
    stuck = _view(["8C 9C TC JC", "KD QD JD TD", "7H 2H 3H 4H"], "KD 7H 8C", 1)
    assert table_lay_advice(stuck) == "None of your cards fits under 31: you say go."


def test_the_note_refuses_what_cannot_be_laid() -> None:
    view = _view(["4C 5H KD 9S", "QD 4H 5C KH", "7H 8H 6H AH"], "", 1)
    with pytest.raises(ValueError, match="not in the hand"):
        table_play_note(view, parse_cards("7H")[0])
    with pytest.raises(ValueError, match="level must be one of"):
        table_play_note(view, parse_cards("4H")[0], level="expert")  # type: ignore[arg-type]


# --- the seat view --------------------------------------------------------------------------


def _hidden_at(game: Game, seat: int, at: int) -> set[Card]:
    """The cards ``seat`` could not see just before event ``at``: every other seat's cards
    not yet laid then, and the crib's cards but its own."""
    hidden: set[Card] = set()
    for other in game.seats:
        if other != seat:
            hidden |= set(game.view(other, at=at).hand)
    return hidden | (set(game.crib) - set(game.view(seat, at=at).discards))


@pytest.mark.parametrize("seats", [3, 4])
def test_the_coach_at_a_table_works_from_the_persons_own_view(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[SeatView] = []
    real = table_view

    def spy(view: Any) -> Any:
        seen.append(view)
        return real(view)

    monkeypatch.setattr(notes_module, "table_view", spy)
    monkeypatch.setattr(words_module, "table_view", spy)
    setup = PlaySetup("hard", Settings(target=121, seats=seats), coach=CoachMode.LEARNING)
    table = Table.new(setup, seed=seats)
    game = table.game
    notes: list[PlayNote] = []

    def at_a_lay(table: Table, need: Need) -> bool:  # in the first two deals
        return need is Need.LAY or table.game.deal_no >= 3

    while play_on(table, stop=at_a_lay) is Need.LAY and game.deal_no < 3:
        before = len(seen)
        line = table.coaching.lay_line()
        assert line and len(seen) == before + 1
        assert seen[-1] == game.view(ME)
        at = len(game.events)
        hidden = _hidden_at(game, ME, at)
        assert not hidden & set(_cards_in(seen[-1]))
        card = table.view.playable[-1]
        table.lay(card)
        note = table.coaching.play_note()
        assert table.mark == at
        mine = game.view(ME, at=at)
        assert seen[-1] == mine and not hidden & set(_cards_in(mine))
        assert note == view_play_note(mine, card, level="hard")
        calls = len(seen)
        assert table.coaching.play_note() == note and len(seen) == calls  # worked out once
        if note is not None:
            notes.append(note)
    assert notes  # the coach spoke after some lay

"""Three and four at the Play page's table, without Streamlit (trainer.training.table and
its seats module): the seats' names, the log, the pegs a side, who said go, the computers
playing every other seat, whole games by the rules, and the records read back."""

from __future__ import annotations

import pytest

from trainer.bench.playing import move, play_on
from trainer.engine.cards import Card, parse_cards
from trainer.engine.events import CutEvent, GoEvent, LayEvent, ShowEvent, parse_event
from trainer.engine.game import Game
from trainer.engine.settings import Settings
from trainer.engine.show import score_show
from trainer.engine.vocab import Counting, Phase, Which, side_of
from trainer.training.table import (
    ME,
    Need,
    PlaySetup,
    Table,
    event_lines,
    export_text,
    in_our_words,
    parse_export,
    peg_moves,
    pegs_of,
)
from trainer.training.table.export import public_record


def _played(seats: int, seed: int, counting: str = "automatic") -> Table:
    settings = Settings(target=61, seats=seats, counting=Counting(counting))
    table = Table.new(PlaySetup("easy", settings), seed=seed)
    play_on(table)
    return table


def test_the_log_names_every_seat() -> None:
    lay = parse_event("lay seat=2 card=5H count=15 awards=2:fifteen/TS-5H/2")
    assert event_lines(lay, 3) == [
        "The computer on your right lays 5♥: the count is 15.",
        "The computer on your right pegs 2: fifteen for two.",
    ]
    assert event_lines(lay, 4)[0] == "Your partner lays 5♥: the count is 15."
    go = parse_event("go seat=1 count=28")
    assert event_lines(go, 4) == ["The computer on your left says “go” (nothing fits under 31)."]
    throw = parse_event("discard seat=3 cards=KD")
    assert event_lines(throw, 4) == ["The computer on your right puts a card in the crib."]
    mine = parse_event("discard seat=0 cards=KD")
    assert event_lines(mine, 3) == ["You put K♦ in the crib."]
    score = score_show(parse_cards("5H 5D JC 4S"), Card.parse("KD"))
    shown = ShowEvent.build(ME, Which.HAND, score, score.total - 2, players=3)
    lines = event_lines(shown, 3)
    assert lines[0] == f"Your hand makes {score.total} points."
    assert lines[-1] == "Muggins! The computer on your left takes the 2 points you missed."


def test_engine_messages_name_the_seats_in_our_words() -> None:
    assert in_our_words("it is player 3's turn, not player 1's", 4) == (
        "it is your partner's turn, not yours"
    )
    assert in_our_words("player 2 has already cut", 3) == (
        "the computer on your left has already cut"
    )
    assert "seat=2 is the computer on your right" in in_our_words("bad seat=7", 3)


def test_pegs_move_a_track_a_side_and_say_whose_points() -> None:
    events = [
        parse_event("lay seat=2 card=5H count=15 awards=2:fifteen/TS-5H/2"),
        parse_event("lay seat=3 card=5C count=20 awards=3:pair/5H-5C/2"),
    ]
    moves = peg_moves(events, 4, target=121)
    assert [(m.seat, m.start, m.end) for m in moves] == [(0, 0, 2), (1, 0, 2)]
    assert moves[0].reason == "Partner, fifteen for two"
    assert pegs_of(moves, 2).front == (2, 2)
    three = peg_moves(events, 3, target=121)
    assert [m.seat for m in three] == [2]  # seat 3 does not sit at a table of three
    assert pegs_of(three, 3).front == (0, 0, 2)


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("counting", ["automatic", "muggins"])
def test_whole_games_by_the_rules(seats: int, counting: str) -> None:
    for seed in range(3):
        table = _played(seats, seed, counting=counting)
        game = table.game
        assert game.is_over and max(game.scores) >= 61
        replayed = Game.replay(game.record())
        assert replayed.scores == game.scores
        # the board's pegs end on every side's score
        assert table.pegs().front == game.scores
        assert len(table.pegs().back) == len(game.scores)
        # every seat played: the computers lay, go and count their own seats
        seats_laid = {e.seat for e in game.events if isinstance(e, LayEvent)}
        assert seats_laid == set(range(seats))
        # the record reads back with its setup
        setup, record = parse_export(export_text(table))
        assert setup == table.setup and record == game.record()


def test_said_go_names_the_seats_waiting_for_the_count_to_start_again() -> None:
    for seed in range(20):
        table = Table.new(PlaySetup("easy", Settings(seats=3)), seed=seed)
        while table.need() is not Need.OVER and table.game.deal_no < 3:
            if table.need() is Need.LAY and table.said_go():
                events = table.game.events
                goes = [e.seat for e in events[-6:] if isinstance(e, GoEvent) and not e.awards]
                assert set(table.said_go()) <= set(goes) | {ME}
                assert all(not table.game.view(s).playable for s in table.said_go())
                return
            move(table)
    raise AssertionError("no go said in twenty games")


def test_a_game_in_progress_hides_every_other_seats_throw() -> None:
    table = Table.new(PlaySetup("easy", Settings(seats=4)), seed=5)
    while table.game.phase is not Phase.PLAY:
        move(table)
    text = public_record(table)
    assert '[Seats "4"]' in text
    hidden = [line for line in text.splitlines() if line.endswith("cards=hidden")]
    assert sorted(line.split()[1] for line in hidden) == ["seat=1", "seat=2", "seat=3"]


def test_the_show_is_told_in_order_with_the_partner_and_the_crib() -> None:
    table = Table.new(PlaySetup("easy", Settings(seats=4)), seed=11)
    while table.game.deal_no < 2 and table.need() is not Need.OVER:
        move(table)
    shows = [e for e in table.game.events if isinstance(e, ShowEvent)][:5]
    dealer = next(
        e.dealer for e in table.game.events if isinstance(e, CutEvent) and e.dealer is not None
    )
    assert [e.seat for e in shows] == [(dealer + k) % 4 for k in (1, 2, 3, 4, 4)]
    assert shows[-1].which is Which.CRIB
    # partners' points go to one score
    moves = peg_moves(table.game.events, 4, target=table.game.settings.target)
    assert {m.seat for m in moves} <= {0, 1}
    assert all(side_of(s, 4) in (0, 1) for s in range(4))

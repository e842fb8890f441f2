"""The Play page with three and four at the table, in AppTest: a whole deal played through
the page's own widgets (the cards tapped, the buttons pressed), the table's seats, the
board's tracks, the show in order, muggins, and the saved game replaying."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player, table_of
from trainer.bench.playing import interact
from trainer.engine.dealing import counting_order
from trainer.engine.events import CutEvent, DiscardEvent, LayEvent, ShowEvent
from trainer.engine.game import Game
from trainer.engine.vocab import Phase
from trainer.progress.store import Store
from trainer.training.table import ME, Need

REPO = Path(__file__).resolve().parent.parent
PAGE = str(REPO / "trainer" / "ui" / "views" / "play.py")


def _page() -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    as_player(at)
    at.run()
    assert not at.exception, at.exception
    return at


def _start(
    at: AppTest, seats: int, *, counting: str = "automatic", coach: str = "off", level: str = "easy"
) -> None:
    at.selectbox(key="play_seats").set_value(seats)
    at.radio(key="play_level").set_value(level)
    at.radio(key="play_target").set_value(121)
    at.radio(key="play_coach").set_value(coach)
    at.run()  # the counting's choices follow the coach's
    at.radio(key=f"play_counting_{coach}").set_value(counting)
    random.seed(seats)  # the page deals from Python's generator: the same game each run
    at.button(key="play_start").click()
    at.run()
    assert not at.exception, at.exception


def _markdown(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def _saved_record() -> str:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    rows = [store.game_in_progress(p.id) for p in store.profiles()]
    (row,) = [r for r in rows if r is not None]
    return str(row.record)


def _play_a_deal(at: AppTest) -> tuple[list[Need], list[str]]:
    """Every step of the first deal, through the page; the page's words at each lay."""
    needs: list[Need] = []
    tables: list[str] = []
    for _ in range(200):
        table = table_of(at)
        if table.game.deal_no >= 2 or table.need() is Need.OVER:
            return needs, tables
        if table.need() is Need.LAY:
            tables.append(_markdown(at))
        needs.append(interact(at))
        at.run()
        assert not at.exception, at.exception
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("seats", [3, 4])
def test_a_whole_deal_by_taps(seats: int) -> None:
    at = _page()
    _start(at, seats)
    assert table_of(at).game.players == seats
    needs, tables = _play_a_deal(at)
    assert {Need.CUT_FOR_DEAL, Need.DISCARD, Need.LAY, Need.REVEAL} <= set(needs)
    game = table_of(at).game
    # each seat threw one card; the computers played their seats
    discards = [e for e in game.events if isinstance(e, DiscardEvent)]
    assert sorted(e.seat for e in discards[:seats]) == list(range(seats))
    assert all(len(e.cards) == 1 for e in discards)
    laid = [e for e in game.events if isinstance(e, LayEvent)]
    deal_one = laid[: 4 * seats]
    assert {e.seat for e in deal_one} == set(range(seats))
    # the show went clockwise from the dealer's left, the dealer's hand, then the crib
    dealer = next(e.dealer for e in game.events if isinstance(e, CutEvent) and e.dealer is not None)
    shows = [(e.seat, e.which) for e in game.events if isinstance(e, ShowEvent)]
    assert shows[: seats + 1] == list(counting_order(dealer, seats))
    # the table showed every seat's place and whose turn it was
    assert tables
    for text in tables:
        assert text.count('class="tb-spot tb-spot-') == seats
        assert "tb-spot-turn" in text and "Your turn: tap a card to lay it." in text
    # the board has a track for each player, or each partnership
    board = _markdown(at)
    if seats == 3:
        assert "Left <b>" in board and "Right <b>" in board
    else:
        assert "Us <b>" in board and "Them <b>" in board
    # saved after every step: the record replays to the same game
    assert Game.from_notation(_saved_record()).events == game.events


def test_who_said_go_is_shown_in_front_of_them() -> None:
    at = _page()
    _start(at, 3)
    seen_go = False
    for _ in range(2000):
        table = table_of(at)
        if table.need() is Need.OVER:
            break
        if table.need() is Need.LAY and table.said_go():
            seen_go = True
            text = _markdown(at)
            assert "said go" in text
            names = [table.names.short(seat) for seat in table.said_go()]
            for name in names:
                assert f"<b>{name}</b>" in text
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    assert seen_go, "no go was said before the person's turn in a whole game"


@pytest.mark.parametrize("seats", [3, 4])
def test_muggins_at_every_size(seats: int) -> None:
    """A count one short: the seat on the person's left takes the point missed, and the
    page says so once the hand is shown."""
    at = _page()
    _start(at, seats, counting="muggins")
    for _ in range(600):
        table = table_of(at)
        assert table.need() is not Need.OVER, "no hand worth a point to count short"
        nxt = table.next_count() if table.need() is Need.CLAIM else None
        if nxt is not None and nxt[2].total > 0:
            key = f"play_claim_{len(table.game.events)}"
            at.number_input(key=key).set_value(nxt[2].total - 1)
            at.button(key=f"{key}_ok").click()
            at.run()
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    event = table_of(at).counted
    assert event is not None and event.seat == ME and event.muggins == 1
    assert event.muggins_taker == 1  # the seat on the person's left
    key = f"play_reveal_{len(table_of(at).game.events)}"
    while [b for b in at.button if b.key == f"{key}_next"]:
        at.button(key=f"{key}_next").click()
        at.run()
    said = "\n".join(str(m.value) for m in at.markdown)
    assert "Muggins! The computer on your left takes the 1 point you missed." in said


@pytest.mark.parametrize("seats", [3, 4])
def test_the_coach_speaks_of_the_one_card_thrown(seats: int) -> None:
    at = _page()
    _start(at, seats, coach="moves")
    for _ in range(50):
        table = table_of(at)
        if table.need() is Need.LAY or table.game.phase is Phase.SHOW:
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    table = table_of(at)
    (thrown,) = table.view.discards
    expanders = [e for e in at.expander if str(e.label).startswith("Coach:")]
    assert expanders
    text = "\n".join(str(m.value) for m in at.markdown)
    assert f"Throwing {thrown.label}" in text


def test_the_coach_notes_a_card_laid_at_three() -> None:
    """With the coach after each move at Hard, a card laid worse than the coach's gets a
    note on the page, in the words of the table's coach (the next player's reply)."""
    at = _page()
    _start(at, 3, coach="moves", level="hard")
    for _ in range(400):
        table = table_of(at)
        assert table.need() is not Need.OVER, "no note after a lay in a whole game"
        if table.coaching.play_note() is not None and table.coaching.play_note_lines():
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    table = table_of(at)
    lines = table.coaching.play_note_lines()
    (box,) = [m for m in at.markdown if 'class="tb-coach"' in str(m.value)]
    assert "**Coach:** " + "  \n".join(lines) in str(box.value)
    note = table.coaching.play_note()
    assert note is not None
    laid = table.game.events[table.mark]
    assert isinstance(laid, LayEvent) and laid.seat == ME and laid.card == note.card
    if note.best is not None:
        assert "the next player can expect" in note.lines()[-1] or "pegs" in note.lines()[-1]


def test_learning_mode_names_the_coachs_card_at_four() -> None:
    at = _page()
    _start(at, 4, coach="learning", level="hard")
    for _ in range(60):
        if table_of(at).need() is Need.LAY:
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    table = table_of(at)
    assert table.need() is Need.LAY
    line = table.coaching.lay_line()
    assert line.startswith(("The coach would lay the ", "Only your "))
    assert [m for m in at.markdown if f"**Coach:** {line}" in str(m.value)]


def test_a_finished_game_of_four_names_the_partnership() -> None:
    at = _page()
    _start(at, 4)
    for _ in range(3000):
        if table_of(at).need() is Need.OVER:
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    game = table_of(at).game
    assert game.is_over
    text = _markdown(at)
    if game.winner == 0:
        assert "You and your partner win!" in text
    else:
        assert "The two computers win this time" in text
    assert f"you and your partner {game.scores[0]}, the two computers {game.scores[1]}" in text
    rows: list[Any] = at.table[0].value.to_dict("records")
    assert [r["Who"] for r in rows] == ["You", "Left", "Partner", "Right"]
    assert sum(r["Total"] for r in rows) == sum(game.scores)
    # the record against the level is of games of four, won by the partnership
    won = int(game.winner == 0)
    assert (
        "Your record against Easy to 121, four players, in partnerships: "
        f"{won} of 1 game won with your partner, {int(won and game.skunk() > 0)} by a skunk"
    ) in text
    assert at.button(key="play_review").label == "Review this game"  # at four too

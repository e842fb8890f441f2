"""The Play page's table: the board as the person may see it (the show pegged combination by
combination, never the total first), the log of the deal, the pile's scoring cards, the
engine's words about the seats said as "you" and "the computer" (trainer.training.table),
and the page in AppTest: the pegs move with "Next", a hand counted at once, the settings in
the game menu kept per player, the words of a count, the results and the restart notice."""

from __future__ import annotations

import json
import os
import random
import re
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import table_of
from tests.test_game_random import play_random_game
from tests.test_views_play import _page, _page_step, _start, _texts
from trainer.bench.playing import play_on, right_count
from trainer.engine import parse_cards
from trainer.engine.events import LayEvent, ShowEvent, parse_event
from trainer.engine.items import Award, Kind, ScoreItem
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.show import score_show
from trainer.engine.vocab import Counting, Which
from trainer.progress.store import Store
from trainer.training.records import Preferences
from trainer.training.table import (
    COMPUTER,
    ME,
    CoachMode,
    Need,
    PlaySetup,
    RecordProblem,
    Table,
    best_hand_line,
    in_our_words,
    parse_export,
    peg_moves,
    pegs_of,
    scoring_cards,
)
from trainer.ui import restart_notice
from trainer.ui.table_html import item_html

# --- the board as the person may see it -----------------------------------------------------


def _to_reveal(table: Table, *, items: int = 2, muggins_short: bool = False) -> Table:
    """Play on (first cards, first throws, right counts or short ones) until a counted hand
    with at least ``items`` combinations waits to be shown."""

    def wanted(table: Table, need: Need) -> bool:
        counted = table.counted
        return (
            need is Need.REVEAL
            and counted is not None
            and len(counted.score.items) >= items
            and (not muggins_short or bool(counted.muggins))
        )

    def claim(table: Table) -> int:
        return max(right_count(table) - 3, 0) if muggins_short else right_count(table)

    if play_on(table, stop=wanted, claim=claim, moves=3000) is Need.OVER:
        pytest.fail("no such hand came up")
    return table


def test_the_show_is_pegged_as_its_combinations_are_shown_never_the_total_first() -> None:
    table = _to_reveal(Table.new(PlaySetup("easy", Settings(target=121)), seed=4))
    counted = table.counted
    assert counted is not None
    seat, items = counted.seat, counted.score.items
    before = pegs_of(peg_moves(table.game.events[:-1], target=121))
    assert table.pegs() == table.pegs(0) == before  # nothing pegged before the first Next
    for step in range(1, len(items) + 1):
        pegs = table.pegs(step)
        shown = sum(item.points for item in items[:step])
        assert pegs.front[seat] == before.front[seat] + shown
        assert pegs.front[1 - seat] == before.front[1 - seat]
        assert pegs.back[seat] == before.front[seat]  # the back peg leapfrogged once
        assert pegs.last is not None and pegs.last.seat == seat
    assert table.pegs(len(items)).front == table.game.scores
    table.show_next()
    assert table.pegs() == table.pegs(1)


def test_a_short_count_pegs_what_was_said_and_muggins_comes_last() -> None:
    setup = PlaySetup("easy", Settings(target=121, counting=Counting.MUGGINS))
    table = _to_reveal(Table.new(setup, seed=2), items=1, muggins_short=True)
    counted = table.counted
    assert counted is not None and counted.seat == ME and counted.muggins
    items = counted.score.items
    start = table.pegs(0)
    for step in range(len(items)):
        pegs = table.pegs(step)
        assert pegs.front[ME] <= start.front[ME] + counted.awarded
        assert pegs.front[COMPUTER] == start.front[COMPUTER]  # no muggins yet
    end = table.pegs(len(items))
    assert end.front == table.game.scores
    assert end.last is not None and end.last.seat == COMPUTER and "muggins" in end.last.reason


def test_the_log_tells_this_deal_and_marks_what_is_new() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=61)), seed=3)
    play_on(table, stop=lambda _, need: need is Need.LAY)
    lines = table.log_lines()
    texts = [line.text for line in lines]
    assert any("in the crib." in text for text in texts)
    assert any(text.startswith("The starter is") for text in texts)
    assert all(line.new == (line.event >= table.mark) for line in lines)
    table = _to_reveal(Table.new(PlaySetup("easy", Settings(target=121)), seed=4))
    counted = table.counted
    assert counted is not None
    shown = [line.event for line in table.log_lines()]
    assert len(table.game.events) - 1 not in shown  # the hand being shown is not told


def test_the_pile_lights_every_card_that_scored() -> None:
    six, five, seven = parse_cards("6H 5C 7D")
    run = LayEvent(1, seven, 18, (Award(1, ScoreItem(Kind.RUN, (six, five, seven), 3)),))
    assert scoring_cards(run, (six, five, seven)) == (six, five, seven)  # the 6 too
    pair = LayEvent(
        0, parse_cards("7S")[0], 25, (Award(0, ScoreItem(Kind.PAIR, parse_cards("7D 7S"), 2)),)
    )
    pile = (six, five, seven, pair.card)
    assert scoring_cards(pair, pile) == (seven, pair.card)
    assert scoring_cards(LayEvent(0, six, 6), (six,)) == ()


def test_the_engine_s_seat_words_are_you_and_the_computer() -> None:
    assert in_our_words("the game is over: player 2 reached 121") == (
        "the game is over: the computer reached 121"
    )
    assert in_our_words("player 1 cannot say go: 5♥ still fits under 31") == (
        "you cannot say go: 5♥ still fits under 31"
    )
    assert in_our_words("next is player 2's crib") == "next is the computer's crib"
    assert in_our_words("player 2 has already given two cards to the crib") == (
        "the computer has already given two cards to the crib"
    )
    text = "event 3 (line 5), 'lay seat=1 card=5C count=5': it is player 1's turn, not player 2's"
    assert in_our_words(text).endswith(
        "it is your turn, not the computer's (in a record, seat=0 is you and seat=1 is the "
        "computer)"
    )
    wrong = '[Seed "3"]\n\ncut seat=0 at=10 card=5H\ncut seat=0 at=12 card=KD\n'
    with pytest.raises(RecordProblem) as caught:
        parse_export(wrong)
    assert "player 1" not in str(caught.value) and "player 2" not in str(caught.value)
    assert "you have already cut" in str(caught.value)


# --- the page (AppTest) ----------------------------------------------------------------------


def _board_line(at: AppTest) -> str:
    (board,) = [m.value for m in at.markdown if 'class="tb-board' in m.value]
    lines: list[str] = re.findall(r'<div class="tb-line[^"]*"[^>]*>(.*?)</div>', board)
    return lines[-1]


def _until_reveal(at: AppTest, items: int = 2) -> None:
    for _ in range(400):
        table = table_of(at)
        counted = table.counted
        wanted = counted is not None and len(counted.score.items) >= items
        if table.need() is Need.REVEAL and wanted and table.shown == 0:
            return
        _page_step(at)
    pytest.fail("no hand to show came up")


def test_the_page_moves_the_pegs_with_each_next() -> None:
    random.seed(186)  # the page deals from the global generator: the same game every run
    at = _page()
    _start(at)
    _until_reveal(at)
    table = table_of(at)
    counted = table.counted
    assert counted is not None
    before = _board_line(at)
    assert f"<b>{table.game.scores[counted.seat]}</b>" not in before or counted.score.total == 0
    key = f"play_reveal_{len(table.game.events)}"
    at.button(key=f"{key}_next").click().run()
    first = counted.score.items[0]
    after = _board_line(at)
    assert after != before and f"+{first.points}: " in after
    assert str(counted.score.total) + " points" not in _texts(at).split("tb-board")[0]


def _switch(at: AppTest, label: str) -> Any:
    (found,) = [t for t in at.toggle if t.label == label]
    return found


def _player_id(at: AppTest) -> int:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    (profile,) = store.profiles()
    return profile.id


def test_the_settings_in_the_game_menu_are_kept_for_the_player() -> None:
    at = _page()
    _start(at, target=61)
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    player = _player_id(at)
    assert _switch(at, "Sounds").value is True  # on unless reduced motion
    _switch(at, "Sounds").set_value(False).run()
    at.toggle(key="play_show_switch").set_value(True).run()
    assert store.preferences(player) == Preferences(sound=False, show_all=True)
    (sounds,) = [c for c in at.get("bidi_component") if c.key == "play_sounds"]
    assert json.loads(sounds.proto.json)["on"] is False
    again = _page()  # another visit: the same settings
    assert _switch(again, "Sounds").value is False
    assert again.toggle(key="play_show_switch").value is True


def test_a_hand_counted_at_once_shows_every_combination_lit_in_turn() -> None:
    at = _page()
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    store.set_preferences(_player_id(at), Preferences(show_all=True))
    at = _page()
    _start(at)
    _until_reveal(at, items=2)
    table = table_of(at)
    counted = table.counted
    assert counted is not None
    key = f"play_reveal_{len(table.game.events)}"
    assert not [b for b in at.button if b.key == f"{key}_next"]  # no Next to press
    assert at.button(key=f"{key}_go").label == "Continue"
    text = _texts(at)
    total = 0
    for item in counted.score.items:
        total += item.points
        assert text.count(item_html(item, total)) == 2  # listed, and said beside its cards
    assert text.count("animation:tb-on") >= 3 * len(counted.score.items)
    assert f"+{counted.score.total}: " in _board_line(at) or counted.awarded < counted.score.total


def test_a_muggins_is_told_as_a_miss_not_a_success() -> None:
    at = _page()
    _start(at, counting="muggins")
    for _ in range(400):
        table = table_of(at)
        if table.need() is Need.CLAIM:
            nxt = table.next_count()
            assert nxt is not None
            if nxt[2].total >= 2:
                key = f"play_claim_{len(table.game.events)}"
                at.number_input(key=key).set_value(0)
                at.button(key=f"{key}_ok").click().run()
                break
        _page_step(at)
    table = table_of(at)
    counted = table.counted
    assert counted is not None and counted.muggins
    key = f"play_reveal_{len(table.game.events)}"
    for _ in counted.score.items:
        at.button(key=f"{key}_next").click().run()
    assert not at.success
    assert f":orange[Muggins! The computer takes the {counted.muggins} points" in _texts(at)


def test_the_best_hand_is_said_as_a_sentence() -> None:
    score = score_show(parse_cards("5H 5D JS QC"), parse_cards("2C")[0])
    mine = ShowEvent.build(ME, Which.HAND, score, None)
    theirs = ShowEvent.build(COMPUTER, Which.HAND, score, None)
    assert best_hand_line(mine) == f"The best hand of the game was yours: {score.total} points."
    assert best_hand_line(theirs).startswith("The best hand of the game was the computer's:")


def test_the_restart_notice_and_the_sounds_are_on_the_table() -> None:
    at = _page()
    _start(at)
    components: dict[str | None, Any] = {
        c.key: json.loads(c.proto.json) for c in at.get("bidi_component")
    }
    assert components["restart_notice"] == {
        "title": restart_notice.TITLE,
        "text": restart_notice.TEXT,
    }
    assert "Are you connected" not in restart_notice.TEXT and "saved" in restart_notice.TEXT
    first = components["play_sounds"]
    at.run()  # the same step drawn again: the same token, so nothing is played twice
    (again,) = [
        json.loads(c.proto.json) for c in at.get("bidi_component") if c.key == "play_sounds"
    ]
    assert again["token"] == first["token"]
    _page_step(at)  # the cut
    (cut,) = [json.loads(c.proto.json) for c in at.get("bidi_component") if c.key == "play_sounds"]
    assert cut["token"] != first["token"] and ["card", 0.0] in cut["cues"]


def test_the_coach_at_the_table_works_from_the_game_and_the_person_s_seat() -> None:
    """``table.coaching`` is the coach of the person whose turn it is, given the table's
    game, that seat and their coach setting (not the table); what it works out is kept
    between asks, so a rerun does not work it out again."""
    table = Table.new(PlaySetup("hard", Settings(target=121), coach=CoachMode.LEARNING), seed=7)
    table.cut_for_deal()
    coach = table.coaching
    assert (coach.game, coach.seat, coach.mode) == (table.game, table.seat, CoachMode.LEARNING)
    assert table.coaching.ranking() is coach.ranking()  # the same memo
    assert (
        table.coaching.ranking() == table.coaching.ranking() and len(table.coaching.ranking()) == 5
    )
    assert table.coaching.best_throw_line() == table.coaching.best_throw_line()
    table.discard(table.coaching.ranking()[0].discard.throw)
    assert table.coaching.throw_lines() == table.coaching.throw_lines() != ()
    assert table.coaching.throw_was_best()
    while table.need() is Need.CUT_STARTER:
        table.cut_starter()
    assert table.need() is Need.LAY
    assert table.coaching.lay_line() == table.coaching.lay_line() != ""


def test_the_last_move_says_what_was_pegged_to_reach_the_game_hole() -> None:
    """At 60 in a game to 61, a fifteen and a run of three peg one point: the board's last
    line says +1 for the fifteen (60 → 61), not +5 past the hole."""
    pair_royal = parse_event("lay seat=0 card=4S count=14 awards=0:pair/4H-4C-4S/6")
    last = parse_event("lay seat=0 card=5C count=15 awards=0:fifteen/6S-4C-5C/2,0:run/6S-4C-5C/3")
    moves = peg_moves([pair_royal] * 10 + [last], target=61)
    assert (moves[-1].start, moves[-1].end, moves[-1].reason) == (60, 61, "fifteen for two")
    assert peg_moves([pair_royal] * 10 + [last], target=121)[-1].end == 65


def test_a_count_that_wins_moves_the_peg_only_to_the_game_hole() -> None:
    """A crib of 17 counted from 57 in a game to 61: the peg moves with the combinations
    until it reaches 61, then stays; the last line says +4 for the crib (57 → 61)."""
    game = play_random_game(9, 61, Counting.AUTOMATIC, 9)
    record = GameRecord(game.settings, game.seed, tuple(game.events))
    table = Table.resume(PlaySetup("easy", game.settings), record)
    counted = table.counted
    assert counted is not None and counted.score.total == 17
    fronts = [table.pegs(step).front[0] for step in range(len(counted.score.items) + 1)]
    assert fronts == [57, 59, 61, 61, 61, 61, 61, 61, 61]
    last = table.pegs(len(counted.score.items)).last  # the whole crib shown
    assert last is not None and (last.start, last.end, last.reason) == (57, 61, "the crib")

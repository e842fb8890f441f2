"""The win meter beside the board (trainer.ui.winbar) and on the Play page in AppTest: the
words a child reads (in words in learning mode), the bar, the setting (on in learning mode,
kept for the player), and the chances the Table's own win meter gives after every deal and
every card: the person's seat_chance, the one the coach speaks of."""

from __future__ import annotations

import os
import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import table_of
from tests.test_coaching import _start, _step
from tests.views.test_play import _page, _play_out, _texts
from trainer.analysis.endgame import throw_advice
from trainer.analysis.winmeter import WinChances, seat_chance, win_meter
from trainer.bench.playing import move
from trainer.engine import Game, GameRecord, Phase, Settings
from trainer.progress.store import Store
from trainer.training.coach import standing
from trainer.training.records import Preferences
from trainer.training.table import ME, Need, PlaySetup, Table
from trainer.ui.winbar import meter_on, winbar_html


def test_the_meter_says_each_side_s_chance_in_whole_numbers() -> None:
    html = winbar_html(WinChances((0.6249, 0.3751), Phase.PLAY, 0))
    assert "You: <b>62%</b> to win" in html and "Computer: <b>38%</b>" in html
    assert 'style="width: 62%"' in html
    assert 'aria-label="Chance to win: You 62%, Computer 38%"' in html


def test_in_words_the_meter_says_each_side_s_chance_without_a_number() -> None:
    html = winbar_html(WinChances((0.6249, 0.3751), Phase.PLAY, 0), words=True)
    assert "You: <b>a little ahead</b>" in html and "Computer: <b>a little behind</b>" in html
    assert 'aria-label="Chance to win: You a little ahead, Computer a little behind"' in html
    visible = re.sub(r"<[^>]+>", " ", html)  # what is read, and what is heard
    assert not re.search(r"[\d%]", visible + re.findall(r'aria-label="([^"]*)"', html)[0])


def test_an_unsure_game_is_never_said_to_be_certain() -> None:
    html = winbar_html(WinChances((0.999, 0.001), Phase.SHOW, 1))
    assert "<b>99%</b>" in html and "<b>1%</b>" in html and "100%" not in html


def test_a_won_game_says_who_won() -> None:
    assert "Computer won the game" in winbar_html(WinChances((0.0, 1.0), Phase.SHOW, 1))
    assert "You won the game" in winbar_html(WinChances((1.0, 0.0), Phase.SHOW, 0))


def test_names_are_escaped() -> None:
    assert "&lt;b&gt;" in winbar_html(WinChances((0.5, 0.5), Phase.CUT, None), ("<b>", "x"))


def test_the_setting_is_the_player_s_choice_or_learning_mode() -> None:
    assert meter_on(None, learning=True) and not meter_on(None, learning=False)
    assert meter_on(True, learning=False) and not meter_on(False, learning=True)
    assert Preferences.parse({"win_meter": "nonsense"}).meter is None  # not chosen


# --- the Table's chances ------------------------------------------------------------------------


def test_the_table_gives_the_win_meter_of_the_person_s_view_after_every_step() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=61)), seed=5)
    seen_phases = set()
    for _ in range(400):
        if table.need() is Need.OVER:
            break
        chances = table.win_chances()
        if table.counted is None or table.shown >= len(table.counted.score.items):
            view = table.view
            assert chances == seat_chance(view).meter()
            if view.phase in (Phase.CUT, Phase.DONE):  # nothing more than the public position
                assert chances == win_meter(view)
            if table.need() is Need.DISCARD:  # the best throw's chance, the person's six seen
                assert chances.of(ME) == throw_advice(view).best.win
        seen_phases.add(chances.phase)
        move(table)
    assert table.win_chances().of(table.game.winner or 0) == 1.0
    assert {Phase.DISCARD, Phase.PLAY, Phase.SHOW} <= seen_phases


def test_while_a_hand_is_counted_out_the_meter_waits_for_it() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=61)), seed=5)
    for _ in range(400):
        counted = table.counted
        if counted is not None and counted.score.items and table.shown == 0:
            break
        move(table)
    else:
        pytest.fail("no hand was counted out")
    events = table.game.events
    before = Game.replay(GameRecord(table.game.settings, table.game.seed, tuple(events[:-1])))
    assert table.win_chances() == seat_chance(before.view(ME)).meter()
    for _ in counted.score.items:
        table.show_next()
    assert table.win_chances() == seat_chance(table.view).meter()


# --- the page -----------------------------------------------------------------------------------


def _meter_line(at: AppTest) -> str:
    found = [  # (the board beside it is a picture: its drawing, in its address, left out)
        re.sub(r'src="[^"]*"', 'src=""', str(m.value))
        for m in at.html
        if 'class="wb"' in str(m.value)
    ]
    return found[0] if found else ""


def _said(html: str) -> str:
    match = re.search(r"You: <b>([a-z ]+)</b>", html)
    assert match, html
    return match.group(1)


def test_learning_mode_shows_the_meter_after_every_deal_and_card() -> None:
    at = _page()
    _start(at, "learning")
    laid = 0
    for _ in range(60):
        table = table_of(at)
        if table.need() is Need.OVER or table.game.deal_no > 2:
            break
        line = _meter_line(at)
        assert line, "the meter is missing"
        assert _said(line) == standing(table.win_chances().of(ME))  # in words, no number
        assert "%" not in re.sub(r'style="[^"]*"', "", line)
        need = _step(at)
        laid += need is Need.LAY
    assert laid >= 4 and table_of(at).game.deal_no > 1


def test_the_meter_is_off_by_default_away_from_learning_mode_and_its_switch_is_kept() -> None:
    at = _page()
    _start(at, "off")
    assert not _meter_line(at)
    switch = at.toggle(key="play_meter_switch")
    assert switch.value is False
    switch.set_value(True).run()
    assert not at.exception, at.exception
    assert _meter_line(at)
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    (player,) = store.profiles()
    assert store.preferences(player.id).meter is True
    fresh = _page()  # another visit: the setting is the player's
    assert _meter_line(fresh) and fresh.toggle(key="play_meter_switch").value is True
    fresh.toggle(key="play_meter_switch").set_value(False).run()
    assert not _meter_line(fresh)
    assert "to win" not in _texts(fresh)


def test_a_finished_game_s_meter_says_who_won() -> None:
    table = _play_out(Table.new(PlaySetup("easy", Settings(target=61)), seed=2))
    winner = table.game.winner
    assert winner is not None
    assert table.win_chances().of(winner) == 1.0

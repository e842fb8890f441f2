"""The coach near the end (trainer.training.coach's GameThrow and game_lay_line, and the
Table that uses them): it speaks of winning the game, with the analysis's own chances in
whole percentages; away from the end it says what it always said."""

from __future__ import annotations

import re

import pytest

from tests.test_play_coach import _start, _step
from tests.test_play_page import _page, _table, _texts
from tests.test_play_page import _step as _table_step
from trainer.analysis.endgame import ThrowAdvice, throw_advice, throws_by_needs
from trainer.analysis.players import CardChance, card_chances
from trainer.engine import Card, parse_cards
from trainer.engine.settings import Settings
from trainer.training.coach import (
    NEAR_END,
    GameThrow,
    game_lay_line,
    near_the_end,
    percent,
    plain_best_throw,
    plain_verdict,
)
from trainer.training.table import Need, PlaySetup, Table


def _advice(six: str, *, dealer: bool, need: int, their_need: int) -> ThrowAdvice:
    cards = parse_cards(six)
    throws = throws_by_needs(cards, dealer=dealer, need_me=need, need_opp=their_need)
    return ThrowAdvice(need, their_need, not dealer, throws)


def _no_decimals(text: str) -> None:
    assert not re.search(r"\d[.,]\d", text), text


def test_near_the_end_is_either_side_within_reach() -> None:
    assert near_the_end(NEAR_END, 100) and near_the_end(100, NEAR_END)
    assert not near_the_end(NEAR_END + 1, NEAR_END + 1)


def test_percentages_are_whole_and_never_certain_unless_so() -> None:
    assert [percent(c) for c in (0.0, 0.004, 0.5, 0.996, 1.0)] == [0, 1, 50, 99, 100]


def test_the_pone_needing_six_is_told_to_keep_the_hand_that_makes_six() -> None:
    advice = _advice("AS 2D 3C 7S 8C KH", dealer=False, need=6, their_need=12)
    game = GameThrow(advice, points_best=(Card.parse("7S"), Card.parse("8C")))
    best = advice.best
    assert set(advice.surest.keep) == set(best.keep)
    lines = game.before_lines()
    assert lines[0] == "You count first and need 6: keep the hand that makes 6 most often."
    a, b = best.throw
    assert lines[1] == (
        f"The coach would throw {a.label} and {b.label}, keeping "
        f"{' '.join(c.label for c in best.keep)}: the hand makes 6 or more with "
        f"{percent(best.home)}% of the starters, and it wins the game {percent(best.win)}% "
        "of the time."
    )
    for line in lines:
        _no_decimals(line)


def test_after_the_throw_it_says_how_often_the_throw_wins_against_the_best() -> None:
    advice = _advice("AS 2D 3C 7S 8C KH", dealer=False, need=6, their_need=12)
    worst = advice.throws[-1]
    game = GameThrow(advice, thrown=worst.throw)
    assert not game.best_for_the_game
    verdict, plan, home = game.lines()
    assert verdict.startswith(f"Your throw wins the game {percent(worst.win)}% of the time; ")
    assert f"wins {percent(advice.best.win)}%." in verdict
    assert plan.startswith("You count first and need 6")
    assert f"with {percent(worst.home)}% of the starters" in home
    best = GameThrow(advice, thrown=advice.best.throw)
    assert best.best_for_the_game and "as good as any for the game" in best.lines()[0]
    with pytest.raises(ValueError, match="not been made"):
        GameThrow(advice).lines()


def test_the_dealer_is_told_the_computer_counts_first() -> None:
    advice = _advice("5H 5D JS 2C 9H KD", dealer=True, need=30, their_need=8)
    game = GameThrow(advice)
    assert not game.counting_out
    assert game.plan().startswith("The computer counts first and needs 8:")
    assert "starters" not in game.before_lines()[1]


def test_a_lay_near_the_end_names_the_card_that_keeps_the_game() -> None:
    six, seven = parse_cards("6D 7S")
    line = game_lay_line([CardChance(seven, 0.547), CardChance(six, 0.312)])
    assert line == (
        "Near the end: the 7♠ gives you the best chance to win the game, 55% (the 6♦: 31%)."
    )
    same = game_lay_line([CardChance(seven, 0.547), CardChance(six, 0.54)])
    assert "every card here leaves you the same chance" in same and "55%" in same
    assert game_lay_line([CardChance(seven, 0.5)]) == ""


# --- the Table -----------------------------------------------------------------------------


def _near(table: Table) -> bool:
    view = table.view
    target = view.settings.target
    return near_the_end(target - view.my_score, target - view.their_score)


def _until(table: Table, need: Need, near: bool) -> None:
    for _ in range(600):
        if table.need() is need and _near(table) is near:
            return
        if table.need() is Need.OVER:
            break
        _table_step(table)
    pytest.fail(f"never reached {need} {'near' if near else 'away from'} the end")


def test_away_from_the_end_the_learning_coach_is_unchanged() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=121), coach="learning"), seed=4)
    _until(table, Need.DISCARD, near=False)
    assert table.game_throw() is None
    assert table.best_throw_line() == plain_best_throw(table.ranking(top=15))
    table.discard(table.view.hand[:2])
    advice = table.throw_advice()
    assert advice is not None
    assert table.throw_lines() == advice.lines()
    assert table.throw_words() == plain_verdict(advice)
    if table.need() is Need.CUT_STARTER:
        table.cut_starter()
    if table.need() is Need.LAY and len(table.view.playable) > 1:
        assert table.game_lay() == ""
        assert "chance to win" not in table.lay_line()


def test_a_first_game_has_no_win_words() -> None:
    """A first game (to 31, no crib, no play) is not the win model's: the coach says what
    it always says there."""
    first = Settings(target=31, skunks=False, crib=False, play=False)
    table = Table.new(PlaySetup("easy", first, coach="learning"), seed=4)
    assert not table.has_win_meter
    while table.need() is Need.CUT_FOR_DEAL:
        table.cut_for_deal()
    assert table.game_throw() is None and table.game_lay() == ""


def test_near_the_end_the_coach_speaks_of_winning() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=61), coach="learning"), seed=4)
    _until(table, Need.DISCARD, near=True)
    view = table.view
    best_points = table.ranking(top=1)[0].discard.throw
    expected = GameThrow(throw_advice(view), None, (best_points[0], best_points[1]))
    line = table.best_throw_line()
    assert line == " ".join(expected.before_lines())
    assert f"wins the game {percent(expected.best.win)}% of the time" in line
    _no_decimals(line)
    table.discard(table.view.hand[:2])
    lines = table.throw_lines()
    thrown = GameThrow(expected.advice, (table.view.discards[0], table.view.discards[1]))
    advice = table.throw_advice()
    assert advice is not None
    table_rows = tuple(row.line() for row in advice.top)
    assert lines == (*thrown.lines(), "For points alone, on average:", *table_rows)
    assert table.throw_words() == thrown.lines()  # learning mode's words
    assert table.throw_was_best() == thrown.best_for_the_game
    for text in table.throw_words():  # learning mode: whole numbers (details have decimals)
        _no_decimals(text)
    _until(table, Need.LAY, near=True)
    while table.need() is Need.LAY and len(table.view.playable) < 2:
        _table_step(table)
    if table.need() is Need.LAY:
        view = table.view
        seed = f"{table.game.seed}:coach:{len(table.game.events)}"
        said = game_lay_line(card_chances(view, seed=seed))
        assert said and table.lay_line() == said


def test_the_page_speaks_of_winning_near_the_end() -> None:
    at = _page()
    at.radio(key="play_target").set_value(61)
    _start(at, "learning")  # a game to 61 against Easy
    for _ in range(200):
        table = _table(at)
        if table.need() is Need.DISCARD and _near(table):
            break
        assert table.need() is not Need.OVER
        _step(at)
    assert "wins the game" in _texts(at) and table.best_throw_line() in _texts(at)

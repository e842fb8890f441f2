"""The coach near the end (trainer.training.coach's GameThrow and game_lay_line, and the
Table that uses them): it speaks of winning the game, with the analysis's own chances in
whole percentages or (learning mode) in words, the chance it names for its choice the one
the meter shows; away from the end it says what it always said."""

from __future__ import annotations

import dataclasses
import itertools
import re

import pytest

from tests.apptest import table_of
from tests.test_coaching import _start, _step
from tests.views.test_play import _page, _texts
from trainer.analysis.endgame import ThrowAdvice, throw_advice, throws_by_needs
from trainer.analysis.players import CardChance
from trainer.analysis.winmeter import REACH, reach
from trainer.bench.playing import first_cards, move
from trainer.engine import Card, Game, SeatView, parse_cards
from trainer.engine.settings import Settings
from trainer.training.coach import (
    GameThrow,
    game_lay_line,
    in_figures,
    near_the_end,
    plain_best_throw,
    plain_verdict,
    standing,
)
from trainer.training.table import CoachMode, Need, PlaySetup, Table


def _advice(six: str, *, dealer: bool, need: int, their_need: int) -> ThrowAdvice:
    cards = parse_cards(six)
    throws = throws_by_needs(cards, dealer=dealer, need_me=need, need_opp=their_need)
    return ThrowAdvice(need, their_need, not dealer, throws)


def _no_decimals(text: str) -> None:
    assert not re.search(r"\d[.,]\d", text), text


def _at_the_throw(scores: tuple[int, int], target: int = 61) -> SeatView:
    """The first deal's throw, the scores set to ``scores``."""
    game = Game(Settings(target=target), seed=4)
    while game.dealer is None:
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    return dataclasses.replace(game.view(0), scores=scores)


def test_near_the_end_is_when_a_side_can_reach_the_target_this_deal_or_the_next() -> None:
    # Two deals make 26 points on average: 44 from home (with 17 of 61) is not near the end
    # (the coach said it there), 30 is.
    assert not near_the_end(_at_the_throw((17, 10)))
    assert near_the_end(_at_the_throw((31, 10))) and near_the_end(_at_the_throw((10, 31)))
    by_need = [reach(_at_the_throw((61 - need, 0)))[0] for need in range(2, 61)]
    assert all(a >= b for a, b in itertools.pairwise(by_need))
    assert by_need[0] == pytest.approx(1.0) and by_need[-1] < 0.001
    near = [need for need in range(2, 61) if by_need[need - 2] >= REACH]
    assert 30 <= max(near) <= 40  # derived from the deals, not a fixed 40 points
    # A game to 121 is the same from the same needs.
    assert reach(_at_the_throw((121 - 30, 60), 121))[0] == pytest.approx(by_need[28])


def test_chances_are_never_said_as_nothing_unless_so() -> None:
    assert [in_figures(c) for c in (0.004, 0.5, 0.996, 1.0)] == ["under 1%", "50%", "99%", "100%"]
    assert standing(0.004) == "a long shot" and standing(1.0) == "sure to win"


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
        f"{in_figures(best.home)} of the starters, and it wins the game {in_figures(best.win)} "
        "of the time."
    )
    for line in lines:
        _no_decimals(line)
    words = GameThrow(advice, words=True).before_lines()
    assert words[1].endswith(
        f"the hand makes 6 or more with {round(best.home * 46)} of the 46 starters, and it "
        f"gives you the best chance to win the game (you are {standing(best.win)})."
    )
    assert not any("%" in line for line in words)


def test_after_the_throw_it_says_how_often_the_throw_wins_against_the_best() -> None:
    advice = _advice("AS 2D 3C 7S 8C KH", dealer=False, need=6, their_need=12)
    worst = advice.throws[-1]
    game = GameThrow(advice, thrown=worst.throw)
    assert not game.best_for_the_game
    verdict, plan, home = game.lines()
    assert verdict.startswith(f"Your throw wins the game {in_figures(worst.win)} of the time; ")
    assert f"wins {in_figures(advice.best.win)}." in verdict
    assert plan.startswith("You count first and need 6")
    assert worst.home == 0.0  # never said as a chance of nothing
    assert home == (
        f"Your hand cannot make 6 by itself; the surest hand, "
        f"{' '.join(c.label for c in advice.surest.keep)}, makes it with "
        f"{in_figures(advice.surest.home)} of the starters."
    )
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


def test_no_keep_making_the_need_is_never_advised_by_a_chance_of_nothing() -> None:
    # The pone needs 23: none of these fours makes 23 with any starter.
    advice = _advice("AS 3D 7C 9S JC KH", dealer=False, need=23, their_need=40)
    assert advice.counts_first and advice.surest.home == 0.0
    for words in (False, True):
        game = GameThrow(advice, words=words)
        assert not game.counting_out
        said = " ".join(game.before_lines())
        assert "No four of these cards make 23 with a starter" in said
        assert "0%" not in said and "0 of the" not in said and "makes 23 most" not in said


def test_a_lay_near_the_end_names_the_card_that_keeps_the_game() -> None:
    six, seven = parse_cards("6D 7S")
    line = game_lay_line([CardChance(seven, 0.547), CardChance(six, 0.312)])
    assert line == (
        "Near the end: the 7♠ gives you the best chance to win the game, 55% (the 6♦: 31%)."
    )
    words = game_lay_line([CardChance(seven, 0.547), CardChance(six, 0.312)], words=True)
    assert words == (
        "Near the end: the 7♠ gives you the best chance to win the game (it is about even); "
        "the 6♦ would leave you a little behind."
    )
    same = game_lay_line([CardChance(seven, 0.547), CardChance(six, 0.54)])
    assert "every card here leaves you the same chance" in same and "55%" in same
    assert game_lay_line([CardChance(seven, 0.5)]) == ""
    # No card wins: nothing is said of the game (the coach plays for the points).
    assert game_lay_line([CardChance(seven, 0.0), CardChance(six, 0.0)]) == ""


# --- the Table -----------------------------------------------------------------------------


def _near(table: Table) -> bool:
    return near_the_end(table.view)


def _until(table: Table, need: Need, near: bool) -> None:
    for _ in range(600):
        if table.need() is need and _near(table) is near:
            return
        if table.need() is Need.OVER:
            break
        move(table)
    pytest.fail(f"never reached {need} {'near' if near else 'away from'} the end")


def test_away_from_the_end_the_learning_coach_is_unchanged() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=121), coach=CoachMode.LEARNING), seed=4)
    _until(table, Need.DISCARD, near=False)
    assert table.coaching.game_throw() is None
    assert table.coaching.best_throw_line() == plain_best_throw(table.coaching.ranking(top=15))
    table.discard(first_cards(table))
    advice = table.coaching.throw_advice()
    assert advice is not None
    assert table.coaching.throw_lines() == advice.table(words=True)  # the details, in whole points
    assert table.coaching.throw_words() == plain_verdict(advice)
    if table.need() is Need.CUT_STARTER:
        table.cut_starter()
    if table.need() is Need.LAY and len(table.view.playable) > 1:
        assert table.coaching.game_lay() == ""
        assert "chance to win" not in table.coaching.lay_line()


def test_a_first_game_has_no_win_words() -> None:
    """A first game (to 31, no crib, no play) is not the win model's: the coach says what
    it always says there."""
    first = Settings(target=31, skunks=False, crib=False, play=False)
    table = Table.new(PlaySetup("easy", first, coach=CoachMode.LEARNING), seed=4)
    assert not table.has_win_meter
    while table.need() is Need.CUT_FOR_DEAL:
        table.cut_for_deal()
    assert table.coaching.game_throw() is None and table.coaching.game_lay() == ""


def test_near_the_end_the_coach_speaks_of_winning() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=61), coach=CoachMode.LEARNING), seed=4)
    _until(table, Need.DISCARD, near=True)
    view = table.view
    best_points = table.coaching.ranking(top=1)[0].discard.throw
    expected = GameThrow(throw_advice(view), None, (best_points[0], best_points[1]), words=True)
    line = table.coaching.best_throw_line()
    assert line == " ".join(expected.before_lines())
    # The chance named is the meter's: one function for both.
    assert table.win_chances().of(0) == expected.best.win
    assert f"best chance to win the game (you are {standing(expected.best.win)})" in line or (
        "(it is about even)" in line or "(winning is a long shot)" in line
    )
    _no_decimals(line)
    assert "%" not in line
    table.discard(first_cards(table))
    thrown = GameThrow(
        expected.advice, (table.view.discards[0], table.view.discards[1]), words=True
    )
    advice = table.coaching.throw_advice()
    assert advice is not None
    rows = advice.table(words=True)
    assert table.coaching.throw_lines() == ("For points alone, on average:", *rows)
    assert table.coaching.throw_words() == thrown.lines()  # learning mode's words
    assert table.coaching.throw_was_best() == thrown.best_for_the_game
    if table.need() is Need.CUT_STARTER:  # the meter: the chance of the throw made
        assert thrown.chosen is not None
        assert table.win_chances().of(0) == pytest.approx(thrown.chosen.win)
    for text in (
        *table.coaching.throw_words(),
        *table.coaching.throw_lines(),
    ):  # whole numbers, no percentage
        _no_decimals(text)
        assert "%" not in text
    _until(table, Need.LAY, near=True)
    while table.need() is Need.LAY and len(table.view.playable) < 2:
        move(table)
    if table.need() is Need.LAY:
        chance = table.seat_chance(cards=True)
        said = game_lay_line(chance.cards, words=True)
        assert said and table.coaching.lay_line() == said
        assert chance.cards[0].win == chance.chance == table.win_chances().of(0)
        assert table.coaching.advised_card() == chance.cards[0].card


def test_the_club_coach_keeps_the_figures_near_the_end() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=61), coach=CoachMode.MOVES), seed=4)
    _until(table, Need.DISCARD, near=True)
    table.discard(first_cards(table))
    game = table.coaching.game_throw()
    assert game is not None and not game.words
    lines = table.coaching.throw_lines()
    assert lines[: len(game.lines())] == game.lines() and "%" in lines[0]
    assert any(re.search(r"\d\.\d\d", line) for line in lines)  # the points to a hundredth


def test_the_page_speaks_of_winning_near_the_end() -> None:
    at = _page()
    at.radio(key="play_target").set_value(61)
    _start(at, "learning")  # a game to 61 against Easy
    for _ in range(200):
        table = table_of(at)
        if table.need() is Need.DISCARD and _near(table):
            break
        assert table.need() is not Need.OVER
        _step(at)
    assert "best chance to win the game" in _texts(
        at
    ) and table.coaching.best_throw_line() in _texts(at)

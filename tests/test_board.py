"""The cribbage board in SVG: the two players' rows side by side in laps of streets of five,
leapfrogging pegs, skunk lines titled by the skunk rule, the game hole the board stops at,
the words (scores and the last move) in HTML beside the picture, and a board drawn as a film
of steps."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from trainer.engine.summary import skunk
from trainer.ui.board import (
    BOARD_CSS,
    NARROW,
    WIDE,
    BoardMove,
    Frame,
    board_html,
    board_svg,
    hole_position,
    shown_score,
    skunk_lines,
)

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("per_row", [WIDE, NARROW])
@pytest.mark.parametrize("target", [121, 61])
def test_every_hole_has_its_own_place_in_laps_of_streets(target: int, per_row: int) -> None:
    for seat in (0, 1):
        places = [hole_position(seat, hole, target, per_row) for hole in range(-1, target)]
        assert len(set(places)) == target + 1
    assert hole_position(0, target, target, per_row) == hole_position(1, target, target, per_row)
    svg = board_svg((0, 0), (-1, -1), target=target, per_row=per_row)
    root = ET.fromstring(svg)
    rows = [r for r in root.iter(f"{NS}rect") if r.get("fill") == f"url(#tb-street-{per_row})"]
    assert len(rows) == 2 * (target - 1) // per_row  # a row a player a lap
    (pattern,) = root.iter(f"{NS}pattern")
    assert len(list(pattern.iter(f"{NS}circle"))) == 5  # one street, filled along the rows
    for row in rows:  # each row's holes are the pattern's, where hole_position says
        x, y = float(row.get("x", 0)), float(row.get("y", 0))
        first = hole_position(0, 1, target, per_row)
        assert x + 5 == first[0]
        assert (y + 5 - first[1]) % 10 == 0


def test_holes_come_in_streets_of_five_and_the_players_side_by_side() -> None:
    xs = [hole_position(0, hole, 121)[0] for hole in range(1, WIDE + 1)]
    steps = [round(b - a, 1) for a, b in itertools.pairwise(xs)]
    inside, between = steps[0], steps[4]
    assert between > inside  # a gap after each street of five
    assert steps == [between if (i + 1) % 5 == 0 else inside for i in range(WIDE - 1)]
    assert hole_position(0, 61, 121)[1] > hole_position(0, 60, 121)[1]  # the next lap
    assert hole_position(1, 7, 121)[0] == hole_position(0, 7, 121)[0]  # side by side
    assert hole_position(1, 7, 121)[1] > hole_position(0, 7, 121)[1]
    assert hole_position(0, 31, 121, NARROW)[1] > hole_position(0, 30, 121, NARROW)[1]


@pytest.mark.parametrize("target", [121, 61])
def test_the_skunk_lines_say_what_the_engine_counts(target: int) -> None:
    assert skunk_lines(121) == (61, 91) and skunk_lines(61) == (31,)
    titles = re.findall(
        r"<line [^>]*><title>([^<]*)</title>", board_svg((0, 0), (-1, -1), target=target)
    )
    assert len(titles) == len(skunk_lines(target))
    for hole, title in zip(skunk_lines(target), titles, strict=True):
        # a loser just below the line is skunked as the title says, just at it is not
        below, at = skunk(target, hole - 1, target), skunk(target, hole, target)
        if below == 2:
            assert title == f"Double skunk line: a loser below {hole} at the end is double skunked"
        else:
            assert (below, title) == (1, f"Skunk line: a loser below {hole} at the end is skunked")
        assert at < below


def test_pegs_stand_on_the_score_and_where_it_was() -> None:
    svg = board_svg((17, 9), (12, -1), target=121, names=("You", "Computer"))
    assert "You: front peg on 17" in svg and "You: back peg on 12" in svg
    assert "Computer: front peg on 9" in svg and "Computer: back peg on 0" in svg
    for per_row in (WIDE, NARROW):
        x, y = hole_position(0, 17, 121, per_row)
        drawn = board_svg((17, 9), (12, -1), target=121, per_row=per_row)
        assert f'cx="{x:.1f}" cy="{y:.1f}" r="4.3"' in drawn
    assert "Cribbage board to 121: You 17, Computer 9" in svg


def test_the_board_stops_at_the_game_hole_and_says_who_won() -> None:
    svg = board_svg((125, 80), (119, 70), target=121)
    x, y = hole_position(0, 121, 121)
    assert f'cx="{x:.1f}" cy="{y:.1f}" r="4.3"' in svg
    assert "front peg on 121" in svg and "125" not in svg
    assert 'aria-label="Cribbage board to 121: You 121, Computer 80; You won"' in svg
    html = board_html([Frame((58, 64), (50, 59), BoardMove(1, 59, 64, "the hand"))], target=61)
    assert "Computer <b>61</b>" in html and "Computer won" in html
    assert "Computer +5: the hand (59 → 61)" in html and "64" not in html
    assert shown_score(64, 61) == 61 and shown_score(60, 61) == 60


def test_the_last_move_is_lit_and_said_in_words_beside_the_board() -> None:
    last = BoardMove(1, 9, 11, "fifteen for two")
    svg = board_svg((5, 11), (3, 9), target=61, last=last)
    x, y = hole_position(1, 11, 61)
    assert f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6.8" fill="none" stroke="#f5b700"' in svg
    assert svg.count('stroke="#f5b700"') == 1
    assert "fifteen for two" not in svg  # the words are the page's text, not the picture's
    html = board_html([Frame((5, 11), (3, 9), last)], target=61)
    assert '<span class="tb-last">Computer +2: fifteen for two (9 → 11)</span>' in html
    assert "You <b>5</b>" in html and "Computer <b>11</b>" in html


def test_the_page_gets_a_wide_board_named_once_and_a_narrow_one_for_phones() -> None:
    html = board_html([Frame((5, 11), (3, 9))], target=121)
    assert html.count('aria-label="Cribbage board to 121') == 1
    assert html.count('aria-hidden="true"') == 1  # the phone's copy of the picture
    assert 'class="tb-svg tb-60"' in html and 'class="tb-svg tb-30"' in html
    assert "tb-t" not in html  # one frame: a still board


def test_a_film_shows_each_step_from_its_moment_and_only_the_last_with_reduced_motion() -> None:
    frames = [
        Frame((20, 30), (14, 25), BoardMove(1, 25, 30, "a go for one"), at=0.0),
        Frame((20, 32), (14, 30), BoardMove(1, 30, 32, "fifteen two"), at=0.6),
        Frame((20, 34), (14, 30), BoardMove(1, 30, 34, "fifteen four"), at=1.4),
    ]
    html = board_html(frames, target=121)
    lines = re.findall(r'<div class="tb-line([^"]*)"(?: style="([^"]*)")?>', html)
    assert lines == [
        (" tb-t", "animation:tb-off .01s linear 0.60s forwards"),
        (" tb-t", "opacity:0;animation:tb-on 0.80s linear 0.60s"),
        (" tb-t tb-final", "opacity:0;animation:tb-on .01s linear 1.40s forwards"),
    ]
    assert "@media (prefers-reduced-motion: reduce)" in BOARD_CSS
    assert "Computer +2: fifteen two (30 → 32)" in html
    wide = html.split('<div class="tb-wide">')[1].split("</svg>")[0]
    final_pegs = re.findall(r'<circle [^>]*class="tb-t tb-final"[^>]*><title>([^<]*)</title>', wide)
    assert final_pegs == [
        "You: back peg on 14",
        "You: front peg on 20",
        "Computer: back peg on 30",
        "Computer: front peg on 34",
    ]
    assert 'aria-label="Cribbage board to 121: You 20, Computer 34"' in wide  # the last step


def test_a_first_game_to_31_has_one_lap_of_30_holes_on_any_screen() -> None:
    wide = board_svg((12, 31), (5, 28), target=31)
    narrow = board_svg((12, 31), (5, 28), target=31, per_row=30)
    # one lap of 30 holes, the game hole after it, on both; each fills its rows from its
    # own pattern (a hidden board's pattern draws nothing in the one shown)
    assert wide.replace("tb-street-60", "tb-street-30").replace("tb-60", "tb-30") == narrow
    assert "url(#tb-street-60)" in wide and "url(#tb-street-30)" in narrow
    assert "The game hole: 31" in wide and "Skunk line" not in wide
    assert hole_position(0, 30, 31) == hole_position(0, 30, 31, per_row=30)
    assert hole_position(0, 31, 31)[0] > hole_position(0, 30, 31)[0]
    assert skunk_lines(31) == ()
    assert "Computer won" in board_html([Frame((12, 33), (5, 28))], target=31)


def test_only_121_61_and_31_have_a_board_and_a_board_needs_a_frame() -> None:
    with pytest.raises(ValueError, match="121, 61 or 31, not 100"):
        board_svg((0, 0), (-1, -1), target=100)
    with pytest.raises(ValueError, match="60 or 30 holes long, not 20"):
        board_svg((0, 0), (-1, -1), per_row=20)
    with pytest.raises(ValueError, match="at least one frame"):
        board_html([])


def test_a_board_of_three_tracks_has_a_row_for_each_player() -> None:
    html = board_html([Frame((5, 12, 30), (0, 4, 20))], target=121, names=("You", "Left", "Right"))
    assert "Left <b>12</b>" in html and "Right <b>30</b>" in html
    assert "Right: front peg on 30" in html
    # the third row sits below the second in every lap, and laps do not overlap
    assert hole_position(2, 1, 121, tracks=3)[1] == hole_position(1, 1, 121, tracks=3)[1] + 10
    assert hole_position(0, 61, 121, tracks=3)[1] > hole_position(2, 60, 121, tracks=3)[1]
    with pytest.raises(ValueError, match="3 front and back pegs"):
        board_html([Frame((5, 12), (0, 4))], names=("You", "Left", "Right"))
    with pytest.raises(ValueError, match="two or three tracks"):
        board_html([Frame((1, 2, 3, 4), (0, 0, 0, 0))], names=("a", "b", "c", "d"))


def test_a_board_of_two_partnerships_is_two_tracks() -> None:
    html = board_html([Frame((40, 38), (33, 36))], target=121, names=("Us", "Them"))
    assert "Us <b>40</b>" in html and "Them <b>38</b>" in html

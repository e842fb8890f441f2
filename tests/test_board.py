"""The cribbage board in SVG: each track in rows of 30 as lesson 1 teaches (holes 31, 61 and
91 start a row), the players' rows side by side in streets of five,
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
    ROW,
    BoardMove,
    Frame,
    board_html,
    board_svg,
    hole_position,
    shown_score,
    skunk_lines,
)

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("target", [121, 61, 31])
def test_every_hole_has_its_own_place_in_rows_of_streets(target: int) -> None:
    for seat in (0, 1):
        places = [hole_position(seat, hole, target) for hole in range(-1, target)]
        assert len(set(places)) == target + 1
    assert hole_position(0, target, target) == hole_position(1, target, target)
    svg = board_svg((0, 0), (-1, -1), target=target)
    root = ET.fromstring(svg)
    rows = [r for r in root.iter(f"{NS}rect") if r.get("fill") == "url(#tb-street)"]
    assert len(rows) == 2 * (target - 1) // ROW  # a row of 30 a player, as lesson 1 says
    (pattern,) = root.iter(f"{NS}pattern")
    assert len(list(pattern.iter(f"{NS}circle"))) == 5  # one street, filled along the rows
    for row in rows:  # each row's holes are the pattern's, where hole_position says
        x, y = float(row.get("x", 0)), float(row.get("y", 0))
        first = hole_position(0, 1, target)
        assert x + 5 == first[0]
        assert (y + 5 - first[1]) % 10 == 0


@pytest.mark.parametrize("tracks", [2, 3])
def test_holes_31_61_and_91_start_a_row_read_like_a_page(tracks: int) -> None:
    """Lesson 1: "four rows of 30 … along the top row from left to right, then along the
    next row"; lesson 14: 91 is the first hole of the last row."""
    for seat in range(tracks):
        left = hole_position(seat, 1, 121, tracks)[0]
        rows = [hole_position(seat, hole, 121, tracks) for hole in (1, 31, 61, 91)]
        assert [x for x, _ in rows] == [left] * 4  # each at the left edge
        assert [y for _, y in rows] == sorted({y for _, y in rows})  # each a row lower
        for start in (31, 61, 91):  # the hole before it ends the row above, at the right
            end = hole_position(seat, start - 1, 121, tracks)
            assert end[0] == max(hole_position(seat, h, 121, tracks)[0] for h in range(1, 121))
            assert end[1] < hole_position(seat, start, 121, tracks)[1]
    assert hole_position(0, 31, 61)[0] == hole_position(0, 1, 61)[0]
    # near the end of the top row: lesson 1's holes 25 and 28
    assert (
        hole_position(0, 25, 121)[1] == hole_position(0, 28, 121)[1] == hole_position(0, 1, 121)[1]
    )


def test_holes_come_in_streets_of_five_and_the_players_side_by_side() -> None:
    xs = [hole_position(0, hole, 121)[0] for hole in range(1, ROW + 1)]
    steps = [round(b - a, 1) for a, b in itertools.pairwise(xs)]
    inside, between = steps[0], steps[4]
    assert between > inside  # a gap after each street of five
    assert steps == [between if (i + 1) % 5 == 0 else inside for i in range(ROW - 1)]
    assert hole_position(0, 31, 121)[1] > hole_position(1, 30, 121)[1]  # below both tracks
    assert hole_position(1, 7, 121)[0] == hole_position(0, 7, 121)[0]  # side by side
    assert hole_position(1, 7, 121)[1] > hole_position(0, 7, 121)[1]


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
    x, y = hole_position(0, 17, 121)
    assert f'cx="{x:.1f}" cy="{y:.1f}" r="4.3"' in svg
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


def test_the_page_gets_one_board_named_once_for_every_screen() -> None:
    html = board_html([Frame((5, 11), (3, 9))], target=121)
    assert html.count('aria-label="Cribbage board to 121') == 1
    assert html.count("<svg") == 1 and 'aria-hidden="true"' not in html
    assert "tb-t" not in html  # one frame: a still board


def test_a_film_shows_each_step_from_its_moment_and_only_the_last_with_reduced_motion() -> None:
    frames = [
        Frame((20, 30), (14, 25), BoardMove(1, 25, 30, "a go for one"), at=0.0),
        Frame((20, 32), (14, 30), BoardMove(1, 30, 32, "fifteen two"), at=0.6),
        Frame((20, 34), (14, 30), BoardMove(1, 30, 34, "fifteen four"), at=1.4),
    ]
    html = board_html(frames, target=121)
    lines = re.findall(r'<div class="tb-line((?: [^"]*)?)"(?: style="([^"]*)")?[^>]*>', html)
    assert lines == [
        (" tb-t", "animation:tb-off .01s linear 0.60s forwards"),
        (" tb-t", "opacity:0;animation:tb-on 0.80s linear 0.60s"),
        (" tb-t tb-final", "opacity:0;animation:tb-on .01s linear 1.40s forwards"),
    ]
    assert "@media (prefers-reduced-motion: reduce)" in BOARD_CSS
    assert "Computer +2: fifteen two (30 → 32)" in html
    svg = html.split("<svg")[1].split("</svg>")[0]
    final_pegs = re.findall(r'<circle [^>]*class="tb-t tb-final"[^>]*><title>([^<]*)</title>', svg)
    assert final_pegs == [
        "You: back peg on 14",
        "You: front peg on 20",
        "Computer: back peg on 30",
        "Computer: front peg on 34",
    ]
    assert 'aria-label="Cribbage board to 121: You 20, Computer 34"' in svg  # the last step
    # a screen reader reads the last step's words only
    assert html.count('aria-hidden="true"') == 2 and html.count('aria-live="polite"') == 1


def test_a_first_game_to_31_has_one_row_of_30_holes() -> None:
    svg = board_svg((12, 31), (5, 28), target=31)
    root = ET.fromstring(svg)
    assert len([r for r in root.iter(f"{NS}rect") if r.get("fill") == "url(#tb-street)"]) == 2
    assert "The game hole: 31" in svg and "Skunk line" not in svg
    assert hole_position(0, 31, 31)[0] > hole_position(0, 30, 31)[0]
    assert skunk_lines(31) == ()
    assert "Computer won" in board_html([Frame((12, 33), (5, 28))], target=31)


def test_only_121_61_and_31_have_a_board_and_a_board_needs_a_frame() -> None:
    with pytest.raises(ValueError, match="121, 61 or 31, not 100"):
        board_svg((0, 0), (-1, -1), target=100)
    with pytest.raises(ValueError, match="at least one frame"):
        board_html([])


def test_a_board_of_three_tracks_has_a_row_for_each_player() -> None:
    html = board_html([Frame((5, 12, 30), (0, 4, 20))], target=121, names=("You", "Left", "Right"))
    assert "Left <b>12</b>" in html and "Right <b>30</b>" in html
    assert "Right: front peg on 30" in html
    # the third row sits below the second in every lap, and laps do not overlap
    assert hole_position(2, 1, 121, tracks=3)[1] == hole_position(1, 1, 121, tracks=3)[1] + 10
    assert hole_position(0, 31, 121, tracks=3)[1] > hole_position(2, 30, 121, tracks=3)[1]
    with pytest.raises(ValueError, match="3 front and back pegs"):
        board_html([Frame((5, 12), (0, 4))], names=("You", "Left", "Right"))
    with pytest.raises(ValueError, match="two or three tracks"):
        board_html([Frame((1, 2, 3, 4), (0, 0, 0, 0))], names=("a", "b", "c", "d"))


def test_a_board_of_two_partnerships_is_two_tracks() -> None:
    html = board_html([Frame((40, 38), (33, 36))], target=121, names=("Us", "Them"))
    assert "Us <b>40</b>" in html and "Them <b>38</b>" in html

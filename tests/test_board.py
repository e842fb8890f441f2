"""The cribbage board in SVG: holes in streets, two tracks, leapfrogging pegs, skunk lines,
the scores at the track ends and the last move lit."""

from __future__ import annotations

import itertools
import re

import pytest

from trainer.ui.board import PER_ROW, BoardMove, board_svg, hole_position, skunk_lines


def _holes(svg: str) -> int:
    return len(re.findall(r'<circle [^>]*r="[35]" fill="#5a3a1a"', svg))


@pytest.mark.parametrize("target", [121, 61])
def test_every_hole_of_both_tracks_is_drawn(target: int) -> None:
    svg = board_svg((0, 0), (-1, -1), target=target)
    # per track: two start holes, the holes 1 to target - 1, the game hole
    assert _holes(svg) == 2 * (target + 2)


def test_holes_come_in_streets_of_five_and_rows_of_thirty() -> None:
    xs = [hole_position(0, hole, 121)[0] for hole in range(1, PER_ROW + 1)]
    steps = [round(b - a, 1) for a, b in itertools.pairwise(xs)]
    inside, between = steps[0], steps[4]
    assert between > inside  # a gap after each street of five
    assert steps == [between if (i + 1) % 5 == 0 else inside for i in range(PER_ROW - 1)]
    assert hole_position(0, 31, 121)[1] > hole_position(0, 30, 121)[1]  # the next row
    assert hole_position(1, 1, 121)[1] > hole_position(0, 120, 121)[1]  # the second track


def test_skunk_lines_stand_before_91_and_61_or_31() -> None:
    assert skunk_lines(121) == (61, 91)
    assert skunk_lines(61) == (31,)
    assert board_svg((0, 0), (-1, -1), target=121).count("skunk line") == 4  # two per track
    assert board_svg((0, 0), (-1, -1), target=61).count("skunk line") == 2


def test_pegs_stand_on_the_score_and_where_it_was() -> None:
    svg = board_svg((17, 9), (12, -1), target=121, names=("You", "Computer"))
    assert "You: front peg on 17" in svg and "You: back peg on 12" in svg
    assert "Computer: front peg on 9" in svg and "Computer: back peg on 0" in svg
    assert ">You 17<" in svg and ">Computer 9<" in svg
    x, y = hole_position(0, 17, 121)
    assert f'cx="{x:.1f}" cy="{y:.1f}" r="5.5"' in svg


def test_a_score_past_the_target_stands_in_the_game_hole() -> None:
    svg = board_svg((125, 80), (119, 70), target=121)
    x, y = hole_position(0, 121, 121)
    assert f'cx="{x:.1f}" cy="{y:.1f}" r="5.5"' in svg
    assert ">You 125<" in svg


def test_the_last_move_is_lit_with_what_it_was_for() -> None:
    last = BoardMove(1, 9, 11, "fifteen for two")
    svg = board_svg((5, 11), (3, 9), target=61, names=("You", "Computer"), last=last)
    assert "Computer +2: fifteen for two (9 → 11)" in svg
    x, y = hole_position(1, 11, 61)
    assert f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="none" stroke="#f5b700"' in svg
    assert svg.count('stroke="#f5b700"') == 1


def test_only_121_and_61_have_a_board() -> None:
    with pytest.raises(ValueError, match="121 or 61, not 100"):
        board_svg((0, 0), (-1, -1), target=100)


def test_a_late_move_is_drawn_to_fade_in_over_where_the_pegs_stood() -> None:
    move = BoardMove(1, 10, 12, "fifteen for two")
    svg = board_svg((4, 12), (0, 10), target=121, last=move, late="late-7", back_before=6)
    # the computer's new front peg, its ring, its score and the words come late...
    assert len(re.findall(r'<circle [^>]*class="late-7">', svg)) == 1
    assert len(re.findall(r'<circle [^>]*r="9"[^>]*class="late-7"/>', svg)) == 1
    assert re.search(r'class="late-7">Computer 12</text>', svg)
    assert re.search(r'class="late-7">Computer \+2: fifteen for two \(10 → 12\)</text>', svg)
    # ...and the back peg's old place and the old score go at the same moment
    assert re.search(r'class="late-7-gone"><title>Computer: back peg on 6</title>', svg)
    assert re.search(r'class="late-7-gone">Computer 10</text>', svg)
    assert "You 4</text>" in svg and 'class="late-7' not in svg.split("Computer")[0]
    plain = board_svg((4, 12), (0, 10), target=121, last=move)
    assert "class=" not in plain

"""The pegboard picture (trainer.ui.svg.board_svg): valid SVG, 121 holes a player, the two
pegs in the holes asked for, readable names."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from trainer.ui.svg import BOARD_HOLES, board_svg

NS = "{http://www.w3.org/2000/svg}"


def _pegs(root: ET.Element) -> list[str]:
    return [
        title.text or ""
        for circle in root.iter(f"{NS}circle")
        for title in circle.iter(f"{NS}title")
    ]


def test_each_track_has_a_start_121_holes_and_two_pegs() -> None:
    root = ET.fromstring(board_svg([("You", 6, 9), ("Opponent", 0, 4)]))
    circles = list(root.iter(f"{NS}circle"))
    assert len(circles) == 2 * (BOARD_HOLES + 1 + 2)  # the start, 121 holes, two pegs
    assert _pegs(root) == [
        "You: back peg, hole 6",
        "You: front peg, hole 9",
        "Opponent: back peg, hole 0",
        "Opponent: front peg, hole 4",
    ]
    assert root.get("aria-label") == (
        "Pegboard. You: pegs in holes 6 and 9; Opponent: pegs in holes 0 and 4"
    )


def test_a_peg_stands_in_its_own_hole() -> None:
    root = ET.fromstring(board_svg([("You", 59, 64)]))
    circles = list(root.iter(f"{NS}circle"))
    holes = circles[: BOARD_HOLES + 1]
    back, front = circles[BOARD_HOLES + 1 :]
    for peg, hole in ((back, 59), (front, 64)):
        assert (peg.get("cx"), peg.get("cy")) == (holes[hole].get("cx"), holes[hole].get("cy"))
    # out along the first row, back along the second: 60 and 61 sit one above the other
    assert holes[60].get("cx") == holes[61].get("cx")
    assert holes[60].get("cy") != holes[61].get("cy")
    assert len({(h.get("cx"), h.get("cy")) for h in holes}) == BOARD_HOLES + 1


def test_names_are_escaped() -> None:
    svg = board_svg([("<b>Sam & Jo</b>", 0, 2)])
    ET.fromstring(svg)
    assert "<b>" not in svg and "&lt;b&gt;Sam &amp; Jo&lt;/b&gt;" in svg


def test_a_legend_names_each_player_and_score_large_enough_for_a_phone() -> None:
    root = ET.fromstring(board_svg([("You", 6, 9), ("Opponent", 0, 4)]))
    texts = {t.text: float(t.get("font-size", 0)) for t in root.iter(f"{NS}text")}
    # drawn 660 wide, shown about 358 px wide on a phone: 22 is 12 px there
    assert texts["You 9"] >= 22 and texts["Opponent 4"] >= 22
    width = float((root.get("viewBox") or "0 0 0 0").split()[2])
    assert min(size for size in texts.values()) * 358 / width >= 5.5  # the hole labels too

"""A cribbage board drawn as SVG: a pure function from the pegs to markup, no Streamlit.

Each player has a track of holes in streets of five, 30 holes a row (four rows for a game
to 121, two for 61), a start hole before the first row and the game hole after the last.
Each player has two pegs that leapfrog: the front peg stands on the score, the back peg
where the score was before the last move. A dashed line marks each skunk line (before 91
and 61 in a game to 121, before 31 in a game to 61); the score is written at each track's
end, and the last peg move is lit with what it was for.

>>> svg = board_svg((5, 0), (3, -1), target=61, names=("You", "Computer"))
>>> svg.startswith("<svg") and "You 5" in svg and "Computer 0" in svg
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

__all__ = ["BoardMove", "board_svg", "hole_position", "skunk_lines"]

PER_ROW = 30
STREET = 5
HOLE_STEP = 13
STREET_GAP = 7
ROW_STEP = 20
TRACK_GAP = 26
LEFT = 40
TOP = 16
COLOURS = ("#1f6fb2", "#c0392b")
_FONT = "DejaVu Sans, Arial, sans-serif"


@dataclass(frozen=True, slots=True)
class BoardMove:
    """The last peg move to light: whose, from where, to where, and what for."""

    seat: int
    start: int
    end: int
    reason: str


def _rows(target: int) -> int:
    return (target - 1) // PER_ROW


def _track_top(seat: int, target: int) -> float:
    return TOP + seat * (_rows(target) * ROW_STEP + TRACK_GAP)


def _x(col: int) -> float:
    return LEFT + col * HOLE_STEP + (col // STREET) * STREET_GAP


def hole_position(seat: int, hole: int, target: int) -> tuple[float, float]:
    """Where hole ``hole`` of ``seat``'s track is: -1 and 0 are the two start holes,
    1 to ``target - 1`` the rows, ``target`` the game hole.

    >>> hole_position(0, 1, 121), hole_position(0, 31, 121)
    ((40, 16), (40, 36))
    """
    top = _track_top(seat, target)
    rows = _rows(target)
    if hole <= 0:
        return (LEFT - 24.0 + (hole + 1) * 10.0, top + (rows - 1) * ROW_STEP / 2)
    if hole >= target:
        return (_x(PER_ROW - 1) + 26.0, top + (rows - 1) * ROW_STEP / 2)
    row, col = divmod(hole - 1, PER_ROW)
    return (_x(col), top + row * ROW_STEP)


def skunk_lines(target: int) -> tuple[int, ...]:
    """The holes a skunk line stands before: 91 and 61 for 121, 31 for 61."""
    return (61, 91) if target == 121 else (31,)


def board_svg(
    front: tuple[int, int],
    back: tuple[int, int],
    *,
    target: int = 121,
    names: tuple[str, str] = ("You", "Computer"),
    last: BoardMove | None = None,
    late: str = "",
    back_before: int = -1,
) -> str:
    """The board with each seat's front peg on ``front[seat]`` and back peg on ``back[seat]``
    (-1 for the start hole); scores past the target stand in the game hole.

    With ``late`` (a CSS class name) the ``last`` move is drawn to be shown a moment later:
    its front peg, ring and words carry the class ``late``, and the back peg's place before
    the move (``back_before``) carries ``late-gone``, so a stylesheet can fade the move in.
    """
    if target not in (61, 121):
        raise ValueError(f"a board is for a game to 121 or 61, not {target!r}")
    rows = _rows(target)
    width = _x(PER_ROW - 1) + 170
    height = TOP + 2 * rows * ROW_STEP + TRACK_GAP + (30 if last else 6)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'role="img" aria-label="{escape(_aria(front, names, target))}" '
        'style="width:100%;height:auto">',
        f'<rect x="2" y="2" width="{width - 4:.0f}" height="{height - 4:.0f}" rx="12" '
        'fill="#d9a86c" stroke="#8a5a2b" stroke-width="2"/>',
    ]
    for seat in (0, 1):
        colour = COLOURS[seat]
        for hole in range(-1, target + 1):
            x, y = hole_position(seat, hole, target)
            r = 5 if hole == target else 3
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="#5a3a1a"/>')
        for line in skunk_lines(target):
            x, y = hole_position(seat, line, target)
            parts.append(
                f'<line x1="{x - 8:.1f}" y1="{y - 8:.1f}" x2="{x - 8:.1f}" y2="{y + 8:.1f}" '
                f'stroke="#222" stroke-width="2" stroke-dasharray="3 2">'
                f"<title>skunk line: below {line} at the end is a skunk</title></line>"
            )
        ex, ey = hole_position(seat, target, target)
        moving = bool(late) and last is not None and last.seat == seat
        scores = [(front[seat], late if moving else "")]
        if moving and last is not None:
            scores.append((last.start, f"{late}-gone"))
        for score, css in scores:
            cls = f' class="{css}"' if css else ""
            parts.append(
                f'<text x="{ex + 12:.1f}" y="{ey + 5:.1f}" font-size="15" font-weight="700" '
                f'fill="{colour}" font-family="{_FONT}"{cls}>{escape(names[seat])} {score}</text>'
            )
        pegs = [("back", back[seat], ""), ("front", front[seat], late if moving else "")]
        if moving:
            pegs.insert(0, ("back", back_before, f"{late}-gone"))
        for peg, where, css in pegs:
            x, y = hole_position(seat, min(where, target), target)
            cls = f' class="{css}"' if css else ""
            lit = last is not None and last.seat == seat and peg == "front"
            ring = (
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="none" stroke="#f5b700" '
                f'stroke-width="3"{cls}/>'
                if lit
                else ""
            )
            parts.append(
                f'{ring}<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="{colour}" '
                f'stroke="#fff" stroke-width="1.5"{cls}><title>{escape(names[seat])}: {peg} peg '
                f"on {max(where, 0)}</title></circle>"
            )
    if last is not None:
        gained = last.end - last.start
        text = f"{names[last.seat]} +{gained}: {last.reason} ({last.start} → {last.end})"
        cls = f' class="{late}"' if late else ""
        parts.append(
            f'<text x="{LEFT - 24}" y="{height - 12:.0f}" font-size="14" fill="#222" '
            f'font-family="{_FONT}"{cls}>{escape(text)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _aria(front: tuple[int, int], names: tuple[str, str], target: int) -> str:
    return f"Cribbage board to {target}: {names[0]} {front[0]}, {names[1]} {front[1]}"

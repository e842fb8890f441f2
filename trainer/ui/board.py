"""A cribbage board drawn as SVG: a pure function from the pegs to markup, no Streamlit.

The board is drawn as lesson 1 teaches it, on every screen and page: each player's track
is rows of :data:`ROW` holes (four for a game to 121, two for 61, one for a first game to
31), in streets of five, read like a page, left to right and row after row, so holes 31,
61 and 91 start a row. The tracks run side by side (two, or three for three players; with
four, one for each partnership): each player's first row, then each player's second, and
so on, so pegs on one score stand one above the other. A colour mark starts each player's
row and two start holes stand before the first; the game hole, the players' last, stands
after the last row. Each player has two pegs that
leapfrog: the front peg stands on the score, the back peg where the score was before the
last move. A dashed line stands before each skunk line's hole (91 and 61 in a game to 121,
31 in a game to 61). The words, the scores and what the last move was for, are HTML beside
the picture (:func:`board_html`), so they are read at the page's own size on any screen.

The board stops at the game hole: a score past the target stands there, and the words say
who won (the game's record keeps the whole points).

A board can be drawn as a short film (:class:`Frame`, one a step, each from its own
moment): the Play page moves the pegs combination by combination as a hand is shown, and
brings the computer's reply in a moment after the person's card. Every step's pegs and
words are drawn; a step is shown from its moment until the next step's (CSS animations:
``tb-on`` and ``tb-off``, see :data:`BOARD_CSS`), and with reduced motion only the last.

>>> svg = board_svg((5, 0), (3, -1), target=61, names=("You", "Computer"))
>>> svg.startswith("<svg") and "You: front peg on 5" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from trainer.engine.vocab import Seat
from trainer.training.seats import COMPUTER, ME, SHORT_NAMES
from trainer.ui import assets
from trainer.ui.film import FILM_CSS, attrs, timing

__all__ = [
    "BOARD_CSS",
    "ROW",
    "BoardMove",
    "Frame",
    "board_html",
    "board_svg",
    "hole_position",
    "shown_score",
    "skunk_lines",
]

#: Holes a row of a track (lesson 1: "four rows of 30").
ROW = 30
STREET = 5
HOLE_STEP = 10
STREET_GAP = 5
SEAT_STEP = 10
LAP_STEP = 30  # each track's row and a gap; a multiple of SEAT_STEP: one pattern serves all
LEFT = 40
TOP = 10
HOLE_R = 2.3
PEG_R = 4.3
COLOURS = ("#1f6fb2", "#c0392b", "#1e8449")
#: The most tracks a board has (three players, each alone).
MAX_TRACKS = len(COLOURS)
TARGETS = (31, 61, 121)


@dataclass(frozen=True, slots=True)
class BoardMove:
    """The last peg move to light: whose, from where, to where, and what for."""

    seat: Seat
    start: int
    end: int
    reason: str


@dataclass(frozen=True, slots=True)
class Frame:
    """The board at one step of a film: each track's front and back peg (-1: the start
    hole), the move to light, and the moment (seconds) from which this step is shown."""

    front: tuple[int, ...]
    back: tuple[int, ...]
    last: BoardMove | None = None
    at: float = 0.0


def _check(target: int, tracks: int = 2) -> None:
    """A board is for a game to 121, 61 or 31 (a first game), with two or three tracks."""
    if not 2 <= tracks <= MAX_TRACKS:
        raise ValueError(f"a board has two or three tracks, not {tracks!r}")
    if target not in TARGETS:
        raise ValueError(f"a board is for a game to 121, 61 or 31, not {target!r}")


def _rows(target: int) -> int:
    """How many rows a track has: four for 121, two for 61, one for 31."""
    return (target - 1) // ROW


def _x(col: int) -> float:
    return LEFT + col * HOLE_STEP + (col // STREET) * STREET_GAP


def _row_top(row: int, tracks: int = 2) -> float:
    """Where the tracks' ``row`` starts: the rows before it, each track's and a gap
    (:data:`LAP_STEP` for two tracks)."""
    return TOP + row * (LAP_STEP + (tracks - 2) * SEAT_STEP)


def _size(target: int, tracks: int = 2) -> tuple[float, float]:
    width = _x(ROW - 1) + 30
    height = _row_top(_rows(target) - 1, tracks) + (tracks - 1) * SEAT_STEP + TOP
    return width, height


def hole_position(seat: Seat, hole: int, target: int, tracks: int = 2) -> tuple[float, float]:
    """Where hole ``hole`` of ``seat``'s track is (of ``tracks`` side by side): -1 and 0
    are the two start holes, 1 to ``target - 1`` the rows of :data:`ROW`, ``target`` the
    game hole (one, shared, after the last row).

    >>> hole_position(0, 1, 121), hole_position(1, 1, 121), hole_position(0, 31, 121)
    ((40, 10), (40, 20), (40, 40))
    >>> hole_position(2, 1, 121, tracks=3), hole_position(0, 31, 121, tracks=3)
    ((40, 30), (40, 50))
    """
    _check(target, tracks)
    if hole <= 0:
        return (LEFT - 20.0 + (hole + 1) * 8.0, TOP + seat * SEAT_STEP)
    if hole >= target:
        last = _row_top(_rows(target) - 1, tracks)
        return (_x(ROW - 1) + 18.0, last + SEAT_STEP * (tracks - 1) / 2)
    row, col = divmod(hole - 1, ROW)
    return (_x(col), _row_top(row, tracks) + seat * SEAT_STEP)


def skunk_lines(target: int) -> tuple[int, ...]:
    """The holes a skunk line stands before: 91 and 61 for 121, 31 for 61 (none in a first
    game to 31)."""
    return {121: (61, 91), 61: (31,)}.get(target, ())


def _skunk_title(target: int, hole: int) -> str:
    """What a skunk line means, from the engine's rule: in a game to 121 a loser below 91 is
    skunked and below 61 double skunked; in a game to 61, below 31 is a skunk."""
    if target == 121 and hole == 61:
        return "Double skunk line: a loser below 61 at the end is double skunked"
    return f"Skunk line: a loser below {hole} at the end is skunked"


def shown_score(score: int, target: int) -> int:
    """A score as the board shows it: never past the game hole.

    >>> shown_score(125, 121), shown_score(40, 61)
    (121, 40)
    """
    return min(score, target)


def _holes(target: int, tracks: int = 2) -> list[str]:
    """The holes: one pattern of a street, filled along each row; the start and game holes."""
    street = STREET * HOLE_STEP + STREET_GAP
    pattern = "tb-street"
    parts = [
        f'<defs><pattern id="{pattern}" x="{LEFT - HOLE_STEP / 2}" y="{TOP - SEAT_STEP / 2}" '
        f'width="{street}" '
        f'height="{SEAT_STEP}" patternUnits="userSpaceOnUse">'
        + "".join(
            f'<circle cx="{HOLE_STEP / 2 + n * HOLE_STEP}" cy="{SEAT_STEP / 2}" r="{HOLE_R}" '
            'fill="#5a3a1a"/>'
            for n in range(STREET)
        )
        + "</pattern></defs>"
    ]
    width = _x(ROW - 1) - LEFT + HOLE_STEP
    for row in range(_rows(target)):
        for seat in range(tracks):
            top = _row_top(row, tracks) + seat * SEAT_STEP
            parts.append(
                f'<rect x="{LEFT - HOLE_STEP / 2}" y="{top - SEAT_STEP / 2}" width="{width}" '
                f'height="{SEAT_STEP}" fill="url(#{pattern})"/>'
                f'<rect x="5" y="{top - 3}" width="7" height="6" rx="2" fill="{COLOURS[seat]}"/>'
            )
    for seat in range(tracks):
        for hole in (-1, 0):
            x, y = hole_position(seat, hole, target, tracks)
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{HOLE_R}" fill="#5a3a1a"/>')
    gx, gy = hole_position(0, target, target, tracks)
    parts.append(
        f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="4" fill="#5a3a1a">'
        f"<title>The game hole: {target}</title></circle>"
    )
    for line in skunk_lines(target):
        x, y = hole_position(0, line, target, tracks)
        lx = x - (HOLE_STEP + STREET_GAP) / 2
        y2 = y + SEAT_STEP * (tracks - 1) + 7
        parts.append(
            f'<line x1="{lx:.1f}" y1="{y - 7:.1f}" x2="{lx:.1f}" y2="{y2:.1f}" '
            'stroke="#222" stroke-width="2" stroke-dasharray="3 2">'
            f"<title>{escape(_skunk_title(target, line))}</title></line>"
        )
    return parts


def _pegs(frame: Frame, target: int, names: Sequence[str], attrs: str) -> list[str]:
    parts = []
    tracks = len(frame.front)
    for seat in range(tracks):
        colour = COLOURS[seat]
        for peg, where in (("back", frame.back[seat]), ("front", frame.front[seat])):
            at = shown_score(where, target)
            x, y = hole_position(seat, at, target, tracks)
            lit = frame.last is not None and frame.last.seat == seat and peg == "front"
            if lit:
                parts.append(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6.8" fill="none" stroke="#f5b700" '
                    f'stroke-width="2.6"{attrs}/>'
                )
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{PEG_R}" fill="{colour}" '
                f'stroke="#fff" stroke-width="1.3"{attrs}><title>{escape(names[seat])}: '
                f"{peg} peg on {max(at, 0)}</title></circle>"
            )
    return parts


def _svg(
    frames: Sequence[Frame],
    *,
    target: int,
    names: Sequence[str],
    label: str,
) -> str:
    tracks = _tracks(frames, names)
    _check(target, tracks)
    width, height = _size(target, tracks)
    times = [frame.at for frame in frames]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'role="img" aria-label="{escape(label)}" class="tb-svg" '
        'style="width:100%;max-width:34rem;height:auto;display:block">',
        f'<rect x="1" y="1" width="{width - 2:.0f}" height="{height - 2:.0f}" rx="8" '
        'fill="#d9a86c" stroke="#8a5a2b" stroke-width="1.5"/>',
        *_holes(target, tracks),
    ]
    for index, frame in enumerate(frames):
        parts += _pegs(frame, target, names, attrs(*timing(index, times)))
    parts.append("</svg>")
    return "".join(parts)


def _tracks(frames: Sequence[Frame], names: Sequence[str]) -> int:
    """How many tracks the board has: one a name, and every frame with a peg on each."""
    tracks = len(names)
    for frame in frames:
        if len(frame.front) != tracks or len(frame.back) != tracks:
            raise ValueError(
                f"a board of {tracks} tracks needs {tracks} front and back pegs, "
                f"not {len(frame.front)} and {len(frame.back)}"
            )
    return tracks


def _aria(front: Sequence[int], names: Sequence[str], target: int) -> str:
    scores = ", ".join(
        f"{name} {shown_score(score, target)}" for name, score in zip(names, front, strict=True)
    )
    text = f"Cribbage board to {target}: {scores}"
    won = _winner(front, target)
    return text + (f"; {names[won]} won" if won is not None else "")


def _winner(front: Sequence[int], target: int) -> int | None:
    return next((seat for seat, score in enumerate(front) if score >= target), None)


def board_svg(
    front: tuple[int, ...],
    back: tuple[int, ...],
    *,
    target: int = 121,
    names: Sequence[str] = (SHORT_NAMES[ME], SHORT_NAMES[COMPUTER]),
    last: BoardMove | None = None,
) -> str:
    """The board with each seat's front peg on ``front[seat]`` and back peg on ``back[seat]``
    (-1 for the start hole), the ``last`` move's front peg ringed; scores past the target
    stand in the game hole. Named for screen readers by its scores."""
    return _svg(
        [Frame(front, back, last)], target=target, names=names, label=_aria(front, names, target)
    )


def _move_text(last: BoardMove, names: Sequence[str], target: int) -> str:
    start, end = shown_score(last.start, target), shown_score(last.end, target)
    return f"{names[last.seat]} +{last.end - last.start}: {last.reason} ({start} → {end})"


def _score_line(frame: Frame, names: Sequence[str], target: int) -> str:
    won = _winner(frame.front, target)
    parts = []
    for seat in range(len(frame.front)):
        score = shown_score(frame.front[seat], target)
        parts.append(
            f'<span class="tb-seat tb-seat-{seat}"><span class="tb-dot"></span>'
            f"{escape(names[seat])} <b>{score}</b></span>"
        )
    if won is not None:
        parts.append(f'<span class="tb-won">{escape(names[won])} won</span>')
    if frame.last is not None:
        parts.append(
            f'<span class="tb-last">{escape(_move_text(frame.last, names, target))}</span>'
        )
    return "".join(parts)


def board_html(
    frames: Sequence[Frame],
    *,
    target: int = 121,
    names: Sequence[str] = (SHORT_NAMES[ME], SHORT_NAMES[COMPUTER]),
    beside: str = "",
) -> str:
    """The board with its words, for a page: the scores and the last move in a line of
    text above the picture, each step of ``frames`` shown from its moment (one frame: a
    still board). A screen reader is given the last step's words and picture. ``beside``
    (markup: the Play page's log) stands to the right of the picture on a wide screen, as
    high as it, and under it on a phone.

    >>> html = board_html([Frame((125, 80), (119, 70))], target=121)
    >>> "You <b>121</b>" in html and "You won" in html and "125" not in html
    True
    """
    if not frames:
        raise ValueError("a board needs at least one frame to draw")
    _tracks(frames, names)
    times = [frame.at for frame in frames]
    final = frames[-1]
    lines = []
    for index, frame in enumerate(frames):
        cls, style = timing(index, times)
        hidden = ' aria-hidden="true"' if index < len(frames) - 1 else ""
        lines.append(
            f"<div{attrs(cls, style, more='tb-line')}{hidden}>"
            f"{_score_line(frame, names, target)}</div>"
        )
    svg = _svg(frames, target=target, names=names, label=_aria(final.front, names, target))
    side = f'<div class="tb-beside">{beside}</div>' if beside else ""
    return (
        f'<div class="tb-board{" tb-sided" if beside else ""}" data-target="{target}">'
        f'<div class="tb-lines" aria-live="polite">{"".join(lines)}</div>'
        f'<div class="tb-pic">{svg}</div>{side}</div>'
    )


#: The board's stylesheet (with the film's two animations); a page puts it in once.
BOARD_CSS = assets.text("board.css") + FILM_CSS

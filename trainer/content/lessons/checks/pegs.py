"""A question that ends on the board: the learner's pegs before a score, so the answer is
the hole the back peg jumps to rather than the points (a count, a card laid or a go with
``pegs: [back, front]``). The points are worked out the same way; the board asks the
learner to peg them, as they would at the table.
"""

from __future__ import annotations

from collections.abc import Mapping

from trainer.content.lessons.fields import FieldAt, blanks_in
from trainer.content.lessons.pictures import BOARD_HOLES

#: The blanks a question with pegs may leave for them.
PEG_BLANKS: tuple[str, str] = ("back", "front")


def hole_after(pegs: tuple[int, int], points: int) -> int:
    """Where the back peg lands: ``points`` holes past the front peg, at most the game hole."""
    return min(pegs[1] + points, BOARD_HOLES)


def peg_fill_ins(pegs: tuple[int, int] | None) -> dict[str, str]:
    """What ``{back}`` and ``{front}`` say (nothing without pegs)."""
    if pegs is None:
        return {}
    return {"back": str(pegs[0]), "front": str(pegs[1])}


def check_peg_blanks(texts: Mapping[str, str | None], pegs: tuple[int, int] | None) -> None:
    """A question without pegs cannot fill ``{back}`` or ``{front}``; a question with pegs
    must say so (it asks for a hole, not the points)."""
    if pegs is not None:
        if pegs[1] >= BOARD_HOLES:
            raise FieldAt(("pegs",), f"the front peg is already in the game hole ({BOARD_HOLES})")
        return
    for name, text in texts.items():
        if text is None:
            continue
        used = [blank for blank in blanks_in(text) if blank in PEG_BLANKS]
        if used:
            raise FieldAt(
                (name,), f"{{{used[0]}}} is a peg's hole: give the pegs with 'pegs: [back, front]'"
            )

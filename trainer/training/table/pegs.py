"""The pegs on the board: where each moves with each award, for the board and the log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from trainer.engine.events import Event, ShowEvent
from trainer.engine.items import ScoreItem
from trainer.engine.summary import pegged
from trainer.engine.vocab import Seat, Which
from trainer.training.seats import SeatNames
from trainer.training.table.narration import award_text


@dataclass(frozen=True, slots=True)
class PegMove:
    """One peg moved: ``seat``'s went from ``start`` to ``end`` for ``reason``. The peg is a
    side's (:func:`~trainer.engine.vocab.side_of`): a seat's own, or with four at the table
    its partnership's (0: the person and their partner, 1: the other two)."""

    seat: Seat
    start: int
    end: int
    reason: str


@dataclass(frozen=True, slots=True)
class Pegs:
    """The board as the person may see it: each side's front and back peg (-1: the start
    hole) and the last move."""

    front: tuple[int, ...]
    back: tuple[int, ...]
    last: PegMove | None


def pegs_of(moves: Sequence[PegMove], sides: int = 2) -> Pegs:
    """Where the pegs stand after ``moves`` (each side's front peg on its score, its back
    peg where the score was before its last move)."""
    front, back = [0] * sides, [-1] * sides
    for move in moves:
        back[move.seat], front[move.seat] = move.start, move.end
    return Pegs(tuple(front), tuple(back), moves[-1] if moves else None)


class LogLine(NamedTuple):
    """A line of what happened: its text, whether it is new since the person's last
    action, and the event it tells (its place in the game's events)."""

    text: str
    new: bool
    event: int


def reaching(items: Sequence[ScoreItem], points: int) -> tuple[ScoreItem, ...]:
    """The first of ``items`` that together peg ``points``: all of them, or, when the game
    hole stops the peg, those that get it there (what the board says the move was for)."""
    total = 0
    for n, item in enumerate(items):
        total += item.points
        if total >= points:
            return tuple(items[: n + 1])
    return tuple(items)


def peg_moves(
    events: Sequence[Event], players: int = 2, *, target: int, names: SeatNames | None = None
) -> list[PegMove]:
    """Every peg move of the game, one per seat per scoring event, in order (with four at
    the table, the peg is the seat's partnership's, and the reason says whose points in
    short: ``Partner, fifteen for two``). The last move stops in the game hole, ``target``:
    it moves the peg only by the points that get there (:func:`~trainer.engine.pegged`).
    The seats are called by ``names`` (the usual game's, by default)."""
    names = names or SeatNames(players)
    scores = [0] * len(names.sides)
    moves: list[PegMove] = []
    for event in events:
        for seat in names.seats:
            items = event.items_for(seat)
            side = names.side_of(seat)
            points = pegged(sum(item.points for item in items), scores[side], target)
            if points:
                items = reaching(items, points)
                if isinstance(event, ShowEvent) and event.seat == seat:
                    what = "crib" if event.which is Which.CRIB else "hand"
                    reason = f"the {what}"
                    if players == 4:  # whose, in short: the board's line is one line
                        reason = (
                            f"your {what}" if seat == names.you else f"{names.short(seat)}'s {what}"
                        )
                else:
                    reason = ", ".join(award_text(item) for item in items)
                    if players == 4:
                        reason = f"{names.short(seat)}, {reason}"
                moves.append(PegMove(side, scores[side], scores[side] + points, reason))
                scores[side] += points
    return moves

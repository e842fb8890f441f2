"""The pegs on the board: where each moves with each award, for the board and the log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from trainer.engine.record import (
    Event,
    ShowEvent,
)
from trainer.engine.vocab import Seat, Which
from trainer.training.seats import COMPUTER, ME
from trainer.training.table.narration import award_text


@dataclass(frozen=True, slots=True)
class PegMove:
    """One peg moved: ``seat`` went from ``start`` to ``end`` for ``reason``."""

    seat: Seat
    start: int
    end: int
    reason: str


@dataclass(frozen=True, slots=True)
class Pegs:
    """The board as the person may see it: each seat's front and back peg (-1: the start
    hole) and the last move."""

    front: tuple[int, int]
    back: tuple[int, int]
    last: PegMove | None


def pegs_of(moves: Sequence[PegMove]) -> Pegs:
    """Where the pegs stand after ``moves`` (each seat's front peg on its score, its back
    peg where the score was before its last move)."""
    front, back = [0, 0], [-1, -1]
    for move in moves:
        back[move.seat], front[move.seat] = move.start, move.end
    return Pegs((front[0], front[1]), (back[0], back[1]), moves[-1] if moves else None)


class LogLine(NamedTuple):
    """A line of what happened: its text, whether it is new since the person's last
    action, and the event it tells (its place in the game's events)."""

    text: str
    new: bool
    event: int


def peg_moves(events: Sequence[Event]) -> list[PegMove]:
    """Every peg move of the game, one per seat per scoring event, in order."""
    scores = [0, 0]
    moves: list[PegMove] = []
    for event in events:
        for seat in (ME, COMPUTER):
            items = event.items_for(seat)
            points = sum(item.points for item in items)
            if points:
                if isinstance(event, ShowEvent) and event.seat == seat:
                    what = "crib" if event.which is Which.CRIB else "hand"
                    reason = f"the {what}"
                else:
                    reason = ", ".join(award_text(item) for item in items)
                moves.append(PegMove(seat, scores[seat], scores[seat] + points, reason))
                scores[seat] += points
    return moves

"""What a step shows: a row of cards, a pegging pile, a pegboard."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    StrictInt,
    field_validator,
    model_validator,
)

from trainer.content.field_types import Text
from trainer.content.lessons.fields import CardRow, FieldAt, LessonModel, OneCard
from trainer.engine import (
    Card,
    PeggingError,
    PlayScore,
    label_cards,
    score_play,
)

#: Holes on a cribbage board for a game to 121, the last being the game hole (as drawn by
#: :mod:`trainer.ui.board`: four rows of 30 a player, then the game hole).
BOARD_HOLES = 121


def _pegs(value: tuple[int, int]) -> tuple[int, int]:
    back, front = value
    if not 0 <= front <= BOARD_HOLES:
        raise ValueError(f"a peg is in a hole from 0 (the start) to {BOARD_HOLES}, not {front}")
    if back < 0 or (back >= front and front != 0) or (front == 0 and back != 0):
        raise ValueError(
            f"write the back peg, then the front one: [{back}, {front}] is not two pegs "
            "one behind the other (both start on 0)"
        )
    return value


#: A player's two pegs, ``[back, front]``: the holes they stand in (0 is the start).
Pegs = Annotated[tuple[StrictInt, StrictInt], AfterValidator(_pegs)]


class Board(LessonModel):
    """A pegboard picture: the two pegs of ``you`` and, optionally, of ``opponent`` (a
    player left out stands at the start), on a board for a ``game`` to 121 or 61."""

    game: Literal[121, 61] = 121
    you: Pegs
    opponent: Pegs | None = None

    @model_validator(mode="after")
    def _on_the_board(self) -> Board:
        for name in ("you", "opponent"):
            pegs = getattr(self, name)
            if pegs is not None and pegs[1] > self.game:
                raise FieldAt(
                    (name,),
                    f"a board for a game to {self.game} ends at hole {self.game}, not {pegs[1]}",
                )
        return self

    def pegs(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """``(front, back)``: each player's front and back hole, you first, as
        :func:`trainer.ui.board.board_svg` takes them. That board has two start holes, so
        a player who has not scored yet keeps the back peg in the first of them (-1)."""
        seats = [self.you, self.opponent or (0, 0)]
        front = (seats[0][1], seats[1][1])
        back = tuple(-1 if f == 0 else b for b, f in seats)
        return front, (back[0], back[1])


class Show(LessonModel):
    """A picture in a step: a row of ``cards`` (with an optional ``starter``), a pegging
    ``pile`` in the order laid, whose count the engine works out, or a pegboard."""

    cards: CardRow | None = None
    starter: OneCard | None = None
    pile: CardRow | None = None
    board: Board | None = None
    highlight: CardRow = ()
    caption: Text | None = None

    @field_validator("pile")
    @classmethod
    def _pile_is_a_series(cls, pile: tuple[Card, ...] | None) -> tuple[Card, ...] | None:
        if pile is not None:
            check_pile(pile)
        return pile

    @model_validator(mode="after")
    def _one_picture(self) -> Show:
        given = [self.cards is not None, self.pile is not None, self.board is not None]
        if sum(given) != 1:
            raise ValueError("give one of 'cards' (with an optional 'starter'), 'pile' or 'board'")
        if self.board is not None and self.highlight:
            raise FieldAt(("highlight",), "a board has no cards to light up")
        if self.starter is not None:
            if self.cards is None:
                raise FieldAt(("starter",), "a starter goes with 'cards', not with a pile")
            if self.starter in self.cards:
                raise FieldAt(
                    ("starter",), f"{self.starter.label} is already in 'cards': one of each card"
                )
        shown = set(self.cards or self.pile or ())
        if self.starter is not None:
            shown.add(self.starter)
        stray = [card for card in self.highlight if card not in shown]
        if stray:
            raise FieldAt(("highlight",), f"{label_cards(stray)} is not among the cards shown")
        return self

    @property
    def count(self) -> int | None:
        """The running count of a pile, from the engine; ``None`` for a row of cards."""
        return None if self.pile is None else score_play(self.pile).count


def check_pile(pile: tuple[Card, ...]) -> PlayScore:
    if not pile:
        raise ValueError("a pile needs at least one card")
    try:
        return score_play(pile)
    except PeggingError as err:
        raise ValueError(f"this is not one series of the play: {err}") from None

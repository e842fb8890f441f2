"""The board and the game's end: where the back peg jumps (:class:`BoardCheck`), and
a plain win, a skunk or a double skunk (:class:`SkunkCheck`)."""

from __future__ import annotations

from typing import Literal

from pydantic import StrictInt, ValidationInfo, field_validator

from trainer.content.field_types import Text
from trainer.content.lessons.fields import QuestionModel, expect_mismatch, validated
from trainer.content.lessons.pictures import Pegs
from trainer.engine import MAX_SHOW, skunk

SKUNKS: tuple[str, str, str] = ("win", "skunk", "double-skunk")


class SkunkCheck(QuestionModel):
    """The final score of a game: a plain win, a skunk or a double skunk (the engine's
    :func:`~trainer.engine.skunk` decides). Its words may leave blanks for the scores
    (``{winner}``, ``{loser}``, ``{game}``); new cards of its kind are another loser's
    score in a game as long."""

    blanks = ("winner", "loser", "game")

    kind: Literal["skunk"]
    question: Text | None = None
    game: Literal[121, 61] = 121
    winner: StrictInt
    loser: StrictInt
    expect: Literal["win", "skunk", "double-skunk"] | None = None

    @field_validator("winner")
    @classmethod
    def _reached_the_end(cls, winner: int, info: ValidationInfo) -> int:
        if validated(info, "game") and winner != info.data["game"]:
            raise ValueError(
                f"the winner stops on {info.data['game']}, the last hole, not {winner}"
            )
        return winner

    @field_validator("loser")
    @classmethod
    def _short_of_it(cls, loser: int, info: ValidationInfo) -> int:
        if validated(info, "game") and not 0 <= loser < info.data["game"]:
            raise ValueError(f"the loser has from 0 to {info.data['game'] - 1} points, not {loser}")
        return loser

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: str | None, info: ValidationInfo) -> str | None:
        if expect is not None and validated(info, "game", "winner", "loser"):
            answer = SKUNKS[skunk(info.data["winner"], info.data["loser"], info.data["game"])]
            if answer != expect:
                raise expect_mismatch(expect, answer, f"the loser has {info.data['loser']}")
        return expect

    @property
    def answer(self) -> str:
        return SKUNKS[skunk(self.winner, self.loser, self.game)]

    def fill_ins(self) -> dict[str, str]:
        return {"winner": str(self.winner), "loser": str(self.loser), "game": str(self.game)}

    @property
    def prompt(self) -> str:
        if self.question:
            return self.filled(self.question)
        return (
            f"In a game to {self.game}, one player reaches {self.winner} while the other "
            f"has {self.loser}. What kind of win is it?"
        )


class BoardCheck(QuestionModel):
    """Walking the board: ``you`` have pegs in ``[back, front]`` and score ``points``;
    which hole does the back peg jump to? It moves that many holes past the front peg
    (and stops in the game hole at the end). Its words may leave blanks for the pegs and
    the score (``{back}``, ``{front}``, ``{points}``, ``{game}``); new cards of its kind
    are another move that does the same (reach the next row, the game hole...)."""

    blanks = ("back", "front", "points", "game")

    kind: Literal["board"]
    question: Text | None = None
    hint: Text | None = None
    game: Literal[121, 61] = 121
    you: Pegs
    points: StrictInt
    expect: StrictInt | None = None

    @field_validator("you")
    @classmethod
    def _before_the_end(cls, you: tuple[int, int], info: ValidationInfo) -> tuple[int, int]:
        if validated(info, "game") and you[1] >= info.data["game"]:
            raise ValueError(
                f"the front peg is already in the game hole ({info.data['game']}): the game is over"
            )
        return you

    @field_validator("points")
    @classmethod
    def _a_score(cls, points: int) -> int:
        if not 1 <= points <= MAX_SHOW:
            raise ValueError(f"a score is from 1 to {MAX_SHOW} points, not {points}")
        return points

    @field_validator("expect")
    @classmethod
    def _board_agrees(cls, expect: int | None, info: ValidationInfo) -> int | None:
        if expect is not None and validated(info, "game", "you", "points"):
            hole = min(info.data["you"][1] + info.data["points"], info.data["game"])
            if hole != expect:
                raise expect_mismatch(
                    expect, hole, f"{info.data['points']} holes on from hole {info.data['you'][1]}"
                )
        return expect

    @property
    def answer(self) -> int:
        return min(self.you[1] + self.points, self.game)

    @property
    def after(self) -> tuple[int, int]:
        """``[back, front]`` once the back peg has jumped."""
        return (self.you[1], self.answer)

    def fill_ins(self) -> dict[str, str]:
        back, front = self.you
        return {
            "back": str(back),
            "front": str(front),
            "points": str(self.points),
            "game": str(self.game),
        }

    @property
    def prompt(self) -> str:
        if self.question:
            return self.filled(self.question)
        return f"You score {self.points}. Which hole does your back peg jump to?"

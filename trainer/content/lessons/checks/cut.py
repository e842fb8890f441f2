"""The cut for deal: :class:`CutCheck`, who deals first."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import ValidationInfo, field_validator

from trainer.content.field_types import Text
from trainer.content.lessons.fields import OneCard, QuestionModel, expect_mismatch, validated
from trainer.engine import Card, Game

#: The answers of a cut for deal: who deals first, or both cut again.
CUTS: tuple[str, str, str] = ("you", "opponent", "again")


class CutCheck(QuestionModel):
    """The cut for deal: ``you`` and the ``opponent`` each cut a card; the lower rank
    deals first (the ace is lowest), and equal ranks cut again (as
    :meth:`trainer.engine.Game.cut_for_deal` plays it). Its words may leave blanks for the
    two cards (``{you}``, ``{opponent}``); new cards of its kind are two other cards (with
    an ace when this cut has one)."""

    blanks = ("you", "opponent")

    kind: Literal["cut"]
    question: Text | None = None
    you: OneCard
    opponent: OneCard
    expect: Literal["you", "opponent", "again"] | None = None

    @field_validator("opponent")
    @classmethod
    def _two_cards(cls, opponent: Card, info: ValidationInfo) -> Card:
        if validated(info, "you") and opponent == info.data["you"]:
            raise ValueError(f"{opponent.label} is already your card: one of each card")
        return opponent

    @field_validator("expect")
    @classmethod
    def _cut_agrees(cls, expect: str | None, info: ValidationInfo) -> str | None:
        if expect is not None and validated(info, "you", "opponent"):
            answer = _cut_answer(info.data["you"], info.data["opponent"])
            if answer != expect:
                raise expect_mismatch(
                    expect,
                    answer,
                    f"{info.data['you'].label} against {info.data['opponent'].label}",
                )
        return expect

    @property
    def answer(self) -> str:
        return _cut_answer(self.you, self.opponent)

    def fill_ins(self) -> dict[str, str]:
        return {"you": self.you.label, "opponent": self.opponent.label}

    @property
    def prompt(self) -> str:
        if self.question:
            return self.filled(self.question)
        return (
            f"You cut the {self.you.label} and your opponent cuts the {self.opponent.label}. "
            "Who deals first?"
        )


@cache
def _cut_answer(you: Card, opponent: Card) -> str:
    """The engine's cut for deal with ``you`` (seat 0) cutting ``you`` and the other seat
    ``opponent``: a game is started and both cut at the places those cards lie (the
    first seed whose shuffled pack has both cards where a cut may be made)."""
    for seed in range(1000):
        game = Game(seed=seed)
        pack = list(game.pack("cut:0"))
        low, high = game.cut_range()
        first = pack.index(you)
        if not low <= first <= high:
            continue
        game.cut_for_deal(0, at=first)
        pack.remove(you)  # the second cut is made in what the first left
        low, high = game.cut_range()
        second = pack.index(opponent)
        if not low <= second <= high:
            continue
        event = game.cut_for_deal(1, at=second)
        assert event.card == opponent
        if event.dealer is None:
            return "again"
        return "you" if event.dealer == 0 else "opponent"
    raise AssertionError(f"no seed lets both {you.label} and {opponent.label} be cut")

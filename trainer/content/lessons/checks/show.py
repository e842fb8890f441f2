"""Counting the show: :class:`CountCheck`, a hand or the crib with its starter."""

from __future__ import annotations

from typing import Literal

from pydantic import StrictBool, StrictInt, ValidationInfo, field_validator

from trainer.content.lessons.checks.expect import expect_mismatch
from trainer.content.lessons.fields import CardRow, LessonModel, OneCard, Text, validated
from trainer.engine import Card, ShowScore, score_show


class CountCheck(LessonModel):
    """Count a hand (or with ``crib: true`` the crib) with its starter."""

    kind: Literal["count"]
    question: Text | None = None
    hint: Text | None = None
    hand: CardRow
    starter: OneCard
    crib: StrictBool = False
    expect: StrictInt | None = None

    @field_validator("hand")
    @classmethod
    def _four_cards(cls, hand: tuple[Card, ...]) -> tuple[Card, ...]:
        if len(hand) != 4:
            raise ValueError(f"a hand to count has 4 cards, not {len(hand)}")
        return hand

    @field_validator("starter")
    @classmethod
    def _starter_not_in_hand(cls, starter: Card, info: ValidationInfo) -> Card:
        if validated(info, "hand") and starter in info.data["hand"]:
            raise ValueError(f"{starter.label} is already in the hand: a deck has one of each card")
        return starter

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: int | None, info: ValidationInfo) -> int | None:
        if expect is not None and validated(info, "hand", "starter", "crib"):
            score = score_show(info.data["hand"], info.data["starter"], crib=info.data["crib"])
            if score.total != expect:
                raise expect_mismatch(expect, score.total, score.cadence())
        return expect

    def score(self) -> ShowScore:
        return score_show(self.hand, self.starter, crib=self.crib)

    @property
    def answer(self) -> int:
        return self.score().total

    @property
    def prompt(self) -> str:
        what = "crib" if self.crib else "hand"
        return self.question or f"How many points is this {what} worth, with the starter?"

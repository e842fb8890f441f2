"""Counting the show: :class:`CountCheck`, a hand or the crib with its starter."""

from __future__ import annotations

from typing import Literal

from pydantic import StrictBool, StrictInt, ValidationInfo, field_validator, model_validator

from trainer.content.field_types import Text
from trainer.content.lessons.checks.kinds import ShowKind
from trainer.content.lessons.checks.pegs import (
    PEG_BLANKS,
    check_peg_blanks,
    hole_after,
    peg_fill_ins,
)
from trainer.content.lessons.fields import (
    CardRow,
    FieldAt,
    OneCard,
    QuestionModel,
    expect_mismatch,
    validated,
)
from trainer.content.lessons.pictures import Pegs
from trainer.engine import Card, ShowScore, score_show


class CountCheck(QuestionModel):
    """Count a hand (or with ``crib: true`` the crib) with its starter; ``deal`` is the
    kind of hand it is, for new cards of that kind. With ``pegs`` (the learner's pegs
    before the count), the answer is the hole the back peg jumps to."""

    blanks = PEG_BLANKS

    kind: Literal["count"]
    question: Text | None = None
    hint: Text | None = None
    hand: CardRow
    starter: OneCard
    crib: StrictBool = False
    expect: StrictInt | None = None
    pegs: Pegs | None = None
    deal: ShowKind

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

    @model_validator(mode="after")
    def _a_kind_of_hand_or_crib(self) -> CountCheck:
        wrong = "four-card-flush" if self.crib else "crib-four-flush"
        for name in ("require", "require_any"):
            if wrong in getattr(self.deal, name):
                what = (
                    "a crib scores no flush of four: use crib-four-flush"
                    if self.crib
                    else "crib-four-flush is for a crib: this is a hand (add crib: true)"
                )
                raise FieldAt(("deal", name), what)
        check_peg_blanks({"question": self.question, "hint": self.hint}, self.pegs)
        return self

    def score(self) -> ShowScore:
        return score_show(self.hand, self.starter, crib=self.crib)

    @property
    def points(self) -> int:
        """What the hand or crib scores (the answer, unless the question asks for a hole)."""
        return self.score().total

    @property
    def answer(self) -> int:
        return self.points if self.pegs is None else hole_after(self.pegs, self.points)

    def points_given(self, answer: int) -> int:
        """The points an answer stands for (a hole, less the front peg's)."""
        return answer if self.pegs is None else answer - self.pegs[1]

    def fill_ins(self) -> dict[str, str]:
        return peg_fill_ins(self.pegs)

    @property
    def prompt(self) -> str:
        if self.question:
            return self.filled(self.question)
        what = "crib" if self.crib else "hand"
        return f"How many points is this {what} worth, with the starter?"

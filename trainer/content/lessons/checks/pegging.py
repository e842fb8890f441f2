"""The pile in the play: what its last card pegs (:class:`PegCheck`) and which card
makes fifteen (:class:`FifteenCheck`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import StrictInt, ValidationInfo, field_validator, model_validator

from trainer.content.field_types import Text
from trainer.content.lessons.checks.kinds import PegKind
from trainer.content.lessons.checks.pegs import (
    PEG_BLANKS,
    check_peg_blanks,
    hole_after,
    peg_fill_ins,
)
from trainer.content.lessons.fields import (
    CardRow,
    OneCard,
    QuestionModel,
    expect_mismatch,
    validated,
)
from trainer.content.lessons.pictures import Pegs, check_pile
from trainer.engine import Card, Kind, PeggingError, PlayScore, label_cards, score_play


class PegCheck(QuestionModel):
    """How many points the last card of a pegging ``pile`` scores; ``deal`` is the kind
    of pile it is, for new cards of that kind. Its words may leave blanks for the card
    laid (``{card}``), the count before it (``{count}``) and the card that led
    (``{lead}``). With ``pegs`` (the learner's pegs before the card), the answer is the
    hole the back peg jumps to."""

    blanks = ("card", "count", "lead", *PEG_BLANKS)

    kind: Literal["peg"]
    question: Text | None = None
    hint: Text | None = None
    pile: CardRow
    expect: StrictInt | None = None
    pegs: Pegs | None = None
    deal: PegKind

    @field_validator("pile")
    @classmethod
    def _pile_is_a_series(cls, pile: tuple[Card, ...]) -> tuple[Card, ...]:
        check_pile(pile)
        return pile

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: int | None, info: ValidationInfo) -> int | None:
        if expect is not None and validated(info, "pile"):
            scored = score_play(info.data["pile"])
            if scored.total != expect:
                raise expect_mismatch(expect, scored.total, scored.explain())
        return expect

    @model_validator(mode="after")
    def _pegs_for_a_hole(self) -> PegCheck:
        check_peg_blanks({"question": self.question, "hint": self.hint}, self.pegs)
        return self

    def score(self) -> PlayScore:
        return score_play(self.pile)

    @property
    def points(self) -> int:
        """What the card pegs (the answer, unless the question asks for a hole)."""
        return self.score().total

    @property
    def answer(self) -> int:
        return self.points if self.pegs is None else hole_after(self.pegs, self.points)

    def points_given(self, answer: int) -> int:
        """The points an answer stands for (a hole, less the front peg's)."""
        return answer if self.pegs is None else answer - self.pegs[1]

    @property
    def card(self) -> Card:
        """The card asked about: the last one laid."""
        return self.pile[-1]

    @property
    def before(self) -> tuple[Card, ...]:
        """The cards laid before the one asked about."""
        return self.pile[:-1]

    @property
    def count_before(self) -> int:
        """The count before the asked card is laid (0 when it leads)."""
        return score_play(self.before).count if self.before else 0

    def fill_ins(self) -> dict[str, str]:
        found = {"card": self.card.label, "count": str(self.count_before)}
        return {**found, "lead": self.pile[0].label, **peg_fill_ins(self.pegs)}

    @property
    def prompt(self) -> str:
        if self.question:
            return self.filled(self.question)
        return f"How many points does the {self.pile[-1].label} peg?"


class FifteenCheck(QuestionModel):
    """Which of the ``choices`` brings the count of ``pile`` to exactly 15 (one does). Its
    words may leave a blank for the count (``{count}``). New cards of its kind are a pile
    as long, the same number of choices, and only the right one scoring."""

    blanks = ("count",)

    kind: Literal["fifteen"]
    question: Text | None = None
    hint: Text | None = None
    pile: CardRow
    choices: CardRow
    expect: OneCard | None = None

    @field_validator("pile")
    @classmethod
    def _under_fifteen(cls, pile: tuple[Card, ...]) -> tuple[Card, ...]:
        count = check_pile(pile).count
        if count >= 15:
            raise ValueError(f"the count is already {count}: no card can bring it to 15")
        return pile

    @field_validator("choices")
    @classmethod
    def _one_makes_fifteen(
        cls, choices: tuple[Card, ...], info: ValidationInfo
    ) -> tuple[Card, ...]:
        if not 2 <= len(choices) <= 6:
            raise ValueError(f"give 2 to 6 cards to choose from, not {len(choices)}")
        if validated(info, "pile"):
            pile: tuple[Card, ...] = info.data["pile"]
            both = [card for card in choices if card in pile]
            if both:
                raise ValueError(f"{label_cards(both)} is already in the pile")
            makers = _fifteen_makers(pile, choices)
            if len(makers) != 1:
                found = label_cards(makers) if makers else "none"
                raise ValueError(f"exactly one choice must make 15, the engine finds: {found}")
        return choices

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: Card | None, info: ValidationInfo) -> Card | None:
        if expect is not None and validated(info, "pile", "choices"):
            (maker,) = _fifteen_makers(info.data["pile"], info.data["choices"])
            if maker != expect:
                raise expect_mismatch(
                    expect.label, maker.label, f"{maker.label} brings the count to 15"
                )
        return expect

    def played(self, card: Card) -> PlayScore | None:
        """What ``card`` would score on the pile (``None`` if it would pass 31)."""
        try:
            return score_play((*self.pile, card))
        except PeggingError:
            return None

    @property
    def count(self) -> int:
        return score_play(self.pile).count

    @property
    def answer(self) -> Card:
        (maker,) = _fifteen_makers(self.pile, self.choices)
        return maker

    def fill_ins(self) -> dict[str, str]:
        return {"count": str(self.count)}

    @property
    def prompt(self) -> str:
        if self.question:
            return self.filled(self.question)
        return f"The total is {self.count}. Which card makes it 15?"


def _fifteen_makers(pile: tuple[Card, ...], choices: Iterable[Card]) -> list[Card]:
    makers = []
    for card in choices:
        try:
            scored = score_play((*pile, card))
        except PeggingError:
            continue
        if any(item.kind is Kind.FIFTEEN for item in scored.items):
            makers.append(card)
    return makers

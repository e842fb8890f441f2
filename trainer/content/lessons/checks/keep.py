"""Keeping four of six: :class:`KeepCheck`, each keep's points over every starter
(:class:`KeepValue`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import ValidationInfo, field_validator

from trainer.content.field_types import Text
from trainer.content.lessons.fields import (
    CardRow,
    FieldAt,
    QuestionModel,
    expect_mismatch,
    validated,
)
from trainer.engine import DECK, Card, format_cards, label_cards, score_show

#: How many points a keep's average must beat every other choice's by, so the right
#: answer is clear in whole points.
KEEP_MARGIN = 1.0


@dataclass(frozen=True, slots=True)
class KeepValue:
    """Four cards kept from six, scored by the engine with every starter that could come
    (the 46 cards not among the six)."""

    keep: tuple[Card, ...]
    thrown: tuple[Card, ...]
    points: tuple[int, ...]  # one total per possible starter

    @property
    def average(self) -> float:
        return sum(self.points) / len(self.points)

    @property
    def lowest(self) -> int:
        return min(self.points)

    @property
    def highest(self) -> int:
        return max(self.points)


def keep_value(six: Sequence[Card], keep: Sequence[Card]) -> KeepValue:
    """``keep`` (four of ``six``) counted by :func:`~trainer.engine.score_show` with each
    of the 46 starters left."""
    thrown = tuple(card for card in six if card not in keep)
    starters = [card for card in DECK if card not in six]
    return KeepValue(
        tuple(keep), thrown, tuple(score_show(keep, starter).total for starter in starters)
    )


class KeepCheck(QuestionModel):
    """Which four of six ``cards`` to keep: the choice (one of ``keeps``) whose hand
    scores the most on average over every starter that could come. New cards of its kind
    are six others with as many keeps, the best chosen for the same reason (it scores the
    most on its own, or the keeps score the same on their own and more starters help it)."""

    kind: Literal["keep"]
    question: Text | None = None
    cards: CardRow
    keeps: tuple[CardRow, ...]
    expect: CardRow | None = None

    @field_validator("cards")
    @classmethod
    def _six_cards(cls, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        if len(cards) != 6:
            raise ValueError(f"a deal is 6 cards, not {len(cards)}")
        return cards

    @field_validator("keeps")
    @classmethod
    def _keeps_from_the_six(
        cls, keeps: tuple[tuple[Card, ...], ...], info: ValidationInfo
    ) -> tuple[tuple[Card, ...], ...]:
        if not 2 <= len(keeps) <= 4:
            raise ValueError(f"give 2 to 4 keeps to choose from, not {len(keeps)}")
        if not validated(info, "cards"):
            return keeps
        six: tuple[Card, ...] = info.data["cards"]
        seen: list[frozenset[Card]] = []
        for index, keep in enumerate(keeps):
            if len(keep) != 4:
                raise FieldAt((index,), f"a keep is 4 cards, not {len(keep)}")
            stray = [card for card in keep if card not in six]
            if stray:
                raise FieldAt((index,), f"{label_cards(stray)} is not among the six cards")
            if frozenset(keep) in seen:
                raise FieldAt((index,), "this keep is listed twice")
            seen.append(frozenset(keep))
        values = sorted((keep_value(six, keep) for keep in keeps), key=lambda v: -v.average)
        if values[0].average - values[1].average < KEEP_MARGIN:
            raise ValueError(
                f"the best keeps are too close to choose between: {label_cards(values[0].keep)} "
                f"averages {values[0].average:.2f} and {label_cards(values[1].keep)} "
                f"{values[1].average:.2f}; the best must be ahead by {KEEP_MARGIN:g} point"
            )
        return keeps

    @field_validator("expect")
    @classmethod
    def _keep_agrees(
        cls, expect: tuple[Card, ...] | None, info: ValidationInfo
    ) -> tuple[Card, ...] | None:
        if expect is not None and validated(info, "cards", "keeps"):
            best = _best_keep(info.data["cards"], info.data["keeps"])
            if frozenset(expect) != frozenset(best.keep):
                raise expect_mismatch(
                    label_cards(expect),
                    label_cards(best.keep),
                    f"it averages {best.average:.2f} points over the 46 starters",
                )
        return expect

    def values(self) -> tuple[KeepValue, ...]:
        """Each keep, in the order listed, with its points over every starter."""
        return tuple(keep_value(self.cards, keep) for keep in self.keeps)

    @property
    def answer(self) -> str:
        """The best keep, as notation (``5H 5D JS QC``)."""
        return format_cards(_best_keep(self.cards, self.keeps).keep)

    @property
    def prompt(self) -> str:
        return self.question or (
            "Which four cards make the best hand, whatever the starter turns out to be?"
        )


def _best_keep(six: tuple[Card, ...], keeps: Sequence[tuple[Card, ...]]) -> KeepValue:
    return max((keep_value(six, keep) for keep in keeps), key=lambda value: value.average)

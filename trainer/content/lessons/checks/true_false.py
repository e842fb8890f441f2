"""True or false about a situation: :class:`TrueFalseCheck`, with more situations of the
same kind (:class:`Situation`) for when a missed one comes back."""

from __future__ import annotations

from typing import Literal

from pydantic import StrictBool, ValidationInfo, field_validator

from trainer.content.field_types import Text
from trainer.content.lessons.fields import FieldAt, LessonModel


class Situation(LessonModel):
    """One more situation for a true-or-false question, asked when it comes back."""

    statement: Text
    answer: StrictBool
    explain: Text


class TrueFalseCheck(LessonModel):
    """True or false about a situation: the only check whose answer the file states. The
    engine cannot deal one, so ``more`` gives other situations of the same kind: a
    question missed comes back as the next of them, never as the same sentence."""

    kind: Literal["true-false"]
    statement: Text
    answer: StrictBool
    explain: Text
    more: tuple[Situation, ...]

    @field_validator("more")
    @classmethod
    def _other_situations(
        cls, more: tuple[Situation, ...], info: ValidationInfo
    ) -> tuple[Situation, ...]:
        if not more:
            raise ValueError(
                "give at least one more situation (statement, answer, explain), asked "
                "instead when this question comes back"
            )
        first = info.data.get("statement")
        seen = [" ".join(first.lower().split())] if isinstance(first, str) else []
        for index, situation in enumerate(more):
            said = " ".join(situation.statement.lower().split())
            if said in seen:
                raise FieldAt((index, "statement"), "this statement is already given")
            seen.append(said)
        return more

    @property
    def prompt(self) -> str:
        return self.statement

    def situations(self) -> tuple[Situation, ...]:
        """Every situation of this question, its own first."""
        own = Situation(statement=self.statement, answer=self.answer, explain=self.explain)
        return (own, *self.more)

    def again(self, number: int) -> TrueFalseCheck:
        """The question as it comes back the ``number``-th time (from 1): the next of its
        other situations, in turn."""
        situation = self.more[(number - 1) % len(self.more)]
        return self.model_copy(
            update={
                "statement": situation.statement,
                "answer": situation.answer,
                "explain": situation.explain,
            }
        )

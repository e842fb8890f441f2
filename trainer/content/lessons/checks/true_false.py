"""True or false about a rule: :class:`TrueFalseCheck`."""

from __future__ import annotations

from typing import Literal

from pydantic import StrictBool

from trainer.content.lessons.fields import LessonModel, Text


class TrueFalseCheck(LessonModel):
    """True or false about a rule: the only check whose answer the file states."""

    kind: Literal["true-false"]
    statement: Text
    answer: StrictBool
    explain: Text

    @property
    def prompt(self) -> str:
        return self.statement

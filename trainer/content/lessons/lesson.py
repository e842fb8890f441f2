"""A lesson: its steps, each a screen of text, pictures and at most one check."""

from __future__ import annotations

from pydantic import (
    ValidationInfo,
    field_validator,
)

from trainer.content.field_types import Slug, Text
from trainer.content.lessons.checks import Check
from trainer.content.lessons.fields import FieldAt, LessonModel
from trainer.content.lessons.pictures import Show
from trainer.engine.rule_parts import RulePart, parse_part


def question_key(lesson_id: str, step_id: str) -> str:
    """The stable name of one kind of question in the course: ``"the-play:pairs"``, the
    lesson's id and the id of the step that asks it. Both ids are kept for good (progress
    is kept under them), so the name stays the same whatever cards the question deals:
    reviews and records of a question kind are kept under it."""
    return f"{lesson_id}:{step_id}"


class Step(LessonModel):
    """One screen of a lesson: Markdown ``text``, cards to ``show``, an optional ``check``."""

    id: Slug
    text: Text
    show: tuple[Show, ...] = ()
    check: Check | None = None


class Lesson(LessonModel):
    id: Slug
    title: Text
    summary: Text
    prerequisites: tuple[Slug, ...] = ()
    #: The parts of the rules this lesson teaches (what a first game needs taught before it
    #: opens: see :mod:`trainer.training.ladder`).
    teaches: tuple[RulePart, ...] = ()
    steps: tuple[Step, ...]

    @field_validator("prerequisites")
    @classmethod
    def _not_itself(cls, prerequisites: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        for index, name in enumerate(prerequisites):
            if info.data.get("id") == name:
                raise FieldAt((index,), "a lesson cannot come before itself")
            if name in prerequisites[:index]:
                raise FieldAt((index,), f"{name!r} is listed twice")
        return prerequisites

    @field_validator("teaches", mode="before")
    @classmethod
    def _parts(cls, teaches: object) -> tuple[RulePart, ...]:
        if not isinstance(teaches, list | tuple):
            raise ValueError("list the parts of the rules the lesson teaches, like [pair, run]")
        parts: list[RulePart] = []
        for index, word in enumerate(teaches):
            try:
                part = parse_part(word)
            except ValueError as err:
                raise FieldAt((index,), str(err)) from None
            if part in parts:
                raise FieldAt((index,), f"{part.value!r} is listed twice")
            parts.append(part)
        return tuple(parts)

    @field_validator("steps")
    @classmethod
    def _steps_apart(cls, steps: tuple[Step, ...]) -> tuple[Step, ...]:
        if not steps:
            raise ValueError("a lesson needs at least one step")
        seen: dict[str, int] = {}
        for index, step in enumerate(steps):
            if step.id in seen:
                raise FieldAt(
                    (index, "id"),
                    f"the step id {step.id!r} is already used by step {seen[step.id] + 1}",
                )
            seen[step.id] = index
        if not any(step.check is not None for step in steps):
            raise ValueError("a lesson needs at least one step with a check")
        return steps

    @property
    def checks(self) -> int:
        return sum(step.check is not None for step in self.steps)

    @property
    def questions(self) -> tuple[Step, ...]:
        """The steps that ask a question, in order."""
        return tuple(step for step in self.steps if step.check is not None)

    def question_keys(self) -> tuple[str, ...]:
        """The :func:`question_key` of each question of the lesson, in order."""
        return tuple(question_key(self.id, step.id) for step in self.questions)

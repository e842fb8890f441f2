"""Where in a lesson file a problem is (the lesson, the step, the field) and what it is,
in the words every content file shares (:mod:`trainer.content.wording`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import (
    ValidationError,
)

from trainer.content import wording
from trainer.content.files import ContentProblem
from trainer.content.lessons.checks import CHECK_KINDS, CHECK_MODELS
from trainer.content.lessons.fields import FieldAt
from trainer.content.lessons.lesson import Lesson


def raw_id(data: Any) -> str | None:
    """The id a lesson file gives, read before validation (``None`` without one)."""
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        return str(data["id"])
    return None


def explain_errors(
    err: ValidationError, file: str, data: Mapping[str, Any]
) -> list[ContentProblem]:
    problems = []
    for error in err.errors():
        loc = tuple(error["loc"])
        cause = (error.get("ctx") or {}).get("error")
        if isinstance(cause, FieldAt):
            loc += cause.loc
        problems.append(ContentProblem(file, where_in(loc, data), _message({**error, "loc": loc})))
    return problems


def where_in(loc: Sequence[str | int], data: Mapping[str, Any]) -> str:
    """``lesson 'x', step 3 'count-it', field 'check.hand'`` for a path into the file."""
    lesson_id = raw_id(data)
    parts = [f"lesson {lesson_id!r}" if lesson_id else "lesson (no id)"]
    rest: Sequence[str | int] = loc
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        index = loc[1]
        steps = data.get("steps")
        step_id = None
        if isinstance(steps, list) and index < len(steps) and isinstance(steps[index], dict):
            raw = steps[index].get("id")
            step_id = raw if isinstance(raw, str) else None
        parts.append(f"step {index + 1}" + (f" {step_id!r}" if step_id else ""))
        rest = loc[2:]
    field = _field_name(rest)
    if field:
        parts.append(f"field {field!r}")
    return ", ".join(parts)


def _without_tags(loc: Sequence[str | int]) -> list[str | int]:
    out: list[str | int] = []
    for index, part in enumerate(loc):
        if index > 0 and loc[index - 1] == "check" and part in CHECK_MODELS:
            continue
        out.append(part)
    return out


def _field_name(loc: Sequence[str | int]) -> str:
    text = ""
    for part in _without_tags(loc):
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + part
    return text


def _message(error: Mapping[str, Any]) -> str:
    return wording.message(error, Lesson, kinds=CHECK_KINDS, tagged="check")

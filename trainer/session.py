"""What the pages call to remember a learner's answers and lesson places.

Pages never talk to the database directly: they call these functions, which
use the chosen profile's store when there is one and the browser session
otherwise.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from trainer.records import AttemptIn, LessonProgress


def _state() -> Any:
    return st.session_state


def record_attempt(attempt: AttemptIn) -> None:
    """Keep one graded answer."""
    _state().setdefault("_attempts", []).append(attempt)


def session_attempts() -> list[AttemptIn]:
    """Answers given in this browser session (newest last)."""
    return list(_state().get("_attempts", []))


def lesson_progress() -> dict[str, LessonProgress]:
    """Where the learner is in each lesson, by lesson id."""
    return dict(_state().setdefault("_lesson_progress", {}))


def save_lesson_progress(lesson_id: str, step: int, done: bool) -> None:
    progress = _state().setdefault("_lesson_progress", {})
    previous = progress.get(lesson_id)
    progress[lesson_id] = LessonProgress(lesson_id, step, done or bool(previous and previous.done))

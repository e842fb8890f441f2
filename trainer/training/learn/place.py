"""Where the learner is: each lesson's status, the step a lesson opens on, the lesson to
carry on with, and :class:`Learn`, the walk through the course kept in the session (the
tries and feedback of each check, the place saved through a :class:`Store`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from trainer.content.lessons import (
    Course,
    Lesson,
)
from trainer.engine.skills import DrillType
from trainer.training.learn.answers import AnswerProblem, read_answer
from trainer.training.learn.attempts import attempt, drill_for
from trainer.training.learn.feedback import Feedback, grade, reveal
from trainer.training.records import AttemptIn, LessonProgress


class Status(StrEnum):
    NOT_STARTED = "not started"
    IN_PROGRESS = "in progress"
    DONE = "done"


def lesson_status(lesson_id: str, progress: Mapping[str, LessonProgress]) -> Status:
    place = progress.get(lesson_id)
    if place is None:
        return Status.NOT_STARTED
    return Status.DONE if place.done else Status.IN_PROGRESS


def status_text(lesson: Lesson, progress: Mapping[str, LessonProgress]) -> str:
    """``Not started``, ``In progress: step 3 of 7`` or ``Done``."""
    status = lesson_status(lesson.id, progress)
    if status is Status.IN_PROGRESS:
        step = min(progress[lesson.id].step, len(lesson.steps) - 1)
        return f"In progress: step {step + 1} of {len(lesson.steps)}"
    return str(status).capitalize()


def resume_step(lesson: Lesson, progress: Mapping[str, LessonProgress]) -> int:
    """Where opening a lesson lands: the furthest step reached, or the start once done."""
    place = progress.get(lesson.id)
    if place is None or place.done:
        return 0
    return max(0, min(place.step, len(lesson.steps) - 1))


def suggested(course: Course, progress: Mapping[str, LessonProgress]) -> Lesson | None:
    """The lesson to carry on with: the first in progress, else the first not started."""
    for wanted in (Status.IN_PROGRESS, Status.NOT_STARTED):
        for lesson in course.lessons:
            if lesson_status(lesson.id, progress) is wanted:
                return lesson
    return None


class Store(Protocol):
    """Where lesson places and answers are kept (the app hands in its own: see
    :class:`trainer.ui.session.LessonStore`)."""

    def progress(self) -> dict[str, LessonProgress]: ...

    def save(self, lesson_id: str, step: int, done: bool) -> None: ...

    def record(self, attempt: AttemptIn) -> None: ...

    def review(
        self,
        lesson_id: str,
        question_id: str,
        drill: DrillType | None,
        correct: bool,
        seconds: float | None,
    ) -> None:
        """A question's first try, for the review schedule (:mod:`trainer.training.scheduling`):
        ``drill`` the one it counts towards (:func:`drill_for`), ``seconds`` None when its
        answer was shown before any try."""
        ...


@dataclass
class CheckState:
    """One check in this browser session: tries so far and the latest feedback."""

    tries: int = 0
    passed: bool = False
    revealed: bool = False
    feedback: Feedback | None = None
    problem: str | None = None  # input that could not be graded
    shown_at: float | None = None


@dataclass
class _Place:
    lesson_id: str | None = None
    step: int = 0
    checks: dict[tuple[str, str], CheckState] = field(default_factory=dict)
    finished: str | None = None  # the lesson just finished, for a word of praise


class Learn:
    """Navigation through the course, kept in a session-state mapping."""

    KEY = "learn_place"

    def __init__(
        self,
        state: MutableMapping[str, Any] | Any,
        store: Store,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._state = state
        self.store: Store = store
        self._clock = clock
        if not isinstance(state.get(self.KEY), _Place):
            state[self.KEY] = _Place()

    @property
    def _place(self) -> _Place:
        place = self._state[self.KEY]
        assert isinstance(place, _Place)
        return place

    @property
    def lesson_id(self) -> str | None:
        return self._place.lesson_id

    @property
    def step(self) -> int:
        return self._place.step

    @property
    def finished(self) -> str | None:
        return self._place.finished

    def open(self, lesson: Lesson) -> None:
        progress = self.store.progress()
        self._place.lesson_id = lesson.id
        self._place.step = resume_step(lesson, progress)
        self._place.finished = None
        if lesson.id not in progress:
            self.store.save(lesson.id, 0, False)

    def close(self) -> None:
        self._place.lesson_id = None
        self._place.step = 0

    def check_state(self, lesson: Lesson, index: int | None = None) -> CheckState:
        step = lesson.steps[self.step if index is None else index]
        return self._place.checks.setdefault((lesson.id, step.id), CheckState())

    def seen(self, lesson: Lesson) -> None:
        """The current step is on screen: start its clock once."""
        state = self.check_state(lesson)
        if state.shown_at is None:
            state.shown_at = self._clock()

    def can_advance(self, lesson: Lesson) -> bool:
        """Next is open once the step's check is answered right or its answer shown,
        and on any step already passed (or in a lesson already done)."""
        step = lesson.steps[self.step]
        if step.check is None:
            return True
        state = self.check_state(lesson)
        if state.passed or state.revealed:
            return True
        place = self.store.progress().get(lesson.id)
        return place is not None and (place.done or self.step < place.step)

    def is_last(self, lesson: Lesson) -> bool:
        return self.step >= len(lesson.steps) - 1

    def back(self, lesson: Lesson) -> None:
        self._place.step = max(0, self.step - 1)

    def next(self, lesson: Lesson) -> None:
        if not self.can_advance(lesson):
            return
        place = self.store.progress().get(lesson.id)
        furthest = place.step if place is not None else 0
        if self.is_last(lesson):
            self.store.save(lesson.id, len(lesson.steps) - 1, True)
            self.close()
            self._place.finished = lesson.id
            return
        self._place.step += 1
        self.store.save(lesson.id, max(furthest, self.step), False)

    def submit(self, lesson: Lesson, raw: str | None) -> None:
        """Grade what was typed or picked for the current step's check."""
        check = lesson.steps[self.step].check
        if check is None:
            return
        state = self.check_state(lesson)
        try:
            answer = read_answer(check, raw)
        except AnswerProblem as problem:
            state.problem = str(problem)
            return
        state.problem = None
        state.tries += 1
        feedback = grade(check, answer, hint_only=state.tries == 1)
        state.feedback = feedback
        state.passed = state.passed or feedback.correct
        started = state.shown_at if state.shown_at is not None else self._clock()
        if state.tries == 1 and not state.revealed:
            # Lessons are scored on first tries: a wrong answer then a right one is one
            # wrong answer, and an answer typed after seeing it is not one at all.
            seconds = self._clock() - started
            record = attempt(check, answer, seconds)
            if record is not None:
                self.store.record(record)
            step = lesson.steps[self.step]
            self.store.review(lesson.id, step.id, drill_for(check), feedback.correct, seconds)
        state.shown_at = self._clock()  # the next try is timed from now

    def reveal(self, lesson: Lesson) -> None:
        check = lesson.steps[self.step].check
        if check is None:
            return
        state = self.check_state(lesson)
        if state.tries == 0 and not state.revealed:  # shown before any try: a miss
            question = lesson.steps[self.step].id
            self.store.review(lesson.id, question, drill_for(check), False, None)
        state.revealed = True
        state.problem = None
        state.feedback = reveal(check)

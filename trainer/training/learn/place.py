"""Where the learner is: each lesson's status, the step a lesson opens on, the lesson to
carry on with, and :class:`Learn`, the walk through the course kept in the session (the
tries and feedback of each question, what has been mastered, the questions that come
back, the place saved through a :class:`Store`).

A lesson is done only when each of its questions has been answered right on a try where
the answer was not shown: the first try, or the try after a hint. A question whose
answer was shown (after a second miss, or "Show me the answer", or the reason of a
true-or-false) comes back once the lesson's steps are over, with new cards of its kind
(:func:`~trainer.training.learn.dealing.deal_again`), and again until it is answered
right unaided. The place saved is never past the first question still to master, so a
learner who leaves and returns takes that question again before the lesson is done.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from trainer.content.lessons import (
    Check,
    Course,
    Lesson,
    TrueFalseCheck,
)
from trainer.engine.skills import DrillType
from trainer.training.learn.answers import AnswerProblem, read_answer
from trainer.training.learn.attempts import attempt, drill_for
from trainer.training.learn.dealing import deal_again
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
    """One asking of a question in this browser session: tries so far, the latest
    feedback, and whether the answer has been shown (after which a right answer no longer
    shows mastery)."""

    tries: int = 0
    passed: bool = False
    revealed: bool = False
    shown: bool = False  # the answer was shown: the whole explanation, or the reason
    feedback: Feedback | None = None
    problem: str | None = None  # input that could not be graded
    shown_at: float | None = None


@dataclass(frozen=True, slots=True)
class Comeback:
    """A question asked again after the lesson's steps: the step that asks it, the how
    many-th time it comes back (from 1), and the question with its new cards."""

    step: int
    number: int
    check: Check


@dataclass
class _Place:
    lesson_id: str | None = None
    step: int = 0
    checks: dict[tuple[str, str, int], CheckState] = field(default_factory=dict)
    finished: str | None = None  # the lesson just finished, for a word of praise
    #: The questions answered right unaided, by lesson (their step ids).
    mastered: dict[str, set[str]] = field(default_factory=dict)
    #: The questions to come back once the steps are over, by lesson: (step, number).
    waiting: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    comeback: Comeback | None = None  # the question on screen, when one came back
    seed: int = field(default_factory=lambda: random.randrange(2**31))


class Learn:
    """Navigation through the course, kept in a session-state mapping."""

    KEY = "learn_place"

    def __init__(
        self,
        state: MutableMapping[str, Any] | Any,
        store: Store,
        clock: Callable[[], float] = time.monotonic,
        *,
        seed: int | None = None,
    ) -> None:
        self._state = state
        self.store: Store = store
        self._clock = clock
        if not isinstance(state.get(self.KEY), _Place):
            state[self.KEY] = _Place() if seed is None else _Place(seed=seed)

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
        """The step on screen (the step whose question came back, on a comeback)."""
        comeback = self._place.comeback
        return comeback.step if comeback is not None else self._place.step

    @property
    def finished(self) -> str | None:
        return self._place.finished

    @property
    def comeback(self) -> Comeback | None:
        """The question that came back, when one is on screen (``None``: a step of the
        lesson's own)."""
        return self._place.comeback

    def open(self, lesson: Lesson) -> None:
        progress = self.store.progress()
        place = self._place
        place.lesson_id = lesson.id
        place.step = resume_step(lesson, progress)
        place.finished = None
        place.comeback = None
        # The steps before the place saved were mastered (the place never passes one
        # that was not); the walk from there on is this session's.
        place.mastered[lesson.id] = {step.id for step in lesson.steps[: place.step]}
        place.waiting[lesson.id] = []
        if lesson.id not in progress:
            self.store.save(lesson.id, 0, False)

    def close(self) -> None:
        self._place.lesson_id = None
        self._place.step = 0
        self._place.comeback = None

    # --- the question on screen -------------------------------------------------------------

    def question(self, lesson: Lesson) -> Check | None:
        """The question asked now: the step's own, or the one that came back, new cards."""
        comeback = self._place.comeback
        if comeback is not None:
            return comeback.check
        return lesson.steps[self._place.step].check

    def _asking(self) -> int:
        comeback = self._place.comeback
        return 0 if comeback is None else comeback.number

    def check_state(self, lesson: Lesson, index: int | None = None) -> CheckState:
        step = lesson.steps[self.step if index is None else index]
        number = self._asking() if index is None else 0
        return self._place.checks.setdefault((lesson.id, step.id, number), CheckState())

    def seen(self, lesson: Lesson) -> None:
        """The current step is on screen: start its clock once."""
        state = self.check_state(lesson)
        if state.shown_at is None:
            state.shown_at = self._clock()

    def mastered(self, lesson: Lesson) -> set[str]:
        """The ids of the steps whose question has been answered right unaided."""
        return self._place.mastered.setdefault(lesson.id, set())

    def waiting(self, lesson: Lesson) -> int:
        """How many questions are still to come back after this one."""
        return len(self._place.waiting.get(lesson.id, ()))

    def comes_back(self, lesson: Lesson) -> bool:
        """The question on screen will come back: its answer was shown before it was
        answered right."""
        step = lesson.steps[self.step]
        state = self.check_state(lesson)
        return step.check is not None and step.id not in self.mastered(lesson) and state.shown

    # --- moving on ----------------------------------------------------------------------------

    def can_advance(self, lesson: Lesson) -> bool:
        """Next is open once the question is answered right or its answer shown, and on any
        step already passed (or in a lesson already done)."""
        if self.question(lesson) is None:
            return True
        state = self.check_state(lesson)
        if state.passed or state.revealed:
            return True
        if self._place.comeback is not None:
            return False
        place = self.store.progress().get(lesson.id)
        return place is not None and (place.done or self.step < place.step)

    def is_last(self, lesson: Lesson) -> bool:
        """Next finishes the lesson: the last step (or the last question to come back) is
        on screen, and nothing is left to come back."""
        if self._place.comeback is None and self._place.step < len(lesson.steps) - 1:
            return False
        return not self._place.waiting.get(lesson.id) and not self.comes_back(lesson)

    def back(self, lesson: Lesson) -> None:
        if self._place.comeback is None:
            self._place.step = max(0, self._place.step - 1)

    def next(self, lesson: Lesson) -> None:
        if not self.can_advance(lesson):
            return
        place = self._place
        waiting = place.waiting.setdefault(lesson.id, [])
        if self.comes_back(lesson) and all(step != self.step for step, _ in waiting):
            waiting.append((self.step, self._asking() + 1))
        if place.comeback is None and place.step < len(lesson.steps) - 1:
            place.step += 1
            self._save(lesson, done=False)
            return
        if waiting:
            step, number = waiting.pop(0)
            place.comeback = Comeback(step, number, self._again(lesson, step, number))
            self._save(lesson, done=False)
            return
        self._save(lesson, done=True)
        self.close()
        place.finished = lesson.id

    def _again(self, lesson: Lesson, index: int, number: int) -> Check:
        """The question of step ``index`` with new cards of its kind (its own again, should
        the engine find none)."""
        step = lesson.steps[index]
        dealt = deal_again(lesson.id, step, number, self._place.seed)
        assert step.check is not None
        return dealt if dealt is not None else step.check

    def _save(self, lesson: Lesson, *, done: bool) -> None:
        """Save the place: the step reached, but never past the first question still to
        master (its answer was shown, and it has not yet been answered right unaided)."""
        if done:
            self.store.save(lesson.id, len(lesson.steps) - 1, True)
            return
        place = self._place
        pending = [step for step, _ in place.waiting.get(lesson.id, ())]
        if place.comeback is not None:
            pending.append(place.comeback.step)
        self.store.save(lesson.id, min([place.step, *pending]), False)

    # --- answering ------------------------------------------------------------------------------

    def submit(self, lesson: Lesson, raw: str | None) -> None:
        """Grade what was typed or picked for the question on screen."""
        check = self.question(lesson)
        if check is None:
            return
        step = lesson.steps[self.step]
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
        if feedback.correct and not state.shown:
            self.mastered(lesson).add(step.id)
        elif not feedback.correct and _shows_the_answer(check, hint_only=state.tries == 1):
            state.shown = True
        started = state.shown_at if state.shown_at is not None else self._clock()
        seconds = self._clock() - started
        if state.tries == 1 and not state.revealed:
            # Lessons are scored on first tries: a wrong answer then a right one is one
            # wrong answer, and an answer typed after seeing it is not one at all.
            record = attempt(check, answer, seconds)
            if record is not None:
                self.store.record(record)
            self.store.review(lesson.id, step.id, drill_for(check), feedback.correct, seconds)
        state.shown_at = self._clock()  # the next try is timed from now

    def reveal(self, lesson: Lesson) -> None:
        check = self.question(lesson)
        if check is None:
            return
        state = self.check_state(lesson)
        if state.tries == 0 and not state.revealed:  # shown before any try: a miss
            question = lesson.steps[self.step].id
            self.store.review(lesson.id, question, drill_for(check), False, None)
        state.revealed = True
        state.shown = True
        state.problem = None
        state.feedback = reveal(check)


def _shows_the_answer(check: Check, *, hint_only: bool) -> bool:
    """A wrong answer's feedback shows the right one: every miss but a first, which gets a
    hint, except for true or false, whose first miss shows the reason."""
    return not hint_only or isinstance(check, TrueFalseCheck)

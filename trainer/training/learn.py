"""What the Learn page does, kept out of the page: where the learner is, reading and
grading answers, and the words of the feedback.

Answers to card questions come from the engine (through the check's ``answer``);
the feedback explains them with the engine's own items, in the words of
:mod:`trainer.training.explain`. A first wrong answer gets a hint; the whole explanation comes
with a second miss or "Show me the answer". Only a check's first try is recorded (with
the tier :data:`~trainer.training.records.LESSON_TIER`), so lessons count first-try accuracy.
The page only renders.

>>> read_points(" 8 ")
8
>>> read_points("abc")
Traceback (most recent call last):
...
trainer.training.learn.AnswerProblem: Your answer: 'abc' is not a number. Type the points as digits, like 12.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Protocol

from trainer.content.lessons import (
    PLAYERS,
    Check,
    CountCheck,
    Course,
    FifteenCheck,
    GoCheck,
    GoReplay,
    Lesson,
    PegCheck,
    SkunkCheck,
    TrueFalseCheck,
)
from trainer.engine import Card, ShowScore, format_cards
from trainer.training import explain, inputs
from trainer.training.records import LESSON_TIER, AttemptIn, LessonProgress

#: Nothing a lesson asks can be worth more than the best hand.
MOST_POINTS = 29

PLAYER_LABELS: dict[str, str] = {"pone": "The pone (non-dealer)", "dealer": "The dealer"}
SKUNK_LABELS: dict[str, str] = {
    "win": "A plain win",
    "skunk": "A skunk",
    "double-skunk": "A double skunk",
}


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


# --- reading answers --------------------------------------------------------------------------


class AnswerProblem(ValueError):
    """What was typed or picked cannot be graded; the message says what to do."""


def read_points(text: str | None) -> int:
    """A number of points typed in the answer box: digits, from 0 to 29."""
    try:
        return inputs.read_points(text, box="Your answer", most=MOST_POINTS)
    except inputs.InputProblem as problem:
        raise AnswerProblem(str(problem)) from None


def asks_number(check: Check) -> bool:
    """True when the answer is typed as a number; otherwise it is picked from choices."""
    return isinstance(check, CountCheck | PegCheck) or (
        isinstance(check, GoCheck) and check.ask == "points"
    )


def options(check: Check) -> tuple[tuple[str, str], ...]:
    """The choices of a pick-one check, as (value, label) pairs."""
    if isinstance(check, FifteenCheck):
        return tuple((str(card), card.label) for card in check.choices)
    if isinstance(check, GoCheck):
        return tuple((who, PLAYER_LABELS[who]) for who in PLAYERS)
    if isinstance(check, SkunkCheck):
        return tuple(SKUNK_LABELS.items())
    if isinstance(check, TrueFalseCheck):
        return (("true", "True"), ("false", "False"))
    return ()


def read_choice(check: Check, value: str | None) -> str:
    if value is None or value == "":
        raise AnswerProblem("Pick an answer first.")
    if value not in {key for key, _ in options(check)}:
        raise AnswerProblem("Pick one of the answers shown.")
    return value


def read_answer(check: Check, raw: str | None) -> int | str:
    """What the learner gave, ready to grade, or :class:`AnswerProblem`."""
    return read_points(raw) if asks_number(check) else read_choice(check, raw)


# --- grading and explaining ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Feedback:
    """What to show after an answer (or a reveal): all text is Markdown."""

    correct: bool
    headline: str
    details: tuple[str, ...] = ()
    breakdown: ShowScore | None = None  # a hand to draw combination by combination
    pile: tuple[Card, ...] = ()  # a pile to draw with the scoring cards lit
    lit: tuple[Card, ...] = ()
    revealed: bool = False


def right_answer(check: Check) -> int | str:
    """The answer as the engine (or, for a rule, the file) gives it, in answer form."""
    if isinstance(check, TrueFalseCheck):
        return "true" if check.answer else "false"
    if isinstance(check, FifteenCheck):
        return str(check.answer)
    return check.answer


def answer_text(check: Check) -> str:
    """The right answer in words."""
    answer = right_answer(check)
    if isinstance(check, FifteenCheck):
        return f"the {check.answer.label}"
    if isinstance(check, TrueFalseCheck):
        return "true" if check.answer else "false"
    if isinstance(check, GoCheck) and check.ask != "points":
        return f"the {answer}"
    if isinstance(check, SkunkCheck):
        return SKUNK_LABELS[check.answer].lower()
    return f"{answer} point{'s' if answer != 1 else ''}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def grade(check: Check, answer: int | str, *, hint_only: bool = False) -> Feedback:
    """Compare ``answer`` (from :func:`read_answer`) with the right one and explain.

    With ``hint_only`` (a first wrong try) a wrong answer gets a nudge, not the answer:
    the full explanation waits for a second miss or "Show me the answer".
    """
    correct = answer == right_answer(check)
    if correct:
        return replace(_explanation(check), correct=True, headline=_praise(check))
    headline = f"Not quite: you said {_said(check, answer)}."
    if hint_only:
        return Feedback(False, headline, (hint(check, answer),))
    explained = _explanation(check, given=answer)
    headline = f"{headline} {explained.headline}".strip()
    return replace(explained, correct=False, headline=headline)


def reveal(check: Check) -> Feedback:
    explained = _explanation(check)
    return replace(
        explained,
        correct=False,
        revealed=True,
        headline=f"The answer is **{answer_text(check)}**. " + explained.headline,
    )


def _said(check: Check, answer: int | str) -> str:
    if isinstance(answer, int):
        return str(answer)
    for value, label in options(check):
        if value == answer:
            return f"“{label}”"
    return str(answer)


def _praise(check: Check) -> str:
    if asks_number(check):
        return f"Yes! **{answer_text(check)}**."
    return f"Yes! It's **{answer_text(check)}**."


def _explanation(check: Check, given: int | str | None = None) -> Feedback:
    if isinstance(check, CountCheck):
        return _explain_count(check, given)
    if isinstance(check, PegCheck):
        scored = check.score()
        text = explain.card_line(check.pile[-1], scored.count, scored.items)
        lit = tuple(dict.fromkeys(c for item in scored.items for c in item.cards))
        return Feedback(False, "", (text,), pile=check.pile, lit=lit)
    if isinstance(check, GoCheck):
        return Feedback(False, "", go_story(check.replay(), with_scores=True))
    if isinstance(check, FifteenCheck):
        return _explain_fifteen(check, given)
    if isinstance(check, SkunkCheck):
        return Feedback(False, "", (_explain_skunk(check),))
    return Feedback(False, "", (check.explain,))


def hint(check: Check, answer: int | str) -> str:
    """A nudge after a first wrong answer that does not give the answer away."""
    if isinstance(check, CountCheck | PegCheck):
        items = check.score().items
        off = int(answer) - check.answer if isinstance(answer, int) else 0
        if isinstance(check, CountCheck):
            trap = _count_trap(check, off)
            if trap:
                return trap
        if off < 0:
            return explain.short_note(items, -off)
        what = "hand" if isinstance(check, CountCheck) else "card"
        return (
            f"You were {explain.amount(off, 'over')}: check that each combination you "
            f"counted is really in this {what}, and that none is counted twice."
        )
    if isinstance(check, FifteenCheck):
        return _explain_fifteen(check, answer).details[0]
    if isinstance(check, GoCheck):
        return (
            "Look again at who laid the last card, whether the count reached exactly 31, "
            "and whether any cards are left to play."
        )
    if isinstance(check, SkunkCheck):
        line = 91 if check.game == 121 else 31
        return f"Look again at where the loser's peg stands against the skunk line, {line}."
    return "Read the step again and have another go."


def _explain_skunk(check: SkunkCheck) -> str:
    skunk_line = 91 if check.game == 121 else 31
    if check.answer == "double-skunk":
        return (
            f"The loser has {check.loser}, not even 61: less than halfway round the board. "
            "That is a double skunk."
        )
    if check.answer == "skunk":
        return f"The loser has {check.loser}, short of {skunk_line}. That is a skunk."
    return f"The loser has {check.loser}, which is {skunk_line} or more, so it is a plain win."


def _explain_count(check: CountCheck, given: int | str | None) -> Feedback:
    score = check.score()
    what = "crib" if check.crib else "hand"
    details: list[str] = []
    if score.items and given is None:
        details.append(f"Said out loud: *{explain.said_aloud(score)}*")
    if isinstance(given, int):
        off = given - score.total
        note = _count_trap(check, off) or (explain.short_note(score.items, -off) if off < 0 else "")
        if note:
            details.append(note)
    headline = f"Here is every combination in this {what}." if score.items else ""
    return Feedback(False, headline, tuple(details), breakdown=score)


def _count_trap(check: CountCheck, off: int) -> str:
    """The trap a count that came out ``off`` from the right one fell into, if it is clear."""
    four_flush = len({card.suit for card in check.hand}) == 1
    if check.crib and off == 4 and four_flush and check.starter.suit is not check.hand[0].suit:
        return "In the crib, four cards of one suit are not a flush: the starter has to match too."
    return ""


def _explain_fifteen(check: FifteenCheck, given: int | str | None) -> Feedback:
    details = []
    if isinstance(given, str) and given != str(check.answer):
        card = next(c for c in check.choices if str(c) == given)
        scored = check.played(card)
        if scored is None:
            details.append(f"The {card.label} would take the total past 31.")
        else:
            details.append(f"The {card.label} would make the total {scored.count}, not 15.")
        return Feedback(False, "", tuple(details))
    scored = check.played(check.answer)
    assert scored is not None
    details.append(explain.card_line(check.answer, scored.count, scored.items))
    pile = (*check.pile, check.answer)  # a fifteen in the play is every card of the count
    return Feedback(False, "", tuple(details), pile=pile, lit=pile)


def go_story(replay: GoReplay, *, with_scores: bool) -> tuple[str, ...]:
    """The play of a go question, one line per action; with the points when ``with_scores``."""
    lines = []
    for event in replay.events:
        who = f"the {PLAYERS[event.player]}"
        if event.card is None:
            line = explain.go_line(who)
        else:
            own = event.items_for(event.player) if with_scores else ()
            card_items = [item for item in own if item.kind not in ("go", "last card")]
            line = explain.lay_line(who, event.card, event.count, card_items)
        if with_scores:
            for player, item in event.awards:
                if item.kind in ("go", "last card"):
                    line += " " + explain.closing_line(f"the {PLAYERS[player]}", item.kind)
        lines.append(line)
    if with_scores:
        if replay.next_leader is None:
            lines.append(explain.next_lead_line(None))
        else:
            lines.append(explain.next_lead_line(f"the {PLAYERS[replay.next_leader]}"))
    return tuple(lines)


# --- records --------------------------------------------------------------------------------------


def drill_for(check: Check) -> str | None:
    """Which drill type an answered check counts towards (``None``: not a counting skill)."""
    if isinstance(check, CountCheck):
        return "crib" if check.crib else "hand"
    if isinstance(check, PegCheck | FifteenCheck):
        return "peg"
    if isinstance(check, GoCheck):
        return "go"
    return None


def question_text(check: Check) -> str:
    """The question in card notation, as the progress store keeps it."""
    if isinstance(check, CountCheck):
        return f"{format_cards(check.hand)} | {check.starter}"
    if isinstance(check, PegCheck):
        return format_cards(check.pile)
    if isinstance(check, FifteenCheck):
        return f"{format_cards(check.pile)} ? {format_cards(check.choices)}"
    if isinstance(check, GoCheck):
        return (
            f"pone {format_cards(check.pone)} | dealer {format_cards(check.dealer)} | "
            f"{format_cards(check.plays)} | {check.ask}"
        )
    if isinstance(check, SkunkCheck):
        return f"{check.winner}-{check.loser} to {check.game}"
    return check.statement


def missed_categories(check: Check, answer: int | str) -> tuple[str, ...]:
    """The categories a wrong answer points at, when the engine's items make it clear."""
    if answer == right_answer(check):
        return ()
    if isinstance(check, CountCheck):
        score = check.score()
        off = int(answer) - score.total if isinstance(answer, int) else 0
        if _count_trap(check, off):
            return ("crib-flush",)
        if off < 0:  # only kinds every way of being that short shares (none: a total only)
            certain = explain.shortfall(score.items, -off).certain
            return tuple(
                "crib-flush" if kind == "flush" and check.crib else kind for kind in certain
            )
        return ()
    if isinstance(check, PegCheck):
        off = int(answer) - check.answer if isinstance(answer, int) else 0
        if off >= 0:
            return ()
        return tuple(
            _category(kind) for kind in explain.shortfall(check.score().items, -off).certain
        )
    if isinstance(check, FifteenCheck):
        return ("fifteen",)
    if isinstance(check, GoCheck):
        return (_category(check.replay().closing.kind),)
    return ()


def _category(kind: str) -> str:
    return {"last card": "last-card"}.get(kind, kind)


def attempt(check: Check, answer: int | str, seconds: float) -> AttemptIn | None:
    """The record of one graded answer, or ``None`` for a question about a rule."""
    drill = drill_for(check)
    if drill is None:
        return None
    right = right_answer(check)
    correct = answer == right
    points_off = answer - right if isinstance(answer, int) and isinstance(right, int) else 0
    return AttemptIn(
        drill=drill,
        tier=LESSON_TIER,
        seed=0,
        question=question_text(check),
        answer=str(answer),
        correct=correct,
        points_off=0 if correct else points_off,
        missed=missed_categories(check, answer),
        seconds=round(max(seconds, 0.0), 2),
        mode="quick",
    )


def answer_key(lesson_id: str, step: int) -> str:
    """The widget key of a step's answer box (one per step, so answers never leak across)."""
    return f"learn_answer_{lesson_id}_{step}"


# --- where the learner is ----------------------------------------------------------------------------


class Store(Protocol):
    """Where lesson places and answers are kept (the app hands in its own: see
    :class:`trainer.ui.session.LessonStore`)."""

    def progress(self) -> dict[str, LessonProgress]: ...

    def save(self, lesson_id: str, step: int, done: bool) -> None: ...

    def record(self, attempt: AttemptIn) -> None: ...


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
            record = attempt(check, answer, self._clock() - started)
            if record is not None:
                self.store.record(record)
        state.shown_at = self._clock()  # the next try is timed from now

    def reveal(self, lesson: Lesson) -> None:
        check = lesson.steps[self.step].check
        if check is None:
            return
        state = self.check_state(lesson)
        state.revealed = True
        state.problem = None
        state.feedback = reveal(check)

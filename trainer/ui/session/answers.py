"""A learner's answers and lesson places: kept for the player chosen when they were given,
in the store, or held in the session while the store cannot take them and written for
their owner at the next save or the page's next try again (:func:`retry_saving`); and
drafts of work in progress."""

from __future__ import annotations

import uuid
from typing import NamedTuple

from trainer.engine.skills import DrillType
from trainer.progress.store import Store, StoreError, check_attempt
from trainer.training.records import AttemptIn, LessonProgress
from trainer.ui.session.database import current_store, failed, store_problem, store_trouble
from trainer.ui.session.player import current_owner, current_profile, is_owner, on_store
from trainer.ui.session.reviews import flush_reviews, review_lesson
from trainer.ui.session.state import Held, Owner, browser_session

__all__ = [
    "ANSWERED_ELSEWHERE",
    "AnsweredElsewhereError",
    "LessonStore",
    "NoPlayerError",
    "Waiting",
    "draft",
    "drop_draft",
    "lesson_progress",
    "record_attempt",
    "retry_saving",
    "said_saved",
    "save_draft",
    "save_lesson_progress",
    "saved_keys",
    "session_attempts",
    "session_token",
    "waiting",
    "watching",
]


def session_token() -> str:
    """Marks the answers given in this browser session."""
    state = browser_session()
    if not state.token:
        state.token = uuid.uuid4().hex
    return state.token


class NoPlayerError(ValueError):
    """An answer given while nobody is chosen as the player: it is not saved."""


def _held() -> list[Held]:
    return list(browser_session().attempts)


def _held_lessons() -> dict[tuple[Owner | None, str], LessonProgress]:
    return dict(browser_session().lessons)


def _keep(attempts: list[Held], lessons: dict[tuple[Owner | None, str], LessonProgress]) -> None:
    """Keep what is still waiting; once nothing is, there is no problem."""
    state = browser_session()
    state.attempts, state.lessons = attempts, lessons
    if not attempts and not lessons and not state.reviews:
        state.problem = None


def _flush(store: Store) -> list[str]:
    """Write every held answer and lesson place for its own owner; keep what still fails.
    Returns the keys of answers not stored because an answer for their place already was
    (given in another tab or window)."""
    waiting: list[Held] = []
    orphans: list[Held] = []
    taken: list[str] = []
    refused = False
    for owner in dict.fromkeys(h.owner for h in _held()):
        batch = [h for h in _held() if h.owner == owner]
        if owner is None:  # nobody was chosen: kept for this visit only
            waiting += batch
            continue
        try:
            if not is_owner(store, owner):
                orphans += batch
                continue
            _store_answers(store, owner, batch, taken)
        except StoreError as err:
            failed(err)
            refused = True
            waiting += batch
    lessons, lessons_refused = _flush_lessons(store)
    if not (
        refused or lessons_refused
    ):  # the store took the rest (else it is failing): the reviews follow
        flush_reviews(store)
    _keep(waiting, lessons)
    if orphans:  # shown for this visit, never written for someone else
        browser_session().orphans = [*browser_session().orphans, *orphans]
    return taken


def _store_answers(store: Store, owner: Owner, batch: list[Held], taken: list[str]) -> None:
    """Write ``owner``'s held answers, a tab's (its token) at a time; add to ``taken`` the
    keys of those not stored because an answer for their place already was."""
    for token in dict.fromkeys(h.token for h in batch):
        mine = [h for h in batch if h.token == token]
        stored = store.add_attempts_each(
            owner.id, [(h.attempt, h.key) for h in mine], session=token
        )
        taken += [h.key for h, (_, new) in zip(mine, stored, strict=True) if not new and h.key]


def _flush_lessons(
    store: Store,
) -> tuple[dict[tuple[Owner | None, str], LessonProgress], bool]:
    """Write every held lesson place of a known player. What is still held (nobody's, and
    those the store refused), and whether it refused any."""
    lessons: dict[tuple[Owner | None, str], LessonProgress] = {}
    refused = False
    for (owner, lesson_id), item in _held_lessons().items():
        try:
            if owner is not None and is_owner(store, owner):
                store.save_lesson_progress(owner.id, lesson_id, item.step, item.done)
            elif owner is None:
                lessons[owner, lesson_id] = item
        except StoreError as err:
            failed(err)
            refused = True
            lessons[owner, lesson_id] = item
    return lessons, refused


class Waiting(NamedTuple):
    """What this browser session holds that the store has not taken yet (answers and lesson
    places of a known player: those of nobody are kept for this visit only), why (what is
    wrong with the store, in words), and how many were stored by a try again since it was
    last said."""

    answers: int
    lessons: int
    problem: str | None
    saved_late: int
    #: Reviews of the schedule (each comes with an answer or a lesson's question, so the
    #: page names them only when nothing else waits).
    reviews: int = 0

    @property
    def total(self) -> int:
        return self.answers + self.lessons + self.reviews


def waiting() -> Waiting:
    state = browser_session()
    answers = sum(1 for h in state.attempts if h.owner is not None)
    lessons = sum(1 for owner, _ in state.lessons if owner is not None)
    reviews = len(state.reviews)
    problem = store_trouble() if answers or lessons or reviews else None
    return Waiting(answers, lessons, problem, state.saved_late, reviews)


def retry_saving() -> Waiting:
    """Try again to store what is waiting (in the background, with no new answer to bring
    it), each for its own player; what waits still. Once the store takes it, the count of
    what it took is kept for the page to say (:attr:`Waiting.saved_late`)."""
    before = waiting()
    if before.total:
        store = current_store()
        if store is not None:
            _flush(store)
        after = waiting()
        said = before.answers + before.lessons - after.answers - after.lessons
        browser_session().saved_late += said  # a review is said with its answer
    return waiting()


def said_saved() -> None:
    """The page has said that what waited is stored."""
    browser_session().saved_late = 0


def watching(drawn: bool | None = None) -> bool:
    """Whether the page's try again is drawn (``drawn``: it now is, or is not)."""
    state = browser_session()
    if drawn is not None:
        state.watching = drawn
    return state.watching


#: Why an answer to a place answered already was not kept (see :func:`record_attempt`).
ANSWERED_ELSEWHERE = (
    "This question was answered already, in another tab or window: the answer given there "
    "is the one kept, and this one was not saved."
)


class AnsweredElsewhereError(ValueError):
    """The place in a set was answered already (in another tab or window): the answer
    stored first is kept, and this one is not saved."""


def record_attempt(
    attempt: AttemptIn, *, key: str | None = None, owner: Owner | None = None
) -> None:
    """Keep one graded answer for the player chosen now, or for ``owner`` (a person at a
    table of people on this device, whose answer it is; a malformed record raises
    ``ValueError`` naming the field; with nobody chosen, :class:`NoPlayerError`).

    ``key`` names its place in a practice set, so that answering the same place again
    (after a reload) stores it once: an answer whose place was answered already raises
    :class:`AnsweredElsewhereError`, so it is never acknowledged and dropped. When the store
    cannot take it, it is kept in the session with its owner and written for that owner
    with the next answer that can be saved, or by the page's own try again
    (:func:`retry_saving`, from :mod:`trainer.ui.unsaved`), whichever comes first.
    """
    check_attempt(attempt)
    store = current_store()
    if store is not None and current_profile() is None and store_problem() is None:
        raise NoPlayerError(
            "Nobody has been chosen as the player, so this answer was not saved: "
            "choose who is playing first."
        )
    held = Held(owner or current_owner(), attempt, session_token(), key)
    browser_session().attempts = [*_held(), held]
    store = current_store()
    if store is not None and key is not None and key in _flush(store):
        raise AnsweredElsewhereError(ANSWERED_ELSEWHERE)
    if store is not None and key is None:
        _flush(store)


def saved_keys(prefix: str) -> frozenset[str]:
    """Keys starting with ``prefix`` of the current player's answers (saved or waiting)."""
    owner = current_owner()
    waiting = {
        h.key
        for h in _held()
        if h.key and h.key.startswith(prefix) and owner and h.owner and h.owner.id == owner.id
    }
    saved = on_store(lambda store, p: store.saved_keys(p.id, prefix))
    return frozenset(waiting | set(saved[0] if saved else ()))


def _mine(owner: Owner | None) -> bool:
    current = current_owner()
    if current is None:
        return True  # nobody known now: all this visit's answers are shown
    return owner is not None and owner.id == current.id


def session_attempts() -> list[AttemptIn]:
    """Answers given in this browser session by the current profile (newest last)."""
    held = [*_held(), *browser_session().orphans]
    unsaved = [h.attempt for h in held if _mine(h.owner)]
    token = session_token()
    saved = on_store(lambda store, p: [r.attempt for r in store.attempts(p.id, session=token)])
    if saved is None:
        return unsaved
    return sorted(saved[0] + unsaved, key=lambda a: a.at) if unsaved else saved[0]


def lesson_progress() -> dict[str, LessonProgress]:
    """Where the learner is in each lesson, by lesson id."""
    unsaved = {lid: item for (owner, lid), item in _held_lessons().items() if _mine(owner)}
    saved = on_store(lambda store, p: store.lesson_progress(p.id))
    return unsaved if saved is None else saved[0] | unsaved


def save_lesson_progress(lesson_id: str, step: int, done: bool) -> None:
    """Remember the step reached in a lesson; a lesson once done stays done."""
    current_profile()  # resolve the chosen player first, so the place has its owner
    owner = current_owner()
    pending = _held_lessons()
    previous = pending.get((owner, lesson_id))
    pending[owner, lesson_id] = LessonProgress(
        lesson_id, step, done or bool(previous and previous.done)
    )
    browser_session().lessons = pending
    store = current_store()
    if store is not None:
        _flush(store)


def save_draft(key: str, value: str) -> None:
    """Keep work in progress for the current player (claims not yet graded): it outlives a
    reload and a restart. A draft that cannot be kept only costs that: nothing is lost
    that the page does not still show."""
    on_store(lambda store, p: store.save_draft(p.id, key, value))


def draft(key: str) -> str | None:
    found = on_store(lambda store, p: store.draft(p.id, key))
    return found[0] if found else None


def drop_draft(key: str) -> None:
    on_store(lambda store, p: store.drop_draft(p.id, key))


class LessonStore:
    """The lessons' store (:class:`trainer.training.learn.place.Store`): this browser's player's places
    and answers, through the functions above."""

    def progress(self) -> dict[str, LessonProgress]:
        return lesson_progress()

    def save(self, lesson_id: str, step: int, done: bool) -> None:
        save_lesson_progress(lesson_id, step, done)

    def record(self, attempt: AttemptIn) -> None:
        record_attempt(attempt)

    def review(
        self,
        lesson_id: str,
        question_id: str,
        drill: DrillType | None,
        correct: bool,
        seconds: float | None,
    ) -> None:
        review_lesson(lesson_id, question_id, drill, correct=correct, seconds=seconds)

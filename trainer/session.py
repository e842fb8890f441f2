"""What pages call to remember a learner's answers and lesson places.

Pages never talk to the database directly: they call these functions, which use the
progress store (:mod:`trainer.store`) for the chosen profile, and fall back to the
browser session only when the store cannot be opened (the reason is then given by
:func:`store_problem`, and the answers last until the page is closed).

The database file is, in order: ``$CRIBBAGE_TRAINER_DB``; ``db_path`` under ``[trainer]``
in ``.streamlit/secrets.toml``; the user's data directory.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import streamlit as st

from trainer.records import AttemptIn, LessonProgress, Profile
from trainer.store import (
    ProfileNameError,
    Store,
    StoreError,
    check_attempt,
    resolve_path,
)

#: The name given to the first profile, made the first time anyone uses the trainer.
DEFAULT_PROFILE_NAME = "Player 1"

_PROFILE = "profile_id"
_TOKEN = "_session_token"
_PROBLEM = "_store_problem"
_NOTICE_SEEN = "_store_notice_seen"
_ATTEMPTS = "_attempts"
_LESSONS = "_lesson_progress"

T = TypeVar("T")


def _state() -> Any:
    return st.session_state


def db_path() -> Path:
    """The progress file this app uses (see the module docstring for the order)."""
    setting: object = None
    try:
        section = st.secrets.get("trainer")
    except Exception:  # no secrets file, or one that does not parse: use the default
        section = None
    if isinstance(section, Mapping):
        setting = section.get("db_path")
    return resolve_path(setting if isinstance(setting, str) and setting.strip() else None)


@st.cache_resource(show_spinner=False)
def _open(path: str) -> Store:
    """Opened (created, upgraded, or set aside and started afresh) once per file per process."""
    return Store.open(path)


def current_store() -> Store | None:
    """The progress store, or None when it cannot be used (see :func:`store_problem`)."""
    try:
        return _open(str(db_path()))
    except StoreError as err:
        _state()[_PROBLEM] = str(err)
        return None


def store_problem() -> str | None:
    """Why answers are not being saved, in plain words, or None when they are."""
    problem = _state().get(_PROBLEM)
    return str(problem) if problem else None


def store_notice() -> str | None:
    """A one-off message about the store (an unreadable file set aside), once per session."""
    store = current_store()
    if store is None or store.notice is None or _state().get(_NOTICE_SEEN):
        return None
    _state()[_NOTICE_SEEN] = True
    return store.notice


def session_token() -> str:
    """Marks the answers given in this browser session."""
    token = _state().get(_TOKEN)
    if not token:
        token = _state()[_TOKEN] = uuid.uuid4().hex
    return str(token)


def current_profile() -> Profile | None:
    """Who is practising: the chosen profile, else the last one to answer, else a new one."""
    store = current_store()
    if store is None:
        return None
    try:
        chosen = _state().get(_PROFILE)
        profile = store.profile(chosen) if isinstance(chosen, int) else None
        if profile is None:
            profile = _default_profile(store)
            _state()[_PROFILE] = profile.id
        return profile
    except (sqlite3.Error, StoreError) as err:
        _failed(err)
        return None


def _default_profile(store: Store) -> Profile:
    last = store.last_active_profile()
    if last is not None:
        return last
    profiles = store.profiles()
    if profiles:
        return profiles[0]
    try:
        return store.create_profile(DEFAULT_PROFILE_NAME)
    except ProfileNameError:  # another session made it a moment ago
        return store.profiles()[0]


def choose_profile(profile_id: int) -> None:
    _state()[_PROFILE] = profile_id


def _failed(err: Exception) -> None:
    """An operation failed on an opened store: say so, and reopen the file next time."""
    _state()[_PROBLEM] = f"Progress could not be saved just now ({err})."
    _open.clear()


def _on_store(action: Callable[[Store, Profile], T]) -> tuple[T] | None:
    """``(result,)`` of ``action`` on the store for the current profile; None when there is
    no store or the action failed (the reason is kept for :func:`store_problem`)."""
    store = current_store()
    profile = current_profile() if store is not None else None
    if store is None or profile is None:
        return None
    try:
        return (action(store, profile),)
    except (sqlite3.Error, StoreError) as err:
        _failed(err)
        return None


def _unsaved_attempts() -> list[AttemptIn]:
    return list(_state().get(_ATTEMPTS, []))


def _unsaved_lessons() -> dict[str, LessonProgress]:
    return dict(_state().get(_LESSONS, {}))


def _saved(key: str) -> None:
    """What was kept in the session under ``key`` is in the store now; once nothing is
    left waiting, there is no problem to report."""
    _state().pop(key, None)
    if _ATTEMPTS not in _state() and _LESSONS not in _state():
        _state().pop(_PROBLEM, None)


def record_attempt(attempt: AttemptIn) -> None:
    """Keep one graded answer (a malformed record raises ``ValueError`` naming the field).

    When the store cannot take it, it is kept in the session and written with the next
    answer that can be saved (for whoever is practising then).
    """
    check_attempt(attempt)
    pending = [*_unsaved_attempts(), attempt]
    token = session_token()
    if _on_store(lambda store, p: store.add_attempts(p.id, pending, session=token)) is None:
        _state()[_ATTEMPTS] = pending
    else:
        _saved(_ATTEMPTS)


def session_attempts() -> list[AttemptIn]:
    """Answers given in this browser session by the current profile (newest last)."""
    unsaved = _unsaved_attempts()
    token = session_token()
    saved = _on_store(lambda store, p: [r.attempt for r in store.attempts(p.id, session=token)])
    if saved is None:
        return unsaved
    return sorted(saved[0] + unsaved, key=lambda a: a.at) if unsaved else saved[0]


def lesson_progress() -> dict[str, LessonProgress]:
    """Where the learner is in each lesson, by lesson id."""
    unsaved = _unsaved_lessons()
    saved = _on_store(lambda store, p: store.lesson_progress(p.id))
    return unsaved if saved is None else saved[0] | unsaved


def save_lesson_progress(lesson_id: str, step: int, done: bool) -> None:
    """Remember the step reached in a lesson; a lesson once done stays done."""
    pending = _unsaved_lessons()
    previous = pending.get(lesson_id)
    pending[lesson_id] = LessonProgress(lesson_id, step, done or bool(previous and previous.done))

    def save(store: Store, profile: Profile) -> None:
        for item in pending.values():  # each is one small upsert; a repeat does no harm
            store.save_lesson_progress(profile.id, item.lesson_id, item.step, item.done)

    if _on_store(save) is None:
        _state()[_LESSONS] = pending
    else:
        _saved(_LESSONS)

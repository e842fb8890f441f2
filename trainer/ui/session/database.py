"""The progress store this app uses, opened once per file per process, and why it cannot be
used when it cannot (the reason is kept for the pages, in words: :func:`store_problem`;
where the store is, and what its database said, go to the app's log, never to a page).

The database file is, in order: ``$CRIBBAGE_TRAINER_DB``; ``db_path`` under ``[trainer]``
in ``.streamlit/secrets.toml``; the user's data directory."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

import streamlit as st

from trainer.progress.store import Store, StoreError, describe_error, logged, resolve_location
from trainer.progress.store.backend import Held as HeldOpen
from trainer.ui.session.state import browser_session

__all__ = [
    "BUSY_TIMEOUT_SECONDS",
    "current_store",
    "db_location",
    "db_path",
    "failed",
    "report_failure",
    "setting",
    "store_notice",
    "store_problem",
    "store_trouble",
    "usable_store",
]

log = logging.getLogger("trainer.ui.session")

#: How long a page waits for another program's hold on the progress file before it says
#: so: a person is told within seconds, never kept waiting a quarter of a minute.
BUSY_TIMEOUT_SECONDS = 2.0


def setting(name: str) -> str | None:
    """A setting under ``[trainer]`` in ``.streamlit/secrets.toml`` (None if not given)."""
    try:
        section = st.secrets.get("trainer")
    except Exception:  # no secrets file, or one that does not parse: use the default
        section = None
    value = section.get(name) if isinstance(section, Mapping) else None
    return value if isinstance(value, str) and value.strip() else None


def db_location() -> str:
    """The progress store this app uses: a file's path or a server's URL (see the module
    docstring for the order; ``store`` or, as before, ``db_path`` under ``[trainer]``)."""
    return resolve_location(setting("store") or setting("db_path"))


def db_path() -> Path:
    """The progress file this app uses (a path: see :func:`db_location` for a server)."""
    return Path(db_location())


class _Opened(NamedTuple):
    store: Store
    held: HeldOpen | None  # see Store.hold_open: closed when the cache lets it go


@st.cache_resource(show_spinner=False)
def _open(path: str) -> _Opened:
    """Opened (created, upgraded, or set aside and started afresh) once per file per process,
    with a connection held open so that each write is not followed by a disk sync."""
    store = Store.open(path, busy_timeout=BUSY_TIMEOUT_SECONDS)
    try:
        held = store.hold_open()
    except StoreError:  # every write then syncs the disk: slower, still saved
        held = None
    return _Opened(store, held)


def current_store() -> Store | None:
    """The progress store, or None when it cannot be used (see :func:`store_problem`)."""
    try:
        return _open(db_location()).store
    except StoreError as err:
        log.warning("the progress store cannot be opened: %s", logged(err))
        state = browser_session()
        state.problem = state.cause = str(err)
        return None


def store_problem() -> str | None:
    """Why answers are not being saved, in plain words, or None when they are."""
    problem = browser_session().problem
    return problem or None


def store_trouble() -> str | None:
    """What is wrong with the store, alone (busy, cannot be reached, ...), or None."""
    state = browser_session()
    return (state.cause or None) if state.problem else None


def store_notice() -> str | None:
    """A one-off message about the store (an unreadable file set aside), once per session."""
    store = current_store()
    if store is None or store.notice is None or browser_session().notice_seen:
        return None
    browser_session().notice_seen = True
    return store.notice


def report_failure(err: Exception) -> None:
    """A page's own read of the store failed: keep the reason, and reopen the file next time."""
    failed(err)


def failed(err: Exception) -> None:
    """An operation failed on an opened store: say so (in words; where, in the log), and
    reopen the file next time."""
    log.warning("a call on the progress store failed: %s", logged(err))
    state = browser_session()
    state.cause = describe_error(err)
    state.problem = f"Progress could not be saved just now ({state.cause})."
    _open.clear()


def usable_store() -> Store:
    store = current_store()
    if store is None:
        raise StoreError(store_problem() or "the progress file cannot be used")
    return store

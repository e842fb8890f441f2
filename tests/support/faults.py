"""Stand-ins for the store's methods that fail as the store fails, for the tests of what a
page tells a person then (``monkeypatch.setattr(Store, "progress_rows", disk_full)``)."""

from __future__ import annotations

import sqlite3
from typing import NoReturn

from trainer.progress.store.errors import from_sqlite


def disk_full(*args: object, **kwargs: object) -> NoReturn:
    """Any store method, failing as it does when the disk is full: SQLite's own error (its
    message and code, as the store's full-disk test makes it for real), raised as the
    store's."""
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = sqlite3.SQLITE_FULL
    raise from_sqlite(error) from error

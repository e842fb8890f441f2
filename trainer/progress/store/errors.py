"""What can go wrong with the progress store, each as its own error, and every error in
plain words (:func:`describe_error`).

An error's message is for the person at the page: it says what happened in words and never
where the store is (no file path, no server address, user or port). Where it is, and what
the database itself said, go into the error's ``detail`` (:func:`logged`), which the app
writes to its log and the command line prints for whoever runs the store."""

from __future__ import annotations

import errno
import sqlite3


class StoreError(Exception):
    """The progress store cannot be used; the message says why in plain words, ``detail``
    where the store is and what its database said (for the log, never for a page)."""

    def __init__(self, message: str, *, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class NewerSchemaError(StoreError):
    """The store was written by a newer trainer; it is left exactly as it is."""


class ForeignFileError(StoreError):
    """The file (or database) is another program's; it is left exactly as it is."""


class ServerUnavailableError(StoreError):
    """The database server cannot be reached, or dropped the connection: nothing was written
    by the call that raised it (a write is one transaction), so it can be made again."""


class StoreBusyError(StoreError):
    """The store is there but too busy to answer in time (every connection in use, a row
    held by another writer, another program holding the file): nothing was written by the
    call that raised it, so it can be made again in a moment."""


class FileError(StoreError):
    """The progress file's database failed (SQLite's own error, kept as ``__cause__``): the
    store raises it so that no caller needs to know which database it runs on; the message
    is the error in words (:func:`describe_error`)."""

    @property
    def original(self) -> BaseException:
        """SQLite's error, as the database raised it."""
        return self.__cause__ or self


class FileBusyError(FileError, StoreBusyError):
    """Another program (or another page) holds the progress file longer than the busy
    timeout: nothing was written, and the same call may work a moment later."""


def from_sqlite(err: sqlite3.Error) -> FileError:
    """SQLite's ``err`` as the store's own error (raise it ``from err``)."""
    kind = FileBusyError if passing(err) else FileError
    return kind(describe_error(err), detail=str(err))


class InvalidAttemptError(ValueError):
    """An answer record that cannot be stored, naming the field that is wrong."""


class ProfileNameError(ValueError):
    """A profile name that cannot be used, with a message fit to show the person typing it."""


class IntegrityViolation(Exception):
    """A row the schema refuses (a name or key already taken, a player who is not there):
    raised by both backends alike, and turned into a message by the store's methods."""


def describe_error(err: BaseException) -> str:
    """A store error in plain words: a full disk, a file that cannot be written, a file held
    by another program, a server that cannot be reached; otherwise the database's own
    message."""
    if isinstance(err, StoreError):
        return str(err)
    code = getattr(err, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(err)
    if primary == sqlite3.SQLITE_FULL or "disk is full" in text:
        return "the disk is full: free some space on it and answers are saved again"
    if primary == sqlite3.SQLITE_IOERR and _disk_full_errno(err):
        return "the disk is full: free some space on it and answers are saved again"
    if primary == sqlite3.SQLITE_READONLY:
        return "the progress file cannot be written to (it is read-only)"
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return "another program is holding the progress file"
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return "the progress file is damaged"
    if text.startswith(("no such table", "no such column")):
        return f"the progress file is damaged: part of it is missing ({text})"
    return text


def _disk_full_errno(err: BaseException) -> bool:
    return getattr(err, "errno", None) == errno.ENOSPC or "No space left" in str(err)


def passing(err: BaseException) -> bool:
    """The store could not answer just now but nothing is wrong with it: it is busy (another
    writer, every connection in use) or cannot be reached for a moment, so the same call may
    well work a moment later."""
    if isinstance(err, StoreBusyError | ServerUnavailableError):
        return True
    code = getattr(err, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def logged(err: BaseException) -> str:
    """An error as the log (or the command line) gives it: its words, then where the store
    is and what the database said, when the error knows."""
    words = describe_error(err)
    detail = getattr(err, "detail", "")
    return f"{words} [{detail}]" if detail else words

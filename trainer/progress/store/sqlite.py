"""The store in one SQLite file: a family's computer, the embedded default.

* A short-lived connection per operation (Streamlit serves each browser session on its own
  thread, and a connection must not cross threads), in WAL mode with ``synchronous=NORMAL``
  and a busy timeout, so many sessions and processes can answer at once.
* ``PRAGMA user_version`` holds the schema's version.
* A file that is not a readable database is renamed aside (never deleted) and a fresh one
  started (:func:`open_file`); a file of another program's, or one this user may not read,
  is left exactly as it is; after a spell of a read-only file the log files get the
  database's write permission back.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path

from trainer.progress.store.backend import Cursor, Dialect
from trainer.progress.store.errors import (
    ForeignFileError,
    IntegrityViolation,
    NewerSchemaError,
    StoreError,
    describe_error,
)
from trainer.progress.store.schema import SCHEMA_VERSION


class SqliteConnection:
    """A :class:`~trainer.progress.store.backend.Connection` to one SQLite file."""

    dialect: Dialect = "sqlite"

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.raw = conn
        self.path = path

    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor:
        try:
            return self.raw.execute(sql, params)
        except sqlite3.IntegrityError as err:
            raise IntegrityViolation(str(err)) from err

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        try:
            self.raw.executemany(sql, rows)
        except sqlite3.IntegrityError as err:
            raise IntegrityViolation(str(err)) from err

    @contextlib.contextmanager
    def write(self) -> Iterator[None]:
        self.raw.execute("BEGIN IMMEDIATE")  # the write lock up front: waits the busy timeout
        try:
            _refuse_newer(self)
            yield
        except BaseException:
            if self.raw.in_transaction:
                self.raw.execute("ROLLBACK")
            raise
        self.raw.execute("COMMIT")

    def lock(self, name: str) -> None:
        """Nothing to do: ``BEGIN IMMEDIATE`` made this the file's one writer already."""

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        self.raw.execute("BEGIN")  # a read transaction: answers added meanwhile wait outside
        try:
            yield
        finally:
            if self.raw.in_transaction:  # a failed read may have ended it: its error is the news
                self.raw.execute("COMMIT")

    def schema_version(self) -> int:
        return int(self.raw.execute("PRAGMA user_version").fetchone()[0])

    def set_schema_version(self, version: int) -> None:
        self.raw.execute(f"PRAGMA user_version = {int(version)}")

    def tables(self) -> list[str]:
        return [
            str(r[0])
            for r in self.raw.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]


def _refuse_newer(conn: SqliteConnection) -> None:
    """Checked inside every write transaction: a newer trainer may have upgraded the file
    since it was opened, and then nothing more is written to it."""
    version = conn.schema_version()
    if version > SCHEMA_VERSION:
        raise NewerSchemaError(
            "The progress file was upgraded by a newer version of the trainer (schema "
            f"{version}; this version knows up to {SCHEMA_VERSION}) while this one was "
            "running. Nothing more was written to it: update the trainer to keep using it.",
            detail=str(conn.path),
        )


@contextlib.contextmanager
def connect(path: Path, busy_timeout: float) -> Iterator[SqliteConnection]:
    conn = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None, check_same_thread=True)
    try:
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        yield SqliteConnection(conn, path)
    finally:
        conn.close()


def hold_open(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """A connection to keep open beside the store's own, one per process (close it, or
    drop it, when done). While it is open a call's connection closing is not the file's
    last, and SQLite does not checkpoint and sync the write-ahead log at every close: a
    write then takes a fraction of a millisecond instead of one or two disk syncs (about
    17 ms against 0.5 ms a game saved, measured here). It runs nothing after its first read."""
    conn = sqlite3.connect(path, timeout=busy_timeout, check_same_thread=False)
    try:
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # maps the log
    except sqlite3.Error:
        conn.close()
        raise
    return conn


def check_integrity(path: Path, busy_timeout: float) -> list[str]:
    """``["ok"]`` for a sound file, otherwise what SQLite found wrong."""
    with connect(path, busy_timeout) as conn:
        return [str(r[0]) for r in conn.raw.execute("PRAGMA integrity_check")]


# --- opening a file -----------------------------------------------------------------------------


class CorruptError(Exception):
    """The file is a database, but a damaged one."""


def check_file(conn: SqliteConnection) -> None:
    """Before migrating: a newer trainer's file, a damaged one or another program's is
    refused; then the file is switched to write-ahead logging."""
    with conn.snapshot():  # the version and the tables read at one moment: another opener
        version = conn.schema_version()  # may be creating the store between two readings
        tables = conn.tables() if version == 0 else []
    if version > SCHEMA_VERSION:
        raise NewerSchemaError(
            "The progress file was written by a newer version of the trainer (schema "
            f"{version}; this version knows up to {SCHEMA_VERSION}). It was left untouched: "
            "update the trainer to keep using it.",
            detail=str(conn.path),
        )
    if version > 0:
        problems = [str(r[0]) for r in conn.raw.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            raise CorruptError("; ".join(problems))
    elif tables:
        _refuse_foreign(conn, tables)
    _set_wal(conn)


def prepared_file(path: str | os.PathLike[str]) -> Path:
    """The file's path, its folder made, after the checks that need no database: a file
    this user may not read or write is refused, and the log files are mended."""
    target = Path(path).expanduser()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StoreError(
            f"The progress file's folder cannot be created ({err.strerror}).",
            detail=str(target.parent),
        ) from err
    if target.is_file() and not os.access(target, os.R_OK | os.W_OK):
        raise StoreError(_NO_PERMISSION, detail=str(target))
    _mend_side_files(target)
    return target


def unreadable_reason(target: Path, err: BaseException) -> str:
    """Why a file that failed to open is to be set aside (or raise when it must be left)."""
    if isinstance(err, CorruptError):
        return "it is damaged"
    assert isinstance(err, sqlite3.Error)
    if getattr(err, "sqlite_errorcode", None) in _UNREADABLE_CODES:
        return "it is damaged or is not a progress file"
    if _is_unopenable_file(target, err):
        if not target.is_dir():  # a file this user may not read: it is not damaged
            raise StoreError(_NO_PERMISSION, detail=str(target)) from err
        return "it cannot be opened"
    raise StoreError(
        f"The progress file cannot be opened ({describe_error(err)}).", detail=str(target)
    ) from err


def set_aside(path: Path) -> Path:
    """Rename an unreadable file (and its WAL and shared-memory files) to a new, free name."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    n = 0
    while True:
        suffix = f".unreadable-{stamp}" + (f"-{n}" if n else "")
        target = path.with_name(path.name + suffix)
        if not any(
            Path(str(p) + suffix).exists() for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm"))
        ):
            break
        n += 1
    os.replace(path, target)
    for extra in ("-wal", "-shm"):
        side = Path(f"{path}{extra}")
        with contextlib.suppress(FileNotFoundError):
            os.replace(side, Path(f"{side}{suffix}"))
    return target


_UNREADABLE_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def _is_unopenable_file(path: Path, err: sqlite3.Error) -> bool:
    """A file exists at ``path`` but SQLite cannot open it at all (e.g. it is a folder)."""
    return getattr(err, "sqlite_errorcode", None) == sqlite3.SQLITE_CANTOPEN and (
        path.is_dir() or (path.exists() and not os.access(path, os.R_OK | os.W_OK))
    )


#: How long opening waits for another opener's lock while switching the file to WAL.
WAL_WAIT_SECONDS = 15.0


def _set_wal(conn: SqliteConnection) -> None:
    """Switch the file to WAL (it stays so); retried briefly if another opener holds a lock."""
    deadline = time.monotonic() + WAL_WAIT_SECONDS
    while True:
        try:
            mode = conn.raw.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
            continue
        if str(mode).lower() != "wal":
            raise StoreError(f"The progress file cannot use write-ahead logging (mode {mode}).")
        return


_NO_PERMISSION = (
    "The progress file cannot be read or written by this user (permission denied). It was "
    "left as it is: give this user access to it, or choose another file."
)


def _refuse_foreign(conn: SqliteConnection, tables: list[str]) -> None:
    """A file with no schema version but tables of its own belongs to another program."""
    shown = ", ".join(tables[:3]) + (", …" if len(tables) > 3 else "")
    raise ForeignFileError(
        f"The progress file is another program's database (it has the tables {shown}), "
        "so the trainer left it as it is. Point the trainer at a file of its own.",
        detail=str(conn.path),
    )


def _mend_side_files(path: Path) -> None:
    """Give the write-ahead log and shared-memory files the write permission the database
    itself has: SQLite makes them with the mode the database had when they were created, so
    after a spell of a read-only file (fixed since with ``chmod``) a leftover read-only
    ``-shm`` would otherwise keep the store from ever writing again."""
    try:
        info = path.stat()
    except OSError:
        return
    wanted = info.st_mode & 0o666
    for extra in ("-wal", "-shm"):
        side = Path(f"{path}{extra}")
        with contextlib.suppress(OSError):
            mode = side.stat().st_mode & 0o777
            if mode & wanted != wanted:
                os.chmod(side, mode | wanted)

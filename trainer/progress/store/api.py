"""The store's operations, the same on every backend: :class:`Store`.

A store is opened from its location (:func:`trainer.progress.store.where.resolve`): a
path (or ``sqlite:///path``) is a SQLite file (:mod:`~trainer.progress.store.sqlite`),
``postgresql://…`` a PostgreSQL server (:mod:`~trainer.progress.store.postgres`).
Opening brings the schema up to date (:mod:`~trainer.progress.store.schema`, one
transaction a step); every operation then borrows a connection for itself, and each write
is one transaction, so a crash leaves either the whole answer or none of it.

The operations on each group of tables are parts of :class:`Store`: the players, drafts and
settings in :mod:`~trainer.progress.store.profiles`, the answers in
:mod:`~trainer.progress.store.answer_tables`, the lesson places in
:mod:`~trainer.progress.store.lessons`, the games and reviews in
:mod:`~trainer.progress.store.games`, club mode's in :mod:`~trainer.progress.store.clubs`,
the review scheduler's cards in :mod:`~trainer.progress.store.reviews`, the games between
people on their own devices in :mod:`~trainer.progress.store.shared_games`;
here are where the store is, its opening and migrating, its sizes and its copying.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import trainer.progress.store.export as export
import trainer.progress.store.postgres as postgres
import trainer.progress.store.sqlite as sqlite_file
from trainer.progress.store.answer_tables import AnswerTables
from trainer.progress.store.backend import Connection, Held
from trainer.progress.store.clubs import ClubTables
from trainer.progress.store.errors import FileError, ForeignFileError, StoreError, from_sqlite
from trainer.progress.store.games import GameTables
from trainer.progress.store.lessons import LessonTables
from trainer.progress.store.profiles import ProfileTables
from trainer.progress.store.reviews import ReviewTables
from trainer.progress.store.schema import MIGRATIONS, SCHEMA_VERSION, Backfill, statements
from trainer.progress.store.shared_games import SharedGameTables

log = logging.getLogger("trainer.progress.store")

#: The lock a migration step takes (see :meth:`Connection.lock`).
SCHEMA_LOCK = "schema"
#: How long an operation waits for another writer (or, on a server, for a connection)
#: before it fails; the app waits less (see ``trainer.ui.session``).
BUSY_TIMEOUT_SECONDS = 15.0


@dataclass(frozen=True)
class Store(
    ProfileTables,
    AnswerTables,
    LessonTables,
    GameTables,
    ClubTables,
    ReviewTables,
    SharedGameTables,
):
    """One progress store: a SQLite file or a PostgreSQL database. Cheap to copy; every
    call borrows its own connection."""

    #: The file's path, or the server's URL.
    location: str
    notice: str | None = None  # set when an unreadable file had to be set aside on opening
    #: How long a call waits for another writer's lock before it fails (the app waits less
    #: than a script, so that a person is told at once rather than kept waiting).
    busy_timeout: float = BUSY_TIMEOUT_SECONDS

    # -- where it is --

    @property
    def on_server(self) -> bool:
        """The store is on a database server (shared by several app servers)."""
        return postgres.is_url(self.location)

    @property
    def path(self) -> Path:
        """The SQLite file (a store on a server has none: :class:`StoreError`)."""
        if self.on_server:
            raise StoreError("this progress store is on a server, not in a file")
        return Path(self.location)

    def shown(self) -> str:
        """Where the store is, for a message (a server's password left out)."""
        return postgres.shown(self.location) if self.on_server else self.location

    # -- opening and migrating --

    @classmethod
    def open(
        cls, location: str | os.PathLike[str], *, busy_timeout: float = BUSY_TIMEOUT_SECONDS
    ) -> Store:
        """Open (creating or upgrading as needed) the store at ``location``: a path, a
        ``sqlite:///`` URL or a ``postgresql://`` URL.

        Raises :class:`NewerSchemaError` for a store from a newer trainer (left untouched),
        :class:`ForeignFileError` for another program's, and :class:`StoreError` when it
        cannot be created or opened at all (a server that cannot be reached:
        :class:`ServerUnavailableError`).
        """
        where = os.fspath(location)
        if where.startswith("sqlite:///"):
            where = where.removeprefix("sqlite://")
        if postgres.is_url(where):
            store = cls(where, busy_timeout=busy_timeout)
            store._prepare()
            return store
        return cls._open_file(where, busy_timeout)

    @classmethod
    def _open_file(cls, where: str, busy_timeout: float) -> Store:
        target = sqlite_file.prepared_file(where)
        store = cls(str(target), busy_timeout=busy_timeout)
        try:
            store._prepare()
            return store
        except (FileError, sqlite_file.CorruptError) as err:
            reason = sqlite_file.unreadable_reason(
                target, err.original if isinstance(err, FileError) else err
            )
        try:
            kept = sqlite_file.set_aside(target)
        except FileNotFoundError:
            kept = None  # someone else set it aside first
        except OSError as err:
            raise StoreError(
                f"The progress file cannot be read ({reason}) and cannot be moved aside "
                f"({err.strerror}).",
                detail=str(target),
            ) from err
        fresh = cls(str(target), busy_timeout=busy_timeout)
        try:
            fresh._prepare()
        except (FileError, sqlite_file.CorruptError) as err:
            raise StoreError(
                f"A fresh progress file cannot be started ({err}).", detail=str(target)
            ) from err
        kept_as = " The old file was kept beside it, under a new name." if kept else ""
        log.warning(
            "the progress file %s could not be read (%s); %s", target, reason,
            f"kept as {kept}" if kept else "someone else set it aside first",
        )  # fmt: skip
        return cls(
            str(target),
            busy_timeout=busy_timeout,
            notice=(
                f"The saved progress could not be read: {reason}.{kept_as} A fresh progress "
                "file was started."
            ),
        )

    def _prepare(self, *, upto: int = SCHEMA_VERSION) -> None:
        """Check the store is the trainer's and bring its schema up to version ``upto``
        (older than the newest only for the tests of a migration)."""
        with self._connect() as conn:
            if isinstance(conn, sqlite_file.SqliteConnection):
                sqlite_file.check_file(conn)
            elif isinstance(conn, postgres.PostgresConnection):
                try:
                    postgres.check_database(conn)
                except ForeignFileError:
                    # Looked at again under the schema's lock: another server half way
                    # through creating the store looks, for a moment, like another program.
                    with conn.write():
                        conn.lock(SCHEMA_LOCK)
                        postgres.check_database(conn)
            version = conn.schema_version()
            while version < upto:
                with conn.write():
                    conn.lock(SCHEMA_LOCK)  # one migrating process at a time
                    version = conn.schema_version()  # another process may have been first
                    if version < upto:
                        for statement in statements(MIGRATIONS[version], conn.dialect):
                            if isinstance(statement, Backfill):
                                statement.run(conn)
                            else:
                                conn.execute(statement)
                        version += 1
                        conn.set_schema_version(version)

    @contextlib.contextmanager
    def _connect(self) -> Iterator[Connection]:
        if self.on_server:
            with postgres.connect(self.location, self.busy_timeout) as conn:
                yield conn
        else:
            try:
                with sqlite_file.connect(Path(self.location), self.busy_timeout) as file_conn:
                    yield file_conn
            except sqlite3.Error as err:  # the store's own error, as PostgreSQL's are
                raise from_sqlite(err) from err

    def schema_version(self) -> int:
        with self._connect() as conn:
            return conn.schema_version()

    def hold_open(self) -> Held:
        """Something to keep open beside the store's own connections, one per process
        (close it, or drop it, when done): for a file, a connection that saves a disk sync
        at each write (see :func:`trainer.progress.store.sqlite.hold_open`); a server's
        pool already keeps its connections open."""
        if self.on_server:
            return _Nothing()
        try:
            return sqlite_file.hold_open(Path(self.location), self.busy_timeout)
        except sqlite3.Error as err:
            raise from_sqlite(err) from err

    def check_integrity(self) -> list[str]:
        """``["ok"]`` for a sound store, otherwise what the database found wrong."""
        if self.on_server:
            return ["ok"]  # the server keeps its own files whole
        return sqlite_file.check_integrity(Path(self.location), self.busy_timeout)

    # -- how much is kept --

    def count_attempts(self, profile_id: int | None = None) -> int:
        """How many answers are kept: the player's, or (``None``) everyone's."""
        return self._count("attempts", profile_id)

    def count_games(self, profile_id: int | None = None) -> int:
        """How many games are kept: the player's, or (``None``) everyone's."""
        return self._count("games", profile_id)

    def _count(self, table: str, profile_id: int | None) -> int:
        with self._connect() as conn:
            if profile_id is None:
                row = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
            else:
                row = conn.execute(
                    f"SELECT COUNT(*) FROM {table} WHERE profile_id = ?", (profile_id,)
                ).fetchone()
        return int(row[0])

    # -- export, and copying a whole store --

    def export_csv(self, profile_id: int) -> str:
        """Every answer of a profile as CSV (one row per answer, oldest first)."""
        with self._connect() as conn:
            return export.answers_csv(conn, profile_id)

    def dump(self) -> dict[str, export.Table]:
        """Every row of every table of the store, in a stable order (for copying a store,
        and for checking that a copy holds what its source did)."""
        with self._connect() as conn, conn.snapshot():
            return export.dump(conn)

    def load(self, tables: Mapping[str, export.Table]) -> int:
        """Write :meth:`dump`'s rows into this store, which must hold no player yet; all
        or nothing. Returns the number of rows written."""
        with self._connect() as conn, conn.write():
            conn.lock(SCHEMA_LOCK)  # one copy at a time, checked empty under the lock
            return export.load(conn, tables)


class _Nothing:
    def close(self) -> None:
        pass

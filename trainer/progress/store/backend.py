"""What every backend gives the store: a connection that runs the store's SQL, one write
transaction at a time, and keeps the schema's version.

The store's queries are written once, as SQLite runs them (``?`` placeholders); a backend
runs them as its own database does. A write (:meth:`Connection.write`) is one transaction,
refused when a newer trainer has upgraded the store meanwhile. Its condition is checked by
the rows themselves where it can be (a key that is unique, an ``UPDATE … WHERE`` the version
read); where a write must read before it writes (the run of right answers an answer ends,
a name against its look-alikes), it first takes the lock on that one thing
(:meth:`Connection.lock`), so the read is exact whatever the number of processes, and
writers of anything else go on beside it. SQLite has one writer at a time of its own
(``BEGIN IMMEDIATE``, with its busy timeout), so there the lock adds nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Literal, Protocol

#: Which database a connection speaks to (the schema's statements differ a little).
Dialect = Literal["sqlite", "postgresql"]


class Cursor(Protocol):
    """What a query returns (DB-API's cursor, as both drivers give it)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """One connection to the store, for one operation (see the module docstring)."""

    dialect: Dialect

    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor:
        """Run one statement (``?`` placeholders); a row the schema refuses raises
        :class:`~trainer.progress.store.errors.IntegrityViolation`."""
        ...

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None: ...

    def write(self) -> AbstractContextManager[None]:
        """One write transaction (committed at the end, rolled back on an error); refused
        with :class:`NewerSchemaError` when a newer trainer upgraded the store since it was
        opened."""
        ...

    def lock(self, name: str) -> None:
        """Inside :meth:`write`: the lock on one thing (``answers:<player>``), held until the
        transaction ends; another writer of that thing waits for it."""
        ...

    def snapshot(self) -> AbstractContextManager[None]:
        """A read transaction: every query inside sees the store as it was at its start."""
        ...

    def schema_version(self) -> int: ...

    def set_schema_version(self, version: int) -> None:
        """Inside :meth:`write` (used by the migrations)."""
        ...

    def tables(self) -> list[str]:
        """The names of the tables in the store's database (every program's)."""
        ...


class Held(Protocol):
    """Something a process keeps open beside the store's own connections (see
    :meth:`~trainer.progress.store.api.Store.hold_open`)."""

    def close(self) -> None: ...


class StoreTables:
    """A part of :class:`~trainer.progress.store.api.Store`, the operations on one group of
    tables (the players, the answers, ...): the store gives it its connections."""

    def _connect(self) -> AbstractContextManager[Connection]:
        raise NotImplementedError  # the store's own

"""The store on a PostgreSQL server: a club's or a school's, shared by several app servers.

* One pool of connections per process and server (psycopg 3's ``ConnectionPool``): each
  operation borrows one and gives it back; a connection the server dropped (a restart) is
  found out when it is next borrowed and replaced, so the app reconnects by itself.
* A write is one transaction holding a lock that every writer takes (an advisory lock,
  taken before the transaction begins), as SQLite's ``BEGIN IMMEDIATE`` does: reads inside
  it (the run of right answers, a game's version) are exact whatever the number of app
  servers.
* The schema's version is the one row of a table of its own, ``trainer_schema``.
* Every driver error is one of the store's: a row the schema refuses is an
  :class:`IntegrityViolation`, a server that cannot be reached a
  :class:`ServerUnavailableError` (nothing was written), anything else a
  :class:`StoreError` naming what the server said.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from trainer.progress.store.backend import Cursor
from trainer.progress.store.errors import (
    ForeignFileError,
    IntegrityViolation,
    NewerSchemaError,
    ServerUnavailableError,
    StoreError,
)
from trainer.progress.store.schema import SCHEMA_VERSION, Dialect

#: The lock every write transaction takes (any number that is the trainer's own).
WRITE_LOCK = 7_211_211
#: Connections kept per process (a page's operation holds one for a few milliseconds).
POOL_MAX = 8

_pools: dict[str, Any] = {}
_pools_lock = threading.Lock()


def is_url(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def shown(url: str) -> str:
    """The server's address for a message: without its password.

    >>> shown("postgresql://club:secret@db.example:5432/trainer")
    'postgresql://club@db.example:5432/trainer'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit((parts.scheme, f"{user}{host}{port}", parts.path, parts.query, ""))


def _unavailable(url: str, err: BaseException) -> ServerUnavailableError:
    return ServerUnavailableError(
        f"the progress server {shown(url)} cannot be reached just now ({_first_line(err)}); "
        "nothing was lost: try again in a moment"
    )


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__


def _translate(url: str, err: BaseException) -> BaseException:
    import psycopg

    if isinstance(err, psycopg.errors.IntegrityError):
        return IntegrityViolation(_first_line(err))
    if isinstance(err, psycopg.errors.DiskFull):
        return StoreError(
            f"the disk of the progress server {shown(url)} is full: free some space on it "
            "and answers are saved again"
        )
    if isinstance(err, psycopg.OperationalError | psycopg.InterfaceError):
        return _unavailable(url, err)
    if isinstance(err, psycopg.errors.LockNotAvailable | psycopg.errors.QueryCanceled):
        return StoreError("another app server is holding the progress store")
    return StoreError(f"the progress server {shown(url)} refused: {_first_line(err)}")


def _sql(text: str) -> str:
    """The store's SQL (SQLite's spelling) as PostgreSQL takes it."""
    return text.replace("%", "%%").replace("?", "%s").replace("group_concat(", "string_agg(")


class PostgresConnection:
    """A :class:`~trainer.progress.store.backend.Connection` to the server."""

    dialect: Dialect = "postgresql"

    def __init__(self, raw: Any, url: str, busy_timeout: float) -> None:
        self.raw = raw
        self.url = url
        self.busy_timeout = busy_timeout

    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor:
        import psycopg

        try:
            cursor: Cursor = self.raw.execute(_sql(sql), tuple(params))
        except psycopg.Error as err:
            raise _translate(self.url, err) from err
        return cursor

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        import psycopg

        try:
            with self.raw.cursor() as cursor:
                cursor.executemany(_sql(sql), [tuple(row) for row in rows])
        except psycopg.Error as err:
            raise _translate(self.url, err) from err

    @contextlib.contextmanager
    def write(self) -> Iterator[None]:
        import psycopg

        # The writers' lock is taken before the transaction begins, so that the transaction
        # sees everything the writer before it committed (the server reads its catalog
        # afresh when a transaction starts, not when a lock is granted inside one).
        try:
            self.raw.execute(f"SET lock_timeout = {int(self.busy_timeout * 1000)}")
            self.raw.execute("SELECT pg_advisory_lock(%s)", (WRITE_LOCK,))
        except psycopg.Error as err:
            raise _translate(self.url, err) from err
        try:
            with self.raw.transaction():
                _refuse_newer(self)
                yield
        except psycopg.Error as err:
            raise _translate(self.url, err) from err
        finally:
            with contextlib.suppress(psycopg.Error):  # a dropped connection lets go by itself
                self.raw.execute("SELECT pg_advisory_unlock(%s)", (WRITE_LOCK,))

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        import psycopg

        try:
            with self.raw.transaction():
                self.raw.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                yield
        except psycopg.Error as err:
            raise _translate(self.url, err) from err

    def schema_version(self) -> int:
        row = self.execute("SELECT to_regclass('trainer_schema') IS NOT NULL").fetchone()
        if not row[0]:
            return 0
        found = self.execute("SELECT version FROM trainer_schema").fetchone()
        return int(found[0]) if found else 0

    def set_schema_version(self, version: int) -> None:
        self.execute("CREATE TABLE IF NOT EXISTS trainer_schema (version BIGINT NOT NULL)")
        self.execute("DELETE FROM trainer_schema")
        self.execute("INSERT INTO trainer_schema (version) VALUES (?)", (int(version),))

    def tables(self) -> list[str]:
        rows = self.execute(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() ORDER BY table_name"
        ).fetchall()
        return [str(r[0]) for r in rows]


def _refuse_newer(conn: PostgresConnection) -> None:
    version = conn.schema_version()
    if version > SCHEMA_VERSION:
        raise NewerSchemaError(
            f"The progress store on {shown(conn.url)} was upgraded by a newer version of the "
            f"trainer (schema {version}; this version knows up to {SCHEMA_VERSION}). Nothing "
            "more was written to it: update the trainer on every app server to keep using it."
        )


def _pool(url: str, busy_timeout: float) -> Any:
    with _pools_lock:
        pool = _pools.get(url)
        if pool is None:
            from psycopg_pool import ConnectionPool

            pool = ConnectionPool(
                url,
                min_size=1,
                max_size=POOL_MAX,
                kwargs={"autocommit": True, "connect_timeout": max(1, round(busy_timeout))},
                check=ConnectionPool.check_connection,  # a dropped connection is replaced
                timeout=busy_timeout,
                open=False,
                name="trainer-progress",
            )
            pool.open(wait=False)
            _pools[url] = pool
        return pool


def close_pools() -> None:
    """Close every pool of this process (a test's server is stopped, a command ends)."""
    with _pools_lock:
        for pool in _pools.values():
            with contextlib.suppress(Exception):
                pool.close()
        _pools.clear()


@contextlib.contextmanager
def connect(url: str, busy_timeout: float) -> Iterator[PostgresConnection]:
    import psycopg
    from psycopg_pool import PoolTimeout

    try:
        with _pool(url, busy_timeout).connection(timeout=busy_timeout) as raw:
            yield PostgresConnection(raw, url, busy_timeout)
    except PoolTimeout as err:
        raise _unavailable(url, err) from err
    except psycopg.Error as err:
        raise _translate(url, err) from err


def check_database(conn: PostgresConnection) -> None:
    """Before migrating: a database of another program's is left alone; a newer trainer's
    store is refused."""
    version = conn.schema_version()
    if version == 0:
        tables = [t for t in conn.tables() if t != "trainer_schema"]
        if tables:
            names = ", ".join(tables[:3]) + (", …" if len(tables) > 3 else "")
            raise ForeignFileError(
                f"The database {shown(conn.url)} holds another program's tables ({names}), "
                "so the trainer left it as it is. Give the trainer a database of its own."
            )
    elif version > SCHEMA_VERSION:
        raise NewerSchemaError(
            f"The progress store on {shown(conn.url)} was written by a newer version of the "
            f"trainer (schema {version}; this version knows up to {SCHEMA_VERSION}). It was "
            "left untouched: update the trainer to keep using it."
        )

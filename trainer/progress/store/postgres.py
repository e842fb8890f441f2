"""The store on a PostgreSQL server: a club's or a school's, shared by several app servers.

* One pool of connections per process and server (psycopg 3's ``ConnectionPool``): each
  operation borrows one and gives it back. The pool resets every connection it takes back
  (rolled back if a transaction was left open, every advisory lock let go), so a call that
  failed half way never leaves a lock or a transaction on a connection another call gets.
* No lock is held across the whole database. A write is one transaction, and its condition
  is checked by the rows themselves (an answer's key is unique, a game is saved over the
  version it was read at); where a write must read before it writes (the run of right
  answers an answer ends, a name checked against look-alikes) it takes a lock on that one
  thing for the transaction only (:meth:`PostgresConnection.lock`, ``pg_advisory_xact_lock``),
  which the server lets go at commit or rollback, whatever happens to the app.
* A server that cannot be reached is found out once: while it is down, each call fails at
  once instead of waiting (one quick try to connect at most every :data:`PROBE_GAP`
  seconds), and the first call after it answers again gets a fresh pool, so saving goes
  on at the next action.
* The schema's version is the one row of a table of its own, ``trainer_schema``.
* Every driver error is one of the store's, in words without the server's address (that is
  in the error's ``detail``, for the log): a row the schema refuses is an
  :class:`IntegrityViolation`, a server that cannot be reached a
  :class:`ServerUnavailableError`, one too busy to answer in time a :class:`StoreBusyError`
  (nothing was written by either), anything else a :class:`StoreError`.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from trainer.progress.store.backend import Cursor, Dialect
from trainer.progress.store.errors import (
    ForeignFileError,
    IntegrityViolation,
    NewerSchemaError,
    ServerUnavailableError,
    StoreBusyError,
    StoreError,
)
from trainer.progress.store.schema import SCHEMA_VERSION

#: Connections kept per process at most (a page's operation holds one for a few
#: milliseconds, but on a starved machine a thread holding one may wait for the processor
#: far longer; three app servers then hold 48, of PostgreSQL's 100 by default).
POOL_MAX = 16
#: While the server is down, a call tries to connect at most this often (seconds); the
#: calls in between fail at once.
PROBE_GAP = 0.5

log = logging.getLogger("trainer.progress.store")


def is_url(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def shown(url: str) -> str:
    """The server's address for the log or the command line: without its password.

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


def lock_key(name: str) -> int:
    """The advisory lock's number for one thing the store locks (``answers:12``): 64 bits of
    a hash of the name, as PostgreSQL's signed ``bigint``."""
    digest = hashlib.blake2b(f"cribbage-trainer:{name}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def _detail(url: str, err: BaseException) -> str:
    return f"{shown(url)}: {_first_line(err)}"


def _unavailable(url: str, err: BaseException) -> ServerUnavailableError:
    return ServerUnavailableError(
        "the progress server cannot be reached just now",
        detail=_detail(url, err),
    )


def _busy(url: str, err: BaseException) -> StoreBusyError:
    return StoreBusyError(
        "the progress store is busy just now (many players are saving at once)",
        detail=_detail(url, err),
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
            "the disk of the progress server is full: free some space on it and answers are "
            "saved again",
            detail=_detail(url, err),
        )
    if isinstance(err, psycopg.errors.LockNotAvailable | psycopg.errors.QueryCanceled):
        return _busy(url, err)
    if isinstance(err, psycopg.OperationalError | psycopg.InterfaceError):
        return _unavailable(url, err)
    if isinstance(err, psycopg.errors.DataError):
        return StoreError(
            "the progress server refused a value it cannot keep", detail=_detail(url, err)
        )
    return StoreError("the progress server refused to save this", detail=_detail(url, err))


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

        try:
            with self.raw.transaction():
                _refuse_newer(self)
                yield
        except psycopg.Error as err:
            raise _translate(self.url, err) from err

    def lock(self, name: str) -> None:
        """Inside :meth:`write`: hold the lock on ``name`` (one player's answers, one
        look of a name) until the transaction ends; another writer of the same thing waits
        (at most the busy timeout), every other writer goes on."""
        self.execute("SELECT pg_advisory_xact_lock(?)", (lock_key(name),))

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
        # read from pg_class itself (not the name cache, as to_regclass reads it), so that
        # after a lock this transaction sees a table another one made meanwhile
        row = self.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n "
            "ON n.oid = c.relnamespace WHERE c.relname = 'trainer_schema' "
            "AND n.nspname = current_schema())"
        ).fetchone()
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
            "The progress store was upgraded by a newer version of the trainer (schema "
            f"{version}; this version knows up to {SCHEMA_VERSION}). Nothing more was written "
            "to it: update the trainer on every app server to keep using it.",
            detail=shown(conn.url),
        )


def _configure(busy_timeout: float) -> Any:
    def configure(raw: Any) -> None:
        # how long a statement waits for a row or a lock another writer holds
        raw.execute(f"SET lock_timeout = {int(busy_timeout * 1000)}")

    return configure


def _reset(raw: Any) -> None:
    """Every connection taken back: no transaction left open, no advisory lock held (the
    pool rolls an open transaction back first; this makes sure of it)."""
    from psycopg.pq import TransactionStatus

    if raw.info.transaction_status != TransactionStatus.IDLE:
        raw.rollback()
    raw.execute("SELECT pg_advisory_unlock_all()")


class _Gone(BaseException):
    """Raised by the pool's check of a connection it was about to lend, which is dead: the
    server is down (``down`` says so), or it answers again and the old pool's connections
    are all dead. A ``BaseException``, so that the pool hands it on at once rather than
    waiting a second and more to try its next connection, each as dead."""

    def __init__(self, down: ServerUnavailableError | None) -> None:
        super().__init__("the connection was dead")
        self.down = down


@dataclass
class _Server:
    """One server as this process sees it: its pool, and whether it was last found down."""

    url: str
    busy_timeout: float
    pool: Any = None
    down: bool = False
    probed_at: float = 0.0  # when the last try to connect while it was down ended
    probe_took: float = 0.0  # how long that try took (a refusal is quick, a timeout not)
    probing: bool = False

    def __post_init__(self) -> None:
        self.guard = threading.Lock()
        self.pool = self._new_pool()

    def _new_pool(self) -> Any:
        from psycopg_pool import ConnectionPool

        pool = ConnectionPool(
            self.url,
            min_size=1,
            max_size=POOL_MAX,
            kwargs={"autocommit": True, "connect_timeout": self._connect_timeout()},
            configure=_configure(self.busy_timeout),
            check=self._check,
            reset=_reset,
            timeout=self.busy_timeout,
            open=False,
            name="trainer-progress",
        )
        pool.open(wait=False)
        return pool

    def _connect_timeout(self) -> int:
        return max(1, round(self.busy_timeout))

    def borrow(self) -> tuple[Any, Any]:
        """A pool and a live connection of it (give it back to that pool)."""
        from psycopg_pool import PoolTimeout

        for _ in range(2):
            pool = self.ready()
            try:
                return pool, pool.getconn(timeout=self.busy_timeout)
            except PoolTimeout as err:
                raise self.timed_out(err) from err
            except _Gone as gone:
                if gone.down is not None:
                    raise gone.down from None
                self.renew()  # the server is back: a fresh pool, and once more
        raise _unavailable(self.url, ConnectionError("a fresh pool's connection was dead too"))

    def ready(self) -> Any:
        """The pool to borrow from: at once while the server answers; while it is down (or
        the pool has failed to connect), one quick try to connect first (a fresh pool when
        it answers), and in between :class:`ServerUnavailableError` without waiting."""
        with self.guard:
            if not self.down:
                struggling = self.pool.get_stats().get("connections_errors", 0)
                if not struggling or self.probing:  # (another call is finding out)
                    return self.pool
            elif self.probing or time.monotonic() - self.probed_at < min(
                self.probe_took, PROBE_GAP
            ):
                raise _unavailable(self.url, ConnectionError("down a moment ago, not tried again"))
            self.probing = True
        try:
            self._probe()
        finally:
            with self.guard:
                self.probing = False
        return self.renew()

    def _probe(self) -> None:
        """One try to connect, not through the pool; :class:`ServerUnavailableError` (and
        the server marked down) when it fails."""
        import psycopg

        started = time.monotonic()
        try:
            psycopg.connect(
                self.url, autocommit=True, connect_timeout=self._connect_timeout()
            ).close()
        except psycopg.Error as err:
            with self.guard:
                self.probed_at = time.monotonic()
                self.probe_took = self.probed_at - started
            self.went_down()
            raise _unavailable(self.url, err) from err

    def _check(self, raw: Any) -> None:
        """The pool's check of a connection before it lends it (a round trip)."""
        from psycopg_pool import ConnectionPool

        try:
            ConnectionPool.check_connection(raw)
        except Exception:
            try:
                self._probe()
            except ServerUnavailableError as down:
                raise _Gone(down) from None
            raise _Gone(None) from None

    def went_down(self) -> None:
        with self.guard:
            if not self.down:
                log.warning("the progress server %s cannot be reached", shown(self.url))
            self.down = True

    def renew(self) -> Any:
        """A fresh pool, the old one closed in the background (its connections are dead, or
        it is waiting to reconnect after the server was down)."""
        with self.guard:
            old, self.pool = self.pool, self._new_pool()
            if self.down:
                log.warning("the progress server %s answers again", shown(self.url))
            self.down = False
            fresh: Any = self.pool
        threading.Thread(target=_close, args=(old,), daemon=True).start()
        return fresh

    def timed_out(self, err: BaseException) -> StoreError:
        """No connection came in time: the server is down (a try to connect fails), its
        pool could not connect meanwhile (renewed), or it is busy."""
        try:
            self._probe()
        except ServerUnavailableError as down:
            return down
        if self.pool.get_stats().get("connections_errors", 0):
            self.renew()
        return _busy(self.url, err)


def _close(pool: Any) -> None:
    with contextlib.suppress(Exception):
        pool.close(timeout=2.0)


_servers: dict[tuple[str, float], _Server] = {}
_servers_lock = threading.Lock()


def _server(url: str, busy_timeout: float) -> _Server:
    with _servers_lock:
        found = _servers.get((url, busy_timeout))
        if found is None:
            found = _servers[url, busy_timeout] = _Server(url, busy_timeout)
        return found


def close_pools() -> None:
    """Close every pool of this process (a test's server is stopped, a command ends)."""
    with _servers_lock:
        for found in _servers.values():
            _close(found.pool)
        _servers.clear()


@contextlib.contextmanager
def connect(url: str, busy_timeout: float) -> Iterator[PostgresConnection]:
    import psycopg

    server = _server(url, busy_timeout)
    pool, raw = server.borrow()
    try:
        yield PostgresConnection(raw, url, busy_timeout)
    except psycopg.Error as err:
        failure = _translate(url, err)
        if isinstance(failure, ServerUnavailableError):
            server.went_down()
        raise failure from err
    except ServerUnavailableError:
        server.went_down()  # a connection dropped half way: the next call tries afresh
        raise
    finally:
        pool.putconn(raw)  # reset (rolled back, unlocked) before it is lent again


def check_database(conn: PostgresConnection) -> None:
    """Before migrating: a database of another program's is left alone; a newer trainer's
    store is refused."""
    version = conn.schema_version()
    if version == 0:
        tables = [t for t in conn.tables() if t != "trainer_schema"]
        if tables:
            names = ", ".join(tables[:3]) + (", …" if len(tables) > 3 else "")
            raise ForeignFileError(
                f"The progress store's database holds another program's tables ({names}), "
                "so the trainer left it as it is. Give the trainer a database of its own.",
                detail=shown(conn.url),
            )
    elif version > SCHEMA_VERSION:
        raise NewerSchemaError(
            "The progress store was written by a newer version of the trainer (schema "
            f"{version}; this version knows up to {SCHEMA_VERSION}). It was left untouched: "
            "update the trainer to keep using it.",
            detail=shown(conn.url),
        )

"""What leaves the store whole: a player's answers as CSV, and every row of a store, to
copy it to another (a family's file into a club's server, and back)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, NamedTuple

from trainer.engine.skills import CATEGORIES
from trainer.progress.store.backend import Connection
from trainer.progress.store.errors import StoreError

CSV_HEADER = (
    "when_utc",
    "drill",
    "tier",
    "seed",
    "question",
    "answer",
    "correct",
    "points_off",
    "missed",
    "seconds",
    "mode",
)


def csv_text(value: str) -> str:
    """Keep spreadsheets from running typed text as a formula."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def tenths(seconds: float) -> str:
    """Seconds to one decimal, a half rounded up as it reads (``0.15`` is ``0.2``), as
    SQLite's ``printf('%.1f')`` wrote them before the store had two backends.

    >>> [tenths(x) for x in (3.25, 0.15, 7.45, 12.0)]
    ['3.3', '0.2', '7.5', '12.0']
    """
    return str(Decimal(repr(seconds)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def answers_csv(conn: Connection, profile_id: int) -> str:
    """Every answer of a profile as CSV (one row per answer, oldest first)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    order: dict[str, int] = {c: n for n, c in enumerate(CATEGORIES)}
    cursor = conn.execute(
        """SELECT replace(substr(a.at, 1, 19), ' ', 'T') || 'Z', a.drill, a.tier, a.seed,
                  a.question, a.answer, CASE a.correct WHEN 1 THEN 'yes' ELSE 'no' END,
                  a.points_off,
                  (SELECT group_concat(category, ' ') FROM attempt_misses m
                   WHERE m.attempt_id = a.id),
                  a.seconds, a.mode
           FROM attempts a WHERE a.profile_id = ? ORDER BY a.id""",
        (profile_id,),
    )
    for when, drill, tier, seed, question, answer, right, off, missed, secs, mode in cursor:
        missed = " ".join(sorted(missed.split(), key=order.__getitem__)) if missed else ""
        writer.writerow(
            (when, drill, csv_text(tier), seed, csv_text(question), csv_text(answer),
             right, off, missed, tenths(float(secs)), mode)
        )  # fmt: skip
    return out.getvalue()


class Table(NamedTuple):
    """One table's rows, and the names of its columns in the rows' order."""

    columns: tuple[str, ...]
    rows: list[tuple[Any, ...]]


#: Every table of the store, each after the ones it refers to, and the columns its rows
#: are ordered by.
TABLES: tuple[tuple[str, str], ...] = (
    ("profiles", "id"),
    ("attempts", "id"),
    ("attempt_misses", "attempt_id, category"),
    ("lesson_progress", "profile_id, lesson_id"),
    ("games", "id"),
    ("drafts", "profile_id, key"),
    ("game_reviews", "game_id"),
    ("credentials", "profile_id"),
    ("settings", "key"),
    ("groups", "id"),
    ("memberships", "group_id, profile_id"),
    ("assignments", "id"),
    ("preferences", "profile_id, key"),
    ("review_cards", "profile_id, card_key"),
    ("sign_in_tries", "scope, key"),
    ("shared_games", "game_id"),
    ("shared_seats", "game_id, seat"),
)
#: Tables whose ``id`` the database gives (PostgreSQL's identities are moved past a copy).
_IDENTITIES = ("profiles", "attempts", "games", "groups", "assignments")


def _columns(conn: Connection, table: str) -> tuple[str, ...]:
    if conn.dialect == "sqlite":
        rows = conn.execute(f"PRAGMA table_info({table})").fetchall()
        return tuple(str(r[1]) for r in rows)
    rows = conn.execute(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
        (table,),
    ).fetchall()
    return tuple(str(r[0]) for r in rows)


def dump(conn: Connection) -> dict[str, Table]:
    """Every row of every table, the columns in one order whatever the backend (a table a
    store at an older schema does not have yet is left out)."""
    out: dict[str, Table] = {}
    present = set(conn.tables())
    for table, order in TABLES:
        if table not in present:
            continue
        columns = tuple(sorted(_columns(conn, table)))
        rows = conn.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}").fetchall()
        out[table] = Table(columns, [tuple(row) for row in rows])
    return out


def load(conn: Connection, tables: Mapping[str, Table]) -> int:
    """Write ``tables`` (from :func:`dump`) into an empty store, inside the caller's write
    transaction; the number of rows written."""
    (players,) = conn.execute("SELECT COUNT(*) FROM profiles").fetchone()
    if players:
        raise StoreError(
            f"the store to copy into already has {players} player{'s' if players != 1 else ''}: "
            "copy into a new, empty store, so that nobody's progress is mixed with another's"
        )
    written = 0
    for table, _ in TABLES:
        found = tables.get(table)
        if found is None or not found.rows:
            continue
        columns = ", ".join(found.columns)
        marks = ", ".join("?" * len(found.columns))
        conn.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", found.rows)
        written += len(found.rows)
    if conn.dialect == "postgresql":
        for table in _IDENTITIES:
            conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {table}"
            )
    return written

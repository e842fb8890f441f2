"""The answers' SQL, each query on a connection it is given (inside the caller's
transaction): an answer written with its misses and the run of right answers it ends, the
answers read back, the Progress page's aggregates (a ``GROUP BY`` over an index each), and
everything of one player deleted."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from trainer.engine.skills import Category, DrillType
from trainer.progress.store.backend import Connection
from trainer.progress.store.rows import (
    ATTEMPT_COLUMNS,
    AreaRow,
    DayRow,
    MissRow,
    Recorded,
    Streaks,
    local_day,
    recorded,
    utc_text,
)
from trainer.training.records import AttemptIn


def attempts(
    conn: Connection, profile_id: int, session: str | None, limit: int | None
) -> list[Recorded]:
    where = "a.profile_id = ?" + (" AND a.session = ?" if session is not None else "")
    params: list[object] = [profile_id] + ([session] if session is not None else [])
    sql = f"SELECT {ATTEMPT_COLUMNS} FROM attempts a WHERE {where} ORDER BY a.id DESC"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    rows = conn.execute(sql, params).fetchall()
    return [recorded(r) for r in reversed(rows)]


def day_summary(conn: Connection, profile_id: int) -> list[DayRow]:
    rows = conn.execute(
        """SELECT day, drill, COUNT(*), SUM(correct), SUM(seconds) FROM attempts
           WHERE profile_id = ? GROUP BY day, drill ORDER BY day, drill""",
        (profile_id,),
    ).fetchall()
    return [
        DayRow(date.fromisoformat(r[0]), DrillType(r[1]), int(r[2]), int(r[3]), float(r[4]))
        for r in rows
    ]


def area_summary(conn: Connection, profile_id: int) -> list[AreaRow]:
    rows = conn.execute(
        """SELECT drill, tier, COUNT(*), SUM(correct), SUM(seconds) FROM attempts
           WHERE profile_id = ? GROUP BY drill, tier ORDER BY drill, tier""",
        (profile_id,),
    ).fetchall()
    return [AreaRow(DrillType(r[0]), r[1], int(r[2]), int(r[3]), float(r[4])) for r in rows]


def miss_summary(conn: Connection, profile_id: int) -> list[MissRow]:
    rows = conn.execute(
        """SELECT drill, tier, category, COUNT(*) FROM attempt_misses
           WHERE profile_id = ? GROUP BY drill, tier, category
           ORDER BY drill, tier, category""",
        (profile_id,),
    ).fetchall()
    return [MissRow(DrillType(r[0]), r[1], Category(r[2]), int(r[3])) for r in rows]


def streaks(conn: Connection, profile_id: int) -> Streaks:
    current = conn.execute(
        "SELECT streak FROM attempts WHERE profile_id = ? ORDER BY id DESC LIMIT 1",
        (profile_id,),
    ).fetchone()
    best = conn.execute(
        "SELECT MAX(streak) FROM attempts WHERE profile_id = ?", (profile_id,)
    ).fetchone()
    return Streaks(current[0] if current else 0, best[0] or 0)


def recent_by_area(
    conn: Connection, profile_id: int, per_area: int, areas: Iterable[tuple[str, str]]
) -> list[Recorded]:
    rows = []
    for drill, tier in areas:  # one short index walk per area
        rows += conn.execute(
            f"""SELECT {ATTEMPT_COLUMNS} FROM attempts a
                WHERE a.profile_id = ? AND a.drill = ? AND a.tier = ?
                ORDER BY a.id DESC LIMIT ?""",
            (profile_id, drill, tier, per_area),
        ).fetchall()
    return sorted((recorded(r) for r in rows), key=lambda r: r.id)


def clear_player(conn: Connection, profile_id: int) -> None:
    """Delete everything kept for one player (inside the caller's write transaction; under
    the player's lock, so that no answer reads a run of right answers being deleted)."""
    conn.lock(player_lock(profile_id))
    conn.execute("DELETE FROM attempt_misses WHERE profile_id = ?", (profile_id,))
    for table in ("attempts", "lesson_progress", "games", "drafts", "review_cards"):
        conn.execute(f"DELETE FROM {table} WHERE profile_id = ?", (profile_id,))


def player_lock(profile_id: int) -> str:
    """The lock on one player's answers (see :meth:`Connection.lock`): an answer reads the
    run of right answers it ends before it is written."""
    return f"answers:{profile_id}"


def insert_attempt(
    conn: Connection, profile_id: int, attempt: AttemptIn, session: str, key: str | None
) -> tuple[int, bool]:
    """Write one answer (inside the caller's write transaction, which holds
    :func:`player_lock`): ``(its id, True)``, or for a place already answered (``key``
    stored before: a reload, another tab) ``(the stored answer's id, False)``."""
    # the run of right answers this one ends (read under the player's lock, so exact)
    last = conn.execute(
        "SELECT streak FROM attempts WHERE profile_id = ? ORDER BY id DESC LIMIT 1",
        (profile_id,),
    ).fetchone()
    streak = (last[0] if last else 0) + 1 if attempt.correct else 0
    # a place answered once is kept once: the unique key refuses the second
    added = conn.execute(
        """INSERT INTO attempts (profile_id, at, day, drill, tier, seed, question, answer,
                                 correct, points_off, seconds, mode, session, streak,
                                 answer_key)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (profile_id, answer_key) WHERE answer_key IS NOT NULL DO NOTHING
           RETURNING id""",
        (
            profile_id,
            utc_text(attempt.at),
            local_day(attempt.at),
            attempt.drill,
            attempt.tier,
            attempt.seed,
            attempt.question,
            attempt.answer,
            int(attempt.correct),
            attempt.points_off,
            float(attempt.seconds),
            attempt.mode,
            session,
            streak,
            key,
        ),
    ).fetchone()
    if added is None:  # the same place answered before: keep the first answer
        stored = conn.execute(
            "SELECT id FROM attempts WHERE profile_id = ? AND answer_key = ?", (profile_id, key)
        ).fetchone()
        return int(stored[0]), False
    attempt_id = int(added[0])
    conn.executemany(
        "INSERT INTO attempt_misses (attempt_id, profile_id, drill, tier, category) "
        "VALUES (?, ?, ?, ?, ?)",
        [
            (attempt_id, profile_id, attempt.drill, attempt.tier, c)
            for c in dict.fromkeys(attempt.missed)
        ],
    )
    return attempt_id, True

"""The games of the Play page and their reviews: :class:`GameTables` (a game saved over
the version it was read at, the games read back, the figures by level, the reviews' totals).
It is a part of :class:`~trainer.progress.store.api.Store`, which gives it its connections."""

from __future__ import annotations

from collections.abc import Collection

from trainer.progress.store.backend import Connection, StoreTables
from trainer.progress.store.checks import check_game, check_review
from trainer.progress.store.errors import IntegrityViolation
from trainer.progress.store.rows import (
    GAME_COLUMNS,
    FinishedGame,
    GameReviewRow,
    GameStats,
    LevelGames,
    SavedGame,
    finished_game,
    now_text,
    saved_game,
    stale,
)

#: A finished game's margin in SQL, each score no further than the game hole (see
#: :func:`~trainer.progress.store.rows.at_most_target`).
MARGIN = (
    "(CASE WHEN my_score > target THEN target ELSE my_score END)"
    " - (CASE WHEN their_score > target THEN target ELSE their_score END)"
)

#: A game in the records by level, in SQL: against the computer alone (no person named in
#: its lineup), or across devices against a person (its level is them, ``@Bo``); a game
#: between people on one device is in no record against a computer level.
NO_PEOPLE = "(settings NOT LIKE '%lineup=%@%' OR level LIKE '@%')"


class GameTables(StoreTables):
    """The store's games and game reviews (see the module docstring)."""

    def save_game(self, profile_id: int, game: SavedGame) -> SavedGame:
        """Write a game over the version it was read at, and return it as now stored.

        ``game.version`` is the version the caller's copy is based on: 0 for a new game
        (refused with :class:`StaleGameError` when its id is taken), otherwise the stored
        version it was read or last saved at. A save over any other version (another tab or
        server saved the game since) raises :class:`StaleGameError` carrying the game as
        stored; a finished game is never written again (:class:`FinishedGameError`). Each
        save adds one to the version.
        """
        game = game._replace(seats=check_game(game))  # the seats its setup gives
        now = now_text()
        values = (
            game.settings, game.level, game.target, game.record, game.status, game.my_score,
            game.their_score, game.skunk, game.place, int(game.imported), int(game.resigned),
            game.seed, game.seats, now,
        )  # fmt: skip
        with self._connect() as conn:
            try:
                with conn.write():
                    if game.version == 0:  # a new game: refused by the row if its id is taken
                        cursor = conn.execute(
                            """INSERT INTO games (settings, level, target, record, status,
                                   my_score, their_score, skunk, place, imported, resigned,
                                   seed, seats, updated_at, profile_id, game_id, version)
                               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
                               ON CONFLICT (game_id) DO NOTHING""",
                            (*values, profile_id, game.game_id),
                        )
                        if cursor.rowcount == 1:
                            return game._replace(version=1)
                    else:  # saved only over the version read: the row checks it
                        cursor = conn.execute(
                            """UPDATE games SET settings = ?, level = ?, target = ?, record = ?,
                                   status = ?, my_score = ?, their_score = ?, skunk = ?,
                                   place = ?, imported = ?, resigned = ?, seed = ?,
                                   seats = ?, updated_at = ?, version = version + 1
                               WHERE profile_id = ? AND game_id = ? AND version = ?
                                     AND (status = 'playing' OR (status = ? AND record = ?))""",
                            (
                                *values,
                                profile_id,
                                game.game_id,
                                game.version,
                                game.status,
                                game.record,
                            ),  # a finished game: only where the person is looking
                        )
                        if cursor.rowcount == 1:
                            return game._replace(version=game.version + 1)
                    stored = _game_row(conn, profile_id, game.game_id)
            except IntegrityViolation as err:
                raise ValueError(f"there is no profile {profile_id} ({err})") from err
        raise stale(game, stored)

    def game_in_progress(self, profile_id: int) -> SavedGame | None:
        """The game the profile was last at: the latest still being played, or one just
        finished whose results screen has not been left yet."""
        with self._connect() as conn:
            row = conn.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE profile_id = ? "
                "AND (status = 'playing' OR place != 'left') "
                "ORDER BY updated_at DESC, id DESC LIMIT 1",
                (profile_id,),
            ).fetchone()
        return saved_game(row) if row else None

    def unfinished_games(self, profile_id: int) -> list[SavedGame]:
        """Every game of the profile still being played, the latest first."""
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE profile_id = ? AND status = 'playing' "
                "ORDER BY updated_at DESC, id DESC",
                (profile_id,),
            ).fetchall()
        return [saved_game(r) for r in rows]

    def finished_setups(self, profile_id: int) -> list[tuple[str, str]]:
        """The setup (``settings``) and the result (``won``, ``lost``) of each of the
        profile's finished games played here (not read from a record), oldest first."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT settings, status FROM games WHERE profile_id = ? AND imported = 0 "
                "AND status != 'playing' ORDER BY id",
                (profile_id,),
            ).fetchall()
        return [(str(settings), str(status)) for settings, status in rows]

    def game(self, profile_id: int, game_id: str) -> SavedGame | None:
        with self._connect() as conn:
            return _game_row(conn, profile_id, game_id)

    def games_with_seed(self, profile_id: int, seed: int) -> list[SavedGame]:
        """The profile's games dealt from ``seed`` (the same game, if the settings agree)."""
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE profile_id = ? AND seed = ? ORDER BY id",
                (profile_id, seed),
            ).fetchall()
        return [saved_game(r) for r in rows]

    def game_stats(self, profile_id: int, level: str, target: int, seats: int = 2) -> GameStats:
        """The profile's finished games at one level, length and table size (``seats``: 2,
        3, or 4 where a game won is one the player's partnership won); games read from
        records are not counted."""
        with self._connect() as conn:
            row = conn.execute(
                f"""SELECT COUNT(*), COALESCE(SUM(CASE WHEN status = 'won' THEN 1 END), 0),
                          COALESCE(SUM(CASE WHEN status = 'won' AND skunk > 0 THEN 1 END), 0),
                          AVG({MARGIN})
                   FROM games WHERE profile_id = ? AND level = ? AND target = ? AND seats = ?
                         AND status != 'playing' AND imported = 0 AND {NO_PEOPLE}""",
                (profile_id, level, target, seats),
            ).fetchone()
        average = float(row[3]) if row[3] is not None else None
        return GameStats(int(row[0]), int(row[1]), int(row[2]), average)

    def games_by_level(self, profile_id: int) -> dict[tuple[str, int], int]:
        """How many games the profile has finished at each level and table size, by
        ``(level, seats)``."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT level, seats, COUNT(*) FROM games WHERE profile_id = ? "
                f"AND status != 'playing' AND imported = 0 AND {NO_PEOPLE} GROUP BY level, seats",
                (profile_id,),
            ).fetchall()
        return {(str(r[0]), int(r[1])): int(r[2]) for r in rows}

    def games_record(self, profile_id: int) -> list[LevelGames]:
        """The profile's games at each level, length and table size it has played, finished
        or not (ordered by level name, length, then seats; games read from records are not
        counted)."""
        with self._connect() as conn:
            rows = conn.execute(
                f"""SELECT level, target,
                          COALESCE(SUM(CASE WHEN status != 'playing' THEN 1 END), 0),
                          COALESCE(SUM(CASE WHEN status = 'won' THEN 1 END), 0),
                          COALESCE(SUM(CASE WHEN status = 'won' AND skunk > 0 THEN 1 END), 0),
                          COALESCE(SUM(CASE WHEN status = 'lost' AND skunk > 0 THEN 1 END), 0),
                          AVG(CASE WHEN status != 'playing' THEN {MARGIN} END),
                          COALESCE(SUM(CASE WHEN status = 'playing' THEN 1 END), 0),
                          seats
                   FROM games WHERE profile_id = ? AND imported = 0 AND {NO_PEOPLE}
                   GROUP BY level, target, seats ORDER BY level, target, seats""",
                (profile_id,),
            ).fetchall()
        return [
            LevelGames(
                level=str(r[0]),
                target=int(r[1]),
                finished=int(r[2]),
                wins=int(r[3]),
                skunks_given=int(r[4]),
                skunks_taken=int(r[5]),
                average_margin=float(r[6]) if r[6] is not None else None,
                playing=int(r[7]),
                seats=int(r[8]),
            )
            for r in rows
        ]

    # -- game reviews (points lost per game, for the Progress page) --

    def save_game_review(self, profile_id: int, review: GameReviewRow) -> bool:
        """Keep a finished game's review totals (rewritten when it is reviewed again); False,
        and nothing written, when the profile has no such finished game."""
        check_review(review)
        with self._connect() as conn, conn.write():
            cursor = conn.execute(
                """INSERT INTO game_reviews (game_id, method, record_chars, deals, throws,
                           plays, counts, reviewed_at)
                       SELECT game_id, ?, ?, ?, ?, ?, ?, ? FROM games
                       WHERE profile_id = ? AND game_id = ? AND status != 'playing'
                       ON CONFLICT (game_id) DO UPDATE SET
                           method = excluded.method, record_chars = excluded.record_chars,
                           deals = excluded.deals, throws = excluded.throws,
                           plays = excluded.plays, counts = excluded.counts,
                           reviewed_at = excluded.reviewed_at""",
                (
                    review.method,
                    review.record_chars,
                    review.deals,
                    review.throws,
                    review.plays,
                    review.counts,
                    now_text(),
                    profile_id,
                    review.game_id,
                ),
            )
        return cursor.rowcount == 1

    def finished_games(
        self, profile_id: int, *, method: int, limit: int | None = None
    ) -> list[FinishedGame]:
        """The profile's finished games, newest first (the newest ``limit`` if given), each
        with the points its review found lost when a review by ``method`` of its record as it
        is now is stored (else ``lost`` is None)."""
        sql = """SELECT g.game_id, g.level, g.target, g.status, g.my_score, g.their_score,
                        g.skunk, g.updated_at, r.deals, r.throws, r.plays, r.counts, g.seats,
                        g.settings
                 FROM games g LEFT JOIN game_reviews r ON r.game_id = g.game_id
                      AND r.method = ? AND r.record_chars = length(g.record)
                 WHERE g.profile_id = ? AND g.status != 'playing'
                 ORDER BY g.updated_at DESC, g.id DESC"""
        params: list[object] = [method, profile_id]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        with self._connect() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [finished_game(row) for row in rows]

    def games_to_review(
        self, profile_id: int, *, method: int, limit: int, skip: Collection[str] = ()
    ) -> list[SavedGame]:
        """The profile's newest ``limit`` finished games whose review by ``method`` is not
        stored yet (or was of another record), leaving out the games named in ``skip``."""
        skipped = sorted(set(skip))
        columns = ", ".join(f"g.{c}" for c in GAME_COLUMNS.split(", "))
        leave_out = f"AND g.game_id NOT IN ({', '.join('?' * len(skipped))})" if skipped else ""
        with self._connect() as conn:
            rows = conn.execute(
                f"""SELECT {columns}
                    FROM games g LEFT JOIN game_reviews r ON r.game_id = g.game_id
                         AND r.method = ? AND r.record_chars = length(g.record)
                    WHERE g.profile_id = ? AND g.status != 'playing' AND r.game_id IS NULL
                          {leave_out}
                    ORDER BY g.updated_at DESC, g.id DESC LIMIT ?""",
                (method, profile_id, *skipped, limit),
            ).fetchall()
        return [saved_game(row) for row in rows]


def _game_row(conn: Connection, profile_id: int, game_id: str) -> SavedGame | None:
    row = conn.execute(
        f"SELECT {GAME_COLUMNS} FROM games WHERE profile_id = ? AND game_id = ?",
        (profile_id, game_id),
    ).fetchone()
    return saved_game(row) if row else None

"""The store's operations, the same on every backend: :class:`Store`.

A store is opened from its location (:func:`trainer.progress.store.where.resolve`): a
path (or ``sqlite:///path``) is a SQLite file (:mod:`~trainer.progress.store.sqlite`),
``postgresql://…`` a PostgreSQL server (:mod:`~trainer.progress.store.postgres`).
Opening brings the schema up to date (:mod:`~trainer.progress.store.schema`, one
transaction a step); every operation then borrows a connection for itself, and each write
is one transaction, so a crash leaves either the whole answer or none of it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import trainer.progress.store.answers as answers
import trainer.progress.store.export as export
import trainer.progress.store.postgres as postgres
import trainer.progress.store.sqlite as sqlite_file
from trainer.progress.store.backend import Connection, Held
from trainer.progress.store.checks import (
    DRAFT_MAX,
    INT64,
    KEY_MAX,
    LESSON_ID_MAX,
    PREFERENCE_KEY_MAX,
    PREFERENCE_MAX,
    check_attempt,
    check_game,
    check_key,
    check_review,
    clean_profile_name,
    look_alike_problem,
    name_key,
    text_field,
)
from trainer.progress.store.clubs import ClubTables
from trainer.progress.store.errors import (
    ForeignFileError,
    IntegrityViolation,
    InvalidAttemptError,
    ProfileNameError,
    StoreError,
)
from trainer.progress.store.rows import (
    GAME_COLUMNS,
    AreaRow,
    DayRow,
    FinishedGame,
    GameReviewRow,
    GameStats,
    LevelGames,
    MissRow,
    ProgressRows,
    Recorded,
    SavedGame,
    Streaks,
    finished_game,
    from_utc_text,
    now_text,
    profile_of,
    saved_game,
    stale,
    utc_text,
)
from trainer.progress.store.schema import MIGRATIONS, SCHEMA_VERSION, Backfill, statements
from trainer.training.records import AttemptIn, LessonProgress, Profile

#: How long an operation waits for another writer (or, on a server, for a connection)
#: before it fails; the app waits less (see ``trainer.ui.session``).
BUSY_TIMEOUT_SECONDS = 15.0


@dataclass(frozen=True)
class Store(ClubTables):
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
        except (sqlite3.Error, sqlite_file.CorruptError) as err:
            reason = sqlite_file.unreadable_reason(target, err)
        try:
            kept = sqlite_file.set_aside(target)
        except FileNotFoundError:
            kept = None  # someone else set it aside first
        except OSError as err:
            raise StoreError(
                f"The progress file {target} cannot be read ({reason}) and cannot be moved "
                f"aside ({err.strerror})."
            ) from err
        fresh = cls(str(target), busy_timeout=busy_timeout)
        try:
            fresh._prepare()
        except (sqlite3.Error, sqlite_file.CorruptError) as err:
            raise StoreError(
                f"A fresh progress file at {target} cannot be started ({err})."
            ) from err
        kept_as = f" The old file was kept, renamed to {kept.name}." if kept else ""
        return cls(
            str(target),
            busy_timeout=busy_timeout,
            notice=(
                f"The saved progress in {target} could not be read: {reason}.{kept_as} "
                "A fresh progress file was started."
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
                    # Looked at again under the writers' lock: another server half way
                    # through creating the store looks, for a moment, like another program.
                    with conn.write():
                        postgres.check_database(conn)
            version = conn.schema_version()
            while version < upto:
                with conn.write():
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
            with sqlite_file.connect(Path(self.location), self.busy_timeout) as file_conn:
                yield file_conn

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
        return sqlite_file.hold_open(Path(self.location), self.busy_timeout)

    def check_integrity(self) -> list[str]:
        """``["ok"]`` for a sound store, otherwise what the database found wrong."""
        if self.on_server:
            return ["ok"]  # the server keeps its own files whole
        return sqlite_file.check_integrity(Path(self.location), self.busy_timeout)

    # -- profiles --

    def profiles(self) -> list[Profile]:
        """Every profile, oldest first."""
        with self._connect() as conn:
            rows = conn.execute("SELECT id, name, created_at FROM profiles ORDER BY id").fetchall()
        return [profile_of(r) for r in rows]

    def profile(self, profile_id: int) -> Profile | None:
        with self._connect() as conn:
            row = conn.execute(
                "SELECT id, name, created_at FROM profiles WHERE id = ?", (profile_id,)
            ).fetchone()
        return profile_of(row) if row else None

    def profile_named(self, name: object) -> Profile | None:
        """The player called ``name`` (as typed: in any case, spaces trimmed), if any."""
        try:
            cleaned = clean_profile_name(name)
        except ProfileNameError:
            return None
        with self._connect() as conn:
            row = conn.execute(
                "SELECT id, name, created_at FROM profiles WHERE name_key = ?",
                (name_key(cleaned),),
            ).fetchone()
        return profile_of(row) if row else None

    def create_profile(self, name: object) -> Profile:
        """A new profile; :class:`ProfileNameError` if the name is unusable or taken."""
        cleaned = clean_profile_name(name)
        created = datetime.now(UTC)
        with self._connect() as conn:
            try:
                with conn.write():
                    _refuse_look_alike(conn, cleaned, None)
                    (new_id,) = conn.execute(
                        "INSERT INTO profiles (name, name_key, created_at) VALUES (?, ?, ?) "
                        "RETURNING id",
                        (cleaned, name_key(cleaned), utc_text(created)),
                    ).fetchone()
            except IntegrityViolation as err:
                raise ProfileNameError(f"There is already a profile called {cleaned}.") from err
        return Profile(int(new_id), cleaned, from_utc_text(utc_text(created)))

    def rename_profile(self, profile_id: int, name: object) -> Profile:
        cleaned = clean_profile_name(name)
        with self._connect() as conn:
            try:
                with conn.write():
                    _refuse_look_alike(conn, cleaned, profile_id)
                    cursor = conn.execute(
                        "UPDATE profiles SET name = ?, name_key = ? WHERE id = ?",
                        (cleaned, name_key(cleaned), profile_id),
                    )
            except IntegrityViolation as err:
                raise ProfileNameError(f"There is already a profile called {cleaned}.") from err
        if cursor.rowcount != 1:
            raise ProfileNameError("That profile no longer exists.")
        found = self.profile(profile_id)
        assert found is not None
        return found

    def delete_profile(self, profile_id: int) -> bool:
        """Remove a player and everything kept for them (answers, lesson places, games,
        drafts), and nothing else; False when there was no such player."""
        with self._connect() as conn, conn.write():
            answers.clear_player(conn, profile_id)
            conn.execute("DELETE FROM preferences WHERE profile_id = ?", (profile_id,))
            cursor = conn.execute("DELETE FROM profiles WHERE id = ?", (profile_id,))
        return cursor.rowcount == 1

    def clear_progress(self, profile_id: int) -> None:
        """Start a player again from nothing: their answers, lesson places, games and drafts
        are deleted; the player (and everyone else's progress) stays."""
        with self._connect() as conn, conn.write():
            answers.clear_player(conn, profile_id)

    # -- drafts: work in progress that outlives a reload (the claims of a count) --

    def save_draft(self, profile_id: int, key: str, value: str) -> None:
        text_field("a draft's key", key, KEY_MAX)
        text_field("a draft", value, DRAFT_MAX, empty_ok=True)
        self._keep_keyed("drafts", profile_id, key, value)

    def _keep_keyed(self, table: str, profile_id: int, key: str, value: str) -> None:
        """Keep ``value`` under the player's ``key`` in ``table`` (a draft or a setting),
        over what was kept there; a player who is not there raises ``ValueError``."""
        with self._connect() as conn:
            try:
                with conn.write():
                    conn.execute(
                        f"""INSERT INTO {table} (profile_id, key, value, updated_at)
                            VALUES (?, ?, ?, ?)
                            ON CONFLICT (profile_id, key) DO UPDATE SET
                                value = excluded.value, updated_at = excluded.updated_at""",
                        (profile_id, key, value, now_text()),
                    )
            except IntegrityViolation as err:
                raise ValueError(f"there is no profile {profile_id} ({err})") from err

    def draft(self, profile_id: int, key: str) -> str | None:
        with self._connect() as conn:
            row = conn.execute(
                "SELECT value FROM drafts WHERE profile_id = ? AND key = ?", (profile_id, key)
            ).fetchone()
        return str(row[0]) if row else None

    def drop_draft(self, profile_id: int, key: str) -> None:
        with self._connect() as conn, conn.write():
            conn.execute("DELETE FROM drafts WHERE profile_id = ? AND key = ?", (profile_id, key))

    # -- preferences: a player's settings (the table's sounds, how the show is counted) --

    def preferences(self, profile_id: int) -> dict[str, str]:
        """Every setting the player has chosen, by key (none chosen: empty)."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT key, value FROM preferences WHERE profile_id = ? ORDER BY key",
                (profile_id,),
            ).fetchall()
        return {str(key): str(value) for key, value in rows}

    def set_preference(self, profile_id: int, key: str, value: str) -> None:
        """Keep one of the player's settings (over what was kept for that key); a player
        who is not there raises ``ValueError``. Clearing a player's progress keeps their
        settings; removing the player removes them."""
        text_field("a setting's name", key, PREFERENCE_KEY_MAX)
        text_field("a setting", value, PREFERENCE_MAX, empty_ok=True)
        self._keep_keyed("preferences", profile_id, key, value)

    # -- answers --

    def add_attempts(
        self,
        profile_id: int,
        attempts: Iterable[AttemptIn | tuple[AttemptIn, str | None]],
        *,
        session: str = "",
    ) -> int:
        """Store many answers in ONE transaction (imports, benchmarks); all or nothing.

        Each is an answer or an ``(answer, key)`` pair (see :meth:`add_attempts_each`); returns how
        many were stored (an answer whose key is already stored is left out).
        """
        keyed = (item if isinstance(item, tuple) else (item, None) for item in attempts)
        return sum(new for _, new in self._insert(profile_id, keyed, session))

    def add_attempts_each(
        self,
        profile_id: int,
        attempts: Iterable[tuple[AttemptIn, str | None]],
        *,
        session: str = "",
    ) -> list[tuple[int, bool]]:
        """As :meth:`add_attempts`, saying for each answer its id and whether it was stored
        now (False: an answer with its key was stored before, from another tab or window)."""
        return self._insert(profile_id, attempts, session)

    def saved_keys(self, profile_id: int, prefix: str) -> frozenset[str]:
        """The keys starting with ``prefix`` of a profile's stored answers (see :meth:`add_attempts_each`)."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT answer_key FROM attempts WHERE profile_id = ? "
                "AND substr(answer_key, 1, ?) = ?",
                (profile_id, len(prefix), prefix),
            ).fetchall()
        return frozenset(str(r[0]) for r in rows)

    def _insert(
        self, profile_id: int, attempts: Iterable[tuple[AttemptIn, str | None]], session: str
    ) -> list[tuple[int, bool]]:
        """``(id, stored now)`` of each answer, in one transaction."""
        ids = []
        with self._connect() as conn:
            try:
                with conn.write():
                    for attempt, key in attempts:
                        check_attempt(attempt)
                        check_key(key)
                        ids.append(answers.insert_attempt(conn, profile_id, attempt, session, key))
            except IntegrityViolation as err:
                raise InvalidAttemptError(f"there is no profile {profile_id} ({err})") from err
        return ids

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

    def attempts(
        self, profile_id: int, *, session: str | None = None, limit: int | None = None
    ) -> list[Recorded]:
        """A profile's answers, oldest first (the newest ``limit`` of them if given)."""
        with self._connect() as conn:
            return answers.attempts(conn, profile_id, session, limit)

    # -- aggregates for the Progress page (each a GROUP BY over an index) --

    def progress_rows(self, profile_id: int, *, per_area: int, recent: int) -> ProgressRows:
        """Everything the Progress page reads, from one consistent snapshot of the file."""
        with self._connect() as conn, conn.snapshot():
            if True:  # every query below reads one snapshot
                areas = answers.area_summary(conn, profile_id)
                return ProgressRows(
                    days=answers.day_summary(conn, profile_id),
                    areas=areas,
                    misses=answers.miss_summary(conn, profile_id),
                    streaks=answers.streaks(conn, profile_id),
                    window=answers.recent_by_area(
                        conn, profile_id, per_area, [(a.drill, a.tier) for a in areas]
                    ),
                    recent=answers.attempts(conn, profile_id, None, recent),
                )

    def day_summary(self, profile_id: int) -> list[DayRow]:
        """Answers, right answers and seconds per day and drill type, oldest day first."""
        with self._connect() as conn:
            return answers.day_summary(conn, profile_id)

    def area_summary(self, profile_id: int) -> list[AreaRow]:
        """Answers, right answers and seconds per drill type and tier, over all answers."""
        with self._connect() as conn:
            return answers.area_summary(conn, profile_id)

    def miss_summary(self, profile_id: int) -> list[MissRow]:
        """How often each category was missed, per drill type and tier, over all answers."""
        with self._connect() as conn:
            return answers.miss_summary(conn, profile_id)

    def streaks(self, profile_id: int) -> Streaks:
        """Right answers in a row: the current run and the best ever."""
        with self._connect() as conn:
            return answers.streaks(conn, profile_id)

    # -- lessons --

    def lesson_progress(self, profile_id: int) -> dict[str, LessonProgress]:
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT lesson_id, step, done FROM lesson_progress WHERE profile_id = ?",
                (profile_id,),
            ).fetchall()
        return {r[0]: LessonProgress(r[0], int(r[1]), bool(r[2])) for r in rows}

    def save_lesson_progress(self, profile_id: int, lesson_id: str, step: int, done: bool) -> None:
        """Remember the step reached; a lesson once done stays done."""
        if not isinstance(lesson_id, str) or not lesson_id.strip():
            raise ValueError("lesson_id is empty")
        if len(lesson_id) > LESSON_ID_MAX:
            raise ValueError(f"lesson_id is longer than {LESSON_ID_MAX} characters")
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < INT64:
            raise ValueError(f"step must be a whole number from 0, not {step!r}")
        with self._connect() as conn:
            try:
                with conn.write():
                    conn.execute(
                        """INSERT INTO lesson_progress
                               (profile_id, lesson_id, step, done, updated_at)
                           VALUES (?, ?, ?, ?, ?)
                           ON CONFLICT (profile_id, lesson_id) DO UPDATE SET
                               step = excluded.step,
                               done = CASE WHEN lesson_progress.done = 1
                                           THEN 1 ELSE excluded.done END,
                               updated_at = excluded.updated_at""",
                        (
                            profile_id,
                            lesson_id,
                            step,
                            int(bool(done)),
                            now_text(),
                        ),
                    )
            except IntegrityViolation as err:
                raise ValueError(f"there is no profile {profile_id} ({err})") from err

    # -- games (the Play page) --

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
                    if game.version == 0:
                        taken = conn.execute(
                            "SELECT 1 FROM games WHERE game_id = ?", (game.game_id,)
                        ).fetchone()
                        if taken is None:
                            conn.execute(
                                """INSERT INTO games (settings, level, target, record, status,
                                       my_score, their_score, skunk, place, imported, resigned,
                                       seed, seats, updated_at, profile_id, game_id, version)
                                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)""",
                                (*values, profile_id, game.game_id),
                            )
                            return game._replace(version=1)
                    else:
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
                """SELECT COUNT(*), COALESCE(SUM(CASE WHEN status = 'won' THEN 1 END), 0),
                          COALESCE(SUM(CASE WHEN status = 'won' AND skunk > 0 THEN 1 END), 0),
                          AVG(my_score - their_score)
                   FROM games WHERE profile_id = ? AND level = ? AND target = ? AND seats = ?
                         AND status != 'playing' AND imported = 0""",
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
                "AND status != 'playing' AND imported = 0 GROUP BY level, seats",
                (profile_id,),
            ).fetchall()
        return {(str(r[0]), int(r[1])): int(r[2]) for r in rows}

    def games_record(self, profile_id: int) -> list[LevelGames]:
        """The profile's games at each level, length and table size it has played, finished
        or not (ordered by level name, length, then seats; games read from records are not
        counted)."""
        with self._connect() as conn:
            rows = conn.execute(
                """SELECT level, target,
                          COALESCE(SUM(CASE WHEN status != 'playing' THEN 1 END), 0),
                          COALESCE(SUM(CASE WHEN status = 'won' THEN 1 END), 0),
                          COALESCE(SUM(CASE WHEN status = 'won' AND skunk > 0 THEN 1 END), 0),
                          COALESCE(SUM(CASE WHEN status = 'lost' AND skunk > 0 THEN 1 END), 0),
                          AVG(CASE WHEN status != 'playing' THEN my_score - their_score END),
                          COALESCE(SUM(CASE WHEN status = 'playing' THEN 1 END), 0),
                          seats
                   FROM games WHERE profile_id = ? AND imported = 0
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
                        g.skunk, g.updated_at, r.deals, r.throws, r.plays, r.counts, g.seats
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
            return export.load(conn, tables)


class _Nothing:
    def close(self) -> None:
        pass


def _refuse_look_alike(conn: Connection, cleaned: str, profile_id: int | None) -> None:
    """A name that looks like another player's (but is spelt with other letters) is refused."""
    others = [(int(r[0]), str(r[1])) for r in conn.execute("SELECT id, name FROM profiles")]
    problem = look_alike_problem(cleaned, others, profile_id)
    if problem:
        raise ProfileNameError(problem)


def _game_row(conn: Connection, profile_id: int, game_id: str) -> SavedGame | None:
    row = conn.execute(
        f"SELECT {GAME_COLUMNS} FROM games WHERE profile_id = ? AND game_id = ?",
        (profile_id, game_id),
    ).fetchone()
    return saved_game(row) if row else None

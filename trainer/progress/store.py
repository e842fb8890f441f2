"""The progress store: every graded answer, lesson places and profiles, in one SQLite file.

All the SQL of the trainer lives in this module, so a later deployment can point it at
something else by replacing one file. Nothing here imports Streamlit.

Design:

* A short-lived connection per operation (Streamlit serves each browser session on its own
  thread, and a connection must not cross threads), in WAL mode with ``synchronous=NORMAL``
  and a busy timeout, so many sessions and processes can answer at once.
* A versioned schema: ``PRAGMA user_version`` holds the version and :data:`MIGRATIONS`
  brings any older file up to date, one transaction per step. A file from a newer trainer
  is refused with :class:`NewerSchemaError` and never written to.
* A file that is not a readable database is renamed aside (never deleted) and a fresh
  store is started; :attr:`Store.notice` says what happened.
* Each answer is written in one transaction (the attempt and the categories it missed), so a
  crash leaves either the whole answer or none of it.
"""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import math
import os
import sqlite3
import time
import unicodedata
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, NamedTuple

from confusable_homoglyphs import categories, confusables

from trainer.content.skills import CATEGORIES, DRILL_TYPES, MODES
from trainer.training.records import AttemptIn, LessonProgress, Profile

#: Environment variable naming the database file (it wins over every other setting).
ENV_VAR = "CRIBBAGE_TRAINER_DB"
APP_NAME = "cribbage-trainer"
FILE_NAME = "progress.sqlite3"

BUSY_TIMEOUT_SECONDS = 15.0
PROFILE_NAME_MAX = 40
TEXT_MAX = 500  # question, answer: a pile or a claim is far shorter
TIER_MAX = 40
LESSON_ID_MAX = 100
KEY_MAX = 100
_INT64 = 2**63


class StoreError(Exception):
    """The progress store cannot be used; the message says why in plain words."""


class NewerSchemaError(StoreError):
    """The file was written by a newer trainer; it is left exactly as it is."""


class ForeignFileError(StoreError):
    """The file is another program's database; it is left exactly as it is."""


def describe_error(err: BaseException) -> str:
    """A store error in plain words: a full disk, a file that cannot be written, a file held
    by another program; otherwise SQLite's own message."""
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


class InvalidAttemptError(ValueError):
    """An answer record that cannot be stored, naming the field that is wrong."""


class ProfileNameError(ValueError):
    """A profile name that cannot be used, with a message fit to show the person typing it."""


class Recorded(NamedTuple):
    """An answer as stored: its row id, whose it is, and the answer itself."""

    id: int
    profile_id: int
    attempt: AttemptIn


class DayRow(NamedTuple):
    """Answers of one drill type on one (local) day."""

    day: date
    drill: str
    answers: int
    correct: int
    seconds: float  # total seconds taken


class AreaRow(NamedTuple):
    """Answers of one drill type and tier."""

    drill: str
    tier: str
    answers: int
    correct: int
    seconds: float  # total seconds taken


class MissRow(NamedTuple):
    """How often one category was missed in one drill type and tier."""

    drill: str
    tier: str
    category: str
    misses: int


class Streaks(NamedTuple):
    current: int  # right answers in a row, up to the latest
    best: int  # the longest run of right answers ever


class ProgressRows(NamedTuple):
    """What the Progress page reads, all from one snapshot."""

    days: list[DayRow]
    areas: list[AreaRow]
    misses: list[MissRow]
    streaks: Streaks
    window: list[Recorded]  # the newest answers of each drill type and tier
    recent: list[Recorded]  # the newest answers


# --- games: the schema (the Play page's saved games) ---------------------------------------

#: The games table: one row per game, its record's text rewritten after every action.
#: ``IF NOT EXISTS`` so this step can take any place among the migrations.
GAMES_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS games (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        game_id TEXT NOT NULL UNIQUE,
        settings TEXT NOT NULL,
        level TEXT NOT NULL,
        target INTEGER NOT NULL,
        record TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('playing', 'won', 'lost')),
        my_score INTEGER NOT NULL DEFAULT 0,
        their_score INTEGER NOT NULL DEFAULT 0,
        skunk INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS games_by_profile ON games (profile_id, status, updated_at)",
)
GAME_STATUSES = ("playing", "won", "lost")
GAME_RECORD_MAX = 200_000

#: What makes a game's saves safe with several tabs and servers, and its results screen last:
#: ``version`` counts the saves (each save names the version it was based on, and is refused
#: when another tab or server saved first); ``place`` is where the person is looking (the
#: events seen, the step of a count shown, ``left`` once the results screen is left);
#: ``imported`` marks a game read from a pasted record (never counted in the level records);
#: ``resigned`` a game given up (a loss); ``seed`` finds the same game when it is imported
#: again. Games already finished are marked as left.
GAMES_VERSION_MIGRATION: tuple[str, ...] = (
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
    "ALTER TABLE games ADD COLUMN place TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN seed INTEGER",
    "UPDATE games SET place = 'left' WHERE status != 'playing'",
    # the seed from the record's [Seed "..."] header (CAST reads the digits that start it)
    """UPDATE games SET seed = CAST(substr(record, instr(record, '[Seed "') + 7) AS INTEGER)
       WHERE instr(record, '[Seed "') > 0""",
    "CREATE INDEX games_by_seed ON games (profile_id, seed)",
    # work in progress that must outlive a reload or a restart (the claims of a count)
    """CREATE TABLE drafts (
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, key)
    )""",
)
GAME_PLACE_MAX = 100
DRAFT_MAX = 4000


# --- game reviews: the schema (points lost per game, for the Progress page) ------------------

#: One row per reviewed game: the points its review found lost, by kind, so that the Progress
#: page charts them without replaying every game. ``method`` is the review's version (a newer
#: review makes the row again) and ``record_chars`` the length of the record reviewed (a row
#: for another record than the game's is not read). ``IF NOT EXISTS``, and nothing else
#: refers to it, so this step can take any place among the migrations.
REVIEWS_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS game_reviews (
        game_id TEXT PRIMARY KEY REFERENCES games(game_id) ON DELETE CASCADE,
        method INTEGER NOT NULL,
        record_chars INTEGER NOT NULL,
        deals INTEGER NOT NULL CHECK (deals >= 0),
        throws REAL NOT NULL CHECK (throws >= 0),
        plays REAL NOT NULL CHECK (plays >= 0),
        counts REAL NOT NULL CHECK (counts >= 0),
        reviewed_at TEXT NOT NULL
    )""",
)


# --- preferences: the schema (a player's settings, kept from one visit to the next) -----------

#: One row per player and setting (the table's sounds, how the show is counted): ``key`` names
#: the setting and ``value`` holds it as text; the page that offers a setting reads and words
#: it. ``IF NOT EXISTS``, and nothing else refers to it, so this step can take any place among
#: the migrations.
PREFERENCES_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS preferences (
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, key)
    )""",
)
PREFERENCE_KEY_MAX = 40
PREFERENCE_MAX = 100


# --- schema -------------------------------------------------------------------------------

#: ``MIGRATIONS[n]`` takes a file from schema version ``n`` to ``n + 1``.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE profiles (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL
        )""",
        """CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            day TEXT NOT NULL,
            drill TEXT NOT NULL,
            tier TEXT NOT NULL,
            seed INTEGER NOT NULL,
            question TEXT NOT NULL,
            answer TEXT NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            points_off INTEGER NOT NULL,
            seconds REAL NOT NULL CHECK (seconds >= 0),
            mode TEXT NOT NULL,
            session TEXT NOT NULL DEFAULT ''
        )""",
        """CREATE TABLE attempt_misses (
            attempt_id INTEGER NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
            profile_id INTEGER NOT NULL,
            drill TEXT NOT NULL,
            tier TEXT NOT NULL,
            category TEXT NOT NULL,
            PRIMARY KEY (attempt_id, category)
        )""",
        """CREATE TABLE lesson_progress (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            lesson_id TEXT NOT NULL,
            step INTEGER NOT NULL CHECK (step >= 0),
            done INTEGER NOT NULL CHECK (done IN (0, 1)),
            updated_at TEXT NOT NULL,
            PRIMARY KEY (profile_id, lesson_id)
        )""",
        "CREATE INDEX attempts_by_profile ON attempts (profile_id, id)",
        "CREATE INDEX attempts_by_session ON attempts (profile_id, session, id)",
    ),
    # 2: what lets the Progress page aggregate in SQL: covering indexes, and each answer's
    # run of right answers (``streak``: 0 when wrong), filled in for answers already there
    (
        "ALTER TABLE attempts ADD COLUMN streak INTEGER NOT NULL DEFAULT 0",
        """UPDATE attempts SET streak = runs.streak FROM (
               SELECT id, n - MAX(CASE WHEN correct = 0 THEN n ELSE 0 END) OVER (
                   PARTITION BY profile_id ORDER BY id ROWS UNBOUNDED PRECEDING) AS streak
               FROM (SELECT id, profile_id, correct,
                            ROW_NUMBER() OVER (PARTITION BY profile_id ORDER BY id) AS n
                     FROM attempts)
           ) AS runs WHERE attempts.id = runs.id""",
        "DROP INDEX attempts_by_profile",
        "CREATE INDEX attempts_in_order ON attempts (profile_id, id, streak)",
        "CREATE INDEX attempts_by_streak ON attempts (profile_id, streak)",
        "CREATE INDEX attempts_by_day ON attempts (profile_id, day, drill, correct, seconds)",
        "CREATE INDEX attempts_by_area ON attempts (profile_id, drill, tier, id, correct, seconds)",
        "CREATE INDEX misses_by_area ON attempt_misses (profile_id, drill, tier, category)",
    ),
    # 3: an answer's place in a practice set (``<set>/<question>``), so that an answer given
    # again after a reload is not stored twice
    (
        "ALTER TABLE attempts ADD COLUMN answer_key TEXT",
        "CREATE UNIQUE INDEX attempts_once ON attempts (profile_id, answer_key) "
        "WHERE answer_key IS NOT NULL",
    ),
    # 4: games against the computer (see the games section below)
    GAMES_MIGRATION,
    # 5: games saved only over the version they were read at; drafts (see above)
    GAMES_VERSION_MIGRATION,
    # 6: each reviewed game's points lost by kind (see the game reviews section below)
    REVIEWS_MIGRATION,
    # 7: each player's settings, such as the table's sounds (see the preferences section)
    PREFERENCES_MIGRATION,
)

SCHEMA_VERSION = len(MIGRATIONS)


# --- where the file lives -------------------------------------------------------------------


def default_path() -> Path:
    """The file in the user's data directory (e.g. ``~/.local/share/cribbage-trainer``)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False)) / FILE_NAME


def resolve_path(setting: str | os.PathLike[str] | None = None) -> Path:
    """The database file to use: ``$CRIBBAGE_TRAINER_DB``, else ``setting``, else the default."""
    chosen = os.environ.get(ENV_VAR) or (os.fspath(setting) if setting else "")
    return Path(chosen).expanduser() if chosen else default_path()


# --- values in and out ----------------------------------------------------------------------


def _utc_text(at: datetime) -> str:
    """Store instants as UTC text that sorts in time order (naive means local time)."""
    return at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def _from_utc_text(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=UTC)


def _local_day(at: datetime) -> str:
    """The learner's own calendar day for an answer, fixed when it is given."""
    return at.astimezone().date().isoformat()


def _text_field(name: str, value: object, limit: int, *, empty_ok: bool = False) -> None:
    if not isinstance(value, str):
        raise InvalidAttemptError(f"{name} must be text, not {type(value).__name__}")
    if not empty_ok and not value.strip():
        raise InvalidAttemptError(f"{name} is empty")
    if len(value) > limit:
        raise InvalidAttemptError(f"{name} is {len(value)} characters long; the most is {limit}")
    if "\x00" in value:
        raise InvalidAttemptError(f"{name} contains a NUL character")


def check_attempt(attempt: AttemptIn) -> None:
    """Refuse a record that is not a well-formed graded answer, naming the field."""
    if attempt.drill not in DRILL_TYPES:
        raise InvalidAttemptError(f"drill {attempt.drill!r} is not one of {', '.join(DRILL_TYPES)}")
    _text_field("tier", attempt.tier, TIER_MAX)
    _text_field("question", attempt.question, TEXT_MAX)
    _text_field("answer", attempt.answer, TEXT_MAX, empty_ok=True)
    if isinstance(attempt.seed, bool) or not isinstance(attempt.seed, int):
        raise InvalidAttemptError(f"seed must be a whole number, not {attempt.seed!r}")
    if not -_INT64 <= attempt.seed < _INT64:
        raise InvalidAttemptError(f"seed {attempt.seed} does not fit in 64 bits")
    if not isinstance(attempt.correct, bool):
        raise InvalidAttemptError(f"correct must be True or False, not {attempt.correct!r}")
    if isinstance(attempt.points_off, bool) or not isinstance(attempt.points_off, int):
        raise InvalidAttemptError(f"points_off must be a whole number, not {attempt.points_off!r}")
    if abs(attempt.points_off) > 1000:
        raise InvalidAttemptError(f"points_off {attempt.points_off} is out of range")
    if isinstance(attempt.seconds, bool) or not isinstance(attempt.seconds, int | float):
        raise InvalidAttemptError(f"seconds must be a number, not {attempt.seconds!r}")
    if not math.isfinite(attempt.seconds) or attempt.seconds < 0:
        raise InvalidAttemptError(f"seconds must be zero or more, not {attempt.seconds!r}")
    if attempt.mode not in MODES:
        raise InvalidAttemptError(f"mode {attempt.mode!r} is not one of {', '.join(MODES)}")
    if not isinstance(attempt.missed, tuple | list | frozenset | set):
        raise InvalidAttemptError("missed must be a tuple of categories")
    unknown = [c for c in attempt.missed if c not in CATEGORIES]
    if unknown:
        raise InvalidAttemptError(
            f"missed has unknown categor{'y' if len(unknown) == 1 else 'ies'} "
            f"{', '.join(map(repr, unknown))}; known: {', '.join(CATEGORIES)}"
        )
    if not isinstance(attempt.at, datetime):
        raise InvalidAttemptError(f"at must be a datetime, not {attempt.at!r}")


#: Alphabets whose letters look alike: a name may use one of them, not several.
_LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})


def clean_profile_name(name: object) -> str:
    """The name as it will be stored (trimmed, and in Unicode's compatibility form, so that
    a name typed in full-width letters or with a separate accent is the same name), or
    :class:`ProfileNameError` saying why not. A name that mixes look-alike alphabets (a
    Cyrillic letter among Latin ones) is refused: it would pass for someone else's."""
    if not isinstance(name, str):
        raise ProfileNameError("A name must be text.")
    cleaned = " ".join(unicodedata.normalize("NFKC", name).split())
    if not cleaned:
        raise ProfileNameError("Type a name first.")
    if len(cleaned) > PROFILE_NAME_MAX:
        raise ProfileNameError(
            f"That name is {len(cleaned)} characters long; please keep it to {PROFILE_NAME_MAX}."
        )
    if any(not ch.isprintable() for ch in cleaned):
        raise ProfileNameError("Use letters, numbers and ordinary punctuation only.")
    scripts = categories.unique_aliases(cleaned) & _LOOK_ALIKE_SCRIPTS
    if len(scripts) > 1:
        shown = " and ".join(sorted(s.title() for s in scripts))
        raise ProfileNameError(
            f"That name mixes letters of different alphabets ({shown}), so it could be "
            "mistaken for another name: type it in one alphabet."
        )
    return cleaned


def _name_key(name: str) -> str:
    return name.casefold()


def name_skeleton(name: str) -> str:
    """What a name looks like: each letter that has a Latin look-alike replaced by it, in
    one case. Two names with one skeleton cannot be told apart on screen.

    >>> name_skeleton("КІМ") == name_skeleton("Kim") == name_skeleton("KIM")
    True
    """
    out = []
    for ch in unicodedata.normalize("NFKC", name):
        found = confusables.is_confusable(ch, greedy=True, preferred_aliases=["latin"])
        if found:
            latin = [g["c"] for g in found[0]["homoglyphs"] if g["n"].startswith("LATIN")]
            out.append(latin[0] if latin else ch)
        else:
            out.append(ch)
    return unicodedata.normalize("NFKC", "".join(out)).casefold().translate(_LATIN_LOOK_ALIKES)


#: Latin letters and digits that look alike in many fonts (a capital I and a small l).
_LATIN_LOOK_ALIKES = str.maketrans({"l": "i", "1": "i", "|": "i", "0": "o"})


def _not_latin(name: str) -> bool:
    return bool(categories.unique_aliases(name) - {"LATIN", "COMMON"})


def _refuse_look_alike(conn: sqlite3.Connection, cleaned: str, profile_id: int | None) -> None:
    """A name that looks like another player's (but is spelt with other letters) is refused."""
    wanted = name_skeleton(cleaned)
    for other_id, other in conn.execute("SELECT id, name FROM profiles"):
        if other_id == profile_id or other.casefold() == cleaned.casefold():
            continue
        if (_not_latin(cleaned) or _not_latin(other)) and name_skeleton(other) == wanted:
            raise ProfileNameError(
                f"{cleaned} looks just like {other}, who is already a player here: "
                "choose a name that looks different."
            )


def _profile(row: tuple[int, str, str]) -> Profile:
    return Profile(id=row[0], name=row[1], created_at=_from_utc_text(row[2]))


_ATTEMPT_COLUMNS = (
    "a.id, a.profile_id, a.at, a.drill, a.tier, a.seed, a.question, a.answer, a.correct, "
    "a.points_off, a.seconds, a.mode, "
    "(SELECT group_concat(category, ' ') FROM attempt_misses m WHERE m.attempt_id = a.id)"
)


def _recorded(row: Sequence[Any]) -> Recorded:
    (id_, profile_id, at, drill, tier, seed, question, answer, correct, off, secs, mode, missed) = (
        row
    )
    missed_set = set((missed or "").split())
    attempt = AttemptIn(
        drill=drill,
        tier=tier,
        seed=seed,
        question=question,
        answer=answer,
        correct=bool(correct),
        points_off=off,
        missed=tuple(c for c in CATEGORIES if c in missed_set),
        seconds=secs,
        mode=mode,
        at=_from_utc_text(at),
    )
    return Recorded(id_, profile_id, attempt)


# --- opening --------------------------------------------------------------------------------

_UNREADABLE_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def _is_unreadable(err: sqlite3.Error) -> bool:
    return getattr(err, "sqlite_errorcode", None) in _UNREADABLE_CODES


def _set_aside(path: Path) -> Path:
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


@dataclass(frozen=True)
class Store:
    """One progress database file. Cheap to copy; every call opens its own connection."""

    path: Path
    notice: str | None = None  # set when an unreadable file had to be set aside on opening
    #: How long a call waits for another writer's lock before it fails (the app waits less
    #: than a script, so that a person is told at once rather than kept waiting).
    busy_timeout: float = BUSY_TIMEOUT_SECONDS

    # -- opening and migrating --

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], *, busy_timeout: float = BUSY_TIMEOUT_SECONDS
    ) -> Store:
        """Open (creating or upgrading as needed) the store at ``path``.

        Raises :class:`NewerSchemaError` for a file from a newer trainer (left untouched) and
        :class:`StoreError` when the file cannot be created or opened at all.
        """
        target = Path(path).expanduser()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(
                f"The progress file's folder {target.parent} cannot be created ({err.strerror})."
            ) from err
        if target.is_file() and not os.access(target, os.R_OK | os.W_OK):
            raise StoreError(_no_permission(target))
        _mend_side_files(target)
        store = cls(target, busy_timeout=busy_timeout)
        try:
            store._prepare()
            return store
        except sqlite3.Error as err:
            if _is_unreadable(err):
                reason = "it is damaged or is not a progress file"
            elif _is_unopenable_file(target, err):
                if not target.is_dir():  # a file this user may not read: it is not damaged
                    raise StoreError(_no_permission(target)) from err
                reason = "it cannot be opened"
            else:
                raise StoreError(
                    f"The progress file {target} cannot be opened ({describe_error(err)})."
                ) from err
        except _CorruptError:
            reason = "it is damaged"
        try:
            kept = _set_aside(target)
        except FileNotFoundError:
            kept = None  # someone else set it aside first
        except OSError as err:
            raise StoreError(
                f"The progress file {target} cannot be read ({reason}) and cannot be moved "
                f"aside ({err.strerror})."
            ) from err
        fresh = cls(target, busy_timeout=busy_timeout)
        try:
            fresh._prepare()
        except (sqlite3.Error, _CorruptError) as err:
            raise StoreError(
                f"A fresh progress file at {target} cannot be started ({err})."
            ) from err
        kept_as = f" The old file was kept, renamed to {kept.name}." if kept else ""
        return cls(
            target,
            busy_timeout=busy_timeout,
            notice=(
                f"The saved progress in {target} could not be read: {reason}.{kept_as} "
                "A fresh progress file was started."
            ),
        )

    def _prepare(self) -> None:
        with self._connect() as conn:
            version = _user_version(conn)
            if version > SCHEMA_VERSION:
                raise NewerSchemaError(
                    f"The progress file {self.path} was written by a newer version of the "
                    f"trainer (schema {version}; this version knows up to {SCHEMA_VERSION}). "
                    "It was left untouched: update the trainer to keep using it."
                )
            if version > 0:
                problems = [str(r[0]) for r in conn.execute("PRAGMA quick_check(3)")]
                if problems != ["ok"]:
                    raise _CorruptError("; ".join(problems))
            else:
                _refuse_foreign(conn, self.path)
            _set_wal(conn)
            while version < SCHEMA_VERSION:
                with _write(conn):
                    version = _user_version(conn)  # another process may have been first
                    if version < SCHEMA_VERSION:
                        for statement in MIGRATIONS[version]:
                            conn.execute(statement)
                        version += 1
                        conn.execute(f"PRAGMA user_version = {version}")

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(
            self.path, timeout=self.busy_timeout, isolation_level=None, check_same_thread=True
        )
        try:
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            yield conn
        finally:
            conn.close()

    def schema_version(self) -> int:
        with self._connect() as conn:
            return _user_version(conn)

    def hold_open(self) -> sqlite3.Connection:
        """A connection to keep open beside the store's own, one per process (close it, or
        drop it, when done). While it is open a call's connection closing is not the file's
        last, and SQLite does not checkpoint and sync the write-ahead log at every close: a
        write then takes a fraction of a millisecond instead of one or two disk syncs
        (about 17 ms against 0.5 ms a game saved, measured here). It runs nothing after
        its first read."""
        conn = sqlite3.connect(self.path, timeout=self.busy_timeout, check_same_thread=False)
        try:
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # maps the log
        except sqlite3.Error:
            conn.close()
            raise
        return conn

    def check_integrity(self) -> list[str]:
        """``["ok"]`` for a sound file, otherwise what SQLite found wrong."""
        with self._connect() as conn:
            return [str(r[0]) for r in conn.execute("PRAGMA integrity_check")]

    # -- profiles --

    def profiles(self) -> list[Profile]:
        """Every profile, oldest first."""
        with self._connect() as conn:
            rows = conn.execute("SELECT id, name, created_at FROM profiles ORDER BY id").fetchall()
        return [_profile(r) for r in rows]

    def profile(self, profile_id: int) -> Profile | None:
        with self._connect() as conn:
            row = conn.execute(
                "SELECT id, name, created_at FROM profiles WHERE id = ?", (profile_id,)
            ).fetchone()
        return _profile(row) if row else None

    def create_profile(self, name: object) -> Profile:
        """A new profile; :class:`ProfileNameError` if the name is unusable or taken."""
        cleaned = clean_profile_name(name)
        created = datetime.now(UTC)
        with self._connect() as conn:
            try:
                with _write(conn):
                    _refuse_look_alike(conn, cleaned, None)
                    cursor = conn.execute(
                        "INSERT INTO profiles (name, name_key, created_at) VALUES (?, ?, ?)",
                        (cleaned, _name_key(cleaned), _utc_text(created)),
                    )
            except sqlite3.IntegrityError as err:
                raise ProfileNameError(f"There is already a profile called {cleaned}.") from err
        assert cursor.lastrowid is not None
        return Profile(cursor.lastrowid, cleaned, _from_utc_text(_utc_text(created)))

    def rename_profile(self, profile_id: int, name: object) -> Profile:
        cleaned = clean_profile_name(name)
        with self._connect() as conn:
            try:
                with _write(conn):
                    _refuse_look_alike(conn, cleaned, profile_id)
                    cursor = conn.execute(
                        "UPDATE profiles SET name = ?, name_key = ? WHERE id = ?",
                        (cleaned, _name_key(cleaned), profile_id),
                    )
            except sqlite3.IntegrityError as err:
                raise ProfileNameError(f"There is already a profile called {cleaned}.") from err
        if cursor.rowcount != 1:
            raise ProfileNameError("That profile no longer exists.")
        found = self.profile(profile_id)
        assert found is not None
        return found

    def delete_profile(self, profile_id: int) -> bool:
        """Remove a player and everything kept for them (answers, lesson places, games,
        drafts), and nothing else; False when there was no such player."""
        with self._connect() as conn, _write(conn):
            _clear(conn, profile_id)
            cursor = conn.execute("DELETE FROM profiles WHERE id = ?", (profile_id,))
        return cursor.rowcount == 1

    def clear_progress(self, profile_id: int) -> None:
        """Start a player again from nothing: their answers, lesson places, games and drafts
        are deleted; the player (and everyone else's progress) stays."""
        with self._connect() as conn, _write(conn):
            _clear(conn, profile_id)

    # -- drafts: work in progress that outlives a reload (the claims of a count) --

    def save_draft(self, profile_id: int, key: str, value: str) -> None:
        _text_field("a draft's key", key, KEY_MAX)
        _text_field("a draft", value, DRAFT_MAX, empty_ok=True)
        with self._connect() as conn:
            try:
                with _write(conn):
                    conn.execute(
                        """INSERT INTO drafts (profile_id, key, value, updated_at)
                           VALUES (?, ?, ?, ?)
                           ON CONFLICT (profile_id, key) DO UPDATE SET
                               value = excluded.value, updated_at = excluded.updated_at""",
                        (profile_id, key, value, _utc_text(datetime.now(UTC))),
                    )
            except sqlite3.IntegrityError as err:
                raise ValueError(f"there is no profile {profile_id} ({err})") from err

    def draft(self, profile_id: int, key: str) -> str | None:
        with self._connect() as conn:
            row = conn.execute(
                "SELECT value FROM drafts WHERE profile_id = ? AND key = ?", (profile_id, key)
            ).fetchone()
        return str(row[0]) if row else None

    def drop_draft(self, profile_id: int, key: str) -> None:
        with self._connect() as conn, _write(conn):
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
        _text_field("a setting's name", key, PREFERENCE_KEY_MAX)
        _text_field("a setting", value, PREFERENCE_MAX, empty_ok=True)
        with self._connect() as conn:
            try:
                with _write(conn):
                    conn.execute(
                        """INSERT INTO preferences (profile_id, key, value, updated_at)
                           VALUES (?, ?, ?, ?)
                           ON CONFLICT (profile_id, key) DO UPDATE SET
                               value = excluded.value, updated_at = excluded.updated_at""",
                        (profile_id, key, value, _utc_text(datetime.now(UTC))),
                    )
            except sqlite3.IntegrityError as err:
                raise ValueError(f"there is no profile {profile_id} ({err})") from err

    # -- answers --

    def add_attempt(
        self, profile_id: int, attempt: AttemptIn, *, session: str = "", key: str | None = None
    ) -> int:
        """Store one graded answer atomically; returns its id.

        ``key`` names the answer's place (``<set>/<question>``): a profile's answer with a key
        already stored is not stored again, and the id of the one stored first is returned.
        """
        [(new_id, _)] = self._insert(profile_id, [(attempt, key)], session)
        return new_id

    def add_attempts(
        self,
        profile_id: int,
        attempts: Iterable[AttemptIn | tuple[AttemptIn, str | None]],
        *,
        session: str = "",
    ) -> int:
        """Store many answers in ONE transaction (imports, benchmarks); all or nothing.

        Each is an answer or an ``(answer, key)`` pair (see :meth:`add_attempt`); returns how
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
        """The keys starting with ``prefix`` of a profile's stored answers (see :meth:`add_attempt`)."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT answer_key FROM attempts WHERE profile_id = ? "
                "AND answer_key >= ? AND answer_key < ?",
                (profile_id, prefix, prefix + "\U0010ffff"),
            ).fetchall()
        return frozenset(str(r[0]) for r in rows)

    def _insert(
        self, profile_id: int, attempts: Iterable[tuple[AttemptIn, str | None]], session: str
    ) -> list[tuple[int, bool]]:
        """``(id, stored now)`` of each answer, in one transaction."""
        ids = []
        with self._connect() as conn:
            try:
                with _write(conn):
                    for attempt, key in attempts:
                        check_attempt(attempt)
                        _check_key(key)
                        ids.append(_insert_attempt(conn, profile_id, attempt, session, key))
            except sqlite3.IntegrityError as err:
                raise InvalidAttemptError(f"there is no profile {profile_id} ({err})") from err
        return ids

    def count_attempts(self, profile_id: int | None = None) -> int:
        with self._connect() as conn:
            if profile_id is None:
                row = conn.execute("SELECT COUNT(*) FROM attempts").fetchone()
            else:
                row = conn.execute(
                    "SELECT COUNT(*) FROM attempts WHERE profile_id = ?", (profile_id,)
                ).fetchone()
        return int(row[0])

    def attempts(
        self, profile_id: int, *, session: str | None = None, limit: int | None = None
    ) -> list[Recorded]:
        """A profile's answers, oldest first (the newest ``limit`` of them if given)."""
        with self._connect() as conn:
            return _attempts(conn, profile_id, session, limit)

    # -- aggregates for the Progress page (each a GROUP BY over an index) --

    def progress_rows(self, profile_id: int, *, per_area: int, recent: int) -> ProgressRows:
        """Everything the Progress page reads, from one consistent snapshot of the file."""
        with self._connect() as conn:
            conn.execute("BEGIN")  # a read transaction: answers added meanwhile wait outside
            try:
                areas = _area_summary(conn, profile_id)
                return ProgressRows(
                    days=_day_summary(conn, profile_id),
                    areas=areas,
                    misses=_miss_summary(conn, profile_id),
                    streaks=_streaks(conn, profile_id),
                    window=_recent_by_area(
                        conn, profile_id, per_area, [(a.drill, a.tier) for a in areas]
                    ),
                    recent=_attempts(conn, profile_id, None, recent),
                )
            finally:
                conn.execute("COMMIT")

    def day_summary(self, profile_id: int) -> list[DayRow]:
        """Answers, right answers and seconds per day and drill type, oldest day first."""
        with self._connect() as conn:
            return _day_summary(conn, profile_id)

    def area_summary(self, profile_id: int) -> list[AreaRow]:
        """Answers, right answers and seconds per drill type and tier, over all answers."""
        with self._connect() as conn:
            return _area_summary(conn, profile_id)

    def miss_summary(self, profile_id: int) -> list[MissRow]:
        """How often each category was missed, per drill type and tier, over all answers."""
        with self._connect() as conn:
            return _miss_summary(conn, profile_id)

    def streaks(self, profile_id: int) -> Streaks:
        """Right answers in a row: the current run and the best ever."""
        with self._connect() as conn:
            return _streaks(conn, profile_id)

    def recent_by_area(self, profile_id: int, *, per_area: int) -> list[Recorded]:
        """The newest ``per_area`` answers of each drill type and tier, oldest first."""
        with self._connect() as conn:
            areas = [(a.drill, a.tier) for a in _area_summary(conn, profile_id)]
            return _recent_by_area(conn, profile_id, per_area, areas)

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
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < _INT64:
            raise ValueError(f"step must be a whole number from 0, not {step!r}")
        with self._connect() as conn:
            try:
                with _write(conn):
                    conn.execute(
                        """INSERT INTO lesson_progress
                               (profile_id, lesson_id, step, done, updated_at)
                           VALUES (?, ?, ?, ?, ?)
                           ON CONFLICT (profile_id, lesson_id) DO UPDATE SET
                               step = excluded.step,
                               done = MAX(lesson_progress.done, excluded.done),
                               updated_at = excluded.updated_at""",
                        (
                            profile_id,
                            lesson_id,
                            step,
                            int(bool(done)),
                            _utc_text(datetime.now(UTC)),
                        ),
                    )
            except sqlite3.IntegrityError as err:
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
        _check_game(game)
        now = _utc_text(datetime.now(UTC))
        values = (
            game.settings, game.level, game.target, game.record, game.status, game.my_score,
            game.their_score, game.skunk, game.place, int(game.imported), int(game.resigned),
            game.seed, now,
        )  # fmt: skip
        with self._connect() as conn:
            try:
                with _write(conn):
                    if game.version == 0:
                        taken = conn.execute(
                            "SELECT 1 FROM games WHERE game_id = ?", (game.game_id,)
                        ).fetchone()
                        if taken is None:
                            conn.execute(
                                """INSERT INTO games (settings, level, target, record, status,
                                       my_score, their_score, skunk, place, imported, resigned,
                                       seed, updated_at, profile_id, game_id, version)
                                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)""",
                                (*values, profile_id, game.game_id),
                            )
                            return game._replace(version=1)
                    else:
                        cursor = conn.execute(
                            """UPDATE games SET settings = ?, level = ?, target = ?, record = ?,
                                   status = ?, my_score = ?, their_score = ?, skunk = ?,
                                   place = ?, imported = ?, resigned = ?, seed = ?,
                                   updated_at = ?, version = version + 1
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
            except sqlite3.IntegrityError as err:
                raise ValueError(f"there is no profile {profile_id} ({err})") from err
        raise _stale(game, stored)

    def game_in_progress(self, profile_id: int) -> SavedGame | None:
        """The game the profile was last at: the latest still being played, or one just
        finished whose results screen has not been left yet."""
        with self._connect() as conn:
            row = conn.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE profile_id = ? "
                "AND (status = 'playing' OR place != 'left') "
                "ORDER BY updated_at DESC, id DESC LIMIT 1",
                (profile_id,),
            ).fetchone()
        return _saved(row) if row else None

    def unfinished_games(self, profile_id: int) -> list[SavedGame]:
        """Every game of the profile still being played, the latest first."""
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE profile_id = ? AND status = 'playing' "
                "ORDER BY updated_at DESC, id DESC",
                (profile_id,),
            ).fetchall()
        return [_saved(r) for r in rows]

    def game(self, profile_id: int, game_id: str) -> SavedGame | None:
        with self._connect() as conn:
            return _game_row(conn, profile_id, game_id)

    def games_with_seed(self, profile_id: int, seed: int) -> list[SavedGame]:
        """The profile's games dealt from ``seed`` (the same game, if the settings agree)."""
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE profile_id = ? AND seed = ? ORDER BY id",
                (profile_id, seed),
            ).fetchall()
        return [_saved(r) for r in rows]

    def game_stats(self, profile_id: int, level: str, target: int) -> GameStats:
        """The profile's finished games at one level and length."""
        with self._connect() as conn:
            row = conn.execute(
                """SELECT COUNT(*), COALESCE(SUM(status = 'won'), 0),
                          COALESCE(SUM(status = 'won' AND skunk > 0), 0),
                          AVG(my_score - their_score)
                   FROM games WHERE profile_id = ? AND level = ? AND target = ?
                         AND status != 'playing' AND imported = 0""",
                (profile_id, level, target),
            ).fetchone()
        average = float(row[3]) if row[3] is not None else None
        return GameStats(int(row[0]), int(row[1]), int(row[2]), average)

    def games_by_level(self, profile_id: int) -> dict[str, int]:
        """How many games the profile has finished at each level."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT level, COUNT(*) FROM games WHERE profile_id = ? AND status != 'playing' "
                "AND imported = 0 GROUP BY level",
                (profile_id,),
            ).fetchall()
        return {str(r[0]): int(r[1]) for r in rows}

    def imported_games(self, profile_id: int) -> int:
        """How many games the profile read in from records (never counted by level)."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT COUNT(*) FROM games WHERE profile_id = ? AND imported = 1", (profile_id,)
            ).fetchone()
        return int(row[0])

    def games_record(self, profile_id: int) -> list[LevelGames]:
        """The profile's games at each level and length it has played, finished or not
        (ordered by level name, then length; games read from records are not counted)."""
        with self._connect() as conn:
            rows = conn.execute(
                """SELECT level, target, COALESCE(SUM(status != 'playing'), 0),
                          COALESCE(SUM(status = 'won'), 0),
                          COALESCE(SUM(status = 'won' AND skunk > 0), 0),
                          COALESCE(SUM(status = 'lost' AND skunk > 0), 0),
                          AVG(CASE WHEN status != 'playing' THEN my_score - their_score END),
                          COALESCE(SUM(status = 'playing'), 0)
                   FROM games WHERE profile_id = ? AND imported = 0 GROUP BY level, target
                   ORDER BY level, target""",
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
            )
            for r in rows
        ]

    # -- game reviews (points lost per game, for the Progress page) --

    def save_game_review(self, profile_id: int, review: GameReviewRow) -> bool:
        """Keep a finished game's review totals (rewritten when it is reviewed again); False,
        and nothing written, when the profile has no such finished game."""
        _check_review(review)
        with self._connect() as conn, _write(conn):
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
                    _utc_text(datetime.now(UTC)),
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
                        g.skunk, g.updated_at, r.deals, r.throws, r.plays, r.counts
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
        return [_finished_game(row) for row in rows]

    def games_to_review(
        self, profile_id: int, *, method: int, limit: int, skip: Collection[str] = ()
    ) -> list[SavedGame]:
        """The profile's newest ``limit`` finished games whose review by ``method`` is not
        stored yet (or was of another record), leaving out the games named in ``skip``."""
        skipped = sorted(set(skip))
        columns = ", ".join(f"g.{c}" for c in _GAME_COLUMNS.split(", "))
        with self._connect() as conn:
            rows = conn.execute(
                f"""SELECT {columns}
                    FROM games g LEFT JOIN game_reviews r ON r.game_id = g.game_id
                         AND r.method = ? AND r.record_chars = length(g.record)
                    WHERE g.profile_id = ? AND g.status != 'playing' AND r.game_id IS NULL
                          AND g.game_id NOT IN ({", ".join("?" * len(skipped))})
                    ORDER BY g.updated_at DESC, g.id DESC LIMIT ?""",
                (method, profile_id, *skipped, limit),
            ).fetchall()
        return [SavedGame(*row) for row in rows]

    # -- export --

    def export_csv(self, profile_id: int) -> str:
        """Every answer of a profile as CSV (one row per answer, oldest first)."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(CSV_HEADER)
        order = {c: n for n, c in enumerate(CATEGORIES)}
        with self._connect() as conn:
            cursor = conn.execute(
                """SELECT replace(substr(a.at, 1, 19), ' ', 'T') || 'Z', a.drill, a.tier, a.seed,
                          a.question, a.answer, CASE a.correct WHEN 1 THEN 'yes' ELSE 'no' END,
                          a.points_off,
                          (SELECT group_concat(category, ' ') FROM attempt_misses m
                           WHERE m.attempt_id = a.id),
                          printf('%.1f', a.seconds), a.mode
                   FROM attempts a WHERE a.profile_id = ? ORDER BY a.id""",
                (profile_id,),
            )
            for when, drill, tier, seed, question, answer, right, off, missed, secs, mode in cursor:
                missed = " ".join(sorted(missed.split(), key=order.__getitem__)) if missed else ""
                writer.writerow(
                    (when, drill, _csv_text(tier), seed, _csv_text(question), _csv_text(answer),
                     right, off, missed, secs, mode)
                )  # fmt: skip
        return out.getvalue()


# --- the queries, each on a connection it is given ------------------------------------------


def _attempts(
    conn: sqlite3.Connection, profile_id: int, session: str | None, limit: int | None
) -> list[Recorded]:
    where = "a.profile_id = ?" + (" AND a.session = ?" if session is not None else "")
    params: list[object] = [profile_id] + ([session] if session is not None else [])
    sql = f"SELECT {_ATTEMPT_COLUMNS} FROM attempts a WHERE {where} ORDER BY a.id DESC"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    rows = conn.execute(sql, params).fetchall()
    return [_recorded(r) for r in reversed(rows)]


def _day_summary(conn: sqlite3.Connection, profile_id: int) -> list[DayRow]:
    rows = conn.execute(
        """SELECT day, drill, COUNT(*), SUM(correct), SUM(seconds) FROM attempts
           WHERE profile_id = ? GROUP BY day, drill ORDER BY day, drill""",
        (profile_id,),
    ).fetchall()
    return [DayRow(date.fromisoformat(r[0]), r[1], r[2], r[3], r[4]) for r in rows]


def _area_summary(conn: sqlite3.Connection, profile_id: int) -> list[AreaRow]:
    rows = conn.execute(
        """SELECT drill, tier, COUNT(*), SUM(correct), SUM(seconds) FROM attempts
           WHERE profile_id = ? GROUP BY drill, tier ORDER BY drill, tier""",
        (profile_id,),
    ).fetchall()
    return [AreaRow(*r) for r in rows]


def _miss_summary(conn: sqlite3.Connection, profile_id: int) -> list[MissRow]:
    rows = conn.execute(
        """SELECT drill, tier, category, COUNT(*) FROM attempt_misses
           WHERE profile_id = ? GROUP BY drill, tier, category
           ORDER BY drill, tier, category""",
        (profile_id,),
    ).fetchall()
    return [MissRow(*r) for r in rows]


def _streaks(conn: sqlite3.Connection, profile_id: int) -> Streaks:
    current = conn.execute(
        "SELECT streak FROM attempts WHERE profile_id = ? ORDER BY id DESC LIMIT 1",
        (profile_id,),
    ).fetchone()
    best = conn.execute(
        "SELECT MAX(streak) FROM attempts WHERE profile_id = ?", (profile_id,)
    ).fetchone()
    return Streaks(current[0] if current else 0, best[0] or 0)


def _recent_by_area(
    conn: sqlite3.Connection, profile_id: int, per_area: int, areas: Iterable[tuple[str, str]]
) -> list[Recorded]:
    rows = []
    for drill, tier in areas:  # one short index walk per area
        rows += conn.execute(
            f"""SELECT {_ATTEMPT_COLUMNS} FROM attempts a
                WHERE a.profile_id = ? AND a.drill = ? AND a.tier = ?
                ORDER BY a.id DESC LIMIT ?""",
            (profile_id, drill, tier, per_area),
        ).fetchall()
    return sorted((_recorded(r) for r in rows), key=lambda r: r.id)


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


# --- games: rows and checks -----------------------------------------------------------------

_GAME_COLUMNS = (
    "game_id, settings, level, target, record, status, my_score, their_score, skunk, "
    "version, place, imported, resigned, seed"
)


class SavedGame(NamedTuple):
    """One game's row: the record's text is the game; the rest is for lists and results.

    ``version`` is the stored version this copy was read or saved at (0: never saved; see
    :meth:`Store.save_game`); ``place`` where the person was looking (``left`` once the
    results screen is left); ``imported`` a game read from a record; ``resigned`` one given
    up; ``seed`` the seed its deals come from.
    """

    game_id: str
    settings: str
    level: str
    target: int
    record: str
    status: str = "playing"
    my_score: int = 0
    their_score: int = 0
    skunk: int = 0
    version: int = 0
    place: str = ""
    imported: bool = False
    resigned: bool = False
    seed: int | None = None

    @property
    def finished(self) -> bool:
        return self.status != "playing"


class StaleGameError(StoreError):
    """A game save over a version that is no longer the stored one: another tab or server
    saved the game meanwhile. ``stored`` is the game as it is now (None: it is gone)."""

    def __init__(self, message: str, stored: SavedGame | None) -> None:
        super().__init__(message)
        self.stored = stored


class FinishedGameError(StaleGameError):
    """A save of a game that is already finished: a finished game is never reopened."""


def _saved(row: Sequence[Any]) -> SavedGame:
    values = list(row)
    values[11] = bool(values[11])
    values[12] = bool(values[12])
    return SavedGame(*values)


def _game_row(conn: sqlite3.Connection, profile_id: int, game_id: str) -> SavedGame | None:
    row = conn.execute(
        f"SELECT {_GAME_COLUMNS} FROM games WHERE profile_id = ? AND game_id = ?",
        (profile_id, game_id),
    ).fetchone()
    return _saved(row) if row else None


def _stale(game: SavedGame, stored: SavedGame | None) -> StaleGameError:
    if stored is None:
        if game.version == 0:  # the id is another player's
            return StaleGameError("that game id is already taken", None)
        return StaleGameError("this game is no longer in the progress file", None)
    if stored.finished:
        return FinishedGameError(
            f"this game is finished (version {stored.version}): it is never reopened", stored
        )
    return StaleGameError(
        f"this game was saved elsewhere meanwhile (version {stored.version}, this copy was "
        f"read at version {game.version})",
        stored,
    )


class GameStats(NamedTuple):
    """Finished games at one level and length: how many, won, won by a skunk, and the
    average margin (own score less the computer's; None before the first game)."""

    games: int
    wins: int
    skunks: int
    average_margin: float | None


class LevelGames(NamedTuple):
    """A profile's games at one level and length: finished, won, skunks given (won by a
    skunk) and taken (lost by one), the average margin of the finished ones (own score less
    the computer's; None before the first), and how many are still being played."""

    level: str
    target: int
    finished: int
    wins: int
    skunks_given: int
    skunks_taken: int
    average_margin: float | None
    playing: int


def _check_game(game: SavedGame) -> None:
    _text_field("game_id", game.game_id, 100)
    _text_field("settings", game.settings, TEXT_MAX)
    _text_field("level", game.level, TIER_MAX)
    _text_field("record", game.record, GAME_RECORD_MAX)
    _text_field("place", game.place, GAME_PLACE_MAX, empty_ok=True)
    if isinstance(game.version, bool) or not isinstance(game.version, int) or game.version < 0:
        raise ValueError(f"version must be a whole number from 0, not {game.version!r}")
    if game.seed is not None and (
        isinstance(game.seed, bool) or not isinstance(game.seed, int) or not 0 <= game.seed < _INT64
    ):
        raise ValueError(
            f"seed must be a whole number from 0 that fits in 64 bits, not {game.seed!r}"
        )
    if game.status not in GAME_STATUSES:
        raise ValueError(
            f"a game's status is one of {', '.join(GAME_STATUSES)}, not {game.status!r}"
        )
    for name in ("target", "my_score", "their_score", "skunk"):
        value = getattr(game, name)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1000:
            raise ValueError(f"{name} must be a whole number from 0, not {value!r}")


# --- game reviews: rows and checks -----------------------------------------------------------


class GameReviewRow(NamedTuple):
    """A game's review totals as stored: which game, the review's ``method`` (version), the
    length of the record reviewed, its deals, and the points lost by kind."""

    game_id: str
    method: int
    record_chars: int
    deals: int
    throws: float
    plays: float
    counts: float


class ReviewTotals(NamedTuple):
    """The points a game's review found lost, by kind, and over how many deals."""

    deals: int
    throws: float
    plays: float
    counts: float

    @property
    def total(self) -> float:
        return self.throws + self.plays + self.counts


class FinishedGame(NamedTuple):
    """A finished game in a profile's list: its row's figures, when it ended, and its
    review's totals once it has been reviewed (None before)."""

    game_id: str
    level: str
    target: int
    status: str
    my_score: int
    their_score: int
    skunk: int
    finished_at: datetime
    lost: ReviewTotals | None


def _finished_game(row: Sequence[Any]) -> FinishedGame:
    game_id, level, target, status, mine, theirs, skunked, at, deals, throws, plays, counts = row
    lost = None if deals is None else ReviewTotals(int(deals), throws, plays, counts)
    return FinishedGame(
        str(game_id), str(level), int(target), str(status), int(mine), int(theirs),
        int(skunked), _from_utc_text(at), lost,
    )  # fmt: skip


def _check_review(review: GameReviewRow) -> None:
    _text_field("game_id", review.game_id, 100)
    for name in ("method", "record_chars", "deals"):
        value = getattr(review, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number from 0, not {value!r}")
    for name in ("throws", "plays", "counts"):
        value = getattr(review, name)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or value < 0
        ):
            raise ValueError(f"{name} must be a number of points from 0, not {value!r}")


def _csv_text(value: str) -> str:
    """Keep spreadsheets from running typed text as a formula."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


class _CorruptError(Exception):
    pass


def _is_unopenable_file(path: Path, err: sqlite3.Error) -> bool:
    """A file exists at ``path`` but SQLite cannot open it at all (e.g. it is a folder)."""
    return getattr(err, "sqlite_errorcode", None) == sqlite3.SQLITE_CANTOPEN and (
        path.is_dir() or (path.exists() and not os.access(path, os.R_OK | os.W_OK))
    )


def _user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _set_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL (it stays so); retried briefly if another opener holds a lock."""
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
            continue
        if str(mode).lower() != "wal":
            raise StoreError(f"The progress file cannot use write-ahead logging (mode {mode}).")
        return


def _no_permission(path: Path) -> str:
    return (
        f"The progress file {path} cannot be read or written by this user (permission "
        "denied). It was left as it is: give this user access to it, or choose another file."
    )


def _refuse_foreign(conn: sqlite3.Connection, path: Path) -> None:
    """A file with no schema version but tables of its own belongs to another program."""
    tables = [
        str(r[0])
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 4"
        )
    ]
    if tables:
        shown = ", ".join(tables[:3]) + (", …" if len(tables) > 3 else "")
        raise ForeignFileError(
            f"The file {path} is another program's database (it has the tables {shown}), "
            "so the trainer left it as it is. Point the trainer at a file of its own."
        )


def _refuse_newer(conn: sqlite3.Connection) -> None:
    """Checked inside every write transaction: a newer trainer may have upgraded the file
    since it was opened, and then nothing more is written to it."""
    version = _user_version(conn)
    if version > SCHEMA_VERSION:
        path = conn.execute("PRAGMA database_list").fetchone()[2]
        raise NewerSchemaError(
            f"The progress file {path} was upgraded by a newer version of the trainer "
            f"(schema {version}; this version knows up to {SCHEMA_VERSION}) while this one "
            "was running. Nothing more was written to it: update the trainer to keep using it."
        )


@contextlib.contextmanager
def _write(conn: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, taking the write lock up front (waits up to the busy timeout);
    refused when a newer trainer has upgraded the file meanwhile."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        _refuse_newer(conn)
        yield
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _clear(conn: sqlite3.Connection, profile_id: int) -> None:
    """Delete everything kept for one player (inside the caller's write transaction)."""
    conn.execute("DELETE FROM attempt_misses WHERE profile_id = ?", (profile_id,))
    for table in ("attempts", "lesson_progress", "games", "drafts"):
        conn.execute(f"DELETE FROM {table} WHERE profile_id = ?", (profile_id,))


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


def _check_key(key: object) -> None:
    if key is None:
        return
    if not isinstance(key, str) or not key.strip():
        raise InvalidAttemptError(f"an answer's key must be non-empty text, not {key!r}")
    if len(key) > KEY_MAX:
        raise InvalidAttemptError(f"an answer's key is longer than {KEY_MAX} characters")


def _insert_attempt(
    conn: sqlite3.Connection, profile_id: int, attempt: AttemptIn, session: str, key: str | None
) -> tuple[int, bool]:
    if key is not None:  # the same place answered again (a reload): keep the first answer
        stored = conn.execute(
            "SELECT id FROM attempts WHERE profile_id = ? AND answer_key = ?", (profile_id, key)
        ).fetchone()
        if stored is not None:
            return int(stored[0]), False
    # the run of right answers this one ends (read inside the write transaction, so exact)
    last = conn.execute(
        "SELECT streak FROM attempts WHERE profile_id = ? ORDER BY id DESC LIMIT 1",
        (profile_id,),
    ).fetchone()
    streak = (last[0] if last else 0) + 1 if attempt.correct else 0
    cursor = conn.execute(
        """INSERT INTO attempts (profile_id, at, day, drill, tier, seed, question, answer,
                                 correct, points_off, seconds, mode, session, streak,
                                 answer_key)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        (
            profile_id,
            _utc_text(attempt.at),
            _local_day(attempt.at),
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
    )
    attempt_id = cursor.lastrowid
    assert attempt_id is not None
    conn.executemany(
        "INSERT INTO attempt_misses (attempt_id, profile_id, drill, tier, category) "
        "VALUES (?, ?, ?, ?, ?)",
        [
            (attempt_id, profile_id, attempt.drill, attempt.tier, c)
            for c in dict.fromkeys(attempt.missed)
        ],
    )
    return attempt_id, True

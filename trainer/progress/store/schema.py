"""The store's schema: one history of migrations for every backend.

``MIGRATIONS[n]`` takes a store from schema version ``n`` to ``n + 1``, one transaction a
step. A step is SQL statements and, where a value can only be worked out by the engine (a
game's table size, from its setup), a :class:`Backfill` that runs in the same transaction
on every backend. The statements are written as SQLite runs them; :func:`statements`
gives them as PostgreSQL runs them (64-bit integers and identity keys, double precision,
and the few statements each database spells its own way), so both backends have the same
tables, keys and indexes, and a store copied from one to the other is the same store.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from trainer.progress.store.backend import Connection, Dialect
from trainer.progress.store.seats import backfill_seats


@dataclass(frozen=True, slots=True)
class Backfill:
    """A part of a migration step that SQL cannot take: ``run`` rewrites rows with values
    worked out in Python, through the step's connection (its ``?`` queries run on every
    backend), inside the step's transaction."""

    name: str
    run: Callable[[Connection], None]


#: One migration step: statements, and backfills, in the order they run.
Step = tuple[str | Backfill, ...]

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


# --- clubs: players who sign in, groups and their teachers ---------------------------------------

#: What a club or a class needs when the app is shared over a network (club mode):
#: ``credentials``, a player's PIN as a salted slow hash (never the PIN), the version of it
#: that signed-in sessions carry (a changed PIN ends every session signed in with the old
#: one), the player's role and the wrong PINs given lately; ``settings``, what every app
#: server of the club must agree on (the key sessions are signed with); ``groups``, a
#: teacher's groups and the code that joins one; ``memberships``; ``assignments``, the
#: practice sets a teacher gives a group.
CLUBS_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE credentials (
        profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
        pin_hash TEXT NOT NULL,
        pin_version INTEGER NOT NULL DEFAULT 1,
        role TEXT NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'teacher')),
        failures INTEGER NOT NULL DEFAULT 0,
        locked_until TEXT NOT NULL DEFAULT '',
        updated_at TEXT NOT NULL
    )""",
    """CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""",
    """CREATE TABLE groups (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        join_code TEXT NOT NULL UNIQUE,
        teacher_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL
    )""",
    """CREATE TABLE memberships (
        group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        joined_at TEXT NOT NULL,
        PRIMARY KEY (group_id, profile_id)
    )""",
    "CREATE INDEX memberships_by_player ON memberships (profile_id)",
    """CREATE TABLE assignments (
        id INTEGER PRIMARY KEY,
        group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        drill TEXT NOT NULL,
        tier TEXT NOT NULL,
        length INTEGER NOT NULL CHECK (length > 0),
        seed INTEGER NOT NULL,
        created_at TEXT NOT NULL
    )""",
    "CREATE INDEX assignments_by_group ON assignments (group_id, id)",
)


#: One row per player and setting (the table's sounds, how the show is counted): ``key`` names
#: the setting and ``value`` holds it as text; the page that offers a setting reads and words
#: it. Clearing a player's progress keeps them; removing the player removes them.
PREFERENCES_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE preferences (
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, key)
    )""",
)


# --- seats: the table's size of each game ----------------------------------------------------

#: How many sat at each game's table (2; 3, each alone; 4, two partnerships), so that the
#: records by level keep games of two, three and four apart. Worked out for the games stored
#: before from each row's setup, read as the engine reads a game's rules
#: (:func:`trainer.progress.store.seats.stored_seats`), never by matching its text.
SEATS_MIGRATION: Step = (
    "ALTER TABLE games ADD COLUMN seats INTEGER NOT NULL DEFAULT 2 CHECK (seats IN (2, 3, 4))",
    Backfill("games.seats from each game's setup", backfill_seats),
)


# --- review cards: when each question and practice area comes back ---------------------------

#: One row per player and card of the review scheduler (``fsrs``): ``card_key`` says what it
#: is for (``lesson:<lesson>/<question>`` or ``drill:<drill>/<tier>``, read by
#: :func:`trainer.training.scheduling.parse_key`); ``state``, ``step``, ``stability``,
#: ``difficulty``, ``due`` and ``last_review`` are the scheduler's card (UTC text, as
#: ``attempts.at``); ``reviews`` counts its answers (and is the version a save is based on)
#: and ``lapses`` the misses among them. Clearing a player's progress or removing the player
#: removes them. ``IF NOT EXISTS`` and nothing refers to it, so this step can take any place
#: among the migrations.
REVIEW_CARDS_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS review_cards (
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        card_key TEXT NOT NULL,
        state INTEGER NOT NULL CHECK (state IN (1, 2, 3)),
        step INTEGER,
        stability REAL,
        difficulty REAL,
        due TEXT NOT NULL,
        last_review TEXT,
        reviews INTEGER NOT NULL DEFAULT 0 CHECK (reviews >= 0),
        lapses INTEGER NOT NULL DEFAULT 0 CHECK (lapses >= 0),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile_id, card_key)
    )""",
    "CREATE INDEX IF NOT EXISTS review_cards_by_due ON review_cards (profile_id, due)",
)


# --- signing in: tries counted before the PIN is checked, and sessions ended ------------------

#: Signing in, closed to guessing and to locking a classmate out. ``sign_in_tries`` counts the
#: tries in a row without the right PIN, per name typed (a player's or nobody's alike) and
#: per browser (``scope`` ``name`` or ``device``; ``key`` a hash of the name or of the
#: browser's id, never the text typed), each try counted before its PIN is checked, with
#: until when the next try waits and when the last try was. ``credentials.token_version``
#: is the version of a player's sessions, which signing out (or a new PIN) moves on, so
#: every token signed with the one before ends on every server; the wrong PINs counted on
#: ``credentials`` before are the tries' now.
SIGN_IN_MIGRATION: Step = (
    """CREATE TABLE sign_in_tries (
        scope TEXT NOT NULL CHECK (scope IN ('name', 'device')),
        key TEXT NOT NULL,
        tries INTEGER NOT NULL DEFAULT 0 CHECK (tries >= 0),
        locked_until TEXT NOT NULL DEFAULT '',
        last_try_at TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (scope, key)
    )""",
    "ALTER TABLE credentials ADD COLUMN token_version INTEGER NOT NULL DEFAULT 1",
    "UPDATE credentials SET token_version = pin_version",
    "ALTER TABLE credentials DROP COLUMN failures",
    "ALTER TABLE credentials DROP COLUMN locked_until",
)


# --- shared games: people at one game on their own devices -----------------------------------

#: A game between people, each on their own device (:mod:`~trainer.progress.store.shared_games`):
#: ``shared_games`` holds the record every device plays from, its ``version`` (a save names
#: the version it was read at), whose ``turn`` it is, the ``group`` it was made in, the short
#: ``code`` that takes a kept seat (only while someone is still to come), the host and who
#: resigned; ``shared_seats`` who sits where (a seat with no player is kept for the code's
#: holder; ``joined_at`` empty, a person invited who has not come yet). Each person's result is
#: a row of ``games`` under their own profile. ``IF NOT EXISTS`` and nothing refers to them, so
#: this step can take any place among the migrations.
SHARED_GAMES_MIGRATION: Step = (
    """CREATE TABLE IF NOT EXISTS shared_games (
        game_id TEXT PRIMARY KEY,
        settings TEXT NOT NULL,
        record TEXT NOT NULL,
        status TEXT NOT NULL
            CHECK (status IN ('waiting', 'playing', 'finished', 'resigned', 'cancelled')),
        version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
        turn INTEGER CHECK (turn >= 0 AND turn < 4),
        group_id INTEGER REFERENCES groups(id) ON DELETE SET NULL,
        code TEXT UNIQUE,
        host_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        resigned_by INTEGER CHECK (resigned_by >= 0 AND resigned_by < 4),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS shared_games_by_group ON shared_games (group_id, status)",
    """CREATE TABLE IF NOT EXISTS shared_seats (
        game_id TEXT NOT NULL REFERENCES shared_games(game_id) ON DELETE CASCADE,
        seat INTEGER NOT NULL CHECK (seat >= 0 AND seat < 4),
        profile_id INTEGER REFERENCES profiles(id) ON DELETE CASCADE,
        joined_at TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, profile_id)
    )""",
    "CREATE INDEX IF NOT EXISTS shared_seats_by_player ON shared_seats (profile_id, game_id)",
)

#: What each person keeps at their own seat of a shared game: their ``coach`` setting (chosen
#: when they invite or join), the deals on which they asked for a ``hints`` (``1.3``), and
#: where their device was looking (``place``: how far a hand shown has been stepped through,
#: as :meth:`~trainer.training.table.Table.place` writes it). A seat's place moves without the
#: game's version: the other device has nothing new to draw.
SHARED_SEATS_MIGRATION: Step = (
    "ALTER TABLE shared_seats ADD COLUMN coach TEXT NOT NULL DEFAULT 'off'",
    "ALTER TABLE shared_seats ADD COLUMN hints TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE shared_seats ADD COLUMN place TEXT NOT NULL DEFAULT ''",
)


# --- schema -------------------------------------------------------------------------------

#: ``MIGRATIONS[n]`` takes a file from schema version ``n`` to ``n + 1``.
MIGRATIONS: tuple[Step, ...] = (
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
                     FROM attempts) AS numbered
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
    # 7: players who sign in, groups, teachers and their assignments (see clubs above)
    CLUBS_MIGRATION,
    # 8: each player's settings, such as the table's sounds (see preferences above)
    PREFERENCES_MIGRATION,
    # 9: each game's table size, two, three or four (see seats above)
    SEATS_MIGRATION,
    # 10: the review scheduler's cards, per player (see review cards above)
    REVIEW_CARDS_MIGRATION,
    # 11: sign-in tries counted per name and per browser; sessions a player's own (see above)
    SIGN_IN_MIGRATION,
    # 12: games between people on their own devices (see shared games above)
    SHARED_GAMES_MIGRATION,
    # 13: each person's coach, hints and place at their seat of a shared game (see above)
    SHARED_SEATS_MIGRATION,
)

SCHEMA_VERSION = len(MIGRATIONS)


#: Statements PostgreSQL spells its own way (the rest are translated by :func:`statements`).
_POSTGRESQL: dict[str, str] = {
    # the seed from the record's [Seed "..."] header
    """UPDATE games SET seed = CAST(substr(record, instr(record, '[Seed "') + 7) AS INTEGER)
       WHERE instr(record, '[Seed "') > 0""": """UPDATE games SET seed = CAST(
           substring(record from '\\[Seed "([0-9]{1,19})"\\]') AS BIGINT)
       WHERE record LIKE '%[Seed "%'""",
}

_KEY = re.compile(r"\bINTEGER PRIMARY KEY\b")
_INTEGER = re.compile(r"\bINTEGER\b")
_REAL = re.compile(r"\bREAL\b")


def statements(step: Step, dialect: Dialect) -> Step:
    """One migration step's statements as ``dialect`` runs them (its backfills as they are).

    >>> statements(("CREATE TABLE t (id INTEGER PRIMARY KEY, x REAL, n INTEGER)",), "postgresql")
    ('CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, x DOUBLE PRECISION, n BIGINT)',)
    """
    if dialect == "sqlite":
        return step
    out: list[str | Backfill] = []
    for statement in step:
        if isinstance(statement, Backfill):
            out.append(statement)
            continue
        if statement in _POSTGRESQL:
            out.append(_POSTGRESQL[statement])
            continue
        text = _KEY.sub("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", statement)
        text = _INTEGER.sub("BIGINT", text)
        out.append(_REAL.sub("DOUBLE PRECISION", text))
    return tuple(out)

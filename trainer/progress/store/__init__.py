"""The progress store: every graded answer, lesson places, players and games, in one SQLite
file (a family's computer, the default) or on a PostgreSQL server (a club's, shared by
several app servers). Nothing here imports Streamlit.

Where each part lives:

==================  ==========================================================================
``api``             :class:`Store`: where it is, opening, migrating, its sizes, copying it
``profiles``        the Store's players, their drafts and settings (:class:`ProfileTables`)
``answer_tables``   the Store's answers, written, read back, aggregated (:class:`AnswerTables`)
``answers``         the answers' SQL: one written with its misses, read back, aggregated
``lessons``         the Store's lesson places (:class:`LessonTables`)
``games``           the Store's games and their reviews (:class:`GameTables`)
``clubs``           club mode's operations: PINs, shared settings, groups, sets given
``reviews``         the Store's review cards, when each question comes back (:class:`ReviewTables`)
``shared_games``    games between people on their own devices: seats, invitations, moves, results
``schema``          the migrations, one history for both databases
``rows``            the rows as values (answers, games, reviews and the figures read)
``checks``          what is checked before a write: answers, games, players' names
``seats``           a game's table size, read from its setup as the engine reads rules
``errors``          the store's errors, and any error in plain words
``sqlite``          the SQLite file: connections, write-ahead logging, a damaged file set aside
``postgres``        the PostgreSQL server: a pool of connections, locks on one thing each
``backend``         what a backend gives the store (a connection, its transactions)
``export``          a player's answers as CSV; every row of a store, to copy it
``where``           where the store is (the environment variable, the setting, the default)
==================  ==========================================================================
"""

from trainer.progress.store.api import Store
from trainer.progress.store.checks import (
    PROFILE_NAME_MAX,
    check_attempt,
    clean_profile_name,
)
from trainer.progress.store.errors import (
    FileError,
    ForeignFileError,
    InvalidAttemptError,
    NewerSchemaError,
    ProfileNameError,
    ServerUnavailableError,
    StoreBusyError,
    StoreError,
    describe_error,
    logged,
    passing,
)
from trainer.progress.store.export import CSV_HEADER
from trainer.progress.store.rows import (
    AreaRow,
    DayRow,
    FinishedGame,
    FinishedGameError,
    GameReviewRow,
    GameStats,
    LevelGames,
    MissRow,
    ProgressRows,
    Recorded,
    SavedGame,
    StaleGameError,
    Streaks,
)
from trainer.progress.store.schema import (
    GAMES_MIGRATION,
    GAMES_VERSION_MIGRATION,
    MIGRATIONS,
    PREFERENCES_MIGRATION,
    REVIEW_CARDS_MIGRATION,
    REVIEWS_MIGRATION,
    SCHEMA_VERSION,
    SEATS_MIGRATION,
    SHARED_GAMES_MIGRATION,
    SHARED_SEATS_MIGRATION,
)
from trainer.progress.store.shared_games import (
    RESIGN_AFTER,
    SharedGame,
    SharedGameError,
    StaleSharedGameError,
)
from trainer.progress.store.where import (
    ENV_VAR,
    resolve_location,
    resolve_path,
)

__all__ = [
    "CSV_HEADER",
    "ENV_VAR",
    "GAMES_MIGRATION",
    "GAMES_VERSION_MIGRATION",
    "MIGRATIONS",
    "PREFERENCES_MIGRATION",
    "PROFILE_NAME_MAX",
    "RESIGN_AFTER",
    "REVIEWS_MIGRATION",
    "REVIEW_CARDS_MIGRATION",
    "SCHEMA_VERSION",
    "SEATS_MIGRATION",
    "SHARED_GAMES_MIGRATION",
    "SHARED_SEATS_MIGRATION",
    "AreaRow",
    "DayRow",
    "FileError",
    "FinishedGame",
    "FinishedGameError",
    "ForeignFileError",
    "GameReviewRow",
    "GameStats",
    "InvalidAttemptError",
    "LevelGames",
    "MissRow",
    "NewerSchemaError",
    "ProfileNameError",
    "ProgressRows",
    "Recorded",
    "SavedGame",
    "ServerUnavailableError",
    "SharedGame",
    "SharedGameError",
    "StaleGameError",
    "StaleSharedGameError",
    "Store",
    "StoreBusyError",
    "StoreError",
    "Streaks",
    "check_attempt",
    "clean_profile_name",
    "describe_error",
    "logged",
    "passing",
    "resolve_location",
    "resolve_path",
]

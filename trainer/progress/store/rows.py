"""The store's rows as Python values: what every query returns, and how a row read back
becomes one (the same for every backend)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any, NamedTuple

from trainer.engine.skills import CATEGORIES, Category, DrillType, Mode
from trainer.progress.store.errors import StoreError
from trainer.training.records import AttemptIn, Profile

__all__ = [
    "AreaRow",
    "DayRow",
    "FinishedGame",
    "FinishedGameError",
    "GameReviewRow",
    "GameStats",
    "LevelGames",
    "MissRow",
    "ProgressRows",
    "Recorded",
    "ReviewTotals",
    "SavedGame",
    "SignInTries",
    "StaleGameError",
    "Streaks",
]


# --- instants as text -------------------------------------------------------------------------


def utc_text(at: datetime) -> str:
    """Store instants as UTC text that sorts in time order (naive means local time)."""
    return at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def from_utc_text(text: str) -> datetime:
    """The instant :func:`utc_text` wrote (read about forty times faster than by
    ``strptime``: 0.2 µs against 7 µs; Progress reads about a thousand recent answers)."""
    at = datetime.fromisoformat(text)
    if at.tzinfo is not None:  # never written so: an instant must not be read as another
        raise ValueError(f"an instant stored with an offset: {text!r}")
    return at.replace(tzinfo=UTC)


def local_day(at: datetime) -> str:
    """The learner's own calendar day for an answer, fixed when it is given."""
    return at.astimezone().date().isoformat()


def now_text() -> str:
    return utc_text(datetime.now(UTC))


# --- players and answers --------------------------------------------------------------------


def profile_of(row: Sequence[Any]) -> Profile:
    return Profile(id=int(row[0]), name=str(row[1]), created_at=from_utc_text(str(row[2])))


class Recorded(NamedTuple):
    """An answer as stored: its row id, whose it is, and the answer itself."""

    id: int
    profile_id: int
    attempt: AttemptIn


#: An answer's columns, with the categories it missed (``group_concat`` is spelt as each
#: backend spells it: see :mod:`trainer.progress.store.backend`).
ATTEMPT_COLUMNS = (
    "a.id, a.profile_id, a.at, a.drill, a.tier, a.seed, a.question, a.answer, a.correct, "
    "a.points_off, a.seconds, a.mode, "
    "(SELECT group_concat(category, ' ') FROM attempt_misses m WHERE m.attempt_id = a.id)"
)


def recorded(row: Sequence[Any]) -> Recorded:
    (id_, profile_id, at, drill, tier, seed, question, answer, correct, off, secs, mode, missed) = (
        row
    )
    missed_set = set((missed or "").split())
    attempt = AttemptIn(
        drill=DrillType(drill),
        tier=tier,
        seed=int(seed),
        question=question,
        answer=answer,
        correct=bool(correct),
        points_off=int(off),
        missed=tuple(c for c in CATEGORIES if c in missed_set),
        seconds=float(secs),
        mode=Mode(mode),
        at=from_utc_text(at),
    )
    return Recorded(int(id_), int(profile_id), attempt)


class DayRow(NamedTuple):
    """Answers of one drill type on one (local) day."""

    day: date
    drill: DrillType
    answers: int
    correct: int
    seconds: float  # total seconds taken


class AreaRow(NamedTuple):
    """Answers of one drill type and tier."""

    drill: DrillType
    tier: str
    answers: int
    correct: int
    seconds: float  # total seconds taken


class MissRow(NamedTuple):
    """How often one category was missed in one drill type and tier."""

    drill: DrillType
    tier: str
    category: Category
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


# --- games ------------------------------------------------------------------------------------

GAME_COLUMNS = (
    "game_id, settings, level, target, record, status, my_score, their_score, skunk, "
    "version, place, imported, resigned, seed, seats"
)


class SavedGame(NamedTuple):
    """One game's row: the record's text is the game; the rest is for lists and results.

    ``version`` is the stored version this copy was read or saved at (0: never saved; see
    :meth:`~trainer.progress.store.api.Store.save_game`); ``place`` where the person was
    looking (``left`` once the results screen is left); ``imported`` a game read from a
    record; ``resigned`` one given up; ``seed`` the seed its deals come from; ``seats`` how
    many sat at the table (2, 3, or 4 as two partnerships): the store writes what the setup
    says (:func:`~trainer.progress.store.seats.setup_seats`), whatever a caller put here.
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
    seats: int = 2

    @property
    def finished(self) -> bool:
        return self.status != "playing"


def at_most_target(score: Any, target: Any) -> int:
    """A stored score as the game ends: never past the game hole (games saved before the
    peg stopped there kept every point of the last count).

    >>> at_most_target(125, 121), at_most_target(40, 61)
    (121, 40)
    """
    return min(int(score), int(target))


def saved_game(row: Sequence[Any]) -> SavedGame:
    (game_id, settings, level, target, record, status, mine, theirs, skunk, version, place,
     imported, resigned, seed, seats) = row  # fmt: skip
    return SavedGame(
        str(game_id), str(settings), str(level), int(target), str(record), str(status),
        at_most_target(mine, target), at_most_target(theirs, target), int(skunk), int(version), str(place), bool(imported),
        bool(resigned), None if seed is None else int(seed), int(seats),
    )  # fmt: skip


class StaleGameError(StoreError):
    """A game save over a version that is no longer the stored one: another tab or server
    saved the game meanwhile. ``stored`` is the game as it is now (None: it is gone)."""

    def __init__(self, message: str, stored: SavedGame | None) -> None:
        super().__init__(message)
        self.stored = stored


class FinishedGameError(StaleGameError):
    """A save of a game that is already finished: a finished game is never reopened."""


def stale(game: SavedGame, stored: SavedGame | None) -> StaleGameError:
    """Why a save over ``game.version`` was refused, given the game as it is stored."""
    if stored is None:
        if game.version == 0:  # the id is another player's
            return StaleGameError("that game id is already taken", None)
        return StaleGameError("this game is no longer in the progress store", None)
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
    """Finished games at one level, length and table size: how many, won (with four, won
    by the player's partnership), won by a skunk, and the average margin (own score, or
    side's, less the best other's; None before the first game)."""

    games: int
    wins: int
    skunks: int
    average_margin: float | None


class LevelGames(NamedTuple):
    """A profile's games at one level, length and table size (``seats``: 2; 3; 4, as two
    partnerships, where won is the player's side winning): finished, won, skunks given (won
    by a skunk) and taken (lost by one), the average margin of the finished ones (own score,
    or side's, less the best other's; None before the first), and how many are still being
    played."""

    level: str
    target: int
    finished: int
    wins: int
    skunks_given: int
    skunks_taken: int
    average_margin: float | None
    playing: int
    seats: int = 2


# --- game reviews -----------------------------------------------------------------------------


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
    """A finished game in a profile's list: its row's figures, when it ended, its review's
    totals once it has been reviewed (None before), and its table size."""

    game_id: str
    level: str
    target: int
    status: str
    my_score: int
    their_score: int
    skunk: int
    finished_at: datetime
    lost: ReviewTotals | None
    seats: int = 2  # how many sat at the table
    settings: str = ""  # its setup's notation (who sat at the table, when people did)


def finished_game(row: Sequence[Any]) -> FinishedGame:
    (game_id, level, target, status, mine, theirs, skunked, at, deals, throws, plays, counts,
     seats, settings) = row  # fmt: skip
    lost = (
        None
        if deals is None
        else ReviewTotals(int(deals), float(throws), float(plays), float(counts))
    )
    return FinishedGame(
        str(game_id), str(level), int(target), str(status), at_most_target(mine, target),
        at_most_target(theirs, target),
        int(skunked), from_utc_text(at), lost, int(seats), str(settings),
    )  # fmt: skip


# --- clubs ----------------------------------------------------------------------------------

ROLES = ("player", "teacher")


class Credential(NamedTuple):
    """How a player signs in: the PIN's salted hash, its version, the role, and the version
    of the player's sessions (their tokens carry it: a new PIN, or signing out, moves it on)."""

    profile_id: int
    pin_hash: str
    pin_version: int
    role: str
    token_version: int


def credential(row: Sequence[Any]) -> Credential:
    profile_id, pin_hash, version, role, token_version = row
    return Credential(int(profile_id), str(pin_hash), int(version), str(role), int(token_version))


class SignInTries(NamedTuple):
    """The tries at signing in counted for one name or one browser: how many in a row
    without the right PIN, the last one's time, and until when the next one waits."""

    tries: int
    last_try_at: datetime | None
    locked_until: datetime | None


class Group(NamedTuple):
    """A teacher's group: its name and the code a player joins it with."""

    id: int
    name: str
    join_code: str
    teacher_id: int


def group(row: Sequence[Any]) -> Group:
    return Group(int(row[0]), str(row[1]), str(row[2]), int(row[3]))


class Assignment(NamedTuple):
    """A practice set a teacher gave a group: the drill, tier and length, and its deal."""

    id: int
    group_id: int
    group_name: str
    drill: str
    tier: str
    length: int
    seed: int
    created_at: datetime


def assignment(row: Sequence[Any]) -> Assignment:
    id_, group_id, name, drill, tier, length, seed, at = row
    return Assignment(
        int(id_), int(group_id), str(name), str(drill), str(tier), int(length), int(seed),
        from_utc_text(at),
    )  # fmt: skip

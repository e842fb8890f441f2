"""Games between people on their own devices: :class:`SharedGameTables`.

A shared game is one record that every seated person's device plays from: who sits where
(``shared_seats``), the record and its version (``shared_games``; a save names the version
it was read at and is refused when another device saved first, as a game of one person is),
whose turn it is, and how the others came to the table: invited by name (a member of the
same group, or anyone on a server without clubs) or by a short code that anyone who has it
can join with. The page polls :meth:`SharedGameTables.shared_version`, one small read, and
reads the whole game only when it moved on.

A game ends once: finished (each person's result written under their own profile into
``games``, in the same transaction) or resigned by the one left waiting for a day. The
store keeps the text of the record and never reads it: what a seat may see of it is the
page's to say. :class:`SharedGameTables` is a part of
:class:`~trainer.progress.store.api.Store`, which gives it its connections.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from trainer.progress.store.backend import Connection, StoreTables
from trainer.progress.store.checks import (
    GAME_PLACE_MAX,
    GAME_RECORD_MAX,
    TEXT_MAX,
    check_game,
    text_field,
)
from trainer.progress.store.errors import IntegrityViolation, StoreError
from trainer.progress.store.rows import SavedGame, from_utc_text, now_text, profile_of, utc_text
from trainer.training.records import Profile

#: Where a shared game is: people still to take their seats, being played, finished,
#: resigned, or called off before it began.
SHARED_STATUSES = ("waiting", "playing", "finished", "resigned", "cancelled")
#: The statuses of a game still open (listed, polled, saved).
OPEN_STATUSES = ("waiting", "playing")
#: How long a game must have waited for the person on turn before the one waiting may resign.
RESIGN_AFTER = timedelta(days=1)
#: The most seats a table has.
MOST_SEATS = 4
#: A seat's coach settings (:class:`~trainer.training.table.CoachMode`'s values).
COACHES = ("off", "moves", "learning")

_GAME_COLUMNS = (
    "game_id, settings, record, status, version, turn, group_id, code, host_id, "
    "resigned_by, updated_at"
)


class SharedSeat(NamedTuple):
    """One person's seat at a shared game: ``profile_id`` None is a seat kept for whoever
    comes with the game's code; ``joined`` False a person invited who has not yet come.
    What the person keeps at it: their ``coach`` setting, the deals they asked a hint on
    (``hints``, ``1.3``) and where their device was looking (``place``)."""

    seat: int
    profile_id: int | None
    name: str | None
    joined: bool
    coach: str = "off"
    hints: str = ""
    place: str = ""


class SharedGame(NamedTuple):
    """A shared game as stored (see the module docstring). ``turn`` is the seat to act
    (None: nobody's, or the game is over); the seats not in ``seats`` are the computer's."""

    game_id: str
    settings: str
    record: str
    status: str
    version: int
    turn: int | None
    group_id: int | None
    code: str | None
    host_id: int
    resigned_by: int | None
    updated_at: datetime
    seats: tuple[SharedSeat, ...]

    @property
    def open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, profile_id: int) -> int | None:
        """The seat the person sits at (None: not at this game)."""
        return next((s.seat for s in self.seats if s.profile_id == profile_id), None)

    def person_at(self, seat: int) -> SharedSeat | None:
        return next((s for s in self.seats if s.seat == seat), None)

    def waited(self, now: datetime) -> timedelta:
        """How long the game has waited since its last save."""
        return now - self.updated_at


class SharedGameError(StoreError):
    """A shared game that cannot be joined, saved or resigned as asked (the message says
    why); ``stored`` is the game as it is now (None: there is no such game)."""

    def __init__(self, message: str, stored: SharedGame | None) -> None:
        super().__init__(message)
        self.stored = stored


class StaleSharedGameError(SharedGameError):
    """A save over a version that is no longer the stored one: another device moved first.
    ``stored`` is the game as it is now, for the page to show instead."""


class SharedGameTables(StoreTables):
    """The store's shared games (see the module docstring)."""

    def create_shared_game(
        self,
        host_id: int,
        game_id: str,
        settings: str,
        record: str,
        people: Mapping[int, int | None],
        *,
        turn: int | None = None,
        group_id: int | None = None,
        code: str | None = None,
        coach: str = "off",
    ) -> SharedGame:
        """A new shared game, hosted by ``host_id``: ``people`` gives each person's seat
        (``seat: profile_id``; the host among them, the others invited by name; a seat with
        None is kept for whoever comes with ``code``). With ``group_id`` every person named
        must be a member of that group (or its teacher). The host has joined, with their
        ``coach`` setting; the game is played once every seat is taken
        (:meth:`join_shared_game`, :meth:`join_by_code`). ``ValueError`` names what is
        wrong; a code or id already in use is refused too."""
        text_field("game_id", game_id, 100)
        _check_coach(coach)
        text_field("settings", settings, TEXT_MAX)
        text_field("record", record, GAME_RECORD_MAX)
        if code is not None:
            text_field("a game's code", code, 20)
        _check_seat("turn", turn, none_ok=True)
        for seat in people:
            _check_seat("a seat", seat)
        named = [p for p in people.values() if p is not None]
        if host_id not in named:
            raise ValueError("the host must sit at the game")
        if len(set(named)) != len(named):
            raise ValueError("a person sits at one seat only")
        if len(people) < 2:
            raise ValueError("a shared game has two people at least")
        if (None in people.values()) != (code is not None):
            raise ValueError("a seat is kept for a code exactly when the game has a code")
        now = now_text()
        with self._connect() as conn:
            try:
                with conn.write():
                    if group_id is not None:
                        outside = [p for p in named if not _in_group(conn, group_id, p)]
                        if outside:
                            raise ValueError(
                                f"only members of the group can be invited (not {outside})"
                            )
                    conn.execute(
                        """INSERT INTO shared_games (game_id, settings, record, status, version,
                               turn, group_id, code, host_id, created_at, updated_at)
                           VALUES (?, ?, ?, 'waiting', 1, ?, ?, ?, ?, ?, ?)""",
                        (game_id, settings, record, turn, group_id, code, host_id, now, now),
                    )
                    conn.executemany(
                        "INSERT INTO shared_seats (game_id, seat, profile_id, joined_at, coach) "
                        "VALUES (?, ?, ?, ?, ?)",
                        [
                            (
                                game_id,
                                seat,
                                person,
                                now if person == host_id else "",
                                coach if person == host_id else "off",
                            )
                            for seat, person in sorted(people.items())
                        ],
                    )
            except IntegrityViolation as err:
                raise ValueError(
                    f"that game id or code is taken, or a player is unknown ({err})"
                ) from err
            found = _read(conn, game_id)
        assert found is not None
        return found

    def join_shared_game(self, game_id: str, profile_id: int, *, coach: str = "off") -> SharedGame:
        """The person takes the seat they were invited to, with their ``coach`` setting
        (nothing changes if they have already); once every seat is taken the game is
        played."""
        _check_coach(coach)
        with self._connect() as conn:
            with conn.write():
                conn.lock(f"shared:{game_id}")
                cursor = conn.execute(
                    "UPDATE shared_seats SET joined_at = ?, coach = ? WHERE game_id = ? "
                    "AND profile_id = ? AND joined_at = '' AND game_id IN (SELECT game_id "
                    "FROM shared_games WHERE status = 'waiting')",
                    (now_text(), coach, game_id, profile_id),
                )
                if cursor.rowcount == 1:
                    _start_when_full(conn, game_id)
            found = _read(conn, game_id)
        if found is None or found.seat_of(profile_id) is None:
            raise SharedGameError("there is no such game for this player", found)
        if not found.open:
            raise SharedGameError(f"this game is over ({found.status})", found)
        return found

    def join_by_code(self, code: str, profile_id: int, *, coach: str = "off") -> SharedGame:
        """The person takes the seat kept for whoever has ``code`` (typed in any case, spaces
        left out), with their ``coach`` setting; the game is played once every seat is
        taken, and its code then opens nothing. A person already at the game gets it back
        as it is."""
        _check_coach(coach)
        wanted = "".join(str(code).split()).upper()
        if not wanted or len(wanted) > 20:
            raise SharedGameError("a game's code is a few letters and digits", None)
        with self._connect() as conn:
            with conn.write():
                row = conn.execute(
                    "SELECT game_id FROM shared_games WHERE code = ? AND status = 'waiting'",
                    (wanted,),
                ).fetchone()
                if row is None:
                    raise SharedGameError(f"no game waits for the code {wanted}", None)
                game_id = str(row[0])
                conn.lock(f"shared:{game_id}")
                seated = conn.execute(
                    "SELECT 1 FROM shared_seats WHERE game_id = ? AND profile_id = ?",
                    (game_id, profile_id),
                ).fetchone()
                if seated is None:
                    cursor = conn.execute(
                        """UPDATE shared_seats SET profile_id = ?, joined_at = ?, coach = ?
                           WHERE game_id = ? AND seat = (SELECT MIN(seat) FROM shared_seats
                               WHERE game_id = ? AND profile_id IS NULL)""",
                        (profile_id, now_text(), coach, game_id, game_id),
                    )
                    if cursor.rowcount != 1:
                        raise SharedGameError("every seat of that game is taken", None)
                    _start_when_full(conn, game_id)
            found = _read(conn, game_id)
        assert found is not None
        return found

    def invitable(self, profile_id: int) -> list[tuple[int, Profile]]:
        """Whom the player may invite by name in club mode: every other member of each of
        their groups, with the group (by name, a person in two groups once for each)."""
        with self._connect() as conn:
            rows = conn.execute(
                """SELECT mine.group_id, p.id, p.name, p.created_at FROM memberships mine
                   JOIN memberships theirs ON theirs.group_id = mine.group_id
                   JOIN profiles p ON p.id = theirs.profile_id
                   WHERE mine.profile_id = ? AND theirs.profile_id != ?
                   ORDER BY p.name_key, mine.group_id""",
                (profile_id, profile_id),
            ).fetchall()
        return [(int(r[0]), profile_of(r[1:])) for r in rows]

    def shared_game(self, game_id: str) -> SharedGame | None:
        with self._connect() as conn:
            return _read(conn, game_id)

    def shared_version(self, game_id: str) -> int | None:
        """The stored version of the game (None: there is none): one small read, for a page
        that looks every second or two whether the game moved on."""
        with self._connect() as conn:
            row = conn.execute(
                "SELECT version FROM shared_games WHERE game_id = ?", (game_id,)
            ).fetchone()
        return int(row[0]) if row else None

    def keep_shared_seat(
        self, game_id: str, profile_id: int, *, hints: str, place: str
    ) -> SharedGame | None:
        """What the person keeps at their own seat: the deals they asked a hint on and
        where their device was looking. Written whatever the game's version (it is this
        seat's alone) and without moving it on (the others have nothing new to draw); None
        when the person does not sit at such a game."""
        text_field("hints", hints, 200, empty_ok=True)
        text_field("place", place, GAME_PLACE_MAX, empty_ok=True)
        with self._connect() as conn:
            with conn.write():
                cursor = conn.execute(
                    "UPDATE shared_seats SET hints = ?, place = ? "
                    "WHERE game_id = ? AND profile_id = ?",
                    (hints, place, game_id, profile_id),
                )
            return _read(conn, game_id) if cursor.rowcount == 1 else None

    def save_shared_game(
        self,
        profile_id: int,
        game: SharedGame,
        *,
        record: str,
        turn: int | None,
        results: Sequence[tuple[int, SavedGame]] = (),
    ) -> SharedGame:
        """Write a move of the person at the game: the new ``record`` and whose ``turn`` it
        is, over the version ``game`` was read at. A save over any other version (another
        device moved first) raises :class:`StaleSharedGameError` with the game as stored; a
        game over is never written again. With ``results`` (each seated person's game row,
        by profile) the game is finished and each row is written under its own profile, in
        the same transaction."""
        text_field("record", record, GAME_RECORD_MAX)
        _check_seat("turn", turn, none_ok=True)
        _check_results(game, results)
        status = "finished" if results else "playing"
        with self._connect() as conn:
            with conn.write():
                cursor = conn.execute(
                    """UPDATE shared_games SET record = ?, turn = ?, status = ?,
                           version = version + 1, updated_at = ?
                       WHERE game_id = ? AND version = ? AND status = 'playing'
                             AND EXISTS (SELECT 1 FROM shared_seats WHERE game_id = ?
                                         AND profile_id = ? AND joined_at != '')""",
                    (
                        record,
                        None if results else turn,
                        status,
                        now_text(),
                        game.game_id,
                        game.version,
                        game.game_id,
                        profile_id,
                    ),
                )
                if cursor.rowcount == 1:
                    _write_results(conn, results)
            stored = _read(conn, game.game_id)
        if cursor.rowcount == 1:
            assert stored is not None
            return stored
        raise _refused(game, stored, profile_id)

    def resign_shared_game(
        self,
        profile_id: int,
        game: SharedGame,
        now: datetime,
        results: Sequence[tuple[int, SavedGame]] = (),
    ) -> SharedGame:
        """The person waiting gives the game up: allowed once it has waited a day
        (:data:`RESIGN_AFTER`) for another seat's turn, or for the others to take their
        seats. ``results`` (each person's row, by profile, as in :meth:`save_shared_game`)
        are written in the same transaction. Refused (:class:`SharedGameError`) when the game
        moved on since ``game`` was read, or it is the person's own turn, or not a day
        has passed."""
        _check_results(game, results)
        seat = game.seat_of(profile_id)
        if seat is None:
            raise SharedGameError("this player does not sit at that game", game)
        if game.turn == seat and game.status == "playing":
            raise SharedGameError("it is this player's own turn: nobody keeps them waiting", game)
        since = utc_text(now - RESIGN_AFTER)
        with self._connect() as conn:
            with conn.write():
                cursor = conn.execute(
                    """UPDATE shared_games SET status = 'resigned', resigned_by = ?, turn = NULL,
                           version = version + 1, updated_at = ?
                       WHERE game_id = ? AND version = ? AND status IN ('waiting', 'playing')
                             AND updated_at <= ?""",
                    (seat, utc_text(now), game.game_id, game.version, since),
                )
                if cursor.rowcount == 1:
                    _write_results(conn, results)
            stored = _read(conn, game.game_id)
        if cursor.rowcount == 1:
            assert stored is not None
            return stored
        if stored is not None and stored.version == game.version and stored.open:
            raise SharedGameError("the game has not waited a day yet", stored)
        raise _refused(game, stored, profile_id)

    def cancel_shared_game(self, profile_id: int, game_id: str) -> SharedGame | None:
        """A person at a game not yet begun calls it off (the host, or one invited who
        declines); None when there was no such game waiting for them."""
        with self._connect() as conn:
            with conn.write():
                cursor = conn.execute(
                    """UPDATE shared_games SET status = 'cancelled', turn = NULL,
                           version = version + 1, updated_at = ?
                       WHERE game_id = ? AND status = 'waiting' AND EXISTS (SELECT 1
                           FROM shared_seats WHERE game_id = ? AND profile_id = ?)""",
                    (now_text(), game_id, game_id, profile_id),
                )
            found = _read(conn, game_id) if cursor.rowcount == 1 else None
        return found

    def shared_games_of(self, profile_id: int) -> list[SharedGame]:
        """The person's open games (being played, or waiting for someone to come, their
        invitations among them), the latest first."""
        with self._connect() as conn:
            rows = conn.execute(
                f"""SELECT {_GAME_COLUMNS} FROM shared_games WHERE status IN ('waiting', 'playing')
                    AND game_id IN (SELECT game_id FROM shared_seats WHERE profile_id = ?)
                    ORDER BY updated_at DESC, game_id""",
                (profile_id,),
            ).fetchall()
            return _with_seats(conn, rows)

    def shared_stamp(self, profile_id: int) -> tuple[int, int]:
        """How many open games the person has and the sum of their versions: one small
        read that changes when one of them moves on, is joined or called off, or a new
        invitation comes (for a page that looks every second or two)."""
        with self._connect() as conn:
            row = conn.execute(
                """SELECT COUNT(*), COALESCE(SUM(g.version), 0) FROM shared_games g
                   JOIN shared_seats s ON s.game_id = g.game_id
                   WHERE s.profile_id = ? AND g.status IN ('waiting', 'playing')""",
                (profile_id,),
            ).fetchone()
        return int(row[0]), int(row[1])

    def group_shared_games(self, group_id: int) -> list[SharedGame]:
        """The group's games in progress (made within the group, or between its members),
        the latest first."""
        with self._connect() as conn:
            rows = conn.execute(
                f"""SELECT {_GAME_COLUMNS} FROM shared_games WHERE status = 'playing'
                    AND (group_id = ? OR NOT EXISTS (SELECT 1 FROM shared_seats s
                         WHERE s.game_id = shared_games.game_id AND (s.profile_id IS NULL
                               OR s.profile_id NOT IN (SELECT profile_id FROM memberships
                                                       WHERE group_id = ?))))
                    ORDER BY updated_at DESC, game_id""",
                (group_id, group_id),
            ).fetchall()
            return _with_seats(conn, rows)


def _check_seat(name: str, seat: object, *, none_ok: bool = False) -> None:
    if seat is None and none_ok:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MOST_SEATS:
        raise ValueError(f"{name} is a seat from 0 to {MOST_SEATS - 1}, not {seat!r}")


def _check_coach(coach: object) -> None:
    if coach not in COACHES:
        raise ValueError(f"a seat's coach is one of {', '.join(COACHES)}, not {coach!r}")


def _check_results(game: SharedGame, results: Sequence[tuple[int, SavedGame]]) -> None:
    people = {s.profile_id for s in game.seats if s.profile_id is not None}
    given = [profile for profile, _ in results]
    if results and (set(given) != people or len(given) != len(people)):
        raise ValueError("a shared game's results are one row for each person at it")
    for _, row in results:
        check_game(row)
        if row.status == "playing":
            raise ValueError("a result is a game won or lost, not one still being played")


def _in_group(conn: Connection, group_id: int, profile_id: int) -> bool:
    row = conn.execute(
        """SELECT 1 FROM memberships WHERE group_id = ? AND profile_id = ?
           UNION ALL SELECT 1 FROM groups WHERE id = ? AND teacher_id = ?""",
        (group_id, profile_id, group_id, profile_id),
    ).fetchone()
    return row is not None


def _start_when_full(conn: Connection, game_id: str) -> None:
    """Every seat taken: the game is played and its code opens nothing more."""
    conn.execute(
        """UPDATE shared_games SET status = 'playing', code = NULL, version = version + 1,
               updated_at = ?
           WHERE game_id = ? AND status = 'waiting' AND NOT EXISTS (SELECT 1 FROM shared_seats
               WHERE game_id = ? AND (profile_id IS NULL OR joined_at = ''))""",
        (now_text(), game_id, game_id),
    )


def _write_results(conn: Connection, results: Sequence[tuple[int, SavedGame]]) -> None:
    for profile_id, row in results:
        seats = check_game(row)
        conn.execute(
            """INSERT INTO games (settings, level, target, record, status, my_score,
                   their_score, skunk, place, imported, resigned, seed, seats, updated_at,
                   profile_id, game_id, version)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)""",
            (
                row.settings, row.level, row.target, row.record, row.status, row.my_score,
                row.their_score, row.skunk, row.place, int(row.imported), int(row.resigned),
                row.seed, seats, now_text(), profile_id, row.game_id,
            ),
        )  # fmt: skip


def _refused(game: SharedGame, stored: SharedGame | None, profile_id: int) -> SharedGameError:
    if stored is None:
        return SharedGameError("this game is no longer in the progress store", None)
    if not stored.open:
        return SharedGameError(f"this game is over ({stored.status})", stored)
    mine = next((s for s in stored.seats if s.profile_id == profile_id), None)
    if mine is None or not mine.joined:
        return SharedGameError("this player does not sit at that game", stored)
    if stored.status == "waiting":
        return SharedGameError("the others have not all taken their seats yet", stored)
    return StaleSharedGameError(
        f"the game moved on meanwhile (version {stored.version}, this copy was read at "
        f"version {game.version})",
        stored,
    )


def _read(conn: Connection, game_id: str) -> SharedGame | None:
    row = conn.execute(
        f"SELECT {_GAME_COLUMNS} FROM shared_games WHERE game_id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return None
    (found,) = _with_seats(conn, [row])
    return found


def _with_seats(conn: Connection, rows: Sequence[Any]) -> list[SharedGame]:
    if not rows:
        return []
    ids = [str(r[0]) for r in rows]
    marks = ", ".join("?" * len(ids))
    seats: dict[str, list[SharedSeat]] = {game_id: [] for game_id in ids}
    for game_id, seat, profile_id, name, joined_at, coach, hints, place in conn.execute(
        f"""SELECT s.game_id, s.seat, s.profile_id, p.name, s.joined_at, s.coach, s.hints,
                   s.place FROM shared_seats s
            LEFT JOIN profiles p ON p.id = s.profile_id
            WHERE s.game_id IN ({marks}) ORDER BY s.game_id, s.seat""",
        ids,
    ):
        seats[str(game_id)].append(
            SharedSeat(
                int(seat),
                None if profile_id is None else int(profile_id),
                None if name is None else str(name),
                bool(joined_at),
                str(coach),
                str(hints),
                str(place),
            )
        )
    return [
        SharedGame(
            game_id=str(r[0]),
            settings=str(r[1]),
            record=str(r[2]),
            status=str(r[3]),
            version=int(r[4]),
            turn=None if r[5] is None else int(r[5]),
            group_id=None if r[6] is None else int(r[6]),
            code=None if r[7] is None else str(r[7]),
            host_id=int(r[8]),
            resigned_by=None if r[9] is None else int(r[9]),
            updated_at=from_utc_text(str(r[10])),
            seats=tuple(seats[str(r[0])]),
        )
        for r in rows
    ]

"""Club mode's part of the store: how players sign in (their PIN's hash, its version, the
version of their sessions, the tries at signing in counted per name and per browser), the
settings every app server shares, groups and their members, the practice sets a teacher
gives, and when a member was last active. :class:`ClubTables` is a part of
:class:`~trainer.progress.store.api.Store`, which gives it its connections."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from datetime import datetime, timedelta
from typing import NamedTuple

from trainer.progress.store.backend import StoreTables
from trainer.progress.store.checks import clean_profile_name, name_key, text_field
from trainer.progress.store.errors import IntegrityViolation, ProfileNameError
from trainer.progress.store.rows import (
    ROLES,
    Assignment,
    Credential,
    Group,
    SignInTries,
    assignment,
    credential,
    from_utc_text,
    group,
    now_text,
    profile_of,
    utc_text,
)
from trainer.training.records import Profile

_CREDENTIAL_COLUMNS = "profile_id, pin_hash, pin_version, role, token_version"
#: What a try at signing in is counted under: a name typed, or a browser.
TRY_SCOPES = ("name", "device")
#: Tries not made again for this long are forgotten (unless their wait is still running).
TRIES_KEPT = timedelta(days=1)


class TryCounted(NamedTuple):
    """A try at signing in, counted before its PIN is checked: ``refused`` names the scope
    whose wait is still running (nothing was counted: the PIN is not to be checked) and
    ``wait`` says how long it still runs; otherwise ``wait`` is how long the next try waits
    after this one, should its PIN be wrong."""

    refused: str | None
    wait: float


class _Waiting(Exception):
    def __init__(self, scope: str, seconds: float) -> None:
        super().__init__(scope)
        self.scope, self.seconds = scope, seconds


_GROUP_COLUMNS = "id, name, join_code, teacher_id"


class ClubTables(StoreTables):
    """The store's club operations (see the module docstring)."""

    def credential(self, profile_id: int) -> Credential | None:
        """How the player signs in (None: no PIN set yet)."""
        with self._connect() as conn:
            row = conn.execute(
                f"SELECT {_CREDENTIAL_COLUMNS} FROM credentials WHERE profile_id = ?",
                (profile_id,),
            ).fetchone()
        return credential(row) if row else None

    def signing_in(self, name: object) -> tuple[Profile | None, Credential | None]:
        """The player called ``name`` (as typed) and how they sign in, in one query whether
        there is such a player or not (so that a name nobody has takes the same time)."""
        try:
            wanted = name_key(clean_profile_name(name))
        except ProfileNameError:
            wanted = ""  # matches nobody, by the same query
        columns = ", ".join(f"c.{c}" for c in _CREDENTIAL_COLUMNS.split(", "))
        with self._connect() as conn:
            row = conn.execute(
                f"""SELECT p.id, p.name, p.created_at, {columns} FROM profiles p
                    LEFT JOIN credentials c ON c.profile_id = p.id WHERE p.name_key = ?""",
                (wanted,),
            ).fetchone()
        if row is None:
            return None, None
        return profile_of(row[:3]), credential(row[3:]) if row[3] is not None else None

    def set_pin(self, profile_id: int, pin_hash: str, *, role: str | None = None) -> int:
        """Set the player's PIN (its hash: the store never sees a PIN) and, if given, role;
        the version of their sessions moves on, which ends every session signed in before.
        Returns that version."""
        text_field("pin_hash", pin_hash, 300)
        if role is not None and role not in ROLES:
            raise ValueError(f"a role is one of {', '.join(ROLES)}, not {role!r}")
        with self._connect() as conn:
            try:
                with conn.write():
                    row = conn.execute(
                        """INSERT INTO credentials (profile_id, pin_hash, pin_version, role,
                               token_version, updated_at)
                           VALUES (?, ?, 1, ?, 1, ?)
                           ON CONFLICT (profile_id) DO UPDATE SET
                               pin_hash = excluded.pin_hash,
                               pin_version = credentials.pin_version + 1,
                               token_version = credentials.token_version + 1,
                               role = CASE WHEN ? = 1 THEN excluded.role
                                      ELSE credentials.role END,
                               updated_at = excluded.updated_at
                           RETURNING token_version""",
                        (profile_id, pin_hash, role or "player", now_text(), int(role is not None)),
                    ).fetchone()
            except IntegrityViolation as err:
                raise ValueError(f"there is no profile {profile_id} ({err})") from err
        return int(row[0])

    def end_sessions(self, profile_id: int) -> int | None:
        """Sign the player out everywhere: the version of their sessions moves on, so every
        token signed with the one before signs nobody in, on every server. The new version
        (None: the player has no PIN)."""
        with self._connect() as conn, conn.write():
            row = conn.execute(
                "UPDATE credentials SET token_version = token_version + 1, updated_at = ? "
                "WHERE profile_id = ? RETURNING token_version",
                (now_text(), profile_id),
            ).fetchone()
        return int(row[0]) if row else None

    # -- tries at signing in, per name typed and per browser --

    def count_try(
        self,
        counted: Sequence[tuple[str, str, bool]],
        wait: Callable[[int], float],
        now: datetime,
    ) -> TryCounted:
        """Count one try at signing in, before its PIN is checked, under each ``(scope, key,
        heeded)``: one transaction, each row counted and its wait taken at once (a try made
        at the same moment elsewhere waits for the row, then sees the wait this one set), so
        however many tries come at once, no more are checked than the waits allow. A
        ``heeded`` key whose wait still runs refuses the try and nothing is counted; one not
        heeded (the name, for a browser that signed in as that player before) is counted
        and its wait set, but does not hold this try up. After the ``n``-th try in a row the
        next waits ``wait(n)`` seconds."""
        for scope, key, _ in counted:
            if scope not in TRY_SCOPES:
                raise ValueError(f"a try is counted per {' or '.join(TRY_SCOPES)}, not {scope!r}")
            text_field("a try's key", key, 100)
        at = utc_text(now)
        self._forget_old_tries(now)
        longest = 0.0
        try:
            with self._connect() as conn, conn.write():
                for scope, key, heeded in counted:
                    conn.execute(
                        "INSERT INTO sign_in_tries (scope, key) VALUES (?, ?) "
                        "ON CONFLICT (scope, key) DO NOTHING",
                        (scope, key),
                    )
                    row = conn.execute(
                        "UPDATE sign_in_tries SET tries = tries + 1, last_try_at = ? "
                        "WHERE scope = ? AND key = ? AND (? = 0 OR locked_until <= ?) "
                        "RETURNING tries",
                        (at, scope, key, int(heeded), at),
                    ).fetchone()
                    if row is None:  # its wait still runs: refused, nothing counted
                        (until,) = conn.execute(
                            "SELECT locked_until FROM sign_in_tries WHERE scope = ? AND key = ?",
                            (scope, key),
                        ).fetchone()
                        raise _Waiting(scope, (from_utc_text(until) - now).total_seconds())
                    seconds = wait(int(row[0]))
                    if seconds > 0:
                        conn.execute(
                            "UPDATE sign_in_tries SET locked_until = ? WHERE scope = ? AND key = ?",
                            (utc_text(now + timedelta(seconds=seconds)), scope, key),
                        )
                        if heeded:
                            longest = max(longest, seconds)
        except _Waiting as waiting:
            return TryCounted(waiting.scope, max(waiting.seconds, 0.0))
        return TryCounted(None, longest)

    def forget_tries(self, keys: Collection[tuple[str, str]]) -> None:
        """The right PIN was given: the tries counted under these ``(scope, key)`` end."""
        with self._connect() as conn, conn.write():
            for scope, key in keys:
                conn.execute(
                    "UPDATE sign_in_tries SET tries = 0, locked_until = '' "
                    "WHERE scope = ? AND key = ?",
                    (scope, key),
                )

    def sign_in_tries(self, scope: str, keys: Collection[str]) -> dict[str, SignInTries]:
        """The tries counted under each of ``keys`` of ``scope`` (a key with none is left out)."""
        wanted = sorted(set(keys))
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT key, tries, last_try_at, locked_until FROM sign_in_tries "
                f"WHERE scope = ? AND tries > 0 AND key IN ({marks})",
                (scope, *wanted),
            ).fetchall()
        return {
            str(key): SignInTries(
                int(tries),
                from_utc_text(last) if last else None,
                from_utc_text(until) if until else None,
            )
            for key, tries, last, until in rows
        }

    def _forget_old_tries(self, now: datetime) -> None:
        """Tries not made again for :data:`TRIES_KEPT`, whose wait has run, are forgotten
        (in a transaction of their own, so that it holds no row a try is counting)."""
        old, at = utc_text(now - TRIES_KEPT), utc_text(now)
        with self._connect() as conn, conn.write():
            conn.execute(
                "DELETE FROM sign_in_tries WHERE last_try_at < ? AND locked_until <= ?",
                (old, at),
            )

    def shared_setting(self, key: str, make: Callable[[], str]) -> str:
        """A value every app server of the store agrees on (made once by whichever asks
        first: ``make()``), such as the key sessions are signed with."""
        with self._connect() as conn:
            row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
            if row:
                return str(row[0])
            with conn.write():
                conn.execute(
                    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                    (key, make()),
                )
                row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return str(row[0])

    def create_group(self, teacher_id: int, name: str, join_code: str) -> Group:
        text_field("a group's name", name, 60)
        text_field("a join code", join_code, 20)
        with self._connect() as conn:
            try:
                with conn.write():
                    (new_id,) = conn.execute(
                        "INSERT INTO groups (name, join_code, teacher_id, created_at) "
                        "VALUES (?, ?, ?, ?) RETURNING id",
                        (name.strip(), join_code, teacher_id, now_text()),
                    ).fetchone()
            except IntegrityViolation as err:
                raise ValueError(
                    f"that join code is taken, or there is no teacher {teacher_id} ({err})"
                ) from err
        return Group(int(new_id), name.strip(), join_code, teacher_id)

    def groups_of_teacher(self, teacher_id: int) -> list[Group]:
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT {_GROUP_COLUMNS} FROM groups WHERE teacher_id = ? ORDER BY id",
                (teacher_id,),
            ).fetchall()
        return [group(r) for r in rows]

    def group_by_code(self, join_code: str) -> Group | None:
        with self._connect() as conn:
            row = conn.execute(
                f"SELECT {_GROUP_COLUMNS} FROM groups WHERE join_code = ?", (join_code,)
            ).fetchone()
        return group(row) if row else None

    def join_group(self, group_id: int, profile_id: int) -> bool:
        """The player joins the group; False when they were in it already."""
        with self._connect() as conn:
            try:
                with conn.write():
                    cursor = conn.execute(
                        "INSERT INTO memberships (group_id, profile_id, joined_at) "
                        "VALUES (?, ?, ?) ON CONFLICT (group_id, profile_id) DO NOTHING",
                        (group_id, profile_id, now_text()),
                    )
            except IntegrityViolation as err:
                raise ValueError(f"there is no such group or player ({err})") from err
        return cursor.rowcount == 1

    def members(self, group_id: int) -> list[Profile]:
        """The group's members, by name."""
        with self._connect() as conn:
            rows = conn.execute(
                """SELECT p.id, p.name, p.created_at FROM profiles p
                   JOIN memberships m ON m.profile_id = p.id
                   WHERE m.group_id = ? ORDER BY p.name_key""",
                (group_id,),
            ).fetchall()
        return [profile_of(r) for r in rows]

    def teaches(self, teacher_id: int, profile_id: int) -> bool:
        """The player is in one of this teacher's groups."""
        with self._connect() as conn:
            row = conn.execute(
                """SELECT 1 FROM groups g JOIN memberships m ON m.group_id = g.id
                   WHERE g.teacher_id = ? AND m.profile_id = ? LIMIT 1""",
                (teacher_id, profile_id),
            ).fetchone()
        return row is not None

    def assign(self, group_id: int, drill: str, tier: str, length: int, seed: int) -> int:
        """Give the group a practice set; its id."""
        text_field("drill", drill, 20)
        text_field("tier", tier, 40)
        if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= 100:
            raise ValueError(f"a set is 1 to 100 questions long, not {length!r}")
        with self._connect() as conn, conn.write():
            (new_id,) = conn.execute(
                "INSERT INTO assignments (group_id, drill, tier, length, seed, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (group_id, drill, tier, length, seed, now_text()),
            ).fetchone()
        return int(new_id)

    def assignments_for(self, profile_id: int, *, limit: int = 5) -> list[Assignment]:
        """The newest practice sets the player's groups were given."""
        with self._connect() as conn:
            rows = conn.execute(
                """SELECT a.id, a.group_id, g.name, a.drill, a.tier, a.length, a.seed,
                          a.created_at
                   FROM assignments a JOIN groups g ON g.id = a.group_id
                   JOIN memberships m ON m.group_id = a.group_id
                   WHERE m.profile_id = ? ORDER BY a.id DESC LIMIT ?""",
                (profile_id, limit),
            ).fetchall()
        return [assignment(r) for r in rows]

    def assignments_of_group(self, group_id: int) -> list[Assignment]:
        with self._connect() as conn:
            rows = conn.execute(
                """SELECT a.id, a.group_id, g.name, a.drill, a.tier, a.length, a.seed,
                          a.created_at
                   FROM assignments a JOIN groups g ON g.id = a.group_id
                   WHERE a.group_id = ? ORDER BY a.id DESC""",
                (group_id,),
            ).fetchall()
        return [assignment(r) for r in rows]

    def last_activity(self, profile_id: int) -> datetime | None:
        """When the player last answered, played or moved on in a lesson."""
        with self._connect() as conn:
            row = conn.execute(
                """SELECT MAX(at) FROM (
                       SELECT MAX(at) AS at FROM attempts WHERE profile_id = ?
                       UNION ALL SELECT MAX(updated_at) FROM games WHERE profile_id = ?
                       UNION ALL SELECT MAX(updated_at) FROM lesson_progress WHERE profile_id = ?
                   ) AS times""",
                (profile_id, profile_id, profile_id),
            ).fetchone()
        return from_utc_text(row[0]) if row and row[0] else None

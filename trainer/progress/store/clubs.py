"""Club mode's part of the store: how players sign in (their PIN's hash, its version, the
wrong PINs counted), the settings every app server shares, groups and their members, the
practice sets a teacher gives, and when a member was last active. :class:`ClubTables` is a
part of :class:`~trainer.progress.store.api.Store`, which gives it its connections."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from trainer.progress.store.backend import StoreTables
from trainer.progress.store.checks import text_field
from trainer.progress.store.errors import IntegrityViolation
from trainer.progress.store.rows import (
    ROLES,
    Assignment,
    Credential,
    Group,
    assignment,
    credential,
    from_utc_text,
    group,
    now_text,
    profile_of,
    utc_text,
)
from trainer.training.records import Profile

_CREDENTIAL_COLUMNS = "profile_id, pin_hash, pin_version, role, failures, locked_until"
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

    def set_pin(self, profile_id: int, pin_hash: str, *, role: str | None = None) -> int:
        """Set the player's PIN (its hash: the store never sees a PIN) and, if given, role;
        the PIN's new version, which ends every session signed in with an older one. The
        wrong PINs counted so far are forgotten."""
        text_field("pin_hash", pin_hash, 300)
        if role is not None and role not in ROLES:
            raise ValueError(f"a role is one of {', '.join(ROLES)}, not {role!r}")
        with self._connect() as conn:
            try:
                with conn.write():
                    row = conn.execute(
                        """INSERT INTO credentials (profile_id, pin_hash, pin_version, role,
                               failures, locked_until, updated_at)
                           VALUES (?, ?, 1, ?, 0, '', ?)
                           ON CONFLICT (profile_id) DO UPDATE SET
                               pin_hash = excluded.pin_hash,
                               pin_version = credentials.pin_version + 1,
                               role = CASE WHEN ? = 1 THEN excluded.role
                                      ELSE credentials.role END,
                               failures = 0, locked_until = '',
                               updated_at = excluded.updated_at
                           RETURNING pin_version""",
                        (profile_id, pin_hash, role or "player", now_text(), int(role is not None)),
                    ).fetchone()
            except IntegrityViolation as err:
                raise ValueError(f"there is no profile {profile_id} ({err})") from err
        return int(row[0])

    def count_failure(
        self, profile_id: int, wait: Callable[[int], float], now: datetime
    ) -> Credential:
        """One more wrong PIN: signing in then waits ``wait(failures)`` seconds from ``now``."""
        with self._connect() as conn, conn.write():
            row = conn.execute(
                "SELECT failures FROM credentials WHERE profile_id = ?", (profile_id,)
            ).fetchone()
            failures = (int(row[0]) if row else 0) + 1
            seconds = wait(failures)
            locked = utc_text(now + timedelta(seconds=seconds)) if seconds > 0 else ""
            conn.execute(
                "UPDATE credentials SET failures = ?, locked_until = ? WHERE profile_id = ?",
                (failures, locked, profile_id),
            )
            found = conn.execute(
                f"SELECT {_CREDENTIAL_COLUMNS} FROM credentials WHERE profile_id = ?",
                (profile_id,),
            ).fetchone()
        return credential(found)

    def forget_failures(self, profile_id: int) -> None:
        with self._connect() as conn, conn.write():
            conn.execute(
                "UPDATE credentials SET failures = 0, locked_until = '' WHERE profile_id = ?",
                (profile_id,),
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

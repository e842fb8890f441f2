"""The players and what is kept for each beside their progress: :class:`ProfileTables`
(the profiles, a name refused when it looks like another's, drafts, settings). It is a part of
:class:`~trainer.progress.store.api.Store`, which gives it its connections."""

from __future__ import annotations

from datetime import UTC, datetime

import trainer.progress.store.answers as answers
from trainer.progress.store.backend import Connection, StoreTables
from trainer.progress.store.checks import (
    DRAFT_MAX,
    KEY_MAX,
    clean_profile_name,
    look_alike_problem,
    name_key,
    name_lock,
    text_field,
)
from trainer.progress.store.errors import IntegrityViolation, ProfileNameError
from trainer.progress.store.rows import from_utc_text, now_text, profile_of, utc_text
from trainer.training.records import Preferences, Profile


class ProfileTables(StoreTables):
    """The store's players, their drafts and their settings (see the module docstring)."""

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

    def preferences(self, profile_id: int) -> Preferences:
        """The settings the player has chosen (none chosen: all ``None``)."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT key, value FROM preferences WHERE profile_id = ? ORDER BY key",
                (profile_id,),
            ).fetchall()
        return Preferences.parse({str(key): str(value) for key, value in rows})

    def set_preferences(self, profile_id: int, changes: Preferences) -> None:
        """Keep the settings ``changes`` chooses (over what was kept for each; its ``None``
        fields change nothing); a player who is not there raises ``ValueError``. Clearing a
        player's progress keeps their settings; removing the player removes them."""
        if not isinstance(changes, Preferences):
            raise TypeError(f"a player's settings are Preferences, not {changes!r}")
        for key, word in changes.stored().items():
            self._keep_keyed("preferences", profile_id, key, word)


def _refuse_look_alike(conn: Connection, cleaned: str, profile_id: int | None) -> None:
    """A name that looks like another player's (but is spelt with other letters) is refused:
    read under the lock of the name's look, so a look-alike made at the same moment on
    another server is seen (the same name in another case is refused by its unique key)."""
    conn.lock(name_lock(cleaned))
    others = [(int(r[0]), str(r[1])) for r in conn.execute("SELECT id, name FROM profiles")]
    problem = look_alike_problem(cleaned, others, profile_id)
    if problem:
        raise ProfileNameError(problem)

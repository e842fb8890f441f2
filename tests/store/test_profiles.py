"""A player's settings in the progress store (the preferences table, a migration of its own):
kept per player, written over, kept through a cleared progress, gone with the player, and a
file from before the table gains it with everything else kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.stores import store_at_version
from trainer.progress.store import (
    MIGRATIONS,
    PREFERENCES_MIGRATION,
    SCHEMA_VERSION,
    Store,
)
from trainer.training.records import Preferences


def test_each_player_keeps_their_own_settings(location: str) -> None:
    store = Store.open(location)
    ann, bo = store.create_profile("Ann"), store.create_profile("Bo")
    assert store.preferences(ann.id) == Preferences()
    store.set_preferences(ann.id, Preferences(sound=False, show_all=True))
    store.set_preferences(bo.id, Preferences(sound=True))
    store.set_preferences(ann.id, Preferences(sound=True))  # written over, the show kept
    assert store.preferences(ann.id) == Preferences(sound=True, show_all=True)
    assert store.preferences(bo.id) == Preferences(sound=True)
    assert Store.open(location).preferences(ann.id) == Preferences(sound=True, show_all=True)
    rows = store.dump()["preferences"]
    key, value = rows.columns.index("key"), rows.columns.index("value")
    assert sorted((row[key], row[value]) for row in rows.rows) == [
        ("show", "all"),
        ("sound", "on"),
        ("sound", "on"),
    ]  # the words the store has always kept


def test_settings_outlive_a_cleared_progress_and_go_with_the_player(location: str) -> None:
    store = Store.open(location)
    ann, bo = store.create_profile("Ann"), store.create_profile("Bo")
    store.set_preferences(ann.id, Preferences(sound=False))
    store.set_preferences(bo.id, Preferences(sound=False))
    store.clear_progress(ann.id)
    assert store.preferences(ann.id) == Preferences(sound=False)  # a setting is not progress
    assert store.delete_profile(ann.id)
    left = store.dump()["preferences"]
    assert [row[left.columns.index("profile_id")] for row in left.rows] == [bo.id]


def test_a_setting_for_nobody_or_not_a_setting_is_refused(location: str) -> None:
    store = Store.open(location)
    ann = store.create_profile("Ann")
    with pytest.raises(ValueError, match="no profile 99"):
        store.set_preferences(99, Preferences(sound=True))
    with pytest.raises(TypeError, match="are Preferences, not"):
        store.set_preferences(ann.id, {"sound": "on"})  # type: ignore[arg-type]
    assert store.preferences(ann.id) == Preferences()


def test_a_stored_word_that_is_no_setting_is_not_a_choice(location: str) -> None:
    """A row written by hand, or by a later version, is read as nothing chosen."""
    store = Store.open(location)
    ann = store.create_profile("Ann")
    store.set_preferences(ann.id, Preferences(meter=True))
    with store._connect() as conn, conn.write():
        conn.execute(
            "INSERT INTO preferences (profile_id, key, value, updated_at) "
            "VALUES (?, 'sound', 'loud', '2026-01-01 00:00:00.000000')",
            (ann.id,),
        )
    assert store.preferences(ann.id) == Preferences(meter=True)


def test_a_file_from_before_the_settings_gains_them_and_keeps_its_players(tmp_path: Path) -> None:
    assert PREFERENCES_MIGRATION in MIGRATIONS
    before = MIGRATIONS.index(PREFERENCES_MIGRATION)
    path = tmp_path / "old.sqlite3"
    store_at_version(str(path), before)
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO profiles VALUES (1, 'Bo', 'bo', '2026-01-01 00:00:00.000000')")
    old = Store.open(path)
    assert old.schema_version() == SCHEMA_VERSION
    assert [p.name for p in old.profiles()] == ["Bo"]
    old.set_preferences(1, Preferences(sound=False))
    assert old.preferences(1) == Preferences(sound=False)
    assert old.check_integrity() == ["ok"]

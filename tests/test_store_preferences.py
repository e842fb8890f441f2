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
    InvalidAttemptError,
    Store,
)


def test_each_player_keeps_their_own_settings(location: str) -> None:
    store = Store.open(location)
    ann, bo = store.create_profile("Ann"), store.create_profile("Bo")
    assert store.preferences(ann.id) == {}
    store.set_preference(ann.id, "sound", "off")
    store.set_preference(ann.id, "show", "all")
    store.set_preference(bo.id, "sound", "on")
    store.set_preference(ann.id, "sound", "on")  # written over
    assert store.preferences(ann.id) == {"show": "all", "sound": "on"}
    assert store.preferences(bo.id) == {"sound": "on"}
    assert Store.open(location).preferences(ann.id) == {"show": "all", "sound": "on"}


def test_settings_outlive_a_cleared_progress_and_go_with_the_player(location: str) -> None:
    store = Store.open(location)
    ann, bo = store.create_profile("Ann"), store.create_profile("Bo")
    store.set_preference(ann.id, "sound", "off")
    store.set_preference(bo.id, "sound", "off")
    store.clear_progress(ann.id)
    assert store.preferences(ann.id) == {"sound": "off"}  # a setting is not progress
    assert store.delete_profile(ann.id)
    left = store.dump()["preferences"]
    assert [row[left.columns.index("profile_id")] for row in left.rows] == [bo.id]


def test_a_setting_for_nobody_or_out_of_bounds_is_refused(location: str) -> None:
    store = Store.open(location)
    ann = store.create_profile("Ann")
    with pytest.raises(ValueError, match="no profile 99"):
        store.set_preference(99, "sound", "on")
    with pytest.raises(InvalidAttemptError, match="a setting's name is empty"):
        store.set_preference(ann.id, " ", "on")
    with pytest.raises(InvalidAttemptError, match="the most is 100"):
        store.set_preference(ann.id, "sound", "x" * 101)
    with pytest.raises(InvalidAttemptError, match="must be text"):
        store.set_preference(ann.id, "sound", 1)  # type: ignore[arg-type]
    assert store.preferences(ann.id) == {}


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
    old.set_preference(1, "sound", "off")
    assert old.preferences(1) == {"sound": "off"}
    assert old.check_integrity() == ["ok"]

"""The store's games: saved after every action, the game in progress, the record by level."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from trainer.progress.store import (
    GAMES_MIGRATION,
    MIGRATIONS,
    SCHEMA_VERSION,
    LevelGames,
    SavedGame,
    Store,
)


def _store(tmp_path: Path) -> tuple[Store, int]:
    store = Store.open(tmp_path / "p.sqlite3")
    return store, store.create_profile("Ann").id


def _game(game_id: str = "g1", **changes: object) -> SavedGame:
    row = SavedGame(game_id, "level=easy target=61 skunks=on counting=automatic", "easy", 61, "r")
    return row._replace(**changes)


def test_the_games_table_is_a_migration(tmp_path: Path) -> None:
    assert GAMES_MIGRATION in MIGRATIONS
    store, _ = _store(tmp_path)
    assert store.schema_version() == SCHEMA_VERSION
    with sqlite3.connect(store.path) as conn:
        columns = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    assert {"profile_id", "game_id", "settings", "record", "status", "updated_at"} <= set(columns)


def test_an_older_file_gains_the_games_table(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as conn:
        for step in MIGRATIONS[: MIGRATIONS.index(GAMES_MIGRATION)]:
            for statement in step:
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {MIGRATIONS.index(GAMES_MIGRATION)}")
        conn.execute("INSERT INTO profiles VALUES (1, 'Bo', 'bo', '2026-01-01T00:00:00Z')")
    store = Store.open(path)
    assert store.schema_version() == SCHEMA_VERSION
    store.save_game(1, _game())
    assert store.game_in_progress(1) == _game()


def test_a_game_is_rewritten_in_place(tmp_path: Path) -> None:
    store, ann = _store(tmp_path)
    store.save_game(ann, _game(record="one"))
    store.save_game(ann, _game(record="one\ntwo"))
    assert store.game_in_progress(ann) == _game(record="one\ntwo")
    store.save_game(ann, _game(record="done", status="won", my_score=61, their_score=20, skunk=1))
    assert store.game_in_progress(ann) is None
    assert store.game(ann, "g1") == _game(
        record="done", status="won", my_score=61, their_score=20, skunk=1
    )


def test_games_belong_to_their_player(tmp_path: Path) -> None:
    store, ann = _store(tmp_path)
    bo = store.create_profile("Bo").id
    store.save_game(ann, _game("a"))
    assert store.game_in_progress(bo) is None
    store.save_game(bo, _game("a", record="taken over"))  # another player's id is not rewritten
    assert store.game(ann, "a") == _game("a")


def test_the_record_by_level_and_length(tmp_path: Path) -> None:
    store, ann = _store(tmp_path)
    store.save_game(ann, _game("w", status="won", my_score=61, their_score=25, skunk=1))
    store.save_game(ann, _game("l", status="lost", my_score=50, their_score=61))
    store.save_game(ann, _game("p"))  # still being played: not counted
    store.save_game(ann, _game("h", level="hard", status="won", my_score=61, their_score=60))
    stats = store.game_stats(ann, "easy", 61)
    assert (stats.games, stats.wins, stats.skunks) == (2, 1, 1)
    assert stats.average_margin == pytest.approx(((61 - 25) + (50 - 61)) / 2)
    assert store.game_stats(ann, "easy", 121).average_margin is None
    assert store.games_by_level(ann) == {"easy": 2, "hard": 1}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"status": "paused"}, "status is one of playing, won, lost"),
        ({"record": ""}, "record is empty"),
        ({"my_score": -1}, "my_score must be a whole number"),
        ({"target": True}, "target must be a whole number"),
    ],
)
def test_a_bad_game_row_is_refused_by_name(
    tmp_path: Path, changes: dict[str, object], message: str
) -> None:
    store, ann = _store(tmp_path)
    with pytest.raises(ValueError, match=message):
        store.save_game(ann, _game(**changes))


def test_a_game_for_nobody_is_refused(tmp_path: Path) -> None:
    store, _ = _store(tmp_path)
    with pytest.raises(ValueError, match="there is no profile 99"):
        store.save_game(99, _game())


def test_the_games_record_per_level_and_length(tmp_path: Path) -> None:
    store, ann = _store(tmp_path)
    bo = store.create_profile("Bo").id
    store.save_game(ann, _game("w", status="won", my_score=61, their_score=25, skunk=1))
    store.save_game(ann, _game("l", status="lost", my_score=20, their_score=61, skunk=1))
    store.save_game(ann, _game("p", my_score=10, their_score=40))  # still being played
    store.save_game(ann, _game("n", level="normal", target=121, status="won", my_score=121))
    store.save_game(bo, _game("b", status="won", my_score=61))  # another player's
    assert store.games_record(ann) == [
        LevelGames("easy", 61, 2, 1, 1, 1, ((61 - 25) + (20 - 61)) / 2, 1),
        LevelGames("normal", 121, 1, 1, 0, 0, 121.0, 0),
    ]
    assert store.games_record(store.create_profile("Cy").id) == []

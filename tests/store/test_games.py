"""The store's games: saved after every action, the game in progress, the record by level."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.stores import add_answer, imported_games, store_at_version
from trainer.engine.settings import Settings
from trainer.engine.skills import Category, DrillType, Mode
from trainer.engine.vocab import Counting
from trainer.progress.store import (
    GAMES_MIGRATION,
    GAMES_VERSION_MIGRATION,
    MIGRATIONS,
    SCHEMA_VERSION,
    SEATS_MIGRATION,
    FinishedGameError,
    LevelGames,
    SavedGame,
    StaleGameError,
    Store,
)
from trainer.progress.store.seats import setup_seats, stored_seats
from trainer.training.table import CoachMode, PlaySetup


def _store(location: str) -> tuple[Store, int]:
    store = Store.open(location)
    return store, store.create_profile("Ann").id


def _game(game_id: str = "g1", **changes: Any) -> SavedGame:
    """A game row; ``changes`` may be of the wrong type, for the store to refuse."""
    row = SavedGame(game_id, "level=easy target=61 skunks=on counting=automatic", "easy", 61, "r")
    return row._replace(**changes)


def test_the_games_table_is_a_migration(location: str) -> None:
    assert GAMES_MIGRATION in MIGRATIONS
    store, _ = _store(location)
    assert store.schema_version() == SCHEMA_VERSION
    columns = store.dump()["games"].columns
    assert {"profile_id", "game_id", "settings", "record", "status", "updated_at"} <= set(columns)


def test_an_older_file_gains_the_games_table(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store_at_version(str(path), MIGRATIONS.index(GAMES_MIGRATION))
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO profiles VALUES (1, 'Bo', 'bo', '2026-01-01T00:00:00Z')")
    store = Store.open(path)
    assert store.schema_version() == SCHEMA_VERSION
    saved = store.save_game(1, _game())
    assert saved == _game(version=1)
    assert store.game_in_progress(1) == saved


def test_an_older_games_table_gains_versions_and_seeds(tmp_path: Path) -> None:
    """Games saved before versions: each is at version 1, a finished one is not shown again
    on opening Play, and its seed is read from its record."""
    path = tmp_path / "old.sqlite3"
    step = MIGRATIONS.index(GAMES_VERSION_MIGRATION)
    store_at_version(str(path), step)
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO profiles VALUES (1, 'Bo', 'bo', '2026-01-01T00:00:00Z')")
        for game_id, status in (("old-done", "won"), ("old-open", "playing")):
            conn.execute(
                "INSERT INTO games (profile_id, game_id, settings, level, target, record, "
                "status, updated_at) VALUES (1, ?, 'level=easy target=61', 'easy', 61, ?, ?, "
                "'2026-01-01 00:00:00.000000')",
                (game_id, '[Game "cribbage"]\n[Seed "4217"]\n\ncut seat=0 at=3 card=5H\n', status),
            )
    store = Store.open(path)
    done, playing = store.game(1, "old-done"), store.game(1, "old-open")
    assert done is not None and playing is not None
    assert (done.version, done.place, done.seed) == (1, "left", 4217)
    assert (playing.version, playing.place, playing.seed) == (1, "", 4217)
    assert store.game_in_progress(1) == playing
    assert store.games_with_seed(1, 4217) == [done, playing]


def test_a_game_is_rewritten_in_place(location: str) -> None:
    store, ann = _store(location)
    first = store.save_game(ann, _game(record="one"))
    second = store.save_game(ann, first._replace(record="one\ntwo"))
    assert second.version == 2
    assert store.game_in_progress(ann) == second
    done = store.save_game(
        ann, second._replace(record="done", status="won", my_score=61, their_score=20, skunk=1)
    )
    assert store.game_in_progress(ann) == done  # its results are still to be seen
    left = store.save_game(ann, done._replace(place="left"))
    assert (
        store.game(ann, "g1")
        == left
        == _game(
            record="done",
            status="won",
            my_score=61,
            their_score=20,
            skunk=1,
            version=4,
            place="left",
        )
    )


def test_a_save_over_an_older_version_is_refused_with_the_stored_game(location: str) -> None:
    """Two tabs read version 1; the first saves; the second's save is refused and carries
    the game as stored, which the second tab shows instead of its own."""
    store, ann = _store(location)
    read = store.save_game(ann, _game(record="dealt"))
    tab_a = store.save_game(ann, read._replace(record="dealt\nlay 9D"))
    with pytest.raises(StaleGameError) as refused:
        store.save_game(ann, read._replace(record="dealt\nlay KS"))
    assert refused.value.stored == tab_a
    assert store.game(ann, "g1") == tab_a


def test_a_new_game_cannot_take_an_existing_id(location: str) -> None:
    store, ann = _store(location)
    store.save_game(ann, _game(record="mine"))
    with pytest.raises(StaleGameError):
        store.save_game(ann, _game(record="again"))
    assert store.game(ann, "g1") == _game(record="mine", version=1)


def test_a_finished_game_is_never_reopened(location: str) -> None:
    """A stale tab's move on a finished game is refused (the win stays a win), and even the
    tab that finished it can change only where it is looking, not the record or the result."""
    store, ann = _store(location)
    read = store.save_game(ann, _game(record="r"))
    won = store.save_game(ann, read._replace(record="r won", status="won", my_score=61))
    with pytest.raises(FinishedGameError) as refused:
        store.save_game(ann, read._replace(record="r other"))
    assert refused.value.stored == won
    with pytest.raises(FinishedGameError):
        store.save_game(ann, won._replace(record="r won", status="playing"))
    with pytest.raises(FinishedGameError):
        store.save_game(ann, won._replace(record="r won, and more"))
    looked = store.save_game(ann, won._replace(place="seen=9 shown=2"))
    assert store.game(ann, "g1") == looked
    assert store.game_stats(ann, "easy", 61).wins == 1


def test_games_belong_to_their_player(location: str) -> None:
    store, ann = _store(location)
    bo = store.create_profile("Bo").id
    mine = store.save_game(ann, _game("a"))
    assert store.game_in_progress(bo) is None
    with pytest.raises(StaleGameError):  # another player's game id is not taken over
        store.save_game(bo, _game("a", record="taken over"))
    with pytest.raises(StaleGameError):
        store.save_game(bo, mine._replace(record="taken over"))
    assert store.game(ann, "a") == mine
    assert store.game(bo, "a") is None


def test_unfinished_games_are_listed_latest_first(location: str) -> None:
    store, ann = _store(location)
    older = store.save_game(ann, _game("older"))
    store.save_game(ann, _game("done", status="lost", my_score=3, their_score=61))
    newer = store.save_game(ann, _game("newer"))
    assert store.unfinished_games(ann) == [newer, older]
    resigned = store.save_game(ann, older._replace(status="lost", resigned=True, place="left"))
    assert store.unfinished_games(ann) == [newer]
    assert resigned.resigned
    assert store.game_stats(ann, "easy", 61).games == 2  # a resigned game counts as a loss


def test_imported_games_are_not_counted_in_the_level_records(location: str) -> None:
    store, ann = _store(location)
    store.save_game(ann, _game("w", status="won", my_score=61, their_score=25, skunk=1))
    for n in range(3):
        store.save_game(
            ann,
            _game(f"i{n}", status="won", my_score=61, their_score=0, skunk=1, imported=True),
        )
    assert store.game_stats(ann, "easy", 61).games == 1
    assert store.games_by_level(ann) == {("easy", 2): 1}
    assert [r.finished for r in store.games_record(ann)] == [1]
    assert imported_games(store, ann) == 3


def test_games_between_people_are_in_no_level_record(location: str) -> None:
    store, ann = _store(location)
    store.save_game(ann, _game("w", status="won", my_score=61, their_score=25))
    people = "level=easy target=61 skunks=on counting=automatic lineup=@Ann,easy,@Jo"
    store.save_game(ann, _game("p", status="won", my_score=61, their_score=40, settings=people))
    assert store.game_stats(ann, "easy", 61).games == 1
    assert store.games_by_level(ann) == {("easy", 2): 1}
    assert [r.finished for r in store.games_record(ann)] == [1]
    listed = {g.game_id: g.settings for g in store.finished_games(ann, method=1)}
    assert listed == {"w": _game().settings, "p": people}  # Progress lists it all the same


def test_the_record_by_level_and_length(location: str) -> None:
    store, ann = _store(location)
    store.save_game(ann, _game("w", status="won", my_score=61, their_score=25, skunk=1))
    store.save_game(ann, _game("l", status="lost", my_score=50, their_score=61))
    store.save_game(ann, _game("p"))  # still being played: not counted
    store.save_game(ann, _game("h", level="hard", status="won", my_score=61, their_score=60))
    stats = store.game_stats(ann, "easy", 61)
    assert (stats.games, stats.wins, stats.skunks) == (2, 1, 1)
    assert stats.average_margin == pytest.approx(((61 - 25) + (50 - 61)) / 2)
    assert store.game_stats(ann, "easy", 121).average_margin is None
    assert store.games_by_level(ann) == {("easy", 2): 2, ("hard", 2): 1}


def test_a_result_stored_past_the_game_hole_is_read_back_at_the_target(location: str) -> None:
    """Games saved before the peg stopped in the game hole kept the last count whole
    ("125" in a game to 121): every read says the target, and the margins count so."""
    store, ann = _store(location)
    store.save_game(ann, _game("w", status="won", my_score=66, their_score=40))
    store.save_game(ann, _game("l", status="lost", my_score=30, their_score=64))
    rows = {g.game_id: g for g in store.finished_games(ann, method=1)}
    assert (rows["w"].my_score, rows["l"].their_score) == (61, 61)
    assert store.game(ann, "w").my_score == 61  # type: ignore[union-attr]
    assert store.game_stats(ann, "easy", 61).average_margin == pytest.approx(
        ((61 - 40) + (30 - 61)) / 2
    )
    (record,) = store.games_record(ann)
    assert record.average_margin == pytest.approx(((61 - 40) + (30 - 61)) / 2)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"status": "paused"}, "status is one of playing, won, lost"),
        ({"record": ""}, "record is empty"),
        ({"my_score": -1}, "my_score must be a whole number"),
        ({"target": True}, "target must be a whole number"),
        ({"version": -1}, "version must be a whole number"),
        ({"seed": 2**63}, "seed must be a whole number from 0 that fits in 64 bits"),
        ({"place": "x" * 101}, "place is 101 characters long"),
    ],
)
def test_a_bad_game_row_is_refused_by_name(
    location: str, changes: dict[str, Any], message: str
) -> None:
    store, ann = _store(location)
    with pytest.raises(ValueError, match=message):
        store.save_game(ann, _game(**changes))


def test_a_game_for_nobody_is_refused(location: str) -> None:
    store, _ = _store(location)
    with pytest.raises(ValueError, match="there is no profile 99"):
        store.save_game(99, _game())


def test_the_games_record_per_level_and_length(location: str) -> None:
    store, ann = _store(location)
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


# --- players removed or started again -----------------------------------------------------


def _everything(store: Store, profile_id: int) -> None:
    from datetime import UTC, datetime

    from trainer.training.records import AttemptIn

    attempt = AttemptIn(
        drill=DrillType.HAND, tier="club", seed=1, question="5H 5D JS QC / 5S", answer="20",
        correct=False, points_off=9, missed=(Category.FIFTEEN, Category.NOBS), seconds=3.0,
        mode=Mode.QUICK,
        at=datetime(2026, 5, 1, 12, tzinfo=UTC),
    )  # fmt: skip
    add_answer(store, profile_id, attempt, key=f"set{profile_id}/1")
    store.save_lesson_progress(profile_id, "the-show", 2, False)
    store.save_game(profile_id, _game(f"g{profile_id}"))
    store.save_draft(profile_id, "claims", "5H-5D")


def _rows(store: Store) -> dict[str, list[dict[str, object]]]:
    return {
        name: [dict(zip(table.columns, row, strict=True)) for row in table.rows]
        for name, table in store.dump().items()
    }


def test_removing_a_player_deletes_their_rows_and_nothing_else(location: str) -> None:
    store, ann = _store(location)
    bo = store.create_profile("Bo").id
    _everything(store, bo)
    before = _rows(store)
    before["profiles"] = [row for row in before["profiles"] if row["id"] != ann]
    _everything(store, ann)
    assert store.delete_profile(ann) is True
    assert _rows(store) == before
    assert store.delete_profile(ann) is False
    assert [p.name for p in store.profiles()] == ["Bo"]


def test_clearing_a_players_progress_keeps_the_player(location: str) -> None:
    store, ann = _store(location)
    bo = store.create_profile("Bo").id
    _everything(store, bo)
    _everything(store, ann)
    store.clear_progress(ann)
    assert [p.name for p in store.profiles()] == ["Ann", "Bo"]
    assert store.count_attempts(ann) == 0 and store.count_attempts(bo) == 1
    assert store.lesson_progress(ann) == {} and store.lesson_progress(bo) != {}
    assert store.game(ann, f"g{ann}") is None and store.game(bo, f"g{bo}") is not None
    assert store.draft(ann, "claims") is None and store.draft(bo, "claims") == "5H-5D"
    assert not [row for row in _rows(store)["attempt_misses"] if row["profile_id"] == ann]


def test_drafts_are_kept_per_player_and_key(location: str) -> None:
    store, ann = _store(location)
    bo = store.create_profile("Bo").id
    store.save_draft(ann, "q1", "a")
    store.save_draft(ann, "q1", "b")
    store.save_draft(bo, "q1", "c")
    assert (store.draft(ann, "q1"), store.draft(bo, "q1"), store.draft(ann, "q2")) == (
        "b",
        "c",
        None,
    )
    store.drop_draft(ann, "q1")
    assert store.draft(ann, "q1") is None and store.draft(bo, "q1") == "c"
    with pytest.raises(ValueError, match="a draft is 4001 characters long"):
        store.save_draft(ann, "q1", "x" * 4001)
    with pytest.raises(ValueError, match="there is no profile 99"):
        store.save_draft(99, "q1", "x")


SETUP = "level=easy target=61 skunks=on counting=automatic"


def test_the_record_against_a_level_keeps_each_table_size_apart(location: str) -> None:
    """A game of three or four is kept with its seats, from its setup: the record against a
    level and length (the results screen's line, the Progress page's table) is of one
    table size."""
    store, ann = _store(location)
    store.save_game(ann, _game("two", status="won", my_score=61, their_score=40))
    three = store.save_game(
        ann, _game("three", settings=f"{SETUP} seats=3", status="lost", my_score=20, their_score=61)
    )
    four = f"{SETUP} seats=4 coach=moves"
    store.save_game(ann, _game("four", settings=four, status="won", my_score=61, their_score=50))
    store.save_game(ann, _game("four-on", settings=four))  # still being played
    assert three.seats == 3
    assert [store.game(ann, g).seats for g in ("two", "three", "four")] == [2, 3, 4]  # type: ignore[union-attr]
    two_stats = store.game_stats(ann, "easy", 61)
    assert (two_stats.games, two_stats.wins) == (1, 1)
    assert two_stats.average_margin == pytest.approx(21)
    assert store.game_stats(ann, "easy", 61, 3) == (1, 0, 0, -41.0)
    assert store.game_stats(ann, "easy", 61, 4) == (1, 1, 0, 11.0)
    assert store.games_by_level(ann) == {("easy", 2): 1, ("easy", 3): 1, ("easy", 4): 1}
    assert store.games_record(ann) == [
        LevelGames("easy", 61, 1, 1, 0, 0, 21.0, 0, seats=2),
        LevelGames("easy", 61, 1, 0, 0, 0, -41.0, 0, seats=3),
        LevelGames("easy", 61, 1, 1, 0, 0, 11.0, 1, seats=4),
    ]
    listed = store.finished_games(ann, method=1)
    assert sorted((g.game_id, g.seats) for g in listed) == [("four", 4), ("three", 3), ("two", 2)]


def test_the_seats_are_the_setups_whatever_the_row_says(location: str) -> None:
    """The store writes the seats the setup gives, at every save (a caller's own figure is
    not kept), and refuses a setup whose rules do not read."""
    store, ann = _store(location)
    saved = store.save_game(ann, _game("g", settings=f"{SETUP} seats=3", seats=2))
    assert saved.seats == 3 and store.game(ann, "g") == saved
    moved = store.save_game(ann, saved._replace(seats=4, my_score=5))
    assert moved.seats == 3 and store.game(ann, "g") == moved
    for bad in ("level=easy seats=5", "level=easy target=62", "level=easy wild=on"):
        with pytest.raises(ValueError, match="settings must be a game's setup"):
            store.save_game(ann, _game("bad", settings=bad))
    assert store.game(ann, "bad") is None


def test_a_store_from_before_the_seats_keeps_every_game_and_gains_their_seats(
    location: str,
) -> None:
    """A store at the schema before the seats (on either backend) holding games of two,
    three and four: after the upgrade every row keeps every value it had, and each game
    has the seats its setup gives (or its record's headers, when the setup does not read;
    two when neither does)."""
    before = MIGRATIONS.index(SEATS_MIGRATION)
    old = store_at_version(location, before)
    record = '[Game "cribbage"]\n[Target "61"]\n{}[Seed "{}"]\n\ncut seat=0 at=3 card=5H\n'
    games = [  # id, settings, record, status, the seats it should get
        ("two", SETUP, record.format("", 1), "won", 2),
        ("two-old", "level=hard target=121", record.format("", 2), "playing", 2),
        ("three", f"{SETUP} seats=3", record.format('[Seats "3"]\n', 3), "lost", 3),
        (
            "three-coached",
            f"{SETUP} seats=3 coach=learning hints=1,2",
            record.format("", 4),
            "won",
            3,
        ),
        ("four", "level=crazy target=121 seats=4", record.format('[Seats "4"]\n', 5), "won", 4),
        ("four-by-record", "level=easy seats=four", record.format('[Seats "4"]\n', 6), "lost", 4),
        ("unreadable", "level=easy seats=9", "not a record", "lost", 2),
    ]
    with old._connect() as conn, conn.write():
        conn.execute(
            "INSERT INTO profiles (id, name, name_key, created_at) "
            "VALUES (1, 'Bo', 'bo', '2026-01-01 00:00:00.000000')"
        )
        for n, (game_id, settings, text, status, _) in enumerate(games):
            conn.execute(
                """INSERT INTO games (profile_id, game_id, settings, level, target, record,
                       status, my_score, their_score, skunk, updated_at, version, place, seed)
                   VALUES (1, ?, ?, 'easy', 61, ?, ?, ?, ?, ?, ?, ?, 'left', ?)""",
                (game_id, settings, text, status, 61 - n, 40 + n, n % 2,
                 f"2026-01-0{n + 1} 00:00:00.000000", n + 1, n),
            )  # fmt: skip
    rows_before = old.dump()
    assert "seats" not in rows_before["games"].columns

    store = store_at_version(location, before + 1)  # the seats' step, and no other
    after = store.dump()
    assert {k: after[k] for k in rows_before if k != "games"} == {
        k: v for k, v in rows_before.items() if k != "games"
    }
    columns = after["games"].columns
    assert set(columns) == {*rows_before["games"].columns, "seats"}
    kept = [
        tuple(row[columns.index(c)] for c in rows_before["games"].columns)
        for row in after["games"].rows
    ]
    assert kept == rows_before["games"].rows  # every value of every row as it was
    seats = {
        row[columns.index("game_id")]: row[columns.index("seats")] for row in after["games"].rows
    }
    assert seats == {game_id: want for game_id, *_, want in games}
    assert [g.seats for g in store.unfinished_games(1)] == [2]
    assert store.game_stats(1, "easy", 61, 3).games == 2
    assert store.game_stats(1, "easy", 61, 4).games == 2
    assert store.game_stats(1, "easy", 61).games == 2  # "two" and "unreadable"
    assert Store.open(location).schema_version() == SCHEMA_VERSION  # and on to the newest


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("coach", [CoachMode.OFF, CoachMode.LEARNING])
def test_the_seats_read_from_every_setup_the_play_page_writes(seats: int, coach: CoachMode) -> None:
    """The store reads a game's seats from its setup as the Play page writes it (the Play
    page's words left to it, the rules to the engine's parser), with every word it writes."""
    rules = Settings(target=61, skunks=False, counting=Counting.MUGGINS, seats=seats)
    setup = PlaySetup("crazy", rules, coach, hints=(1, 3))
    assert (
        setup_seats(setup.notation()) == seats == PlaySetup.parse(setup.notation()).settings.seats
    )
    record = f'[Game "cribbage"]\n{chr(10).join(rules.headers())}\n[Seed "3"]\n'
    assert stored_seats("not a setup", record) == seats

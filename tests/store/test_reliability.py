"""The store under stress, on each backend where it applies (a real SQLite file, a real
PostgreSQL server): many writers, killed writers, a full disk, a server restarted in the
middle of a session; and, for the file, damaged files and files from a newer trainer."""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.stores import add_answer
from trainer.engine.skills import Category, DrillType
from trainer.progress.store import (
    SCHEMA_VERSION,
    FileError,
    ForeignFileError,
    NewerSchemaError,
    Store,
    StoreBusyError,
    StoreError,
    describe_error,
    passing,
)
from trainer.training.records import AttemptIn

REPO = Path(__file__).resolve().parents[2]
WRITERS = 8


def answer(seed: int, *, correct: bool = False) -> AttemptIn:
    return AttemptIn(
        drill=DrillType.PEG,
        tier="club",
        seed=seed,
        question="7S 8H",
        answer="2",
        correct=correct,
        points_off=0 if correct else -2,
        missed=() if correct else (Category.RUN,),
        seconds=3.0,
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# A writer in its own process: opens the store itself (racing the others to create it),
# then records answers one transaction each and prints each id once it is committed.
CHILD = r"""
import sys
from trainer.training.records import AttemptIn
from trainer.progress.store import Store, ProfileNameError

path, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = Store.open(path)
try:
    profile = store.create_profile(name)
except ProfileNameError:
    profile = next(p for p in store.profiles() if p.name == name)
print("ready", flush=True)
sys.stdin.readline()  # wait for the starting signal
n = 0
while count < 0 or n < count:
    attempt = AttemptIn("hand", "club", n, "5H 5D 5C JS | 5S", "28", False, -1, ("nobs",), 2.0)
    [(new_id, _)] = store.add_attempts_each(profile.id, [(attempt, None)], session=name)
    print(new_id, flush=True)
    n += 1
"""

# A writer that starts one big transaction and is killed before it can commit.
BIG_BATCH = r"""
import sys
from trainer.training.records import AttemptIn
from trainer.progress.store import Store

store = Store.open(sys.argv[1])
profile = store.profiles()[0]
rows = (AttemptIn("go", "trap", n, "KS QS", "1", True, 0, (), 1.0) for n in range(10**7))
print("writing", flush=True)
store.add_attempts(profile.id, rows)
"""


def spawn(*args: str, script: str = CHILD) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


# --- concurrency ---


def _open_at_once(path: Path, start: threading.Barrier, refused: list[BaseException]) -> None:
    start.wait()
    try:
        Store.open(path)
    except BaseException as err:  # reported by the test
        refused.append(err)


def test_openers_racing_to_create_a_new_file_all_find_it_the_trainer_s(tmp_path: Path) -> None:
    # Read apart, the schema's version (still 0) and the tables (just made by another
    # opener) once looked like another program's file: about one opener in twelve, here.
    for attempt in range(25):
        path = tmp_path / f"race-{attempt}.sqlite"
        start = threading.Barrier(WRITERS)
        refused: list[BaseException] = []

        threads = [
            threading.Thread(target=_open_at_once, args=(path, start, refused))
            for _ in range(WRITERS)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert refused == [], f"attempt {attempt}: {refused[0]}"
        assert Store.open(path).schema_version() == SCHEMA_VERSION


def test_eight_threads_answering_at_once_lose_nothing(location: str) -> None:
    path = location
    store = Store.open(path)
    profiles = [store.create_profile(f"Player {n}") for n in range(WRITERS)]
    per_writer = 60
    start = threading.Barrier(WRITERS)
    errors: list[BaseException] = []

    def session(profile_id: int) -> None:
        try:
            mine = Store.open(path)  # each session opens the file for itself
            start.wait()
            for seed in range(per_writer):
                add_answer(mine, profile_id, answer(seed, correct=seed % 3 == 0), session="t")
                if seed % 10 == 0:
                    mine.save_lesson_progress(profile_id, "the-play", seed, False)
        except BaseException as err:  # reported below
            errors.append(err)

    threads = [threading.Thread(target=session, args=(p.id,)) for p in profiles]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for profile in profiles:
        seeds = [r.attempt.seed for r in store.attempts(profile.id)]
        assert seeds == list(range(per_writer))
        assert store.lesson_progress(profile.id)["the-play"].step == 50
    assert store.count_attempts() == WRITERS * per_writer
    assert store.check_integrity() == ["ok"]


def test_eight_processes_creating_and_answering_at_once_lose_nothing(location: str) -> None:
    path = location  # none of them finds a store there yet
    per_writer = 40
    procs = [spawn(str(path), f"p{n}", str(per_writer)) for n in range(WRITERS)]
    for proc in procs:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready", proc.stderr and proc.stderr.read()
    committed: dict[str, list[int]] = {}
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for n, proc in enumerate(procs):
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        committed[f"p{n}"] = [int(line) for line in out.split()]
    store = Store.open(path)
    assert store.notice is None
    assert store.schema_version() == SCHEMA_VERSION
    assert len(store.profiles()) == WRITERS
    for profile in store.profiles():
        rows = store.attempts(profile.id)
        assert [r.id for r in rows] == committed[profile.name]
        assert [r.attempt.seed for r in rows] == list(range(per_writer))
    assert store.count_attempts() == WRITERS * per_writer
    assert store.check_integrity() == ["ok"]


# --- crashes ---


@pytest.mark.parametrize("kill_after", [1, 150, 700])
def test_a_writer_killed_mid_stream_loses_no_committed_answer(
    location: str, kill_after: int
) -> None:
    path = location
    proc = spawn(str(path), "Kim", "-1")  # writes until killed
    assert proc.stdout is not None and proc.stdin is not None
    assert proc.stdout.readline().strip() == "ready"
    proc.stdin.write("go\n")
    proc.stdin.flush()
    committed = [int(proc.stdout.readline()) for _ in range(kill_after)]
    os.kill(proc.pid, signal.SIGKILL)  # while it is busy writing the next ones
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    committed += [int(line) for line in proc.stdout.read().split()]  # printed before death

    store = Store.open(path)
    assert store.notice is None  # the file was not taken for damaged
    assert store.check_integrity() == ["ok"]
    [profile] = store.profiles()
    kept = [r.id for r in store.attempts(profile.id)]
    assert kept[: len(committed)] == committed
    assert len(kept) - len(committed) <= 1  # at most the one committed but not yet printed
    add_answer(store, profile.id, answer(1))  # and it still takes answers
    assert store.count_attempts() == len(kept) + 1


def test_a_writer_killed_inside_a_big_transaction_leaves_the_store_as_it_was(
    location: str,
) -> None:
    path = location
    store = Store.open(path)
    profile = store.create_profile("Kim")
    store.add_attempts(profile.id, [answer(n) for n in range(25)])
    proc = spawn(str(path), script=BIG_BATCH)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "writing"
    # kill it once many uncommitted rows are written (it can never finish)
    deadline = time.monotonic() + 60
    while not _written_much(store):
        assert proc.poll() is None, proc.stderr and proc.stderr.read()
        assert time.monotonic() < deadline, "the writer never got going"
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)

    again = Store.open(path)
    assert again.notice is None
    assert again.check_integrity() == ["ok"]
    assert [r.attempt.seed for r in again.attempts(profile.id)] == list(range(25))
    add_answer(again, profile.id, answer(99))
    assert again.count_attempts() == 26


def _written_much(store: Store) -> bool:
    """A writer's open transaction has written a lot: for a file, its rows have spilled into
    the write-ahead log; on a server, its session has been inserting for a second."""
    if not store.on_server:
        wal = Path(f"{store.path}-wal")
        return wal.exists() and wal.stat().st_size > 2_000_000
    import psycopg

    with psycopg.connect(store.location, autocommit=True) as conn:
        row = conn.execute(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE "
            "'INSERT INTO attempts%%' AND now() - xact_start > interval '1 second'"
        ).fetchone()
    return bool(row and row[0])


# --- damaged and foreign files ---


def _filled_store(path: Path) -> Store:
    store = Store.open(path)
    profile = store.create_profile("Ann")
    store.add_attempts(profile.id, [answer(n) for n in range(2000)])
    with sqlite3.connect(path) as conn:  # move everything into the main file
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return store


def _damage_pages(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(size // 2)
        f.write(b"\xa5" * 3 * 4096)


def _random_bytes(path: Path) -> None:
    path.write_bytes(os.urandom(3 * 4096))


def _truncate(path: Path) -> None:
    with path.open("r+b") as f:
        f.truncate(path.stat().st_size // 3)


def _text_file(path: Path) -> None:
    path.write_text("name,score\nAnn,121\n")


@pytest.mark.parametrize("damage", [_damage_pages, _random_bytes, _truncate, _text_file])
def test_a_damaged_file_is_kept_aside_and_a_fresh_store_started(
    tmp_path: Path, damage: object
) -> None:
    path = tmp_path / "progress.sqlite3"
    _filled_store(path)
    assert callable(damage)
    damage(path)
    before = digest(path)

    store = Store.open(path)
    assert store.notice is not None
    assert "could not be read" in store.notice and "fresh progress file" in store.notice
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("progress.sqlite3.unreadable-")]
    assert len(kept) == 1
    assert str(tmp_path) not in store.notice and ".unreadable-" not in store.notice  # in words
    assert digest(kept[0]) == before  # kept byte for byte, never deleted
    assert store.profiles() == []
    assert store.check_integrity() == ["ok"]
    add_answer(store, store.create_profile("Ann").id, answer(1))
    assert Store.open(path).notice is None  # the fresh file is fine from now on


def test_a_second_damaged_file_gets_its_own_name(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    for _ in range(2):
        _random_bytes(path)
        assert Store.open(path).notice is not None
    kept = sorted(p.name for p in tmp_path.iterdir() if ".unreadable-" in p.name)
    assert len(kept) == 2 and kept[0] != kept[1]


def test_a_folder_where_the_file_should_be_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.mkdir()
    (path / "keep.txt").write_text("mine")
    store = Store.open(path)
    assert store.notice is not None and "cannot be opened" in store.notice
    [kept] = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert (kept / "keep.txt").read_text() == "mine"
    assert path.is_file()


def test_an_empty_file_simply_becomes_a_store(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.touch()
    store = Store.open(path)
    assert store.notice is None
    assert store.schema_version() == SCHEMA_VERSION


def test_a_file_from_a_newer_trainer_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    store = _filled_store(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        conn.execute("CREATE TABLE from_the_future (x)")
    conn.close()
    before = digest(path)
    names = sorted(p.name for p in tmp_path.iterdir())

    with pytest.raises(NewerSchemaError, match=r"newer version of the trainer") as info:
        Store.open(path)
    assert f"schema {SCHEMA_VERSION + 1}" in str(info.value)
    assert "left untouched" in str(info.value)
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == names
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 2000
    conn.close()
    assert store.path == path


def _unreadable_for_this_user(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.chmod(0)
    if os.geteuid() == 0:  # permissions do not bind the superuser: make it look as if they did
        real = os.access
        monkeypatch.setattr(
            "trainer.progress.store.sqlite.os.access",
            lambda p, mode: False if Path(p) == path else real(p, mode),
        )


def test_a_file_this_user_may_not_read_is_refused_and_never_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "progress.sqlite3"
    _filled_store(path)
    names = sorted(p.name for p in tmp_path.iterdir())
    with monkeypatch.context() as patch:
        _unreadable_for_this_user(path, patch)
        with pytest.raises(StoreError, match="permission denied") as info:
            Store.open(path)
    assert "left as it is" in str(info.value) and str(path) not in str(info.value)
    assert info.value.detail == str(path)  # for the log, never for a page
    assert sorted(p.name for p in tmp_path.iterdir()) == names  # nothing renamed or made
    path.chmod(0o600)
    assert Store.open(path).count_attempts() == 2000  # the history is whole


def test_another_programs_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "contacts.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE people (name TEXT, phone TEXT)")
        conn.execute("INSERT INTO people VALUES ('Ann', '555')")
    conn.close()
    before = digest(path)
    with pytest.raises(ForeignFileError, match="another program's database") as info:
        Store.open(path)
    assert "people" in str(info.value) and str(path) not in str(info.value)
    assert info.value.detail == str(path)
    assert digest(path) == before
    assert not [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]


def test_a_newer_trainer_upgrading_the_file_while_running_stops_every_write(
    tmp_path: Path,
) -> None:
    path = tmp_path / "progress.sqlite3"
    store = Store.open(path)
    ann = store.create_profile("Ann")
    add_answer(store, ann.id, answer(1))
    with sqlite3.connect(path) as conn:  # a newer trainer, in another process, upgrades it
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    writes = (
        lambda: add_answer(store, ann.id, answer(2)),
        lambda: store.add_attempts(ann.id, [answer(3)]),
        lambda: store.create_profile("Bea"),
        lambda: store.rename_profile(ann.id, "Annie"),
        lambda: store.save_lesson_progress(ann.id, "the-deal", 1, False),
    )
    for write in writes:
        with pytest.raises(NewerSchemaError, match="newer version of the trainer"):
            write()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 1
        assert conn.execute("SELECT name FROM profiles").fetchall() == [("Ann",)]
        assert conn.execute("SELECT COUNT(*) FROM lesson_progress").fetchone()[0] == 0
    conn.close()


def test_a_full_disk_is_called_a_full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.sqlite3"
    store = Store.open(path)
    ann = store.create_profile("Ann")
    real_connect = sqlite3.connect

    def small_disk(*args: object, **kwargs: object) -> sqlite3.Connection:
        conn = real_connect(*args, **kwargs)  # type: ignore[call-overload]
        conn.execute("PRAGMA max_page_count = 12")  # no room beyond a few pages
        return conn

    monkeypatch.setattr("trainer.progress.store.sqlite.sqlite3.connect", small_disk)
    with pytest.raises(FileError) as info:  # the store's own error, SQLite's as its cause
        store.add_attempts(ann.id, [answer(n) for n in range(2000)])
    original = info.value.original
    assert isinstance(original, sqlite3.OperationalError)
    assert original.sqlite_errorcode == sqlite3.SQLITE_FULL
    assert describe_error(info.value).startswith("the disk is full")
    assert not passing(info.value)  # a full disk does not pass by itself
    io_error = sqlite3.OperationalError("disk I/O error: No space left on device")
    io_error.sqlite_errorcode = sqlite3.SQLITE_IOERR_WRITE
    assert describe_error(io_error).startswith("the disk is full")
    assert (
        describe_error(sqlite3.OperationalError("near 'x': syntax error"))
        == "near 'x': syntax error"
    )
    assert describe_error(sqlite3.OperationalError("no such table: x")) == (
        "the progress file is damaged: part of it is missing (no such table: x)"
    )


def test_after_a_read_only_spell_the_store_writes_again(tmp_path: Path) -> None:
    """SQLite makes the log and shared-memory files with the mode the database had when they
    were made: a spell of a read-only file leaves them read-only after ``chmod 644`` is
    given back. Opening the store gives them the database's write permission again."""
    path = tmp_path / "progress.sqlite3"
    store = Store.open(path)
    ann = store.create_profile("Ann")
    held = store.hold_open()  # keeps the -wal and -shm files in place
    try:
        add_answer(store, ann.id, answer(1))
        sides = [Path(f"{path}-wal"), Path(f"{path}-shm")]
        assert all(side.exists() for side in sides)
        for side in sides:  # as SQLite left them after the database had been 0444
            side.chmod(0o444)
        path.chmod(0o644)
        reopened = Store.open(path)
        assert [oct(side.stat().st_mode & 0o777) for side in sides] == ["0o644", "0o644"]
        add_answer(reopened, ann.id, answer(2))
        assert reopened.count_attempts(ann.id) == 2
    finally:
        held.close()


def test_a_file_held_by_another_program_raises_the_store_s_busy_error(tmp_path: Path) -> None:
    """SQLite's errors leave the store as its own, as PostgreSQL's do: a file held past the
    busy timeout is a StoreBusyError (it passes), in words, with SQLite's error as cause."""
    path = tmp_path / "progress.sqlite3"
    store = Store.open(path, busy_timeout=0.2)
    ann = store.create_profile("Ann")
    held = sqlite3.connect(path, isolation_level=None)
    held.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreBusyError) as info:
            store.add_attempts(ann.id, [answer(1)])
    finally:
        held.execute("ROLLBACK")
        held.close()
    assert isinstance(info.value, FileError) and passing(info.value)
    assert str(info.value) == "another program is holding the progress file"
    assert isinstance(info.value.original, sqlite3.OperationalError)
    assert store.add_attempts(ann.id, [answer(1)]) == 1  # the same call, a moment later

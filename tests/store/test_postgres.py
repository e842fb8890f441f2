"""The store on a real PostgreSQL server (trainer.progress.store.postgres): what a club's
server adds to the file's cases. Another program's database is left alone; a newer
trainer's store is refused; the server restarted in the middle of a session is reconnected
to, and an answer given while it was down is saved once when it is back (or refused with a
message, never lost silently); a full disk is said; several app servers migrating a new
database at once make one schema."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.stores import add_answer
from trainer.engine.skills import Category, DrillType
from trainer.progress.store import (
    SCHEMA_VERSION,
    ForeignFileError,
    NewerSchemaError,
    SavedGame,
    ServerUnavailableError,
    Store,
    StoreBusyError,
    StoreError,
    describe_error,
    logged,
)
from trainer.progress.store.postgres import shown
from trainer.training.records import AttemptIn
from trainer.training.scheduling import Rating

REPO = Path(__file__).resolve().parents[2]
#: When the family's review cards were last answered.
EVENING = datetime(2026, 3, 2, 19, tzinfo=UTC)


def answer(seed: int) -> AttemptIn:
    return AttemptIn(DrillType.PEG, "club", seed, "7S 8H", "2", False, -2, (Category.RUN,), 3.0)


def _sql(url: str, statement: str) -> Any:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        cursor = conn.execute(statement)
        return cursor.fetchall() if cursor.description else None


def test_a_password_is_never_shown() -> None:
    assert shown("postgresql://club:s3cret@db:5432/trainer") == "postgresql://club@db:5432/trainer"


def test_another_programs_database_is_refused_and_left_alone(postgres_server: Any) -> None:
    url = postgres_server.new_database()
    _sql(url, "CREATE TABLE people (name TEXT, phone TEXT)")
    _sql(url, "INSERT INTO people VALUES ('Ann', '555')")
    with pytest.raises(ForeignFileError, match="another program's tables \\(people\\)"):
        Store.open(url)
    assert _sql(url, "SELECT * FROM people") == [("Ann", "555")]
    assert _sql(url, "SELECT to_regclass('profiles') IS NULL") == [(True,)]


def test_a_newer_trainers_store_is_refused_and_stops_every_write(postgres_server: Any) -> None:
    url = postgres_server.new_database()
    store = Store.open(url)
    ann = store.create_profile("Ann")
    add_answer(store, ann.id, answer(1))
    _sql(url, f"UPDATE trainer_schema SET version = {SCHEMA_VERSION + 1}")
    with pytest.raises(NewerSchemaError, match="newer version of the trainer"):
        add_answer(store, ann.id, answer(2))
    with pytest.raises(NewerSchemaError, match="left untouched"):
        Store.open(url)
    assert store.count_attempts() == 1


def test_servers_migrating_a_new_database_at_once_make_one_schema(postgres_server: Any) -> None:
    url = postgres_server.new_database()
    code = (
        "import sys; from trainer.progress.store import Store; "
        "print(Store.open(sys.argv[1]).schema_version())"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, url],
            cwd=REPO,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(6)
    ]
    results = [proc.communicate(timeout=120) for proc in procs]
    assert [out.strip() for out, _ in results] == [str(SCHEMA_VERSION)] * 6, results
    assert _sql(url, "SELECT version FROM trainer_schema") == [(SCHEMA_VERSION,)]


def test_the_server_restarted_mid_session_is_reconnected_to(postgres_server: Any) -> None:
    url = postgres_server.new_database()
    store = Store.open(url)
    ann = store.create_profile("Ann")
    add_answer(store, ann.id, answer(1), key="s/1")
    postgres_server.restart("immediate")  # as if it had crashed, connections and all
    for attempt in range(3):  # a dropped connection is replaced as it is borrowed
        try:
            add_answer(store, ann.id, answer(2), key="s/2")
            break
        except ServerUnavailableError:
            assert attempt < 2
    assert [r.attempt.seed for r in store.attempts(ann.id)] == [1, 2]


def test_while_the_server_is_down_a_write_fails_with_a_message_and_nothing_is_written(
    postgres_server: Any,
) -> None:
    url = postgres_server.new_database()
    store = Store.open(url, busy_timeout=2.0)
    ann = store.create_profile("Ann")
    postgres_server.stop("immediate")
    try:
        with pytest.raises(ServerUnavailableError) as refused:
            add_answer(store, ann.id, answer(1), key="s/1")
        message = describe_error(refused.value)
        assert message == "the progress server cannot be reached just now"
        assert "127.0.0.1" not in message and "postgres" not in message  # words only
        assert "postgres@127.0.0.1" in logged(refused.value)  # where: for the log
    finally:
        postgres_server.start()
    add_answer(store, ann.id, answer(1), key="s/1")  # given again: stored once
    add_answer(store, ann.id, answer(1), key="s/1")
    assert store.count_attempts(ann.id) == 1


# --- no lock across the whole database, and connections given back clean ------------------


class _Injected(RuntimeError):
    """The failure a test makes happen at one step of a store call."""


class _Steps:
    """Counts the statements a store call sends (in this thread only: the pool's own
    resets run in its workers) and makes the ``fail_at``-th fail, before it is sent or
    after its reply."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import psycopg

        self.armed = threading.local()
        self.count = 0
        self.fail_at: int | None = None
        self.after = False
        real = psycopg.Connection.execute
        steps = self

        def execute(conn: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            if not getattr(steps.armed, "on", False) or query == "":  # "": the pool's check
                return real(conn, query, *args, **kwargs)
            step, steps.count = steps.count, steps.count + 1
            if step == steps.fail_at and not steps.after:
                raise _Injected(f"step {step}: {query}")
            result = real(conn, query, *args, **kwargs)
            if step == steps.fail_at:
                raise _Injected(f"after step {step}: {query}")
            return result

        monkeypatch.setattr(psycopg.Connection, "execute", execute)

    def run(self, call: Any, fail_at: int | None = None, *, after: bool = False) -> int:
        """Run ``call`` (failing at step ``fail_at``, if given); the steps it sent."""
        self.count, self.fail_at, self.after = 0, fail_at, after
        self.armed.on = True
        try:
            call()
        finally:
            self.armed.on = False
        return self.count


def _clean(url: str) -> tuple[int, int]:
    """Advisory locks held, and transactions left open, on the store's database."""
    ((locks, open_),) = _sql(
        url,
        """SELECT (SELECT COUNT(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database
                   WHERE l.locktype = 'advisory' AND d.datname = current_database()),
                  (SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()
                   AND pid != pg_backend_pid() AND state LIKE 'idle in transaction%')""",
    )
    return int(locks), int(open_)


def _until_clean(url: str) -> tuple[int, int]:
    """Wait (the pool gives connections back in its own threads) until the database holds
    no advisory lock and no open transaction, for at most half a minute; what it holds."""
    deadline = time.monotonic() + 30
    found = _clean(url)
    while found != (0, 0) and time.monotonic() < deadline:
        time.sleep(0.05)
        found = _clean(url)
    return found


def test_a_store_call_failing_at_any_step_leaves_its_connection_clean(
    postgres_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each write, made to fail at each of its statements in turn (before the statement is
    sent, and after its reply), leaves no advisory lock and no open transaction behind; the
    store goes on."""
    url = postgres_server.new_database()
    store = Store.open(url)
    kim = store.create_profile("Kim")
    game = SavedGame("g-1", "level=easy target=61", "easy", 61, '[Seed "7"]\n', seed=7)
    store.save_game(kim.id, game)
    made = iter(range(1000))
    calls = {
        "an answer": lambda: add_answer(store, kim.id, answer(next(made)), key=f"s/{next(made)}"),
        "a game saved": lambda: store.save_game(kim.id, store.game(kim.id, "g-1")),  # type: ignore[arg-type]
        "a new player": lambda: store.create_profile(f"Player {next(made)}"),
        "a PIN": lambda: store.set_pin(kim.id, "scrypt$1$1$1$00$00"),
        "a try at signing in": lambda: store.count_try(
            [("name", f"k{next(made)}", True), ("device", "d", False)],
            lambda n: 5.0,
            datetime.now(UTC),
        ),
    }
    steps = _Steps(monkeypatch)
    for what, call in calls.items():
        total = steps.run(call)
        assert total >= 2, what
        for step in range(total):
            for after in (False, True):
                with pytest.raises(_Injected):
                    steps.run(call, step, after=after)
                assert _until_clean(url) == (0, 0), (what, step, after)
        steps.run(call)  # and then it works
    assert _until_clean(url) == (0, 0)


def test_writers_of_different_players_never_wait_for_each_other(postgres_server: Any) -> None:
    """A player's answer being written (its transaction open, holding that player's lock)
    holds up nobody else's; another answer of the same player waits for it, then counts
    the run of right answers after it."""
    import psycopg

    from trainer.progress.store.answers import player_lock
    from trainer.progress.store.postgres import lock_key

    url = postgres_server.new_database()
    store = Store.open(url, busy_timeout=1.0)
    kim, lee = store.create_profile("Kim"), store.create_profile("Lee")
    with psycopg.connect(url) as other:  # another server, half way through Kim's answer
        other.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(player_lock(kim.id)),))
        add_answer(store, lee.id, answer(1))  # at once: Lee's lock is not Kim's
        store.save_game(
            kim.id, SavedGame("g", "level=easy target=61", "easy", 61, '[Seed "1"]\n', seed=1)
        )  # nor does a game wait for an answer
        with pytest.raises(StoreBusyError) as busy:
            add_answer(store, kim.id, answer(2))
        assert "busy" in describe_error(busy.value)
        assert "cannot be reached" not in describe_error(busy.value)
    add_answer(store, kim.id, answer(2))
    assert store.count_attempts(kim.id) == 1


def test_after_an_outage_the_next_save_is_stored_at_once(postgres_server: Any) -> None:
    """Twenty seconds of outage with players clicking on (each call failing with the words for
    a server that cannot be reached): the first save once the server is up again is stored,
    not refused while the pool still waits to reconnect."""
    url = postgres_server.new_database()
    store = Store.open(url, busy_timeout=2.0)
    kim = store.create_profile("Kim")
    postgres_server.stop("immediate")
    try:
        outage = time.monotonic() + 20
        while time.monotonic() < outage:  # a click a second or so, all through the outage
            with pytest.raises(ServerUnavailableError):
                add_answer(store, kim.id, answer(1), key="s/1")
            time.sleep(1)
    finally:
        postgres_server.start()
    add_answer(store, kim.id, answer(2), key="s/2")  # the next action
    assert [r.attempt.seed for r in store.attempts(kim.id)] == [2]


@contextlib.contextmanager
def _small_tablespace(postgres_server: Any) -> Iterator[Path]:
    """A tablespace on a 2 MB memory disk (the tests run as root, which may mount one)."""
    folder = Path(tempfile.mkdtemp(prefix="trainer-tiny-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"a small disk cannot be mounted here ({mounted.stderr.decode().strip()})")
    try:
        (folder / "pg").mkdir()
        if os.geteuid() == 0:
            shutil.chown(folder / "pg", "postgres", "postgres")
        yield folder / "pg"
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_full_disk_on_the_server_is_said_and_nothing_half_written(postgres_server: Any) -> None:
    url = postgres_server.new_database()
    store = Store.open(url)
    ann = store.create_profile("Ann")
    store.add_attempts(ann.id, [answer(n) for n in range(10)])
    with _small_tablespace(postgres_server) as place:
        name = f"tiny{os.getpid()}"
        _sql(url, f"CREATE TABLESPACE {name} LOCATION '{place}'")
        try:
            _sql(url, f"ALTER TABLE attempts SET TABLESPACE {name}")
            with pytest.raises(StoreError) as full:
                store.add_attempts(ann.id, [answer(n) for n in range(100, 40_100)])
            assert "is full: free some space on it" in describe_error(full.value)
            assert store.count_attempts(ann.id) == 10  # the batch is all or nothing
            _sql(url, "ALTER TABLE attempts SET TABLESPACE pg_default")
        finally:
            _sql(url, "ALTER TABLE attempts SET TABLESPACE pg_default")
            _sql(url, f"DROP TABLESPACE IF EXISTS {name}")
    add_answer(store, ann.id, answer(99))  # room again: saved again
    assert store.count_attempts(ann.id) == 11


# --- the app on the server: an answer given while it is down ---------------------------------

SCRIPT = """
import streamlit as st
from trainer.ui import session

for attempt in st.session_state.pop("record", []):
    session.record_attempt(attempt, key=f"set/{attempt.seed}")
st.session_state["out"] = {
    "problem": session.store_problem(),
    "attempts": [a.seed for a in session.session_attempts()],
}
"""


def test_an_answer_given_while_the_server_is_down_is_saved_once_it_is_back(
    postgres_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = postgres_server.new_database()
    monkeypatch.setenv("CRIBBAGE_TRAINER_DB", url)
    store = Store.open(url)
    kim = store.create_profile("Kim")
    at = AppTest.from_string(SCRIPT, default_timeout=60)
    at.query_params["player"] = f"{kim.id}-kim"
    at.session_state["record"] = [answer(1)]
    at.run()
    assert not at.exception, at.exception
    postgres_server.stop("immediate")
    try:
        at.session_state["record"] = [answer(2)]
        at.run()
        assert not at.exception, at.exception
        out = at.session_state["out"]
        assert out["problem"] and "cannot be reached just now" in out["problem"]
        assert "127.0.0.1" not in out["problem"] and "postgres" not in out["problem"]
        assert 2 in out["attempts"]  # kept in the session, and said
    finally:
        postgres_server.start()
    at.session_state["record"] = [answer(3)]
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["out"]["problem"] is None
    assert sorted(r.attempt.seed for r in store.attempts(kim.id)) == [1, 2, 3]  # each once


# --- a family's file into a club's server, and back -------------------------------------------


def _family(path: Path) -> Store:
    """A family's progress file with a bit of everything in it."""
    from trainer.progress.store import GameReviewRow

    store = Store.open(path)
    for name, seats in (("Kim", 2), ("Lee", 3), ("Зоя", 4)):
        player = store.create_profile(name)
        store.add_attempts(
            player.id, [(answer(n), f"set/{n}") for n in range(30)], session="evening"
        )
        store.save_lesson_progress(player.id, "the-show", 3, True)
        store.save_draft(player.id, "claims:set/31", "fifteen 5H TD")
        store.review_card(player.id, "lesson:the-show/pairs", Rating.Good, EVENING)
        setup = f"level=easy target=61 seats={seats}"
        row = SavedGame(f"g-{name}", setup, "easy", 61, '[Seed "7"]\n', seed=7)
        game = store.save_game(player.id, row)
        done = store.save_game(player.id, game._replace(status="won", my_score=61))
        store.save_game_review(player.id, GameReviewRow(done.game_id, 1, 11, 4, 1.5, 2.25, 0.0))
    return store


def test_a_family_file_copied_to_a_server_and_back_loses_nothing(
    postgres_server: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer import cli

    family = _family(tmp_path / "family.sqlite3")
    rows = family.dump()
    url = postgres_server.new_database()
    assert cli.main(["store", "copy", str(family.path), url]) == 0
    said = capsys.readouterr().out
    assert "Copied 3 players, 90 answers, 3 lesson places and 3 games" in said
    assert "every row checked" in said
    assert Store.open(url).dump() == rows  # every row of every table
    games = rows["games"]
    assert sorted(row[games.columns.index("seats")] for row in games.rows) == [2, 3, 4]
    club = Store.open(url)
    new = club.create_profile("Mo")  # the server's own ids carry on after the copy's
    assert new.id == 4
    back = tmp_path / "back.sqlite3"
    assert cli.main(["store", "copy", url, str(back)]) == 0
    assert {k: v for k, v in Store.open(back).dump().items() if k != "profiles"} == {
        k: v for k, v in club.dump().items() if k != "profiles"
    }
    assert [p.name for p in Store.open(back).profiles()] == ["Kim", "Lee", "Зоя", "Mo"]


def test_a_copy_into_a_store_with_players_is_refused(
    postgres_server: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer import cli

    family = _family(tmp_path / "family.sqlite3")
    url = postgres_server.new_database()
    Store.open(url).create_profile("Someone")
    assert cli.main(["store", "copy", str(family.path), url]) == cli.EXIT_BAD_INPUT
    assert "already has 1 player" in capsys.readouterr().err
    assert [p.name for p in Store.open(url).profiles()] == ["Someone"]
    assert cli.main(["store", "copy", str(tmp_path / "none.sqlite3"), url]) == cli.EXIT_BAD_INPUT
    assert "there is no progress file" in capsys.readouterr().err

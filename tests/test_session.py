"""The pages' memory: backed by the store for the current profile, by the session otherwise."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player
from tests.stores import add_answer
from trainer.engine.skills import Category, DrillType
from trainer.progress.store import SCHEMA_VERSION, Store
from trainer.training.records import AttemptIn, LessonProgress

# Runs the session functions the pages use, as a page would, and reports what they returned.
SCRIPT = """
import streamlit as st
from trainer.ui import session

state = st.session_state
if "choose" in state:
    session.choose_profile(state.pop("choose"))
for attempt in state.pop("record", []):
    session.record_attempt(attempt)
for lesson_id, step, done in state.pop("lessons", []):
    session.save_lesson_progress(lesson_id, step, done)
for attempt, key in state.pop("record_keyed", []):
    session.record_attempt(attempt, key=key)
profile = session.current_profile()
state["out"] = {
    "profile": profile.name if profile else None,
    "ask": session.player_question(),
    "attempts": session.session_attempts(),
    "lessons": session.lesson_progress(),
    "problem": session.store_problem(),
    "notice": session.store_notice(),
}
"""

T0 = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)


def answer(seed: int, *, correct: bool = True) -> AttemptIn:
    return AttemptIn(
        drill=DrillType.CRIB,
        tier="trap",
        seed=seed,
        question="5H 6H 7H 8H | 9S",
        answer="12" if correct else "17",
        correct=correct,
        points_off=0 if correct else 5,
        missed=() if correct else (Category.CRIB_FLUSH,),
        seconds=9.0,
        at=T0 + timedelta(minutes=seed),
    )


def app() -> AppTest:
    return AppTest.from_string(SCRIPT, default_timeout=30)


def session_param(at: AppTest) -> str | None:
    value = at.query_params.get("player")
    if isinstance(value, list):
        return str(value[0]) if value else None
    return None if value is None else str(value)


def run(at: AppTest, **state: Any) -> dict[str, Any]:
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    assert not at.exception, at.exception
    out: dict[str, Any] = at.session_state["out"]
    return out


def test_answers_and_lessons_are_saved_for_the_chosen_profile(_isolated_database: Path) -> None:
    at = app()
    as_player(at, "Sam")
    out = run(at, record=[answer(1), answer(2, correct=False)], lessons=[("the-deal", 3, True)])
    assert out["profile"] == "Sam"
    assert [a.seed for a in out["attempts"]] == [1, 2]
    assert out["lessons"] == {"the-deal": LessonProgress("the-deal", 3, True)}
    assert out["problem"] is None

    store = Store.open(_isolated_database)
    [profile] = store.profiles()
    assert [r.attempt for r in store.attempts(profile.id)] == [answer(1), answer(2, correct=False)]


def test_a_restart_keeps_progress_but_starts_a_new_session(_isolated_database: Path) -> None:
    first = app()
    as_player(first, "Sam")
    run(first, record=[answer(1)], lessons=[("the-play", 2, False)])
    second = app()  # a new browser session against the same file, at the same address
    second.query_params["player"] = session_param(first) or ""
    out = run(second)
    assert out["profile"] == "Sam"
    assert out["attempts"] == []  # answers of this session only
    assert out["lessons"]["the-play"].step == 2
    out = run(second, record=[answer(5)])
    assert [a.seed for a in out["attempts"]] == [5]
    assert Store.open(_isolated_database).count_attempts() == 2


def test_each_profile_keeps_its_own_answers(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann")
    bob = store.create_profile("Bob")
    at = app()
    run(at, choose=ann.id, record=[answer(1)], lessons=[("the-show", 1, False)])
    out = run(at, choose=bob.id, record=[answer(2)])
    assert out["profile"] == "Bob"
    assert [a.seed for a in out["attempts"]] == [2]
    assert out["lessons"] == {}
    assert [r.attempt.seed for r in store.attempts(ann.id)] == [1]
    assert [r.attempt.seed for r in store.attempts(bob.id)] == [2]


def test_a_new_session_with_no_choice_is_asked_not_given_the_last_player(
    _isolated_database: Path,
) -> None:
    store = Store.open(_isolated_database)
    store.create_profile("Ann")
    bob = store.create_profile("Bob")
    add_answer(store, bob.id, answer(1))
    at = app()
    out = run(at)
    assert out["profile"] is None
    assert out["ask"] == "Who is playing?"
    at.session_state["record"] = [answer(2)]
    at.run()
    assert "Nobody has been chosen" in at.exception[0].message
    assert store.count_attempts() == 1  # never saved for an unchosen player


def test_the_address_names_the_player_and_keeps_the_choice(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann")
    bob = store.create_profile("Bob")
    add_answer(store, bob.id, answer(1))
    at = app()
    at.query_params["player"] = str(ann.id)
    out = run(at, record=[answer(2)])
    assert out["profile"] == "Ann"
    assert [r.attempt.seed for r in store.attempts(ann.id)] == [2]
    assert session_param(at) == f"{ann.id}-ann"
    by_name = app()  # a hand-written link may name the player instead
    by_name.query_params["player"] = "BOB"
    assert run(by_name)["profile"] == "Bob"


def test_an_address_naming_nobody_asks_with_a_message(_isolated_database: Path) -> None:
    Store.open(_isolated_database).create_profile("Ann")
    at = app()
    at.query_params["player"] = "[Zed](http://x)"
    out = run(at)
    assert out["profile"] is None
    assert "There is no player called" in out["ask"] and "Zed" in out["ask"]


def test_a_chosen_profile_that_vanished_asks_again(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann")
    store.create_profile("Bob")
    at = app()
    assert run(at, choose=ann.id)["profile"] == "Ann"
    with sqlite3.connect(_isolated_database) as conn:
        conn.execute("DELETE FROM profiles WHERE id = ?", (ann.id,))
    conn.close()
    out = run(at)
    assert out["profile"] is None
    assert "no longer on this device" in out["ask"]
    assert run(app(), choose=999)["profile"] is None


def test_the_first_visitor_to_an_empty_device_is_asked_and_nothing_is_made(
    _isolated_database: Path,
) -> None:
    at = app()
    out = run(at, lessons=[("the-deal", 2, False)])
    assert out["profile"] is None and out["ask"] == "Who is playing?"
    assert session_param(at) is None
    at.session_state["record"] = [answer(1)]
    at.run()
    assert "Nobody has been chosen" in at.exception[0].message
    store = Store.open(_isolated_database)
    assert store.profiles() == [] and store.count_attempts() == 0  # nobody made, nothing kept
    assert run(app())["ask"] == "Who is playing?"  # the next visitor is asked too

    sam = store.create_profile("Sam")  # what "Add and start" does (see test_app.py)
    out = run(at, choose=sam.id, record=[answer(2)])
    assert out["profile"] == "Sam" and out["ask"] is None
    assert [r.attempt.seed for r in store.attempts(sam.id)] == [2]
    assert store.lesson_progress(sam.id) == {}  # the place held before was nobody's


def test_answers_held_while_the_store_fails_stay_with_their_owner(
    _isolated_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(_isolated_database)
    dave = store.create_profile("Dave")
    erin = store.create_profile("Erin")
    at = app()
    run(at, choose=dave.id)
    monkeypatch.setattr("trainer.ui.session.database.BUSY_TIMEOUT_SECONDS", 0.2)
    blocker = sqlite3.connect(_isolated_database, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        out = run(at, record=[answer(1)], lessons=[("the-deal", 2, False)])
        assert out["problem"] is not None
        run(at, choose=erin.id)  # the picker changes while Dave's answer waits
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    out = run(at, record=[answer(2)], lessons=[("the-go", 1, False)])
    assert out["profile"] == "Erin"
    assert [r.attempt.seed for r in store.attempts(dave.id)] == [1]
    assert [r.attempt.seed for r in store.attempts(erin.id)] == [2]
    assert set(store.lesson_progress(dave.id)) == {"the-deal"}
    assert set(store.lesson_progress(erin.id)) == {"the-go"}
    assert [a.seed for a in out["attempts"]] == [2]  # Erin's answers only
    assert out["problem"] is None


def test_an_answer_with_a_key_is_saved_once(_isolated_database: Path) -> None:
    at = app()
    as_player(at)
    run(at, record_keyed=[(answer(1), "set-a/0")])
    player = Store.open(_isolated_database).profiles()[0].id
    run(app(), choose=player, record_keyed=[(answer(2), "set-a/1")])
    again = app()  # another tab answers a place already answered: refused, and said
    again.session_state["choose"] = player
    again.session_state["record_keyed"] = [(answer(3), "set-a/0")]
    again.run()
    assert "answered already, in another tab or window" in again.exception[0].message
    store = Store.open(_isolated_database)
    assert [r.attempt.seed for r in store.attempts(player)] == [1, 2]


def test_a_malformed_answer_is_an_error_and_keeps_what_was_saved(
    _isolated_database: Path,
) -> None:
    at = app()
    as_player(at)
    run(at, record=[answer(1)])
    poker = AttemptIn("poker", "x", 1, "q", "a", True, 0, (), 1.0)  # type: ignore[arg-type]  # not a drill: refused
    at.session_state["record"] = [poker]
    at.run()
    assert "drill 'poker' is not one of" in at.exception[0].message
    assert Store.open(_isolated_database).count_attempts() == 1


def test_the_setting_names_the_file_when_no_env_var(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CRIBBAGE_TRAINER_DB")
    target = tmp_path / "from-secrets.sqlite3"
    at = app()
    at.secrets["trainer"] = {"db_path": str(target)}
    run(at, choose=Store.open(target).create_profile("Sam").id, record=[answer(1)])
    assert Store.open(target).count_attempts() == 1


def test_a_newer_file_is_left_alone_and_the_session_keeps_working(
    _isolated_database: Path,
) -> None:
    store = Store.open(_isolated_database)
    add_answer(store, store.create_profile("Ann").id, answer(1))
    with sqlite3.connect(_isolated_database) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    before = hashlib.sha256(_isolated_database.read_bytes()).hexdigest()

    at = app()
    out = run(at, record=[answer(2)], lessons=[("the-deal", 1, False)])
    assert out["profile"] is None
    assert out["problem"] is not None and "newer version of the trainer" in out["problem"]
    assert [a.seed for a in out["attempts"]] == [2]  # kept for this session
    out = run(at, record=[answer(3)], lessons=[("the-deal", 2, True)])
    assert [a.seed for a in out["attempts"]] == [2, 3]
    assert out["lessons"] == {"the-deal": LessonProgress("the-deal", 2, True)}
    assert hashlib.sha256(_isolated_database.read_bytes()).hexdigest() == before


def test_an_unreadable_file_is_set_aside_and_said_once(_isolated_database: Path) -> None:
    _isolated_database.write_bytes(os.urandom(4096))
    at = app()
    out = run(at)
    assert out["notice"] is not None and "could not be read" in out["notice"]
    assert out["ask"] == "Who is playing?"  # a fresh file: nobody on it yet
    sam = Store.open(_isolated_database).create_profile("Sam")
    out = run(at, choose=sam.id, record=[answer(1)])
    assert out["notice"] is None  # said once per session
    assert [a.seed for a in out["attempts"]] == [1]
    assert any(".unreadable-" in p.name for p in _isolated_database.parent.iterdir())


def test_a_file_damaged_while_running_keeps_the_answer_in_the_session(
    _isolated_database: Path,
) -> None:
    at = app()
    as_player(at)
    run(at, record=[answer(1)])
    for extra in ("", "-wal", "-shm"):
        Path(f"{_isolated_database}{extra}").unlink(missing_ok=True)
    _isolated_database.write_bytes(os.urandom(4096))
    out = run(at, record=[answer(2)])
    assert answer(2) in out["attempts"]  # not lost, whichever way it was kept
    assert any(".unreadable-" in p.name for p in _isolated_database.parent.iterdir())


def test_answers_that_could_not_be_saved_are_saved_with_the_next_one(
    _isolated_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = app()
    as_player(at)
    run(at, record=[answer(1)])
    monkeypatch.setattr("trainer.ui.session.database.BUSY_TIMEOUT_SECONDS", 0.2)
    blocker = sqlite3.connect(_isolated_database, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")  # another program holds the file for a while
    try:
        out = run(at, record=[answer(2)], lessons=[("the-go", 4, True)])
        assert out["problem"] is not None and "could not be saved" in out["problem"]
        assert [a.seed for a in out["attempts"]] == [1, 2]  # kept, in order
        assert out["lessons"]["the-go"] == LessonProgress("the-go", 4, True)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    store = Store.open(_isolated_database)
    assert store.count_attempts() == 1

    out = run(at, record=[answer(3)])
    assert out["problem"] is None  # the answer and the lesson place waiting went in with it
    assert [r.attempt.seed for r in store.attempts(store.profiles()[0].id)] == [1, 2, 3]
    assert set(store.lesson_progress(store.profiles()[0].id)) == {"the-go"}
    out = run(at, lessons=[("the-deal", 0, False)])
    assert set(store.lesson_progress(store.profiles()[0].id)) == {"the-go", "the-deal"}
    assert [a.seed for a in out["attempts"]] == [1, 2, 3]


def test_an_address_whose_name_is_not_its_ids_opens_nobody(_isolated_database: Path) -> None:
    """Kim's bookmark ``?player=1-kim`` on a new progress file where id 1 is Lee: it opens
    nobody (and asks who is playing), and nothing is stored for Lee."""
    store = Store.open(_isolated_database)
    lee = store.create_profile("Lee")
    at = app()
    at.query_params["player"] = f"{lee.id}-kim"
    out = run(at)
    assert out["profile"] is None
    assert "There is no player called" in out["ask"] and "kim" in out["ask"]
    assert store.count_attempts() == 0
    assert at.query_params.get("player") in (None, "", [])
    right = app()
    right.query_params["player"] = f"{lee.id}-lee"
    assert run(right)["profile"] == "Lee"


def test_a_name_in_any_alphabet_is_in_the_address(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    anna = store.create_profile("Анна")
    at = app()
    at.query_params["player"] = f"{anna.id}-анна"
    assert run(at)["profile"] == "Анна"
    assert session_param(at) == f"{anna.id}-анна"


def test_a_busy_store_keeps_the_player_and_their_answers_on_the_page(
    _isolated_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the store is too busy to answer, the page goes on for the player it had (it
    never asks "Who is playing?" for that) and says why; their answer waits for them."""
    from trainer.progress.store import StoreBusyError

    at = app()
    sam = as_player(at, "Sam")
    assert run(at)["profile"] == "Sam"

    def busy(*args: object, **kwargs: object) -> None:
        raise StoreBusyError("the progress store is busy just now")

    with monkeypatch.context() as patch:
        patch.setattr(Store, "profile", busy)
        patch.setattr(Store, "add_attempts_each", busy)
        out = run(at, record=[answer(1)])
        assert out["profile"] == "Sam" and out["ask"] is None
        assert out["problem"] is not None and "busy" in out["problem"]
        assert [a.seed for a in out["attempts"]] == [1]  # waiting, for Sam
    out = run(at, record=[answer(2)])  # the store answers again: both stored, for Sam
    assert out["problem"] is None
    assert Store.open(_isolated_database).count_attempts(sam.id) == 2

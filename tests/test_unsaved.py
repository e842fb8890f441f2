"""Answers the store could not take at once (trainer.ui.unsaved): a set's last answer has no
next one to bring it along, so the page tries again by itself until it is stored, says so,
and in the meantime the browser is told to ask before the page is closed."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from trainer.engine.skills import Category, DrillType
from trainer.progress.store import Store
from trainer.training.records import AttemptIn
from trainer.training.scheduling import lesson_card
from trainer.ui.unsaved import GUARD_KEY

SCRIPT = """
import streamlit as st
from trainer.ui import session, unsaved

for attempt in st.session_state.pop("record", []):
    session.record_attempt(attempt, key=f"set/{attempt.seed}")
unsaved.watch()
"""


def answer(seed: int) -> AttemptIn:
    return AttemptIn(DrillType.PEG, "club", seed, "7S 8H", "2", False, -2, (Category.RUN,), 3.0)


def _said(at: AppTest) -> str:
    parts = [w.value for w in at.warning] + [s.value for s in at.success]
    return "\n".join(str(p) for p in parts).replace("\u2060", "").replace("\\", "")


def _waiting_in_the_browser(at: AppTest) -> int | None:
    """What the page tells the browser's guard: how many wait (None: no guard drawn)."""
    for found in at.get("bidi_component"):
        if found.key == GUARD_KEY:
            return int(json.loads(found.proto.json)["waiting"])
    return None


def _app(player: Any) -> AppTest:
    at = AppTest.from_string(SCRIPT, default_timeout=60)
    at.query_params["player"] = f"{player.id}-{player.name.lower()}"
    return at


def test_a_sets_last_answer_is_tried_again_until_stored_and_said_saved() -> None:
    db = Path(os.environ["CRIBBAGE_TRAINER_DB"])
    store = Store.open(db)
    kim = store.create_profile("Kim")
    at = _app(kim)
    at.run()
    held = sqlite3.connect(db, isolation_level=None)
    held.execute("BEGIN IMMEDIATE")  # another program holds the file
    try:
        at.session_state["record"] = [answer(1)]  # the last answer of a set
        at.run()
        assert not at.exception, at.exception
        said = _said(at)
        assert "1 answer not saved yet" in said
        assert "another program is holding the progress file" in said  # the cause, in words
        assert "cannot be reached" not in said and str(db.parent) not in said
        assert _waiting_in_the_browser(at) == 1  # the browser asks before the page closes
        at.run()  # tried again while the file is still held: still waiting, still said
        assert "1 answer not saved yet" in _said(at)
    finally:
        held.execute("ROLLBACK")
        held.close()
    assert store.count_attempts(kim.id) == 0
    at.run()  # the page's own try again (no new answer comes)
    assert not at.exception, at.exception
    assert store.count_attempts(kim.id) == 1
    assert "Saved: the 1 answer that waited is stored now" in _said(at)
    assert _waiting_in_the_browser(at) == 0
    at.run()  # said once; then nothing waits and nothing is drawn
    assert _said(at) == "" and _waiting_in_the_browser(at) is None
    assert store.count_attempts(kim.id) == 1  # stored once


def test_what_waits_is_kept_for_the_player_who_gave_it() -> None:
    db = Path(os.environ["CRIBBAGE_TRAINER_DB"])
    store = Store.open(db)
    kim, lee = store.create_profile("Kim"), store.create_profile("Lee")
    at = _app(kim)
    at.run()
    held = sqlite3.connect(db, isolation_level=None)
    held.execute("BEGIN IMMEDIATE")
    try:
        at.session_state["record"] = [answer(1)]
        at.run()
        at.query_params["player"] = f"{lee.id}-lee"  # Lee takes the device meanwhile
        at.session_state["_browser_session"].profile_id = None
        at.run()
        assert "1 answer not saved yet" in _said(at)
    finally:
        held.execute("ROLLBACK")
        held.close()
    at.run()
    assert store.count_attempts(kim.id) == 1 and store.count_attempts(lee.id) == 0


REVIEWING = """
import streamlit as st
from trainer.training.scheduling import Rating, lesson_card
from trainer.ui import session, unsaved

for question in st.session_state.pop("review", []):
    session.review(lesson_card("the-show", question), Rating.Good)
unsaved.watch()
"""


def test_a_review_the_store_cannot_take_waits_for_its_player_with_its_own_time() -> None:
    """When a question comes back is saved like an answer: held while the store is busy,
    then written for the player who answered, oldest first, with the time it was given."""
    db = Path(os.environ["CRIBBAGE_TRAINER_DB"])
    store = Store.open(db)
    kim, lee = store.create_profile("Kim"), store.create_profile("Lee")
    at = AppTest.from_string(REVIEWING, default_timeout=60)
    at.query_params["player"] = f"{kim.id}-kim"
    at.run()
    held = sqlite3.connect(db, isolation_level=None)
    held.execute("BEGIN IMMEDIATE")
    try:
        at.session_state["review"] = ["pairs", "runs"]
        at.run()
        assert not at.exception, at.exception
        assert "When your questions come back to review is not saved yet" in _said(at)
        assert "keep this page open" in _said(at)
        assert _waiting_in_the_browser(at) == 2
        at.query_params["player"] = f"{lee.id}-lee"  # Lee takes the device meanwhile
        at.session_state["_browser_session"].profile_id = None
        at.run()
    finally:
        held.execute("ROLLBACK")
        held.close()
    at.run()  # the page's own try again
    assert not at.exception, at.exception
    assert _waiting_in_the_browser(at) in (0, None)
    cards = store.review_cards(kim.id)
    assert sorted(card.key.key for card in cards) == [
        lesson_card("the-show", question).key for question in ("pairs", "runs")
    ]
    assert store.review_cards(lee.id) == []

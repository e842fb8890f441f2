"""The Progress page and the profile picker, through the whole app (AppTest)."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa  # type: ignore[import-untyped]
import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player
from tests.apptest import metrics as figures
from tests.stores import add_answer
from tests.support.faults import disk_full
from trainer.content.catalog import load_drills
from trainer.engine.skills import Category, DrillType
from trainer.progress.store import SCHEMA_VERSION, Store
from trainer.training.adaptive import FLOOR
from trainer.training.questions import ShowQuestion, deal_question
from trainer.training.records import AttemptIn
from trainer.ui.profiles import WORD_JOINER
from trainer.ui.requests import PracticeRequest

REPO = Path(__file__).resolve().parents[2]
APP = str(REPO / "trainer" / "app.py")
PROGRESS_VIEW = REPO / "trainer" / "ui" / "views" / "progress.py"

# Answers given the way the Practice page gives them: through trainer.ui.session.
ANSWER_SCRIPT = """
import streamlit as st
from trainer.ui import session
for attempt in st.session_state.pop("answers", []):
    session.record_attempt(attempt)
"""


def given(
    n: int, *, drill: str = "hand", tier: str = "club", correct: bool = True, seconds: float = 8.0
) -> AttemptIn:
    return AttemptIn(
        drill=DrillType(drill),
        tier=tier,
        seed=n,
        question=f"5H 5D 5C JS | {'A23456789'[n % 9]}S",
        answer="29" if correct else "20",
        correct=correct,
        points_off=0 if correct else -9,
        missed=() if correct else (Category.NOBS, Category.FIFTEEN),
        seconds=seconds,
        at=datetime.now(UTC) - timedelta(minutes=100 - n),
    )


def progress_page(**state: object) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    as_player(at)
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    at.switch_page("ui/views/progress.py")
    at.run()
    assert not at.exception, at.exception
    return at


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in figures(at)}


def texts(at: AppTest) -> str:
    parts = [e.value for e in (*at.markdown, *at.caption, *at.info, *at.success, *at.warning)]
    return "\n".join(str(p) for p in parts).replace(WORD_JOINER, "")  # see profiles.plain


def _unescaped(cell: str) -> str | int:
    text = re.sub(r"\\(.)", r"\1", cell.strip())
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def text_tables(at: AppTest) -> list[pd.DataFrame]:
    """The page's tables (Markdown tables in its text, :mod:`trainer.ui.text_table`) as data
    frames, a cell of digits read as a number."""
    found = []
    for block in at.markdown:
        lines = str(block.value).splitlines()
        if len(lines) < 2 or not lines[0].startswith("| ") or set(lines[1]) - set("|:- "):
            continue
        rows = [re.split(r"(?<!\\)\|", line.strip()[1:-1]) for line in lines]
        frame = pd.DataFrame(
            [[_unescaped(cell) for cell in row] for row in rows[2:]],
            columns=[str(_unescaped(cell)) for cell in rows[0]],
        )
        found.append(frame)
    return found


#: The tabs of "How it is going", each drawn only while it is open.
TABS = ("Right answers", "Pace", "What gets missed")


def each_tab(at: AppTest) -> list[Any]:
    """The charts of every tab of "How it is going", opening their expander (closed when the
    page opens: no chart is drawn then), then each tab in turn (a tab's chart is drawn only
    while it is open); the first tab opens by itself."""
    if "progress_charts" not in at.session_state:
        return []  # no answers: no charts of them
    if not at.session_state["progress_charts"]:
        assert not at.tabs, "nothing runs in the expander until it is opened"
        assert not _open_charts(at), "the charts wait for their expander"
        at.session_state["progress_charts"] = True
        at.run()
        assert not at.exception, at.exception
    assert len(_open_charts(at)) <= 1, "only the open tab draws its chart"
    out = []
    for label in TABS:
        at.session_state["progress_tabs"] = label
        at.run()
        assert not at.exception, at.exception
        out.extend(_open_charts(at))
    at.session_state["progress_tabs"] = TABS[0]
    at.run()
    return out


def _open_charts(at: AppTest) -> list[Any]:
    """The charts drawn in the tabs now (the points-lost chart of the games stands apart)."""
    return [c for tab in at.tabs for c in tab.get("vega_lite_chart")]


def charts(at: AppTest) -> list[list[dict[str, Any]]]:
    """Each tab's chart's data rows (Streamlit sends them as Arrow tables beside the spec)."""
    out = []
    for chart in each_tab(at):
        name = json.loads(chart.proto.spec)["data"]["name"]
        named = [d for d in chart.proto.datasets if d.name == name]  # in no promised order
        assert len(named) == 1, (name, [d.name for d in chart.proto.datasets])
        table = pa.ipc.open_stream(named[0].data.data).read_all()
        out.append(table.to_pylist())
    return out


def test_a_new_player_sees_where_to_begin() -> None:
    at = progress_page()
    assert "Nothing here yet for **Sam**" in at.info[0].value
    links = [link.proto.label for link in at.get("page_link")]
    assert any("lessons" in label for label in links)
    assert any("Practise counting" in label for label in links)
    assert charts(at) == []
    assert figures(at) == []


def test_answers_survive_a_restart_and_show_on_the_progress_page(
    _isolated_database: Path,
) -> None:
    first = AppTest.from_string(ANSWER_SCRIPT, default_timeout=30)
    as_player(first)
    first.session_state["answers"] = [given(n, correct=n % 4 != 0) for n in range(12)]
    first.run()
    assert not first.exception

    at = progress_page()  # a new app session, the same database file
    shown = metrics(at)
    assert shown["Answers"] == "12"
    assert shown["Right"] == "75%"
    assert shown["Right in a row"] == "3"
    assert shown["Days in a row"] == "1"
    assert "How **Sam** is doing" in texts(at)
    assert "Count the hand · Club" in texts(at)  # a weak spot: 9 of the last 12 right
    assert len(charts(at)) == 3
    assert [b.proto.label for b in at.get("download_button")] == ["Download every answer (CSV)"]
    assert "missed fifteens and nobs \\(9 short\\)" in texts(at)  # worth another look
    assert "5♥ 5♦ 5♣ J♠ \\| 3♠ · you said 29 · 8\\.0 s" in texts(at)  # the newest quickest
    assert Store.open(_isolated_database).count_attempts() == 12


def test_drills_answered_on_the_practice_page_show_after_a_restart(
    _isolated_database: Path,
) -> None:
    catalog = load_drills()
    practice = AppTest.from_file(APP, default_timeout=30)
    as_player(practice)
    practice.run().switch_page("ui/views/practice.py")
    practice.query_params.update({"drill": "hand", "tier": "club", "seed": "7", "length": "2"})
    practice.run()
    for index, off in ((0, -1), (1, 0)):  # one short, then right
        question = deal_question(DrillType.HAND, "club", 7, index, catalog=catalog)
        assert isinstance(question, ShowQuestion)
        practice.text_input(key=f"practice_total_{index}").set_value(str(question.total + off))
        practice.button(key=f"FormSubmitter:practice_answer_{index}-Check").click().run()
        assert not practice.exception, practice.exception
        practice.button(key="practice_next").click().run()

    at = progress_page()  # the app started again on the same file
    assert metrics(at)["Answers"] == "2"
    assert metrics(at)["Right"] == "50%"
    assert metrics(at)["Right in a row"] == "1"
    assert "missed nobs \\(1 short\\)" in texts(at)
    [_, _, misses] = charts(at)
    assert {r["What"]: r["Times"] for r in misses}["nobs"] == 1


def test_the_charts_carry_the_numbers(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    profile = store.create_profile("Ann")
    store.add_attempts(
        profile.id, [given(n, drill="peg", correct=n % 2 == 0, seconds=4.0) for n in range(10)]
    )
    at = progress_page()
    accuracy, pace, misses = charts(at)
    assert [(r["Drill"], r["Answers"], r["Right"]) for r in accuracy] == [("Peg a card", 10, 0.5)]
    assert pace[0]["Seconds"] == 4.0
    by_what = {r["What"]: r for r in misses}
    assert by_what["nobs"]["Times"] == 5 and by_what["nobs"]["Chances"] == 10
    assert "the go" not in by_what  # no go drill answered: no chances


def chart_specs(at: AppTest) -> list[dict[str, Any]]:
    return [json.loads(chart.proto.spec) for chart in each_tab(at)]


def test_a_first_day_is_labelled_bars_and_says_to_come_back(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    profile = store.create_profile("Ann")
    store.add_attempts(
        profile.id,
        [given(n, drill="peg", correct=n % 2 == 0, seconds=1.2) for n in range(4)]
        + [given(n, drill="hand", seconds=1.2) for n in range(4, 6)],
    )
    at = progress_page()
    accuracy, pace, _ = chart_specs(at)
    for spec in (accuracy, pace):
        marks = [layer["mark"]["type"] for layer in spec["layer"]]
        assert marks == ["bar", "text"]  # a bar a drill, with its number written on it
    assert [(r["Drill"], r["Right"]) for r in charts(at)[0]] == [
        ("Count the hand", 1.0),
        ("Peg a card", 0.5),
    ]
    assert "each drill gets a line" in texts(at)
    assert "About 1 second an answer" in texts(at)  # one second, not "1 seconds"


def test_two_days_are_lines_without_the_come_back_note(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    profile = store.create_profile("Ann")
    now = datetime.now(UTC)  # today's answers a few seconds ago (so never yesterday's date)
    rows = [replace(given(n, seconds=0.4), at=now - timedelta(seconds=n)) for n in range(3)]
    rows += [replace(given(n, seconds=0.4), at=now - timedelta(days=1)) for n in range(3, 6)]
    store.add_attempts(profile.id, rows)
    at = progress_page()
    accuracy, _, _ = chart_specs(at)
    assert accuracy["mark"]["type"] == "line"
    assert "each drill gets a line" not in texts(at)
    assert "Under a second an answer" in texts(at)


def test_a_question_answered_twice_is_worth_one_more_look(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    profile = store.create_profile("Ann")
    store.add_attempts(profile.id, [given(1, correct=False), given(1, correct=False)])
    at = progress_page()
    assert texts(at).count("you said 20") == 1


# A stand-in Practice page that only reports what it was handed.
STAND_IN_APP = """
import streamlit as st
st.navigation([
    st.Page({progress!r}, title="Progress", url_path="progress", default=True),
    st.Page("ui/views/practice.py", title="Practice", url_path="practice"),
]).run()
"""
STAND_IN_PRACTICE = """
import streamlit as st
st.title("Stand-in practice")
from trainer.ui.requests import practice_weights, take_practice
st.session_state["received"] = (take_practice(), practice_weights())
"""


def stand_in(tmp_path: Path) -> AppTest:
    (tmp_path / "ui" / "views").mkdir(parents=True)
    (tmp_path / "ui" / "views" / "practice.py").write_text(STAND_IN_PRACTICE)
    main = tmp_path / "app.py"
    main.write_text(STAND_IN_APP.format(progress=str(PROGRESS_VIEW)))
    at = AppTest.from_file(str(main), default_timeout=30)
    as_player(at)
    at.run()
    assert not at.exception, at.exception
    return at


def test_practise_this_hands_the_drill_to_the_practice_page(
    _isolated_database: Path, tmp_path: Path
) -> None:
    store = Store.open(_isolated_database)
    profile = store.create_profile("Ann")
    store.add_attempts(
        profile.id, [given(n, drill="crib", tier="traps", correct=False) for n in range(6)]
    )
    at = stand_in(tmp_path)
    [button] = [b for b in at.button if b.label == "Practise this"]
    button.click().run()
    assert at.title[0].value == "Stand-in practice"
    assert at.session_state["received"] == (PracticeRequest("crib", "traps"), None)


def test_lesson_answers_and_unknown_tiers_are_not_offered_to_practise(
    _isolated_database: Path, tmp_path: Path
) -> None:
    wrong = [given(n, drill="peg", tier="lesson", correct=False) for n in range(8)]
    wrong += [given(20 + n, drill="crib", tier="no-such-tier", correct=False) for n in range(8)]
    store = Store.open(_isolated_database)
    store.add_attempts(store.create_profile("Ann").id, wrong)
    at = stand_in(tmp_path)
    assert not at.exception
    assert [b.label for b in at.button if b.label == "Practise this"] == []


def test_practise_my_weak_spots_hands_over_the_weights(
    _isolated_database: Path, tmp_path: Path
) -> None:
    store = Store.open(_isolated_database)
    profile = store.create_profile("Ann")
    store.add_attempts(
        profile.id,
        [given(n, tier="club", correct=n % 2 == 0) for n in range(20)]
        + [given(n, drill="go", tier="beginner") for n in range(30)],
    )
    at = stand_in(tmp_path)
    next(b for b in at.button if b.label == "Practise my weak spots").click().run()
    request, weights = at.session_state["received"]
    assert request == PracticeRequest("mixed", "adaptive")
    assert set(weights) == {("hand", "club"), ("go", "beginner")}
    assert weights[("hand", "club")] > weights[("go", "beginner")]


def test_the_practice_page_starts_the_chosen_set(_isolated_database: Path) -> None:
    tier = load_drills().drills[DrillType.CRIB].tiers[-1]  # named by its title from the drill file
    store = Store.open(_isolated_database)
    profile = store.create_profile("Ann")
    store.add_attempts(
        profile.id, [given(n, drill="crib", tier=tier.id, correct=False) for n in range(6)]
    )
    at = progress_page()
    assert f"**Count the crib · {tier.title}**" in texts(at)
    next(b for b in at.button if b.label == "Practise this").click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Practice"
    assert (at.query_params["drill"], at.query_params["tier"]) == ("crib", tier.id)


def test_the_practice_page_starts_a_weak_spots_set(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    profile = store.create_profile("Ann")
    store.add_attempts(profile.id, [given(n, correct=n % 2 == 0) for n in range(10)])
    at = progress_page()
    next(b for b in at.button if b.label == "Practise my weak spots").click().run()
    assert not at.exception, at.exception
    assert at.query_params["drill"] == "mixed"
    assert "your weak spots" in texts(at)
    weights = at.session_state["_practice_weights"]
    assert set(weights) == {("hand", "club")} and weights[("hand", "club")] > FLOOR


def test_all_mastered_says_so(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    profile = store.create_profile("Ann")
    store.add_attempts(profile.id, [given(n, drill="go", tier="beginner") for n in range(30)])
    at = progress_page()
    assert "Nothing stands out as weak" in at.success[0].value
    assert [b.label for b in at.button if b.label == "Practise this"] == []


def test_names_are_shown_as_typed_never_as_markup(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    profile = store.create_profile("<b>**Zed**</b> [x](y)")
    add_answer(store, profile.id, given(1))
    at = progress_page()
    caption = at.caption[0].value
    assert r"\<b\>\*\*Zed\*\*\</b\> \[x\]\(y\)" in caption
    # named as typed in the sidebar too (alone on the device: nobody to switch to)
    assert r"Playing: **\<b\>\*\*Zed\*\*\</b\> \[x\]\(y\)**" in _sidebar_words(at)
    assert "profile_picker" not in [e.key for e in at.sidebar.expander]


def _sidebar_words(at: AppTest) -> str:
    return "\n".join(m.value for m in at.sidebar.markdown)


def _others(at: AppTest) -> list[str]:
    """The players the sidebar offers to switch to, its "Switch player" opened (nothing in
    it is sent until it is)."""
    assert not [b for b in at.sidebar.button if str(b.key).startswith("profile_pick_")]
    at.session_state["profile_picker"] = True
    at.run()
    assert not at.exception, at.exception
    return [b.label for b in at.sidebar.button if str(b.key).startswith("profile_pick_")]


def test_the_picker_adds_switches_and_renames_players(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann")
    store.add_attempts(ann.id, [given(n) for n in range(4)])
    at = progress_page()
    assert metrics(at)["Answers"] == "4"
    assert not at.sidebar.text_input, "the name boxes wait for their fold to be opened"
    at.session_state["profile_edit_fold"] = True  # "Add a player or change a name", opened
    at.run()

    at.sidebar.text_input(key="profile_new_name").input("  Bea ")
    at.sidebar.button(key="profile_add").click().run()
    assert "Added Bea" in at.sidebar.success[0].value
    assert "Playing: **Bea**" in _sidebar_words(at)
    assert _others(at) == ["Ann"]
    assert "Nothing here yet for **Bea**" in at.info[0].value  # Bea is now practising

    at.sidebar.text_input(key="profile_new_name").input("ann")
    at.sidebar.button(key="profile_add").click().run()
    assert "already a profile called ann" in at.sidebar.error[0].value
    at.sidebar.text_input(key="profile_new_name").input("   ")
    at.sidebar.button(key="profile_add").click().run()
    assert "Type a name first" in at.sidebar.error[0].value

    at.sidebar.button(key=f"profile_pick_{ann.id}").click().run()
    assert metrics(at)["Answers"] == "4"
    assert not at.session_state["profile_picker"], "the list of players folds once chosen"
    at.sidebar.text_input(key="profile_rename").input("Annie")
    at.sidebar.button(key="profile_rename_button").click().run()
    assert "Playing: **Annie**" in _sidebar_words(at)
    assert _others(at) == ["Bea"]
    assert [p.name for p in store.profiles()] == ["Annie", "Bea"]


def test_the_first_clicks_after_a_restart_add_and_switch_players_in_the_sidebar(
    _isolated_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a restart, a tab's first click reaches a session that never drew its button:
    no callback is called, and the action is taken during the run instead
    (:mod:`trainer.ui.actions`), after the sidebar's folds are drawn. Adding a player and
    choosing one that way say so and fold as a callback's would, with no error."""
    from trainer.ui import actions

    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann")
    at = progress_page()
    at.session_state["profile_edit_fold"] = True
    at.run()
    monkeypatch.setattr(actions, "_mark_and_call", lambda *args: None)  # as after a restart
    at.sidebar.text_input(key="profile_new_name").input("Bea")
    at.sidebar.button(key="profile_add").click().run()
    assert not at.exception, at.exception
    assert "Added Bea" in at.sidebar.success[0].value
    assert "Playing: **Bea**" in _sidebar_words(at)
    assert _others(at) == ["Ann"]
    at.sidebar.button(key=f"profile_pick_{ann.id}").click().run()
    assert not at.exception, at.exception
    assert "Playing: **Ann**" in _sidebar_words(at)
    assert not at.session_state["profile_picker"], "the list of players folds once chosen"


def test_a_newer_database_is_explained_and_the_app_keeps_going(
    _isolated_database: Path,
) -> None:
    store = Store.open(_isolated_database)
    store.create_profile("Ann")
    with sqlite3.connect(_isolated_database) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    # answers given and the Progress page opened in the same visit
    script = ANSWER_SCRIPT + f"\nimport runpy\nrunpy.run_path({str(PROGRESS_VIEW)!r})\n"
    at = AppTest.from_string(script, default_timeout=30)
    at.session_state["answers"] = [given(1), given(2, correct=False)]
    at.run()
    assert not at.exception
    assert "newer version of the trainer" in at.warning[0].value
    assert metrics(at) == {"Answers in this visit": "2", "Right": "1 (50%)"}


def test_a_damaged_database_is_set_aside_with_a_message(_isolated_database: Path) -> None:
    _isolated_database.write_bytes(os.urandom(2048))
    at = AppTest.from_file(APP, default_timeout=30).run()
    [warning] = at.sidebar.warning
    assert "could not be read" in warning.value
    assert "kept beside it, under a new name" in warning.value
    assert str(_isolated_database.parent) not in warning.value  # no path on a page
    at.switch_page("ui/views/progress.py").run()
    assert not at.sidebar.warning  # said once
    assert "Who is playing?" in [s.value for s in at.subheader]  # a fresh file: nobody yet
    at.text_input(key="player_new_name").input("Sam")
    at.button(key="player_add").click().run()
    assert "Nothing here yet for **Sam**" in at.info[0].value


def test_the_export_is_offered() -> None:
    at = progress_page()
    assert at.get("download_button") == []  # nothing to export yet
    recorder = AppTest.from_string(ANSWER_SCRIPT, default_timeout=30)
    as_player(recorder)  # the same player, answering in another tab
    recorder.session_state["answers"] = [given(1)]
    recorder.run()
    assert not recorder.exception, recorder.exception
    at.run()
    [download] = at.get("download_button")
    assert download.proto.label == "Download every answer (CSV)"


def test_a_store_read_error_is_explained_and_the_app_keeps_going(
    _isolated_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(_isolated_database)
    add_answer(store, store.create_profile("Ann").id, given(1))

    with monkeypatch.context() as patch:
        patch.setattr(Store, "progress_rows", disk_full)
        at = progress_page()
        [warning] = at.warning
        assert "Your progress cannot be read just now" in warning.value
        assert "the disk is full" in warning.value
        assert "come back once progress can be read again" in at.info[-1].value
    at.switch_page("ui/views/home.py").run()
    assert not at.exception
    at.switch_page("ui/views/progress.py").run()
    assert metrics(at)["Answers"] == "1"  # working again once the file can be read


def test_nobody_chosen_sees_no_ones_progress(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    add_answer(store, store.create_profile("Ann").id, given(1))
    at = AppTest.from_file(str(PROGRESS_VIEW), default_timeout=30).run()
    assert not at.exception, at.exception
    assert "Who is playing?" in [s.value for s in at.subheader]
    assert figures(at) == [] and not at.get("download_button")


def test_progress_shows_the_ladder_of_first_games() -> None:
    from trainer.bench.playing import play_on
    from trainer.training.ladder import RUNGS
    from trainer.training.table import Table
    from trainer.ui.play_saves import saved_row

    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    profile = store.create_profile("Sam")
    for lesson in ("the-board", "deal-and-crib", "the-starter", "the-play", "the-show"):
        store.save_lesson_progress(profile.id, lesson, 0, True)
    table = Table.new(RUNGS[0].setup, seed=4)  # a first game of fifteens, played out
    play_on(table)
    store.save_game(profile.id, saved_row("g-fifteens", table))
    at = progress_page()
    assert "First games" in [s.value for s in at.subheader]
    text = "\n".join(m.value for m in at.markdown)
    won = 1 if table.game.winner == 0 else 0
    step = "won" if won else "played, not won yet"
    assert f"1. {'✅' if won else '▶️'} **Fifteens**: {step} ({won} of 1 game won)" in text
    assert "2. ▶️ **Fifteens and pairs**: ready to play" in text
    assert "3. 🔒 **Fifteens, pairs and runs**: opens after lesson 9" in text
    assert "4. 🔒 **Flushes and nobs**: opens after lesson 9" in text

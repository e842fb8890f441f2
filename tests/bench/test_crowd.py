"""The crowd benchmark's visitors speak Streamlit's protocol to a real server: they load a
page, answer through the form's submit button and read the verdict back, each under the
player their address names; the benchmark itself (``python -m trainer.bench.crowd``) is run
as a command on a small crowd (no timing is asserted)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_async
from tests.support.benchmarks import run_module
from trainer.bench.serving import SPIN, Server, busy, serving
from trainer.bench.visitor import Visitor
from trainer.engine.skills import DrillType
from trainer.progress.store import Store
from trainer.training.questions import ShowQuestion, deal_question

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "trainer" / "app.py"
PLAYER = "Crowd"


def run_crowd(*options: str) -> subprocess.CompletedProcess[str]:
    return run_module("trainer.bench.crowd", *options, timeout=600)


@pytest.fixture(scope="module")
def small_crowd(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    """Three people answering two questions at once, after the Check page was timed as
    the first thing a server just started is asked for: this checkout's figures, and what
    was printed. (Without ``--busy``: a process spinning a core all along would take it
    from the rest of the suite; :func:`busy` is tested alone.)"""
    out = tmp_path_factory.mktemp("crowd-run") / "figures.json"
    done = run_crowd(
        *("--users", "3", "--rounds", "2", "--first-runs", "--first-pages", "check"),
        *("--json", str(out)),
    )
    assert done.returncode == 0, done.stderr[-4000:]
    found = json.loads(out.read_text(encoding="utf-8"))
    return found[str(REPO)], done.stdout


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path_factory.mktemp("crowd")
    db = folder / "progress.sqlite3"
    Store.open(db).create_profile(PLAYER)
    with serving(
        APP, log=folder / "server.log", cwd=REPO, env={"CRIBBAGE_TRAINER_DB": str(db)}
    ) as running:
        yield running, db


def test_a_visitor_answers_a_question_and_reads_its_verdict(server: tuple[Server, Path]) -> None:
    running, db = server
    question = deal_question(DrillType.HAND, "beginner", 3, 0)
    assert isinstance(question, ShowQuestion)

    async def visit() -> tuple[str, str]:
        async with Visitor(running.url) as visitor:
            first = await visitor.open(
                "practice", f"drill=hand&tier=beginner&seed=3&player={PLAYER}"
            )
            assert first.exception is None
            assert "set=" in visitor.query  # the page wrote the set's place into the address
            answered = await visitor.press("Check", {"practice_total_0": str(question.total)})
            return first.text(), answered.text()

    before = Store.open(db).count_attempts()
    shown, verdict = run_async(visit())  # (a browser test before it keeps a loop running)
    assert "Count this hand" in shown
    assert f"Right: {question.total}." in verdict
    store = Store.open(db)
    [crowd_player] = [p for p in store.profiles() if p.name == PLAYER]
    assert store.count_attempts() == before + 1
    assert [r.attempt.answer for r in store.attempts(crowd_player.id)][-1] == str(question.total)


def test_a_missing_widget_is_named() -> None:
    visitor = Visitor("http://127.0.0.1:9")
    visitor.widgets = {"practice_next": "$$ID-abc-practice_next"}
    with pytest.raises(LookupError, match="no widget 'Check'"):
        visitor._id("Check")


def test_a_crowd_answers_at_once_and_every_answer_gets_its_verdict(
    small_crowd: tuple[dict[str, Any], str],
) -> None:
    figures, text = small_crowd
    assert figures["failed"] == []
    assert len(figures["waits"]) == 6 and all(wait > 0 for wait in figures["waits"])
    assert len(figures["rates"]) == 2 and len(figures["cpu"]) == 2
    assert figures["stored"] == 6  # every answer saved
    assert "3 people answering at once: wait" in text and "n=6" in text
    assert "p95" in text


def test_the_busy_processes_run_all_along_and_are_gone_at_the_end() -> None:
    with busy(2) as ids:  # (it begins once each has said it runs)
        assert len(set(ids)) == 2
        for pid in ids:
            command = Path(f"/proc/{pid}/cmdline").read_text().split("\0")[1:-1]
            assert command == ["-c", SPIN]  # spinning, not a process just forked
    for pid in ids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_bad_counts_are_refused() -> None:
    done = run_crowd("--users", "0")
    assert done.returncode == 2
    assert "at least 1" in done.stdout
    done = run_crowd("--busy", "-1")
    assert done.returncode == 2 and "--busy must be from 0 to 64" in done.stdout


def test_a_page_is_timed_as_the_first_thing_a_server_just_started_is_asked_for(
    small_crowd: tuple[dict[str, Any], str],
) -> None:
    figures, text = small_crowd
    assert figures["failed"] == []
    assert list(figures["first_runs"]) == ["check"]  # only the page asked for
    [seconds] = figures["first_runs"]["check"]
    assert seconds > 0
    assert "first run after a start: check" in text

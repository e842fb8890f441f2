"""The crowd benchmark's visitors speak Streamlit's protocol to a real server: they load a
page, answer through the form's submit button and read the verdict back, each under the
player their address names (no timing is asserted)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.bench.crowd import PLAYER, Figures, crowd, main, report
from trainer.bench.serving import Server, serving
from trainer.bench.visitor import Visitor
from trainer.progress.store import Store
from trainer.training.questions import ShowQuestion, deal_question

REPO = Path(__file__).resolve().parent.parent
APP = REPO / "trainer" / "app.py"


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
    question = deal_question("hand", "beginner", 3, 0)
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
    shown, verdict = asyncio.run(visit())
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
    server: tuple[Server, Path],
) -> None:
    running, db = server
    figures = Figures()
    before = Store.open(db).count_attempts()
    asyncio.run(crowd(running, figures, users=3, rounds=2))
    assert figures.failed == []
    assert len(figures.waits) == 6 and all(wait > 0 for wait in figures.waits)
    assert len(figures.rates) == 2 and len(figures.cpu) == 2
    assert Store.open(db).count_attempts() == before + 6  # every answer saved
    text = report({REPO: figures}, 3)
    assert "3 people answering at once: wait" in text and "n=6" in text


def test_bad_counts_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--users", "0"]) == 2
    assert "at least 1" in capsys.readouterr().out


def test_a_page_is_timed_as_the_first_thing_a_server_just_started_is_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.bench import crowd as bench_crowd

    monkeypatch.setattr(bench_crowd, "FIRST_PAGES", {"check": ("check", "")})
    results = {REPO: Figures()}
    asyncio.run(bench_crowd.first_runs([REPO], tmp_path, results))
    assert results[REPO].failed == []
    [seconds] = results[REPO].first_runs["check"]
    assert seconds > 0
    assert "first run after a start: check" in report(results, 16)

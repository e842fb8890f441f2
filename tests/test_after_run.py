"""Work a page starts for later (trainer.ui.after_run): kept until the page's run has
ended, then started in order; made at once outside a framed run; a start that fails is
logged and never stops the others or reaches the page."""

from __future__ import annotations

import logging
import threading

import pytest

from trainer.ui import after_run


def test_starts_wait_for_the_end_of_the_run_and_keep_their_order() -> None:
    made: list[str] = []
    after_run.begin()
    after_run.later(lambda: made.append("first"))
    after_run.later(lambda: made.append("second"))
    assert made == []
    after_run.end()
    assert made == ["first", "second"]
    after_run.end()  # nothing kept twice
    assert made == ["first", "second"]


def test_outside_a_run_a_start_is_made_at_once() -> None:
    made: list[str] = []
    after_run.begin()
    after_run.end()
    after_run.later(lambda: made.append("now"))
    assert made == ["now"]


def test_a_failing_start_is_logged_and_the_rest_are_made(
    caplog: pytest.LogCaptureFixture,
) -> None:
    made: list[str] = []

    def broken() -> None:
        raise ValueError("a record that cannot be read")

    after_run.begin()
    after_run.later(broken)
    after_run.later(lambda: made.append("after it"))
    with caplog.at_level(logging.ERROR, logger="trainer.ui.after_run"):
        after_run.end()
    assert made == ["after it"]
    assert "a record that cannot be read" in caplog.text


def test_each_run_s_thread_keeps_its_own() -> None:
    """Two sessions' runs at once (each in a thread of its own) do not start each other's
    work."""
    made: list[str] = []
    after_run.begin()
    after_run.later(lambda: made.append("this run"))

    def other_run() -> None:
        after_run.begin()
        after_run.later(lambda: made.append("other run"))
        after_run.end()

    thread = threading.Thread(target=other_run)
    thread.start()
    thread.join()
    assert made == ["other run"]
    after_run.end()
    assert made == ["other run", "this run"]

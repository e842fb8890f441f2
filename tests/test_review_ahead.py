"""A finished game's review worked out ahead (trainer.ui.review_ahead): the review and the
win line the Review page takes, started by the results screen in one worker thread, waited
for while it runs, worked out at once when it was never started or still waits its turn."""

from __future__ import annotations

import threading
from functools import cache

import pytest

from tests.test_review import _play
from trainer.engine.record import GameRecord
from trainer.progress.review_totals import review_text
from trainer.training.review import GameReview
from trainer.training.winline import win_line
from trainer.ui import after_run, review_ahead
from trainer.ui.play_saves import saved_row
from trainer.ui.review_ahead import Prepared, ReviewsAhead, work_out


@cache
def _game(seats: int = 2, seed: int = 3) -> tuple[str, str]:
    saved = saved_row("g", _play("easy", 61, seed, seats=seats))
    return saved.record, saved.settings


def test_the_review_and_the_line_are_the_game_s_own() -> None:
    record, settings = _game()
    prepared = work_out(record, settings)
    assert prepared.review == review_text(record, settings)
    assert prepared.line == win_line(GameRecord.parse(record))
    table = work_out(*_game(seats=3))
    assert table.line is None  # the win model speaks of games of two
    given = work_out(record, settings, line=prepared.line)
    assert given.line is prepared.line  # the results screen's own line, handed over


def test_a_review_started_ahead_is_taken_once_worked_out() -> None:
    ahead = ReviewsAhead()
    record, settings = _game()
    assert ahead.start(record, settings)
    assert not ahead.start(record, settings)  # already under way
    first = ahead.get(record, settings)
    assert ahead.get(record, settings) is first  # kept, not worked out again
    assert first.review == review_text(record, settings)


def test_a_review_never_started_is_worked_out_at_once() -> None:
    ahead = ReviewsAhead()
    record, settings = _game(seed=5)
    prepared = ahead.get(record, settings)
    assert isinstance(prepared, Prepared) and prepared.review.deals
    assert ahead.get(record, settings) is prepared


def test_a_record_that_cannot_be_reviewed_says_so_each_time() -> None:
    ahead = ReviewsAhead()
    record, settings = _game()
    broken = record.replace("discard seat=0", "discard seat=1", 1)
    for _ in range(2):
        with pytest.raises(ValueError):
            ahead.get(broken, settings)


def test_a_review_waiting_its_turn_is_worked_out_where_it_is_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One worker: a game asked for while another keeps it busy is not left waiting."""
    release = threading.Event()
    busy = threading.Event()
    real = review_ahead.work_out
    first, second = _game(seed=3), _game(seed=5)

    def slow(
        record: str, settings: str, line: object = None, *, with_line: bool = True
    ) -> Prepared:
        if (record, settings) == first:
            busy.set()
            assert release.wait(60)
        return real(record, settings, with_line=with_line)

    monkeypatch.setattr(review_ahead, "work_out", slow)
    ahead = ReviewsAhead()
    ahead.start(*first)
    assert busy.wait(60)  # the worker is on the first game
    ahead.start(*second)  # queued behind it
    assert ahead.get(*second).review == review_text(*second)  # done here, not waited for
    release.set()
    assert ahead.get(*first).review == review_text(*first)


def test_only_the_newest_games_are_kept() -> None:
    ahead = ReviewsAhead(kept=1)
    one, two = _game(seed=3), _game(seed=5)
    kept = ahead.get(*one)
    ahead.get(*two)
    assert ahead.get(*one) is not kept  # worked out again: it had been let go


def test_a_review_worked_out_at_once_leaves_its_line_to_be_drawn_last() -> None:
    """The page waits for a review never started: it takes the review without the win
    line (most of the time), draws the rest, then asks for the line, which is kept."""
    ahead = ReviewsAhead()
    record, settings = _game(seed=7)
    first = ahead.get(record, settings)
    assert first.measured and first.line is None
    line = ahead.line(record, settings)
    assert line == win_line(GameRecord.parse(record))
    assert ahead.get(record, settings).line is line  # kept with its review
    assert ahead.line(record, settings) is line
    table = _game(seats=3)
    assert ahead.line(*table) is None and not ahead.get(*table).measured


def test_the_line_is_worked_out_after_the_review_and_never_waited_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review is taken as soon as it is worked out; the line, worked out after it by
    the same worker, is said to be ready only once it is."""
    release = threading.Event()
    real = review_ahead.work_out_line

    def slow(record: str, settings: str) -> object:
        assert release.wait(60)
        return real(record, settings)

    monkeypatch.setattr(review_ahead, "work_out_line", slow)
    ahead = ReviewsAhead()
    record, settings = _game(seed=9)
    assert ahead.line_if_ready(record, settings) == (False, None)  # never started
    ahead.start(record, settings)
    prepared = ahead.get(record, settings)  # not held up by the line
    assert prepared.measured and prepared.line is None
    assert ahead.line_if_ready(record, settings) == (False, None)
    release.set()
    ahead.settle()
    line = win_line(GameRecord.parse(record))
    assert ahead.line_if_ready(record, settings) == (True, line)
    assert ahead.get(record, settings).line == line  # kept with its review


def test_a_line_started_alone_is_kept_and_a_broken_one_is_said_done() -> None:
    ahead = ReviewsAhead()
    record, settings = _game(seed=5)
    assert ahead.start_line(record, settings)
    assert not ahead.start_line(record, settings)  # already under way
    ahead.settle()
    assert ahead.line_if_ready(record, settings) == (True, win_line(GameRecord.parse(record)))
    broken = record.replace("discard seat=0", "discard seat=1", 1)
    ahead.start_line(broken, settings)
    ahead.settle()
    assert ahead.line_if_ready(broken, settings) == (True, None)  # nothing to wait for
    three = _game(seats=3)
    ahead.start_line(*three)
    ahead.settle()
    assert ahead.line_if_ready(*three) == (True, None)  # the win model does not speak of it


def test_a_review_not_ready_is_worked_out_in_the_background_and_handed_on() -> None:
    """What Progress catches up with: None while the review is worked out, the function
    given called with it once it is; the review itself once it is kept."""
    ahead = ReviewsAhead()
    record, settings = _game(seed=9)
    handed: list[GameReview] = []
    first = ahead.ready_or_start(record, settings, handed.append)
    ahead.settle()
    expected = review_text(record, settings)
    if first is None:  # (worked out between the two lines: nothing to hand on then)
        assert handed == [expected]
    assert ahead.ready_or_start(record, settings, handed.append) == expected
    assert len(handed) <= 1  # a review kept is not handed on again
    broken = record.replace("discard seat=0", "discard seat=1", 1)
    assert ahead.ready_or_start(broken, settings, handed.append) is None
    ahead.settle()
    with pytest.raises(ValueError):
        ahead.ready_or_start(broken, settings, handed.append)
    assert len(handed) <= 1  # nothing handed on for a record that cannot be reviewed


def test_the_pages_start_their_reviews_once_their_run_has_ended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The results screen's and Progress's reviews ahead are started after the page's run
    (so they do not share the processor with it), not while it is drawn; a review kept
    already is handed back at once, and one that turns out broken says so on the next
    visit."""
    ahead = ReviewsAhead()
    monkeypatch.setattr(review_ahead, "reviews_ahead", lambda: ahead)
    record, settings = _game(seed=11)
    saved = saved_row("g", _play("easy", 61, 11))
    assert (saved.record, saved.settings) == (record, settings)
    handed: list[GameReview] = []

    after_run.begin()
    review_ahead.prepare(*_game(seed=13))
    assert review_ahead.review_soon(saved, handed.append) is None
    assert ahead.kept_review(record, settings) is None
    assert ahead.start(*_game(seed=13)), "started while the page was drawn"
    after_run.end()
    ahead.settle()
    expected = review_text(record, settings)
    assert handed == [expected]  # worked out after the run, and handed on
    assert review_ahead.review_soon(saved, handed.append) == expected  # kept: at once
    assert handed == [expected]

    broken = saved._replace(record=record.replace("discard seat=0", "discard seat=1", 1))
    after_run.begin()
    assert review_ahead.review_soon(broken, handed.append) is None
    after_run.end()  # its failure is the background's, never the page's
    ahead.settle()
    with pytest.raises(ValueError):
        review_ahead.review_soon(broken, handed.append)
    assert handed == [expected]

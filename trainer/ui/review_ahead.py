"""A finished game's review worked out ahead, so that "Review this game" opens in a click's
time: the results screen starts it (:func:`prepare`) in one worker thread of the server's
while the person reads the results, and the Review page takes it (:func:`prepared`),
waiting for it only if it is still being worked out, or working it out at once if it was
never started or still waits its turn. Progress starts its newest games' reviews too, and
has the games not reviewed yet reviewed here for its chart (:func:`review_soon`), so that
neither its own run nor "Review" waits for a review. Each is started once the run of the
page that asked has ended (:mod:`trainer.ui.after_run`), so that it does not slow that
page down.

What is worked out is the review (:func:`trainer.progress.review_totals.review_text`) and
its chart of points lost as the spec the page sends, then, apart and after it, for the
games the win model speaks of, the win line (:func:`trainer.training.winline.win_line`;
the results screen hands over the line it already drew) with its chart's spec: it costs
most of the time, so the page takes the review without waiting for it, draws the rest, and
takes the line last (:func:`prepared_line`). It is the same for anyone who opens the game,
so it is kept once for every session (``st.cache_resource``), keyed by the record and the
setup as stored, the newest :data:`KEPT` games.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import streamlit as st

from trainer.analysis.winmeter import measured
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.progress.review_totals import review_text
from trainer.progress.store import SavedGame
from trainer.training.review import GameReview
from trainer.training.table import CoachMode, PlaySetup
from trainer.training.winline import WinLine, win_line
from trainer.ui.after_run import later
from trainer.ui.review_chart import lost_spec
from trainer.ui.winchart import chart_spec

__all__ = [
    "KEPT",
    "Prepared",
    "ReviewsAhead",
    "prepare",
    "prepared",
    "prepared_line",
    "review_soon",
    "reviews_ahead",
]

#: Games whose review is kept, the newest first.
KEPT = 32

_T = TypeVar("_T")
_Key = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Prepared:
    """A game's review, whether it is said in words (learning mode and first games: no
    percentage, no decimal point), its chart of points lost as the spec the page sends,
    and its win line (None for a game the win model does not speak of: a first game, or
    three or four at the table, or while it is still being worked out), whose chart's
    spec is kept by :func:`~trainer.ui.winchart.chart_spec`."""

    review: GameReview
    words: bool
    lost_spec: dict[str, Any]
    line: WinLine | None
    #: The win model speaks of this game (its line is ``line``, or still to be worked out
    #: when ``line`` is None: :meth:`ReviewsAhead.line`).
    measured: bool = False


def _in_words(settings: str, game: Settings) -> bool:
    return PlaySetup.parse(settings).kept_person.coach is CoachMode.LEARNING or not game.whole


def _seat(settings: str) -> int:
    """The seat the game is kept for (its review's and win line's)."""
    return PlaySetup.parse(settings).kept_for


def work_out(
    record: str, settings: str, line: WinLine | None = None, *, with_line: bool = True
) -> Prepared:
    """The review of the game stored as ``record`` with ``settings`` (the Play page's
    setup), its charts, and its win line unless given (or, without ``with_line``, left to
    be worked out: it costs most of the time); ``ValueError`` when the record cannot be
    read or does not play back."""
    review = review_text(record, settings)
    words = _in_words(settings, review.settings)
    spoken = measured(review.settings)
    if line is None and spoken and with_line:
        line = win_line(GameRecord.parse(record), seat=_seat(settings))
    if line is not None:
        chart_spec(line, words)  # kept for the page
    return Prepared(review, words, lost_spec(review, words=words), line, spoken)


def work_out_line(record: str, settings: str) -> WinLine | None:
    """The win line of the game stored as ``record`` with ``settings``, its chart's spec
    kept for the page (None for a game the win model does not speak of); ``ValueError``
    when the record cannot be read or does not play back."""
    game = GameRecord.parse(record)
    if not measured(game.settings):
        return None
    line = win_line(game, seat=_seat(settings))
    chart_spec(line, _in_words(settings, game.settings))  # kept for the page
    return line


def _then(then: Callable[[GameReview], None], job: Future[Prepared]) -> None:
    """Hand a review worked out in the background on (not one that failed or was let go:
    it is asked for again, and says why, on a later visit)."""
    if not job.cancelled() and job.exception() is None:
        then(job.result().review)


def _done(value: _T) -> Future[_T]:
    job: Future[_T] = Future()
    job.set_result(value)
    return job


class ReviewsAhead:
    """The reviews and their win lines being worked out, or worked out, by one worker
    thread (a game's review first, then its line), the newest :data:`KEPT` games kept."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._jobs: OrderedDict[_Key, Future[Prepared]] = OrderedDict()
        self._lines: OrderedDict[_Key, Future[WinLine | None]] = OrderedDict()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review-ahead")

    def _keep(self, jobs: OrderedDict[_Key, Future[_T]], key: _Key, job: Future[_T]) -> None:
        jobs[key] = job
        jobs.move_to_end(key)
        while len(jobs) > self.kept:
            _, old = jobs.popitem(last=False)
            old.cancel()  # (a job already running finishes, unkept)

    def _started(self, jobs: OrderedDict[_Key, Future[_T]], key: _Key) -> bool:
        """Whether ``key``'s job is kept (and not let go), made the newest if so."""
        if key in jobs and not jobs[key].cancelled():
            jobs.move_to_end(key)
            return True
        return False

    def start(self, record: str, settings: str, line: WinLine | None = None) -> bool:
        """Start working out a game's review in the background, then its win line unless
        given (False when the review is already being worked out, or kept)."""
        key = (record, settings)
        with self._lock:
            if self._started(self._jobs, key):
                return False
            review = self._worker.submit(work_out, record, settings, line, with_line=False)
            self._keep(self._jobs, key, review)
            if line is not None:
                given: Future[WinLine | None] = _done(line)
                self._keep(self._lines, key, given)
            elif not self._started(self._lines, key):
                self._keep(self._lines, key, self._worker.submit(work_out_line, record, settings))
        return True

    def _finished(self, jobs: OrderedDict[_Key, Future[_T]], key: _Key) -> Future[_T] | None:
        """``key``'s job if it has finished (worked out, or failed), else None (being worked
        out, or never started, or let go)."""
        with self._lock:
            job = jobs.get(key)
        return job if job is not None and job.done() and not job.cancelled() else None

    def kept_review(self, record: str, settings: str) -> GameReview | None:
        """A game's review if it is worked out already (``ValueError`` if it could not be),
        else None (being worked out, or never started, or let go)."""
        job = self._finished(self._jobs, (record, settings))
        return None if job is None else job.result().review

    def ready_or_start(
        self, record: str, settings: str, then: Callable[[GameReview], None]
    ) -> GameReview | None:
        """A game's review if it is worked out already (``ValueError`` if it could not be);
        else None, and it is worked out in the background (started now unless it is on its
        way), ``then`` called with it in the worker when it is done."""
        key = (record, settings)
        self.start(record, settings)  # (False: on its way, or done)
        with self._lock:
            job = self._jobs.get(key)
        if job is None:  # let go already, for newer games: asked for again on a later visit
            return None
        if job.done() and not job.cancelled():
            return job.result().review
        job.add_done_callback(functools.partial(_then, then))
        return None

    def start_line(self, record: str, settings: str) -> bool:
        """Start working out a game's win line in the background (False when it is already
        being worked out, or kept)."""
        key = (record, settings)
        with self._lock:
            if self._started(self._lines, key):
                return False
            self._keep(self._lines, key, self._worker.submit(work_out_line, record, settings))
        return True

    def _take(self, jobs: OrderedDict[_Key, Future[_T]], key: _Key, work: Callable[[], _T]) -> _T:
        """``key``'s job's result: kept, or waited for while the worker works it out, or
        worked out here (never started, or still waiting its turn behind another game)."""
        with self._lock:
            job = jobs.get(key)
            if job is not None and not job.running() and not job.done():
                job = None if job.cancel() else job  # its turn has not come: do it here
            if job is None:
                job = Future()
                self._keep(jobs, key, job)
                mine = True
            else:
                jobs.move_to_end(key)
                mine = False
        if mine:
            try:
                job.set_result(work())
            except Exception as err:  # kept, so a broken record is not worked out again
                job.set_exception(err)
        return job.result()

    def get(self, record: str, settings: str) -> Prepared:
        """A game's review: kept, or waited for while the worker works it out, or worked
        out now (never started, or still waiting its turn behind another game); its win
        line with it when that is worked out already (:meth:`line_if_ready`), never waited
        for."""
        ready = self._take(
            self._jobs,
            (record, settings),
            lambda: work_out(record, settings, with_line=False),
        )
        done, line = self.line_if_ready(record, settings)
        return replace(ready, line=line) if done and line is not None else ready

    def line_if_ready(self, record: str, settings: str) -> tuple[bool, WinLine | None]:
        """Whether a game's win line is worked out (or could not be), and the line (None for
        a game the win model does not speak of, one that cannot be read, or one whose line
        is still being worked out or was never started)."""
        job = self._finished(self._lines, (record, settings))
        if job is None:
            return False, None
        return True, None if job.exception() is not None else job.result()

    def line(self, record: str, settings: str) -> WinLine | None:
        """A game's win line (None for a game the win model does not speak of): kept, or
        waited for while the worker works it out, or worked out now and kept."""
        return self._take(self._lines, (record, settings), lambda: work_out_line(record, settings))

    def settle(self) -> None:
        """Wait until the worker has worked out everything started so far."""
        self._worker.submit(lambda: None).result()

    def forget(self) -> None:
        """Forget every review kept (for a benchmark that opens the same game afresh)."""
        with self._lock:
            for jobs in (self._jobs, self._lines):
                for job in jobs.values():
                    job.cancel()
                jobs.clear()


@st.cache_resource(show_spinner=False)
def reviews_ahead() -> ReviewsAhead:
    """The server's one :class:`ReviewsAhead`."""
    return ReviewsAhead()


def prepare(record: str, settings: str, line: WinLine | None = None) -> None:
    """Work out a finished game's review in the background, started once the page's run has
    ended (the results screen and Progress call it: :func:`prepared` takes it)."""
    ahead = reviews_ahead()
    later(functools.partial(ahead.start, record, settings, line))


def review_soon(saved: SavedGame, then: Callable[[GameReview], None]) -> GameReview | None:
    """A stored game's review if it is worked out already (``ValueError`` if it could not
    be), else None while it is worked out in the background, started once the page's run
    has ended, ``then`` called with it when it is done (see
    :meth:`ReviewsAhead.ready_or_start`): what Progress catches up with."""
    ahead = reviews_ahead()
    ready = ahead.kept_review(saved.record, saved.settings)
    if ready is None:
        later(functools.partial(_soon, ahead, saved.record, saved.settings, then))
    return ready


def _soon(
    ahead: ReviewsAhead, record: str, settings: str, then: Callable[[GameReview], None]
) -> None:
    """Start a review for :func:`review_soon` (handed on at once if it was worked out
    meanwhile, for another visitor)."""
    ready = ahead.ready_or_start(record, settings, then)
    if ready is not None:
        then(ready)


def prepared(record: str, settings: str) -> Prepared:
    """A game's review, and its win line if it is worked out already (see
    :class:`ReviewsAhead`); ``ValueError`` when the record cannot be reviewed."""
    return reviews_ahead().get(record, settings)


def prepared_line(record: str, settings: str) -> WinLine | None:
    """A game's win line, waited for (see :meth:`ReviewsAhead.line`)."""
    return reviews_ahead().line(record, settings)

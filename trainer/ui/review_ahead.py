"""A finished game's review worked out ahead, so that "Review this game" opens in a click's
time: the results screen starts it (:func:`prepare`) in one worker thread of the server's
while the person reads the results, and the Review page takes it (:func:`prepared`),
waiting for it only if it is still being worked out, or working it out at once if it was
never started (a game opened from Progress) or still waits its turn.

What is worked out is the review (:func:`trainer.progress.review_totals.review_text`),
its chart of points lost as the spec the page sends, and, for the games the win model
speaks of, the win line (:func:`trainer.training.winline.win_line`; the results screen hands
over the line it already drew) with its chart's spec. It is the same for anyone who opens
the game, so it is kept once for every session (``st.cache_resource``), keyed by the record
and the setup as stored, the newest :data:`KEPT` games.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from trainer.analysis.winmeter import measured
from trainer.engine.record import GameRecord
from trainer.progress.review_totals import review_text
from trainer.training.review import GameReview
from trainer.training.table import ME, CoachMode, PlaySetup
from trainer.training.winline import WinLine, win_line
from trainer.ui.review_chart import lost_spec
from trainer.ui.winchart import chart_spec

__all__ = [
    "KEPT",
    "Prepared",
    "ReviewsAhead",
    "prepare",
    "prepared",
    "prepared_line",
    "reviews_ahead",
]

#: Games whose review is kept, the newest first.
KEPT = 32


@dataclass(frozen=True, slots=True)
class Prepared:
    """A game's review, whether it is said in words (learning mode and first games: no
    percentage, no decimal point), its chart of points lost as the spec the page sends,
    and its win line (None for a game the win model does not speak of: a first game, or
    three or four at the table), whose chart's spec is kept by
    :func:`~trainer.ui.winchart.chart_spec`."""

    review: GameReview
    words: bool
    lost_spec: dict[str, Any]
    line: WinLine | None
    #: The win model speaks of this game (its line is ``line``, or still to be worked out
    #: when ``line`` is None: :meth:`ReviewsAhead.line`).
    measured: bool = False


def work_out(
    record: str, settings: str, line: WinLine | None = None, *, with_line: bool = True
) -> Prepared:
    """The review of the game stored as ``record`` with ``settings`` (the Play page's
    setup), its charts, and its win line unless given (or, without ``with_line``, left to
    be worked out: it costs most of the time); ``ValueError`` when the record cannot be
    read or does not play back."""
    review = review_text(record, settings)
    words = PlaySetup.parse(settings).coach is CoachMode.LEARNING or not review.settings.whole
    spoken = measured(review.settings)
    if line is None and spoken and with_line:
        line = win_line(GameRecord.parse(record), seat=ME)
    if line is not None:
        chart_spec(line, words)  # kept for the page
    return Prepared(review, words, lost_spec(review, words=words), line, spoken)


class ReviewsAhead:
    """The reviews being worked out, or worked out, by one worker thread, the newest
    :data:`KEPT` kept."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._jobs: OrderedDict[tuple[str, str], Future[Prepared]] = OrderedDict()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review-ahead")

    def _keep(self, key: tuple[str, str], job: Future[Prepared]) -> None:
        self._jobs[key] = job
        self._jobs.move_to_end(key)
        while len(self._jobs) > self.kept:
            _, old = self._jobs.popitem(last=False)
            old.cancel()  # (a job already running finishes, unkept)

    def start(self, record: str, settings: str, line: WinLine | None = None) -> bool:
        """Start working out a game's review in the background (False when it is already
        being worked out, or kept)."""
        key = (record, settings)
        with self._lock:
            if key in self._jobs and not self._jobs[key].cancelled():
                self._jobs.move_to_end(key)
                return False
            self._keep(key, self._worker.submit(work_out, record, settings, line))
        return True

    def get(self, record: str, settings: str) -> Prepared:
        """A game's review: kept, or waited for while the worker works it out, or worked
        out now (never started, or still waiting its turn behind another game)."""
        key = (record, settings)
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and not job.running() and not job.done():
                job = None if job.cancel() else job  # its turn has not come: do it here
            if job is None:
                job = Future()
                self._keep(key, job)
                mine = True
            else:
                self._jobs.move_to_end(key)
                mine = False
        if mine:  # the page waits: its win line is left for it to draw last (:meth:`line`)
            try:
                job.set_result(work_out(record, settings, with_line=False))
            except Exception as err:  # kept, so a broken record is not worked out again
                job.set_exception(err)
        return job.result()

    def line(self, record: str, settings: str) -> WinLine | None:
        """A game's win line (None for a game the win model does not speak of): kept with
        its review, or worked out now and kept (a review the page worked out at once left
        it out, so that the rest of the page is drawn first)."""
        ready = self.get(record, settings)
        if ready.line is not None or not ready.measured:
            return ready.line
        line = win_line(GameRecord.parse(record), seat=ME)
        chart_spec(line, ready.words)  # kept for the page
        done: Future[Prepared] = Future()
        done.set_result(replace(ready, line=line))
        with self._lock:
            self._keep((record, settings), done)
        return line

    def forget(self) -> None:
        """Forget every review kept (for a benchmark that opens the same game afresh)."""
        with self._lock:
            for job in self._jobs.values():
                job.cancel()
            self._jobs.clear()


@st.cache_resource(show_spinner=False)
def reviews_ahead() -> ReviewsAhead:
    """The server's one :class:`ReviewsAhead`."""
    return ReviewsAhead()


def prepare(record: str, settings: str, line: WinLine | None = None) -> None:
    """Work out a finished game's review in the background (the results screen calls it:
    :func:`prepared` takes it)."""
    reviews_ahead().start(record, settings, line)


def prepared(record: str, settings: str) -> Prepared:
    """A game's review and its win line (see :class:`ReviewsAhead`); ``ValueError`` when
    the record cannot be reviewed."""
    return reviews_ahead().get(record, settings)


def prepared_line(record: str, settings: str) -> WinLine | None:
    """A game's win line (see :meth:`ReviewsAhead.line`)."""
    return reviews_ahead().line(record, settings)

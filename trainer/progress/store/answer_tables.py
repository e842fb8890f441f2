"""The store's operations on the answers: :class:`AnswerTables` (answers written, read
back and aggregated for the Progress page; their SQL is in
:mod:`~trainer.progress.store.answers`). It is a part of
:class:`~trainer.progress.store.api.Store`, which gives it its connections."""

from __future__ import annotations

from collections.abc import Iterable

import trainer.progress.store.answers as answers
from trainer.progress.store.backend import StoreTables
from trainer.progress.store.checks import check_attempt, check_key
from trainer.progress.store.errors import IntegrityViolation, InvalidAttemptError
from trainer.progress.store.rows import AreaRow, DayRow, MissRow, ProgressRows, Recorded, Streaks
from trainer.training.records import AttemptIn


class AnswerTables(StoreTables):
    """The store's answers (see the module docstring)."""

    def add_attempts(
        self,
        profile_id: int,
        attempts: Iterable[AttemptIn | tuple[AttemptIn, str | None]],
        *,
        session: str = "",
    ) -> int:
        """Store many answers in ONE transaction (imports, benchmarks); all or nothing.

        Each is an answer or an ``(answer, key)`` pair (see :meth:`add_attempts_each`); returns how
        many were stored (an answer whose key is already stored is left out).
        """
        keyed = (item if isinstance(item, tuple) else (item, None) for item in attempts)
        return sum(new for _, new in self._insert(profile_id, keyed, session))

    def add_attempts_each(
        self,
        profile_id: int,
        attempts: Iterable[tuple[AttemptIn, str | None]],
        *,
        session: str = "",
    ) -> list[tuple[int, bool]]:
        """As :meth:`add_attempts`, saying for each answer its id and whether it was stored
        now (False: an answer with its key was stored before, from another tab or window)."""
        return self._insert(profile_id, attempts, session)

    def saved_keys(self, profile_id: int, prefix: str) -> frozenset[str]:
        """The keys starting with ``prefix`` of a profile's stored answers (see :meth:`add_attempts_each`)."""
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT answer_key FROM attempts WHERE profile_id = ? "
                "AND substr(answer_key, 1, ?) = ?",
                (profile_id, len(prefix), prefix),
            ).fetchall()
        return frozenset(str(r[0]) for r in rows)

    def _insert(
        self, profile_id: int, attempts: Iterable[tuple[AttemptIn, str | None]], session: str
    ) -> list[tuple[int, bool]]:
        """``(id, stored now)`` of each answer, in one transaction."""
        ids = []
        with self._connect() as conn:
            try:
                with conn.write():
                    conn.lock(answers.player_lock(profile_id))
                    for attempt, key in attempts:
                        check_attempt(attempt)
                        check_key(key)
                        ids.append(answers.insert_attempt(conn, profile_id, attempt, session, key))
            except IntegrityViolation as err:
                raise InvalidAttemptError(f"there is no profile {profile_id} ({err})") from err
        return ids

    def attempts(
        self, profile_id: int, *, session: str | None = None, limit: int | None = None
    ) -> list[Recorded]:
        """A profile's answers, oldest first (the newest ``limit`` of them if given)."""
        with self._connect() as conn:
            return answers.attempts(conn, profile_id, session, limit)

    # -- aggregates for the Progress page (each a GROUP BY over an index) --

    def progress_rows(self, profile_id: int, *, per_area: int, recent: int) -> ProgressRows:
        """Everything the Progress page reads, from one consistent snapshot of the file."""
        with self._connect() as conn, conn.snapshot():  # every query reads one snapshot
            areas = answers.area_summary(conn, profile_id)
            return ProgressRows(
                days=answers.day_summary(conn, profile_id),
                areas=areas,
                misses=answers.miss_summary(conn, profile_id),
                streaks=answers.streaks(conn, profile_id),
                window=answers.recent_by_area(
                    conn, profile_id, per_area, [(a.drill, a.tier) for a in areas]
                ),
                recent=answers.attempts(conn, profile_id, None, recent),
            )

    def day_summary(self, profile_id: int) -> list[DayRow]:
        """Answers, right answers and seconds per day and drill type, oldest day first."""
        with self._connect() as conn:
            return answers.day_summary(conn, profile_id)

    def area_summary(self, profile_id: int) -> list[AreaRow]:
        """Answers, right answers and seconds per drill type and tier, over all answers."""
        with self._connect() as conn:
            return answers.area_summary(conn, profile_id)

    def miss_summary(self, profile_id: int) -> list[MissRow]:
        """How often each category was missed, per drill type and tier, over all answers."""
        with self._connect() as conn:
            return answers.miss_summary(conn, profile_id)

    def streaks(self, profile_id: int) -> Streaks:
        """Right answers in a row: the current run and the best ever."""
        with self._connect() as conn:
            return answers.streaks(conn, profile_id)

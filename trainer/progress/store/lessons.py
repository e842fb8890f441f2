"""The lesson places: :class:`LessonTables`, the step each player reached in each lesson.
It is a part of :class:`~trainer.progress.store.api.Store`, which gives it its connections."""

from __future__ import annotations

from trainer.progress.store.backend import StoreTables
from trainer.progress.store.checks import INT64, LESSON_ID_MAX
from trainer.progress.store.errors import IntegrityViolation
from trainer.progress.store.rows import now_text
from trainer.training.records import LessonProgress


class LessonTables(StoreTables):
    """The store's lesson places (see the module docstring)."""

    def lesson_progress(self, profile_id: int) -> dict[str, LessonProgress]:
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT lesson_id, step, done FROM lesson_progress WHERE profile_id = ?",
                (profile_id,),
            ).fetchall()
        return {r[0]: LessonProgress(r[0], int(r[1]), bool(r[2])) for r in rows}

    def save_lesson_progress(self, profile_id: int, lesson_id: str, step: int, done: bool) -> None:
        """Remember the step reached; a lesson once done stays done."""
        if not isinstance(lesson_id, str) or not lesson_id.strip():
            raise ValueError("lesson_id is empty")
        if len(lesson_id) > LESSON_ID_MAX:
            raise ValueError(f"lesson_id is longer than {LESSON_ID_MAX} characters")
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < INT64:
            raise ValueError(f"step must be a whole number from 0, not {step!r}")
        with self._connect() as conn:
            try:
                with conn.write():
                    conn.execute(
                        """INSERT INTO lesson_progress
                               (profile_id, lesson_id, step, done, updated_at)
                           VALUES (?, ?, ?, ?, ?)
                           ON CONFLICT (profile_id, lesson_id) DO UPDATE SET
                               step = excluded.step,
                               done = CASE WHEN lesson_progress.done = 1
                                           THEN 1 ELSE excluded.done END,
                               updated_at = excluded.updated_at""",
                        (
                            profile_id,
                            lesson_id,
                            step,
                            int(bool(done)),
                            now_text(),
                        ),
                    )
            except IntegrityViolation as err:
                raise ValueError(f"there is no profile {profile_id} ({err})") from err

"""The review schedule of the player chosen: their cards read, and each answer reviewed into
its card (for the player who gave it, at the app's clock: :mod:`trainer.ui.clock`). A review
that cannot be saved (the store unreachable) is said like any failure and costs only that:
the answer itself is kept by :mod:`.answers`."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from trainer.engine.skills import DrillType
from trainer.training.records import AttemptIn
from trainer.training.scheduling import (
    CardKey,
    Rating,
    Scheduled,
    lesson_card,
    lesson_pace,
    practice_review,
    rate,
)
from trainer.ui import clock
from trainer.ui.loaded import drill_catalog
from trainer.ui.session.database import usable_store
from trainer.ui.session.player import on_store

__all__ = ["review", "review_cards", "review_lesson", "review_practice", "reviews_csv"]


def review_cards() -> list[Scheduled] | None:
    """The chosen player's cards, the soonest due first (None: nobody is chosen, or the
    store cannot be read just now)."""
    found = on_store(lambda store, p: store.review_cards(p.id))
    return None if found is None else found[0]


def review(key: CardKey, rating: Rating) -> None:
    """Review the chosen player's card ``key`` now (nothing, when the player has just been
    removed: their answers are not saved either)."""
    at = clock.now()
    with contextlib.suppress(ValueError):
        on_store(lambda store, p: store.review_card(p.id, key, rating, at))


def review_lesson(
    lesson_id: str,
    question_id: str,
    drill: DrillType | None,
    *,
    correct: bool,
    seconds: float | None,
) -> None:
    """A lesson's question answered (``drill``: the drill it counts towards, whose pace it is
    held to; ``seconds`` None: its answer was shown instead)."""
    pace = lesson_pace(drill_catalog(), drill)
    review(lesson_card(lesson_id, question_id), rate(correct=correct, seconds=seconds, pace=pace))


def review_practice(attempt: AttemptIn) -> None:
    """A drill's answer, reviewed into its practice area (an answer of no practice area,
    such as a count in a game, reviews nothing)."""
    found = practice_review(attempt, drill_catalog())
    if found is not None:
        review(*found)


def reviews_csv(profile_id: int) -> Callable[[], str]:
    """What makes a player's review cards into CSV, bound to the store now (a download
    button calls it later, outside the page's run)."""
    store = usable_store()
    return lambda: store.reviews_csv(profile_id)

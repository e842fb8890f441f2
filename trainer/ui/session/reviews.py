"""The review schedule of the player chosen: their cards read, and each answer reviewed into
its card (for the player who gave it, at the app's clock: :mod:`trainer.ui.clock`). A review
the store cannot take is held, like an answer, and written for its player with the next one
or by the page's try again (:mod:`trainer.ui.unsaved`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from trainer.engine.skills import DrillType
from trainer.progress.store import Store, StoreError
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
from trainer.ui.session.database import current_store, failed, usable_store
from trainer.ui.session.player import current_owner, current_profile, is_owner, on_store
from trainer.ui.session.state import HeldReview, browser_session

__all__ = [
    "flush_reviews",
    "review",
    "review_cards",
    "review_lesson",
    "review_practice",
    "reviews_csv",
]


def review_cards() -> list[Scheduled] | None:
    """The chosen player's cards, the soonest due first (None: nobody is chosen, or the
    store cannot be read just now)."""
    found = on_store(lambda store, p: store.review_cards(p.id))
    return None if found is None else found[0]


def review(key: CardKey, rating: Rating) -> None:
    """Review the chosen player's card ``key`` now (nothing, when nobody is chosen). When
    the store cannot take it, it is held for that player and written, with the time it
    was given, by the next review or the page's try again (:func:`flush_reviews`)."""
    store = current_store()
    if store is not None:
        current_profile()  # who is chosen, read (from the address too) when not known yet
    owner = current_owner()
    if owner is None:
        return
    state = browser_session()
    state.reviews = [*state.reviews, HeldReview(owner, key, rating, clock.now())]
    if store is not None and not state.attempts:  # answers waiting: the store is failing
        flush_reviews(store)


def flush_reviews(store: Store) -> None:
    """Write the held reviews for their own players, oldest first; from the first the store
    cannot take, they wait (in order: a card's reviews are read as a history). A review of a
    player who has left the device, or of a card that is no longer there, is dropped."""
    state = browser_session()
    held = list(state.reviews)
    while held:
        first = held[0]
        try:
            if is_owner(store, first.owner):
                with contextlib.suppress(ValueError):
                    store.review_card(first.owner.id, first.key, first.rating, first.at)
        except StoreError as err:
            failed(err)
            break
        held.pop(0)
    state.reviews = held


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

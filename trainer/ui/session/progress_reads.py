"""What the Progress and Review pages read from the store for a player (each raises
:class:`~trainer.progress.store.StoreError` when the store cannot be
read), and the review totals they keep."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

from trainer.progress.review_totals import catch_up, keep_totals, review_saved
from trainer.progress.store import (
    FinishedGame,
    LevelGames,
    ProgressRows,
    SavedGame,
    Store,
    StoreError,
)
from trainer.training.review import REVIEW_METHOD, GameReview
from trainer.ui.session.database import current_store, failed, usable_store
from trainer.ui.session.state import browser_session

__all__ = [
    "answers_csv",
    "finished_games",
    "games_record",
    "keep_review",
    "progress_rows",
    "saved_game",
]


def progress_rows(profile_id: int, *, per_area: int, recent: int) -> ProgressRows:
    """What the Progress page is built from, read in one snapshot (raises
    :class:`StoreError` when the store cannot be read)."""
    return usable_store().progress_rows(profile_id, per_area=per_area, recent=recent)


def games_record(profile_id: int) -> list[LevelGames]:
    """The player's games against the computer, per level and length (raises
    :class:`StoreError` when the store cannot be read)."""
    return usable_store().games_record(profile_id)


def saved_game(profile_id: int, game_id: str) -> SavedGame | None:
    """One of the player's games by its id (None when they have no such game: another
    player's game is never read); raises :class:`StoreError`."""
    return usable_store().game(profile_id, game_id)


#: Reviews a stored game in the background: its review if it is worked out already, else
#: None, and the function given is called with the review once it is worked out
#: (:func:`trainer.ui.review_ahead.review_soon`).
ReviewSoon = Callable[[SavedGame, Callable[[GameReview], None]], GameReview | None]


def _keep_later(store: Store, profile_id: int, saved: SavedGame, review: GameReview) -> None:
    """Store the totals of a review worked out in the background (outside the page's run: a
    failure is logged, and the game is reviewed again on a later visit)."""
    try:
        keep_totals(store, profile_id, saved, review)
    except StoreError as err:
        logging.getLogger(__name__).warning("A game's review totals were not kept: %s", err)


def finished_games(
    profile_id: int, *, limit: int | None = None, soon: ReviewSoon | None = None
) -> list[FinishedGame]:
    """The player's finished games, newest first, each with its review's totals once it
    has been reviewed; the games not reviewed yet are reviewed first, a few a visit (see
    :func:`trainer.progress.review_totals.catch_up`), or with ``soon`` in the background,
    their totals kept once worked out (a review worked out already is kept at once).
    Raises like :func:`saved_game`."""
    store = usable_store()
    skip = browser_session().unreviewable

    def review(saved: SavedGame) -> GameReview | None:
        if soon is None:
            return review_saved(saved)
        return soon(saved, functools.partial(_keep_later, store, profile_id, saved))

    _, broken = catch_up(store, profile_id, skip=skip, review=review)
    if broken:
        browser_session().unreviewable = (*skip, *broken)
    return store.finished_games(profile_id, method=REVIEW_METHOD, limit=limit)


def keep_review(profile_id: int, saved: SavedGame, review: GameReview) -> None:
    """Store the totals of a finished game's review for the Progress chart (a failure only
    leaves the game to be reviewed again later)."""
    store = current_store()
    if store is None:
        return
    try:
        keep_totals(store, profile_id, saved, review)
    except StoreError as err:
        failed(err)


def answers_csv(profile_id: int) -> Callable[[], str]:
    """What makes every answer of a player into CSV, bound to the store now: a download
    button calls it later, outside the page's run, where the session cannot be read."""
    store = usable_store()
    return lambda: store.export_csv(profile_id)

"""Points lost per game, for the Progress page: each finished game is reviewed once
(:func:`trainer.training.review.review_game`) and the totals are kept in the store, so the
page charts every game without replaying them.

A game's totals are written when it is first reviewed (the Review page) or, for a game not
reviewed yet, on a visit to Progress (:func:`catch_up`, a few games a visit, which the page
has worked out in the background). Nothing here imports Streamlit.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime

from trainer.engine.record import GameRecord
from trainer.progress.store import FinishedGame, GameReviewRow, SavedGame, Store
from trainer.training.review import REVIEW_METHOD, GameReview, review_game
from trainer.training.table import PlaySetup

__all__ = [
    "PER_VISIT",
    "TABLES_PER_VISIT",
    "LostPoint",
    "catch_up",
    "keep_totals",
    "lost_points",
    "review_saved",
    "review_text",
    "totals_row",
]

#: Games reviewed for the chart on one visit to Progress at most (a review takes 25-70 ms
#: here: a visit with games to catch up on takes a tenth to a third of a second longer) ...
PER_VISIT = 5
#: ... of which games at a table of three or four, whose review takes a few tenths of a
#: second (their throws are priced over sampled deals), at most this many.
TABLES_PER_VISIT = 1


def review_text(record: str, settings: str) -> GameReview:
    """The review of a game stored as ``record`` (its text) with ``settings`` (the Play
    page's setup: the person it is kept for in seat 0, or in the setup's ``seat``, their
    hinted deals marked), at any table size; ``ValueError`` when either cannot be read or
    the record does not play back."""
    setup = PlaySetup.parse(settings)
    return review_game(GameRecord.parse(record), seat=setup.kept_for, hints=setup.kept_person.hints)


def review_saved(saved: SavedGame) -> GameReview:
    """The review of a stored game (see :func:`review_text`)."""
    return review_text(saved.record, saved.settings)


def totals_row(saved: SavedGame, review: GameReview) -> GameReviewRow:
    """What the store keeps of ``review``, the review of ``saved``."""
    lost = review.lost
    return GameReviewRow(
        game_id=saved.game_id,
        method=REVIEW_METHOD,
        record_chars=len(saved.record),
        deals=len(review.deals),
        throws=lost.throws,
        plays=lost.plays,
        counts=lost.counts,
    )


def keep_totals(store: Store, profile_id: int, saved: SavedGame, review: GameReview) -> bool:
    """Store the totals of a finished game's review (False for a game still being played,
    or not the profile's)."""
    if saved.status == "playing":
        return False
    return store.save_game_review(profile_id, totals_row(saved, review))


def catch_up(
    store: Store,
    profile_id: int,
    *,
    limit: int = PER_VISIT,
    skip: Collection[str] = (),
    tables: int = TABLES_PER_VISIT,
    review: Callable[[SavedGame], GameReview | None] = review_saved,
) -> tuple[int, tuple[str, ...]]:
    """Review up to ``limit`` of the profile's finished games that have no totals yet
    (newest first, leaving out ``skip``; of them, at most ``tables`` games of three or four
    at the table) and store them. Returns how many were stored and the ids of the games
    whose record could not be reviewed (to skip next time).

    ``review`` reviews a game (``ValueError`` when it cannot be); one that returns None
    leaves the game for later (a review worked out in the background, whose totals its
    caller stores when it is done)."""
    stored = 0
    broken: list[str] = []
    for saved in store.games_to_review(profile_id, method=REVIEW_METHOD, limit=limit, skip=skip):
        try:
            if PlaySetup.parse(saved.settings).settings.seats != 2:
                if tables <= 0:
                    continue  # reviewed on a later visit
                tables -= 1
            reviewed = review(saved)
        except ValueError:  # bad notation, a record that does not play back
            broken.append(saved.game_id)
            continue
        if reviewed is not None:
            stored += keep_totals(store, profile_id, saved, reviewed)
    return stored, tuple(broken)


@dataclass(frozen=True, slots=True)
class LostPoint:
    """One point of the Progress chart: a finished game, when it ended, its level and
    length, and the points its review found lost (in all, by kind, and a deal)."""

    game_id: str
    finished_at: datetime
    level: str
    target: int
    won: bool
    deals: int
    throws: float
    plays: float
    counts: float

    @property
    def total(self) -> float:
        return self.throws + self.plays + self.counts

    @property
    def per_deal(self) -> float:
        return self.total / self.deals if self.deals else 0.0


def lost_points(games: Sequence[FinishedGame]) -> list[LostPoint]:
    """The reviewed games among ``games``, oldest first."""
    points = [
        LostPoint(
            game.game_id,
            game.finished_at,
            game.level,
            game.target,
            game.status == "won",
            game.lost.deals,
            game.lost.throws,
            game.lost.plays,
            game.lost.counts,
        )
        for game in games
        if game.lost is not None
    ]
    return sorted(points, key=lambda p: p.finished_at)

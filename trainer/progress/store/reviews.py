"""The review scheduler's cards: :class:`ReviewTables`, each player's cards (when each
lesson question and practice area comes back), an answer reviewed into its card, and the
cards as CSV. It is a part of :class:`~trainer.progress.store.api.Store`, which gives it its
connections.

A review reads the card, reviews it with the scheduler
(:func:`trainer.training.scheduling.review`) and writes it back only over the version it
read (``reviews``, the count of its answers): two answers to one card from two tabs or two
servers at once are both counted, one after the other, whatever lock the store holds.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from trainer.progress.store.backend import Connection, StoreTables
from trainer.progress.store.checks import KEY_MAX
from trainer.progress.store.errors import IntegrityViolation, StoreError
from trainer.progress.store.rows import from_utc_text, now_text, utc_text
from trainer.training.scheduling import (
    CardKey,
    Rating,
    Scheduled,
    State,
    new_card,
    parse_key,
    review,
)

#: The columns of the review cards' CSV.
REVIEWS_CSV_HEADER = (
    "card",
    "due_utc",
    "last_review_utc",
    "state",
    "stability_days",
    "difficulty",
    "reviews",
    "misses",
)
#: How many times a review is tried again when another answer to the same card was saved
#: between its read and its write.
_TRIES = 5

_COLUMNS = "card_key, state, step, stability, difficulty, due, last_review, reviews, lapses"


def _scheduled(row: Sequence[Any]) -> Scheduled:
    key, state, step, stability, difficulty, due, last, reviews, lapses = row
    card = new_card(str(key), from_utc_text(str(due)))
    card.state = State(int(state))
    card.step = None if step is None else int(step)
    card.stability = None if stability is None else float(stability)
    card.difficulty = None if difficulty is None else float(difficulty)
    card.last_review = None if last is None else from_utc_text(str(last))
    return Scheduled(parse_key(str(key)), card, int(reviews), int(lapses))


def _key(key: CardKey | str) -> CardKey:
    if isinstance(key, str):
        if len(key) > KEY_MAX:
            raise ValueError(f"a card's key is at most {KEY_MAX} characters")
        return parse_key(key)
    return key


class ReviewTables(StoreTables):
    """The store's review cards (see the module docstring)."""

    def review_cards(self, profile_id: int) -> list[Scheduled]:
        """Every card of the player, the soonest due first."""
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM review_cards WHERE profile_id = ? ORDER BY due, card_key",
                (profile_id,),
            ).fetchall()
        return [_scheduled(row) for row in rows]

    def review_card(
        self, profile_id: int, key: CardKey | str, rating: Rating, at: datetime
    ) -> Scheduled:
        """Review the player's card ``key`` (made at its first answer) with ``rating`` at
        ``at``; the card as it now stands. ``ValueError`` for a key that is no card's or a
        player who is not there."""
        card_key = _key(key)
        if at.tzinfo is None:
            raise ValueError("a review's time must say its time zone")
        with self._connect() as conn:
            for _ in range(_TRIES):
                try:
                    with conn.write():
                        done = _review_once(conn, profile_id, card_key, rating, at)
                except IntegrityViolation as err:
                    raise ValueError(f"there is no profile {profile_id} ({err})") from err
                if done is not None:
                    return done
        raise StoreError(
            f"the review of {card_key.key} could not be saved: other answers to it kept "
            "coming in first"
        )

    def reviews_csv(self, profile_id: int) -> str:
        """Every card of a player as CSV (one row a card, the soonest due first)."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(REVIEWS_CSV_HEADER)
        for found in self.review_cards(profile_id):
            card = found.card
            writer.writerow(
                (
                    found.key.key,
                    _csv_time(card.due),
                    _csv_time(card.last_review) if card.last_review else "",
                    card.state.name.lower(),
                    "" if card.stability is None else f"{card.stability:.3f}",
                    "" if card.difficulty is None else f"{card.difficulty:.3f}",
                    found.reviews,
                    found.lapses,
                )
            )
        return out.getvalue()


def _csv_time(at: datetime) -> str:
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _review_once(
    conn: Connection, profile_id: int, key: CardKey, rating: Rating, at: datetime
) -> Scheduled | None:
    """One try, inside a write: the card reviewed and saved over the version read (None
    when another answer to it was saved in between). The write holds the lock on this one
    card of this one player (until it ends), so answers racing to it take their turns
    instead of refusing each other."""
    conn.lock(f"review:{profile_id}:{key.key}")
    row = conn.execute(
        f"SELECT {_COLUMNS} FROM review_cards WHERE profile_id = ? AND card_key = ?",
        (profile_id, key.key),
    ).fetchone()
    old = _scheduled(row) if row is not None else None
    card = review(old.card if old else None, rating, at, key=key.key)
    reviews = (old.reviews if old else 0) + 1
    lapses = (old.lapses if old else 0) + (rating == Rating.Again)
    values = (
        int(card.state),
        card.step,
        card.stability,
        card.difficulty,
        utc_text(card.due),
        utc_text(card.last_review) if card.last_review else None,
        reviews,
        lapses,
        now_text(),
    )
    if old is None:
        cursor = conn.execute(
            """INSERT INTO review_cards (profile_id, card_key, state, step, stability,
                   difficulty, due, last_review, reviews, lapses, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (profile_id, card_key) DO NOTHING""",
            (profile_id, key.key, *values),
        )
    else:
        cursor = conn.execute(
            """UPDATE review_cards SET state = ?, step = ?, stability = ?, difficulty = ?,
                   due = ?, last_review = ?, reviews = ?, lapses = ?, updated_at = ?
               WHERE profile_id = ? AND card_key = ? AND reviews = ?""",
            (*values, profile_id, key.key, old.reviews),
        )
    if cursor.rowcount != 1:
        return None
    return Scheduled(key, card, reviews, lapses)

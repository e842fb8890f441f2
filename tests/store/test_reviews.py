"""The review scheduler's cards in the progress store (a migration of their own), on both
backends: kept per player, reviewed by days, exported as CSV, copied with the store, gone
with a cleared progress or a removed player, counted once each when answers race, and a
store from before them gains them with everything else kept."""

from __future__ import annotations

import csv
import io
import threading
from datetime import UTC, datetime, timedelta

import pytest

from tests.stores import store_at_version
from trainer.engine.skills import DrillType
from trainer.progress.store import (
    MIGRATIONS,
    REVIEW_CARDS_MIGRATION,
    SCHEMA_VERSION,
    Store,
    StoreError,
)
from trainer.progress.store.export import TABLES
from trainer.progress.store.reviews import REVIEWS_CSV_HEADER
from trainer.training.records import AttemptIn, Preferences
from trainer.training.scheduling import Rating, State, drill_card, lesson_card, review

MONDAY = datetime(2026, 3, 2, 18, 30, tzinfo=UTC)
PAIRS = lesson_card("the-show", "pairs")
HANDS = drill_card("hand", "beginner")
ANSWER = AttemptIn(
    DrillType.HAND, "beginner", 7, "5H 5D JS QC | 5S", "21", True, 0, (), 4.5, at=MONDAY
)


def test_each_answer_reviews_the_players_own_card_as_the_scheduler_does(location: str) -> None:
    store = Store.open(location)
    ann, bo = store.create_profile("Ann"), store.create_profile("Bo")
    assert store.review_cards(ann.id) == []
    first = store.review_card(ann.id, PAIRS, Rating.Good, MONDAY)
    assert (first.key, first.reviews, first.lapses) == (PAIRS, 1, 0)
    assert first.card.due == review(None, Rating.Good, MONDAY, key=PAIRS.key).due
    assert first.card.state is State.Review  # days decide: no steps of minutes
    later = MONDAY + timedelta(days=2)
    second = store.review_card(ann.id, PAIRS.key, Rating.Again, later)
    expected = review(first.card, Rating.Again, later)
    assert (second.reviews, second.lapses) == (2, 1)
    assert (second.card.due, second.card.stability, second.card.difficulty) == (
        expected.due,
        expected.stability,
        expected.difficulty,
    )
    assert second.card.due - later == timedelta(days=1)  # a miss comes back the next day
    store.review_card(bo.id, HANDS, Rating.Easy, MONDAY)
    (kept,) = Store.open(location).review_cards(ann.id)  # read back as written
    assert kept == second
    assert [card.key for card in store.review_cards(bo.id)] == [HANDS]


def test_cards_are_listed_soonest_due_first(location: str) -> None:
    store = Store.open(location)
    ann = store.create_profile("Ann")
    store.review_card(ann.id, HANDS, Rating.Easy, MONDAY)  # a week or more away
    store.review_card(ann.id, PAIRS, Rating.Again, MONDAY)  # tomorrow
    assert [card.key for card in store.review_cards(ann.id)] == [PAIRS, HANDS]


def test_a_card_for_nobody_or_no_card_at_all_is_refused(location: str) -> None:
    store = Store.open(location)
    ann = store.create_profile("Ann")
    with pytest.raises(ValueError, match="no profile 99"):
        store.review_card(99, PAIRS, Rating.Good, MONDAY)
    with pytest.raises(ValueError, match="'lesson:The Show/x' is not a card's key"):
        store.review_card(ann.id, "lesson:The Show/x", Rating.Good, MONDAY)
    with pytest.raises(ValueError, match="at most 100 characters"):
        store.review_card(ann.id, "lesson:" + "a" * 100 + "/b", Rating.Good, MONDAY)
    with pytest.raises(ValueError, match="time zone"):
        store.review_card(ann.id, PAIRS, Rating.Good, datetime(2026, 3, 2))
    assert store.review_cards(ann.id) == []


def test_the_cards_go_with_a_cleared_progress_and_with_the_player(location: str) -> None:
    store = Store.open(location)
    ann, bo = store.create_profile("Ann"), store.create_profile("Bo")
    for player in (ann, bo):
        store.review_card(player.id, PAIRS, Rating.Good, MONDAY)
    store.clear_progress(ann.id)
    assert store.review_cards(ann.id) == []
    store.review_card(ann.id, HANDS, Rating.Good, MONDAY)
    assert store.delete_profile(ann.id)
    rows = store.dump()["review_cards"]
    assert {row[rows.columns.index("profile_id")] for row in rows.rows} == {bo.id}


def test_the_cards_download_as_csv(location: str) -> None:
    store = Store.open(location)
    ann = store.create_profile("Ann")
    store.review_card(ann.id, PAIRS, Rating.Good, MONDAY)
    store.review_card(ann.id, PAIRS, Rating.Again, MONDAY + timedelta(days=2))
    rows = list(csv.reader(io.StringIO(store.reviews_csv(ann.id))))
    assert tuple(rows[0]) == REVIEWS_CSV_HEADER
    ((card, due, last, state, stability, difficulty, reviews, misses),) = rows[1:]
    assert (card, last, state, reviews, misses) == (
        "lesson:the-show/pairs",
        "2026-03-04T18:30:00Z",
        "relearning",  # a miss: back the next day
        "2",
        "1",
    )
    assert due == "2026-03-05T18:30:00Z"
    assert float(stability) > 0 and 1 <= float(difficulty) <= 10


def test_answers_racing_to_one_card_are_each_counted(location: str) -> None:
    store = Store.open(location)
    ann = store.create_profile("Ann")
    errors: list[BaseException] = []

    def answer(n: int) -> None:
        try:
            for i in range(6):
                store.review_card(ann.id, HANDS, Rating.Good, MONDAY + timedelta(minutes=n + i))
        except (StoreError, ValueError) as err:
            errors.append(err)

    threads = [threading.Thread(target=answer, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    (card,) = store.review_cards(ann.id)
    assert card.reviews == 18


def test_every_table_of_the_store_is_copied(location: str) -> None:
    store = Store.open(location)
    with store._connect() as conn:
        tables = {t for t in conn.tables() if t != "trainer_schema"}
    assert tables == {name for name, _ in TABLES}


def test_a_store_from_before_the_review_cards_gains_them_and_keeps_everything(
    location: str,
) -> None:
    before = MIGRATIONS.index(REVIEW_CARDS_MIGRATION)
    old = store_at_version(location, before)
    with old._connect() as conn, conn.write():
        conn.execute(
            "INSERT INTO profiles (id, name, name_key, created_at) "
            "VALUES (1, 'Bo', 'bo', '2026-01-01 00:00:00.000000')"
        )
        conn.execute(
            "INSERT INTO lesson_progress (profile_id, lesson_id, step, done, updated_at) "
            "VALUES (1, 'the-show', 3, 1, '2026-01-02 00:00:00.000000')"
        )
    old.add_attempts(1, [ANSWER], session="evening")
    old.set_preferences(1, Preferences(sound=False))
    rows_before = old.dump()
    assert "review_cards" not in rows_before
    store = Store.open(location)
    assert store.schema_version() == SCHEMA_VERSION
    after = store.dump()
    # every row as it was (credentials' columns change later, at signing in's migration)
    changed_later = {"credentials"}
    assert {k: after[k] for k in rows_before if k not in changed_later} == {
        k: rows for k, rows in rows_before.items() if k not in changed_later
    }
    assert [p.name for p in store.profiles()] == ["Bo"]
    assert store.lesson_progress(1)["the-show"].done
    assert after["review_cards"].rows == []
    store.review_card(1, PAIRS, Rating.Good, MONDAY)
    assert [card.key for card in store.review_cards(1)] == [PAIRS]
    assert store.check_integrity() == ["ok"]

"""Review totals in the store (trainer.progress.review_totals and the store's game_reviews
table): each finished game's points lost, stored once, read for the Progress chart."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.stores import store_at_version
from tests.test_review import _play
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting
from trainer.progress.review_totals import (
    catch_up,
    keep_totals,
    lost_points,
    review_saved,
    totals_row,
)
from trainer.progress.store import (
    GAMES_MIGRATION,
    MIGRATIONS,
    REVIEWS_MIGRATION,
    SCHEMA_VERSION,
    GameReviewRow,
    SavedGame,
    Store,
)
from trainer.training.review import REVIEW_METHOD, GameReview, review_game
from trainer.training.table import PlaySetup, Table
from trainer.ui.play_saves import saved_row


def _store(location: str) -> tuple[Store, int]:
    store = Store.open(location)
    return store, store.create_profile("Ann").id


def _finished(game_id: str, seed: int, target: int = 61) -> SavedGame:
    table = _play("normal", target, seed, counting=Counting.MUGGINS)
    return saved_row(game_id, table)


def test_the_reviews_table_is_a_migration_after_the_games(location: str) -> None:
    assert REVIEWS_MIGRATION in MIGRATIONS
    assert MIGRATIONS.index(GAMES_MIGRATION) < MIGRATIONS.index(REVIEWS_MIGRATION)
    store, _ = _store(location)
    columns = store.dump()["game_reviews"].columns
    assert {"game_id", "method", "record_chars", "deals"} <= set(columns)
    assert {"throws", "plays", "counts", "reviewed_at"} <= set(columns)


def test_a_file_with_games_gains_the_reviews_table_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store_at_version(str(path), MIGRATIONS.index(REVIEWS_MIGRATION))
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO profiles VALUES (1, 'Bo', 'bo', '2026-01-01 00:00:00.000000')")
    old = Store.open(path)
    game = _finished("g1", 3)
    old.save_game(1, game)
    assert old.schema_version() == SCHEMA_VERSION
    assert catch_up(old, 1) == (1, ())
    (listed,) = old.finished_games(1, method=REVIEW_METHOD)
    assert listed.lost is not None and listed.game_id == "g1"
    assert old.check_integrity() == ["ok"]


def test_catching_up_stores_each_finished_games_review_once(location: str) -> None:
    store, ann = _store(location)
    games = [_finished(f"g{n}", seed) for n, seed in enumerate((3, 5, 8))]
    for game in games:
        store.save_game(ann, game)
    playing = saved_row("live", Table.new(PlaySetup("easy", Settings(target=61)), seed=2))
    store.save_game(ann, playing)
    assert [g.lost for g in store.finished_games(ann, method=REVIEW_METHOD)] == [None] * 3

    assert catch_up(store, ann, limit=2) == (2, ())
    assert catch_up(store, ann, limit=2) == (1, ())
    assert catch_up(store, ann) == (0, ())  # all reviewed: nothing done again
    listed = {g.game_id: g for g in store.finished_games(ann, method=REVIEW_METHOD)}
    assert set(listed) == {"g0", "g1", "g2"}  # the game being played is not listed
    for game in games:
        review = review_game(GameRecord.parse(game.record))
        lost = listed[game.game_id].lost
        assert lost is not None
        assert lost.deals == len(review.deals)
        assert (lost.throws, lost.plays, lost.counts) == pytest.approx(
            (review.lost.throws, review.lost.plays, review.lost.counts)
        )
        assert lost.total == pytest.approx(review.lost.total)
    assert store.finished_games(ann, method=REVIEW_METHOD, limit=1)[0].game_id == "g2"


def test_a_game_whose_review_is_not_ready_is_left_for_later(location: str) -> None:
    """Progress has games reviewed in the background: a review not worked out yet leaves
    its game without totals this visit (stored by whoever works it out), a broken record
    is said."""
    store, ann = _store(location)
    games = {game.game_id: game for game in (_finished("g0", 3), _finished("g1", 5))}
    for game in games.values():
        store.save_game(ann, game)
    asked: list[str] = []

    def g1_only(saved: SavedGame) -> GameReview | None:
        asked.append(saved.game_id)
        if saved.game_id == "g0":
            raise ValueError("a record that does not play back")
        return review_saved(saved) if saved.game_id == "g1" else None

    assert catch_up(store, ann, review=g1_only) == (1, ("g0",))
    assert sorted(asked) == ["g0", "g1"]
    listed = {g.game_id: g.lost for g in store.finished_games(ann, method=REVIEW_METHOD)}
    assert listed["g0"] is None and listed["g1"] is not None
    assert catch_up(store, ann, review=lambda saved: None) == (0, ())
    listed = {g.game_id: g.lost for g in store.finished_games(ann, method=REVIEW_METHOD)}
    assert listed["g0"] is None  # still for later


def test_games_of_three_and_four_are_caught_up_one_a_visit(location: str) -> None:
    """A review at three or four prices each throw over sampled deals (a few tenths of a
    second): a visit reviews one of them beside the games of two."""
    store, ann = _store(location)
    tables = [
        saved_row(f"t{seats}", _play("normal", 61, 6, counting=Counting.MUGGINS, seats=seats))
        for seats in (3, 4)
    ]
    for game in (*tables, _finished("two", 3)):
        store.save_game(ann, game)
    assert catch_up(store, ann) == (2, ())  # the game of two and the newest game at a table
    assert catch_up(store, ann) == (1, ())
    listed = {g.game_id: g for g in store.finished_games(ann, method=REVIEW_METHOD)}
    for game in tables:
        lost = listed[game.game_id].lost
        review = review_game(GameRecord.parse(game.record))
        assert lost is not None and lost.total == pytest.approx(review.lost.total)


def test_totals_are_only_for_the_players_own_finished_games(location: str) -> None:
    store, ann = _store(location)
    bo = store.create_profile("Bo").id
    game = _finished("g1", 3)
    store.save_game(ann, game)
    review = review_saved(game)
    assert not keep_totals(store, bo, game, review)  # not Bo's game: nothing written
    assert store.finished_games(ann, method=REVIEW_METHOD)[0].lost is None
    assert store.finished_games(bo, method=REVIEW_METHOD) == []
    playing = saved_row("live", Table.new(PlaySetup("easy", Settings(target=61)), seed=2))
    store.save_game(ann, playing)
    assert not keep_totals(store, ann, playing, review_saved(playing))
    assert keep_totals(store, ann, game, review)
    assert keep_totals(store, ann, game, review)  # reviewed again: rewritten, still one row
    assert len(store.dump()["game_reviews"].rows) == 1


def test_a_review_of_another_record_or_method_is_not_read(location: str) -> None:
    store, ann = _store(location)
    game = _finished("g1", 3)
    store.save_game(ann, game)
    row = totals_row(game, review_saved(game))
    assert store.save_game_review(ann, row._replace(method=REVIEW_METHOD + 1))
    assert store.finished_games(ann, method=REVIEW_METHOD)[0].lost is None
    assert store.save_game_review(ann, row._replace(record_chars=row.record_chars - 1))
    assert store.finished_games(ann, method=REVIEW_METHOD)[0].lost is None
    assert [g.game_id for g in store.games_to_review(ann, method=REVIEW_METHOD, limit=5)] == ["g1"]
    assert store.save_game_review(ann, row)
    assert store.finished_games(ann, method=REVIEW_METHOD)[0].lost is not None
    assert store.games_to_review(ann, method=REVIEW_METHOD, limit=5) == []


def test_a_record_that_does_not_play_back_is_skipped_and_named(location: str) -> None:
    store, ann = _store(location)
    good = _finished("good", 3)
    bad = good._replace(game_id="bad", record=good.record.replace("lay seat=0", "lay seat=1", 1))
    store.save_game(ann, good)
    store.save_game(ann, bad)
    assert catch_up(store, ann) == (1, ("bad",))
    assert catch_up(store, ann, skip=("bad",)) == (0, ())
    assert store.games_to_review(ann, method=REVIEW_METHOD, limit=5, skip=["bad"]) == []


@pytest.mark.parametrize(
    ("field", "value"),
    [("throws", -1.0), ("plays", float("nan")), ("deals", -1), ("method", True), ("game_id", "")],
)
def test_bad_totals_are_refused_with_the_field_named(location: str, field: str, value: Any) -> None:
    store, ann = _store(location)
    row = GameReviewRow("g1", 1, 10, 5, 1.0, 2.0, 0.0)._replace(**{field: value})
    with pytest.raises(ValueError, match=field):
        store.save_game_review(ann, row)


def test_the_charts_points_are_the_reviewed_games_oldest_first(location: str) -> None:
    store, ann = _store(location)
    for n, seed in enumerate((3, 5)):
        store.save_game(ann, _finished(f"g{n}", seed))
    store.save_game(ann, _finished("later", 8))
    catch_up(store, ann, limit=2)  # the newest two
    games = store.finished_games(ann, method=REVIEW_METHOD)
    points = lost_points(games)
    assert [p.game_id for p in points] == ["g1", "later"]
    assert points[0].finished_at <= points[1].finished_at <= datetime.now(UTC)
    for point in points:
        game = next(g for g in games if g.game_id == point.game_id)
        assert game.lost is not None
        assert point.total == pytest.approx(game.lost.total)
        assert point.per_deal == pytest.approx(game.lost.total / game.lost.deals)
        assert point.won == (game.status == "won") and point.level == "normal"

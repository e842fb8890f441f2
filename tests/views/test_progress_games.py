"""The Progress page's games against the computer, per level and length (AppTest)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import metrics
from tests.stores import add_answer
from tests.support.faults import disk_full
from tests.test_driver import _play_out
from tests.test_driver import _played as _played_at
from tests.views.test_progress import given, progress_page, text_tables, texts
from trainer.analysis import Level
from trainer.engine.settings import Settings
from trainer.progress.store import Store
from trainer.training.table import ME, PlaySetup, Table
from trainer.ui.play_saves import saved_row
from trainer.ui.review_ahead import reviews_ahead

HEADING = "Games against the computer"


def _played(level: Level, target: int, seed: int) -> Table:
    return _play_out(Table.new(PlaySetup(level, Settings(target=target)), seed=seed))


def _save(store: Store, profile_id: int, game_id: str, table: Table) -> None:
    """Saved the way the Play page saves it (play_saves.saved_row into the store)."""
    store.save_game(profile_id, saved_row(game_id, table))


def _games_table(at: AppTest) -> pd.DataFrame:
    (frame,) = [t for t in text_tables(at) if "Level" in t.columns]
    return frame


def _subheaders(at: object) -> list[str]:
    return [s.value for s in at.subheader]  # type: ignore[attr-defined]


def test_no_games_yet_says_where_to_play(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    add_answer(store, store.create_profile("Ann").id, given(1))
    at = progress_page()
    assert HEADING in _subheaders(at)
    assert "Play a game on the Play page" in texts(at)
    assert not text_tables(at)


def test_a_new_player_without_answers_sees_the_games_line_too() -> None:
    at = progress_page()
    assert "Nothing here yet" in at.info[0].value
    assert HEADING in _subheaders(at)
    assert "Play a game on the Play page" in texts(at)


def test_games_of_two_levels_show_per_level_and_length(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann").id
    easy = [_played("easy", 61, seed) for seed in (2, 12)]
    hard = _played("hard", 61, 11)
    for n, table in enumerate(easy):
        _save(store, ann, f"easy{n}", table)
    _save(store, ann, "hard", hard)
    started = Table.new(PlaySetup("normal", Settings(target=121)), seed=4)
    _save(store, ann, "playing", started)  # not finished: counted as still playing

    at = progress_page()  # no answers yet: the games still show
    frame = _games_table(at)
    assert list(frame["Level"]) == ["Easy", "Normal", "Hard"]
    assert list(frame["Game"]) == ["to 61, 2 players", "to 121, 2 players", "to 61, 2 players"]
    assert list(frame["Finished"]) == [2, 0, 1]
    assert list(frame["Playing now"]) == [0, 1, 0]
    wins = sum(t.game.winner == ME for t in easy)
    assert frame["Won"][0] == wins and frame["Won"][2] == int(hard.game.winner == ME)
    margins = [t.game.scores[0] - t.game.scores[1] for t in easy]
    assert float(frame["Average margin"][0]) == pytest.approx(sum(margins) / 2, abs=0.05)
    assert frame["Average margin"][1] == "–"
    hard_skunk = int(hard.game.skunk() > 0)
    lost = hard.game.winner != ME
    assert frame["Skunks taken"][2] == (hard_skunk if lost else 0)
    assert frame["Skunks given"][2] == (0 if lost else hard_skunk)
    assert f"3 games finished, {wins + int(not lost)} won" in texts(at)


def test_games_of_two_and_of_three_at_one_level_show_apart(_isolated_database: Path) -> None:
    """A finished game of two and one of three, at the same level and length, are two
    lines of the table, each with its own result; the three-player game is never counted
    as a game of two."""
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann").id
    two = _played("easy", 61, 2)
    three = _played_at(3, 5)
    assert (two.level, two.game.settings.target) == (three.level, three.game.settings.target)
    _save(store, ann, "two", two)
    _save(store, ann, "three", three)

    at = progress_page()
    frame = _games_table(at)
    assert list(frame["Level"]) == ["Easy", "Easy"]
    assert list(frame["Game"]) == ["to 61, 2 players", "to 61, 3 players"]
    assert list(frame["Finished"]) == [1, 1]
    assert list(frame["Won"]) == [int(two.game.winner == ME), int(three.game.winner == ME)]
    me, *others = three.game.scores
    assert float(frame["Average margin"][1]) == pytest.approx(me - max(others))
    said = texts(at)
    assert "2 games finished" in said
    assert "With three players, it is your score take away the better computer's." in said
    assert "Easy, to 61, 3 players · " in said  # the game in the list names its table
    assert "Easy, to 61 · " in said
    assert store.game_stats(ann, "easy", 61).games == 1  # the results screen's record
    assert store.game_stats(ann, "easy", 61, 3).games == 1


def test_another_players_games_are_not_shown(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann").id
    bo = store.create_profile("Bo").id
    add_answer(store, ann, given(1))
    _save(store, bo, "bo's", _played("easy", 61, 2))
    at = progress_page()
    assert "How **Ann** is doing" in texts(at)
    assert "Play a game on the Play page" in texts(at)
    assert not text_tables(at)


def test_a_games_read_error_is_explained_and_the_rest_of_the_page_stays(
    _isolated_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann").id
    add_answer(store, ann, given(1))
    _save(store, ann, "g", _played("easy", 61, 2))

    with monkeypatch.context() as patch:
        patch.setattr(Store, "games_record", disk_full)
        at = progress_page()
        [warning] = at.warning
        assert "Your games cannot be read just now" in warning.value
        assert "the disk is full" in warning.value
        assert {m.label for m in metrics(at)} >= {"Answers", "Right"}  # the drills still show
        assert not text_tables(at)
    at.switch_page("ui/views/home.py").run()
    at.switch_page("ui/views/progress.py").run()
    assert not at.exception
    assert list(_games_table(at)["Finished"]) == [1]  # back once the file can be read


def test_a_player_with_games_but_no_answers_is_not_told_there_is_nothing(
    _isolated_database: Path,
) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Sixty")
    _save(store, ann.id, "g1", _played("easy", 61, 2))
    at = progress_page()
    (first,) = at.info[:1]
    assert "Nothing here yet" not in first.value
    assert "No answers yet for **Sixty**: your games are below" in first.value
    assert list(_games_table(at)["Finished"]) == [1]


def test_counts_made_in_games_are_not_called_drills_going_well(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann")
    # 4 of 9 right, all of them counts made in games (tier "game"), which Practice cannot open
    store.add_attempts(ann.id, [given(n, tier="game", correct=n % 9 < 4) for n in range(9)])
    at = progress_page()
    assert "going well" not in texts(at) and not at.success
    assert "Your answers so far are from the lessons and your games" in texts(at)


def test_drills_with_nothing_weak_are_said_with_their_own_figures(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann")
    store.add_attempts(ann.id, [given(n, drill="go", tier="beginner") for n in range(30)])
    store.add_attempts(ann.id, [given(n, tier="game", correct=False) for n in range(40)])
    at = progress_page()
    (calm,) = at.success
    assert "Nothing stands out as weak" in calm.value
    assert "30 of your last 30 drill answers were right" in calm.value


def test_points_lost_are_words_for_one_days_games_and_a_chart_over_days(
    _isolated_database: Path,
) -> None:
    """One day's games stand in words (a chart of one dot over an axis of hours said
    nothing); games on two days make a line whose axes say what they are, dates with
    their year."""
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann").id
    _save(store, ann, "first", _played("easy", 61, 2))
    progress_page()  # the visit has the game reviewed in the background
    reviews_ahead().settle()
    at = progress_page()
    said = texts(at)
    assert "Points lost per game" in said
    assert "- Easy to 61, " in said and "given away" in said
    assert "Play on another day and these become a line" in said
    assert not at.get("vega_lite_chart") or all(
        "Points lost" not in str(c.proto.spec) for c in at.get("vega_lite_chart")
    )

    with sqlite3.connect(_isolated_database) as conn:
        conn.execute("UPDATE games SET updated_at = '2026-01-05 10:00:00.000000'")
    _save(store, ann, "second", _played("easy", 61, 12))
    progress_page()
    reviews_ahead().settle()
    at = progress_page()
    assert not at.get("vega_lite_chart"), "the chart waits for its expander"
    at.session_state["progress_lost_chart"] = True
    at.run()
    assert not at.exception, at.exception
    specs = [str(c.proto.spec) for c in at.get("vega_lite_chart")]
    (lost,) = [spec for spec in specs if "Points lost in the game" in spec]
    assert "When the game ended" in lost
    assert "%-d %b %Y" in lost
    assert "Play on another day" not in texts(at)


#: The games listed before the rest fold away (the page's GAMES_SHOWN: the page is a script,
#: and importing it would run it).
GAMES_SHOWN = 8


def test_older_games_are_sent_only_once_their_fold_is_opened(_isolated_database: Path) -> None:
    """The newest games are listed with their review links; the older ones are folded, and
    nothing of them is sent until the fold is opened."""
    store = Store.open(_isolated_database)
    ann = store.create_profile("Ann").id
    table = _played("easy", 61, 2)
    for n in range(GAMES_SHOWN + 2):
        _save(store, ann, f"game-{n}", table)
    at = progress_page()

    def review_links() -> int:
        return sum(1 for e in at.get("page_link") if e.proto.label == "Review")

    assert [e.label for e in at.expander if e.label.startswith("Older")] == ["Older games (2)"]
    assert review_links() == GAMES_SHOWN
    at.session_state["progress_older_games"] = True
    at.run()
    assert not at.exception, at.exception
    assert review_links() == GAMES_SHOWN + 2

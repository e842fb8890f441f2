"""Saving games on the Play page (trainer.ui.play_saves, through the page in AppTest): a
failed save is said at once and the game kept and saved again; a second tab showing an
older copy is refused and shown the game as stored; a finished game stays finished; a
new game asks first and the unfinished ones can be resumed or resigned; the results and
the count in progress survive a reload; an imported record is one game however often it
is pasted, and never counts in the level records."""

from __future__ import annotations

import os
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import table_of
from tests.stores import imported_games
from tests.support.faults import disk_full
from tests.views.test_play import _page, _page_step, _play_out, _start, _texts
from trainer.bench.playing import move
from trainer.engine.events import LayEvent, ShowEvent
from trainer.engine.game import Game
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Phase
from trainer.progress.store import SCHEMA_VERSION, Store
from trainer.training.table import ME, Need, PlaySetup, Table, export_text
from trainer.ui.play_page.state import STATE_KEY as PLAY_STATE


def _store() -> Store:
    return Store.open(os.environ["CRIBBAGE_TRAINER_DB"])


def _only_game(store: Store | None = None) -> Game:
    store = store or _store()
    (profile,) = store.profiles()
    row = store.game_in_progress(profile.id)
    assert row is not None
    return Game.from_notation(row.record)


def _unescaped(text: str) -> str:
    """Page text as a person reads it (names and reasons are escaped as Markdown)."""
    return text.replace("\u2060", "").replace("\\", "")


def _errors(at: AppTest) -> str:
    return _unescaped("\n".join(str(e.value) for e in at.error))


def _until(at: AppTest, need: Need, limit: int = 400) -> None:
    for _ in range(limit):
        if table_of(at).need() is need:
            return
        _page_step(at)
    raise AssertionError(f"never reached {need}")


@pytest.fixture(autouse=True)
def _the_same_games() -> None:
    """The page deals each new game from Python's generator: the same games every run."""
    random.seed(20261201)


@pytest.fixture
def _held_lock() -> Iterator[sqlite3.Connection]:
    """Another program holding the progress file's write lock."""
    conn = sqlite3.connect(os.environ["CRIBBAGE_TRAINER_DB"], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    finally:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        conn.close()


# --- a failed save is never silent ------------------------------------------------------------


def test_a_locked_file_is_said_at_once_and_the_move_saved_once_it_is_free(
    _held_lock: sqlite3.Connection,
) -> None:
    _held_lock.execute("ROLLBACK")
    at = _page()
    _start(at)
    _held_lock.execute("BEGIN IMMEDIATE")
    started = time.monotonic()
    _page_step(at)  # cut for deal, while another program holds the file
    waited = time.monotonic() - started
    assert "Your game is not saved" in _errors(at)
    assert "another program is holding the progress file" in _errors(at)
    assert waited < 12  # told within seconds, not after a quarter of a minute
    made = len(table_of(at).game.events)
    assert made > 0  # the move stands on the page, waiting to be saved
    _held_lock.execute("ROLLBACK")
    at.button(key="play_retry").click().run()
    assert "Your game is not saved" not in _errors(at)
    assert len(_only_game().events) == made


def _drop_games_table(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE games")
    conn.close()


def _newer_schema(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        (_drop_games_table, "the progress file is damaged: part of it is missing"),
        (_newer_schema, "newer version of the trainer"),
    ],
)
def test_every_failed_save_is_said_on_the_page(fault: object, said: str) -> None:
    at = _page()
    _start(at)
    fault(Path(os.environ["CRIBBAGE_TRAINER_DB"]))  # type: ignore[operator]
    _page_step(at)
    assert "Your game is not saved" in _errors(at)
    assert said in _errors(at)
    assert table_of(at).game.events  # the game is still on the page


def test_a_full_disk_is_said_as_a_full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills up mid-game (SQLite's own error, as the store's full-disk test makes
    it for real): the page says so in plain words and keeps the game."""
    at = _page()
    _start(at)

    monkeypatch.setattr(Store, "save_game", disk_full)
    _page_step(at)
    assert "the disk is full: free some space on it" in _errors(at)
    assert table_of(at).game.events


def test_a_record_too_long_to_save_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("trainer.progress.store.checks.GAME_RECORD_MAX", 400)
    at = _page()
    _start(at)
    for _ in range(40):
        if len(table_of(at).game.record().notation()) > 400:
            break
        _page_step(at)
    assert "the game's record has grown too long to save" in _errors(at)


def test_a_file_damaged_mid_game_keeps_the_game_on_the_page() -> None:
    """The progress file is damaged in the middle of a game: it is set aside, a fresh one is
    started and the page asks who is playing; the game on the page is kept, and saved in
    the fresh file for the player named."""
    at = _page()
    _start(at)
    _until(at, Need.DISCARD)
    before = list(table_of(at).game.events)
    path = Path(os.environ["CRIBBAGE_TRAINER_DB"])
    for extra in ("-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)
    path.write_bytes(b"this is not a database any more" * 200)
    at.run()
    assert not at.exception, at.exception
    assert any(".unreadable-" in p.name for p in path.parent.iterdir())
    at.text_input(key="player_new_name").input("Sam")
    at.button(key="player_add").click().run()
    assert not at.exception, at.exception
    assert table_of(at).game.events == before  # the game is still here
    _page_step(at)  # the throw
    assert "Your game is not saved" not in _errors(at)
    assert _only_game().events == table_of(at).game.events


# --- one game, whatever the tabs ---------------------------------------------------------------


def test_a_stale_tab_is_refused_and_redrawn_as_stored() -> None:
    tab_a = _page()
    _start(tab_a)
    _until(tab_a, Need.LAY)
    tab_b = _page()  # the same player in a second tab, at the same point
    assert table_of(tab_b).game.events == table_of(tab_a).game.events
    _page_step(tab_a)  # A lays a card
    laid_in_a = table_of(tab_a).game.events
    _page_step(tab_b)  # B, showing the old hand, lays another
    assert "moved on in another tab or window, so that move was not made" in _texts(tab_b)
    assert table_of(tab_b).game.events == laid_in_a
    assert _only_game().events == laid_in_a


def test_a_stale_tab_cannot_reopen_a_finished_game() -> None:
    table = Table.new(PlaySetup("easy", Settings()), seed=2)  # ends on the person's own lay
    _play_out(table)
    final = table.game.events[-1]
    assert isinstance(final, LayEvent) and final.seat == ME
    before = GameRecord(table.game.settings, 2, tuple(table.game.events[:-1]))
    tab_a = _page()
    tab_a.text_area(key="play_import_text").set_value(f"# level: easy\n{before.notation()}")
    tab_a.button(key="play_import").click().run()
    tab_b = _page()
    assert table_of(tab_b).need() is Need.LAY
    _page_step(tab_a)  # the winning card
    assert "You win!" in _texts(tab_a)
    _page_step(tab_b)  # a stale card in the other tab
    assert "finished in another tab or window" in _texts(tab_b)
    assert table_of(tab_b).game.is_over
    store = _store()
    (profile,) = store.profiles()
    (row,) = [store.game(profile.id, g) for g in [_game_id(tab_a)]]
    assert row is not None and row.status == "won"


def _game_id(at: AppTest) -> str:
    return str(at.session_state[PLAY_STATE].game.game_id)


def test_counts_from_a_stale_tab_are_not_stored() -> None:
    tab_a = _page()
    _start(tab_a, counting="muggins")
    _until(tab_a, Need.CLAIM)
    tab_b = _page()
    assert table_of(tab_b).need() is Need.CLAIM
    _page_step(tab_a)
    _page_step(tab_b)
    assert "moved on in another tab" in _texts(tab_b)
    store = _store()
    (profile,) = store.profiles()
    assert store.count_attempts(profile.id) == 1
    mine = [e for e in _only_game().events if isinstance(e, ShowEvent) and e.seat == ME]
    assert len(mine) == 1


# --- a new game asks first; unfinished games --------------------------------------------------


def test_a_new_game_asks_first_and_the_old_one_can_be_resumed_or_resigned() -> None:
    at = _page()
    _start(at)
    _until(at, Need.DISCARD)
    first_id = _game_id(at)
    at.button(key="play_new").click().run()
    assert "Leave this game" in "\n".join(w.value for w in at.warning)
    at.button(key="play_new_cancel").click().run()
    assert _game_id(at) == first_id  # nothing changed
    at.button(key="play_new").click().run()
    at.button(key="play_new_keep").click().run()
    assert at.session_state[PLAY_STATE].game is None
    assert at.button(key=f"play_resume_{first_id}").label == "Resume"
    _start(at, level="normal")
    second_id = _game_id(at)
    at.button(key="play_new").click().run()
    at.button(key="play_new_keep").click().run()
    store = _store()
    (profile,) = store.profiles()
    assert [g.game_id for g in store.unfinished_games(profile.id)] == [second_id, first_id]
    at.button(key=f"play_resign_{second_id}").click().run()
    assert "counts as a loss" in "\n".join(w.value for w in at.warning)
    at.button(key=f"play_resign_yes_{second_id}").click().run()
    assert [g.game_id for g in store.unfinished_games(profile.id)] == [first_id]
    resigned = store.game(profile.id, second_id)
    assert resigned is not None and (resigned.status, resigned.resigned) == ("lost", True)
    assert store.game_stats(profile.id, "normal", 121).games == 1
    at.button(key=f"play_resume_{first_id}").click().run()
    assert _game_id(at) == first_id and table_of(at).need() is Need.DISCARD


# --- the results and the count in progress survive a reload -----------------------------------


def test_the_count_being_shown_and_the_results_survive_a_reload() -> None:
    at = _page()
    _start(at, target=61)
    for _ in range(20):  # a hand with something to show, one combination at a time
        _until(at, Need.REVEAL)
        counted = table_of(at).counted
        if counted is not None and counted.score.items:
            break
        _page_step(at)
    assert counted is not None and len(counted.score.items) >= 1
    key = f"play_reveal_{len(table_of(at).game.events)}"
    at.button(key=f"{key}_next").click().run()
    fresh = _page()  # a reload, or the server restarted
    assert table_of(fresh).need() is Need.REVEAL and table_of(fresh).shown == 1
    assert _texts(fresh) == _texts(at)
    for _ in range(2000):
        if table_of(fresh).game.is_over and table_of(fresh).need() is Need.OVER:
            break
        _page_step(fresh)
    final = _texts(fresh)
    assert "Final score" in final
    again = _page()
    assert "Final score" in _texts(again) and _texts(again) == final
    again.button(key="play_again").click().run()
    assert again.session_state[PLAY_STATE].game is None
    assert "Final score" not in _texts(_page())  # once left, the results are not shown again


# --- an imported record -----------------------------------------------------------------------


def _finished_record(seed: int = 11) -> str:
    return export_text(_play_out(Table.new(PlaySetup("easy", Settings(target=61)), seed=seed)))


def _import(at: AppTest, text: str) -> None:
    at.text_area(key="play_import_text").set_value(text)
    at.button(key="play_import").click().run()
    assert not at.exception, at.exception


def test_the_same_record_pasted_again_is_one_game_and_imports_never_count() -> None:
    text = _finished_record()
    at = _page()
    for _ in range(3):
        _import(at, text)
        at.button(key="play_again").click().run() if at.button(key="play_again") else None
    store = _store()
    (profile,) = store.profiles()
    assert imported_games(store, profile.id) == 1
    assert store.game_stats(profile.id, "easy", 61).games == 0
    assert store.games_record(profile.id) == []
    _import(at, text)
    assert "already among your games" in _texts(at)


def test_a_record_cut_short_does_not_rewind_a_game() -> None:
    """A finished game's record cut at a line end, pasted by the same player: it is the same
    game (its seed and settings), so the game is shown as saved, finished; nothing rewinds."""
    text = _finished_record()
    at = _page()
    _import(at, text)
    at.button(key="play_again").click().run()
    cut = "\n".join(text.splitlines()[:-25]) + "\n"
    _import(at, cut)
    assert "already among your games" in _texts(at)
    assert table_of(at).game.is_over
    store = _store()
    (profile,) = store.profiles()
    assert imported_games(store, profile.id) == 1


def test_a_forged_crazy_record_counts_for_nothing() -> None:
    """The computer's seat claiming nothing under muggins, the record marked Crazy: read
    back, it is an imported game, kept out of the Crazy record however often it is pasted."""
    table = Table.new(PlaySetup("easy", Settings(target=61, counting=Counting.MUGGINS)), seed=9)
    game = table.game
    while not game.is_over:
        if game.phase is Phase.SHOW:
            seat, which = game.show_order[0]
            claimed = 0 if seat != ME else game.true_count()
            game.count_hand(seat, which, claimed)
            continue
        if table.need() is Need.REVEAL:
            table.carry_on()
            continue
        move(table)
    text = "# level: crazy\n" + game.record().notation()
    at = _page()
    _import(at, text)
    store = _store()
    (profile,) = store.profiles()
    assert store.game_stats(profile.id, "crazy", 61).games == 0
    assert "not counted in your record" in "\n".join(c.value for c in at.caption)


def test_a_pasted_record_is_shown_as_plain_text_in_its_error() -> None:
    at = _page()
    _import(at, '[Seed "1"]\n\nlay seat=0 card=**bold**[x](http://host/p.png) count=5\n')
    (error,) = at.error
    assert "line 3" in error.value
    assert "](http" not in error.value and "\\*\\*" in error.value


def test_a_huge_number_in_a_record_is_refused_with_a_message() -> None:
    at = _page()
    _import(at, '[Seed "' + "7" * 5000 + '"]\n')
    assert "Seed has 5000 digits" in _errors(at).replace("\u2060", "")


def test_the_largest_record_allowed_is_read_back_and_one_character_more_is_not() -> None:
    """A whole game's record padded to the most characters a record may have is read back,
    taking little memory; one character more is refused with a message before it is read."""
    import tracemalloc

    from trainer.engine.record import MAX_RECORD_CHARS
    from trainer.training.table import RecordProblem, parse_export

    text = _finished_record()
    pad = "# " + "-" * 97 + "\n"
    while len(text) + len(pad) <= MAX_RECORD_CHARS:
        text = pad + text
    text = "#" * (MAX_RECORD_CHARS - len(text) - 1) + "\n" + text
    assert len(text) == MAX_RECORD_CHARS
    tracemalloc.start()
    setup, record = parse_export(text)
    Table.resume(setup, record)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 8 * 2**20, f"reading the largest record took {peak / 2**20:.1f} MB"
    with pytest.raises(RecordProblem, match="characters long"):
        parse_export(" " + text)

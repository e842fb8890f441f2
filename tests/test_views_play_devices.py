"""The Play page's game across devices in AppTest: two sessions (two devices) invite, join
and take turns through one store, each seeing only its own seat's cards; a device that is
behind is refused and shown the game as stored."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player
from trainer.engine.cards import Card
from trainer.engine.events import CutEvent, DealEvent, DiscardEvent, LayEvent, ShowEvent
from trainer.engine.record import GameRecord
from trainer.progress import club
from trainer.progress.review_totals import review_text
from trainer.progress.store import ENV_VAR, SavedGame, Store
from trainer.training.table import Need, Person, PlaySetup
from trainer.training.table.device_table import DeviceTable, device_settings
from trainer.ui.keeper import KEY

REPO = Path(__file__).resolve().parent.parent
PAGE = str(REPO / "trainer" / "ui" / "views" / "play.py")
APP = str(REPO / "trainer" / "app.py")
STATE = "_play_devices"


def _device(name: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    as_player(at, name)
    at.run()
    assert not at.exception, at.exception
    return at


def _table(at: AppTest) -> DeviceTable:
    table = at.session_state[STATE].table
    assert table is not None
    return table


def _text(at: AppTest) -> str:
    """Everything the page shows, its cards' data among it."""
    parts = [str(e.value) for e in at.markdown]
    parts += [str(e.proto) for e in at.get("html")]
    parts += [str(e.proto) for e in at.get("bidi_component")]
    return "\n".join(parts)


def _act(at: AppTest, seat: int, *, card: Card | None = None) -> bool:
    """The seat's move on this device (the first card that fits, the first two to the crib);
    False when it has nothing to do."""
    state = at.session_state[STATE]
    table = _table(at)
    need = table.need(seat)
    view = table.view(seat)
    if need is Need.CUT_FOR_DEAL:
        at.button(key="devices_cut").click()
    elif need is Need.CUT_STARTER:
        at.button(key="devices_starter").click()
    elif need is Need.DISCARD:
        at.session_state[f"devices_throw_{state.game_id}_{view.deal_no}"] = {
            "log": [{"seq": 1, "do": "pick", "cards": [str(c) for c in view.hand[:2]]}]
        }
    elif need is Need.LAY:
        laid = card or view.playable[0]
        key = f"devices_lay_{state.game_id}_{len(table.game.events)}"
        at.session_state[key] = {"log": [{"seq": 1, "do": "lay", "cards": [str(laid)]}]}
    else:
        return False
    at.run()
    assert not at.exception, at.exception
    return True


def _start() -> tuple[AppTest, AppTest, Store]:
    """Ann invites Bo by name; Bo joins from his device, Ann opens the game on hers."""
    store = Store.open(os.environ[ENV_VAR])
    store.create_profile("Ann")
    store.create_profile("Bo")
    ann = _device("Ann")
    ann.selectbox(key="devices_who").select_index(0)  # Bo, the one other player here
    ann.button(key="FormSubmitter:devices_invite-Invite").click().run()
    assert any("Bo is invited" in str(i.value) for i in ann.info), [i.value for i in ann.info]
    bo = _device("Bo")
    (join,) = [b for b in bo.button if str(b.key).startswith("devices_join_")]
    join.click().run()
    assert not bo.exception, bo.exception
    ann.run()
    (opened,) = [b for b in ann.button if str(b.key).startswith("devices_open_")]
    opened.click().run()
    return ann, bo, store


def test_two_devices_play_a_deal_through_one_store_each_seeing_its_own_hand() -> None:
    ann, bo, store = _start()
    devices = {0: ann, 1: bo}
    checked_hidden = False
    for _ in range(200):
        moved = False
        for seat, at in devices.items():
            at.run()  # what the other did comes in (in the browser the page looks by itself)
            assert not at.exception, at.exception
            table = _table(at)
            events = table.game.events
            if any(isinstance(e, ShowEvent) for e in events) and isinstance(events[-1], DealEvent):
                break
            if not checked_hidden and all(
                any(isinstance(e, DiscardEvent) and e.seat == s for e in events) for s in (0, 1)
            ):
                other = table.game.view(1 - seat)
                shown = _text(at)
                cut = {e.card for e in events if isinstance(e, CutEvent)}  # face up, then back
                for card in {*other.hand, *other.discards} - cut:
                    assert card.label not in shown and f'"{card}"' not in shown, card
                checked_hidden = True
            need = table.need(seat)
            turn_said = "**Your turn:**" if need not in (None, Need.OVER) else "'s turn.**"
            assert any(turn_said in str(m.value) for m in at.markdown)
            moved |= _act(at, seat)
        else:
            assert moved, "neither device had anything to do"
            continue
        break
    stored = store.shared_game(ann.session_state[STATE].game_id)
    assert stored is not None and stored.status == "playing"
    replayed = DeviceTable.from_record(stored.record)
    assert any(isinstance(e, ShowEvent) for e in replayed.game.events)
    assert checked_hidden


def test_a_throw_made_at_the_same_time_is_kept_and_a_device_behind_is_refused() -> None:
    ann, bo, store = _start()
    for at, seat in ((ann, 0), (bo, 1)):
        _act(at, seat)  # the cut for deal, each on a copy that may be behind
    ann.run()
    bo.run()
    if _table(ann).need(0) is Need.CUT_FOR_DEAL:  # the same rank: cut again
        _act(ann, 0)
        bo.run()
        _act(bo, 1)
        ann.run()
    # both throw on copies read at the same version: the second is made again on the
    # game as stored (a throw does not hang on the other's)
    _act(ann, 0)
    _act(bo, 1)
    game_id = ann.session_state[STATE].game_id
    stored = store.shared_game(game_id)
    assert stored is not None
    thrown = [
        e for e in DeviceTable.from_record(stored.record).game.events if isinstance(e, DiscardEvent)
    ]
    assert sorted(e.seat for e in thrown) == [0, 1]
    # a second device of the same player, behind: its lay is refused, the game shown as stored
    ann.run()
    bo.run()
    table = DeviceTable.from_record(stored.record)
    if table.need(0) is Need.CUT_STARTER or table.need(1) is Need.CUT_STARTER:
        starter_seat = 0 if table.need(0) is Need.CUT_STARTER else 1
        _act(ann if starter_seat == 0 else bo, starter_seat)
        ann.run()
        bo.run()
    leader = next(s for s in (0, 1) if _table(ann).need(s) is Need.LAY)
    name = "Ann" if leader == 0 else "Bo"
    first = ann if leader == 0 else bo
    second = _device(name)  # another tab of the same player, on the game's table
    (opened,) = [b for b in second.button if str(b.key).startswith("devices_open_")]
    opened.click().run()
    hand = _table(second).view(leader).playable
    assert len(hand) >= 2
    _act(first, leader, card=hand[0])
    before = store.shared_version(game_id)
    # the second tab has not looked yet: it lays another card from its old copy
    state = second.session_state[STATE]
    key = f"devices_lay_{game_id}_{len(state.table.game.events)}"
    second.session_state[key] = {"log": [{"seq": 1, "do": "lay", "cards": [str(hand[1])]}]}
    second.run()
    assert not second.exception, second.exception
    assert store.shared_version(game_id) == before  # nothing written
    assert any("moved on" in str(w.value) for w in second.warning)
    assert (
        _table(second).game.events
        == DeviceTable.from_record(
            store.shared_game(game_id).record  # type: ignore[union-attr]
        ).game.events
    )


def test_the_lobby_joins_by_code() -> None:
    store = Store.open(os.environ[ENV_VAR])
    store.create_profile("Ann")
    store.create_profile("Bo")
    ann = _device("Ann")
    ann.button(key="FormSubmitter:devices_invite-Make a code instead").click().run()
    (made,) = store.shared_games_of(store.profile_named("Ann").id)  # type: ignore[union-attr]
    assert made.code and made.code in " ".join(str(i.value) for i in ann.info)
    bo = _device("Bo")
    bo.text_input(key="devices_code").input(made.code.lower())
    bo.button(key="FormSubmitter:devices_join_code-Join").click().run()
    assert not bo.exception, bo.exception
    assert bo.session_state[STATE].game_id == made.game_id
    assert any("Your turn:" in str(m.value) for m in bo.markdown)
    stored: Any = store.shared_game(made.game_id)
    assert stored.status == "playing" and stored.code is None


def test_a_teacher_watches_a_groups_game_and_never_sees_a_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CRIBBAGE_TRAINER_MODE", "club")
    store = Store.open(os.environ[ENV_VAR])
    ada = club.set_up_player(store, "Ms Ada", "teach1", role="teacher")
    group = store.create_group(ada.id, "Tuesday club", "TUE123")
    kim, lee = (club.register(store, name, "4821", "TUE123") for name in ("Kim", "Lee"))
    assert isinstance(kim, club.SignedIn) and isinstance(lee, club.SignedIn)
    table = DeviceTable.new(device_settings(61), 3)
    people = {0: kim.profile.id, 1: lee.profile.id}
    shared = store.create_shared_game(
        kim.profile.id, "w1", table.game.settings.notation(), table.record_text(), people,
        group_id=group.id,
    )  # fmt: skip
    shared = store.join_shared_game("w1", lee.profile.id)
    while not table.game.view(0).laid:  # to the first card laid, each seat saving its move
        seat = table.waiting_for[0]
        need = table.need(seat)
        if need is Need.CUT_FOR_DEAL:
            table.cut_for_deal(seat)
        elif need is Need.DISCARD:
            table.discard(seat, table.view(seat).hand[:2])
        elif need is Need.CUT_STARTER:
            table.cut_starter(seat)
        else:
            table.lay(seat, table.view(seat).playable[0])
        shared = store.save_shared_game(
            people[seat], shared, record=table.record_text(), turn=table.turn
        )
    teacher = club.sign_in(store, "Ms Ada", "teach1")
    assert isinstance(teacher, club.SignedIn)
    at = AppTest.from_file(str(REPO / "trainer" / "app.py"), default_timeout=60)
    at.switch_page("ui/views/home.py").run()
    at.session_state[KEY] = {"kept": {"token": teacher.token, "device": ""}}
    at.run()
    at.switch_page("ui/views/teacher.py").run()
    assert not at.exception, at.exception
    at.radio(key="teacher_watch").set_value("w1").run()
    assert not at.exception, at.exception
    shown = _text(at)
    assert "Kim against Lee" in shown
    view = table.game.view(0)
    assert view.starter is not None and view.starter.label in shown
    laid = {card for _, card in view.laid}
    cut = {e.card for e in table.game.events if isinstance(e, CutEvent)}
    for seat in (0, 1):
        own = table.game.view(seat)
        for card in {*own.hand, *own.discards} - laid - cut - {view.starter}:
            assert card.label not in shown and f'"{card}"' not in shown, card


def _near_the_end(store: Store, ann: int, bo: int) -> str:
    """A game between Ann and Bo stored a few moves from its end; its id."""
    table = DeviceTable.new(device_settings(61), 8)
    while not table.game.is_over:
        seat = table.waiting_for[0]
        need = table.need(seat)
        view = table.view(seat)
        if need is Need.CUT_FOR_DEAL:
            table.cut_for_deal(seat)
        elif need is Need.DISCARD:
            table.discard(seat, view.hand[:2])
        elif need is Need.CUT_STARTER:
            table.cut_starter(seat)
        else:
            table.lay(seat, view.playable[0])
    events = table.game.events
    last = max(i for i, e in enumerate(events) if isinstance(e, LayEvent | DiscardEvent))
    record = GameRecord(table.game.settings, table.game.seed, tuple(events[:last]))
    near = DeviceTable.from_record(record.notation())
    assert not near.game.is_over
    store.create_shared_game(
        ann, "end", near.game.settings.notation(), near.record_text(), {0: ann, 1: bo}
    )
    game = store.join_shared_game("end", bo)
    store.save_shared_game(ann, game, record=near.record_text(), turn=near.turn)
    return "end"


def _open(at: AppTest, game_id: str) -> None:
    at.run()
    at.button(key=f"devices_open_{game_id}").click().run()
    assert not at.exception, at.exception


def test_the_end_of_a_game_keeps_each_result_under_its_own_player() -> None:
    store = Store.open(os.environ[ENV_VAR])
    ann, bo = store.create_profile("Ann").id, store.create_profile("Bo").id
    game_id = _near_the_end(store, ann, bo)
    devices = {0: _device("Ann"), 1: _device("Bo")}
    for at in devices.values():
        _open(at, game_id)
    for _ in range(60):
        stored = store.shared_game(game_id)
        assert stored is not None
        if not stored.open:
            break
        for seat, at in devices.items():
            at.run()
            _act(at, seat)
    assert stored is not None and stored.status == "finished"
    rows = {who: store.game(who, f"{game_id}.{seat}") for seat, who in ((0, ann), (1, bo))}
    assert all(row is not None for row in rows.values())
    statuses = sorted(row.status for row in rows.values() if row is not None)
    assert statuses == ["lost", "won"]
    assert store.game(ann, f"{game_id}.1") is None and store.game(bo, f"{game_id}.0") is None
    for at in devices.values():
        at.run()
        assert not at.exception, at.exception
        assert any("won" in str(m.value) for m in at.markdown)
    _reviewed_for_each_seat(store, game_id, rows)


def _reviewed_for_each_seat(store: Store, game_id: str, rows: dict[int, SavedGame | None]) -> None:
    """Each person's row is kept for their own seat: its setup names both people and that
    seat, its level the other person; the Review page reviews that seat's moves only, and
    Progress names the game as one against the other person."""
    for (seat, name, other), row in zip(
        ((0, "Ann", "Bo"), (1, "Bo", "Ann")), rows.values(), strict=True
    ):
        assert row is not None
        setup = PlaySetup.parse(row.settings)
        assert setup.kept_for == seat and setup.lineup == (Person("Ann"), Person("Bo"))
        assert row.level == f"@{other}"
        review = review_text(row.record, row.settings)
        decisions = review.decisions
        assert review.seat == seat and decisions
        record = GameRecord.parse(row.record)
        assert {getattr(record.events[d.event_index], "seat", None) for d in decisions} == {seat}
        at = AppTest.from_file(APP, default_timeout=60)
        as_player(at, name)
        at.query_params["game"] = f"{game_id}.{seat}"
        at.switch_page("ui/views/review.py").run()
        assert not at.exception, at.exception
        assert not at.info, [i.value for i in at.info]  # never "cannot be reviewed"
        header = next(str(c.value) for c in at.caption if " · to 61" in str(c.value))
        assert header.startswith(f"Against {other} · to 61 · ")
        at.switch_page("ui/views/progress.py").run()
        assert not at.exception, at.exception
        text = "\n".join(str(m.value) for m in at.markdown)
        assert f"Against {other}, to 61" in text or f"Against {other} to 61" in text, text
        assert "Person" not in text


def test_the_one_waiting_a_day_resigns_from_the_lobby() -> None:
    store = Store.open(os.environ[ENV_VAR])
    ann, bo = store.create_profile("Ann").id, store.create_profile("Bo").id
    game_id = _near_the_end(store, ann, bo)
    stored = store.shared_game(game_id)
    assert stored is not None and stored.turn is not None
    waiting = 1 - stored.turn
    with store._connect() as conn, conn.write():  # the game has waited two days
        conn.execute(
            "UPDATE shared_games SET updated_at = '2000-01-01 00:00:00.000000' WHERE game_id = ?",
            (game_id,),
        )
    at = _device("Ann" if waiting == 0 else "Bo")
    at.button(key=f"devices_resign_{game_id}").click().run()
    assert not at.exception, at.exception
    stored = store.shared_game(game_id)
    assert stored is not None and (stored.status, stored.resigned_by) == ("resigned", waiting)
    mine = store.game(ann if waiting == 0 else bo, f"{game_id}.{waiting}")
    assert mine is not None and mine.status == "lost" and mine.resigned

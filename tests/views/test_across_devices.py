"""The Play page's game across devices in AppTest: two sessions (two devices) invite, join
and take turns through one store, each on the Play page's own table of its own seat
(``Table.own``): its own hand, coach, hints and counts (muggins going to the other), never
the other's; a device that is behind is refused and shown the game as stored."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player, said_html, table_of, written
from tests.support.table import hidden_cards, one_short, setup_of
from trainer.bench.playing import move, play_on, right_count
from trainer.engine.cards import Card
from trainer.engine.events import CutEvent, DealEvent, DiscardEvent, LayEvent, ShowEvent
from trainer.engine.game import Game
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Phase
from trainer.progress import club
from trainer.progress.review_totals import review_text
from trainer.progress.store import ENV_VAR, SavedGame, Store
from trainer.training.table import CoachMode, Need, Person, PlaySetup, Table, export_text
from trainer.ui.keeper import KEY
from trainer.ui.play_page.across_devices import device_settings
from trainer.ui.play_page.state import STATE_KEY

REPO = Path(__file__).resolve().parents[2]
PAGE = str(REPO / "trainer" / "ui" / "views" / "play.py")
APP = str(REPO / "trainer" / "app.py")


def _device(name: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    as_player(at, name)
    at.run()
    assert not at.exception, at.exception
    return at


def _game_id(at: AppTest) -> str:
    return str(at.session_state[STATE_KEY].game.game_id)


def _text(at: AppTest) -> str:
    """Everything the page shows, its cards' data among it."""
    parts = [str(e.value) for e in written(at)]
    parts += [str(e.value) for e in at.caption]
    parts += [str(e.value) for e in (*at.info, *at.warning)]
    parts += [str(e.proto) for e in at.get("html")]
    parts += [str(e.proto) for e in at.get("bidi_component")]
    parts += [str(e.label) for e in at.expander]
    return "\n".join(parts)


def _count(at: AppTest, short: bool) -> None:
    table = table_of(at)
    found = table.next_count()
    assert found is not None
    key = f"play_claim_{len(table.game.events)}"
    total = found[2].total
    at.number_input(key=key).set_value(total - 1 if short and total else total)
    at.button(key=f"{key}_ok").click()


def _act(at: AppTest, *, card: Card | None = None, short: bool = False) -> bool:
    """The device's move (the first card that fits, the first two to the crib, its count,
    one short with ``short``); False when it waits for the other device."""
    table = table_of(at)
    game_id = _game_id(at)
    need = table.need()
    view = table.view
    if need is Need.CUT_FOR_DEAL:
        at.button(key="play_cut").click()
    elif need is Need.CUT_STARTER:
        at.button(key="play_cut_starter").click()
    elif need is Need.DISCARD:
        at.session_state[f"throw_{game_id}_{view.deal_no}"] = {
            "log": [{"seq": 1, "do": "pick", "cards": [str(c) for c in view.hand[:2]]}]
        }
    elif need is Need.LAY:
        laid = card or view.playable[0]
        key = f"lay_{game_id}_{len(table.game.events)}"
        at.session_state[key] = {"log": [{"seq": 1, "do": "lay", "cards": [str(laid)]}]}
    elif need is Need.CLAIM:
        _count(at, short)
    elif need is Need.REVEAL:
        (go,) = [
            b
            for b in at.button
            if str(b.key).startswith("play_reveal_") and str(b.key).endswith(("_next", "_go"))
        ]
        go.click()
    else:
        return False
    at.run()
    assert not at.exception, at.exception
    return True


def _start(
    *,
    ann: CoachMode = CoachMode.OFF,
    bo: CoachMode = CoachMode.OFF,
    counting: Counting | None = None,
) -> tuple[AppTest, AppTest, Store]:
    """Ann invites Bo by name; Bo joins from his device, Ann opens the game on hers; each
    with their own coach setting, chosen in the lobby (and who counts the show, when
    ``counting`` is given: the invitation's choice)."""
    store = Store.open(os.environ[ENV_VAR])
    store.create_profile("Ann")
    store.create_profile("Bo")
    ann_at = _device("Ann")
    ann_at.segmented_control(key="devices_coach").set_value(ann).run()
    ann_at.selectbox(key="devices_who").select_index(0)  # Bo, the one other player here
    ann_at.segmented_control(key="devices_target").set_value(61)
    if counting is not None:
        ann_at.segmented_control(key="devices_counting").set_value(counting)
    ann_at.button(key="FormSubmitter:devices_invite-Invite").click().run()
    assert any("Bo is invited" in str(i.value) for i in ann_at.info), [i.value for i in ann_at.info]
    bo_at = _device("Bo")
    bo_at.segmented_control(key="devices_coach").set_value(bo).run()
    (join,) = [b for b in bo_at.button if str(b.key).startswith("devices_join_")]
    join.click().run()
    assert not bo_at.exception, bo_at.exception
    ann_at.run()
    (opened,) = [b for b in ann_at.button if str(b.key).startswith("devices_open_")]
    opened.click().run()
    assert not ann_at.exception, ann_at.exception
    return ann_at, bo_at, store


def _hidden(table: Table) -> set[Card]:
    """The other seat's cards its own device may not know now: its hand (not laid, not
    counted) and its throw (until the crib is counted)."""
    game = table.game
    other = 1 - (table.own or 0)
    view = game.view(other)
    laid = {card for _, card in view.laid}
    counted = {(e.seat, e.which) for e in view.shown if isinstance(e, ShowEvent)}
    cut = {e.card for e in game.events if isinstance(e, CutEvent)}
    hidden: set[Card] = set()
    if game.phase in (Phase.DISCARD, Phase.STARTER, Phase.PLAY, Phase.SHOW):
        if not any(seat == other and which.name == "HAND" for seat, which in counted):
            hidden |= (set(view.hand) | set(view.kept)) - laid
        if not any(which.name == "CRIB" for _, which in counted):
            hidden |= set(view.discards)
    deals = [i for i, e in enumerate(game.events) if isinstance(e, DealEvent)]
    earlier = game.events[: deals[-1]] if deals else ()
    seen = {c for e in earlier for c in getattr(e, "cards", ())} | {
        getattr(e, "card", None) for e in earlier
    }
    return hidden - cut - seen


def test_two_devices_play_a_deal_through_one_store_each_seeing_only_its_own_seat() -> None:
    ann, bo, store = _start(ann=CoachMode.LEARNING, bo=CoachMode.OFF)
    devices = {0: ann, 1: bo}
    checked = 0
    coached_while_waiting = False
    for step in range(300):
        moved = False
        for seat, at in devices.items():
            at.run()  # what the other did comes in (in the browser the page looks by itself)
            assert not at.exception, at.exception
            table = table_of(at)
            assert table.own == seat and table.seat == seat
            shown = _text(at)
            for card in _hidden(table):
                assert card.label not in shown and f'"{card}"' not in shown, (seat, card)
            checked += bool(_hidden(table))
            # the record saved from this page so far: this seat's knowledge alone
            assert any("devices_export" in str(e.proto) for e in at.get("download_button"))
            exported = export_text(table)
            assert exported.startswith("# in progress")  # no seed: no card still to come
            for card in _hidden(table):
                assert not re.search(rf"(?<![0-9A-Za-z]){card}\b", exported), (seat, card)
            need = table.need()
            if need is Need.WAIT:
                assert "'s turn.**" in shown  # whose turn it is, by name
            if seat == 1:  # Bo's coach is off: no coach's word on his page, ever
                words = "\n".join(str(e.value) for e in (*written(at), *at.caption, *at.info))
                assert "Coach:" not in words and "coach:" not in words, words
                assert not any("Coach" in str(e.label) for e in at.expander)
            if seat == 0 and need is Need.DISCARD and table.game.deal_no == 1 and not table.hinted:
                at.button(key="play_hint").click().run()  # Ann asks her coach first
                assert any("Hint" in str(m.value) for m in written(at))
            moved |= _act(at, short=seat == 1 and step % 2 == 0)
            if seat == 0 and need is Need.DISCARD:
                # Ann's coach on her throw, straight after it, whether or not Bo has thrown
                assert any("Coach:" in str(e.label) for e in at.expander)
                coached_while_waiting = True
        events = table_of(ann).game.events
        if sum(isinstance(e, DealEvent) for e in events) >= 2 and not table_of(ann).game.is_over:
            break
        assert moved, "neither device had anything to do"
    stored = store.shared_game(_game_id(ann))
    assert stored is not None and stored.status == "playing"
    game = Game.replay(GameRecord.parse(stored.record))
    shows = [e for e in game.events if isinstance(e, ShowEvent)]
    assert {e.seat for e in shows} == {0, 1}
    assert all(e.claimed is not None for e in shows)  # each counted by its own person
    assert checked > 10 and coached_while_waiting
    # each count is recorded for the person who made it, never for the other
    bo_id = store.profile_named("Bo").id  # type: ignore[union-attr]
    ann_id = store.profile_named("Ann").id  # type: ignore[union-attr]
    assert len(store.attempts(bo_id)) == sum(e.seat == 1 for e in shows)
    assert len(store.attempts(ann_id)) == sum(e.seat == 0 for e in shows)
    assert [s.coach for s in stored.seats] == ["learning", "off"]
    assert [s.hints for s in stored.seats] == ["1", ""]  # each seat's own hints


def test_the_coachs_note_on_a_card_shows_straight_after_it_while_the_other_plays() -> None:
    store = Store.open(os.environ[ENV_VAR])
    ann, bo = store.create_profile("Ann").id, store.create_profile("Bo").id
    game = Game(device_settings(61, counting=Counting.AUTOMATIC), 3)  # Ann leads a 5
    store.create_shared_game(
        ann, "n1", game.settings.notation(), game.record().notation(), {0: ann, 1: bo},
        coach="moves",
    )  # fmt: skip
    store.join_shared_game("n1", bo)
    devices = [_device("Ann"), _device("Bo")]
    for at in devices:
        _open(at, "n1")
    for _ in range(60):
        for at in devices:
            at.run()
            need = table_of(at).need()
            _act(at)
            table = table_of(at)
            lines = table.coaching.play_note_lines()
            if at is devices[0] and need is Need.LAY and table.need() is Need.WAIT and lines:
                shown = "\n".join(str(m.value) for m in written(at))
                assert all(said_html(line) in shown for line in lines), (lines, shown)
                assert "Their move shows here" in shown  # Bo's turn, not Ann's next one
                return
    raise AssertionError("Ann's coach said nothing after any card of hers")


def test_points_one_person_misses_go_to_the_other() -> None:
    ann, bo, _store = _start()
    for _ in range(300):
        for at in (ann, bo):
            at.run()
            _act(at, short=True)
        game = table_of(ann).game
        if any(isinstance(e, ShowEvent) and e.muggins for e in game.events):
            break
    taken = [e for e in table_of(ann).game.events if isinstance(e, ShowEvent) and e.muggins]
    assert taken and all(e.muggins_taker == 1 - e.seat for e in taken)
    ann.run()
    for _ in range(12):  # Ann sees Bo's hand counted out, and what he missed come to her
        if "Muggins!" in _text(ann) or table_of(ann).need() is not Need.REVEAL:
            break
        _act(ann)
    said = _text(ann)
    assert "Muggins! You take the" in said or "Muggins! Bo takes the" in said
    assert "You takes" not in said


@pytest.mark.parametrize("counting", [Counting.AUTOMATIC, Counting.MUGGINS])
def test_the_invitation_chooses_who_counts_the_show(counting: Counting) -> None:
    """ "Who counts the show": each their own hand and crib (muggins, what one misses going
    to the other) or the trainer; both devices play the deal by that choice."""
    ann, bo, store = _start(counting=counting)
    stored = store.shared_game(_game_id(ann))
    assert stored is not None and Settings.parse(stored.settings).counting is counting
    asked: set[Need] = set()
    for _ in range(300):
        for at in (ann, bo):
            at.run()
            asked.add(table_of(at).need())
            _act(at, short=True)
        game = table_of(ann).game
        if game.deal_no >= 2 or game.is_over:
            break
    shows = [e for e in table_of(ann).game.events if isinstance(e, ShowEvent)]
    assert {e.seat for e in shows} == {0, 1}
    if counting is Counting.AUTOMATIC:  # the trainer counts: nobody is asked, nothing missed
        assert Need.CLAIM not in asked
        assert all(e.claimed is None and not e.muggins for e in shows)
    else:  # each counts their own (one short here): the other takes what was missed
        assert Need.CLAIM in asked and all(e.claimed is not None for e in shows)
        assert all(e.muggins_taker == 1 - e.seat for e in shows if e.muggins)


def test_a_throw_made_at_the_same_time_is_kept_and_a_device_behind_is_refused() -> None:
    ann, bo, store = _start()
    for at in (ann, bo):
        _act(at)  # the cut for deal, each on a copy that may be behind
    ann.run()
    bo.run()
    while table_of(ann).need() is Need.CUT_FOR_DEAL or table_of(bo).need() is Need.CUT_FOR_DEAL:
        for at in (ann, bo):  # the same rank: cut again
            _act(at)
        ann.run()
        bo.run()
    assert table_of(ann).need() is Need.DISCARD and table_of(bo).need() is Need.DISCARD
    # both throw on copies read at the same version: the second is made again on the
    # game as stored (a throw does not hang on the other's)
    _act(ann)
    _act(bo)
    game_id = _game_id(ann)
    stored = store.shared_game(game_id)
    assert stored is not None
    thrown = [
        e
        for e in Game.replay(GameRecord.parse(stored.record)).events
        if isinstance(e, DiscardEvent)
    ]
    assert sorted(e.seat for e in thrown) == [0, 1]
    ann.run()
    bo.run()
    for at in (ann, bo):
        if table_of(at).need() is Need.CUT_STARTER:
            _act(at)
    ann.run()
    bo.run()
    first = next(at for at in (ann, bo) if table_of(at).need() is Need.LAY)
    name = "Ann" if first is ann else "Bo"
    # a second device of the same player, behind: its lay is refused, the game shown as stored
    second = _device(name)
    (opened,) = [b for b in second.button if str(b.key).startswith("devices_open_")]
    opened.click().run()
    hand = table_of(second).view.playable
    assert len(hand) >= 2
    _act(first, card=hand[0])
    before = store.shared_version(game_id)
    # the second tab has not looked yet: it lays another card from its old copy
    key = f"lay_{game_id}_{len(table_of(second).game.events)}"
    second.session_state[key] = {"log": [{"seq": 1, "do": "lay", "cards": [str(hand[1])]}]}
    second.run()
    assert not second.exception, second.exception
    assert store.shared_version(game_id) == before  # nothing written
    assert any("moved on" in str(w.value) for w in second.warning)
    after = store.shared_game(game_id)
    assert after is not None
    assert table_of(second).game.events == Game.replay(GameRecord.parse(after.record)).events


def test_the_lobby_joins_by_code() -> None:
    store = Store.open(os.environ[ENV_VAR])
    store.create_profile("Ann")
    store.create_profile("Bo")
    ann = _device("Ann")
    ann.button(key="FormSubmitter:devices_invite-Make a code instead").click().run()
    (made,) = store.shared_games_of(store.profile_named("Ann").id)  # type: ignore[union-attr]
    assert made.code and made.code in " ".join(str(i.value) for i in ann.info)
    bo = _device("Bo")
    bo.segmented_control(key="devices_coach").set_value(CoachMode.MOVES).run()
    bo.text_input(key="devices_code").input(made.code.lower())
    bo.button(key="FormSubmitter:devices_join_code-Join").click().run()
    assert not bo.exception, bo.exception
    assert _game_id(bo) == made.game_id
    assert table_of(bo).coach_of(1) is CoachMode.MOVES
    assert table_of(bo).need() in (Need.CUT_FOR_DEAL, Need.WAIT)
    stored: Any = store.shared_game(made.game_id)
    assert stored.status == "playing" and stored.code is None
    assert [s.coach for s in stored.seats] == ["off", "moves"]


def test_a_teacher_watches_a_groups_game_and_never_sees_a_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The teacher's My groups page follows a group's game move by move, through a whole
    deal (the throws, the play, each hand and the crib counted, a count short and its
    muggins) into the next: the board, the scores, the starter and the pile, never a card
    a person holds or threw before the show makes it public."""
    monkeypatch.setenv("CRIBBAGE_TRAINER_MODE", "club")
    store = Store.open(os.environ[ENV_VAR])
    ada = club.set_up_player(store, "Ms Ada", "teach1", role="teacher")
    group = store.create_group(ada.id, "Tuesday club", "TUE123")
    kim, lee = (club.register(store, name, "4821", "TUE123") for name in ("Kim", "Lee"))
    assert isinstance(kim, club.SignedIn) and isinstance(lee, club.SignedIn)
    table = Table.new(setup_of((Person("Kim"), Person("Lee"))), seed=3)  # one table, both seats
    assert table.game.settings == device_settings(61)
    people = {0: kim.profile.id, 1: lee.profile.id}
    shared = store.create_shared_game(
        kim.profile.id, "w1", table.game.settings.notation(), table.game.record().notation(),
        people, group_id=group.id,
    )  # fmt: skip
    shared = store.join_shared_game("w1", lee.profile.id)
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
    checked = steps = 0
    while table.game.deal_no < 2 or not table.game.view(0).laid:  # into the next deal's play
        seat = table.seat
        record = table.game.record().notation()
        move(table, claim=one_short if steps % 2 else right_count)
        steps += 1
        if table.game.record().notation() == record:
            continue  # (a hand shown read on: nothing stored)
        shared = store.save_shared_game(
            people[seat], shared, record=table.game.record().notation(), turn=None
        )
        at.run()  # (in the browser the watch looks at the stored version every second)
        assert not at.exception, at.exception
        shown = _text(at)
        assert "Kim against Lee" in shown
        starter = table.game.view(0).starter
        assert starter is None or starter.name in shown  # (its card drawn, and named)
        for card in hidden_cards(table, -1):
            for said in (card.label, card.name, f'"{card}"'):
                assert said not in shown, (steps, said)
            checked += 1
    assert checked > 100 and any(e.muggins for e in table.game.events if isinstance(e, ShowEvent))


def _near_the_end(store: Store, ann: int, bo: int) -> str:
    """A game between Ann and Bo (the trainer counting) stored a few moves from its end;
    its id."""
    setup = PlaySetup(
        settings=device_settings(61, counting=Counting.AUTOMATIC),
        lineup=(Person("Ann"), Person("Bo")),
    )
    table = Table.new(setup, 8)
    play_on(table)  # (pass-and-play: the one table acts for both)
    events = table.game.events
    last = max(i for i, e in enumerate(events) if isinstance(e, LayEvent | DiscardEvent))
    near = GameRecord(table.game.settings, table.game.seed, tuple(events[:last])).notation()
    assert not Game.replay(GameRecord.parse(near)).is_over
    store.create_shared_game(
        ann, "end", table.game.settings.notation(), Game(table.game.settings, 8).record().notation(),
        {0: ann, 1: bo},
    )  # fmt: skip
    game = store.join_shared_game("end", bo)
    waiting = Game.replay(GameRecord.parse(near)).waiting_for()
    store.save_shared_game(ann, game, record=near, turn=waiting[0] if len(waiting) == 1 else None)
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
        for at in devices.values():
            at.run()
            _act(at)
    assert stored is not None and stored.status == "finished"
    rows = {who: store.game(who, f"{game_id}.{seat}") for seat, who in ((0, ann), (1, bo))}
    assert all(row is not None for row in rows.values())
    statuses = sorted(row.status for row in rows.values() if row is not None)
    assert statuses == ["lost", "won"]
    assert store.game(ann, f"{game_id}.1") is None and store.game(bo, f"{game_id}.0") is None
    for at in devices.values():
        at.run()
        assert not at.exception, at.exception
        for _ in range(20):  # the last hand counted out, if the show ended it
            if table_of(at).need() is Need.OVER:
                break
            _act(at)
        assert any(" win" in str(m.value) for m in written(at))
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
        text = "\n".join(str(m.value) for m in written(at))
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


def test_a_player_leaves_the_table_and_comes_back_on_another_device() -> None:
    """ "Leave the table": the game waits in the store; opened again from the lobby, on
    another device (a new session), it is where it was, and play goes on from there."""
    ann, bo, store = _start()
    for _ in range(20):  # to Ann's throw
        for at in (ann, bo):
            at.run()
        if table_of(ann).need() is Need.DISCARD:
            break
        for at in (ann, bo):
            _act(at)
    game_id = _game_id(ann)
    before = table_of(ann).game.events
    ann.button(key="devices_leave").click().run()
    assert not ann.exception, ann.exception
    assert ann.session_state[STATE_KEY].game is None
    assert ann.button(key=f"devices_open_{game_id}").label == "Open"  # it waits for her
    again = _device("Ann")  # another device (another server: the game is in the store)
    _open(again, game_id)
    table = table_of(again)
    assert table.own == 0 and table.game.events == before
    assert _act(again)  # and she plays on from there
    stored = store.shared_game(game_id)
    assert stored is not None
    assert Game.replay(GameRecord.parse(stored.record)).events == table_of(again).game.events

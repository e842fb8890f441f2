"""Club mode through the app in AppTest: a browser signs in with a name and a PIN (its
token kept by the browser, as the keeper component would); each door that should stay shut
is tried: another player's id in the address, a forged, an expired or a replayed token, a
teacher of another group; a teacher's page shows their own group, its CSV and the sets
given, which members find on Home."""

from __future__ import annotations

import csv
import io
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.stores import add_answer
from trainer.engine.skills import Category, DrillType, Mode
from trainer.progress import club
from trainer.progress.groups import group_csv, group_for, member_rows
from trainer.progress.store import SavedGame, Store
from trainer.training.records import AttemptIn
from trainer.ui.keeper import KEY
from trainer.ui.session import STATE_KEY, BrowserSession

REPO = Path(__file__).resolve().parents[2]
APP = str(REPO / "trainer" / "app.py")


@pytest.fixture(autouse=True)
def _club_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRIBBAGE_TRAINER_MODE", "club")


def _store() -> Store:
    return Store.open(os.environ["CRIBBAGE_TRAINER_DB"])


def _texts(at: AppTest) -> str:
    parts: list[Any] = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [s.value for s in at.subheader] + [e.value for e in at.error]
    parts += [i.value for i in at.info] + [s.value for s in at.success]
    return "\n".join(str(p) for p in parts).replace("\u2060", "").replace("\\", "")


def _browser(page: str, token: str = "", device: str = "", **params: str) -> AppTest:
    """A browser opening ``page``: the keeper reports the token it keeps (``""``: none),
    and its device token (``""``: none, a browser the app has not seen)."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(params)
    at.switch_page(page).run()
    assert not at.exception, at.exception
    needs = page.rsplit("/", 1)[-1] not in ("home.py", "check.py", "chart.py", "glossary.py")
    assert ("checking who is signed in" in _texts(at)) == needs  # waits for the browser
    at.session_state[KEY] = {"kept": {"token": token, "device": device}}  # and reruns
    at.run()
    assert not at.exception, at.exception
    return at


def _teacher_page(token: str) -> AppTest:
    """A teacher's browser: signed in on Home, then on My groups (the page is in the
    navigation once a teacher is signed in)."""
    at = _browser("ui/views/home.py", token)
    at.switch_page("ui/views/teacher.py").run()
    assert not at.exception, at.exception
    return at


def _sign_in(at: AppTest, name: str, pin: str) -> None:
    at.text_input(key="sign_in_name").input(name)
    at.text_input(key="sign_in_pin").input(pin)
    at.button(key="FormSubmitter:sign_in-Sign in").click().run()
    assert not at.exception, at.exception


def _answer(at: AppTest) -> None:
    """Answer the practice question on screen (any total: it is recorded either way)."""
    (box,) = [t for t in at.text_input if t.key and t.key.startswith("practice_total_")]
    box.input("7")
    (check,) = [b for b in at.button if b.key and b.key.startswith("FormSubmitter:practice")]
    check.click().run()
    assert not at.exception, at.exception


SET = {"drill": "hand", "tier": "beginner", "seed": "7", "length": "5"}


def test_a_player_signs_in_and_answers_are_theirs() -> None:
    store = _store()
    club.set_up_player(store, "Kim", "4821")
    at = _browser("ui/views/practice.py", **SET)
    assert "Sign in" in _texts(at) and store.count_attempts() == 0
    _sign_in(at, "Kim", "1111")
    assert "That name and PIN do not match" in _texts(at)
    _sign_in(at, "Kim", "4821")
    assert "Signed in as **Kim**" in _texts(at)
    _answer(at)
    kim = store.profile_named("Kim")
    assert kim is not None and store.count_attempts(kim.id) == 1


def test_another_players_id_in_the_address_opens_nothing() -> None:
    store = _store()
    kim = club.set_up_player(store, "Kim", "4821")
    lee = club.set_up_player(store, "Lee", "9999")
    stranger = _browser("ui/views/practice.py", player=f"{lee.id}-lee", **SET)
    assert "Sign in" in _texts(stranger)
    assert "Signed in" not in _texts(stranger)
    signed = club.sign_in(store, "Kim", "4821")
    assert isinstance(signed, club.SignedIn)
    at = _browser("ui/views/practice.py", signed.token, player=f"{lee.id}-lee", **SET)
    assert "Signed in as **Kim**" in _texts(at)
    assert "player" not in at.query_params  # the address names nobody in club mode
    _answer(at)
    assert (store.count_attempts(kim.id), store.count_attempts(lee.id)) == (1, 0)


def test_a_forged_an_expired_or_a_replayed_token_signs_nobody_in() -> None:
    store = _store()
    club.set_up_player(store, "Kim", "4821")
    lee = club.set_up_player(store, "Lee", "9999")
    old = club.sign_in(store, "Kim", "4821", now=datetime.now(UTC) - timedelta(hours=13))
    fresh = club.sign_in(store, "Kim", "4821")
    assert isinstance(old, club.SignedIn) and isinstance(fresh, club.SignedIn)
    body, _, signature = fresh.token.rpartition(".")
    forged = body[:-1] + ("A" if body[-1] != "A" else "B") + "." + signature
    replayed = fresh.token
    changed = club.change_pin(store, fresh.profile.id, "4821", "5555")
    assert isinstance(changed, club.SignedIn)
    for token in (forged, old.token, replayed):
        at = _browser("ui/views/progress.py", token)
        assert "Sign in" in _texts(at) and "Signed in as" not in _texts(at), token
    at = _browser("ui/views/progress.py", changed.token)
    assert "Signed in as **Kim**" in _texts(at)
    assert lee.name not in _texts(at)


def test_a_pin_change_ends_the_other_sessions_at_their_next_click() -> None:
    store = _store()
    club.set_up_player(store, "Kim", "4821")
    first = club.sign_in(store, "Kim", "4821")
    assert isinstance(first, club.SignedIn)
    laptop = _browser("ui/views/practice.py", first.token, **SET)
    assert "Signed in as **Kim**" in _texts(laptop)
    phone = _browser("ui/views/home.py", first.token)
    phone.text_input(key="pin_old").input("4821")
    phone.text_input(key="pin_new").input("2468")
    phone.text_input(key="pin_again").input("2468")
    phone.button(key="pin_change").click().run()
    assert "Your PIN is changed" in _texts(phone)
    laptop.run()  # its next click
    assert "Your session has ended" in _texts(laptop) and "Signed in as" not in _texts(laptop)


def _classroom(store: Store) -> tuple[int, int, int, int]:
    ada = club.set_up_player(store, "Ms Ada", "teach1", role="teacher")
    bo = club.set_up_player(store, "Mr Bo", "teach2", role="teacher")
    tuesday = store.create_group(ada.id, "Tuesday club", "TUE123")
    store.create_group(bo.id, "Year 5", "YR5XYZ")
    kim = club.register(store, "Kim", "4821", "TUE123")
    assert isinstance(kim, club.SignedIn)
    add_answer(
        store,
        kim.profile.id,
        AttemptIn(
            DrillType.HAND, "club", 1, "q", "a", False, -2, (Category.NOBS,), 4.0, Mode.QUICK
        ),
    )
    return ada.id, bo.id, tuesday.id, kim.profile.id


def test_a_teacher_sees_their_own_groups_members_and_nobody_elses() -> None:
    store = _store()
    ada, bo, tuesday, _kim = _classroom(store)
    assert group_for(store, bo, tuesday) is None  # another group's teacher
    group = group_for(store, ada, tuesday)
    assert group is not None
    (row,) = member_rows(store, group)
    assert (row.name, row.answers, row.accuracy, row.weak_spots) == ("Kim", 1, 0.0, ("nobs",))
    assert group_csv([row]).splitlines()[1].startswith("Kim,0,1,0,4.0,nobs,")
    teacher = club.sign_in(store, "Mr Bo", "teach2")
    assert isinstance(teacher, club.SignedIn)
    at = _teacher_page(teacher.token)
    assert "Year 5" in _texts(at) and "Kim" not in _texts(at)
    assert [s.options for s in at.selectbox if s.key == "teacher_group"] == [["Year 5"]]


def test_a_teachers_table_and_csv_keep_each_table_size_apart() -> None:
    store = _store()
    ada, _, tuesday, kim = _classroom(store)
    setup = "level=easy target=61 skunks=on counting=automatic"
    for game_id, seats in (
        ("two", ""),
        ("two-more", ""),
        ("three", " seats=3"),
        ("four", " seats=4"),
    ):
        game = SavedGame(game_id, setup + seats, "easy", 61, "r", status="won", my_score=61)
        store.save_game(kim, game)
    group = group_for(store, ada, tuesday)
    assert group is not None
    (row,) = member_rows(store, group)
    assert row.games == "easy 2, easy (3 players) 1, easy (4 in pairs) 1"
    (line,) = list(csv.DictReader(io.StringIO(group_csv([row]))))
    assert line["games_by_level"] == "easy 2, easy (3 players) 1, easy (4 in pairs) 1"


def test_a_teacher_page_shows_the_group_and_gives_sets_that_members_find_on_home() -> None:
    store = _store()
    _, _, _, _kim = _classroom(store)
    teacher = club.sign_in(store, "Ms Ada", "teach1")
    assert isinstance(teacher, club.SignedIn)
    at = _teacher_page(teacher.token)
    assert "TUE123" in _texts(at)
    (table,) = at.dataframe
    assert list(table.value["Player"]) == ["Kim"]
    at.button(key="teacher_assign").click().run()
    assert "Given: every member finds it on their Home page" in _texts(at)
    member = club.sign_in(store, "Kim", "4821")
    assert isinstance(member, club.SignedIn)
    home = _browser("ui/views/home.py", member.token)
    links = [link.proto for link in home.get("page_link") if "Tuesday club" in link.proto.label]
    assert len(links) == 1 and "drill=" in links[0].query_string
    player = club.sign_in(store, "Kim", "4821")
    assert isinstance(player, club.SignedIn)
    not_a_teacher = _browser("ui/views/home.py", player.token)
    not_a_teacher.switch_page("ui/views/teacher.py").run()  # hidden from a player's list
    assert "This page is for a group's teacher" in _texts(not_a_teacher)
    run_alone = AppTest.from_file(str(REPO / "trainer" / "ui" / "views" / "teacher.py"))
    run_alone.session_state[STATE_KEY] = BrowserSession(club_token=player.token)
    run_alone.run()
    assert "This page is for a group's teacher" in _texts(run_alone)


def test_a_teacher_resets_a_members_pin_from_the_page() -> None:
    store = _store()
    _, _, _, _kim = _classroom(store)
    teacher = club.sign_in(store, "Ms Ada", "teach1")
    assert isinstance(teacher, club.SignedIn)
    at = _teacher_page(teacher.token)
    at.text_input(key="teacher_reset_pin").input("7777")
    at.button(key="teacher_reset").click().run()
    assert "Kim has a new PIN" in _texts(at)
    assert isinstance(club.sign_in(store, "Kim", "7777"), club.SignedIn)


def _signed_in_here(at: AppTest, name: str) -> None:
    assert f"Signed in as **{name}**" in _texts(at), _texts(at)


def test_signing_out_ends_the_session_on_every_browser() -> None:
    store = _store()
    club.set_up_player(store, "Kim", "4821")
    laptop = _browser("ui/views/practice.py", **SET)
    _sign_in(laptop, "Kim", "4821")
    phone = _browser("ui/views/home.py")
    _sign_in(phone, "Kim", "4821")
    _signed_in_here(laptop, "Kim")
    phone.button(key="player_sign_out").click().run()
    assert "Sign in" in _texts(phone) and "Signed in as" not in _texts(phone)
    laptop.run()  # its next click: the token it holds ended with the sign-out
    assert "Your session has ended" in _texts(laptop) and "Signed in as" not in _texts(laptop)


def test_a_classmates_wrong_pins_never_keep_a_player_out_of_their_own_browser() -> None:
    """Wrong PINs for Kim from other browsers hold up every browser Kim has not signed in
    on, never Kim's own (it keeps its device token across signing out); her teacher sees
    them on My groups."""
    store = _store()
    ada, _, _, kim = _classroom(store)
    own = _browser("ui/views/home.py")
    _sign_in(own, "Kim", "4821")
    _signed_in_here(own, "Kim")
    device = own.session_state[STATE_KEY].club_device
    assert club.read_device(store, device) is not None  # the browser keeps it
    for n in range(12):  # a classmate's burst, from browsers of their own
        guess = club.sign_in(store, "Kim", f"{n:04d}", device=club.new_device())
        assert isinstance(guess, club.Refused)
    elsewhere = _browser("ui/views/home.py")
    _sign_in(elsewhere, "Kim", "4821")
    assert "Too many wrong PINs for this name" in _texts(elsewhere)
    again = _browser("ui/views/home.py", device=device)  # Kim's browser, signed out meanwhile
    _sign_in(again, "Kim", "4821")
    _signed_in_here(again, "Kim")
    teacher = club.sign_in(store, "Ms Ada", "teach1")
    assert isinstance(teacher, club.SignedIn)
    for _ in range(5):  # more guesses after Kim signed in (the last two wait: not tried)
        club.sign_in(store, "Kim", "0000", device=club.new_device())
    page = _teacher_page(teacher.token)
    said = "\n".join(str(w.value) for w in page.warning).replace("\u2060", "").replace("\\", "")
    assert "A wrong PIN was typed for **Kim** 3 times in a row" in said
    (table,) = page.dataframe
    assert list(table.value["Wrong PINs lately"]) == [3]
    group = group_for(store, ada, store.groups_of_teacher(ada)[0].id)
    assert group is not None and member_rows(store, group)[0].wrong_pins == 3
    assert kim == member_rows(store, group)[0].profile_id


def test_a_name_nobody_has_is_answered_as_a_players_name() -> None:
    store = _store()
    club.set_up_player(store, "Kim", "4821")
    said: dict[str, list[list[str]]] = {}
    for name in ("Kim", "Nobody"):
        at = _browser("ui/views/home.py")
        for _ in range(4):
            _sign_in(at, name, "0000")
            said.setdefault(name, []).append([str(e.value) for e in at.error])
    assert said["Kim"] == said["Nobody"]
    assert "Kim" not in repr(said["Kim"])


def test_no_page_shows_where_the_store_is(
    postgres_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hostile input on the sign-up form, and the server gone while a visitor signs in: the
    page says what happened in words, never the server's address, user or port."""
    url = postgres_server.new_database()
    monkeypatch.setenv("CRIBBAGE_TRAINER_DB", url)
    club.set_up_player(Store.open(url), "Kim", "4821")
    at = _browser("ui/views/home.py")
    at.text_input(key="sign_up_name").input("Mo")
    at.text_input(key="sign_up_pin").input("2468")
    at.text_input(key="sign_up_again").input("2468")
    at.text_input(key="sign_up_code").input("AB\x00CD")
    at.button(key="FormSubmitter:sign_up-Make my player").click().run()
    assert not at.exception, at.exception
    said = _texts(at) + "\n".join(str(w.value) for w in at.warning)
    assert "There is no group with the code" in said
    postgres_server.stop("immediate")
    try:
        _sign_in(at, "Kim", "4821")
        said = _texts(at) + "\n".join(str(w.value) for w in [*at.warning, *at.sidebar.warning])
        assert "cannot be reached just now" in said
    finally:
        postgres_server.start()
    for secret in ("postgresql", "127.0.0.1", str(postgres_server.port), "postgres@"):
        assert secret not in said

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

REPO = Path(__file__).resolve().parent.parent
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


def _browser(page: str, token: str = "", **params: str) -> AppTest:
    """A browser opening ``page``: the keeper reports the token it keeps (``""``: none)."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(params)
    at.switch_page(page).run()
    assert not at.exception, at.exception
    needs = page.rsplit("/", 1)[-1] not in ("home.py", "check.py", "chart.py", "glossary.py")
    assert ("checking who is signed in" in _texts(at)) == needs  # waits for the browser
    at.session_state[KEY] = {"token": token}  # the browser says what it keeps, and reruns
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

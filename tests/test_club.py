"""Signing in, in club mode (trainer.progress.club), on each backend: PINs kept only as
salted slow hashes, wrong PINs slowed down (each try counted before its PIN is checked, so
guesses sent at once are held up too), per name and per browser so that nobody can lock a
classmate out, names nobody has answered as a player's are, session tokens that a change, an
expiry, a PIN change or signing out makes worthless, and teachers who can reset only their
own members' PINs."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from trainer.progress import club as club_module
from trainer.progress.club import (
    FREE_TRIES,
    Refused,
    SignedIn,
    change_pin,
    device_token,
    hash_pin,
    new_device,
    new_join_code,
    pin_matches,
    pin_problem,
    read_device,
    register,
    reset_pin,
    session_player,
    set_up_player,
    sign_in,
    sign_out,
    tries_for,
    wait_after,
)
from trainer.progress.store import Store

NOW = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


@pytest.fixture
def store(location: str) -> Store:
    return Store.open(location)


def _signed(result: SignedIn | Refused) -> SignedIn:
    assert isinstance(result, SignedIn), result
    return result


def test_a_pin_is_kept_only_as_a_salted_slow_hash(store: Store) -> None:
    kim = set_up_player(store, "Kim", "4821")
    stored = store.credential(kim.id)
    assert stored is not None and "4821" not in stored.pin_hash
    assert stored.pin_hash.startswith("scrypt$16384$8$1$")
    assert hash_pin("4821") != hash_pin("4821")  # a new salt each time
    assert pin_matches("4821", stored.pin_hash) and not pin_matches("4812", stored.pin_hash)
    assert not pin_matches("4821", "md5$whatever") and not pin_matches("4821", "nonsense")
    rows = store.dump()
    assert not any("4821" in repr(table.rows) for table in rows.values())


@pytest.mark.parametrize(
    ("pin", "message"),
    [("", "Type a PIN first"), ("123", "at least 4"), ("x" * 65, "keep it to 64"),
     (" 1234", "may not start or end with a space"), ("12\u200b34", "invisible")],
)  # fmt: skip
def test_a_pin_that_cannot_be_one_is_refused_with_the_reason(pin: str, message: str) -> None:
    problem = pin_problem(pin)
    assert problem is not None and message in problem


def test_signing_in_needs_the_name_and_its_pin(store: Store) -> None:
    set_up_player(store, "Kim", "4821")
    store.create_profile("Lee")  # no PIN yet: cannot sign in
    signed = _signed(sign_in(store, "  kim ", "4821", now=NOW))
    assert signed.profile.name == "Kim" and signed.role == "player"
    for name, pin in (("Kim", "1111"), ("Lee", "4821"), ("Nobody", "4821")):
        refused = sign_in(store, name, pin, now=NOW)
        assert isinstance(refused, Refused)
        assert refused.message.startswith("That name and PIN do not match a player here.")


def test_wrong_pins_are_slowed_down_for_everyone(store: Store) -> None:
    kim = set_up_player(store, "Kim", "4821")
    assert [wait_after(n) for n in (1, 2, 3, 4)] == [0, 0, 5, 10]
    for _ in range(3):
        refused = sign_in(store, "Kim", "0000", now=NOW)
        assert isinstance(refused, Refused)
    assert isinstance(refused, Refused) and "Wait 5 s before the next try" in refused.message
    held = sign_in(store, "Kim", "4821", now=NOW + timedelta(seconds=2))  # even the right PIN
    assert isinstance(held, Refused)
    assert "Too many wrong PINs for this name: wait 3 s" in held.message
    another_server = Store.open(store.location)  # the wait is in the store, not in a process
    assert isinstance(
        sign_in(another_server, "Kim", "4821", now=NOW + timedelta(seconds=3)), Refused
    )
    assert tries_for(store, [kim])[kim.id].tries == 3  # the two refused while waiting: not tries
    _signed(sign_in(store, "Kim", "4821", now=NOW + timedelta(seconds=6)))
    assert tries_for(store, [kim]) == {}  # the right PIN ends the count


def _parallel_guesses(location: str, monkeypatch: pytest.MonkeyPatch, **devices: bool) -> int:
    """200 wrong PINs for Kim sent at once through three stores (each with its own
    connections); how many PINs were checked."""
    checked: list[str] = []
    real = club_module.pin_matches

    def counting(pin: str, stored: str) -> bool:
        checked.append(pin)
        return real(pin, stored)

    monkeypatch.setattr(club_module, "pin_matches", counting)
    stores = [Store.open(location) for _ in range(3)]
    one_browser = new_device()

    def guess(n: int) -> SignedIn | Refused:
        device = one_browser if devices.get("one_browser") else new_device()
        name = f"Kim{n}" if devices.get("many_names") else "Kim"
        return sign_in(stores[n % 3], name, f"{n:04d}", device=device, now=NOW)

    with ThreadPoolExecutor(24) as pool:
        results = list(pool.map(guess, range(1000, 1200)))
    assert all(isinstance(r, Refused) for r in results)
    return len(checked)


def test_two_hundred_guesses_at_once_check_no_more_pins_than_the_waits_allow(
    location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each try is counted, and its wait taken, before its PIN is checked: of 200 guesses
    arriving together through three app servers, each from a browser of its own, only the
    free tries for the name are checked; from one browser across 200 names, only that
    browser's."""
    store = Store.open(location)
    set_up_player(store, "Kim", "4821")
    assert _parallel_guesses(location, monkeypatch) == FREE_TRIES
    assert _parallel_guesses(location, monkeypatch, one_browser=True, many_names=True) == FREE_TRIES


def test_a_name_nobody_has_takes_the_same_check_and_gets_the_same_words(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_up_player(store, "Kim", "4821")
    hashed: list[int] = []
    real = club_module._key

    def counting(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
        hashed.append(n)
        return real(pin, salt, n, r, p)

    club_module._decoy()  # made once per process, before any try
    monkeypatch.setattr(club_module, "_key", counting)
    said = {}
    for name in ("Kim", "Nobody"):
        hashed.clear()
        answers = [sign_in(store, name, "0000", now=NOW).message for _ in range(4)]  # type: ignore[union-attr]
        said[name] = answers
        assert hashed == [2**14] * 3  # one slow check a try, until the wait holds it up
    assert said["Kim"] == said["Nobody"]
    assert said["Kim"][-1] == "Too many wrong PINs for this name: wait 5 s and try again."
    assert not any("Kim" in message for message in said["Kim"])


def test_nobody_can_lock_a_classmate_out_of_their_own_browser(store: Store) -> None:
    """Wrong PINs for Kim typed on other browsers hold up every browser but the ones Kim
    has signed in on; a browser's own wrong PINs hold it up, whichever name they were for."""
    set_up_player(store, "Kim", "4821")
    set_up_player(store, "Lee", "9999")
    kims = _signed(sign_in(store, "Kim", "4821", device=new_device(), now=NOW)).device
    assert kims is not None and kims.players
    kept = device_token(store, kims)
    assert read_device(store, kept) == kims
    assert read_device(store, kept[:-2] + ("A" if kept[-2] != "A" else "B") + kept[-1]) is None
    for n in range(30):  # a classmate's burst, each from a "new" browser
        assert isinstance(sign_in(store, "Kim", f"{n:04d}", device=new_device(), now=NOW), Refused)
    held = sign_in(store, "Kim", "4821", device=new_device(), now=NOW)
    assert isinstance(held, Refused) and "for this name" in held.message
    _signed(sign_in(store, "Kim", "4821", device=read_device(store, kept), now=NOW))
    # a guesser on one browser is held up whatever name they try next
    guesser = new_device()
    for name in ("Lee", "Mo", "Kim"):
        assert isinstance(sign_in(store, name, "0000", device=guesser, now=NOW), Refused)
    held = sign_in(store, "Lee", "9999", device=guesser, now=NOW)
    assert isinstance(held, Refused) and "for this browser" in held.message
    _signed(sign_in(store, "Lee", "9999", device=new_device(), now=NOW))


def test_signing_out_ends_the_session_everywhere(store: Store) -> None:
    kim = _signed(register(store, "Kim", "4821", now=NOW))
    elsewhere = _signed(sign_in(store, "Kim", "4821", now=NOW))
    assert session_player(store, elsewhere.token, now=NOW) is not None
    sign_out(store, kim.profile.id)
    assert session_player(store, kim.token, now=NOW) is None
    assert session_player(store, elsewhere.token, now=NOW) is None
    again = _signed(sign_in(store, "Kim", "4821", now=NOW))
    assert session_player(store, again.token, now=NOW) is not None


def test_a_token_signs_in_until_it_expires(store: Store) -> None:
    signed = _signed(register(store, "Kim", "4821", now=NOW))
    again = session_player(store, signed.token, now=NOW + timedelta(hours=11))
    assert again is not None and again.profile == signed.profile
    assert session_player(store, signed.token, now=NOW + timedelta(hours=13)) is None


def test_a_changed_or_forged_token_signs_nobody_in(store: Store, tmp_path: Path) -> None:
    kim = _signed(register(store, "Kim", "4821", now=NOW))
    lee = _signed(register(store, "Lee", "9999", now=NOW))
    token = kim.token
    body, _, signature = token.rpartition(".")
    tampered = body.replace(body[2], "A" if body[2] != "A" else "B", 1) + "." + signature
    # The signature changed at its start and near its end. Not its last character: its
    # lowest bits are base64 padding, which decoding drops, so a new last character can
    # leave the same signature.
    first = body + "." + ("A" if signature[0] != "A" else "B") + signature[1:]
    near_end = token[:-2] + ("A" if token[-2] != "A" else "B") + token[-1]
    for bad in (tampered, first, near_end, token[:-2], "", "x" * 600, 42):
        assert session_player(store, bad, now=NOW) is None
    # a token made with another key (another club's store) is not this club's
    other = Store.open(tmp_path / "another-club.sqlite3")
    set_up_player(other, "Kim", "4821")
    foreign = _signed(sign_in(other, "Kim", "4821", now=NOW)).token
    assert session_player(store, foreign, now=NOW) is None
    assert session_player(store, lee.token, now=NOW).profile.name == "Lee"  # type: ignore[union-attr]


def test_a_token_from_before_a_pin_change_signs_nobody_in(store: Store) -> None:
    kim = _signed(register(store, "Kim", "4821", now=NOW))
    elsewhere = kim.token  # the same player signed in on another device
    assert isinstance(change_pin(store, kim.profile.id, "0000", "5555", now=NOW), Refused)
    changed = _signed(change_pin(store, kim.profile.id, "4821", "5555", now=NOW))
    assert session_player(store, elsewhere, now=NOW) is None  # replayed after the change
    assert session_player(store, changed.token, now=NOW) is not None
    assert isinstance(sign_in(store, "Kim", "4821", now=NOW), Refused)
    _signed(sign_in(store, "Kim", "5555", now=NOW))


def test_a_teacher_resets_only_their_own_members_pins(store: Store) -> None:
    ms_ada = set_up_player(store, "Ms Ada", "teach1", role="teacher")
    mr_bo = set_up_player(store, "Mr Bo", "teach2", role="teacher")
    ada_group = store.create_group(ms_ada.id, "Tuesday club", new_join_code())
    store.create_group(mr_bo.id, "Year 5", new_join_code())
    kim = _signed(register(store, "Kim", "4821", ada_group.join_code.lower(), now=NOW))
    lee = _signed(register(store, "Lee", "9999", now=NOW))  # in nobody's group
    assert [m.name for m in store.members(ada_group.id)] == ["Kim"]
    assert store.teaches(ms_ada.id, kim.profile.id) and not store.teaches(mr_bo.id, kim.profile.id)
    for teacher, player in ((mr_bo.id, kim.profile.id), (ms_ada.id, lee.profile.id),
                            (lee.profile.id, kim.profile.id)):  # fmt: skip
        refused = reset_pin(store, teacher, player, "1357")
        assert isinstance(refused, Refused) and "Only the teacher" in refused.message
    assert reset_pin(store, ms_ada.id, kim.profile.id, "1357") is None
    assert session_player(store, kim.token, now=NOW) is None  # the reset ends old sessions
    _signed(sign_in(store, "Kim", "1357", now=NOW))
    assert isinstance(register(store, "Mo", "2468", "NOPE99", now=NOW), Refused)
    assert store.profile_named("Mo") is None  # nothing made for a code that joins nothing


def test_join_codes_are_easy_to_read() -> None:
    codes = {new_join_code() for _ in range(200)}
    assert len(codes) > 190
    assert all(len(c) == 6 and not set(c) & set("0O1I") for c in codes)


def test_the_command_line_makes_a_teacher_and_sets_a_pin(
    location: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from trainer import cli

    monkeypatch.setattr("sys.stdin", io.StringIO("teach1\n"))
    assert cli.main(["club", "add-teacher", "Ms Ada", "--store", location, "--pin-stdin"]) == 0
    assert "Ms Ada can sign in as a teacher" in capsys.readouterr().out
    store = Store.open(location)
    ada = _signed(sign_in(store, "Ms Ada", "teach1", now=NOW))
    assert ada.role == "teacher"
    store.create_profile("Lee")  # a player from family mode, with no PIN yet
    monkeypatch.setattr("sys.stdin", io.StringIO("4444\n"))
    assert cli.main(["club", "set-pin", "lee", "--store", location, "--pin-stdin"]) == 0
    assert _signed(sign_in(store, "Lee", "4444", now=NOW)).role == "player"
    monkeypatch.setattr("sys.stdin", io.StringIO("12\n"))
    assert cli.main(["club", "set-pin", "Lee", "--store", location, "--pin-stdin"]) == 2
    assert "at least 4" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("4444\n"))
    assert cli.main(["club", "set-pin", "Nobody", "--store", location, "--pin-stdin"]) == 2
    assert "there is no player called 'Nobody'" in capsys.readouterr().err

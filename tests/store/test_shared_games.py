"""The store's shared games: people at one game on their own devices, on both backends."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest

from tests.stores import store_at_version
from trainer.progress.store import (
    MIGRATIONS,
    RESIGN_AFTER,
    SCHEMA_VERSION,
    SHARED_GAMES_MIGRATION,
    SHARED_SEATS_MIGRATION,
    SavedGame,
    SharedGame,
    SharedGameError,
    StaleSharedGameError,
    Store,
)

SETUP = "level=easy target=61 skunks=on counting=automatic"


class Club:
    """A store with a teacher, a group of two pupils, and a player outside the group."""

    def __init__(self, location: str) -> None:
        self.store = Store.open(location)
        self.teacher = self.store.create_profile("Ms Ada").id
        self.ann = self.store.create_profile("Ann").id
        self.bo = self.store.create_profile("Bo").id
        self.cy = self.store.create_profile("Cy").id
        self.group = self.store.create_group(self.teacher, "Fridays", "FRI123").id
        for pupil in (self.ann, self.bo):
            self.store.join_group(self.group, pupil)

    def invite(self, game_id: str = "s1", **changes: object) -> SharedGame:
        """Ann invites Bo by name, within the group; Ann deals from seat 0."""
        arguments: dict[str, object] = {
            "people": {0: self.ann, 1: self.bo},
            "turn": 0,
            "group_id": self.group,
        }
        arguments.update(changes)
        return self.store.create_shared_game(
            self.ann,
            game_id,
            SETUP,
            "dealt",
            **arguments,  # type: ignore[arg-type]
        )

    def playing(self, game_id: str = "s1") -> SharedGame:
        self.invite(game_id)
        return self.store.join_shared_game(game_id, self.bo)


@pytest.fixture
def club(location: str) -> Club:
    return Club(location)


def _result(game_id: str, status: str, mine: int, theirs: int) -> SavedGame:
    return SavedGame(
        game_id, SETUP, "easy", 61, "the whole record", status, mine, theirs, place="left"
    )


def test_the_tables_are_a_migration_an_older_store_gains(location: str) -> None:
    assert SHARED_GAMES_MIGRATION in MIGRATIONS
    old = store_at_version(location, MIGRATIONS.index(SHARED_GAMES_MIGRATION))
    ann = old.create_profile("Ann").id
    store = Store.open(location)
    assert store.schema_version() == SCHEMA_VERSION
    bo = store.create_profile("Bo").id
    made = store.create_shared_game(ann, "s1", SETUP, "dealt", {0: ann, 1: bo})
    assert {"shared_games", "shared_seats"} <= set(store.dump())
    assert made.status == "waiting"


def test_an_invitation_by_name_seats_both_and_starts_once_accepted(club: Club) -> None:
    made = club.invite()
    assert (made.status, made.version, made.turn, made.code) == ("waiting", 1, 0, None)
    assert [(s.seat, s.name, s.joined) for s in made.seats] == [(0, "Ann", True), (1, "Bo", False)]
    assert [g.game_id for g in club.store.shared_games_of(club.bo)] == ["s1"]  # the invitation
    with pytest.raises(SharedGameError):
        club.store.join_shared_game("s1", club.cy)  # not invited
    joined = club.store.join_shared_game("s1", club.bo)
    assert joined.status == "playing" and joined.version == 2
    assert all(s.joined for s in joined.seats)
    assert club.store.join_shared_game("s1", club.bo) == joined  # again: nothing changes


def test_only_members_of_the_group_are_invited_by_name(club: Club) -> None:
    with pytest.raises(ValueError, match="members of the group"):
        club.invite(people={0: club.ann, 1: club.cy})
    assert club.store.shared_game("s1") is None
    # at home (no group), anyone on the server
    made = club.invite(people={0: club.ann, 1: club.cy}, group_id=None)
    assert made.group_id is None


def test_a_setup_that_cannot_be_a_shared_game_is_refused(club: Club) -> None:
    with pytest.raises(ValueError, match="host"):
        club.invite(people={0: club.bo, 1: club.cy}, group_id=None)
    with pytest.raises(ValueError, match="one seat"):
        club.invite(people={0: club.ann, 1: club.ann})
    with pytest.raises(ValueError, match="seat from 0"):
        club.invite(people={0: club.ann, 7: club.bo})
    with pytest.raises(ValueError, match="code"):
        club.invite(people={0: club.ann, 1: None})  # a kept seat needs a code
    club.invite()
    with pytest.raises(ValueError, match="taken"):
        club.invite()


def test_a_code_takes_the_kept_seat_once(club: Club) -> None:
    club.invite(people={0: club.ann, 1: None}, code="K7Q2P")
    with pytest.raises(SharedGameError, match="no game waits"):
        club.store.join_by_code("ZZZZZ", club.bo)
    joined = club.store.join_by_code(" k7q 2p ", club.cy)  # any case, spaces left out
    assert joined.status == "playing" and joined.seat_of(club.cy) == 1
    assert joined.code is None  # the code opens nothing more
    with pytest.raises(SharedGameError, match="no game waits"):
        club.store.join_by_code("K7Q2P", club.bo)
    # the code can be given to another game now
    club.invite("s2", people={0: club.ann, 1: None}, code="K7Q2P")


def test_two_people_with_one_code_at_once_take_one_seat(club: Club) -> None:
    club.invite(people={0: club.ann, 1: None}, code="RACE1", group_id=None)

    def join(profile_id: int) -> int | None:
        try:
            return club.store.join_by_code("RACE1", profile_id).seat_of(profile_id)
        except SharedGameError:
            return None

    with ThreadPoolExecutor(2) as pool:
        seats = list(pool.map(join, [club.bo, club.cy]))
    assert sorted(seats, key=str) == [1, None]
    stored = club.store.shared_game("s1")
    assert stored is not None and stored.status == "playing"


def test_a_move_is_saved_over_the_version_read_and_a_device_behind_is_refused(
    club: Club,
) -> None:
    read = club.playing()
    assert club.store.shared_version("s1") == read.version
    ann_moved = club.store.save_shared_game(club.ann, read, record="dealt\nlay 5H", turn=1)
    assert (ann_moved.version, ann_moved.turn) == (read.version + 1, 1)
    assert club.store.shared_version("s1") == ann_moved.version
    with pytest.raises(StaleSharedGameError) as refused:  # Bo's device had not seen it yet
        club.store.save_shared_game(club.bo, read, record="dealt\nlay KS", turn=0)
    assert refused.value.stored == ann_moved
    bo_moved = club.store.save_shared_game(
        club.bo, ann_moved, record="dealt\nlay 5H\nlay KS", turn=0
    )
    assert bo_moved.record.endswith("lay KS")
    assert club.store.shared_version("nobody's") is None


def test_only_a_person_at_the_game_saves_it(club: Club) -> None:
    read = club.playing()
    with pytest.raises(SharedGameError, match="does not sit"):
        club.store.save_shared_game(club.cy, read, record="mine", turn=1)
    waiting = club.invite("s2")
    with pytest.raises(SharedGameError, match="not all taken"):
        club.store.save_shared_game(club.ann, waiting, record="early", turn=1)
    stored = club.store.shared_game("s1")
    assert stored is not None and stored.record == "dealt"


def test_the_end_writes_each_result_under_its_own_profile(club: Club) -> None:
    read = club.playing()
    with pytest.raises(ValueError, match="one row for each person"):
        club.store.save_shared_game(
            club.ann, read, record="won", turn=None,
            results=[(club.ann, _result("s1.0", "won", 61, 40))],
        )  # fmt: skip
    done = club.store.save_shared_game(
        club.ann,
        read,
        record="the whole record",
        turn=None,
        results=[
            (club.ann, _result("s1.0", "won", 61, 40)),
            (club.bo, _result("s1.1", "lost", 40, 61)),
        ],
    )
    assert (done.status, done.turn, done.open) == ("finished", None, False)
    ann_row, bo_row = club.store.game(club.ann, "s1.0"), club.store.game(club.bo, "s1.1")
    assert ann_row is not None and (ann_row.status, ann_row.my_score) == ("won", 61)
    assert bo_row is not None and (bo_row.status, bo_row.my_score) == ("lost", 40)
    assert club.store.game(club.ann, "s1.1") is None  # never under the other's profile
    with pytest.raises(SharedGameError, match="over"):
        club.store.save_shared_game(club.bo, done, record="more", turn=0)
    assert club.store.shared_games_of(club.ann) == []


def test_a_group_lists_its_games_in_progress(club: Club) -> None:
    club.playing("s1")
    club.invite("s2")  # not begun: not listed
    home = club.store.create_shared_game(
        club.ann, "s3", SETUP, "dealt", {0: club.ann, 1: club.cy}
    )  # with a player from outside the group
    club.store.join_shared_game(home.game_id, club.cy)
    assert [g.game_id for g in club.store.group_shared_games(club.group)] == ["s1"]
    other = club.store.create_group(club.teacher, "Mondays", "MON123").id
    assert club.store.group_shared_games(other) == []
    assert {g.game_id for g in club.store.shared_games_of(club.ann)} == {"s1", "s2", "s3"}


def test_the_one_waiting_a_day_may_resign(club: Club) -> None:
    read = club.store.save_shared_game(club.ann, club.playing(), record="lay", turn=1)
    now = datetime.now(UTC)
    with pytest.raises(SharedGameError, match="own turn"):
        club.store.resign_shared_game(club.bo, read, now + RESIGN_AFTER * 2)
    with pytest.raises(SharedGameError, match="a day"):
        club.store.resign_shared_game(club.ann, read, now)
    with pytest.raises(SharedGameError, match="does not sit"):
        club.store.resign_shared_game(club.cy, read, now + RESIGN_AFTER * 2)
    later = now + RESIGN_AFTER + timedelta(minutes=1)
    resigned = club.store.resign_shared_game(
        club.ann,
        read,
        later,
        results=[
            (club.ann, _result("s1.0", "lost", 30, 20)._replace(resigned=True)),
            (club.bo, _result("s1.1", "won", 20, 30)),
        ],
    )
    assert (resigned.status, resigned.resigned_by) == ("resigned", 0)
    row = club.store.game(club.ann, "s1.0")
    assert row is not None and row.resigned
    with pytest.raises(SharedGameError, match="over"):
        club.store.save_shared_game(
            club.bo, read._replace(version=resigned.version), record="x", turn=0
        )


def test_an_invitation_can_be_declined(club: Club) -> None:
    club.invite()
    assert club.store.cancel_shared_game(club.cy, "s1") is None  # not theirs to call off
    cancelled = club.store.cancel_shared_game(club.bo, "s1")
    assert cancelled is not None and cancelled.status == "cancelled"
    assert club.store.shared_games_of(club.ann) == []
    with pytest.raises(SharedGameError, match="over"):
        club.store.join_shared_game("s1", club.bo)


def test_removing_a_player_leaves_the_others_games(club: Club) -> None:
    club.playing()
    club.store.delete_profile(club.bo)
    stored = club.store.shared_game("s1")
    assert stored is not None and [s.name for s in stored.seats] == ["Ann"]


def test_a_player_may_invite_the_members_of_their_groups(club: Club) -> None:
    assert [(g, p.name) for g, p in club.store.invitable(club.ann)] == [(club.group, "Bo")]
    assert club.store.invitable(club.cy) == []


def test_a_stamp_changes_with_each_of_a_players_open_games(club: Club) -> None:
    assert club.store.shared_stamp(club.bo) == (0, 0)
    club.invite()
    invited = club.store.shared_stamp(club.bo)
    assert invited == (1, 1)
    joined = club.store.join_shared_game("s1", club.bo)
    assert club.store.shared_stamp(club.bo) == (1, joined.version) != invited
    club.store.save_shared_game(club.ann, joined, record="lay", turn=1)
    assert club.store.shared_stamp(club.bo) == (1, joined.version + 1)
    assert club.store.shared_stamp(club.cy) == (0, 0)


def test_each_seat_keeps_its_own_coach_hints_and_place(club: Club) -> None:
    club.invite(coach="learning")
    joined = club.store.join_shared_game("s1", club.bo, coach="moves")
    assert [(s.coach, s.hints, s.place) for s in joined.seats] == [
        ("learning", "", ""),
        ("moves", "", ""),
    ]
    kept = club.store.keep_shared_seat("s1", club.bo, hints="1.3", place="seen=9 mark=8 shown=2")
    assert kept is not None and kept.version == joined.version  # the game does not move on
    assert kept.seats[1][4:] == ("moves", "1.3", "seen=9 mark=8 shown=2")
    assert kept.seats[0][4:] == ("learning", "", "")
    assert club.store.keep_shared_seat("s1", club.cy, hints="", place="") is None
    with pytest.raises(ValueError, match="coach"):
        club.store.join_shared_game("s1", club.bo, coach="shouting")


def test_a_code_joins_with_the_joiners_coach(club: Club) -> None:
    made = club.invite(people={0: club.ann, 1: None}, code="ABC123", group_id=None)
    assert made.seats[1].coach == "off"
    joined = club.store.join_by_code("abc123", club.cy, coach="learning")
    assert joined.seats[1][1:5] == (club.cy, "Cy", True, "learning")


def test_the_seats_coach_is_a_migration_an_older_store_gains(location: str) -> None:
    old = store_at_version(location, MIGRATIONS.index(SHARED_SEATS_MIGRATION))
    ann, bo = old.create_profile("Ann").id, old.create_profile("Bo").id
    with old._connect() as conn, conn.write():
        conn.execute(
            "INSERT INTO shared_games (game_id, settings, record, status, host_id, created_at, "
            "updated_at) VALUES ('s1', ?, 'dealt', 'waiting', ?, '2026-01-01 00:00:00.000000', '2026-01-01 00:00:00.000000')",
            (SETUP, ann),
        )
        conn.execute(
            "INSERT INTO shared_seats (game_id, seat, profile_id, joined_at) VALUES "
            "('s1', 0, ?, 'then'), ('s1', 1, ?, '')",
            (ann, bo),
        )
    store = Store.open(location)
    assert store.schema_version() == SCHEMA_VERSION
    found = store.shared_game("s1")
    assert found is not None and [s.coach for s in found.seats] == ["off", "off"]

"""The progress store on each backend (a real SQLite file, then a real PostgreSQL server):
profiles, answers, lessons, schema, export; and where the file lives."""

from __future__ import annotations

import csv
import io
import random
import sqlite3
from collections import Counter
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from tests.stores import add_answer, store_at_version
from trainer.engine.skills import CATEGORIES, Category, DrillType, Mode
from trainer.progress import store as store_module
from trainer.progress.store import (
    CSV_HEADER,
    MIGRATIONS,
    SCHEMA_VERSION,
    InvalidAttemptError,
    ProfileNameError,
    Store,
)
from trainer.training.records import AttemptIn

T0 = datetime(2025, 3, 1, 18, 30, tzinfo=UTC)


def attempt(**changes: object) -> AttemptIn:
    base = AttemptIn(
        drill=DrillType.HAND,
        tier="beginner",
        seed=42,
        question="5H 5D 5C JS | 5S",
        answer="28",
        correct=False,
        points_off=-1,
        missed=(Category.NOBS,),
        seconds=7.5,
        mode=Mode.QUICK,
        at=T0,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


@pytest.fixture
def store(location: str) -> Store:
    """A new store, on each backend in turn (see the ``location`` fixture)."""
    return Store.open(location)


# --- where the file lives ---


def test_env_var_wins_over_setting(tmp_path: Path, _isolated_database: Path) -> None:
    assert store_module.resolve_path(tmp_path / "other.sqlite3") == _isolated_database


def test_setting_used_without_env_var(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CRIBBAGE_TRAINER_DB")
    assert store_module.resolve_path(tmp_path / "x.sqlite3") == tmp_path / "x.sqlite3"


def test_default_is_in_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CRIBBAGE_TRAINER_DB")
    path = store_module.resolve_path(None)
    assert path.name == "progress.sqlite3"
    assert "cribbage-trainer" in path.parts


def test_open_creates_folders_and_a_wal_file_at_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "progress.sqlite3"
    opened = Store.open(path)
    assert path.exists()
    assert opened.notice is None
    assert opened.schema_version() == SCHEMA_VERSION
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_opening_twice_keeps_the_data(store: Store) -> None:
    profile = store.create_profile("Ann")
    add_answer(store, profile.id, attempt())
    again = Store.open(store.location)
    assert again.count_attempts(profile.id) == 1
    assert again.profiles() == [profile]


# --- profiles ---


def test_profile_names_are_trimmed_and_inner_spaces_collapsed(store: Store) -> None:
    assert store.create_profile("  Mum   and  Dad ").name == "Mum and Dad"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Type a name first."),
        ("   \t ", "Type a name first."),
        ("x" * 41, "keep it to 40"),
        ("Bell\x07", "ordinary punctuation"),
        (42, "must be text"),
    ],
)
def test_bad_profile_names_are_refused_with_a_message(
    store: Store, name: object, message: str
) -> None:
    with pytest.raises(ProfileNameError, match=message):
        store.create_profile(name)
    assert store.profiles() == []


def test_profile_names_are_unique_ignoring_case(store: Store) -> None:
    store.create_profile("Zoë")
    with pytest.raises(ProfileNameError, match="already a profile called ZOË"):
        store.create_profile("ZOË")
    assert [p.name for p in store.profiles()] == ["Zoë"]


def test_one_name_typed_two_ways_is_one_player(store: Store) -> None:
    """A separate accent (NFD) or full-width letters are the same name, not a new player."""
    store.create_profile("Zo\u00eb")
    with pytest.raises(ProfileNameError, match="already a profile called Zoë"):
        store.create_profile("Zoe\u0308")
    store.create_profile("Kim")
    with pytest.raises(ProfileNameError, match="already a profile called Kim"):
        store.create_profile("\uff2b\uff49\uff4d")  # ＫＩＭ in full-width letters
    assert [p.name for p in store.profiles()] == ["Zoë", "Kim"]


def test_look_alike_names_are_refused(store: Store) -> None:
    """A Cyrillic letter among Latin ones is refused outright; a name spelt wholly in another
    alphabet is refused when it looks like a player who is already here."""
    kim = store.create_profile("Kim")
    with pytest.raises(
        ProfileNameError, match=r"mixes letters of different alphabets \(Cyrillic and Latin\)"
    ):
        store.create_profile("K\u0456m")  # a Cyrillic і
    with pytest.raises(ProfileNameError, match="looks just like Kim"):
        store.create_profile("\u041a\u0406\u041c")  # КІМ, all Cyrillic
    other = store.create_profile("Анна")  # a Cyrillic name like no one else's is welcome
    with pytest.raises(ProfileNameError, match="looks just like Kim"):
        store.rename_profile(other.id, "\u041a\u0406\u041c")
    assert store.rename_profile(kim.id, "KIM").name == "KIM"  # the same name in capitals
    assert [p.name for p in store.profiles()] == ["KIM", "Анна"]


def test_look_alike_names_in_one_alphabet_are_refused_too(store: Store) -> None:
    """A capital I and a small l (a one, a bar), a zero and a capital O, look alike in many
    fonts: names that differ only by them are one name on screen."""
    store.create_profile("I")
    with pytest.raises(ProfileNameError, match="l looks just like I"):
        store.create_profile("l")
    al = store.create_profile("AI")
    for look_alike in ("Al", "A1", "A|"):
        with pytest.raises(ProfileNameError, match="looks just like AI"):
            store.create_profile(look_alike)
    store.create_profile("OZ")
    with pytest.raises(ProfileNameError, match="looks just like OZ"):
        store.rename_profile(al.id, "0Z")
    for different in ("Ali", "All", "Klm", "KIM"):  # a dot, a case told apart
        store.create_profile(different)
    assert [p.name for p in store.profiles()] == ["I", "AI", "OZ", "Ali", "All", "Klm", "KIM"]


def test_names_are_kept_as_plain_text(store: Store) -> None:
    name = "<b>**Sam**</b> [x](y)"
    assert store.create_profile(name).name == name
    assert store.profiles()[0].name == name


def test_an_answer_with_a_key_is_stored_once_per_profile(store: Store) -> None:
    ann = store.create_profile("Ann")
    bob = store.create_profile("Bob")
    first = add_answer(store, ann.id, attempt(), key="s1/0")
    assert add_answer(store, ann.id, attempt(), key="s1/0") == first  # a reload's repeat
    assert store.add_attempts(ann.id, [(attempt(), "s1/0"), (attempt(), "s1/1"), attempt()]) == 2
    assert add_answer(store, bob.id, attempt(), key="s1/0") != first  # Bob's own place
    assert store.count_attempts(ann.id) == 3
    assert store.saved_keys(ann.id, "s1/") == {"s1/0", "s1/1"}
    assert store.saved_keys(ann.id, "s2/") == frozenset()
    with pytest.raises(InvalidAttemptError, match="key"):
        add_answer(store, ann.id, attempt(), key="x" * 101)


def test_rename_profile(store: Store) -> None:
    ann = store.create_profile("Ann")
    store.create_profile("Bob")
    assert store.rename_profile(ann.id, " Annie ").name == "Annie"
    with pytest.raises(ProfileNameError, match="already a profile called bob"):
        store.rename_profile(ann.id, "bob")
    with pytest.raises(ProfileNameError, match="no longer exists"):
        store.rename_profile(999, "Carl")
    assert [p.name for p in store.profiles()] == ["Annie", "Bob"]


# --- answers ---


def test_an_answer_round_trips_with_every_field(store: Store) -> None:
    profile = store.create_profile("Ann")
    given = attempt(missed=("run", "fifteen"), mode="claim", seconds=12.25, seed=2**62)
    new_id = add_answer(store, profile.id, given, session="s1")
    [recorded] = store.attempts(profile.id)
    assert recorded.id == new_id
    assert recorded.profile_id == profile.id
    # missed categories come back in the canonical order
    assert recorded.attempt == replace(given, missed=(Category.FIFTEEN, Category.RUN))


def test_answers_are_kept_per_profile_and_per_session(store: Store) -> None:
    ann = store.create_profile("Ann")
    bob = store.create_profile("Bob")
    add_answer(store, ann.id, attempt(seed=1), session="a")
    add_answer(store, ann.id, attempt(seed=2), session="b")
    add_answer(store, bob.id, attempt(seed=3), session="a")
    assert [r.attempt.seed for r in store.attempts(ann.id)] == [1, 2]
    assert [r.attempt.seed for r in store.attempts(ann.id, session="b")] == [2]
    assert [r.attempt.seed for r in store.attempts(bob.id)] == [3]
    assert store.count_attempts() == 3


def test_attempts_limit_keeps_the_newest_in_order(store: Store) -> None:
    profile = store.create_profile("Ann")
    store.add_attempts(profile.id, [attempt(seed=n) for n in range(10)])
    assert [r.attempt.seed for r in store.attempts(profile.id, limit=3)] == [7, 8, 9]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"drill": "poker"}, "drill 'poker' is not one of"),
        ({"tier": ""}, "tier is empty"),
        ({"tier": "t" * 41}, "tier is 41 characters"),
        ({"question": ""}, "question is empty"),
        ({"answer": "9" * 501}, "answer is 501 characters"),
        ({"answer": "2\x008"}, "NUL"),
        ({"seed": "12"}, "seed must be a whole number"),
        ({"seed": 2**64}, "does not fit in 64 bits"),
        ({"correct": 1}, "correct must be True or False"),
        ({"points_off": 2.5}, "points_off must be a whole number"),
        ({"points_off": 10**6}, "out of range"),
        ({"seconds": float("nan")}, "seconds must be zero or more"),
        ({"seconds": -1.0}, "seconds must be zero or more"),
        ({"seconds": "3"}, "seconds must be a number"),
        ({"mode": "fast"}, "mode 'fast' is not one of"),
        ({"missed": ("fifteens",)}, "unknown category 'fifteens'"),
        ({"missed": "nobs"}, "missed must be a tuple"),
        ({"at": "yesterday"}, "at must be a datetime"),
    ],
)
def test_bad_answers_are_refused_and_nothing_recorded_is_lost(
    store: Store, changes: dict[str, object], message: str
) -> None:
    profile = store.create_profile("Ann")
    add_answer(store, profile.id, attempt(seed=1))
    with pytest.raises(InvalidAttemptError, match=message):
        add_answer(store, profile.id, attempt(**changes))
    with pytest.raises(InvalidAttemptError, match=message):
        store.add_attempts(profile.id, [attempt(seed=2), attempt(**changes)])
    assert [r.attempt.seed for r in store.attempts(profile.id)] == [1]


def test_an_answer_for_a_missing_profile_is_refused(store: Store) -> None:
    with pytest.raises(InvalidAttemptError, match="no profile 7"):
        add_answer(store, 7, attempt())
    assert store.count_attempts() == 0


def test_a_failed_batch_writes_nothing(store: Store) -> None:
    profile = store.create_profile("Ann")
    with pytest.raises(InvalidAttemptError):
        store.add_attempts(profile.id + 1, [attempt(), attempt()])
    assert store.count_attempts() == 0


def test_every_category_can_be_stored(store: Store) -> None:
    profile = store.create_profile("Ann")
    add_answer(store, profile.id, attempt(missed=tuple(reversed(CATEGORIES))))
    assert store.attempts(profile.id)[0].attempt.missed == CATEGORIES


def test_naive_times_are_taken_as_local_time(store: Store) -> None:
    profile = store.create_profile("Ann")
    naive = datetime(2025, 1, 2, 3, 4, 5)
    add_answer(store, profile.id, attempt(at=naive))
    assert store.attempts(profile.id)[0].attempt.at == naive.astimezone(UTC)


# --- lessons ---


def test_lesson_progress_is_kept_per_profile_and_done_stays_done(store: Store) -> None:
    ann = store.create_profile("Ann")
    bob = store.create_profile("Bob")
    store.save_lesson_progress(ann.id, "the-deal", 2, False)
    store.save_lesson_progress(ann.id, "the-deal", 5, True)
    store.save_lesson_progress(ann.id, "the-deal", 1, False)  # revisiting a done lesson
    store.save_lesson_progress(bob.id, "the-show", 0, False)
    progress = store.lesson_progress(ann.id)
    assert set(progress) == {"the-deal"}
    assert (progress["the-deal"].step, progress["the-deal"].done) == (1, True)
    assert store.lesson_progress(bob.id)["the-show"].done is False


@pytest.mark.parametrize(
    ("lesson_id", "step", "message"),
    [("", 0, "lesson_id is empty"), ("x" * 101, 0, "longer than"), ("a", -1, "step must")],
)
def test_bad_lesson_progress_is_refused(
    store: Store, lesson_id: str, step: int, message: str
) -> None:
    ann = store.create_profile("Ann")
    store.save_lesson_progress(ann.id, "kept", 3, False)
    with pytest.raises(ValueError, match=message):
        store.save_lesson_progress(ann.id, lesson_id, step, False)
    with pytest.raises(ValueError, match="no profile 99"):
        store.save_lesson_progress(99, "kept", 4, False)
    assert store.lesson_progress(ann.id)["kept"].step == 3


# --- export ---


def test_csv_export_has_every_answer_and_defuses_formulas(store: Store) -> None:
    profile = store.create_profile("Ann")
    add_answer(store, profile.id, attempt(answer="=HYPERLINK(1)", missed=("run", "crib-flush")))
    add_answer(
        store, profile.id, attempt(correct=True, points_off=0, missed=(), at=T0 + timedelta(1))
    )
    rows = list(csv.reader(io.StringIO(store.export_csv(profile.id))))
    assert tuple(rows[0]) == CSV_HEADER
    assert len(rows) == 3
    first = dict(zip(CSV_HEADER, rows[1], strict=True))
    assert first["when_utc"] == "2025-03-01T18:30:00Z"
    assert first["answer"] == "'=HYPERLINK(1)"
    assert first["missed"] == "run crib-flush"  # in the trainer's order
    assert first["correct"] == "no"
    assert first["seconds"] == "7.5"
    assert first["points_off"] == "-1"
    assert dict(zip(CSV_HEADER, rows[2], strict=True))["correct"] == "yes"


# --- aggregates (checked against plain Python over the same answers) ---


def random_answers(seed: int, n: int) -> list[AttemptIn]:
    rng = random.Random(seed)
    tiers = {"hand": ["beginner", "club"], "crib": ["trap"], "peg": ["club"], "go": ["beginner"]}
    out = []
    for k in range(n):
        drill = rng.choice(sorted(tiers))
        correct = rng.random() < 0.7
        out.append(
            attempt(
                drill=drill,
                tier=rng.choice(tiers[drill]),
                seed=k,
                correct=correct,
                points_off=0 if correct else rng.choice([-2, 1]),
                missed=() if correct else tuple(rng.sample(CATEGORIES, rng.randint(1, 3))),
                seconds=round(rng.uniform(1, 40), 2),
                at=T0 + timedelta(hours=rng.randint(0, 24 * 20)),
            )
        )
    return out


def runs_of_right(results: list[bool]) -> tuple[int, int]:
    current = best = 0
    for right in results:
        current = current + 1 if right else 0
        best = max(best, current)
    return current, best


@pytest.fixture
def filled(store: Store) -> tuple[Store, int, list[AttemptIn]]:
    ann = store.create_profile("Ann")
    bob = store.create_profile("Bob")
    answers = random_answers(7, 400)
    # Three transactions (one row at a time took seconds): another profile's answers sit
    # between Ann's, so every figure must pick Ann's rows out by profile.
    store.add_attempts(ann.id, answers[:200])
    store.add_attempts(bob.id, [attempt(correct=False)] * 134)
    store.add_attempts(ann.id, answers[200:])
    return store, ann.id, answers


def test_day_summary_matches_the_answers(filled: tuple[Store, int, list[AttemptIn]]) -> None:
    store, profile_id, answers = filled
    expected: dict[tuple[date, str], list[float]] = {}
    for a in answers:
        row = expected.setdefault((a.at.astimezone().date(), a.drill), [0, 0, 0.0])
        row[0] += 1
        row[1] += a.correct
        row[2] += a.seconds
    rows = store.day_summary(profile_id)
    assert [(r.day, r.drill) for r in rows] == sorted(expected)
    for r in rows:
        answers_, correct, seconds = expected[(r.day, r.drill)]
        assert (r.answers, r.correct) == (answers_, correct)
        assert r.seconds == pytest.approx(seconds)


def test_area_and_miss_summaries_match_the_answers(
    filled: tuple[Store, int, list[AttemptIn]],
) -> None:
    store, profile_id, answers = filled
    areas = Counter((a.drill, a.tier) for a in answers)
    right = Counter((a.drill, a.tier) for a in answers if a.correct)
    assert {(r.drill, r.tier): (r.answers, r.correct) for r in store.area_summary(profile_id)} == {
        k: (n, right[k]) for k, n in areas.items()
    }
    misses = Counter((a.drill, a.tier, c) for a in answers for c in a.missed)
    assert {(r.drill, r.tier, r.category): r.misses for r in store.miss_summary(profile_id)} == (
        dict(misses)
    )


def test_streaks_match_the_answers(filled: tuple[Store, int, list[AttemptIn]]) -> None:
    store, profile_id, answers = filled
    assert store.streaks(profile_id) == runs_of_right([a.correct for a in answers])


@pytest.mark.parametrize(
    "results",
    [[], [True], [False], [True, True, False, True], [False, True, True, True], [True] * 5],
)
def test_streaks_at_the_edges(store: Store, results: list[bool]) -> None:
    profile = store.create_profile("Ann")
    for right in results:
        add_answer(store, profile.id, attempt(correct=right, missed=(), points_off=0))
    assert store.streaks(profile.id) == runs_of_right(results)


def test_the_window_of_recent_answers_keeps_the_newest_of_each_area(
    filled: tuple[Store, int, list[AttemptIn]],
) -> None:
    store, profile_id, answers = filled
    recent = store.progress_rows(profile_id, per_area=10, recent=1).window
    expected: list[int] = []
    for area in {(a.drill, a.tier) for a in answers}:
        expected += [a.seed for a in answers if (a.drill, a.tier) == area][-10:]
    assert sorted(r.attempt.seed for r in recent) == sorted(expected)
    assert [r.id for r in recent] == sorted(r.id for r in recent)
    assert all(r.profile_id == profile_id for r in recent)


def test_progress_rows_are_the_aggregates_read_together(
    filled: tuple[Store, int, list[AttemptIn]],
) -> None:
    store, profile_id, _ = filled
    rows = store.progress_rows(profile_id, per_area=10, recent=7)
    assert rows.days == store.day_summary(profile_id)
    assert rows.areas == store.area_summary(profile_id)
    assert rows.misses == store.miss_summary(profile_id)
    assert rows.streaks == store.streaks(profile_id)
    assert rows.recent == store.attempts(profile_id, limit=7)


def test_an_empty_profile_has_empty_aggregates(store: Store) -> None:
    profile = store.create_profile("New")
    assert store.day_summary(profile.id) == []
    assert store.area_summary(profile.id) == []
    assert store.miss_summary(profile.id) == []
    assert store.progress_rows(profile.id, per_area=5, recent=5).window == []
    assert store.streaks(profile.id) == (0, 0)


# --- schema ---


def test_a_first_version_file_is_upgraded_with_its_answers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store_at_version(str(path), 1)
    conn = sqlite3.connect(path)
    results = {1: [True, True, False, True, True, True, False], 2: [False, True, True]}
    for profile_id, name in ((1, "Old"), (2, "Older")):
        conn.execute(
            "INSERT INTO profiles VALUES (?, ?, ?, '2024-01-01 00:00:00.000000')",
            (profile_id, name, name.lower()),
        )
    for k in range(7):  # the two profiles' answers interleaved, as version 1 wrote them
        for profile_id, row in results.items():
            if k < len(row):
                conn.execute(
                    """INSERT INTO attempts (profile_id, at, day, drill, tier, seed, question,
                       answer, correct, points_off, seconds, mode)
                       VALUES (?, '2024-01-01 10:00:00.000000', '2024-01-01', 'hand', 'club',
                               ?, 'q', 'a', ?, 0, 1.5, 'quick')""",
                    (profile_id, k, int(row[k])),
                )
    conn.commit()
    conn.close()

    opened = Store.open(path)
    assert opened.notice is None
    assert opened.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
    assert [p.name for p in opened.profiles()] == ["Old", "Older"]
    assert opened.count_attempts() == 10
    for profile_id, row in results.items():
        assert opened.streaks(profile_id) == runs_of_right(row)
    add_answer(opened, 1, attempt(correct=True, missed=(), points_off=0))
    assert opened.streaks(1) == (1, 3)
    assert opened.check_integrity() == ["ok"]


def test_a_held_connection_keeps_the_log_between_writes(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "held.sqlite3")
    profile = store.create_profile("Ann")
    wal = tmp_path / "held.sqlite3-wal"
    assert not wal.exists()  # the last connection to close checkpointed and removed it
    held = store.hold_open()
    try:
        add_answer(store, profile.id, attempt())
        assert wal.exists()  # this close was not the last: no checkpoint, no sync
        assert store.count_attempts() == 1
        assert Store.open(store.path).count_attempts() == 1  # every connection sees it
    finally:
        held.close()
    assert store.count_attempts() == 1

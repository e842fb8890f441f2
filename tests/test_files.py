"""Reading content files safely (trainer/content/files.py): hostile files (an alias
bomb, deep nesting, huge numbers, looping links, FIFOs, huge files) are refused with a
message naming the file, and every other lesson and drill keeps working."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player, metrics
from trainer.cli import main as cli_main
from trainer.content import catalog as drill_content
from trainer.content import files as content_files
from trainer.content.catalog import load_drills
from trainer.content.files import (
    DRILLS_DIR,
    LESSONS_DIR,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    files_stamp,
    read_yaml,
    yaml_files,
)
from trainer.content.lessons import check_files, course_stamp, lesson_files, load_course
from trainer.content.lessons import course as lesson_content
from trainer.content.validate import validate_paths
from trainer.engine.skills import DrillType
from trainer.training.records import AttemptIn

FIXTURES = Path(__file__).parent / "fixtures"
REAL_LESSONS = [path.name for path in lesson_files()]
REAL_DRILLS = ("hand", "crib", "peg", "go")


def _alias_bomb(folder: Path) -> Path:
    path = folder / "bomb.yaml"
    shutil.copy(FIXTURES / "lessons" / "alias-bomb.yaml", path)
    return path


def _deep(folder: Path) -> Path:
    path = folder / "deep.yaml"
    path.write_text("id: deep\nsteps: " + "[" * 20_000 + "]" * 20_000 + "\n")
    return path


def _deep_mappings(folder: Path) -> Path:
    path = folder / "deep-mappings.yaml"
    path.write_text("id: deep\nsteps: " + "{a: " * 5_000 + "1" + "}" * 5_000 + "\n")
    return path


def _digits(folder: Path) -> Path:
    path = folder / "digits.yaml"
    path.write_text("id: digits\ntitle: x\nsummary: " + "9" * 5_000 + "\n")
    return path


def _self_link(folder: Path) -> Path:
    path = folder / "self.yaml"
    os.symlink(path.name, path)
    return path


def _link_loop(folder: Path) -> Path:
    os.symlink("loop-b.yaml", folder / "loop-a.yaml")
    os.symlink("loop-a.yaml", folder / "loop-b.yaml")
    return folder / "loop-a.yaml"


def _dangling(folder: Path) -> Path:
    path = folder / "dangling.yaml"
    os.symlink("nowhere.yaml", path)
    return path


def _fifo(folder: Path) -> Path:
    path = folder / "fifo.yaml"
    os.mkfifo(path)
    return path


def _folder(folder: Path) -> Path:
    path = folder / "folder.yaml"
    path.mkdir()
    return path


def _huge(folder: Path) -> Path:
    path = folder / "huge.yaml"
    with path.open("wb") as out:
        out.truncate(50 * 1024 * 1024)  # 50 MB (sparse: no disk is written)
    return path


def _just_too_big(folder: Path) -> Path:
    path = folder / "big.yaml"
    path.write_text("id: big\ntitle: " + "x" * MAX_FILE_BYTES + "\n")
    return path


def _not_utf8(folder: Path) -> Path:
    path = folder / "latin.yaml"
    path.write_bytes("id: caf\u00e9\n".encode("latin-1"))
    return path


Maker = Callable[[Path], Path]
HOSTILE: list[tuple[Maker, str]] = [
    (_alias_bomb, "anchors and aliases"),
    (_deep, "nested too deep"),
    (_deep_mappings, "nested too deep"),
    (_digits, "5,000 digits"),
    (_self_link, "loops back on itself"),
    (_link_loop, "loops back on itself"),
    (_dangling, "does not exist"),
    (_fifo, "not a regular file"),
    (_folder, "is a folder"),
    (_huge, "too large (51,200 KB)"),
    (_just_too_big, "too large"),
    (_not_utf8, "not UTF-8"),
]
HOSTILE_IDS = [maker.__name__.strip("_") for maker, _ in HOSTILE]


@pytest.mark.parametrize(("make", "says"), HOSTILE, ids=HOSTILE_IDS)
def test_a_hostile_file_is_one_clear_problem(make: Maker, says: str, tmp_path: Path) -> None:
    path = make(tmp_path)
    read = read_yaml(path, path.name)
    assert read.data is None
    (problem,) = read.problems
    assert problem.file == path.name
    assert says in problem.message


def test_an_alias_is_refused_even_when_small(tmp_path: Path) -> None:
    path = tmp_path / "alias.yaml"
    path.write_text("one: &x [1, 2]\ntwo: *x\n")
    (problem,) = read_yaml(path, "alias.yaml").problems
    assert problem.where == "line 1, column 6"
    assert "&x" in problem.message


def test_nesting_up_to_the_limit_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "nested.yaml"
    path.write_text("[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    read = read_yaml(path, "nested.yaml")
    assert read.problems == ()
    depth, data = 0, read.data
    while isinstance(data, list):
        depth, data = depth + 1, data[0] if data else None
    assert depth == MAX_DEPTH
    path.write_text("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n")
    assert "nested too deep" in read_yaml(path, "nested.yaml").problems[0].message


def test_a_file_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "full.yaml"
    head = "a: "
    path.write_text(head + "x" * (MAX_FILE_BYTES - len(head) - 1) + "\n")
    assert path.stat().st_size == MAX_FILE_BYTES
    assert "a value here is" in read_yaml(path, "full.yaml").problems[0].message  # the value limit
    path.write_text("a: [" + ", ".join(["1"] * ((MAX_FILE_BYTES - 10) // 3)) + "]\n")
    assert path.stat().st_size <= MAX_FILE_BYTES
    assert read_yaml(path, "full.yaml").problems == ()


def test_listing_and_stamping_never_open_or_fail(tmp_path: Path) -> None:
    makers = [_self_link, _fifo, _dangling]
    for make in makers:
        make(tmp_path)
    (tmp_path / "notes.txt").write_text("not content")
    files = yaml_files(tmp_path)
    assert [p.name for p in files] == ["dangling.yaml", "fifo.yaml", "self.yaml"]
    assert [row[1] for row in files_stamp(files)] == [-1, 0, -1]
    assert course_stamp(tmp_path) == files_stamp(files)
    assert yaml_files(tmp_path / "nowhere") == []


# --- the course and the drills keep working -------------------------------------------------


def _course_with_hostile_files(folder: Path) -> list[Path]:
    for name in REAL_LESSONS:
        shutil.copy(LESSONS_DIR / name, folder / name)
    return [make(folder) for make, _ in HOSTILE]


def test_the_course_loads_every_good_lesson_beside_hostile_files(tmp_path: Path) -> None:
    hostile = _course_with_hostile_files(tmp_path)
    course = load_course(tmp_path)
    assert len(course.lessons) == len(REAL_LESSONS)
    broken = {entry.file for entry in course.entries if not entry.ok}
    # a loop of two links is two entries, both refused
    assert broken == {str(p) for p in hostile} | {str(tmp_path / "loop-b.yaml")}
    assert all(problem.file in broken for problem in course.problems)


def test_the_drills_load_beside_hostile_files(tmp_path: Path) -> None:
    for name in REAL_DRILLS:
        shutil.copy(DRILLS_DIR / f"{name}.yaml", tmp_path / f"{name}.yaml")
    hostile = [make(tmp_path) for make, _ in HOSTILE]
    catalog = load_drills(tmp_path)
    assert tuple(catalog.drills) == REAL_DRILLS
    named = {problem.file for problems in catalog.broken.values() for problem in problems}
    assert {str(p) for p in hostile} <= named


def test_the_drills_default_folder_is_read_when_called(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(DRILLS_DIR / "peg.yaml", tmp_path / "peg.yaml")
    monkeypatch.setattr(drill_content, "DRILLS_DIR", tmp_path)
    assert tuple(load_drills().drills) == ("peg",)


def test_validate_names_every_hostile_file_and_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    hostile = _course_with_hostile_files(lessons)
    problems = validate_paths([lessons])
    assert {p.file for p in problems} == {str(p) for p in hostile} | {str(lessons / "loop-b.yaml")}
    assert cli_main(["validate", str(lessons)]) == 2
    out = capsys.readouterr().out
    assert "bomb.yaml: line 1, column 4: uses the YAML anchor &a" in out
    assert "fifo.yaml: is not a regular file" in out


def test_validate_refuses_empty_content_folders(tmp_path: Path) -> None:
    for name in ("lessons", "drills"):
        (tmp_path / name).mkdir()
    (tmp_path / "drills" / "README.md").write_text("no drills yet")
    problems = validate_paths([tmp_path / "lessons", tmp_path / "drills"])
    assert [(p.file, p.message) for p in problems] == [
        (
            str(tmp_path / "lessons"),
            "this folder has no lesson files (*.yaml): the trainer needs at least one",
        ),
        (
            str(tmp_path / "drills"),
            "this folder has no drill files (*.yaml): the trainer needs at least one",
        ),
    ]


def test_validate_names_a_missing_path_and_a_looping_link(tmp_path: Path) -> None:
    link = _self_link(tmp_path)
    problems = validate_paths([tmp_path / "nowhere", link])
    assert [(p.file, p.message) for p in problems] == [
        (str(tmp_path / "nowhere"), "no such file or folder"),
        (str(link), "is a symbolic link that loops back on itself: link it to a real file"),
    ]


def test_a_drill_file_with_an_alias_is_refused() -> None:
    problems = validate_paths([FIXTURES / "drills" / "alias.yaml"])
    (problem,) = problems
    assert problem.file.endswith("tests/fixtures/drills/alias.yaml")
    assert problem.where == "line 5, column 5"
    assert "uses the YAML anchor &easy" in problem.message


# --- prerequisites ----------------------------------------------------------------------------


def test_an_unreadable_lesson_does_not_take_its_dependants_with_it(tmp_path: Path) -> None:
    for name in REAL_LESSONS:
        shutil.copy(LESSONS_DIR / name, tmp_path / name)
    broken = tmp_path / "06-the-show.yaml"
    broken.write_text(broken.read_text().replace("steps:", "steps: [", 1))
    course = load_course(tmp_path)
    assert len(course.lessons) == len(REAL_LESSONS) - 1
    assert course.get("the-show") is None
    assert course.get("counting-order-and-121") is not None  # it lists the show first
    assert {p.file for p in course.problems} == {str(broken)}
    (note,) = [p for p in course.problems if "prerequisite" in p.message]
    assert note.message == (
        "the lesson 'counting-order-and-121' lists this lesson as a prerequisite; "
        "it still opens, without it, until this file is fixed"
    )


def test_a_fifo_lesson_is_matched_to_its_dependants_by_name(tmp_path: Path) -> None:
    for name in REAL_LESSONS:
        if name != "06-the-show.yaml":
            shutil.copy(LESSONS_DIR / name, tmp_path / name)
    os.mkfifo(tmp_path / "06-the-show.yaml")
    course = load_course(tmp_path)
    assert len(course.lessons) == len(REAL_LESSONS) - 1
    assert {p.file for p in course.problems} == {str(tmp_path / "06-the-show.yaml")}


def test_checking_one_dependant_does_not_blame_it_for_a_broken_sibling(tmp_path: Path) -> None:
    for name in ("06-the-show.yaml", "07-counting-order-and-121.yaml"):
        shutil.copy(LESSONS_DIR / name, tmp_path / name)
    (tmp_path / "06-the-show.yaml").write_text("id: the-show\nsteps: [\n")
    assert check_files([tmp_path / "07-counting-order-and-121.yaml"]) == []


def test_a_misspelt_prerequisite_is_reported_but_the_lesson_opens(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "lessons" / "unknown-prerequisite.yaml", tmp_path / "x.yaml")
    course = load_course(tmp_path)
    (entry,) = course.entries
    assert entry.ok
    (problem,) = entry.problems
    assert problem.message == "no lesson has the id 'no-such-lesson'"


def test_a_prerequisite_cycle_is_named_once_and_the_lessons_still_open() -> None:
    folder = FIXTURES / "lessons" / "prerequisite-cycle"
    problems = validate_paths([folder])
    (problem,) = problems
    assert problem.file.endswith("prerequisite-cycle/01-first.yaml")
    assert problem.where == "lesson 'first', field 'prerequisites'"
    assert "go round in a circle: first → third → second → first" in problem.message
    assert len(load_course(folder).lessons) == 3


def test_a_lesson_cannot_need_itself_through_a_chain_longer_than_the_course(
    tmp_path: Path,
) -> None:
    text = (FIXTURES / "lessons" / "prerequisite-cycle" / "01-first.yaml").read_text()
    for index in range(300):  # a long chain is walked without recursion
        wanted = f"l{(index + 1) % 300}"
        body = text.replace("id: first", f"id: l{index}").replace("[third]", f"[{wanted}]")
        (tmp_path / f"{index:03}.yaml").write_text(body)
    (problem,) = validate_paths([tmp_path])
    assert problem.message.count("→") == 300


# --- the pages --------------------------------------------------------------------------------

APP = str(Path(__file__).resolve().parent.parent / "trainer" / "app.py")


@pytest.fixture
def hostile_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The app's lessons and drills, copied beside every kind of hostile file."""
    lessons, drills = tmp_path / "lessons", tmp_path / "drills"
    lessons.mkdir()
    drills.mkdir()
    _course_with_hostile_files(lessons)
    for name in REAL_DRILLS:
        shutil.copy(DRILLS_DIR / f"{name}.yaml", drills / f"{name}.yaml")
    for make in (_alias_bomb, _deep, _digits, _self_link, _fifo, _huge):
        make(drills)
    monkeypatch.setattr(lesson_content, "LESSONS_DIR", lessons)
    monkeypatch.setattr(content_files, "DRILLS_DIR", drills)
    monkeypatch.setattr(drill_content, "DRILLS_DIR", drills)
    st.cache_data.clear()
    yield tmp_path
    st.cache_data.clear()


def _page(name: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    as_player(at)
    at.run()
    at.switch_page(f"ui/views/{name}.py").run()
    assert not at.exception, at.exception
    return at


@pytest.mark.usefixtures("hostile_content")
def test_the_learn_page_shows_every_good_lesson_and_names_the_broken_files() -> None:
    at = _page("learn")
    good = load_course().lessons  # the monkeypatched folder
    assert len(good) == len(REAL_LESSONS)
    assert at.progress[0].proto.text == f"0 of {len(REAL_LESSONS)} lessons done"
    errors = "\n".join(e.value for e in at.error)
    assert len(at.error) == len(HOSTILE) + 1
    for name in ("bomb.yaml", "deep.yaml", "fifo.yaml", "self.yaml", "huge.yaml"):
        assert name in errors
    for lesson in good:
        assert at.button(key=f"learn_open_{lesson.id}")


@pytest.mark.usefixtures("hostile_content")
def test_the_practice_page_deals_every_good_drill_and_names_the_broken_files() -> None:
    at = _page("practice")
    offered = at.pills(key="practice_pick_drill").options
    assert len(offered) == len(REAL_DRILLS) + 1  # and mixed
    broken = [e.label for e in at.expander if "unavailable" in e.label]
    assert broken == [
        f"The {name}.yaml drill is unavailable"
        for name in ("bomb", "deep", "digits", "fifo", "huge", "self")
    ]


@pytest.mark.usefixtures("hostile_content")
def test_the_progress_page_renders_beside_hostile_drill_files() -> None:
    first = AppTest.from_string(
        "import streamlit as st\nfrom trainer.ui import session\n"
        "for attempt in st.session_state.pop('answers', []):\n"
        "    session.record_attempt(attempt)\n",
        default_timeout=30,
    )
    as_player(first)
    first.session_state["answers"] = [
        AttemptIn(
            drill=DrillType.PEG,
            tier="beginner",
            seed=1,
            question="5H 10D",
            answer="2",
            correct=True,
            points_off=0,
            missed=(),
            seconds=5.0,
            at=datetime.now(UTC),
        )
    ]
    first.run()
    assert not first.exception
    at = _page("progress")
    assert {m.label: m.value for m in metrics(at)}["Answers"] == "1"

"""The course: every lesson file of a folder loaded in order, each file's problems kept
with it, and what the lessons say about each other (prerequisites) checked together."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import (
    ValidationError,
)

from trainer.content.files import (
    LESSONS_DIR,
    ContentProblem,
    display_path,
    files_stamp,
    read_text,
    read_yaml,
    yaml_files,
)
from trainer.content.lessons.lesson import Lesson, Step
from trainer.content.lessons.problems import explain_errors, raw_id, where_in

#: Why the engine cannot deal new cards for a step's question (``None`` when it can). The
#: lessons' dealer, a layer above the loaders, supplies it
#: (:func:`trainer.training.learn.kind_problem`); without one, only the file's fields are
#: checked.
KindCheck = Callable[[Lesson, Step], str | None]

#: The course's glossary (see :mod:`trainer.content.glossary`) lives beside the lessons
#: under this name; it is not a lesson.
GLOSSARY_FILE = "glossary.yaml"


@dataclass(frozen=True, slots=True)
class CourseEntry:
    """One lesson file: the lesson when it loaded, else the problems that stopped it."""

    file: str
    id: str | None
    title: str
    lesson: Lesson | None
    problems: tuple[ContentProblem, ...]

    @property
    def ok(self) -> bool:
        return self.lesson is not None


@dataclass(frozen=True, slots=True)
class Course:
    """Every lesson file in order; broken files stay listed with their problems."""

    entries: tuple[CourseEntry, ...]

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return tuple(entry.lesson for entry in self.entries if entry.lesson is not None)

    @property
    def problems(self) -> tuple[ContentProblem, ...]:
        return tuple(problem for entry in self.entries for problem in entry.problems)

    def get(self, lesson_id: str) -> Lesson | None:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        return None

    def number(self, lesson_id: str) -> int:
        """The lesson's place in the course, from 1."""
        for index, entry in enumerate(self.entries, start=1):
            if entry.id == lesson_id:
                return index
        raise KeyError(lesson_id)

    def title(self, lesson_id: str) -> str:
        """The title of the lesson ``lesson_id``, as the course map shows it ("a lesson not
        in the course" when no file holds it: a learner never sees a raw id)."""
        for entry in self.entries:
            if entry.id == lesson_id:
                return entry.title
        return "a lesson not in the course"

    def question_keys(self) -> tuple[str, ...]:
        """The key of every question kind in the course, in course order (see
        :func:`~trainer.content.lessons.lesson.question_key`)."""
        return tuple(key for lesson in self.lessons for key in lesson.question_keys())

    def has(self, lesson_id: str) -> bool:
        """A file of the course holds the lesson ``lesson_id`` (read, or not)."""
        return any(entry.id == lesson_id for entry in self.entries)


def lesson_files(folder: Path | None = None) -> list[Path]:
    """The lesson files of a folder (default: the course's), in course order (by file name).

    Every ``*.yaml`` entry is listed, even one that is not a plain file (a FIFO, a
    link that loops): loading it then reports it, unopened, instead of skipping it."""
    folder = LESSONS_DIR if folder is None else folder
    if not folder.is_dir():
        return []
    return [path for path in yaml_files(folder) if path.name != GLOSSARY_FILE]


def course_stamp(folder: Path | None = None) -> tuple[tuple[str, int, int], ...]:
    """Names, sizes and modification times of the lesson files: changes when a file does."""
    return files_stamp(lesson_files(folder))


def load_course(folder: Path | None = None, kinds: KindCheck | None = None) -> Course:
    """Load every lesson file of ``folder`` (default: ``lessons/``); a broken file is listed
    with its problems, and every other lesson still loads. With ``kinds``, a question
    whose kind the engine cannot deal is a problem of its file too."""
    return Course(tuple(_check(lesson_files(folder), kinds)))


def check_files(
    files: Sequence[str | Path], kinds: KindCheck | None = None
) -> list[ContentProblem]:
    """Every problem in these lesson files, each naming the file, lesson, step and field."""
    return [
        problem for entry in _check([Path(f) for f in files], kinds) for problem in entry.problems
    ]


def _kind_problems(file: str, lesson: Lesson, kinds: KindCheck) -> list[ContentProblem]:
    """Each question of ``lesson`` whose kind the engine cannot deal, at its ``deal`` field
    (or its ``check``, for a kind that follows from the question's own cards)."""
    problems = []
    for number, step in enumerate(lesson.steps, start=1):
        if step.check is None:
            continue
        reason = kinds(lesson, step)
        if reason:
            field = "check.deal" if hasattr(step.check, "deal") else "check"
            where = f"lesson {lesson.id!r}, step {number} {step.id!r}, field {field!r}"
            problems.append(ContentProblem(file, where, reason))
    return problems


# --- loading ------------------------------------------------------------------------------------


def _read(path: Path, file: str) -> tuple[Any, list[ContentProblem]]:
    read = read_yaml(path, file)
    if read.problems:
        return None, list(read.problems)
    data = read.data
    if not isinstance(data, dict):
        return None, [
            ContentProblem(
                file, "", "a lesson file holds one lesson: keys id, title, summary and steps"
            )
        ]
    twice = [ContentProblem(file, where_in(d.loc, data), d.message()) for d in read.duplicates]
    return (None if twice else data), twice


_ID_LINE = re.compile(r"^id:[ \t]*[\"']?([a-z0-9]+(?:-[a-z0-9]+)*)[\"']?[ \t]*(?:#.*)?$", re.M)


def _guess_id(path: Path) -> str:
    """The id a lesson file that cannot be read was probably meant to have: its
    ``id:`` line if the text can be read at all, else its file name without the
    leading number (``05-the-show.yaml`` → ``the-show``)."""
    text, _ = read_text(path, str(path))
    if text is not None and (match := _ID_LINE.search(text)):
        return match.group(1)
    return re.sub(r"^[0-9]+-", "", path.stem)


def _cycles(graph: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """Every prerequisite cycle once, each as the ids around it (first id repeated at the end),
    found without recursion."""
    cycles: list[list[str]] = []
    seen_cycles: set[frozenset[str]] = set()
    done: set[str] = set()
    for root in graph:
        if root in done:
            continue
        path: list[str] = [root]
        on_path = {root}
        stack = [iter(graph.get(root, ()))]
        while stack:
            following = next(stack[-1], None)
            if following is None:
                stack.pop()
                done.add(path[-1])
                on_path.discard(path.pop())
                continue
            if following in on_path:
                loop = path[path.index(following) :]
                if frozenset(loop) not in seen_cycles:
                    seen_cycles.add(frozenset(loop))
                    cycles.append([*loop, following])
            elif following not in done and following in graph:
                path.append(following)
                on_path.add(following)
                stack.append(iter(graph[following]))
    return cycles


def _check(files: Sequence[Path], kinds: KindCheck | None = None) -> list[CourseEntry]:
    """Load and check ``files`` together.

    A file's own mistakes keep its lesson out of the course. Problems *between*
    lessons do not: prerequisites only say which lesson is best first, so a
    learner is better served by a lesson that opens than by one hidden because
    another file is broken. A prerequisite that names a lesson file which cannot
    be read is reported once, on that file; one that names no lesson at all, and
    prerequisites that go round in a circle, are reported on the lesson that
    lists them (``validate`` fails) while the lesson still opens.
    """
    loaded: list[tuple[Path, str, Any, Lesson | None, list[ContentProblem]]] = []
    for path in files:
        file = display_path(path)
        data, problems = _read(path, file)
        lesson = None
        if data is not None:
            try:
                lesson = Lesson.model_validate(data)
            except ValidationError as err:
                problems = explain_errors(err, file, data)
            if lesson is not None and kinds is not None:
                problems = _kind_problems(file, lesson, kinds)
        loaded.append((path, file, data, lesson, problems))

    # Lessons in the same folders but not checked now, and files that cannot be read at
    # all, by the id they were probably meant to have.
    known, unreadable = _sibling_ids(files)
    known |= {i for _, _, data, _, _ in loaded if (i := raw_id(data))}
    for path, file, data, _, _ in loaded:
        if data is None:
            unreadable.setdefault(_guess_id(path), file)
    for known_id in known:
        unreadable.pop(known_id, None)

    first_file: dict[str, str] = {}
    blocking: list[list[ContentProblem]] = []
    advice: list[list[ContentProblem]] = []
    waiting: dict[str, list[str]] = {}  # an unreadable file -> lessons that list it first
    for _, file, data, lesson, problems in loaded:
        lesson_id = raw_id(data)
        where = f"lesson {lesson_id!r}"
        notes: list[ContentProblem] = []
        if lesson_id is not None and lesson_id in first_file:
            problems.append(
                ContentProblem(
                    file,
                    f"{where}, field 'id'",
                    f"the lesson id {lesson_id!r} is already used by {first_file[lesson_id]}",
                )
            )
        elif lesson_id is not None:
            first_file[lesson_id] = file
        if lesson is not None:
            for index, name in enumerate(lesson.prerequisites):
                if name in known:
                    continue
                if name in unreadable:
                    waiting.setdefault(unreadable[name], []).append(lesson.id)
                    continue
                notes.append(
                    ContentProblem(
                        file,
                        f"{where}, field 'prerequisites[{index}]'",
                        f"no lesson has the id {name!r}",
                    )
                )
        blocking.append(problems)
        advice.append(notes)

    graph = {
        lesson.id: lesson.prerequisites
        for _, _, _, lesson, problems in loaded
        if lesson is not None
    }
    for cycle in _cycles(graph):
        start = next(i for i, row in enumerate(loaded) if raw_id(row[2]) == cycle[0])
        advice[start].append(
            ContentProblem(
                loaded[start][1],
                f"lesson {cycle[0]!r}, field 'prerequisites'",
                "the prerequisites go round in a circle: "
                + " → ".join(cycle)
                + " (each would have to come before itself); take one out",
            )
        )

    entries: list[CourseEntry] = []
    for (_, file, data, lesson, _), problems, notes in zip(loaded, blocking, advice, strict=True):
        if file in waiting:
            names = ", ".join(repr(name) for name in waiting[file])
            one = len(waiting[file]) == 1
            problems.append(
                ContentProblem(
                    file,
                    "",
                    f"the lesson{'' if one else 's'} {names} list{'s' if one else ''} this "
                    f"lesson as a prerequisite; {'it still opens' if one else 'they still open'}"
                    ", without it, until this file is fixed",
                )
            )
        title = data.get("title") if isinstance(data, dict) else None
        entries.append(
            CourseEntry(
                file=file,
                id=raw_id(data),
                title=title if isinstance(title, str) and title.strip() else Path(file).stem,
                lesson=lesson if not problems else None,
                problems=(*problems, *notes),
            )
        )
    return entries


def _sibling_ids(files: Sequence[Path]) -> tuple[set[str], dict[str, str]]:
    """Lesson ids in the folders of ``files``, so checking one file still knows the rest:
    the ids read, and the ids guessed for files that cannot be read (with their names)."""
    ids: set[str] = set()
    unreadable: dict[str, str] = {}
    for folder in {path.parent for path in files}:
        for path in lesson_files(folder):
            if path in files:
                continue
            data, _ = _read(path, str(path))
            if (found := raw_id(data)) is not None:
                ids.add(found)
            elif data is None:
                unreadable.setdefault(_guess_id(path), display_path(path))
    return ids, unreadable

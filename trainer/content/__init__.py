"""Content as validated data: lessons (``lessons/*.yaml``) and drills (``drills/*.yaml``).

Each loader validates a file once, into frozen objects, and reports every
problem as a :class:`ContentProblem` naming the file, the item and the field.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
LESSONS_DIR = REPO_ROOT / "lessons"
DRILLS_DIR = REPO_ROOT / "drills"


@dataclass(frozen=True, slots=True)
class ContentProblem:
    """One thing wrong in a content file: where it is and what is wrong."""

    file: str
    where: str
    message: str

    def __str__(self) -> str:
        place = f"{self.file}: {self.where}" if self.where else self.file
        return f"{place}: {self.message}"


class ContentError(ValueError):
    """A content file (or set of files) failed validation."""

    def __init__(self, problems: Sequence[ContentProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True, slots=True)
class DuplicateKey:
    """A key written twice in one YAML mapping (YAML itself silently keeps the last)."""

    loc: tuple[str | int, ...]  # path to the key, as pydantic writes locations
    key: str
    first_line: int
    second_line: int

    def message(self) -> str:
        return (
            f"the key {self.key!r} is written twice "
            f"(lines {self.first_line} and {self.second_line}); keep one"
        )


@dataclass(frozen=True, slots=True)
class YamlFile:
    """A content file as read: its data, or why it could not be read."""

    data: Any
    duplicates: tuple[DuplicateKey, ...]
    problems: tuple[ContentProblem, ...]


def _duplicate_keys(node: yaml.Node, loc: tuple[str | int, ...] = ()) -> list[DuplicateKey]:
    found: list[DuplicateKey] = []
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in seen:
                found.append(DuplicateKey((*loc, key), key, seen[key], line))
            else:
                seen[key] = line
            found.extend(_duplicate_keys(value_node, (*loc, key)))
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            found.extend(_duplicate_keys(item, (*loc, index)))
    return found


def display_path(path: Path) -> str:
    """How problems name a file: relative to the repository when inside it."""
    try:
        return path.resolve().relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def read_yaml(path: Path, file: str) -> YamlFile:
    """Read one content file safely; ``file`` is how problems name it.

    Unreadable text and bad YAML become problems (with the line and column);
    keys written twice are listed so each loader can say where they are.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return YamlFile(None, (), (ContentProblem(file, "", f"cannot be read: {err}"),))
    try:
        data = yaml.safe_load(text)
        tree = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = ContentProblem(file, where, f"this is not valid YAML: {err.problem}")
        return YamlFile(None, (), (problem,))
    except yaml.YAMLError as err:
        return YamlFile(None, (), (ContentProblem(file, "", f"this is not valid YAML: {err}"),))
    if data is None:
        return YamlFile(None, (), (ContentProblem(file, "", "the file is empty"),))
    duplicates = tuple(_duplicate_keys(tree)) if tree is not None else ()
    return YamlFile(data, duplicates, ())


def _yaml_files(paths: Iterable[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.y*ml") if p.suffix in (".yaml", ".yml")))
        else:
            files.append(path)
    return files


def validate_paths(paths: Sequence[str | Path] = ()) -> list[ContentProblem]:
    """Check lesson and drill files (default: the repository's ``lessons/`` and ``drills/``).

    A file is a lesson file when it sits under a folder named ``lessons``, a
    drill file when under ``drills``; otherwise its top-level keys decide.
    """
    from trainer.content import drills, lessons

    targets = [Path(p) for p in paths] or [LESSONS_DIR, DRILLS_DIR]
    problems: list[ContentProblem] = []
    missing = [p for p in targets if not p.exists()]
    problems.extend(ContentProblem(str(p), "", "no such file or folder") for p in missing)
    lesson_files: list[Path] = []
    drill_files: list[Path] = []
    for file in _yaml_files(p for p in targets if p.exists()):
        parts = {part.lower() for part in file.resolve().parts}
        if "drills" in parts and "lessons" not in parts:
            drill_files.append(file)
        elif "lessons" in parts:
            lesson_files.append(file)
        elif drills.looks_like_drill_file(file):
            drill_files.append(file)
        else:
            lesson_files.append(file)
    if lesson_files:
        problems.extend(lessons.check_files(lesson_files))
    if drill_files:
        problems.extend(drills.check_files(drill_files))
    return problems

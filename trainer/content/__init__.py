"""Content as validated data: lessons (``lessons/*.yaml``) and drills (``drills/*.yaml``).

Each loader validates a file once, into frozen objects, and reports every
problem as a :class:`ContentProblem` naming the file, the item and the field.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

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
        if file.name.lower() == "readme.md":
            continue
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

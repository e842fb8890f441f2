"""``validate``: check lesson and drill files together, as the command line does.

It sits beside the loaders (it uses both); the drill generator's dealability check
comes in as ``check``, and the lessons' (can the engine deal each question's kind?) as
``kinds``, from the layer above.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from trainer.content import catalog, glossary, lessons
from trainer.content.catalog import DealCheck
from trainer.content.files import DRILLS_DIR, LESSONS_DIR, ContentProblem, display_path, resolved


def _yaml_files(paths: Iterable[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.y*ml") if p.suffix in (".yaml", ".yml")))
        else:
            files.append(path)
    return files


def _empty_folders(present: list[Path]) -> list[ContentProblem]:
    """A problem for each folder of ``present`` with no content files in it."""
    problems = []
    for folder in present:
        if folder.is_dir() and not _yaml_files([folder]):
            what = {"lessons": "lesson", "drills": "drill"}.get(resolved(folder).name, "content")
            problems.append(
                ContentProblem(
                    display_path(folder),
                    "",
                    f"this folder has no {what} files (*.yaml): the trainer needs at least one",
                )
            )
    return problems


def _sorted_files(present: list[Path]) -> tuple[list[Path], list[Path], list[Path]]:
    """The content files under ``present``: lesson files, drill files and glossaries (see
    :func:`validate_paths`)."""
    lesson_files: list[Path] = []
    drill_files: list[Path] = []
    glossary_files: list[Path] = []
    for file in _yaml_files(present):
        if file.name == lessons.GLOSSARY_FILE:
            glossary_files.append(file)
            continue
        parts = {part.lower() for part in resolved(file).parts}
        if "drills" in parts and "lessons" not in parts:
            drill_files.append(file)
        elif "lessons" in parts:
            lesson_files.append(file)
        elif catalog.looks_like_drill_file(file):
            drill_files.append(file)
        else:
            lesson_files.append(file)
    return lesson_files, drill_files, glossary_files


def validate_paths(
    paths: Sequence[str | Path] = (),
    check: DealCheck | None = None,
    kinds: lessons.KindCheck | None = None,
) -> list[ContentProblem]:
    """Check lesson and drill files (default: the repository's ``lessons/`` and ``drills/``).

    A file is a lesson file when it sits under a folder named ``lessons``, a
    drill file when under ``drills``; otherwise its top-level keys decide. A file named
    ``glossary.yaml`` is the glossary of the lessons beside it: its terms are checked,
    and so are the words of those lessons (none used before it is taught).
    """
    targets = [Path(p) for p in paths] or [LESSONS_DIR, DRILLS_DIR]
    problems: list[ContentProblem] = []
    present = [p for p in targets if os.path.lexists(p)]
    problems.extend(
        ContentProblem(str(p), "", "no such file or folder") for p in targets if p not in present
    )
    problems.extend(_empty_folders(present))
    lesson_files, drill_files, glossary_files = _sorted_files(present)
    if lesson_files:
        problems.extend(lessons.check_files(lesson_files, kinds))
    if drill_files:
        problems.extend(catalog.check_files(drill_files, check))
    for file in glossary_files:
        problems.extend(glossary.check_glossary_file(file))
    return problems

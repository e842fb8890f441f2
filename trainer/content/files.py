"""Content as validated data: lessons (``lessons/*.yaml``) and drills (``drills/*.yaml``).

Each loader validates a file once, into frozen objects, and reports every
problem as a :class:`ContentProblem` naming the file, the item and the field.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

PACKAGE_DIR = Path(__file__).resolve().parents[1]
#: The checkout (or, installed, the folder the package sits in): problems name files from here.
REPO_ROOT = PACKAGE_DIR.parent
#: The course as the package ships it. In a checkout ``trainer/course/lessons`` and
#: ``trainer/course/drills`` are links to the ``lessons/`` and ``drills/`` folders at the
#: top; a wheel holds copies of them there (package data), so an installed trainer finds
#: the same course the checkout runs.
COURSE_DIR = PACKAGE_DIR / "course"
LESSONS_DIR = COURSE_DIR / "lessons"
DRILLS_DIR = COURSE_DIR / "drills"


@dataclass(frozen=True, slots=True)
class ContentProblem:
    """One thing wrong in a content file: where it is and what is wrong."""

    file: str
    where: str
    message: str

    def __str__(self) -> str:
        place = f"{self.file}: {self.where}" if self.where else self.file
        return f"{place}: {self.message}"


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


#: The largest content file read, in bytes: a lesson is a few kilobytes.
MAX_FILE_BYTES = 256 * 1024
#: How deep lists and mappings may nest in a content file (lessons use about six levels).
MAX_DEPTH = 50
#: The longest single value (a step's text, a line of cards), in characters.
MAX_VALUE_CHARS = 20_000
#: The most digits a number in a content file may have.
MAX_NUMBER_DIGITS = 18

_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"


class _Refused(Exception):
    """Why a content file's YAML is refused before it is built into data."""

    def __init__(self, message: str, mark: Any = None) -> None:
        self.mark = mark
        super().__init__(message)


class _ContentLoader(yaml.SafeLoader):
    """PyYAML's safe loader with limits: no anchors or aliases (so no alias bomb), at most
    :data:`MAX_DEPTH` levels of nesting (checked before the composer recurses), and no
    value longer than :data:`MAX_VALUE_CHARS` or number longer than :data:`MAX_NUMBER_DIGITS`."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event: yaml.Event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(
                f"uses the YAML alias *{event.anchor}: content files do not use anchors "
                "and aliases; write the value out where it is needed",
                event.start_mark,
            )
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused(
                f"uses the YAML anchor &{anchor}: content files do not use anchors "
                "and aliases; write the value out where it is needed",
                event.start_mark,
            )
        if isinstance(event, yaml.ScalarEvent):
            if len(event.value) > MAX_VALUE_CHARS:
                raise _Refused(
                    f"a value here is {len(event.value):,} characters long; "
                    f"the most is {MAX_VALUE_CHARS:,}",
                    event.start_mark,
                )
            node = super().compose_node(parent, index)
            if node is not None and node.tag in (_INT_TAG, _FLOAT_TAG):
                digits = sum(ch.isdigit() for ch in str(node.value))
                if digits > MAX_NUMBER_DIGITS:
                    raise _Refused(
                        f"a number here has {digits:,} digits; the most is {MAX_NUMBER_DIGITS}",
                        event.start_mark,
                    )
            return node
        if isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
            if self._depth >= MAX_DEPTH:
                raise _Refused(
                    f"lists and mappings are nested too deep here (more than {MAX_DEPTH} levels)",
                    event.start_mark,
                )
            self._depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1
        return super().compose_node(parent, index)


def _duplicate_keys(node: yaml.Node, loc: tuple[str | int, ...] = ()) -> list[DuplicateKey]:
    """Keys written twice, anywhere in the tree (a tree: :class:`_ContentLoader` allows no
    aliases, so no node is visited twice, and its depth is bounded)."""
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


def resolved(path: Path) -> Path:
    """``path`` made absolute, its links followed where they lead somewhere (a link that
    loops, or points nowhere, is left as it is)."""
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError):
        return path.absolute()


def display_path(path: Path) -> str:
    """How problems name a file: relative to the repository when inside it."""
    try:
        return resolved(path).relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def _size(count: int) -> str:
    return f"{count / 1024:,.0f} KB" if count >= 1024 else f"{count} bytes"


def read_text(path: Path, file: str) -> tuple[str | None, ContentProblem | None]:
    """The text of a content file, or why it is refused, without ever blocking.

    The file is looked at (``stat``) before it is opened: a link that loops or
    points nowhere, a folder, a FIFO or a device is refused unopened; a file over
    :data:`MAX_FILE_BYTES` is refused unread, and at most that many bytes (plus
    one) are ever read, in case it grew meanwhile.
    """

    def refuse(message: str) -> tuple[None, ContentProblem]:
        return None, ContentProblem(file, "", message)

    try:
        info = os.stat(path)
    except OSError as err:
        if err.errno == errno.ELOOP:
            return refuse("is a symbolic link that loops back on itself: link it to a real file")
        if err.errno == errno.ENOENT:
            if os.path.islink(path):
                return refuse("is a symbolic link to a file that does not exist")
            return refuse("no such file")
        return refuse(f"cannot be read: {err.strerror or err}")
    if stat.S_ISDIR(info.st_mode):
        return refuse("is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        return refuse(
            "is not a regular file (a FIFO, socket or device?), so it is not opened: "
            "content files are plain text files"
        )
    too_big = (
        f"is too large ({{size}}): a content file is at most {_size(MAX_FILE_BYTES)}; "
        "split it into smaller files"
    )
    if info.st_size > MAX_FILE_BYTES:
        return refuse(too_big.format(size=_size(info.st_size)))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        return refuse(f"cannot be read: {err.strerror or err}")
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else meanwhile
            return refuse("is not a regular file, so it is not read")
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as err:
        return refuse(f"cannot be read: {err.strerror or err}")
    finally:
        os.close(fd)
    if total > MAX_FILE_BYTES:
        return refuse(too_big.format(size=f"over {_size(MAX_FILE_BYTES)}"))
    try:
        return b"".join(chunks).decode("utf-8"), None
    except UnicodeDecodeError as err:
        return refuse(f"is not UTF-8 text (byte {err.start + 1} cannot be read)")


def read_yaml(path: Path, file: str) -> YamlFile:
    """Read one content file safely; ``file`` is how problems name it.

    Files that are not plain files or are too large (see :func:`read_text`),
    unreadable text, bad YAML and YAML past the limits of :class:`_ContentLoader`
    become problems (with the line and column); keys written twice are listed so
    each loader can say where they are. Nothing here raises, hangs or recurses
    without bound.
    """
    text, refused = read_text(path, file)
    if text is None:
        assert refused is not None
        return YamlFile(None, (), (refused,))
    loader = _ContentLoader(text)
    try:
        tree = loader.get_single_node()
        data = loader.construct_document(tree) if tree is not None else None
    except _Refused as err:
        mark = err.mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        return YamlFile(None, (), (ContentProblem(file, where, str(err)),))
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = ContentProblem(file, where, f"this is not valid YAML: {err.problem}")
        return YamlFile(None, (), (problem,))
    except yaml.YAMLError as err:
        return YamlFile(None, (), (ContentProblem(file, "", f"this is not valid YAML: {err}"),))
    except (ValueError, TypeError, OverflowError, RecursionError) as err:
        return YamlFile(None, (), (ContentProblem(file, "", f"a value cannot be read: {err}"),))
    finally:
        loader.dispose()
    if data is None:
        return YamlFile(None, (), (ContentProblem(file, "", "the file is empty"),))
    duplicates = tuple(_duplicate_keys(tree)) if tree is not None else ()
    return YamlFile(data, duplicates, ())


def yaml_files(folder: Path) -> list[Path]:
    """The ``*.yaml`` and ``*.yml`` entries of a folder, sorted by name, whatever they are
    (a FIFO or a looping link is listed, so that reading it reports it)."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return []
    return [Path(entry.path) for entry in entries if Path(entry.name).suffix in (".yaml", ".yml")]


def files_stamp(files: Iterable[Path]) -> tuple[tuple[str, int, int], ...]:
    """Names, sizes and modification times of ``files``: changes when a file does.

    Never raises: a file that cannot be looked at is stamped ``-1``."""
    stamp = []
    for path in files:
        try:
            info = os.stat(path)
        except OSError:
            stamp.append((path.name, -1, -1))
        else:
            stamp.append((path.name, info.st_size, info.st_mtime_ns))
    return tuple(stamp)

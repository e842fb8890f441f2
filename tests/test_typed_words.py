"""Text becomes a type once, where it enters: inside the package a kind, a drill type, an
answer mode, the coach setting or a level is compared with its enum, never with a word.

Read with :mod:`ast` beside the import graph (``tests/test_layers.py``): a comparison
(``==``, ``!=``, ``in``, ``not in``) between a name or attribute called ``kind``, ``drill``,
``mode``, ``coach`` or ``level`` and a string constant (or a tuple, list or set of them)
fails, outside the modules that define those types or read them from text (and the tools). A misspelt word
there would compare unequal and pass silently; the enum's member is checked by mypy, as the
last test here shows by running it on a misuse.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "trainer"

#: The names whose values have a type: a kind of score or claim, a drill type, an answer
#: mode (or a card picker's), the coach setting, a computer player's level.
TYPED = frozenset({"kind", "drill", "mode", "coach", "level"})

#: The modules that define those types or read them from text (the boundaries), by path
#: under ``trainer/``.
BOUNDARIES = frozenset(
    {
        "engine/items.py",  # Kind
        "engine/skills.py",  # DrillType, Mode, Category
        "analysis/players/levels.py",  # Level
        "training/grading/claims.py",  # ClaimKind
        "training/table/setup.py",  # CoachMode, a level and the game's setup read from text
    }
)


def _words(node: ast.expr) -> bool:
    """A string constant, or a tuple, list or set of nothing else."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return bool(node.elts) and all(_words(elt) for elt in node.elts)
    return False


def _typed(node: ast.expr) -> bool:
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    return name in TYPED


_OPERATORS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn)


def word_comparisons(source: str) -> Iterator[tuple[int, str]]:
    """``(line, the comparison)`` for each typed name compared with a word in ``source``.

    >>> list(word_comparisons("if item.kind == 'run': pass"))
    [(1, "item.kind == 'run'")]
    >>> list(word_comparisons("if drill in ('hand', 'crib'): pass"))
    [(1, "drill in ('hand', 'crib')")]
    >>> list(word_comparisons("if item.kind is Kind.RUN or name == 'run': pass"))
    []
    """
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, operands, operands[1:], strict=False):
            if not isinstance(op, _OPERATORS):
                continue
            if (_typed(left) and _words(right)) or (_typed(right) and _words(left)):
                yield node.lineno, ast.unparse(node)


#: The tools (benchmarks, serving the app for them): they speak other programs' words (the
#: messages of Streamlit's websocket, a widget's type, a command line's arguments).
TOOLS = "bench"


def _modules() -> Iterator[Path]:
    yield from sorted(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] != TOOLS)


@pytest.mark.parametrize("path", list(_modules()), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_typed_names_are_compared_with_their_enum(path: Path) -> None:
    where = path.relative_to(PACKAGE).as_posix()
    if where in BOUNDARIES:
        return
    found = [f"{where}:{line}: {text}" for line, text in word_comparisons(path.read_text())]
    assert not found, "compared with a word, not its enum:\n" + "\n".join(found)


def test_the_boundaries_exist() -> None:
    assert all((PACKAGE / where).is_file() for where in BOUNDARIES)


MISUSE = """\
from trainer.engine import parse_cards, score_show
from trainer.training.grading import Claim
from trainer.training.table import PlaySetup

*hand, starter = parse_cards("5H 5D 5C JS 5S")
score_show(hand, starter).by_kind("runs")
Claim("pairs", tuple(hand[:2]))
PlaySetup(coach="lerning")
"""


def test_a_word_where_a_type_is_wanted_fails_the_type_check(tmp_path: Path) -> None:
    """Strict mypy refuses each misspelt word of :data:`MISUSE`, naming the argument."""
    misuse = tmp_path / "misuse.py"
    misuse.write_text(MISUSE)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            str(tmp_path / "cache"),
            "--follow-imports",
            "silent",
            str(misuse),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    out = result.stdout
    assert result.returncode == 1, out
    assert 'misuse.py:6: error: Argument 1 to "by_kind" of "ShowScore"' in out, out
    assert 'misuse.py:7: error: Argument 1 to "Claim" has incompatible type' in out, out
    assert 'misuse.py:8: error: Argument "coach" to "PlaySetup"' in out, out
    assert "Found 3 errors in 1 file" in out, out

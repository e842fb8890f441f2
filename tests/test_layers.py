"""The package is built in layers that only import downward, read off the real import graph.

The rooms, lowest first (each a folder of ``trainer/``):

* ``engine``: the rules (cards, the show, the play, a game, its settings, events, record and
  results) and the shared vocabulary (seats, roles, score kinds, the skills); pure.
* ``analysis``: expected values (discards, the crib, the play, the chance of winning) and
  the computer players; pure. ``analysis/build_tables.py`` beside it builds its data files
  (a command, so counted with the tools).
* ``content``: the lessons (``content/lessons``: the course, the lesson, the checks in
  ``content/lessons/checks``), the drill catalogue, the glossary and the chart, validated
  once when loaded.
* ``training``: what a person practises, without Streamlit: the questions
  (``training/questions``: their kinds and dealers), the grades (``training/grading``),
  the lessons' logic (``training/learn``), a game against the computer (``training/table``),
  the coach (``training/coach``), the review of a game, practice sets (``training/sets``),
  the seats and their names.
* ``progress``: the store (``progress/store``: SQLite or PostgreSQL, its schema, rows and
  checks, the ``Store`` in one part a table group) and what is read from it (figures,
  groups, clubs).
* ``ui``: Streamlit only here: the pages (``ui/views``), the asking of each question
  (``ui/asking``), the Play page's parts (``ui/play_page``), the browser's scripts and
  styles (``ui/assets``), session state (``ui/session``).

Above them all: the entry points (``trainer/app.py``, the command line, the launcher) and
the tools in ``trainer/bench`` (the benchmarks, serving the app for them and the tests),
which nothing in the app imports; and no test imports one of the benchmarks
(``trainer.bench.BENCHMARKS``: the tests run them as commands). Each module's imports are read with :mod:`ast` (every
``import`` and ``from … import``, wherever it stands, except those only for the type
checker), so a test fails on an upward import, on an import cycle, on a library used below
the layer allowed to use it, on the app importing a tool, and on a test importing a benchmark.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.bench import BENCHMARKS

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "trainer"

#: Layer folders, lowest first. Modules directly in ``trainer/`` are entry points (top).
LAYERS: tuple[str, ...] = ("engine", "analysis", "content", "training", "progress", "ui")
TOP = len(LAYERS)

#: The lowest layer allowed to import each library (top-level module name).
LOWEST_ALLOWED: dict[str, int] = {
    "streamlit": LAYERS.index("ui"),
    "altair": LAYERS.index("ui"),
    "pandas": LAYERS.index("ui"),
    "playwright": TOP,
    "tqdm": TOP,
    "yaml": LAYERS.index("content"),
    "pydantic": LAYERS.index("content"),
    "sqlite3": LAYERS.index("progress"),
    "platformdirs": LAYERS.index("progress"),
    # file and process I/O: nothing in the pure layers
    "pathlib": LAYERS.index("content"),
    "os": LAYERS.index("content"),
    "io": LAYERS.index("content"),
    "shutil": LAYERS.index("content"),
    "tempfile": LAYERS.index("content"),
    "glob": LAYERS.index("content"),
    "subprocess": LAYERS.index("content"),
    "socket": LAYERS.index("content"),
    "csv": LAYERS.index("progress"),
}
#: Built-in calls that touch files, refused in the pure layers.
FILE_CALLS = frozenset({"open", "input", "print"})
PURE = LAYERS.index("analysis")  # engine and analysis are pure


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


#: Commands that stand beside what they build: above every layer (they write files).
TOOLS: frozenset[str] = frozenset({"trainer.analysis.build_tables"})


def is_tool(module: str) -> bool:
    return module in TOOLS or module == "trainer.bench" or module.startswith("trainer.bench.")


def layer_of(module: str) -> int:
    parts = module.split(".")
    if module in TOOLS:
        return TOP
    if module == "trainer":  # the root package only names the project (it imports nothing)
        return 0
    if len(parts) >= 2 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return TOP


MODULES: dict[str, Path] = {
    module_name(path): path
    for path in sorted(PACKAGE.rglob("*.py"))
    if "__pycache__" not in path.parts
}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(tree: ast.AST, *, typed: bool = False) -> Iterator[ast.AST]:
    """Every node, skipping ``if TYPE_CHECKING:`` bodies unless ``typed``."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not typed and isinstance(child, ast.If) and _type_checking_only(child):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imports_of(module: str, *, typed: bool = False) -> set[str]:
    """Every module ``module`` imports (absolute names; relative imports resolved), with
    ``typed`` those imported for the type checker alone too."""
    path = MODULES[module]
    source = path.read_text(encoding="utf-8")
    return imports_in(source, module, path.name == "__init__.py", typed=typed)


def imports_in(
    source: str, module: str, is_package: bool = False, *, typed: bool = False
) -> set[str]:
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in _walk(tree, typed=typed):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join([*base_parts, node.module] if node.module else base_parts)
            else:
                base = node.module or ""
            found.add(base)
            for alias in node.names:  # ``from trainer.ui import session`` imports a module
                if f"{base}.{alias.name}" in MODULES:
                    found.add(f"{base}.{alias.name}")
    return found


def project_imports(module: str, *, typed: bool = False) -> set[str]:
    return {name for name in imports_of(module, typed=typed) if name in MODULES and name != module}


GRAPH: dict[str, set[str]] = {module: project_imports(module) for module in MODULES}
#: The graph with the imports made for the type checker alone: a cycle hidden behind
#: ``TYPE_CHECKING`` is still two modules that need each other.
TYPED_GRAPH: dict[str, set[str]] = {
    module: project_imports(module, typed=True) for module in MODULES
}
#: Cycles known and not yet undone, each with what undoes it.
KNOWN_CYCLES: dict[tuple[str, ...], str] = {}


def test_the_root_package_imports_nothing_of_the_project() -> None:
    assert not GRAPH["trainer"]


def test_layers_exist_as_folders() -> None:
    for layer in LAYERS:
        assert (PACKAGE / layer / "__init__.py").is_file(), f"trainer/{layer}/ is missing"
    assert (PACKAGE / "app.py").is_file()


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_only_go_down(module: str) -> None:
    mine = layer_of(module)
    upward = sorted(name for name in GRAPH[module] if layer_of(name) > mine)
    assert not upward, f"{module} ({_layer_name(mine)}) imports a higher layer: {upward}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_libraries_only_where_allowed(module: str) -> None:
    mine = layer_of(module)
    bad = sorted(
        name for name in imports_of(module) if LOWEST_ALLOWED.get(name.split(".")[0], 0) > mine
    )
    assert not bad, f"{module} ({_layer_name(mine)}) may not import {bad}"


#: The database drivers: only the progress store speaks to them, and it raises its own
#: errors for both (so no page needs to know which database it runs on).
DRIVERS = ("sqlite3", "psycopg", "psycopg_pool")


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("trainer.ui")))
def test_the_app_never_speaks_to_a_database_driver(module: str) -> None:
    drivers = sorted(n for n in imports_of(module) if n.split(".")[0] in DRIVERS)
    assert not drivers, f"{module} imports {drivers}: catch the store's errors instead"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer_of(m) <= PURE))
def test_pure_layers_touch_no_files(module: str) -> None:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    calls = sorted(
        node.func.id
        for node in _walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in FILE_CALLS
    )
    assert not calls, f"{module} is pure but calls {calls}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if not is_tool(m)))
def test_the_app_never_imports_a_tool(module: str) -> None:
    """The tools are not in the wheel: the app, the command line and the layers run without."""
    tools = sorted(name for name in GRAPH[module] if is_tool(name))
    assert not tools, f"{module} imports {tools}, which the installed package does not hold"


#: The benchmark modules (``trainer.bench.BENCHMARKS``), which no test imports.
BENCHMARK_MODULES: frozenset[str] = frozenset(f"trainer.bench.{name}" for name in BENCHMARKS)
TESTS = REPO / "tests"
TEST_MODULES: dict[str, Path] = {
    module_name(path): path
    for path in sorted(TESTS.rglob("*.py"))
    if "__pycache__" not in path.parts
}


def test_every_benchmark_is_a_module_of_the_tools() -> None:
    assert set(MODULES) >= BENCHMARK_MODULES
    assert all(is_tool(name) for name in BENCHMARK_MODULES)
    assert "trainer.bench.serving" not in BENCHMARK_MODULES  # a tool the tests share


@pytest.mark.parametrize("module", sorted(TEST_MODULES))
def test_no_test_imports_a_benchmark(module: str) -> None:
    """A test runs a benchmark as its command (``python -m trainer.bench.<name>``) and reads
    what it prints: the benchmark's code is not the test's to reach into."""
    path = TEST_MODULES[module]
    found = imports_in(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
    benchmarks = sorted(found & BENCHMARK_MODULES)
    assert not benchmarks, f"{module} imports {benchmarks}: run it as a command instead"


def test_a_benchmark_imported_in_any_form_is_seen() -> None:
    for source in (
        "from trainer.bench import quick\n",
        "import trainer.bench.play\n",
        "from trainer.bench.crowd import main\n",
        "def later():\n    from trainer.bench import servers as bench_servers\n",
    ):
        assert imports_in(source, "tests.test_fake") & BENCHMARK_MODULES, source
    shared = "from trainer.bench.serving import serving\nfrom trainer.bench import line_by_line\n"
    assert not imports_in(shared, "tests.test_fake") & BENCHMARK_MODULES


def test_the_top_of_the_package_is_the_app_the_command_line_and_the_launcher() -> None:
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "app.py", "cli.py", "launch.py"]
    assert (PACKAGE / "bench" / "__main__.py").is_file()  # python -m trainer.bench


def test_no_import_cycles() -> None:
    """Tarjan's strongly connected components over the project's import graph, the imports
    made for the type checker alone included (but for :data:`KNOWN_CYCLES`)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cycles: list[list[str]] = []
    counter = 0
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for child in TYPED_GRAPH[node]:
            if child not in index:
                visit(child)
                low[node] = min(low[node], low[child])
            elif child in on_stack:
                low[node] = min(low[node], index[child])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(TYPED_GRAPH):
        if module not in index:
            visit(module)
    unknown = [cycle for cycle in cycles if tuple(cycle) not in KNOWN_CYCLES]
    assert not unknown, f"import cycles: {unknown}"
    gone = sorted(set(KNOWN_CYCLES) - {tuple(cycle) for cycle in cycles})
    assert not gone, f"these cycles are gone: take them out of KNOWN_CYCLES: {gone}"


def test_the_reader_sees_every_form_of_import() -> None:
    """Planted imports in every form are found, and type-checker-only ones are not."""
    source = (
        "import streamlit as st\n"
        "from trainer.progress import store\n"
        "from . import cards\n"
        "from ..content import lessons\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from trainer.ui import widgets\n"
        "def later():\n"
        "    import sqlite3\n"
    )
    found = imports_in(source, "trainer.engine.fake")
    assert {
        "streamlit",
        "trainer.progress",
        "sqlite3",
        "trainer.engine",
        "trainer.content",
    } <= found
    assert "trainer.ui" not in found
    assert "trainer.ui" in imports_in(source, "trainer.engine.fake", typed=True)
    assert layer_of("trainer.progress.store") > layer_of("trainer.engine.fake")
    assert LOWEST_ALLOWED["sqlite3"] > layer_of("trainer.engine.fake")


def _layer_name(layer: int) -> str:
    return LAYERS[layer] if layer < TOP else "entry point"

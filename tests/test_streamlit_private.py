"""The little of Streamlit's private API the app uses, each for a measured reason and each
guarded by a test that fails when an upgrade moves it; and Streamlit's minor version pinned
in pyproject.toml, so that an upgrade is a decision made with these tests."""

from __future__ import annotations

import ast
import re
import tomllib
from importlib.metadata import version
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "trainer"

#: Each private name the app imports from Streamlit, where, and the test that guards it.
PRIVATE: dict[tuple[str, str], str] = {
    # the win line's chart spec made once and kept, not made again on every run
    (
        "trainer/ui/winchart.py",
        "streamlit.elements.vega_charts._convert_altair_to_vega_lite_spec",
    ): ("tests/test_winchart.py"),
    # a tab's first action after the server restarted is acted on (the session is rebuilt)
    ("trainer/ui/reconnect.py", "streamlit.runtime.app_session.AppSession"): (
        "tests/test_reconnect.py"
    ),
    ("trainer/ui/reconnect.py", "streamlit.proto.ClientState_pb2.ClientState"): (
        "tests/test_reconnect.py"
    ),
    # `python -m trainer app` starts Streamlit's own command line with the content loaded
    ("trainer/launch.py", "streamlit.web.cli"): "tests/test_launch.py",
    # the crowd benchmark's visitors speak Streamlit's protocol without a browser
    **{
        ("trainer/bench/visitor.py", f"streamlit.proto.{message}"): "tests/test_visitor.py"
        for message in (
            "BackMsg_pb2.BackMsg",
            "ForwardMsg_pb2.ForwardMsg",
            "NumberInput_pb2.NumberInput",
            "WidgetStates_pb2.WidgetState",
        )
    },
}


#: Each module inside Streamlit the app names in a string, where: what it does with it
#: would silently do nothing if the module moved, so the module must still be there.
NAMED: dict[tuple[str, str], str] = {
    # imported ahead in the background: the first alert that is not plain ASCII compiles it
    ("trainer/ui/warmup.py", "streamlit.emojis"): "the emoji pattern imported ahead",
    # its logger quietened while the content loads before the server starts
    (
        "trainer/launch.py",
        "streamlit.runtime.scriptrunner_utils.script_run_context",
    ): "the bare-mode warning's logger",
    (
        "trainer/bench/quick.py",
        "streamlit.runtime.scriptrunner_utils.script_run_context",
    ): "the same logger, in the benchmark's pages run without a server",
}


def _streamlit_strings(path: Path) -> set[str]:
    """Each string constant that names a module inside Streamlit's package."""
    return {
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.startswith("streamlit.")
        and " " not in node.value
    }


def _streamlit_imports(path: Path) -> set[str]:
    """``module.name`` for each name imported from a module inside Streamlit's package
    (``import streamlit as st`` and ``streamlit.components.v2`` are its public API)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("streamlit."):
            module = node.module or ""
            if module.startswith(("streamlit.components", "streamlit.testing")):
                continue
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_every_private_use_is_known_and_guarded() -> None:
    used = {
        (str(path.relative_to(REPO)), name)
        for path in sorted(PACKAGE.rglob("*.py"))
        for name in _streamlit_imports(path)
    }
    assert used == set(PRIVATE), "a private Streamlit name is new or gone: update PRIVATE"
    for guard in PRIVATE.values():
        assert (REPO / guard).is_file(), guard


def test_the_private_names_are_where_the_app_expects_them() -> None:
    import importlib

    for _, name in PRIVATE:
        module, _, attribute = name.rpartition(".")
        parent = importlib.import_module(module)
        if not hasattr(parent, attribute):  # a module of a package is there once imported
            importlib.import_module(name)


def test_every_streamlit_module_named_in_a_string_is_known_and_there() -> None:
    import importlib.util

    named = {
        (str(path.relative_to(REPO)), name)
        for path in sorted(PACKAGE.rglob("*.py"))
        for name in _streamlit_strings(path)
    }
    assert named == set(NAMED), "a Streamlit module named in a string is new or gone: update NAMED"
    for _, module in NAMED:
        assert importlib.util.find_spec(module) is not None, f"{module} is not in Streamlit"


def test_streamlit_s_minor_version_is_pinned_and_installed() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    (pin,) = [d for d in project["project"]["dependencies"] if d.startswith("streamlit")]
    found = re.fullmatch(r"streamlit>=(\d+)\.(\d+)(?:\.\d+)?,<(\d+)\.(\d+)", pin.replace(" ", ""))
    assert found, f"Streamlit's minor version is not pinned: {pin}"
    low, high = (int(found[1]), int(found[2])), (int(found[3]), int(found[4]))
    assert high == (low[0], low[1] + 1), pin
    installed = tuple(int(part) for part in version("streamlit").split(".")[:2])
    assert installed == low, f"Streamlit {version('streamlit')} is installed, {pin} is asked"

"""A page's one typed object in the session state (trainer.ui.page_state), read in real runs."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from trainer.ui.profiles import PickerState

SCRIPT = """
import streamlit as st

from trainer.ui.page_state import kept
from trainer.ui.profiles import PickerState

state = kept("picker", PickerState)
state.confirm = (state.confirm or "") + "x"
st.session_state["out"] = (state.confirm, kept("picker", PickerState) is state)
"""


def test_the_object_is_made_once_and_kept_between_runs() -> None:
    at = AppTest.from_string(SCRIPT)
    at.run()
    assert at.session_state["out"] == ("x", True)
    at.run()
    assert at.session_state["out"] == ("xx", True)
    assert isinstance(at.session_state["picker"], PickerState)


def test_something_else_under_the_key_is_replaced() -> None:
    at = AppTest.from_string(SCRIPT)
    at.session_state["picker"] = "a stray value"
    at.run()
    assert at.session_state["out"] == ("x", True)


def test_no_page_script_defines_a_class() -> None:
    """A page script runs afresh each time: a class it defined would be a new class on every
    run, and an object of it kept in the session would never be found again."""
    import ast
    from pathlib import Path

    views = Path(__file__).resolve().parent.parent / "trainer" / "ui" / "views"
    scripts = sorted(views.glob("*.py"))
    assert scripts
    for script in scripts:
        tree = ast.parse(script.read_text(encoding="utf-8"))
        classes = [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
        assert classes == [], f"{script.name} defines {classes}"

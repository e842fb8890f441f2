"""What a page fetches on its first load stays small: Streamlit fetches a library of its own
for Markdown with raw HTML (``st.markdown(..., unsafe_allow_html=True)``, some 180 KB) and
for ``st.metric`` (some 60 KB). The app draws its HTML with ``st.html`` (through
:func:`trainer.ui.drawing.html_block`) and its figures with
:func:`trainer.ui.drawing.show_metric`, whose needs every page fetches already; this test
finds any call that would bring either library back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TRAINER = Path(__file__).resolve().parents[1] / "trainer"
SOURCES = sorted(p for p in TRAINER.rglob("*.py") if "bench" not in p.parts)


def _heavy_calls(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        raw = [k for k in node.keywords if k.arg == "unsafe_allow_html"]
        if raw:
            found.append(f"line {node.lineno}: Markdown with raw HTML (use drawing.html_block)")
        if isinstance(node.func, ast.Attribute) and node.func.attr == "metric":
            found.append(f"line {node.lineno}: st.metric (use drawing.show_metric)")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(TRAINER)))
def test_no_page_calls_for_a_library_of_its_own(path: Path) -> None:
    assert _heavy_calls(path) == []


def test_the_check_finds_both_calls(tmp_path: Path) -> None:
    page = tmp_path / "page.py"
    page.write_text('st.markdown("<b>x</b>", unsafe_allow_html=True)\ncol.metric("A", 1)\n')
    assert [line.split(":")[0] for line in _heavy_calls(page)] == ["line 1", "line 2"]

"""The glossary page in AppTest: every term, in alphabetical order, with what it means and
the lesson that teaches it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.support.pages import open_page
from trainer.content import glossary as glossary_content
from trainer.content.glossary import load_glossary
from trainer.content.lessons import load_course


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    st.cache_resource.clear()
    yield
    st.cache_resource.clear()


def _glossary_page() -> AppTest:
    return open_page("ui/views/glossary.py")


def test_every_term_is_listed_with_its_lesson() -> None:
    at = _glossary_page()
    read = load_glossary()
    assert read.glossary is not None
    course = load_course()
    entries = [m.value for m in at.main.markdown if m.value.startswith("**")]  # not the sidebar
    terms = read.glossary.alphabetical()
    assert len(entries) == len(terms)
    for entry, term in zip(entries, terms, strict=True):
        lesson = course.get(term.lesson)
        assert lesson is not None
        assert entry == (
            f"**{term.term}**: {term.means}  \nLesson {course.number(term.lesson)}: *{lesson.title}*"
        )
    letters = [h.value for h in at.subheader]
    assert letters == sorted(set(letters)) and "S" in letters


def test_a_broken_glossary_file_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "glossary.yaml"
    broken.write_text("terms: [\n")
    monkeypatch.setattr(glossary_content, "GLOSSARY_PATH", broken)
    at = _glossary_page()
    assert "can't be shown yet" in at.error[0].value

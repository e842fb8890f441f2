"""The glossary: every word the course teaches, what it means, and the lesson that teaches it.

The words come from ``lessons/glossary.yaml`` through :mod:`trainer.content.glossary`;
this page only lists them.
"""

from __future__ import annotations

import streamlit as st

from trainer.content.glossary import GlossaryFile, load_glossary
from trainer.ui import loaded


@st.cache_resource(show_spinner=False)
def _glossary(stamp: tuple[tuple[str, int, int], ...]) -> GlossaryFile:
    del stamp  # only part of the cache key
    return load_glossary()


def _stamp() -> tuple[tuple[str, int, int], ...]:
    from trainer.content.files import files_stamp
    from trainer.content.glossary import GLOSSARY_PATH

    return files_stamp([GLOSSARY_PATH])


st.title("Glossary")
st.markdown("Every cribbage word the lessons teach, with the lesson where you meet it.")
read = _glossary(_stamp())
if read.glossary is None:
    st.error(
        "The glossary file has a mistake, so it can't be shown yet:\n\n"
        + "\n".join(f"- `{problem}`" for problem in read.problems[:5]),
        icon=":material/error:",
    )
    st.stop()

course = loaded.course()
letter = ""
for term in read.glossary.alphabetical():
    first = term.term[:1].upper()
    if first != letter:
        letter = first
        st.subheader(letter, divider="gray")
    lesson = course.get(term.lesson)
    where = f"Lesson {course.number(term.lesson)}: *{lesson.title}*" if lesson is not None else ""
    st.markdown(f"**{term.term}**: {term.means}  \n{where}".rstrip())

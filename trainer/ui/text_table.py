"""A table written in the page's own text (a Markdown table), where ``st.table`` would send
a data frame: the browser draws it with the page's text, and loads no data-frame code for
it (the code that draws ``st.table`` is most of a megabyte of scripts a first visit
fetches and runs)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["text_table"]

#: The characters Markdown reads as markup, escaped so a cell shows its text as written.
_MARKUP = re.compile(r"([\\`*_{}\[\]<>()#+\-!|~])")


def _cell(value: object) -> str:
    return _MARKUP.sub(r"\\\1", str(value)).replace("\n", " ")


def text_table(headings: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """``rows`` under ``headings`` as a Markdown table, numbers aligned on the right.

    >>> print(text_table(["Level", "Won"], [("Easy", 3), ("A|B", 0)]))
    | Level | Won |
    | :-- | --: |
    | Easy | 3 |
    | A\\|B | 0 |
    """
    lines = [tuple(rows_line) for rows_line in rows]
    numeric = [
        bool(lines) and all(isinstance(line[n], int | float) for line in lines)
        for n in range(len(headings))
    ]
    align = ["--:" if right else ":--" for right in numeric]
    return "\n".join(
        [
            f"| {' | '.join(_cell(h) for h in headings)} |",
            f"| {' | '.join(align)} |",
            *(f"| {' | '.join(_cell(value) for value in line)} |" for line in lines),
        ]
    )

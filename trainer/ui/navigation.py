"""The sidebar's links to the pages, in their sections, drawn with ``st.page_link``.

Streamlit's own sidebar navigation puts each section's heading and links in a ``div``
inside the list (``ul > div > li``), which a screen reader cannot read as a list (axe-core:
"list" and "listitem", serious); the pages are routed by ``st.navigation`` with its own
menu hidden, and listed here as plain links under plain headings instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

__all__ = ["sidebar_links"]


def sidebar_links(sections: Mapping[str, Sequence[Any]]) -> None:
    """A link to each page shown in the menu (``visibility`` not hidden), under its
    section's heading (none for the section named "")."""
    with st.sidebar, st.container(key="nav_links", gap="small"):
        for title, pages in sections.items():
            shown = [page for page in pages if getattr(page, "visibility", "visible") != "hidden"]
            if not shown:
                continue
            if title:
                st.markdown(f"**{title}**")
            for page in shown:
                st.page_link(page, label=page.title, icon=page.icon)

"""A part of a page folded until it is opened: an expander whose contents run, are sent and
are drawn only once the person opens it, where a plain expander sends them on every run
(hidden in the browser, but drawn all the same).

The expander reruns the page (or the fragment it is in) when it is opened or closed
(``on_change="rerun"``) and says whether it is open (its ``open``)::

    with folded("Details", key="review_totals_details") as opened:
        if opened:
            st.markdown(...)

Closed, it costs one element; opened, it shows what a plain expander would.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st

__all__ = ["folded"]


@contextmanager
def folded(label: str, *, key: str, icon: str | None = None) -> Iterator[bool]:
    """An expander named ``label``, closed at first and kept open or closed by ``key``;
    inside it, whether it is open (draw its contents only then)."""
    expander = st.expander(label, key=key, icon=icon, on_change="rerun")
    with expander:
        yield bool(expander.open)  # (None only for an expander that tracks nothing)

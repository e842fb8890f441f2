"""A page's (or a part's) one typed object in Streamlit's session state.

Each page keeps what it remembers between runs in one dataclass of its own, under one key,
instead of loose keys read back as ``Any``; its widgets' values stay under their widget
keys, where Streamlit keeps them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import streamlit as st

__all__ = ["kept"]

T = TypeVar("T")


def kept(key: str, kind: type[T], make: Callable[[], T] | None = None) -> T:
    """The ``kind`` object kept under ``key`` in this session, made (``make()``, or
    ``kind()``) the first time, or when what is kept there is something else."""
    found = st.session_state.get(key)
    if not isinstance(found, kind):
        found = make() if make is not None else kind()
        st.session_state[key] = found
    return found

"""Buttons whose action is taken however the click reaches the server.

Streamlit runs a button's ``on_click`` before the page's run, but only for a widget the
session has already drawn once. After the server restarts, a tab that reconnects by itself
keeps showing the old page while its session on the server is new: its first click arrives
with nothing registered yet, so the callback is never called and the click is silently
lost. The button's value is still ``True`` during that run, so :func:`button` and
:func:`submit` take the action then (and run the page again to show its result); in every
other run the callback takes it, exactly once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

__all__ = ["button", "submit"]

#: The actions whose callback has run since the page's run last looked (marker keys).
_CALLED = "_actions_called"


def _called() -> set[str]:
    called = st.session_state.get(_CALLED)
    if not isinstance(called, set):
        called = st.session_state[_CALLED] = set()
    return called


def _mark_and_call(marker: str, action: Callable[..., object], args: Sequence[Any]) -> None:
    _called().add(marker)
    action(*args)


def _settle(clicked: bool, marker: str, action: Callable[..., object], args: Sequence[Any]) -> bool:
    called = _called()
    if clicked and marker not in called:  # a click the callback never saw: take it now
        action(*args)
        st.rerun()
    called.discard(marker)
    return clicked


def button(
    label: str,
    *,
    key: str,
    on_click: Callable[..., object],
    args: Sequence[Any] = (),
    **options: Any,
) -> bool:
    """``st.button`` whose ``on_click`` is taken once per click, even the first click a
    session receives after a restart (see the module docstring)."""
    clicked = st.button(
        label, key=key, on_click=_mark_and_call, args=(key, on_click, tuple(args)), **options
    )
    return _settle(clicked, key, on_click, args)


def submit(
    label: str,
    *,
    marker: str,
    on_click: Callable[..., object],
    args: Sequence[Any] = (),
    **options: Any,
) -> bool:
    """``st.form_submit_button`` in the manner of :func:`button`; ``marker`` names the
    form's action (unique on the page)."""
    clicked = st.form_submit_button(
        label, on_click=_mark_and_call, args=(marker, on_click, tuple(args)), **options
    )
    return _settle(clicked, marker, on_click, args)

"""A page's (or a part's) one typed object in Streamlit's session state.

Each page keeps what it remembers between runs in one dataclass of its own, under one key,
instead of loose keys read back as ``Any``; its widgets' values stay under their widget
keys, where Streamlit keeps them. The class must live in a module, never in the page
script: the script runs afresh each time, and a class it defined would be a new class on
every run. The pages' own classes are here; the session's, the picker's, the Play page's
and Practice's stand beside their logic (:class:`trainer.ui.session.BrowserSession`,
:class:`trainer.ui.play_saves.PlayState`,
:class:`trainer.ui.profiles.PickerState`, :class:`trainer.ui.asking.base.PracticeState`),
and the Learn page's place in the course is the one object
:class:`trainer.training.learn.Learn` keeps under its ``KEY``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import streamlit as st

__all__ = ["CheckState", "ReviewState", "TeacherState", "kept"]

T = TypeVar("T")


def kept(key: str, kind: type[T], make: Callable[[], T] | None = None) -> T:
    """The ``kind`` object kept under ``key`` in this session, made (``make()``, or
    ``kind()``) the first time, or when what is kept there is something else."""
    found = st.session_state.get(key)
    if not isinstance(found, kind):
        found = make() if make is not None else kind()
        st.session_state[key] = found
    return found


@dataclass(slots=True)
class ReviewState:
    """What the Review page keeps between runs (the deal shown is its row of deals' value)."""

    #: The game shown last: the page opened from the sidebar shows it again.
    game_id: str = ""
    #: The games whose review's totals were kept for the Progress chart in this visit.
    kept: set[str] = field(default_factory=set)


@dataclass(slots=True)
class TeacherState:
    """What My groups keeps between runs besides its widgets' values: the last action's
    result, ``(done, text)``: what was done, or (not done) why not, said once."""

    note: tuple[bool, str] | None = None


@dataclass(slots=True)
class CheckState:
    """What Check a hand keeps between runs besides its boxes' values: how many hands were
    dealt at random (the grid starts again from each), and whether the boxes hold the
    person's own cards rather than the page's example."""

    deals: int = 0
    own: bool = False
    #: The hand and starter last tapped on the grid (their boxes' text), put in the boxes
    #: when the person turns to typing: the browser still holds what the boxes showed
    #: before, which would otherwise come back.
    tapped: tuple[str, str] | None = None

"""The table's sounds: short, quiet sounds played in the browser as the Play page changes (a
card laid, pegs moving, a fifteen called, a game won), made there with Web Audio: no sound
files, nothing downloaded. The browser half is ``assets/sounds.js``.

What a step of the game sounds like is worked out here, from its events (:func:`event_cues`,
:func:`item_cues`), as a list of cues; :func:`play` hands them to the browser with a token
naming the step, and each token is played once (a rerun of the same step, a reload or a
return to the page plays nothing again).

The sounds are on unless the player turned them off (a setting kept per player, see
:attr:`~trainer.training.records.Preferences.sound`), or, while the player has not chosen, when the browser asks for reduced
motion: the browser decides then, and says so (:func:`reduced_motion`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import streamlit as st

from trainer.engine.events import CutEvent, DiscardEvent, Event, GoEvent, LayEvent, StarterEvent
from trainer.engine.items import Kind, ScoreItem
from trainer.ui import assets

__all__ = ["Cue", "event_cues", "item_cues", "play", "reduced_motion"]

Sound = Literal["card", "peg", "fifteen", "win"]

#: Seconds between the sounds of events shown together.
GAP = 0.25
#: After a card's own sound, the peg's.
PEG_AFTER = 0.12

_component = st.components.v2.component("table_sounds", js=assets.text("sounds.js"))


@dataclass(frozen=True, slots=True)
class Cue:
    """A sound to play ``at`` seconds after the step is drawn."""

    sound: Sound
    at: float


def _scored(items: Iterable[ScoreItem], at: float) -> list[Cue]:
    items = list(items)
    if not items:
        return []
    fifteen = any(item.kind in (Kind.FIFTEEN, Kind.THIRTY_ONE) for item in items)
    return [Cue("fifteen" if fifteen else "peg", at)]


def event_cues(events: Sequence[Event], *, start: float = 0.0, gap: float = GAP) -> list[Cue]:
    """The sounds of ``events`` shown one after another from ``start``: a card for each card
    cut, thrown or laid; a fifteen (or a thirty-one) called, or pegs moving, for what each
    scored. A hand counted makes its sounds as it is shown (:func:`item_cues`).

    >>> from trainer.engine.events import parse_event
    >>> lay = parse_event("lay seat=1 card=5C count=15 awards=1:fifteen/TD-5C/2")
    >>> event_cues([lay], start=0.5)
    [Cue(sound='card', at=0.5), Cue(sound='fifteen', at=0.62)]
    """
    cues: list[Cue] = []
    at = start
    for event in events:
        if isinstance(event, CutEvent | DiscardEvent | StarterEvent | LayEvent):
            cues.append(Cue("card", round(at, 2)))
            cues += _scored((item for _, item in event.awards), round(at + PEG_AFTER, 2))
        elif isinstance(event, GoEvent):
            cues += _scored((item for _, item in event.awards), round(at, 2))
        else:
            continue
        at += gap
    return cues


def item_cues(items: Sequence[ScoreItem], times: Sequence[float]) -> list[Cue]:
    """A hand's combinations shown at ``times``: a fifteen called for a fifteen, pegs
    moving for anything else.

    >>> from trainer.engine import parse_cards, score_show
    >>> score = score_show(parse_cards("5H 5D JS QC"), parse_cards("2C")[0])
    >>> [cue.sound for cue in item_cues(score.items, [0.1 * n for n in range(len(score.items))])]
    ['fifteen', 'fifteen', 'fifteen', 'fifteen', 'peg']
    """
    return [
        Cue("fifteen" if item.kind is Kind.FIFTEEN else "peg", round(at, 2))
        for item, at in zip(items, times, strict=True)
    ]


def reduced_motion(key: str) -> bool:
    """The browser has said it asks for reduced motion (sounds are then off until the
    player turns them on)."""
    state: Any = st.session_state.get(key)
    reduced = state.get("reduced") if hasattr(state, "get") else getattr(state, "reduced", None)
    return reduced is True


def _ignore() -> None:
    """The browser's word on reduced motion is read by :func:`reduced_motion`."""


def play(game: str, token: str, cues: Sequence[Cue], *, on: bool | None, key: str) -> None:
    """Hand the browser this step's sounds (played once for ``token``, in ``game``)."""
    _component(
        key=key,
        data={
            "game": game,
            "token": token,
            "cues": [[cue.sound, cue.at] for cue in cues],
            "on": on,
            "reduced": reduced_motion(key),
        },
        default={"reduced": False},
        height=0,
        on_reduced_change=_ignore,
    )

"""What one page asks of another, as typed values kept in the session under one key each
(never loose keys one page writes and another pops by name).

* :class:`PracticeRequest`: "practise this" from Progress, Review or a teacher's set; the
  Practice page starts the set at once (:func:`take_practice`) and the request is gone.
* The weights adaptive practice gives mixed sets (:func:`practice_weights`), kept until
  another page sets them again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from trainer.engine import Card

__all__ = [
    "PRACTICE_PAGE",
    "PracticeRequest",
    "Weights",
    "ask_practice",
    "practice_weights",
    "take_practice",
]

#: The Practice page, as the app's pages name it (relative to ``trainer/app.py``).
PRACTICE_PAGE = "ui/views/practice.py"
#: Mixed sets' weights: ``{(drill, tier): weight}``.
Weights = dict[tuple[str, str], float]

_PRACTICE = "_practice_request_from_a_page"
_WEIGHTS = "_practice_weights"


@dataclass(frozen=True, slots=True)
class PracticeRequest:
    """A set asked for by another page: a drill and tier (either may be ``mixed``), and
    optionally its seed, answer mode, length and, for "Which two do you throw?", the six
    cards its first question deals (a throw from a game, practised again)."""

    drill: str
    tier: str = ""
    seed: int | None = None
    mode: str = ""
    length: int | None = None
    hand: tuple[Card, ...] = ()

    def params(self) -> dict[str, Any]:
        """The request as an address's parameters (what :func:`trainer.training.sets.spec_from_request`
        reads, so a request from a page and one from a link are checked alike)."""
        return {
            "drill": self.drill,
            "tier": self.tier,
            "seed": "" if self.seed is None else str(self.seed),
            "mode": self.mode,
            "length": "" if self.length is None else str(self.length),
            "hand": self.hand,
        }


def ask_practice(request: PracticeRequest, *, weights: Weights | None = None) -> None:
    """Hand ``request`` (and, given, mixed sets' new weights) to the Practice page, and go
    there; it starts the set at once."""
    st.session_state[_PRACTICE] = request
    if weights is not None:
        st.session_state[_WEIGHTS] = weights
    st.switch_page(PRACTICE_PAGE)


def take_practice() -> PracticeRequest | None:
    """The request another page left for Practice, taken (so it is acted on once)."""
    request = st.session_state.pop(_PRACTICE, None)
    return request if isinstance(request, PracticeRequest) else None


def practice_weights() -> Weights | None:
    """The weights adaptive practice last gave mixed sets (``None``: none given)."""
    weights = st.session_state.get(_WEIGHTS)
    return weights if isinstance(weights, dict) else None

"""What one page asks of another, as typed values kept in the session under one key each
(never loose keys one page writes and another pops by name).

* :class:`PracticeRequest`: "practise this" from Progress, Review or a teacher's set; the
  Practice page starts the set at once (:func:`take_practice`) and the request is gone.
* The weights adaptive practice gives mixed sets (:func:`practice_weights`), kept until
  another page sets them again.
* The game Review is to show (:func:`name_review`), when its address names none: taken by
  the Review page (:func:`take_review`).
* :class:`GameOffer`: the Learn page offers a game on the Play page (the learning game, or
  a first game of the ladder), kept (:func:`game_offered`) until the person starts it or
  puts it off (:func:`drop_game_offer`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from trainer.engine import Card
from trainer.engine.skills import DrillType

__all__ = [
    "PLAY_READY",
    "PRACTICE_PAGE",
    "GameOffer",
    "PracticeRequest",
    "Weights",
    "ask_practice",
    "drop_game_offer",
    "game_offered",
    "name_review",
    "offer_game",
    "practice_weights",
    "take_practice",
    "take_review",
]

#: The Practice page, as the app's pages name it (relative to ``trainer/app.py``).
PRACTICE_PAGE = "ui/views/practice.py"
#: Mixed sets' weights: ``{(drill, tier): weight}``.
Weights = dict[tuple[DrillType, str], float]

_PRACTICE = "_practice_request_from_a_page"
_WEIGHTS = "_practice_weights"
_REVIEW = "review_game"
#: Where the Learn page leaves a :class:`GameOffer` for the Play page.
PLAY_READY = "play_ready"


@dataclass(frozen=True, slots=True)
class GameOffer:
    """A game offered on the Play page at the end of a lesson: the first game of the ladder
    ``rung`` names (see :mod:`trainer.training.ladder`), or the learning game (None)."""

    rung: str | None = None


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


def name_review(game_id: str) -> None:
    """Name the game the Review page is to show (the address names it too, and wins)."""
    st.session_state[_REVIEW] = game_id


def take_review() -> str | None:
    """The game another page named for Review, taken (so an old one is never shown)."""
    game_id = st.session_state.pop(_REVIEW, None)
    return game_id if isinstance(game_id, str) else None


def offer_game(offer: GameOffer) -> None:
    """Leave ``offer`` for the Play page (the Learn page then opens it)."""
    st.session_state[PLAY_READY] = offer


def game_offered() -> GameOffer | None:
    """The game offered to the Play page, still waiting for an answer (None: none is)."""
    offer = st.session_state.get(PLAY_READY)
    return offer if isinstance(offer, GameOffer) else None


def drop_game_offer() -> None:
    """The offer is answered (the game started, or put off): it is not made again."""
    st.session_state.pop(PLAY_READY, None)

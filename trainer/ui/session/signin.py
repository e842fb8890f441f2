"""Club mode: players who sign in with a PIN, and the token the browser keeps for them."""

from __future__ import annotations

import os

from trainer.progress import club
from trainer.progress.store import Store
from trainer.training.records import Profile
from trainer.ui.session.database import setting
from trainer.ui.session.state import ASK, browser_session

__all__ = [
    "MODE_VAR",
    "browser_token",
    "club_mode",
    "heard_from_browser",
    "resolve_club",
    "sign_out",
    "signed_in_as",
    "token_to_keep",
]

#: The setting (or environment variable) that turns club mode on.
MODE_VAR = "CRIBBAGE_TRAINER_MODE"


def club_mode() -> bool:
    """The app is shared over a network: players sign in with a PIN (``mode = "club"``
    under ``[trainer]`` in ``.streamlit/secrets.toml``, or ``$CRIBBAGE_TRAINER_MODE=club``).
    The default, family mode, keeps the simple picker."""
    mode = os.environ.get(MODE_VAR) or setting("mode") or "family"
    return mode.strip().lower() == "club"


def browser_token(reported: str | None) -> None:
    """What the browser keeps (from :mod:`trainer.ui.keeper`: None until it has said): a
    token it kept from an earlier visit signs this session in, unless one already did."""
    if reported is None:
        return
    state = browser_session()
    state.club_heard = True
    if not state.club_token and reported and reported not in state.club_dropped:
        state.club_token = reported


def heard_from_browser() -> bool:
    return browser_session().club_heard


def token_to_keep() -> str | None:
    """A token the browser is to keep (``""``: to forget), once."""
    state = browser_session()
    value, state.club_to_keep = state.club_to_keep, None
    return value


def signed_in_as(signed: club.SignedIn) -> None:
    """This browser is now signed in (the browser keeps the token for later visits)."""
    state = browser_session()
    state.club_token = signed.token
    state.club_to_keep = signed.token
    state.club_role = signed.role
    state.profile_id = signed.profile.id
    state.who = signed.profile
    state.question = None


def sign_out() -> None:
    state = browser_session()
    if state.club_token:
        state.club_dropped.add(state.club_token)
    state.club_token = state.club_role = None
    state.forget_player()
    state.club_to_keep = ""
    state.question = ASK


def resolve_club(store: Store) -> Profile | None:
    """In club mode the player is whoever this browser session signed in as, checked
    again on every run (a PIN changed or reset elsewhere ends the session at once); the
    address and the picker name nobody."""
    state = browser_session()
    if not state.club_token:
        return None
    signed = club.session_player(store, state.club_token)
    if signed is None:
        state.club_token = state.club_role = None
        state.forget_player()
        state.club_to_keep = ""
        state.question = f"Your session has ended (it expired, or the PIN was changed). {ASK}"
        return None
    state.profile_id = signed.profile.id
    state.who = signed.profile
    state.club_role = signed.role
    return signed.profile

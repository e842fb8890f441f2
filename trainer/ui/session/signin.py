"""Club mode: players who sign in with a PIN, the token the browser keeps for them, and the
browser's own device token (which browser it is, and who has signed in on it)."""

from __future__ import annotations

import os

from trainer.progress import club
from trainer.progress.store import Store, StoreError
from trainer.training.records import Profile
from trainer.ui.session.database import current_store, failed, setting
from trainer.ui.session.state import ASK, browser_session

__all__ = [
    "MODE_VAR",
    "browser_device",
    "browser_token",
    "club_mode",
    "device_to_keep",
    "heard_from_browser",
    "keep_device",
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


def browser_token(reported: str | None, device: str = "") -> None:
    """What the browser keeps (from :mod:`trainer.ui.keeper`: None until it has said): a
    token it kept from an earlier visit signs this session in, unless one already did;
    ``device`` is its device token (``""``: none yet)."""
    if reported is None:
        return
    state = browser_session()
    state.club_heard = True
    if device and not state.club_device:  # later, this session's own is the newer
        state.club_device = device
    if not state.club_token and reported and reported not in state.club_dropped:
        state.club_token = reported


def browser_device(store: Store) -> club.Device:
    """This browser, as its device token says (a browser that has none, or one that does
    not read, is a new one: it keeps its new token from now on)."""
    state = browser_session()
    found = club.read_device(store, state.club_device) if state.club_device else None
    if found is None:
        found = club.new_device()
        keep_device(store, found)
    return found


def keep_device(store: Store, device: club.Device) -> None:
    """The browser is to keep ``device`` (after signing in: with that player among its own)."""
    token = club.device_token(store, device)
    state = browser_session()
    state.club_device = state.club_device_to_keep = token


def device_to_keep() -> str | None:
    """A device token the browser is to keep, once."""
    state = browser_session()
    value, state.club_device_to_keep = state.club_device_to_keep, None
    return value


def heard_from_browser() -> bool:
    return browser_session().club_heard


def token_to_keep() -> str | None:
    """A token the browser is to keep (``""``: to forget), once."""
    state = browser_session()
    value, state.club_to_keep = state.club_to_keep, None
    return value


def signed_in_as(signed: club.SignedIn) -> None:
    """This browser is now signed in (the browser keeps the token for later visits, and
    its device token with this player among its own)."""
    state = browser_session()
    state.club_token = signed.token
    state.club_to_keep = signed.token
    state.club_role = signed.role
    state.profile_id = signed.profile.id
    state.who = signed.profile
    state.question = None
    store = current_store()
    if signed.device is not None and store is not None:
        keep_device(store, signed.device)


def sign_out() -> None:
    """Sign out here and everywhere: every session of the player ends, on every browser and
    server, at its next request (the browser keeps its device token)."""
    state = browser_session()
    store = current_store()
    if state.profile_id is not None and store is not None:
        try:
            club.sign_out(store, state.profile_id)
        except StoreError as err:
            failed(err)  # signed out here at least; the other sessions end when they expire
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
        state.question = (
            f"Your session has ended (it expired, you signed out, or the PIN was changed). {ASK}"
        )
        return None
    state.profile_id = signed.profile.id
    state.who = signed.profile
    state.club_role = signed.role
    return signed.profile

"""Where a signed-in browser keeps its session token (club mode): the browser's own
storage for the app's address (``localStorage``), written and read by a tiny component
that draws nothing. Each browser session tells Python the token it keeps, once, and again
whenever it changes; Python asks it to keep a new token when someone signs in, and to forget
it when they sign out. The token never goes into the address, so a bookmark or a shared link
carries no one's session. Beside it the browser keeps its device token (which browser this
is, and who has signed in on it: :class:`trainer.progress.club.Device`), which signing out
leaves, so that wrong PINs typed elsewhere never hold up a player on their own browser."""

from __future__ import annotations

from typing import Any

import streamlit as st

from trainer.ui import assets, session

KEY = "session_keeper"

_JS = assets.text("keeper.js")  # keeps the tokens in the browser's own storage

_component = st.components.v2.component(
    "session_keeper", html="<span hidden></span>", js=_JS, isolate_styles=True
)


def _ignore() -> None:
    """The token is read from the component's value, not by a callback."""


def sync() -> None:
    """Draw the keeper (in the sidebar, where it takes no room) and tell the session what
    the browser keeps; call it on every run in club mode, before asking who is signed in."""
    keep, device = session.token_to_keep(), session.device_to_keep()
    data: dict[str, Any] = {"keep": keep, "device": device}
    with st.sidebar:
        result = _component(key=KEY, data=data, default={"kept": None}, on_kept_change=_ignore)
    kept = getattr(result, "kept", None)
    if isinstance(kept, dict):
        token, device_token = kept.get("token"), kept.get("device")
        session.browser_token(
            token if isinstance(token, str) else "",
            device_token if isinstance(device_token, str) else "",
        )
    else:
        session.browser_token(None)

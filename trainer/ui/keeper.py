"""Where a signed-in browser keeps its session token (club mode): the browser's own
storage for the app's address (``localStorage``), written and read by a tiny component
that draws nothing. Each browser session tells Python the token it keeps, once, and again
whenever it changes; Python asks it to keep a new token when someone signs in, and to forget
it when they sign out. The token never goes into the address, so a bookmark or a shared link
carries no one's session."""

from __future__ import annotations

from typing import Any

import streamlit as st

from trainer.ui import session

KEY = "session_keeper"

_JS = r"""
const KEY = "cribbage-trainer-session";
const sent = new WeakMap();
export default function (component) {
  const { data, parentElement, setStateValue } = component;
  let token = "";
  try {
    if (data && typeof data.keep === "string") {
      if (data.keep) window.localStorage.setItem(KEY, data.keep);
      else window.localStorage.removeItem(KEY);
    }
    token = window.localStorage.getItem(KEY) || "";
  } catch (e) {
    token = "";  // storage refused (a private window, say): nobody is kept signed in
  }
  if (sent.get(parentElement) !== token) {
    sent.set(parentElement, token);
    setStateValue("token", token);
  }
}
"""

_component = st.components.v2.component(
    "session_keeper", html="<span hidden></span>", js=_JS, isolate_styles=True
)


def _ignore() -> None:
    """The token is read from the component's value, not by a callback."""


def sync() -> None:
    """Draw the keeper (in the sidebar, where it takes no room) and tell the session what
    the browser keeps; call it on every run in club mode, before asking who is signed in."""
    keep = session.token_to_keep()
    data: dict[str, Any] = {"keep": keep}
    with st.sidebar:
        result = _component(key=KEY, data=data, default={"token": None}, on_token_change=_ignore)
    reported = getattr(result, "token", None)
    session.browser_token(reported if isinstance(reported, str) else None)

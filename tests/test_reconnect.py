"""A new session's first request for a fragment it does not hold runs the whole page; every
later request is Streamlit's own (the browser test in ``test_browser_restart`` restarts a real
server)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.app_session import AppSession

from trainer.ui import reconnect


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The fragment each request reached Streamlit with ("" for the whole page)."""
    seen: list[str] = []

    def original(self: Any, client_state: ClientState | None) -> None:
        seen.append(client_state.fragment_id if client_state is not None else "")

    monkeypatch.setattr(AppSession, "request_rerun", original)
    reconnect.install()
    reconnect.install()  # twice wraps once
    assert reconnect.installed()
    return seen


def _session(*held: str) -> Any:
    return SimpleNamespace(has_fragment=lambda fragment_id: fragment_id in held)


def _asking(fragment: str) -> ClientState:
    state = ClientState()
    state.fragment_id = fragment
    state.page_name = "practice"
    return state


def test_a_new_sessions_first_request_for_an_unknown_fragment_runs_the_whole_page(
    asked: list[str],
) -> None:
    session = _session()
    request = _asking("f1")
    AppSession.request_rerun(session, request)
    AppSession.request_rerun(session, _asking("f1"))  # later: Streamlit's own rule
    assert asked == ["", "f1"]
    assert request.fragment_id == "f1"  # the browser's own request is not changed


def test_a_fragment_the_session_holds_runs_alone(asked: list[str]) -> None:
    AppSession.request_rerun(_session("f1"), _asking("f1"))
    assert asked == ["f1"]


def test_a_first_request_for_the_whole_page_is_untouched(asked: list[str]) -> None:
    session = _session()
    AppSession.request_rerun(session, None)
    AppSession.request_rerun(session, _asking("gone"))
    assert asked == ["", "gone"]

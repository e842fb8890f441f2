"""A tab's first action after the server restarts is acted on, even inside a fragment.

When the server restarts, a tab that reconnects by itself keeps showing its page while its
session on the server is new and has run nothing. If the first thing the person then does
is inside a fragment (an answer in Practice, a card on the Play table, Enter in Check a
hand), the browser asks to run that fragment alone; the new session holds no such fragment,
and Streamlit drops the request without a word, so the answer or the move is lost.

:func:`install` makes a new session's very first request, when it names a fragment the
session does not hold, run the whole page instead, with the same widget values: the page
draws the fragment as part of it and :mod:`trainer.ui.actions` takes the click its callback
never saw. Every later request is left exactly as Streamlit handles it (a fragment removed by
a run of the whole page is still ignored, as it should be). ``python -m trainer app``
installs it before the server opens its port; ``trainer/app.py`` installs it too, for a plain
``streamlit run``, where it holds from the first page run on.
"""

from __future__ import annotations

from typing import Any

__all__ = ["install", "installed"]

#: Marks the session as having had a request already (set on Streamlit's ``AppSession``).
_ASKED = "_trainer_asked_once"
#: Marks the wrapped method, so installing twice wraps once.
_WRAPPED = "_trainer_first_request"


def installed() -> bool:
    from streamlit.runtime.app_session import AppSession

    return bool(getattr(AppSession.request_rerun, _WRAPPED, False))


def install() -> None:
    """Wrap ``AppSession.request_rerun`` (see the module docstring). Idempotent."""
    from streamlit.proto.ClientState_pb2 import ClientState
    from streamlit.runtime.app_session import AppSession

    if installed():
        return
    original = AppSession.request_rerun

    def request_rerun(self: AppSession, client_state: ClientState | None) -> None:
        first = not getattr(self, _ASKED, False)
        setattr(self, _ASKED, True)
        if (
            first
            and client_state is not None
            and client_state.fragment_id
            and not self.has_fragment(client_state.fragment_id)
        ):
            whole = ClientState()
            whole.CopyFrom(client_state)
            whole.ClearField("fragment_id")
            client_state = whole
        original(self, client_state)

    wrapper: Any = request_rerun
    setattr(wrapper, _WRAPPED, True)
    wrapper.__doc__ = original.__doc__
    AppSession.request_rerun = wrapper  # type: ignore[method-assign]

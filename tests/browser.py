"""Waiting on Streamlit in a real browser, shared by the browser tests.

A test never sleeps: after loading a page or acting on it, it waits for what that run
renders and then for the run to be over (the app says so in ``data-test-script-state``
on its root element). Filling a box while a run is still under way loses the text when
the run redraws the box, which is how a fixed sleep fails on a loaded machine.
"""

from __future__ import annotations

from typing import Any

#: The app's root element once no script run is under way or asked for.
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
#: Streamlit's own error box for an exception in a page.
EXCEPTION = '[data-testid="stException"]'


def settled(page: Any) -> None:
    """Wait until the app has no run under way (connected, script finished)."""
    page.wait_for_selector(IDLE, state="attached")


def open_page(page: Any, url: str, marker: str) -> None:
    """Load ``url``, wait for ``marker`` (a text the page renders) and for the run to end."""
    page.goto(url)
    page.get_by_text(marker).first.wait_for()
    settled(page)


def after(page: Any, marker: str) -> Any:
    """Wait for ``marker`` that an action's run renders, then for that run to end; the
    marker's locator is returned for further checks."""
    found = page.get_by_text(marker).first
    found.wait_for()
    settled(page)
    return found


def answer(page: Any, value: str, *, typed: bool, label: str | None = None) -> None:
    """Answer the Learn page's question on screen: type ``value`` (``typed``) or pick the
    choice labelled ``label``, then press "Check my answer" and wait for its run."""
    if typed:
        box = page.get_by_role("textbox").first
        box.fill(value)
    else:
        page.get_by_role("radio", name=label or value).check(force=True)
    page.get_by_role("button", name="Check my answer").click()
    settled(page)

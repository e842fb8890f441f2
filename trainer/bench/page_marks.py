"""What the browser tools and the browser tests look for on a Streamlit page, in one place:
a run under way or over, an element not drawn yet, an exception, the notes a page shows."""

from __future__ import annotations

from typing import Any

__all__ = ["ALERT", "EXCEPTION", "IDLE", "SKELETON", "alerts", "settled"]

#: The app's root element once no script run is under way or asked for. (Streamlit's status
#: widget would do too, but it fades out over 200 ms after the run.)
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
#: An element Streamlit has placed but not drawn yet: the grey shape it shows while the
#: element's script (fetched when first needed: the sidebar's page links, say) is on its way.
SKELETON = '[data-testid="stSkeleton"]'
#: Streamlit's own error box for an exception in a page.
EXCEPTION = '[data-testid="stException"]'
#: A note the page shows (``st.info``, ``st.warning``, ``st.error``, ``st.success``).
ALERT = '[data-testid="stAlert"]'


def settled(page: Any) -> None:
    """Wait until the app has no run under way (connected, script finished)."""
    page.wait_for_selector(IDLE, state="attached")


def alerts(page: Any) -> list[str]:
    """The words of every note on the page now (for a failure to say what the page said)."""
    return [str(text) for text in page.locator(ALERT).all_inner_texts()]

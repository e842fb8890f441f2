"""A page of the app opened in AppTest (:func:`open_page`): the app as a player, switched
to the page, with no exception."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.apptest import as_player

APP = Path(__file__).resolve().parents[2] / "trainer" / "app.py"


def open_page(page: str) -> AppTest:
    """The app run as a player, then switched to ``page`` (``"ui/views/chart.py"``)."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    as_player(at)
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at

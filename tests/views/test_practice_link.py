"""The Practice page's words about a link it cannot start: what the link asked for is
shown as plain text, never as Markdown (no live link, no image fetched), and cut short."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player

PAGE = str(Path(__file__).resolve().parents[2] / "trainer" / "ui" / "views" / "practice.py")
#: A Markdown character left unescaped: what makes text a link, an image or HTML.
LIVE = re.compile(r"(?<!\\)[\[\]()!<>]")


def _as_shown(markdown: str) -> str:
    """What the reader sees: backslash escapes undone, invisible word joiners left out."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")


def _refusal(**params: str) -> str:
    at = AppTest.from_file(PAGE, default_timeout=30)
    as_player(at)
    at.query_params.update(params)
    at.run()
    assert not at.exception, at.exception
    (error,) = at.error
    return str(error.value)


@pytest.mark.parametrize(
    "asked",
    [
        "[log in here](http://example.com/login)",
        "![x](http://example.com/pixel.png)",
        "<img src=http://example.com/pixel.png>",
        "**bold** :red[red] $x$",
        "www.example.com",
        "me@example.com",
    ],
    ids=["link", "image", "html", "emphasis", "bare-address", "email"],
)
def test_what_a_link_asks_for_is_shown_as_typed(asked: str) -> None:
    shown = _refusal(drill=asked)
    assert LIVE.search(shown) is None, shown
    assert _as_shown(shown).startswith(f"There is no drill called {asked!r}")
    assert not re.search(r"https?:|www\\?\.|[\w.]@", shown)  # nothing an autolink could take


def test_a_level_asked_for_is_shown_as_typed_too() -> None:
    shown = _refusal(drill="hand", tier="[x](http://example.com)")
    assert LIVE.search(shown) is None, shown
    assert "no level called" in shown


def test_a_huge_parameter_is_cut_short() -> None:
    shown = _refusal(drill="x" * 100_000)
    unescaped = _as_shown(shown)
    assert len(unescaped) == 300  # the page's LONGEST_REFUSAL (importing a page runs it)
    assert unescaped.startswith("There is no drill called 'xxx")
    assert unescaped.endswith("x…")

"""The player a page test plays as: made in the test's own progress database (see the
autouse fixture ``_isolated_database`` in ``conftest.py``) and named in the address, as a
bookmark or a shared link names them (``?player=<id>-<name>``)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from html import unescape
from typing import Any
from urllib.parse import unquote

from streamlit.testing.v1 import AppTest

from trainer.progress.store import ENV_VAR, Store
from trainer.training.records import Profile
from trainer.training.table import Table
from trainer.ui.drawing import markdown_html
from trainer.ui.play_page.state import STATE_KEY as PLAY_STATE
from trainer.ui.session import PLAYER_PARAM, player_param

#: Who the page tests play as, unless a test names someone else.
PLAYER = "Sam"


def as_player(at: AppTest, name: str | None = None) -> Profile:
    """Open ``at``'s pages as ``name`` (added unless already there); without a name, as the
    device's first player, or as :data:`PLAYER` (added) when there is nobody yet."""
    store = Store.open(os.environ[ENV_VAR])
    players = store.profiles()
    found = [p for p in players if p.name == name] if name is not None else players[:1]
    profile = found[0] if found else store.create_profile(name or PLAYER)
    at.query_params[PLAYER_PARAM] = player_param(profile)
    return profile


def table_of(at: AppTest) -> Table:
    """The Play page's table as ``at``'s session holds it (the game under way)."""
    table = at.session_state[PLAY_STATE].game.table
    assert isinstance(table, Table)
    return table


@dataclass(frozen=True)
class Metric:
    """A figure the page drew (:func:`trainer.ui.drawing.show_metric`), read back."""

    label: str
    value: str


_METRIC = re.compile(
    r'<div class="app-metric-label">[^<]*</div>'
    r'<div class="app-metric-value" data-metric="([^"]*)">([^<]*)</div>'
)


def metrics(at: AppTest) -> list[Metric]:
    """The figures on ``at``'s page, in order: each one's label and value as shown."""
    return [
        Metric(unescape(label), unescape(value))
        for element in at.html
        for label, value in _METRIC.findall(element.value)
    ]


_PICTURE = re.compile(r'src="data:image/svg\+xml,([^"]*)"')


def html_of(node: Any) -> list[str]:
    """The app's own HTML under ``node`` (a page or a block of it, drawn by
    :func:`trainer.ui.drawing.html_block`), each picture's drawing written out in its
    address (``src="data:image/svg+xml,<svg …>…</svg>"``), so a test reads a drawing's
    cards and pegs as it reads the HTML round it."""
    return [
        _PICTURE.sub(lambda m: f'src="data:image/svg+xml,{unquote(m[1])}"', element.value)
        for element in node.html
    ]


@dataclass(frozen=True)
class Written:
    """Words a page shows, as :func:`written` gives them."""

    value: str


def written(node: Any) -> list[Written]:
    """What ``node`` (a page or a block of it) says in Markdown and in the app's own HTML
    (the boxes of words the table draws are HTML), each with its ``value``: a picture by
    its name alone (its drawing left out of its address), no stylesheet."""
    html = [_PICTURE.sub('src=""', element.value) for element in node.html]
    return [
        *(Written(str(element.value)) for element in node.markdown),
        *(Written(value) for value in html if not value.startswith("<style")),
    ]


def said_html(markdown: str) -> str:
    """``markdown`` (a line of the app's words) as the page's HTML writes it, inside a box."""
    return markdown_html(markdown).removeprefix("<p>").removesuffix("</p>")

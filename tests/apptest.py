"""The player a page test plays as: made in the test's own progress database (see the
autouse fixture ``_isolated_database`` in ``conftest.py``) and named in the address, as a
bookmark or a shared link names them (``?player=<id>-<name>``)."""

from __future__ import annotations

import os

from streamlit.testing.v1 import AppTest

from trainer.progress.store import ENV_VAR, Store
from trainer.training.records import Profile
from trainer.training.table import Table
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

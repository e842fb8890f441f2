"""The protocol visitor sends what Chromium sends: on the Play page, Chromium starts a game to
61, cuts, throws two cards by tapping them and lays a card, and its websocket messages are
read; the visitor (:class:`trainer.bench.visitor.Visitor`) does the same for another player on the
same server, and each action's message carries the same widgets, each with the same kind of
value (the same value for the game's settings), and the card component's taps in the same
``log`` shape."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser import count_runs
from tests.conftest import run_async
from tests.play_steps import open_play, start_game, step
from tests.support.serving import serve
from trainer.bench.visitor import Visitor, next_move
from trainer.progress.store import Store
from trainer.ui.session import player_param

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "trainer" / "app.py"
#: The actions compared, by the widget that carries each.
ACTIONS = ("play_start", "play_cut", "throw", "lay")


def _key(widget_id: str) -> str:
    """A widget's key, with the game's own id and numbers out of a card component's."""
    return re.sub(r"^(throw|lay)_[0-9a-f]+_\d+$", r"\1", widget_id.split("-", 2)[-1])


def signature(rerun: Any) -> tuple[str, tuple[tuple[str, str, str], ...]]:
    """What one message says: which action it is, and each widget's key, kind of value and
    (for the game's settings, and the taps' shape) the value, in the keys' order."""
    action = ""
    widgets = []
    for state in rerun.widget_states.widgets:
        key, kind = _key(state.id), state.WhichOneof("value") or "no value"
        value: Any = getattr(state, kind) if kind != "no value" else None  # left empty
        shown = ""
        if kind == "trigger_value" or kind == "json_value":
            action = key
        if kind == "json_value":
            log = json.loads(value)["log"]
            shown = json.dumps([[list(e), e["do"], len(e["cards"]), e["seq"]] for e in log])
        elif key.startswith("play_") and kind in ("string_value", "bool_value"):
            shown = str(value)
        widgets.append((key, kind, shown))
    return action, tuple(sorted(widgets))  # the server reads them in any order


def _actions(messages: list[Any]) -> dict[str, tuple[str, tuple[tuple[str, str, str], ...]]]:
    """The first message of each compared action."""
    found: dict[str, Any] = {}
    for message in messages:
        action, widgets = signature(message)
        if action in ACTIONS and action not in found:
            found[action] = (message.page_name, widgets, bool(message.page_script_hash))
    return found


def _in_chromium(browser: Any, url: str) -> list[Any]:
    from streamlit.proto.BackMsg_pb2 import BackMsg

    sent: list[Any] = []

    def read(payload: Any) -> None:
        if isinstance(payload, bytes):
            message = BackMsg()
            message.ParseFromString(payload)
            if message.WhichOneof("type") == "rerun_script":
                sent.append(message.rerun_script)

    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        page.on("websocket", lambda ws: ws.on("framesent", read))
        count_runs(page)
        open_play(page, url)
        start_game(page, target=61)
        # the cut for deal, the throw, the starter, then a card laid: each step waits for the
        # run it starts, so the next never acts on a page about to be drawn again
        done: list[str] = []
        while "lay" not in done:
            assert len(done) < 8, done
            done.append(step(page))
    finally:
        context.close()
    return sent


async def _by_protocol(url: str, query: str) -> list[Any]:
    from streamlit.proto.BackMsg_pb2 import BackMsg

    sent: list[Any] = []
    async with Visitor(url) as visitor:
        original = visitor._ws.send

        async def send(raw: bytes) -> None:
            message = BackMsg()
            message.ParseFromString(raw)
            sent.append(message.rerun_script)
            await original(raw)

        visitor._ws.send = send
        page = await visitor.open("play", query)
        for _ in range(20):
            move = next_move(page)
            assert move is not None, page.text()[:300]
            page = await (
                visitor.tap(move.tap, move.event)
                if move.tap
                else visitor.press(move.press, move.values)
            )
            if move.kind == "lay":
                break
    return sent


@pytest.mark.browser
def test_the_visitor_sends_what_chromium_sends_on_the_play_page(
    browser: Any, tmp_path: Path
) -> None:
    db = tmp_path / "progress.sqlite3"
    store = Store.open(db)
    chromium, visitor = (
        player_param(store.create_profile(name)) for name in ("Chromium", "Visitor")
    )
    with serve(
        APP, log=tmp_path / "app.log", cwd=REPO, env={"CRIBBAGE_TRAINER_DB": str(db)}
    ) as url:
        in_chromium = _actions(_in_chromium(browser, f"{url}/play?player={chromium}"))
        by_protocol = _actions(run_async(_by_protocol(url, f"player={visitor}")))
    assert set(in_chromium) == set(ACTIONS), sorted(in_chromium)
    for action in ACTIONS:
        assert by_protocol[action] == in_chromium[action], (
            action,
            by_protocol[action],
            in_chromium[action],
        )

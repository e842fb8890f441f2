"""The protocol visitor sends what a browser sends: every widget's value from the moment it
is drawn (a radio by its option's text), a value it set until the widget leaves the page, a
press once, a card component's taps as its whole ``log`` (the confirmed ones left out); and
it reconnects as a browser does when its server is gone. Tried here against a made-up
websocket; ``tests/browser/test_visitor.py`` compares it with Chromium's own messages."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from typing import Any

import pytest
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.NumberInput_pb2 import NumberInput

from tests.conftest import run_async
from trainer.bench.visitor import TARGET, Move, Page, ServerGone, Visitor, initial_state, next_move


def _element(kind: str, key: str, **fields: Any) -> Element:
    element = Element()
    inner = getattr(element, kind)
    inner.id = f"$$ID-0123abcd-{key}"
    for name, value in fields.items():
        if isinstance(value, list):
            getattr(inner, name).extend(value)
        else:
            setattr(inner, name, value)
    return element


def _value(state: Any) -> tuple[str, Any]:
    field = state.WhichOneof("value")
    return field, getattr(state, field)


def test_a_widget_starts_with_its_default_or_the_value_the_server_set() -> None:
    radio = _element("radio", "play_target", options=["121 points", "61 points"], default=0)
    assert _value(initial_state(radio)) == ("string_value", "121 points")
    radio.radio.set_value, radio.radio.raw_value = True, "61 points"
    assert _value(initial_state(radio)) == ("string_value", "61 points")
    box = _element("selectbox", "who", options=["Kim", "Lee"], default=1)
    assert _value(initial_state(box)) == ("string_value", "Lee")
    empty = initial_state(_element("selectbox", "none", options=["Kim"]))  # no default
    assert empty is not None and empty.id.endswith("-none") and empty.WhichOneof("value") is None
    lengths = _element("button_group", "length", default=[1])
    for text in ("61", "121"):
        lengths.button_group.options.add(content=text)
    assert initial_state(lengths).WhichOneof("value") == "string_array_value"
    assert list(initial_state(lengths).string_array_value.data) == ["121"]
    lengths.button_group.set_value = True
    lengths.button_group.raw_values.extend(["61"])
    assert list(initial_state(lengths).string_array_value.data) == ["61"]
    assert _value(initial_state(_element("checkbox", "skunks", default=True))) == (
        "bool_value",
        True,
    )
    assert _value(initial_state(_element("text_input", "name", default=""))) == ("string_value", "")
    whole = _element("number_input", "count", default=3.0, data_type=NumberInput.INT)
    assert _value(initial_state(whole)) == ("int_value", 3)
    share = _element("number_input", "share", default=0.5, data_type=NumberInput.FLOAT)
    assert _value(initial_state(share)) == (
        "double_value",
        0.5,
    )
    uploader = initial_state(_element("file_uploader", "record"))
    assert uploader.WhichOneof("value") == "file_uploader_state_value"
    assert initial_state(_element("button", "play_cut", label="Cut the deck")) is None
    assert initial_state(_element("bidi_component", "lay_g_5", json="{}")) is None


class _Socket:
    """A websocket whose server draws the pages it is given, one a run, and can go away."""

    def __init__(self, pages: Iterable[list[Element]]) -> None:
        self.pages = list(pages)
        self.sent: list[Any] = []
        self.queue: asyncio.Queue[bytes] = asyncio.Queue()
        self.gone = False
        self.dies = False  # in the middle of the next run

        class State:
            name = "OPEN"

        self.state = State()

    async def send(self, raw: bytes) -> None:
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from websockets.exceptions import ConnectionClosedError

        if self.gone:
            raise ConnectionClosedError(None, None)
        message = BackMsg()
        message.ParseFromString(raw)
        self.sent.append(message.rerun_script)
        for element in self.pages.pop(0) if self.pages else []:
            delta = ForwardMsg()
            delta.delta.new_element.CopyFrom(element)
            self.queue.put_nowait(delta.SerializeToString())
        done = ForwardMsg()
        done.script_finished = ForwardMsg.FINISHED_SUCCESSFULLY
        self.queue.put_nowait(done.SerializeToString())

    async def recv(self) -> bytes:
        from websockets.exceptions import ConnectionClosedError

        if self.dies:
            raise ConnectionClosedError(None, None)
        return await self.queue.get()

    async def close(self) -> None:
        self.gone = True


def _sent(rerun: Any) -> list[tuple[str, str, Any]]:
    return [(w.id.rpartition("-")[2], *_value(w)) for w in rerun.widget_states.widgets]


def _visitor(socket: _Socket) -> Visitor:
    visitor = Visitor("http://127.0.0.1:9")
    visitor._ws = socket
    return visitor


CARDS = [{"id": "5H", "off": ""}, {"id": "KS", "off": ""}]


def test_a_press_goes_once_and_a_set_value_stays_while_its_widget_is_drawn() -> None:
    form = [
        _element("radio", "target", options=["121", "61"], default=0),
        _element("checkbox", "skunks", default=True),
        _element("button", "start", label="Start"),
    ]
    socket = _Socket([form, [_element("button", "cut", label="Cut the deck")], [], []])
    visitor = _visitor(socket)

    async def visit() -> None:
        await visitor.open("play", "player=1-kim")
        await visitor.press("start", {"target": "61"})
        await visitor.press("Cut the deck")  # by its label
        await visitor.rerun({})

    run_async(visit())
    first, start, cut, after = socket.sent
    assert (first.page_name, first.query_string, _sent(first)) == ("play", "player=1-kim", [])
    assert _sent(start) == [
        ("target", "string_value", "61"),
        ("skunks", "bool_value", True),
        ("start", "trigger_value", True),
    ]
    assert _sent(cut) == [("cut", "trigger_value", True)]  # the form's widgets left the page
    assert _sent(after) == []  # a press is sent once


def test_a_tap_sends_the_component_s_whole_log_and_the_confirmed_taps_leave_it() -> None:
    def lay(seen: int) -> list[Element]:
        data = {"token": "lay_g_5", "cards": CARDS, "seen": seen}
        return [_element("bidi_component", "lay_g_5", json=json.dumps(data))]

    socket = _Socket([lay(0), lay(0), lay(1), [], []])
    visitor = _visitor(socket)
    one = '{"do":"lay","cards":["KS"],"seq":1}'
    two = '{"do":"lay","cards":["5H"],"seq":2}'

    async def visit() -> None:
        await visitor.open("play", "")
        page = await visitor.tap("lay_g_5", {"do": "lay", "cards": ["KS"]})  # not read yet
        assert page.components["lay_g_5"]["cards"] == CARDS
        await visitor.tap("lay_g_5", {"do": "lay", "cards": ["5H"]})  # the page read the first
        assert visitor.logs["lay_g_5"].events == [json.loads(two)]  # confirmed: out of the log
        await visitor.rerun({})  # the component is still drawn: its state as last sent
        assert visitor.logs == {}  # the component has left the page, and its state with it
        await visitor.rerun({})

    run_async(visit())
    _, first, second, third, fourth = socket.sent
    assert _sent(first) == [("lay_g_5", "json_value", f'{{"log":[{one}]}}')]
    assert _sent(second) == [("lay_g_5", "json_value", f'{{"log":[{one},{two}]}}')]
    assert _sent(third) == _sent(second)  # as a browser's widgets keep the value last set
    assert _sent(fourth) == []


def _moved_visitor(monkeypatch: pytest.MonkeyPatch, pages: list[list[Element]]) -> Any:
    """A visitor on a server that goes; connecting again reaches a new one."""
    first = _Socket(pages)
    later = _Socket([[_element("button", "next", label="Next")]] * 2)
    visitor = _visitor(first)

    async def connect() -> None:
        visitor._ws = later

    monkeypatch.setattr(visitor, "connect", connect)
    return visitor, first, later


def test_a_run_under_way_when_the_server_goes_is_asked_again_without_its_press(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    boxes = [
        _element("text_input", "total", default=""),
        _element("button", "check", label="Check"),
    ]
    visitor, first, later = _moved_visitor(monkeypatch, [boxes])

    async def visit() -> Any:
        await visitor.open("practice", "set=ab&q=1")
        first.dies = True  # the press reaches the server, which dies before the page is drawn
        with pytest.raises(ServerGone):
            await visitor.press("Check", {"total": "12"})
        assert visitor.in_flight
        return await visitor.move_to("http://127.0.0.1:10")

    page = run_async(visit())
    assert page is not None and "next" in page.widgets
    [again] = later.sent
    assert _sent(again) == [("total", "string_value", "12")]  # the values, not the press
    assert visitor.url == "http://127.0.0.1:10" and not visitor.in_flight


def test_an_action_the_tab_could_not_send_goes_to_the_next_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    visitor, first, later = _moved_visitor(monkeypatch, [[_element("button", "cut", label="Cut")]])

    async def visit() -> tuple[Any, Any]:
        await visitor.open("play", "")
        first.state.name = "CLOSED"  # it went while the tab stood idle
        with pytest.raises(ServerGone):
            await visitor.press("cut")
        assert not visitor.in_flight and first.sent[1:] == []
        moved = await visitor.move_to("http://127.0.0.1:10")
        idle = await visitor.move_to("http://127.0.0.1:11")  # nothing under way: nothing sent
        return moved, idle

    moved, idle = run_async(visit())
    assert moved is not None and idle is None
    [pressed] = later.sent
    assert _sent(pressed) == [("cut", "trigger_value", True)]


def test_a_server_that_cannot_be_reached_is_said() -> None:
    async def visit() -> None:
        async with Visitor("http://127.0.0.1:9"):
            pass

    with pytest.raises(ServerGone, match="cannot be reached"):
        run_async(visit())


# --- what a person does on the Play page ---------------------------------------------------------


def test_the_move_is_read_off_the_page() -> None:
    start = Page(0.0, widgets={"play_start": "$$ID-a-play_start", "play_level": "x"})
    assert next_move(start) == Move("start", press="play_start", values={"play_target": TARGET})
    cards = [{"id": "5H", "off": ""}, {"id": "KS", "off": "too high"}, {"id": "2C", "off": ""}]
    lay = Page(0.0, components={"lay_abc_7": {"cards": cards, "seen": 0}})
    move = next_move(lay)
    assert move == Move("lay", tap="lay_abc_7", event={"do": "lay", "cards": ["5H"]}, game="abc")
    assert move.decision() == ("lay", ("5H",))
    throw = Page(0.0, components={"throw_abc_1": {"cards": cards}})
    assert next_move(throw) == Move(
        "throw", tap="throw_abc_1", event={"do": "pick", "cards": ["5H", "2C"]}, game="abc"
    )
    reveal = Page(0.0, widgets={"play_reveal_14_next": "i", "play_export": "j"})
    assert next_move(reveal) == Move("continue", press="play_reveal_14_next")
    assert next_move(Page(0.0, widgets={"play_again": "k"})) == Move("again", press="play_again")
    assert next_move(Page(0.0, texts=["Something else"])) is None

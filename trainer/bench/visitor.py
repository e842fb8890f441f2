"""A browser tab without a browser: :class:`Visitor` speaks Streamlit's websocket protocol to
an app server, sending what a browser tab sends and reading the page each script run sends
back, without drawing it. The crowd benchmarks (:mod:`trainer.bench.crowd`,
:mod:`trainer.bench.servers`) and the tests of serving through a proxy use it.

What it sends was checked against Chromium's own messages on the Practice and Play pages:
every widget on the page with its value (a widget's default from the moment it is drawn, a
value set by the visitor until the widget leaves the page), a button's press once, in the
message of the press, and a card component's taps as the component's script sends them
(its whole ``log`` as the component's state: ``{"log":[{"do":…,"cards":[…],"seq":n}]}``, the
taps the page has confirmed left out).

:class:`ScriptRuns` reads the same messages off a real browser tab, for the browser benchmark.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from trainer.bench.serving import cpu_seconds

#: Seconds a script run, or a connection, may take before the visitor gives up.
TIMEOUT = 60.0


class ServerGone(ConnectionError):
    """The server closed the visitor's connection, or cannot be reached: its process is gone."""


@dataclass
class Page:
    """What one script run sent: its widgets (by key) and its texts, the data each custom
    component (by key) was given, and how long it took."""

    seconds: float
    widgets: dict[str, str] = field(default_factory=dict)  # key (or button label) -> id
    texts: list[str] = field(default_factory=list)
    exception: str | None = None
    components: dict[str, dict[str, Any]] = field(default_factory=dict)  # key -> its data

    def text(self) -> str:
        return "\n".join(self.texts)


def _element_texts(element: Any) -> Iterator[str]:
    kind = element.WhichOneof("type")
    if kind is None:
        return
    inner = getattr(element, kind)
    for name in ("body", "label", "text", "value"):
        value = getattr(inner, name, None)
        if isinstance(value, str) and value:
            yield value


def _key_of(widget_id: str) -> str:
    """The key in a widget's id, ``$$ID-<hash>-<key>`` (the key may hold dashes of its own)."""
    return widget_id.split("-", 2)[-1]


def initial_state(element: Any) -> Any:
    """The value a browser gives a widget when it is drawn (a ``WidgetState``), or None for
    one that has no value until it is used (a button, a custom component): the value the
    server set (``set_value``), else the widget's default, as the browser's widgets
    report them (a radio or select box by its option's text, a select box with nothing
    chosen by its id alone, pills and segmented controls by their chosen options' texts)."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    kind = element.WhichOneof("type")
    inner = getattr(element, kind) if kind else None
    if inner is None or not getattr(inner, "id", ""):
        return None
    fill = _FILL.get(kind)
    return None if fill is None else fill(kind, inner, WidgetState(id=inner.id))


def _checkbox(kind: str, inner: Any, state: Any) -> Any:
    state.bool_value = inner.value if inner.set_value else inner.default
    return state


def _choice(kind: str, inner: Any, state: Any) -> Any:
    """A radio or a select box: its option's text (a select box with nothing chosen is sent
    with no value; a radio with nothing chosen is not sent)."""
    if inner.set_value and inner.HasField("raw_value"):
        state.string_value = inner.raw_value
    elif inner.HasField("default") and 0 <= inner.default < len(inner.options):
        state.string_value = inner.options[inner.default]
    elif kind != "selectbox":
        return None
    return state


def _text(kind: str, inner: Any, state: Any) -> Any:
    if inner.set_value and inner.HasField("value"):
        state.string_value = inner.value
    elif inner.HasField("default"):
        state.string_value = inner.default
    else:
        return None
    return state


def _number(kind: str, inner: Any, state: Any) -> Any:
    from streamlit.proto.NumberInput_pb2 import NumberInput

    if inner.set_value and inner.HasField("value"):
        number = inner.value
    elif inner.HasField("default"):
        number = inner.default
    else:
        return None
    if inner.data_type == NumberInput.INT:
        state.int_value = int(number)
    else:
        state.double_value = number
    return state


def _no_file(kind: str, inner: Any, state: Any) -> Any:
    state.file_uploader_state_value.SetInParent()  # no file chosen
    return state


def _buttons(kind: str, inner: Any, state: Any) -> Any:
    """Pills and segmented controls: the chosen options' texts."""
    chosen = (
        list(inner.raw_values)
        if inner.set_value
        else [inner.options[i].content for i in inner.default if i < len(inner.options)]
    )
    state.string_array_value.data[:] = chosen
    return state


#: How each kind of widget the browser sends when it is drawn gets its first value.
_FILL: dict[str, Callable[[str, Any, Any], Any]] = {
    "checkbox": _checkbox,
    "radio": _choice,
    "selectbox": _choice,
    "text_input": _text,
    "text_area": _text,
    "number_input": _number,
    "file_uploader": _no_file,
    "button_group": _buttons,
}


@dataclass
class _Log:
    """A card component's log, as its script keeps it in the browser (see
    ``trainer/ui/cardpick.py``): the taps not yet confirmed, and the next tap's number."""

    events: list[dict[str, Any]] = field(default_factory=list)
    next_seq: int = 1


class Visitor:
    """One browser tab, as Streamlit's server sees it: a websocket that asks for script
    runs (with the address's query string and the widgets' values) and reads the page
    each run sends back.

    It sends what a browser sends (checked against Chromium's own messages): every widget
    on the page with its value (a widget's default as soon as it is drawn, a value set by
    the visitor until the widget leaves the page), a button's press once, in the message
    of the press, and a card component's taps as the component's script sends them (its
    whole ``log`` as the component's state, ``{"log": [{"do": …, "cards": […], "seq": n}]}``,
    the taps the page has confirmed dropped). When its server goes (:class:`ServerGone`),
    :meth:`move_to` reconnects it elsewhere as a browser reconnects.

    ``via`` (a host and port) is where the connection goes when the address's own name does
    not lead there, as a name a club's network knows would (the name is still the one in
    the request's Host and Origin headers)."""

    def __init__(self, url: str, *, via: tuple[str, int] | None = None) -> None:
        self.url = url
        self.via = via
        self.query = ""
        self.page_name = ""
        self.page_hash = ""
        self.widgets: dict[str, str] = {}
        #: The page's widgets' values as the browser holds them, by widget id.
        self.states: dict[str, Any] = {}
        self.logs: dict[str, _Log] = {}  # card component key -> its log
        #: A run asked for whose page has not come back yet.
        self.in_flight = False
        #: An action not sent because the connection was already gone (its press, if any).
        self._unsent: list[Any] | None = None
        self._ws: Any = None

    async def __aenter__(self) -> Visitor:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> None:
        """Open the websocket to :attr:`url` (:class:`ServerGone` if nothing answers there)."""
        import websockets  # a dependency of Streamlit's own server
        from websockets.typing import Origin, Subprotocol

        address = self.url.replace("http://", "ws://", 1) + "/_stcore/stream"
        where: dict[str, Any] = {"host": self.via[0], "port": self.via[1]} if self.via else {}
        try:
            self._ws = await websockets.connect(
                address, subprotocols=[Subprotocol("streamlit")], origin=Origin(self.url),
                max_size=None, open_timeout=TIMEOUT, **where,
            )  # fmt: skip
        except (OSError, websockets.exceptions.WebSocketException) as err:
            raise ServerGone(f"{self.url} cannot be reached: {err}") from err

    async def close(self) -> None:
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
            self._ws = None

    async def open(self, path: str, query: str) -> Page:
        """Load ``/path?query``, as a new tab would."""
        self.page_name, self.query = path, query
        self.page_hash = ""
        return await self.rerun({})

    async def press(self, button: str, values: Mapping[str, str | bool] | None = None) -> Page:
        """Press the button with this key (or label), with the widgets keyed in ``values``
        set first (a text box's text, a radio's option, a checkbox): one message, as a
        browser sends a form's submit."""
        return await self.rerun(values or {}, trigger=button)

    async def tap(self, key: str, event: Mapping[str, Any]) -> Page:
        """A tap on the card component ``key`` (``{"do": "lay", "cards": ["5H"]}``): the
        component numbers it and sends its whole log, as its script does."""
        log = self.logs.setdefault(key, _Log())
        log.events.append({**event, "seq": log.next_seq})
        log.next_seq += 1
        self._set_log(key, log)
        return await self.rerun({})

    def _set_log(self, key: str, log: _Log) -> None:
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        state = WidgetState(id=self._id(key))
        state.json_value = json.dumps({"log": log.events}, separators=(",", ":"))
        self.states[state.id] = state

    async def rerun(self, values: Mapping[str, str | bool], *, trigger: str | None = None) -> Page:
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        for key, value in values.items():
            state = WidgetState(id=self._id(key))
            if isinstance(value, bool):
                state.bool_value = value
            else:
                state.string_value = value
            self.states[state.id] = state
        pressed = None
        if trigger is not None:
            pressed = WidgetState(id=self._id(trigger), trigger_value=True)
        return await self._run(pressed)

    async def _run(self, pressed: Any = None) -> Page:
        from streamlit.proto.BackMsg_pb2 import BackMsg

        if self._ws is None:
            raise ServerGone(f"the visitor is not connected to {self.url}")
        msg = BackMsg()
        client = msg.rerun_script
        client.query_string = self.query
        if self.page_hash:  # as a browser does once the first page is drawn
            client.page_script_hash = self.page_hash
        else:
            client.page_name = self.page_name
        client.widget_states.widgets.extend(self.states.values())
        if pressed is not None:  # a trigger is sent once, in the press's own message
            client.widget_states.widgets.append(pressed)
        if getattr(getattr(self._ws, "state", None), "name", "OPEN") != "OPEN":
            # the server went while the tab stood idle: a browser has seen it by now and is
            # reconnecting, and sends the action once it has (see :meth:`move_to`)
            self._unsent = [pressed]
            raise ServerGone(f"{self.url} went away before the action was sent")
        started = time.perf_counter()
        self.in_flight = True
        try:
            await self._ws.send(msg.SerializeToString())
            page = await asyncio.wait_for(self._read_run(), TIMEOUT)
        except (OSError, EOFError) as err:
            raise ServerGone(f"{self.url} went away: {err}") from err
        except Exception as err:
            if type(err).__module__.startswith("websockets"):
                raise ServerGone(f"{self.url} went away: {err}") from err
            raise
        self.in_flight = False
        page.seconds = time.perf_counter() - started
        self.widgets = page.widgets
        self._confirm(page)
        return page

    async def move_to(self, url: str) -> Page | None:
        """Reconnect to the server at ``url``, as a browser does when the proxy sends it to
        another server because its own is gone, and return the page that comes back, if
        any. If a run was under way, the page is asked for again with the widgets' values as
        they are (a press is not sent again: a browser keeps no button's value, so the
        person presses again); an action the tab could not send (its connection was already
        gone) is sent now, as the person takes it on the reconnected page; otherwise nothing
        is sent until the next action."""
        await self.close()
        self.url = url
        await self.connect()
        unsent, self._unsent = self._unsent, None
        if self.in_flight:
            return await self._run()
        if unsent is not None:
            return await self._run(unsent[0])
        return None

    def _confirm(self, page: Page) -> None:
        """Drop the taps each card component's data says the page has read (``seen``), as
        the component's script does, and the logs of components no longer on the page."""
        for key, data in page.components.items():
            seen = int(data.get("seen", 0) or 0)
            log = self.logs.setdefault(key, _Log(next_seq=seen + 1))
            log.events = [e for e in log.events if int(e["seq"]) > seen]
            log.next_seq = max(log.next_seq, seen + 1)
        for key in [k for k in self.logs if k not in page.components]:
            del self.logs[key]

    def _id(self, key: str) -> str:
        try:
            return self.widgets[key]
        except KeyError:
            raise LookupError(f"no widget {key!r} on the page: {sorted(self.widgets)}") from None

    def _read_element(self, page: Page, element: Any, drawn: set[str]) -> None:
        """One element of a run drawn on ``page``: an exception said, a widget (its key and
        label, its first value as the browser gives it, a card component's data) added to
        ``drawn``, and its texts."""
        inner = getattr(element, element.WhichOneof("type") or "empty", None)
        widget_id = getattr(inner, "id", "")
        if element.WhichOneof("type") == "exception":
            page.exception = element.exception.message
        if widget_id:
            key = _key_of(widget_id)
            page.widgets[key] = widget_id
            label = getattr(inner, "label", "")
            if label:
                page.widgets.setdefault(label, widget_id)
            drawn.add(widget_id)
            state = initial_state(element)
            if state is not None and (
                widget_id not in self.states or getattr(inner, "set_value", False)
            ):
                self.states[widget_id] = state
            if element.WhichOneof("type") == "bidi_component" and inner is not None and inner.json:
                page.components[key] = json.loads(inner.json)
        page.texts.extend(_element_texts(element))

    async def _read_run(self) -> Page:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        page = Page(0.0)
        drawn: set[str] = set()
        while True:
            message = ForwardMsg()
            message.ParseFromString(await self._ws.recv())
            kind = message.WhichOneof("type")
            if kind == "page_info_changed":
                self.query = message.page_info_changed.query_string  # the address now
            elif kind == "new_session" and message.new_session.page_script_hash:
                self.page_hash = message.new_session.page_script_hash
            elif kind == "navigation" and message.navigation.page_script_hash:
                self.page_hash = message.navigation.page_script_hash
            elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                self._read_element(page, message.delta.new_element, drawn)
            elif kind == "script_finished":
                status = message.script_finished
                if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    page = Page(0.0)  # the page is drawn again from the top
                    drawn.clear()
                    continue
                # as a browser does once a run is over: the widgets no longer drawn go
                self.states = {i: s for i, s in self.states.items() if i in drawn}
                return page


async def settled(pid: int | None, *, quiet: float = 0.02, every: float = 0.5) -> None:
    """Wait until the server process ``pid`` is idle (its background warm-up, started by the
    first visit, has finished): less than ``quiet`` seconds of processor time in ``every``
    seconds (at most a minute; at once when there is no pid)."""
    if pid is None:
        return
    deadline = time.monotonic() + TIMEOUT
    last = cpu_seconds(pid)
    while time.monotonic() < deadline:
        await asyncio.sleep(every)
        now = cpu_seconds(pid)
        if now - last < quiet:
            return
        last = now


# --- a person on the Play page ----------------------------------------------------------------

#: The game each player plays (the radio's option, as the page shows it).
TARGET = "61 points (a short game)"


@dataclass(frozen=True)
class Move:
    """What a Play tab does next: a press (with values) or a tap on a card component."""

    kind: str  # start, cut, throw, lay, continue, again
    press: str = ""
    values: dict[str, str] = field(default_factory=dict)
    tap: str = ""
    event: dict[str, Any] = field(default_factory=dict)
    game: str = ""  # the game's id, when the page shows it (a card component's key)

    def decision(self) -> tuple[str, tuple[str, ...]] | None:
        """The throw or lay it is, as the game's record will hold it (cards sorted)."""
        if self.kind in ("throw", "lay"):
            return self.kind, tuple(sorted(self.event["cards"]))
        return None


def next_move(page: Page) -> Move | None:
    """What a person does on this Play page: start a game to 61, cut, throw the first two
    cards, lay the first card that fits, go on through the show, or play again."""
    widgets = page.widgets
    if "play_start" in widgets:
        return Move("start", press="play_start", values={"play_target": TARGET})
    if "play_again" in widgets:
        return Move("again", press="play_again")
    for key in ("play_cut", "play_cut_starter"):
        if key in widgets:
            return Move("cut", press=key)
    for key, data in page.components.items():
        free = [str(card["id"]) for card in data.get("cards", []) if not card.get("off")]
        kind, _, rest = key.partition("_")
        game = rest.partition("_")[0]
        if kind == "throw" and len(free) >= 2:
            return Move("throw", tap=key, event={"do": "pick", "cards": free[:2]}, game=game)
        if kind == "lay" and free:
            return Move("lay", tap=key, event={"do": "lay", "cards": free[:1]}, game=game)
    steps = sorted(
        k for k in widgets if k.startswith("play_reveal_") and k.endswith(("_next", "_go"))
    )
    if steps:
        return Move("continue", press=steps[0])
    return None


class ScriptRuns:
    """Script runs as they finish, read off a real browser tab's websocket (Streamlit's
    messages, the tab a Playwright page): a quick run can start and end between two frames,
    and never show in the page's state. The browser benchmark times clicks with it."""

    def __init__(self) -> None:
        self.finished = asyncio.Event()
        self.at = 0.0  # when the last run finished (time.perf_counter)

    def watch(self, page: Any) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        if not isinstance(payload, bytes):
            return
        try:
            msg = ForwardMsg.FromString(payload)
        except Exception:  # not one of Streamlit's messages
            return
        finished = msg.WhichOneof("type") == "script_finished"
        if finished and msg.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:  # st.rerun
            self.at = time.perf_counter()
            self.finished.set()

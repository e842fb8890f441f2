"""Crowd benchmark: ``python -m trainer.bench_crowd [--users N] [--rounds N] [--first-runs] [--app DIR ...]``.

``users`` people (16 by default) answer a Practice question at the same moment, against
one server process (the app started as the README starts it, on a free loopback port). Each
person here is a :class:`Visitor`: a program that speaks Streamlit's own websocket
protocol, the messages a browser tab sends and receives, without drawing the page. So
the figures are the server's share of the wait, free of 16 browsers drawing their
pages on the same cores as the server (which real people do on their own machines);
the browser benchmark (:mod:`trainer.bench_browser`) times what one page takes to draw.

Each round every visitor types a total and presses "Check" at once (one message each,
as the browser sends it); the wait is from that message until the server has sent the
whole new page (the run's ``script_finished``), which is also checked for the verdict.
Then they all press "Next question" the same way. Printed: the median and worst wait,
the answers handled a second, and the server's processor time per answer. With
``--first-runs``, each page is also timed as the first thing asked of a server just
started (as the README starts it), one server per page. With two
``--app`` checkouts every figure is measured for each, interleaved, with their ratio.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trainer.serve import Server, cpu_seconds, serving_checkout

REPO = Path(__file__).resolve().parent.parent
PLAYER = "Crowd"
TIMEOUT = 60.0


@dataclass
class Page:
    """What one script run sent: its widgets (by key) and its texts, and how long it took."""

    seconds: float
    widgets: dict[str, str] = field(default_factory=dict)  # key (or button label) -> id
    texts: list[str] = field(default_factory=list)
    exception: str | None = None

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


class Visitor:
    """One browser tab, as Streamlit's server sees it: a websocket that asks for script
    runs (with the address's query string and the widgets' values) and reads the page
    each run sends back."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.query = ""
        self.page_name = ""
        self.widgets: dict[str, str] = {}
        self._ws: Any = None

    async def __aenter__(self) -> Visitor:
        import websockets  # a dependency of Streamlit's own server
        from websockets.typing import Origin, Subprotocol

        address = self.url.replace("http://", "ws://", 1) + "/_stcore/stream"
        self._ws = await websockets.connect(
            address, subprotocols=[Subprotocol("streamlit")], origin=Origin(self.url), max_size=None
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._ws is not None:
            await self._ws.close()

    async def open(self, path: str, query: str) -> Page:
        """Load ``/path?query``, as a new tab would."""
        self.page_name, self.query = path, query
        return await self.rerun({})

    async def press(self, button: str, values: Mapping[str, str] | None = None) -> Page:
        """Press the button with this key (or label), with the text boxes keyed in
        ``values`` filled in: one message, as a browser sends a form's submit."""
        return await self.rerun(values or {}, trigger=button)

    async def rerun(self, values: Mapping[str, str], *, trigger: str | None = None) -> Page:
        from streamlit.proto.BackMsg_pb2 import BackMsg

        msg = BackMsg()
        client = msg.rerun_script
        client.query_string = self.query
        client.page_name = self.page_name
        for key, value in values.items():
            state = client.widget_states.widgets.add()
            state.id = self._id(key)
            state.string_value = value
        if trigger is not None:
            state = client.widget_states.widgets.add()
            state.id = self._id(trigger)
            state.trigger_value = True
        started = time.perf_counter()
        await self._ws.send(msg.SerializeToString())
        page = await asyncio.wait_for(self._read_run(), TIMEOUT)
        page.seconds = time.perf_counter() - started
        self.widgets = page.widgets
        return page

    def _id(self, key: str) -> str:
        try:
            return self.widgets[key]
        except KeyError:
            raise LookupError(f"no widget {key!r} on the page: {sorted(self.widgets)}") from None

    async def _read_run(self) -> Page:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        page = Page(0.0)
        while True:
            message = ForwardMsg()
            message.ParseFromString(await self._ws.recv())
            kind = message.WhichOneof("type")
            if kind == "page_info_changed":
                self.query = message.page_info_changed.query_string  # the address now
            elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                element = message.delta.new_element
                inner = getattr(element, element.WhichOneof("type") or "empty", None)
                widget_id = getattr(inner, "id", "")
                if element.WhichOneof("type") == "exception":
                    page.exception = element.exception.message
                if widget_id:
                    # ``$$ID-<hash>-<key>``: the key may hold dashes of its own
                    page.widgets[widget_id.split("-", 2)[-1]] = widget_id
                    label = getattr(inner, "label", "")
                    if label:
                        page.widgets.setdefault(label, widget_id)
                page.texts.extend(_element_texts(element))
            elif kind == "script_finished":
                status = message.script_finished
                if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    page = Page(0.0)  # the page is drawn again from the top
                    continue
                return page


@dataclass
class Figures:
    waits: list[float] = field(default_factory=list)
    rates: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    first_runs: dict[str, list[float]] = field(default_factory=dict)  # page -> seconds


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


async def crowd(
    server: Server, figures: Figures, *, users: int, rounds: int, player: str = PLAYER
) -> None:
    """``users`` visitors on Practice, as ``player``, answering ``rounds`` questions at the
    same moment."""
    async with contextlib.AsyncExitStack() as stack:
        visitors = [await stack.enter_async_context(Visitor(server.url)) for _ in range(users)]
        for n, visitor in enumerate(visitors):  # one after another: the race is the answering
            query = f"drill=hand&tier=club&seed={100 + n}&length={rounds + 1}&player={player}"
            page = await visitor.open("practice", query)
            if "practice_total_0" not in page.widgets:
                raise RuntimeError(f"no question on the page:\n{page.text()[:500]}")
        await settled(server.pid)
        for n in range(rounds):
            box = f"practice_total_{n}"
            cpu = cpu_seconds(server.pid)
            started = time.perf_counter()
            pages = await asyncio.gather(
                *(v.press("Check", {box: "5"}) for v in visitors)  # the form's submit button
            )
            elapsed = time.perf_counter() - started
            used = cpu_seconds(server.pid) - cpu
            for page in pages:
                if page.exception or "Next question" not in page.widgets:
                    figures.failed.append(page.exception or page.text()[:300])
                figures.waits.append(page.seconds)
            figures.rates.append(users / elapsed)
            figures.cpu.append(used / users)
            await asyncio.gather(*(v.press("practice_next") for v in visitors))


def _fill(db: Path) -> None:
    from trainer.progress.store import Store

    Store.open(db).create_profile(PLAYER)


@contextlib.contextmanager
def _app(app_dir: Path, workdir: Path) -> Iterator[Server]:
    db = workdir / f"crowd-{time.monotonic_ns()}.sqlite3"
    _fill(db)
    with serving_checkout(app_dir, db) as server:
        yield server


#: The pages timed by :func:`first_runs`: path and the address's query (before the player).
FIRST_PAGES: dict[str, tuple[str, str]] = {
    "home": ("", ""),
    "learn": ("learn", ""),
    "practice": ("practice", ""),
    "a practice link": ("practice", "drill=hand&tier=club&seed=3&"),
    "progress": ("progress", ""),
    "check": ("check", ""),
    "play": ("play", ""),
}


async def first_runs(apps: Sequence[Path], workdir: Path, results: Mapping[Path, Figures]) -> None:
    """Each page as the first thing a server just started is asked for: the server's time
    for that run, from the visitor's request to the last of the page (what a browser adds
    on top, loading Streamlit's own scripts, is in the browser benchmark)."""
    for name, (path, query) in FIRST_PAGES.items():
        for app in apps:  # interleaved, so both checkouts see the same noise
            with _app(app, workdir) as server:
                async with Visitor(server.url) as visitor:
                    page = await visitor.open(path, f"{query}player={PLAYER}")
            if page.exception:
                results[app].failed.append(f"first run of {name}: {page.exception}")
            results[app].first_runs.setdefault(name, []).append(page.seconds)


async def run(
    apps: Sequence[Path], *, users: int, rounds: int, repeats: int, first: bool = False
) -> dict[Path, Figures]:
    results = {app: Figures() for app in apps}
    with tempfile.TemporaryDirectory(prefix="crowd-") as tmp, contextlib.ExitStack() as stack:
        if first:
            await first_runs(apps, Path(tmp), results)
        servers = {app: stack.enter_context(_app(app, Path(tmp))) for app in apps}
        for _ in range(repeats):  # interleaved, so both checkouts see the same noise
            for app in apps:
                await crowd(servers[app], results[app], users=users, rounds=rounds)
    return results


def _row(name: str, values: list[float], unit: str) -> str:
    if not values:
        return f"{name:<44} no samples"
    scale, suffix = (1000.0, "ms") if unit == "ms" else (1.0, unit)
    median = statistics.median(values) * scale
    worst = (min(values) if unit == "/s" else max(values)) * scale  # the fewest answers a second
    return (
        f"{name:<44} median {median:8.1f} {suffix}   worst {worst:8.1f} {suffix}   n={len(values)}"
    )


def report(results: Mapping[Path, Figures], users: int) -> str:
    lines: list[str] = []
    medians: list[float] = []
    for app, figures in results.items():
        lines.append(f"== {app}")
        lines.append(_row(f"{users} people answering at once: wait", figures.waits, "ms"))
        lines.append(_row("answers handled a second", figures.rates, "/s"))
        lines.append(_row("server processor time an answer", figures.cpu, "ms"))
        for name, seconds in figures.first_runs.items():
            lines.append(_row(f"first run after a start: {name}", seconds, "ms"))
        if figures.failed:
            lines.append(
                f"!! {len(figures.failed)} answers without their verdict: {figures.failed[0]}"
            )
        if figures.waits:
            medians.append(statistics.median(figures.waits))
    if len(medians) == 2 and medians[1]:
        lines.append(f"median wait, first / second: {medians[0] / medians[1]:.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench_crowd", description=__doc__)
    parser.add_argument("--users", type=int, default=16, help="people answering at once")
    parser.add_argument("--rounds", type=int, default=5, help="questions each person answers")
    parser.add_argument("--repeats", type=int, default=1, help="crowds, one after another")
    parser.add_argument(
        "--first-runs",
        action="store_true",
        help="also time each page as the first thing asked of a server just started",
    )
    parser.add_argument(
        "--app", type=Path, nargs="+", default=[REPO], help="checkouts to compare (one or two)"
    )
    args = parser.parse_args(argv)
    if args.users < 1 or args.rounds < 1 or args.repeats < 1:
        print("--users, --rounds and --repeats must be at least 1.")
        return 2
    results = asyncio.run(
        run(
            args.app,
            users=args.users,
            rounds=args.rounds,
            repeats=args.repeats,
            first=args.first_runs,
        )
    )
    print(report(results, args.users))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

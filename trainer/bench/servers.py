"""Several app servers sharing one PostgreSQL: the crowd benchmark's ``--servers`` run,
``python -m trainer.bench.crowd --servers 3 --users 48 [--store postgresql://…]``.

``users`` players (48) each have two tabs open, Practice and Play, on one of ``servers``
app processes (player n on server n mod servers, as a proxy's ``ip_hash`` keeps each
address on one server), all on one PostgreSQL store. Every player answers ``answers``
Practice questions and makes ``moves`` moves in a game to 61 against Easy (the trainer
counting), one after the other, all players at once. The tabs are
:class:`~trainer.bench.visitor.Visitor` objects: they speak Streamlit's websocket protocol and
send what a browser sends (a card component's taps as its ``log`` state, a button's press
once), so they play through the Play page itself.

When half of all the steps are done, the first server is killed with ``kill -9``. Its
players' tabs move to the next server, as the proxy sends them there: a tab whose page was
being drawn asks for it again with its widgets' values, as a browser does when it
reconnects (so a card tapped just before the kill is sent again, and a button's press is
not), a tab that finds its connection gone before it acts takes its action there, and the
Play page there loads the game from the store. Each moved player also opens
a second Play tab on yet another server right after the move, which keeps that old copy of
the game; once the player has played on, that tab makes a move, which must be refused
("this game moved on in another tab or window") and leave the stored game as it was.

Afterwards the store is read back and checked against what the tabs sent: every answer
stored exactly once, with the answer sent, under the player whose address sent it (none
lost, doubled or misfiled); every game's stored record replays (``Table.resume``), and the
throws and lays in it are exactly the ones the player's tab sent, in order (none lost,
none applied twice, none from a refused stale copy); every moved player continued the
game they were playing. Before that, the same crowd plays against one server (the peer, in
the same process, on a database of its own), and the figures are given for both with
their ratio: answers a second, the median and worst wait for an answer's verdict, the
moves' waits by kind.

Without ``--store`` a throwaway PostgreSQL is started from Debian's ``postgresql``
binaries, in a temporary folder, as the tests start theirs (:mod:`trainer.bench.serving_postgres`),
and removed at the end. With ``--store``, that server's database is used (its user must be
able to create tables, as the app's is): the players are added to it under names of their
own, and removed at the end with their answers and games.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from trainer.bench.ledger import Checks, Sent, check
from trainer.bench.serving import Server, serving_checkout
from trainer.bench.visitor import Move, Page, ServerGone, Visitor, next_move, settled

#: What the Play page says when it refuses a move based on a stale copy.
REFUSED = ("moved on in another tab or window", "finished in another tab or window")
#: Tabs opened at once while the crowd gathers (the opening is not timed).
OPENING = 8
#: Steps a player takes before giving up on a page it does not understand.
TRIES = 6


def _words(page: Page) -> str:
    """The page's texts without its style sheets (drawn as HTML on every page)."""
    return "\n".join(text for text in page.texts if not text.lstrip().startswith("<style"))


def _answer_box(page: Page) -> str | None:
    return next((k for k in page.widgets if k.startswith("practice_total_")), None)


def _set_of(query: str) -> str:
    return (parse_qs(query).get("set") or [""])[0]


@dataclass
class Moved:
    """A player whose server was killed: the game stored for them when their Play tab found
    out, the first game their tab showed on the next server, and what their stale copy did."""

    player: int
    stored_game: str | None = None
    stored_finished: bool = False
    game_after: str | None = None  # the first game id seen after the move ("" : results page)
    stale: str = "not tried"  # refused / APPLIED / not tried (why)

    @property
    def continued(self) -> bool | None:
        """The same game went on (None: the tab never showed a game after the move)."""
        if self.stored_game is None or self.game_after is None:
            return None
        return self.game_after == self.stored_game or (self.stored_finished and not self.game_after)


@dataclass
class Played:
    """One player after the run: their number and profile, the servers their tabs were on
    at the end, whether they were moved, and what their tabs sent."""

    n: int
    profile_id: int
    server: dict[str, int]
    moved: bool
    sent: Sent


@dataclass
class Run:
    """One crowd's figures, and the problems seen while it ran."""

    label: str
    servers: int
    users: int
    answers: list[float] = field(default_factory=list)  # each verdict's wait (s)
    moves: dict[str, list[float]] = field(default_factory=dict)  # kind -> waits (s)
    elapsed: float = 0.0
    steps: int = 0  # answers and moves made, timed or not
    failed: list[str] = field(default_factory=list)
    killed: str = ""  # the server killed, said
    moved: list[Moved] = field(default_factory=list)
    tabs_moved: list[float] = field(default_factory=list)  # kill -> first page elsewhere (s)
    checks: Checks | None = None
    players: list[Played] = field(default_factory=list)
    unsaved: int = 0  # moves the page said were not saved, saved again by "Try saving again"


class Progress:
    """What the benchmark is doing, on standard error: a bar on a terminal, otherwise a line
    at every tenth of the steps."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.done = label, total, 0
        self.started = time.perf_counter()
        self.bar: Any = None
        if sys.stderr.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=label, unit="step", file=sys.stderr, leave=False)

    def say(self, text: str) -> None:
        """A line of its own (above the bar)."""
        line = f"{self.label}: {text} ({time.perf_counter() - self.started:.0f} s)"
        if self.bar is not None:
            self.bar.write(line, file=sys.stderr)
        else:
            print(line, file=sys.stderr, flush=True)

    def update(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        elif self.done * 10 // self.total != (self.done - 1) * 10 // self.total:
            self.say(f"{self.done} of {self.total} steps")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


class Crowd:
    """The servers, which are alive, the steps done (and the kill at half of them)."""

    def __init__(
        self, servers: Sequence[Server], run: Run, *, total: int, kill_at: int | None,
        store: Any, progress: Progress,
    ) -> None:  # fmt: skip
        self.servers = list(servers)
        self.alive = set(range(len(servers)))
        self.run = run
        self.total = total
        self.kill_at = kill_at
        self.killed_at: float | None = None
        self.done = 0
        self.store = store
        self.progress = progress

    def next_server(self, index: int) -> int:
        """The server a proxy sends a player to when theirs is gone: the next one alive."""
        for step in range(1, len(self.servers) + 1):
            candidate = (index + step) % len(self.servers)
            if candidate in self.alive:
                return candidate
        raise RuntimeError("every app server is gone")

    def step_done(self) -> None:
        self.done += 1
        self.progress.update()
        if self.kill_at is not None and self.killed_at is None and self.done >= self.kill_at:
            self.kill(0)

    def kill(self, index: int) -> None:
        server = self.servers[index]
        os.kill(server.pid, signal.SIGKILL)
        self.alive.discard(index)
        self.killed_at = time.perf_counter()
        self.run.killed = (
            f"server {index + 1} ({server.url}) killed with kill -9 at step {self.done}"
        )
        self.progress.say(f"{self.run.killed} of {self.total}")


class Player:
    """One player: a Practice tab and a Play tab, on one server until it is gone."""

    def __init__(self, crowd: Crowd, n: int, param: str, profile_id: int) -> None:
        self.crowd = crowd
        self.n = n
        self.param = param
        self.profile_id = profile_id
        self.sent = Sent()
        self.server = {"practice": n % len(crowd.servers), "play": n % len(crowd.servers)}
        url = crowd.servers[self.server["play"]].url
        self.tabs = {"practice": Visitor(url), "play": Visitor(url)}
        self.pages: dict[str, Page] = {}
        self.moved: Moved | None = None
        self.stale: Visitor | None = None
        #: The stored game the stale copy was opened on: its id and version.
        self.stale_game: tuple[str, int] | None = None
        self.arriving: set[str] = set()  # tabs moved whose first page there is still to come

    def query(self, answers: int) -> dict[str, tuple[str, str]]:
        return {
            "practice": (
                "practice",
                f"drill=hand&tier=club&seed={1000 + self.n}&length={answers + 2}"
                f"&player={self.param}",
            ),
            "play": ("play", f"player={self.param}"),
        }

    async def open(self, answers: int) -> None:
        for name, (path, query) in self.query(answers).items():
            tab = self.tabs[name]
            await tab.connect()
            self.pages[name] = await tab.open(path, query)

    async def close(self) -> None:
        for tab in [*self.tabs.values(), *([self.stale] if self.stale else [])]:
            await tab.close()

    async def _on(self, name: str, act: Awaitable[Page]) -> Page | None:
        """What ``act`` (an action of the tab ``name``) drew; None when the tab's server was
        gone (the tab has moved to the next server, and its page is what it shows now: the
        step is decided again)."""
        try:
            page = await act
        except ServerGone:
            await self._move(name)
            return None
        self.pages[name] = page
        self._arrived(name)
        return page

    async def _move(self, name: str) -> None:
        tab = self.tabs[name]
        if name == "play" and self.moved is None:
            self.moved = Moved(self.n)
            row = await asyncio.to_thread(self.crowd.store.game_in_progress, self.profile_id)
            if row is not None:
                self.moved.stored_game, self.moved.stored_finished = row.game_id, row.finished
        for _ in range(len(self.crowd.servers)):
            self.server[name] = self.crowd.next_server(self.server[name])
            try:
                page = await tab.move_to(self.crowd.servers[self.server[name]].url)
            except ServerGone:
                continue
            self.arriving.add(name)
            if page is not None:
                self.pages[name] = page
                self._arrived(name)
            return
        raise RuntimeError("no app server left to move to")

    def _arrived(self, name: str) -> None:
        if name not in self.arriving:
            return
        self.arriving.discard(name)
        if self.crowd.killed_at is not None:
            self.crowd.run.tabs_moved.append(time.perf_counter() - self.crowd.killed_at)

    # --- Practice ----------------------------------------------------------------------------

    async def answer(self) -> None:
        """Answer the question on the Practice tab and go to the next one."""
        tab = self.tabs["practice"]
        for _ in range(TRIES):
            page = self.pages["practice"]
            if "practice_next" in page.widgets:  # a verdict shown (after a move)
                await self._on("practice", tab.press("practice_next"))
                continue
            box = _answer_box(page)
            if box is None:
                self.crowd.run.failed.append(
                    f"player {self.n}: no question on Practice:"
                    f" {page.exception or page.text()[:200]}"
                )
                return
            index = int(box.rpartition("_")[2])
            key = f"{_set_of(tab.query)}/{index}"
            answer = str((self.n + 3 * index) % 17 + 2)
            self.sent.answers[key] = answer
            answered = await self._on("practice", tab.press("Check", {box: answer}))
            if answered is None:
                continue  # moved: what the page shows now decides
            if answered.exception or "practice_next" not in answered.widgets:
                self.crowd.run.failed.append(
                    f"player {self.n}: no verdict for {key}: "
                    f"{answered.exception or answered.text()[:200]}"
                )
                return
            self.crowd.run.answers.append(answered.seconds)
            self.crowd.step_done()
            await self._on("practice", tab.press("practice_next"))
            return
        self.crowd.run.failed.append(f"player {self.n}: Practice did not go on after a move")

    # --- Play --------------------------------------------------------------------------------

    async def move(self) -> None:
        """Make the move the Play tab asks for."""
        for _ in range(TRIES):
            page = self.pages["play"]
            move = next_move(page)
            if move is None:
                self.crowd.run.failed.append(
                    f"player {self.n}: no move on Play: {page.exception or page.text()[:300]}"
                )
                return
            if "play" not in self.arriving:  # a page the next server drew, after a move
                self._saw(move)
            decision = move.decision()
            if decision is not None:
                self.sent.decisions.setdefault(move.game, []).append(decision)
            played = await self._on("play", _make(self.tabs["play"], move))
            if played is None:
                await self._after_move()
                if decision is not None:  # the tap went with the run asked for on the next
                    return self.crowd.step_done()  # server (or was sent there): once
                continue  # a press: what the page shows now decides
            if played.exception:
                self.crowd.run.failed.append(f"player {self.n}: {move.kind}: {played.exception}")
            self.crowd.run.moves.setdefault(move.kind, []).append(played.seconds)
            if "play_unsaved" in played.widgets:
                await self._save_again()
            self.crowd.step_done()
            await self._after_move()
            return
        self.crowd.run.failed.append(f"player {self.n}: Play did not go on after a move")

    async def _save_again(self) -> None:
        """The page says the move is not saved (the store was busy, say): as a person would,
        press "Try saving again" until it is (a move never saved is a failure)."""
        self.crowd.run.unsaved += 1
        for _ in range(TRIES):
            page = await self._on("play", self.tabs["play"].press("play_retry"))
            if page is None or "play_unsaved" not in page.widgets:
                return
        self.crowd.run.failed.append(f"player {self.n}: a move never saved")

    def _saw(self, move: Move) -> None:
        """After a move to another server: note the first game the Play tab shows there."""
        moved = self.moved
        if moved is None or moved.game_after is not None:
            return
        if move.game:
            moved.game_after = move.game
        elif move.kind == "again":
            moved.game_after = ""  # the results of a game that had ended

    async def _after_move(self) -> None:
        """Right after the Play tab's first move on the next server, open a second Play tab
        on another server: it shows the game as stored now, a copy that goes stale as the
        player plays on."""
        if self.moved is None or self.stale is not None or "play" in self.arriving:
            return
        here = self.server["play"]
        there = self.crowd.next_server(here) if len(self.crowd.alive) > 1 else here
        row = await asyncio.to_thread(self.crowd.store.game_in_progress, self.profile_id)
        self.stale = Visitor(self.crowd.servers[there].url)
        await self.stale.connect()
        path, query = self.query(0)["play"]
        self.pages["stale"] = await self.stale.open(path, query)
        if row is not None:
            self.stale_game = (row.game_id, row.version)

    async def try_stale(self) -> None:
        """The stale copy makes a move: it must be refused, and the stored game unchanged."""
        moved, tab = self.moved, self.stale
        if moved is None or tab is None:
            return
        if self.stale_game is None:
            moved.stale = "not tried: no game when it was opened"
            return
        game_id, version = self.stale_game
        move = next_move(self.pages["stale"])
        store = self.crowd.store
        before = await asyncio.to_thread(store.game, self.profile_id, game_id)
        if move is None or move.kind == "start" or before is None:
            moved.stale = "not tried: no game on that tab"
            return
        if before.version == version:
            moved.stale = "not tried: the game did not move on after it was opened"
            return
        page = await _make(tab, move)
        after = await asyncio.to_thread(store.game, self.profile_id, game_id)
        said = page.text()
        if any(words in said for words in REFUSED) and before == after:
            moved.stale = "refused"
        else:
            moved.stale = "APPLIED"
            self.crowd.run.failed.append(
                f"player {self.n}: a move from a stale copy was not refused: "
                f"{page.exception or ''} {_words(page)[:300]}"
            )

    async def play(self, answers: int, moves: int) -> None:
        for step in range(max(answers, moves)):
            if step < answers:
                await self.answer()
            if step < moves:
                await self.move()
        await self.try_stale()


async def _make(tab: Visitor, move: Move) -> Page:
    if move.tap:
        return await tab.tap(move.tap, move.event)
    return await tab.press(move.press, move.values)


async def crowd_run(
    run: Run, servers: Sequence[Server], players: Sequence[tuple[str, int]], store: Any,
    *, answers: int, moves: int, kill: bool, kill_after: float = 0.5,
) -> list[Player]:  # fmt: skip
    """The crowd on ``servers``: every player (address parameter, profile id) answering and
    moving at once; with ``kill``, the first server killed when ``kill_after`` of the steps
    are done (half). Returns the players, with what each sent."""
    total = len(players) * (answers + moves)
    progress = Progress(run.label, total)
    kill_at = max(1, int(total * kill_after)) if kill else None
    crowd = Crowd(servers, run, total=total, kill_at=kill_at, store=store, progress=progress)
    crowd_players = [Player(crowd, n, param, pid) for n, (param, pid) in enumerate(players)]
    gate = asyncio.Semaphore(OPENING)

    async def opened(player: Player) -> None:
        async with gate:
            await player.open(answers)

    try:
        progress.say(f"opening {2 * len(players)} tabs")
        await asyncio.gather(*(opened(p) for p in crowd_players))
        progress.say("waiting for the servers to settle")
        await asyncio.gather(*(settled(s.pid) for s in servers))
        progress.say(f"{len(players)} players answering and playing")
        started = time.perf_counter()
        await asyncio.gather(*(p.play(answers, moves) for p in crowd_players))
        run.elapsed = time.perf_counter() - started
        run.steps = crowd.done
    finally:
        progress.close()
        for player in crowd_players:
            await player.close()
    run.moved = [p.moved for p in crowd_players if p.moved is not None]
    run.players = [
        Played(p.n, p.profile_id, dict(p.server), p.moved is not None, p.sent)
        for p in crowd_players
    ]
    progress.say("checking the store")
    run.checks = check(store, crowd_players)
    return crowd_players


def _note(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# --- running it --------------------------------------------------------------------------------


@contextlib.contextmanager
def databases(store: str | None) -> Iterator[Callable[[], str]]:
    """A function that gives each run its database: a new one on a throwaway server of our
    own (``store`` None), or ``store`` itself."""
    if store is not None:
        yield lambda: store
        return
    from trainer.bench import serving_postgres as serve_postgres

    if serve_postgres.bin_dir() is None:
        raise RuntimeError(
            "PostgreSQL's initdb is not installed (apt-get install postgresql), and no "
            "--store was given"
        )
    # not under a folder only this user may enter: the server may run as another user
    folder = Path(tempfile.mkdtemp(prefix="trainer-crowd-postgres-"))
    _note("starting a throwaway PostgreSQL server")
    try:
        with serve_postgres.server(folder) as running:
            _note(f"PostgreSQL on 127.0.0.1:{running.port}")
            yield running.new_database
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def app_servers(app: Path, store: str, count: int, folder: Path) -> Iterator[list[Server]]:
    """``count`` app servers of the checkout ``app`` on the store ``store``, started side by
    side (each on a free port of 127.0.0.1), stopped at the end."""
    with contextlib.ExitStack() as stack, ThreadPoolExecutor(count) as pool:
        managers = [
            serving_checkout(app, store, log=folder / f"app-{time.monotonic_ns()}-{n + 1}.log")
            for n in range(count)
        ]
        # each thread registers its server with the stack as soon as it answers, so every
        # server started is stopped, even when another one fails to start
        yield list(pool.map(stack.enter_context, managers))


def make_players(store: Any, users: int, tag: str) -> list[tuple[str, int]]:
    """The crowd's players, made in the store: address parameter and profile id."""
    from trainer.ui.session import player_param

    made = [store.create_profile(f"Crowd {tag} {n + 1:02d}") for n in range(users)]
    return [(player_param(profile), profile.id) for profile in made]


def run(
    app: Path, *, servers: int, users: int, answers: int, moves: int, store: str | None = None,
    kill: bool = True, peer: bool = True, kill_after: float = 0.5, keep: bool = False,
) -> list[Run]:  # fmt: skip
    """The peer (the crowd against one server) and the crowd across ``servers`` servers,
    each on a database of its own (or on ``store``, under players of their own, removed at
    the end unless ``keep``); the first server killed when ``kill_after`` of the steps are
    done."""
    from trainer.progress.store import Store
    from trainer.progress.store.postgres import close_pools

    plan = [("one server (the peer)", 1, False)] if peer else []
    plan.append((f"{servers} servers", servers, kill and servers > 1))
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="trainer-servers-") as tmp, databases(store) as new:
        try:
            for label, count, kills in plan:
                location = new()
                opened = Store.open(location)
                players = make_players(opened, users, secrets.token_hex(2))
                _note(f"{label}: starting {count} app server{'s' if count > 1 else ''}")
                try:
                    with app_servers(app, location, count, Path(tmp)) as running:
                        _note(f"{label}: " + ", ".join(s.url for s in running))
                        result = Run(label, count, users)
                        asyncio.run(
                            crowd_run(
                                result,
                                running,
                                players,
                                opened,
                                answers=answers,
                                moves=moves,
                                kill=kills,
                                kill_after=kill_after,
                            )
                        )
                        runs.append(result)
                finally:
                    if store is not None and not keep:  # a club's database: the players go
                        for _, profile_id in players:
                            opened.delete_profile(profile_id)
        finally:
            close_pools()
    return runs

"""The README's nginx configuration (between its ``nginx-config`` markers), for real: Debian's
nginx runs it in the foreground, on a free port of 127.0.0.1, with a temporary folder of its
own for its pid, logs and buffers, in front of two app servers sharing the tests' PostgreSQL.
Through it a visitor speaking Streamlit's protocol gets its page and its answer graded (the
websocket passes), the health check answers, and when the visitor's server is killed, nginx
hands it to the other, where it goes on. Everything is stopped at the end."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import IN_CI, run_async
from trainer.bench.serving import Server, cpu_seconds, free_port, serving_checkout
from trainer.bench.visitor import ServerGone, Visitor
from trainer.engine.skills import DrillType
from trainer.progress.store import Store
from trainer.training.questions import ShowQuestion, deal_question
from trainer.ui.session import player_param

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
UPSTREAM = re.compile(r"^(\s*)server 127\.0\.0\.1:(\d+);")
LISTEN = re.compile(r"^(\s*)listen [^;]+;")


def readme_config() -> str:
    """The nginx configuration between the README's markers, without its code fence."""
    text = README.read_text(encoding="utf-8")
    match = re.search(
        r"<!-- nginx-config -->\n```nginx\n(.*?)```\n<!-- /nginx-config -->", text, re.S
    )
    assert match, "README.md has no ```nginx block between <!-- nginx-config --> markers"
    return match.group(1)


def filled_in(config: str, ports: list[int], listen: int) -> str:
    """The README's configuration with these app servers' ports in place of its three, and
    nginx on ``listen`` of 127.0.0.1 in place of the club's address."""
    lines = config.splitlines()
    upstream = [match for line in lines if (match := UPSTREAM.match(line))]
    assert [int(m.group(2)) for m in upstream] == [8501, 8502, 8503]
    assert sum(bool(LISTEN.match(line)) for line in lines) == 1
    out: list[str] = []
    for line in lines:
        match = UPSTREAM.match(line)
        if match is None:
            out.append(LISTEN.sub(rf"\g<1>listen 127.0.0.1:{listen};", line))
        elif int(match.group(2)) == 8501:  # the first: ours go in its place, the others go
            out += [f"{match.group(1)}server 127.0.0.1:{port};" for port in ports]
    return "\n".join(out) + "\n"


def test_the_readme_block_is_filled_in_with_the_ports() -> None:
    config = filled_in(readme_config(), [4001, 4002], 4100)
    ports = [m.group(2) for line in config.splitlines() if (m := UPSTREAM.match(line))]
    assert ports == ["4001", "4002"]
    assert "listen 127.0.0.1:4100;" in config and "192.168" not in config
    for needed in ("ip_hash;", "proxy_http_version 1.1;", "$http_upgrade", "proxy_read_timeout"):
        assert needed in config


def _nginx() -> str:
    found = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")
    if found is None:
        if IN_CI:
            pytest.fail(
                "CI needs Debian's nginx for the README's configuration (apt-get install nginx)"
            )
        pytest.skip("nginx is not installed (apt-get install nginx)")
    return found


def _answers(url: str, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r,
        ):
            if r.read() == b"ok":
                return True
        time.sleep(0.1)
    return False


@contextlib.contextmanager
def nginx_in_front(ports: list[int]) -> Iterator[str]:
    """The README's configuration run by nginx in the foreground, in front of ``ports``; yields
    its address."""
    binary = _nginx()
    folder = Path(tempfile.mkdtemp(prefix="trainer-nginx-"))
    folder.chmod(0o755)  # nginx's workers (another user, under root) reach its buffers here
    port = free_port()
    (folder / "nginx.conf").write_text(
        "daemon off;\n"
        "worker_processes 1;\n"
        f"pid {folder}/nginx.pid;\n"
        f"error_log {folder}/error.log info;\n"
        "events { worker_connections 256; }\n"
        "http {\n"
        f"    access_log {folder}/access.log;\n"
        + "".join(
            f"    {kind}_temp_path {folder}/{kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        + filled_in(readme_config(), ports, port)
        + "}\n"
    )
    proc = subprocess.Popen(
        [binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log")],
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        if not _answers(url):
            log = (folder / "error.log").read_text() if (folder / "error.log").exists() else ""
            raise AssertionError(f"nginx did not answer on {url}:\n{log}")
        yield url
    finally:
        proc.send_signal(signal.SIGQUIT)  # a graceful stop
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def club(postgres_server: Any, tmp_path: Path) -> Iterator[tuple[str, list[Server], Store, str]]:
    """Two app servers on one PostgreSQL database behind the README's nginx: nginx's
    address, the servers, the store and a player's address parameter."""
    location = postgres_server.new_database()
    store = Store.open(location)
    player = player_param(store.create_profile("Proxy"))
    with contextlib.ExitStack() as stack:
        servers = [
            stack.enter_context(serving_checkout(REPO, location, log=tmp_path / f"app-{n}.log"))
            for n in (1, 2)
        ]
        url = stack.enter_context(nginx_in_front([int(s.url.rpartition(":")[2]) for s in servers]))
        yield url, servers, store, player


def _serving(servers: list[Server], before: list[float]) -> int:
    """Which server did the work since ``before`` (each one's processor time then)."""
    used = [cpu_seconds(s.pid) - b for s, b in zip(servers, before, strict=True)]
    return used.index(max(used))


@pytest.mark.slow
def test_through_nginx_a_page_opens_an_answer_is_graded_and_a_killed_server_hands_over(
    club: tuple[str, list[Server], Store, str],
) -> None:
    url, servers, store, player = club
    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as health:
        assert health.read() == b"ok"
    with urllib.request.urlopen(f"{url}/practice?player={player}", timeout=10) as index:
        assert b'<div id="root">' in index.read()  # the page itself, through nginx
    first, second = (
        deal_question(DrillType.HAND, "beginner", 3, 0),
        deal_question(DrillType.HAND, "beginner", 3, 1),
    )
    assert isinstance(first, ShowQuestion) and isinstance(second, ShowQuestion)

    async def visit() -> tuple[str, str, str, int, bool]:
        # a websocket through nginx, by a name as a club's network gives the machine (no
        # name the server lets in whatever the page's origin, as it does 127.0.0.1)
        port = int(url.rpartition(":")[2])
        named = f"http://trainer.club.test:{port}"
        async with Visitor(named, via=("127.0.0.1", port)) as visitor:
            opened = await visitor.open(
                "practice", f"drill=hand&tier=beginner&seed=3&player={player}"
            )
            assert opened.exception is None and "Count this hand" in opened.text()
            before = [cpu_seconds(s.pid) for s in servers]
            answered = await visitor.press("Check", {"practice_total_0": str(first.total)})
            serving = _serving(servers, before)
            await visitor.press("practice_next")
            os.kill(servers[serving].pid, signal.SIGKILL)  # the visitor's own server
            box = {"practice_total_1": str(second.total)}
            handed_over = False
            try:
                again = await visitor.press("Check", box)
            except ServerGone:
                handed_over = True  # as a browser's page does: reconnect, through nginx
                moved = await visitor.move_to(named)
                assert moved is not None and moved.exception is None
                again = moved
                if "practice_next" not in moved.widgets:  # the run was asked for again,
                    again = await visitor.press("Check", box)  # without the press: again
            return answered.text(), again.text(), visitor.query, serving, handed_over

    graded, after_kill, query, serving, handed_over = run_async(visit())
    assert handed_over  # its connection went with its server, and nginx found the other
    assert f"Right: {first.total}." in graded
    assert f"Right: {second.total}." in after_kill
    assert "set=" in query
    [proxy] = [p for p in store.profiles() if p.name == "Proxy"]
    answers = [r.attempt.answer for r in store.attempts(proxy.id)]
    assert answers == [str(first.total), str(second.total)]  # each once, under its player
    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as health:
        assert health.read() == b"ok"  # nginx goes round the server that is gone
    assert _answers(servers[1 - serving].url, 1)


def test_ci_installs_nginx_with_the_readme_s_test_command() -> None:
    """CI runs the README's test command (``.ci/run`` reads it between its markers), and
    that command installs Debian's nginx, so this module's tests run there."""
    readme = README.read_text(encoding="utf-8")
    block = readme.split("<!-- test-command -->\n", 1)[1].split("<!-- /test-command -->", 1)[0]
    command = "\n".join(line for line in block.splitlines() if not line.startswith("```"))
    [install] = [part for part in command.split("&&") if "apt-get install" in part]
    assert "nginx" in install.split() and "postgresql" in install.split()
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "<!-- test-command -->" in ci and "<!-- \\/test-command -->" in ci

"""Starting the app as the README does: the content is loaded before the server opens its
port, then Streamlit serves ``trainer/app.py`` with the options given."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import pytest

from trainer import cli, launch
from trainer.ui import warmup


def test_prepare_loads_the_pages_content_and_imports_before_serving() -> None:
    seconds = launch.prepare()
    assert seconds >= 0
    thread = warmup.warm_up()
    assert not thread.is_alive()  # the server starts only once this has finished
    assert set(warmup.page_imports()) <= set(sys.modules)


def test_the_app_is_served_by_streamlit_with_the_options_given(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(launch, "prepare", lambda: 0.25)

    def streamlit_main(args: list[str], prog_name: str) -> None:
        calls.append([prog_name, *args])
        raise SystemExit(0)

    from streamlit.web import cli as streamlit_cli

    monkeypatch.setattr(streamlit_cli, "main", streamlit_main)
    assert launch.main(["--server.port", "8502"]) == 0
    settings = [part for key, value in launch.SETTINGS.items() for part in (f"--{key}", value)]
    assert calls == [["streamlit", "run", str(launch.APP), "--server.port", "8502", *settings]]
    assert launch.main(["--server.address", "0.0.0.0"]) == 0  # serving on the network: chosen
    assert calls[1].count("--server.address") == 1 and "0.0.0.0" in calls[1]
    assert "Loaded the lessons, drills and tables in 0.2 s" in capsys.readouterr().out


def test_the_command_line_passes_streamlit_options_to_the_app_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[list[str]] = []

    def main(options: Sequence[str] = ()) -> int:
        seen.append(list(options))
        return 0

    monkeypatch.setattr(launch, "main", main)
    assert cli.main(["app", "--server.port", "8502", "--server.headless", "true"]) == 0
    assert seen == [["--server.port", "8502", "--server.headless", "true"]]
    assert cli.main(["tournament", "--games", "2", "--server.port", "1"]) == cli.EXIT_BAD_INPUT
    assert "unrecognized arguments: --server.port 1" in capsys.readouterr().err


def test_the_readme_starts_the_app_the_way_the_tests_do() -> None:
    from pathlib import Path

    from trainer.bench.serving import start_command

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    command = readme.split("<!-- app-command -->", 1)[1].split("<!-- /app-command -->", 1)[0]
    started = " ".join(start_command(launch.APP)[1:])  # after the interpreter
    assert command.strip().strip("`").strip().endswith(f".venv/bin/python {started}")


def test_the_settings_are_the_projects_config_file() -> None:
    import tomllib
    from pathlib import Path

    config = Path(__file__).resolve().parent.parent / ".streamlit" / "config.toml"
    parsed = tomllib.loads(config.read_text(encoding="utf-8"))
    flat = {
        f"{section}.{key}": str(value).lower() if isinstance(value, bool) else str(value)
        for section, values in parsed.items()
        for key, value in values.items()
    }
    assert flat == launch.SETTINGS


def _listening(port: int) -> list[str]:
    """The local addresses a TCP socket listens on at ``port`` (from /proc/net/tcp*)."""
    import ipaddress
    from pathlib import Path

    found = []
    for name, size in (("tcp", 4), ("tcp6", 16)):
        path = Path("/proc/net") / name
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: listening
                raw = bytes.fromhex(address)
                if size == 4:
                    raw = raw[::-1]
                else:
                    raw = b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4))
                found.append(str(ipaddress.ip_address(raw)))
    return found


@pytest.mark.slow
def test_started_from_another_folder_it_listens_on_this_machine_only(tmp_path: object) -> None:
    """``python -m trainer app`` from a folder with no ``.streamlit/config.toml`` still
    listens on 127.0.0.1 alone."""
    import os
    import subprocess
    import time
    import urllib.request
    from pathlib import Path

    from trainer.bench.serving import free_port

    folder = Path(str(tmp_path))
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(Path(launch.__file__).resolve().parent.parent)}
    env["CRIBBAGE_TRAINER_DB"] = str(folder / "p.sqlite3")
    log = (folder / "server.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "trainer", "app", "--server.port", str(port),
         "--server.fileWatcherType", "none"],
        cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
        assert proc.poll() is None, (folder / "server.log").read_text()
        assert _listening(port) == ["127.0.0.1"]
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()

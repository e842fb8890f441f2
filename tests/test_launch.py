"""Starting the app as the README does: the content is loaded before the server opens its
port, then Streamlit serves ``trainer/app.py`` with the options given."""

from __future__ import annotations

import sys

import pytest

from trainer import cli, launch
from trainer.ui import widgets


def test_prepare_loads_the_pages_content_and_imports_before_serving() -> None:
    seconds = launch.prepare()
    assert seconds >= 0
    thread = widgets.warm_up()
    assert not thread.is_alive()  # the server starts only once this has finished
    assert set(widgets.page_imports()) <= set(sys.modules)


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
    assert calls == [["streamlit", "run", str(launch.APP), "--server.port", "8502"]]
    assert "Loaded the lessons, drills and tables in 0.2 s" in capsys.readouterr().out


def test_the_command_line_passes_streamlit_options_to_the_app_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[list[str]] = []
    monkeypatch.setattr(launch, "main", lambda options: seen.append(list(options)) or 0)
    assert cli.main(["app", "--server.port", "8502", "--server.headless", "true"]) == 0
    assert seen == [["--server.port", "8502", "--server.headless", "true"]]
    assert cli.main(["tournament", "--games", "2", "--server.port", "1"]) == cli.EXIT_BAD_INPUT
    assert "unrecognized arguments: --server.port 1" in capsys.readouterr().err


def test_the_readme_starts_the_app_the_way_the_tests_do() -> None:
    from pathlib import Path

    from trainer.serve import start_command

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    command = readme.split("<!-- app-command -->", 1)[1].split("<!-- /app-command -->", 1)[0]
    started = " ".join(start_command(launch.APP)[1:])  # after the interpreter
    assert command.strip().strip("`").strip().endswith(f".venv/bin/python {started}")

"""The command line: counts, pegging, validation, and one-line errors with exit status 2."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.cli import main


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trainer", *args], capture_output=True, text=True, check=False
    )


def test_count_prints_every_combination_and_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "5H", "5D", "5C", "JS", "5S"]) == 0
    out = capsys.readouterr().out
    assert out.count("fifteen:") == 8
    assert out.count("pair:") == 6
    assert "nobs: J♠ (1)" in out
    assert "and one for his nobs is twenty-nine" in out
    assert out.rstrip().endswith("Total: 29")


def test_count_json_items_sum_to_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "3C 3D 4S 4H 5C", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["starter"] == "5C"
    assert data["total"] == 20 == sum(item["points"] for item in data["items"])
    assert sorted({item["kind"] for item in data["items"]}) == ["fifteen", "pair", "run"]


def test_count_crib_drops_the_four_card_flush(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "2H", "4H", "6H", "8H", "KS", "--json"]) == 0
    hand = json.loads(capsys.readouterr().out)
    assert main(["count", "2H", "4H", "6H", "8H", "KS", "--crib", "--json"]) == 0
    crib = json.loads(capsys.readouterr().out)
    assert hand["total"] - crib["total"] == 4
    assert "flush" not in {item["kind"] for item in crib["items"]}


def test_peg_reports_what_the_last_card_made(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["peg", "4C", "5S", "6D"]) == 0
    out = capsys.readouterr().out
    assert "6♦ pegs 5: 15 for 2, and a run of three, 4-5-6, for 3" in out


def test_peg_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["peg", "7S", "7C", "7H", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "pile": ["7S", "7C", "7H"],
        "count": 21,
        "total": 6,
        "items": [{"kind": "pair", "cards": ["7S", "7C", "7H"], "points": 6}],
        "explanation": "a pair royal for 6",
    }


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["count", "5H", "5D", "5X", "JS", "5S"], "'5X'"),
        (["count", "5H", "5D", "11C", "JS", "5S"], "'11C'"),
        (["count", "5H", "5D", "5C", "JS"], "got 4"),
        (["count", "5H", "5D", "5C", "JS", "5H"], "5♥ appears twice"),
        (["peg", "9S", "9C", "9H", "9D"], "36"),
        (["peg", "KS", "zz"], "'zz'"),
    ],
)
def test_bad_input_is_one_line_naming_it_with_status_2(args: list[str], named: str) -> None:
    result = run_cli(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert named in lines[0]
    assert "Traceback" not in result.stderr


def test_validate_repository_content_is_clean() -> None:
    result = run_cli("validate")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "valid" in result.stdout


def test_validate_missing_path_is_reported(tmp_path: object) -> None:
    result = run_cli("validate", "no/such/folder")
    assert result.returncode == 2
    assert "no/such/folder: no such file or folder" in result.stdout


def test_console_script_entry_point_is_declared() -> None:
    import tomllib
    from pathlib import Path

    config = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert config["project"]["scripts"]["cribbage-trainer"] == "trainer.cli:main"


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ([], "name a command: count, peg, validate, app, tournament, store, club"),
        (["store"], "name what to do with the store: copy or check"),
        (["club"], "name what to do: add-teacher or set-pin"),
        (["--json"], "name a command"),
        (["count", "-5H", "5D", "5C", "JS", "5S"], "'-5H' is neither a card nor an option"),
        (["count", "--", "-5H", "5D", "5C", "JS", "5S"], "'-5H' is not a card"),
        (["peg", "--frob", "7S"], "'--frob' is neither a card nor an option of peg"),
        (["shuffle"], "invalid choice: 'shuffle'"),
        (["count"], "required: cards"),
    ],
)
def test_usage_mistakes_are_one_line_with_status_2(args: list[str], named: str) -> None:
    result = run_cli(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and named in lines[0]
    assert "usage:" not in result.stderr


def test_cards_after_a_double_dash_are_read() -> None:
    result = run_cli("count", "--crib", "--", "5H", "5D", "5C", "JS", "5S")
    assert result.returncode == 0 and result.stdout.startswith("Crib:")
    assert result.stdout.rstrip().endswith("Total: 29")


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C"}])
def test_an_ascii_terminal_gets_suit_letters(env: dict[str, str]) -> None:
    import os

    full = {**os.environ, **env}
    for args, expect in (
        (("count", "5H", "5D", "5C", "JS", "5S"), "nobs: J"),
        (("peg", "7S", "7C"), "Pile: 7"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "trainer", *args],
            capture_output=True,
            text=True,
            check=False,
            env=full,
            encoding="utf-8",
        )
        assert result.returncode == 0, result.stderr
        assert expect in result.stdout
        assert "Traceback" not in result.stderr
        if env.get("PYTHONIOENCODING") == "ascii":
            assert result.stdout.isascii() and "J♠" not in result.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "trainer", "count", "5H", "5D", "5C", "JS", "5H"],
        capture_output=True,
        text=True,
        check=False,
        env=full,
        encoding="utf-8",
    )
    assert bad.returncode == 2 and bad.stderr.startswith("error: 5")


def test_printable_falls_back_to_letters() -> None:
    import io

    from trainer.cli import printable

    ascii_stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    assert printable("10♥ J♠ … done", ascii_stream) == "10H JS ? done"
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert printable("10♥", utf8) == "10♥"


def test_store_check_says_what_a_store_holds_and_that_it_is_sound(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.stores import add_answer
    from tests.test_store import attempt
    from trainer.progress.store import SCHEMA_VERSION, Store

    path = tmp_path / "club.sqlite3"
    store = Store.open(path)
    add_answer(store, store.create_profile("Ann").id, attempt())
    store.create_profile("Bo")
    assert main(["store", "check", "--store", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"2 players, 1 answer, 0 games; schema {SCHEMA_VERSION} of this trainer's" in out
    assert "Every check passed." in out


def test_store_check_names_a_file_that_is_not_a_store(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "notes.sqlite3"
    import sqlite3

    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    assert main(["store", "check", "--store", str(path)]) != 0
    err = capsys.readouterr().err
    assert "notes.sqlite3" in err and "Traceback" not in err


def test_every_command_is_named_when_none_is_given() -> None:
    from trainer.cli import COMMANDS, build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(COMMANDS) == set(sub.choices)


def test_app_help_says_streamlits_options_pass_through() -> None:
    result = run_cli("app", "--help")
    assert result.returncode == 0
    assert "Streamlit's options" in result.stdout and "--server.port" in result.stdout


def test_one_pin_piped_to_a_command_that_asks_twice_is_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "trainer", "club", "add-teacher", "Ms Ada"],
        input="4821\n",
        capture_output=True,
        text=True,
        env={**os.environ, "CRIBBAGE_TRAINER_DB": str(tmp_path / "club.sqlite3")},
        timeout=60,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("error: ") and "--pin-stdin" in last

"""The browser benchmark's arguments and report, through its command (the benchmark itself
drives Chromium for minutes, so it is run by hand: ``python -m trainer.bench.browser``; here
it is given figures to report with ``--report``, or asked what it would measure with
``--dry-run``; no timing is asserted)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.support.benchmarks import run_module
from trainer.bench.visitor import ScriptRuns
from trainer.engine import parse_cards, score_show

REPO = Path(__file__).resolve().parents[2]
PARTS = ["loads", "clicks", "crowd", "play"]  # what runs unless --only says otherwise


def run_browser(*options: str) -> subprocess.CompletedProcess[str]:
    return run_module("trainer.bench.browser", *options, timeout=300)


def reported(folder: Path, figures: dict[str, dict[str, Any]]) -> str:
    """What the benchmark prints for ``figures`` (by checkout: samples, failures)."""
    saved = folder / "figures.json"
    saved.write_text(json.dumps(figures), encoding="utf-8")
    done = run_browser("--report", str(saved))
    assert done.returncode == 0, done.stderr
    return done.stdout


def planned(folder: Path, *options: str) -> dict[str, Any]:
    """What the benchmark would measure, given ``options`` (any existing file will do for
    Chromium: nothing is started)."""
    plan = folder / "plan.json"
    done = run_browser("--chromium", "/bin/sh", "--dry-run", "--json", str(plan), *options)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Would measure" in done.stdout
    found: dict[str, Any] = json.loads(plan.read_text(encoding="utf-8"))
    return found


def test_report_gives_medians_worst_cases_and_the_ratio_of_two_checkouts(tmp_path: Path) -> None:
    old = {"samples": {"click": [0.9, 0.8, 1.4]}, "failed": []}
    new = {
        "samples": {"click": [0.2, 0.3, 0.4], "people: answers a second": [4.0, 2.0]},
        "failed": ["crowd: timed out"],
    }
    text = reported(tmp_path, {"/a/old": old, "/b/new": new})
    assert "click" in text and "median   0.900 s  worst   1.400 s  (n=3)" in text
    assert "median   0.300 s  worst   0.400 s  (n=3)" in text
    assert "median   3.000/s  worst   2.000/s  (n=2)" in text  # fewer a second is worse
    assert "failed: crowd: timed out" in text
    assert "ratio of medians, old / new" in text
    assert "3.00x" in text


def test_the_check_a_hand_hands_have_distinct_totals(tmp_path: Path) -> None:
    hands = planned(tmp_path, "--only", "clicks")["check hands"]
    totals = [
        score_show(parse_cards(hand), parse_cards(starter)[0]).total for hand, starter, _ in hands
    ]
    assert len(hands) >= 2
    assert len(set(totals)) == len(totals)
    assert [typed for _, _, typed in hands] == [str(t) for t in totals]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--rounds", "0"], "at least 1"),
        (["--starts", "0"], "at least 1"),
        (["--users", "0"], "at least 1"),
        (["--app", "/nonexistent/checkout"], "is not a checkout of the trainer"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(argv: list[str], said: str) -> None:
    done = run_browser("--chromium", "/bin/sh", *argv)  # any existing file will do
    assert done.returncode == 2
    assert said in done.stdout


def test_without_chromium_it_says_what_to_install() -> None:
    done = run_browser("--chromium", "/nonexistent/chromium")
    assert done.returncode == 2
    assert "apt-get install chromium" in done.stdout


def test_a_play_click_is_timed_to_the_end_of_its_last_script_run() -> None:
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    runs = ScriptRuns()  # what the benchmark times Play's clicks with (a shared tool)

    def finished(status: int) -> bytes:
        msg = ForwardMsg()
        msg.script_finished = status  # type: ignore[assignment]
        return bytes(msg.SerializeToString())

    runs._frame("text, not one of Streamlit's messages")
    runs._frame(b"\xff\xfe not a message")
    runs._frame(finished(ForwardMsg.FINISHED_EARLY_FOR_RERUN))  # st.rerun(): another run follows
    assert not runs.finished.is_set()
    runs._frame(finished(ForwardMsg.FINISHED_SUCCESSFULLY))
    assert runs.finished.is_set()


def test_two_checkouts_can_be_named_after_one_app_option(tmp_path: Path) -> None:
    repo = str(REPO)
    assert planned(tmp_path, "--app", repo, repo, "--rounds", "1")["apps"] == [repo, repo]
    assert planned(tmp_path, "--app", repo, "--app", repo)["apps"] == [repo, repo]


def test_every_figure_is_given_against_the_floor_of_its_kind(tmp_path: Path) -> None:
    samples = {
        "first load: floor": [1.0, 1.2],
        "first load: progress": [1.5, 1.6],
        "floor: a click -> painted": [0.1],
        "Check a hand -> total": [0.15],
        "floor: a click -> run finished": [0.08],
        "Play: wait after lay": [0.2],
        "server start, until it answers": [4.0],
    }
    text = reported(tmp_path, {"/a/x": {"samples": samples, "failed": []}})
    lines = {line.split("  median")[0].strip(): line for line in text.splitlines()}
    assert lines["first load: progress"].endswith("1.41x floor")  # 1.55 / 1.1
    assert lines["Check a hand -> total"].endswith("1.50x floor")
    assert lines["Play: wait after lay"].endswith("2.50x floor")
    assert "floor" not in lines["server start, until it answers"].split(")")[-1]
    assert not lines["first load: floor"].endswith("x floor")


def test_only_some_parts_can_be_run(tmp_path: Path) -> None:
    assert planned(tmp_path, "--only", "loads", "play", "loads")["parts"] == ["loads", "play"]
    assert planned(tmp_path)["parts"] == PARTS


def test_the_review_s_opening_is_given_against_the_same_game_s_clicks(tmp_path: Path) -> None:
    assert planned(tmp_path, "--only", "review")["parts"] == ["review"]
    samples = {
        "Review, 2 at the table: wait after a click": [0.1, 0.2, 0.3],
        "Review, 2 at the table: open the review (read)": [0.25],
        "Review, 2 at the table: open the review (read) (x a click)": [1.25],
    }
    text = reported(tmp_path, {"/a/x": {"samples": samples, "failed": []}})
    (ratio,) = [line for line in text.splitlines() if "(read) (x a click)" in line]
    assert "median   1.250x" in ratio and "floor" not in ratio
    done = run_browser("--games", "0")
    assert done.returncode == 2 and "--games" in done.stdout


def test_a_click_timed_beside_floor_clicks_of_its_own_is_given_against_them(
    tmp_path: Path,
) -> None:
    samples = {
        "floor: a click -> painted": [0.1],
        "Check a hand -> total": [0.15, 0.25],
        "floor: beside Check a hand -> total": [0.2, 0.2],
        'Practice "Check" -> explanation': [0.3],  # no floor beside it: the run's floor
    }
    text = reported(tmp_path, {"/a/x": {"samples": samples, "failed": []}})
    lines = {line.split("  median")[0].strip(): line for line in text.splitlines()}
    assert lines["Check a hand -> total"].endswith("1.00x floor")  # 0.2 / 0.2, not 0.2 / 0.1
    assert lines['Practice "Check" -> explanation'].endswith("3.00x floor")
    assert not lines["floor: beside Check a hand -> total"].endswith("x floor")

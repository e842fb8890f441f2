"""The browser benchmark's arguments and report (the benchmark itself drives Chromium for
minutes, so it is run by hand: ``python -m trainer.bench.browser``; no timing is asserted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.bench import browser as bench_browser
from trainer.bench.browser import Figures, report
from trainer.engine import parse_cards, score_show


def test_report_gives_medians_worst_cases_and_the_ratio_of_two_checkouts() -> None:
    old, new = Figures(), Figures()
    for wait in (0.9, 0.8, 1.4):
        old.add("click", wait)
    for wait in (0.2, 0.3, 0.4):
        new.add("click", wait)
    new.add("people: answers a second", 4.0)
    new.add("people: answers a second", 2.0)
    new.failed.append("crowd: timed out")
    text = report({Path("/a/old"): old, Path("/b/new"): new})
    assert "click" in text and "median   0.900 s  worst   1.400 s  (n=3)" in text
    assert "median   0.300 s  worst   0.400 s  (n=3)" in text
    assert "median   3.000/s  worst   2.000/s  (n=2)" in text  # fewer a second is worse
    assert "failed: crowd: timed out" in text
    assert "ratio of medians, old / new" in text
    assert "3.00x" in text


def test_the_check_a_hand_hands_have_distinct_totals() -> None:
    totals = [
        score_show(parse_cards(hand), parse_cards(starter)[0]).total
        for hand, starter in bench_browser._CHECK_HANDS
    ]
    assert len(set(totals)) == len(totals)
    assert [bench_browser._total(*h) for h in bench_browser._CHECK_HANDS] == [
        str(t) for t in totals
    ]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--rounds", "0"], "at least 1"),
        (["--starts", "0"], "at least 1"),
        (["--users", "0"], "at least 1"),
        (["--app", "/nonexistent/checkout"], "is not a checkout of the trainer"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_browser, "CHROMIUM", "/bin/sh")  # any existing file will do
    assert bench_browser.main(argv) == 2
    assert said in capsys.readouterr().out


def test_without_chromium_it_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_browser, "CHROMIUM", "/nonexistent/chromium")
    assert bench_browser.main([]) == 2
    assert "apt-get install chromium" in capsys.readouterr().out


def test_a_play_click_is_timed_to_the_end_of_its_last_script_run() -> None:
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    runs = bench_browser._Runs()

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


def test_two_checkouts_can_be_named_after_one_app_option(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[list[Path]] = []

    async def run(
        apps: list[Path], rounds: int, users: int, starts: int, parts: list[str]
    ) -> dict[Path, Figures]:
        served.append(list(apps))
        return {app: Figures() for app in apps}

    monkeypatch.setattr(bench_browser, "CHROMIUM", "/bin/sh")
    monkeypatch.setattr(bench_browser, "run", run)
    repo = bench_browser.REPO
    assert bench_browser.main(["--app", str(repo), str(repo), "--rounds", "1"]) == 0
    assert bench_browser.main(["--app", str(repo), "--app", str(repo)]) == 0
    assert served == [[repo, repo], [repo, repo]]


def test_every_figure_is_given_against_the_floor_of_its_kind() -> None:
    figures = Figures()
    for name, values in {
        "first load: floor": (1.0, 1.2),
        "first load: progress": (1.5, 1.6),
        "floor: a click -> painted": (0.1,),
        "Check a hand -> total": (0.15,),
        "floor: a click -> run finished": (0.08,),
        "Play: wait after lay": (0.2,),
        "server start, until it answers": (4.0,),
    }.items():
        for value in values:
            figures.add(name, value)
    lines = {
        line.split("  median")[0].strip(): line
        for line in report({Path("/a/x"): figures}).splitlines()
    }
    assert lines["first load: progress"].endswith("1.41x floor")  # 1.55 / 1.1
    assert lines["Check a hand -> total"].endswith("1.50x floor")
    assert lines["Play: wait after lay"].endswith("2.50x floor")
    assert "floor" not in lines["server start, until it answers"].split(")")[-1]
    assert not lines["first load: floor"].endswith("x floor")


def test_only_some_parts_can_be_run(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[list[str]] = []

    async def run(
        apps: list[Path], rounds: int, users: int, starts: int, parts: list[str]
    ) -> dict[Path, Figures]:
        asked.append(parts)
        return {app: Figures() for app in apps}

    monkeypatch.setattr(bench_browser, "CHROMIUM", "/bin/sh")
    monkeypatch.setattr(bench_browser, "run", run)
    assert bench_browser.main(["--only", "loads", "play", "loads"]) == 0
    assert bench_browser.main([]) == 0
    assert asked == [["loads", "play"], list(bench_browser.PARTS)]

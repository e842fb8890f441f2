"""The chance to win as a line (trainer.ui.winchart): the chart built from the win line,
its marks the biggest swings with their words, on the Game review page and on the results
of a game on the Play page, in AppTest."""

from __future__ import annotations

import json
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player
from tests.views.test_review import APP, PAGE, _open, _saved, _saved_for, _unfold
from trainer.engine.record import GameRecord
from trainer.training.table import ME
from trainer.training.winline import win_line
from trainer.ui.winchart import SHOWS, chance_rows, win_chart


def _line_chart(at: AppTest) -> tuple[dict[str, Any], list[list[dict[str, Any]]]]:
    """The page's layered chart (the chance to win) and the rows of each of its datasets."""
    found = [c for c in at.get("vega_lite_chart") if "layer" in json.loads(c.proto.spec)]
    assert len(found) == 1, "the chance to win is not drawn"
    chart = found[0]
    rows = [pa.ipc.open_stream(d.data.data).read_all().to_pylist() for d in chart.proto.datasets]
    return json.loads(chart.proto.spec), rows


def _marks_of(rows: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    marked = [r for data in rows for r in data if "Mark" in r]
    return sorted(marked, key=lambda r: r["Mark"])


def _chances_of(rows: list[list[dict[str, Any]]]) -> list[int]:
    (line,) = [data for data in rows if data and "In deal" in data[0]]
    return [r["Chance"] for r in line]


def test_the_chart_is_the_line_and_its_marks_the_biggest_swings() -> None:
    record = GameRecord.parse(_saved().record)
    line = win_line(record)
    spec = win_chart(line).to_dict(validate=True)  # checked against Vega-Lite's schema
    assert win_chart(line).to_dict() == spec  # as drawn, without the check
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["rule", "line", "circle", "text"]
    data = spec["datasets"]
    points = next(rows for rows in data.values() if rows and "In deal" in rows[0])
    assert [r["Chance"] for r in points] == [p.percent for p in line.points]
    marks = next(rows for rows in data.values() if rows and "Mark" in rows[0])
    biggest = line.biggest()
    assert len(biggest) == 3
    assert [m["What"] for m in marks] == [s.words() for s in biggest]
    assert [(m["Deal"], m["Chance"]) for m in marks] == [(s.end.at, s.end.percent) for s in biggest]


def test_the_review_draws_the_line_and_says_what_the_marks_were() -> None:
    game = _saved()
    _saved_for("Sam", game)
    line = win_line(GameRecord.parse(game.record))
    at = _open()
    assert not at.get("vega_lite_chart")  # folded until opened
    _unfold(at, "review_winline_fold")
    _spec, rows = _line_chart(at)
    assert _chances_of(rows) == [p.percent for p in line.points]
    marks = _marks_of(rows)
    assert [m["What"] for m in marks] == [s.words() for s in line.biggest()]
    text = "\n".join(str(m.value) for m in at.markdown)
    assert "The choices that moved your chance most:" in text
    for n, swing in enumerate(line.biggest(), start=1):
        assert f"{n}. {swing.words()}" in text
    assert SHOWS in [c.value for c in at.caption]  # what the line is, said on it
    assert _table(at, "review_winline") == "\n".join(chance_rows(line))


def test_the_results_of_a_game_draw_the_line() -> None:
    game = _saved("g2")
    _saved_for("Sam", game)  # finished, its results screen not yet left
    at = AppTest.from_file(APP, default_timeout=60)
    as_player(at, "Sam")
    at.switch_page("ui/views/play.py").run()
    assert not at.exception, at.exception
    assert at.button(key="play_again")  # the results
    _spec, rows = _line_chart(at)
    line = win_line(GameRecord.parse(game.record), seat=ME)
    assert _chances_of(rows) == [p.percent for p in line.points]
    assert len(_marks_of(rows)) == len(line.biggest()) > 0
    results = _table(at, "play_winline")
    assert results == "\n".join(chance_rows(line))
    at.button(key="play_review").click().run()  # the review: the same chances, to the letter
    assert not at.exception, at.exception
    assert not _tables(at, "review_winline")  # folded until opened
    at.switch_page(PAGE)  # (AppTest runs the page it was last sent to)
    _unfold(at, "review_winline_fold")
    assert _table(at, "review_winline") == results


def _tables(at: AppTest, key: str) -> list[Any]:
    return [e for e in at.expander if e.key == f"{key}_table"]


def _table(at: AppTest, key: str) -> str:
    """The chances deal by deal under a page's line (its expander's table)."""
    (table,) = _tables(at, key)
    return str(table.markdown[0].value)


def test_the_chances_deal_by_deal_say_when_the_person_threw_and_each_deal_s_end() -> None:
    line = win_line(GameRecord.parse(_saved().record))
    rows = chance_rows(line)
    assert rows[0] == "| Deal | When you threw | At the end of the deal |"
    assert len(rows) == 2 + len(line.at_throws())
    deal, start, end = line.at_throws()[0]
    assert rows[2] == f"| {deal} | {start.percent}% | {end.percent}% |"
    assert "%" not in "".join(chance_rows(line, words=True))
    assert f"| {start.said(words=True)} |" in chance_rows(line, words=True)[2]


_BOTH = """
import streamlit as st
from trainer.engine.record import GameRecord
from trainer.training.winline import win_line
from trainer.ui.winchart import chart_spec, win_chart

line = win_line(GameRecord.parse(st.session_state["record"]))
st.altair_chart(win_chart(line), width="stretch", height=220, key="altair")
for key in ("kept", "kept_again"):
    st.vega_lite_chart(spec=dict(chart_spec(line)), width="stretch", height=220, key=key)
"""


def test_the_kept_spec_draws_what_altair_chart_draws() -> None:
    """The chart is drawn from its spec kept once per line: the element sent is the one
    ``st.altair_chart`` sends for the chart, run after run, and the kept spec stays as it
    was."""
    at = AppTest.from_string(_BOTH, default_timeout=60)
    at.session_state["record"] = _saved().record
    at.run()
    assert not at.exception, at.exception
    altair, kept, again = at.get("vega_lite_chart")
    for drawn in (kept, again):
        assert drawn.proto.spec == altair.proto.spec
        assert list(drawn.proto.datasets) == list(altair.proto.datasets)
        assert drawn.proto.theme == altair.proto.theme
    assert json.loads(kept.proto.spec)["layer"]

"""The scoring chart page in AppTest: every row with the engine's points, and the stylesheet
that prints only the chart."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.support.pages import open_page
from trainer.content.chart import scoring_chart
from trainer.ui.print_css import CSS, PRINTED


def _chart_page() -> AppTest:
    return open_page("ui/views/chart.py")


def test_the_chart_lists_every_row_with_its_points() -> None:
    at = _chart_page()
    assert at.title[0].value == "Scoring chart"
    tables = [m.value for m in at.markdown if m.value.startswith("| Score |")]
    chart = scoring_chart()
    assert len(tables) == 3
    for table, rows in zip(tables, (chart.show, chart.play, chart.quick), strict=True):
        for row in rows:
            points = f"{row.points} each" if row.each else str(row.points)
            assert f"| **{row.name}** | {row.how} | {row.example} | **{points}** |" in table


def test_the_chart_prints_on_its_own() -> None:
    at = _chart_page()
    styles = [e.proto.body for e in at.get("html")]
    assert any("@media print" in body and f".st-key-{PRINTED}" in body for body in styles)
    assert "break-inside: avoid" in CSS and "display: none" in CSS

"""The scoring chart: every row's points come from the engine scoring its example, and they
are the numbers the rule sources give (the pegging guide's table, the ACC summary)."""

from __future__ import annotations

import pytest

from trainer.content import chart
from trainer.content.chart import scoring_chart
from trainer.engine import Kind

CHART = scoring_chart()


def _points(rows: tuple[chart.ChartRow, ...]) -> dict[str, int]:
    return {row.name: row.points for row in rows}


def test_the_show_rows_are_the_sources_scores() -> None:
    """000 ("What scores in the show"): 2 a fifteen, 2 a pair, 1 a card in a run, 4 or 5
    for a flush, 1 for nobs; three and four of a kind hold three and six pairs."""
    assert _points(CHART.show) == {
        "Fifteen": 2,
        "Pair": 2,
        "Three of a kind": 6,
        "Four of a kind": 12,
        "Run of three": 3,
        "Run of four": 4,
        "Run of five": 5,
        "Flush of four": 4,
        "Flush of five": 5,
        "Nobs": 1,
    }


def test_the_play_rows_are_the_pegging_guides_table() -> None:
    """002, section 2: 15 and 31 for 2, pair 2, pair royal 6, double pair royal 12, a run 1
    a card, 1 for the go and for the last card; 000: his heels pegs 2."""
    assert _points(CHART.play) == {
        "Fifteen": 2,
        "Thirty-one": 2,
        "Pair": 2,
        "Pair royal": 6,
        "Double pair royal": 12,
        "Run of three": 3,
        "Run of four": 4,
        "Go": 1,
        "Last card": 1,
        "His heels": 2,
    }


def test_the_quick_counts_are_the_lessons() -> None:
    assert _points(CHART.quick) == {
        "Double run of three": 8,
        "Double run of four": 10,
        "Triple run": 15,
        "Double-double run": 16,
        "The best hand": 29,
    }


def test_every_row_has_an_example_and_says_how() -> None:
    for row in (*CHART.show, *CHART.play, *CHART.quick):
        assert row.how and row.example and row.points > 0, row


def test_an_example_that_scores_something_else_is_refused() -> None:
    with pytest.raises(ValueError, match="the chart's example for 'Pair' scores"):
        chart._show_row("Pair", "Two of a rank", "9H 9C 2D 6S", "KC", {Kind.PAIR})
    with pytest.raises(ValueError, match="ends with go"):
        chart._closing_row(
            "Last card", "x", "KS 8H 9C QD", "9D 5C KH 7S", "KS 9D 8H", Kind.LAST_CARD
        )

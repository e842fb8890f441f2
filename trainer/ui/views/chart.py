"""The scoring chart: every way to score in the show and the play, on one page that prints.

The rows and their points come from :func:`trainer.content.chart.scoring_chart` (the
engine scores each example); this page only lays them out, with a stylesheet for paper.
"""

from __future__ import annotations

import streamlit as st

from trainer.content.chart import ChartRow, scoring_chart
from trainer.ui.print_css import PRINTED, style_tag


def _points(row: ChartRow) -> str:
    return f"{row.points} each" if row.each else str(row.points)


def _table(rows: tuple[ChartRow, ...]) -> str:
    lines = ["| Score | How | Example | Points |", "| --- | --- | --- | ---: |"]
    lines += [f"| **{r.name}** | {r.how} | {r.example} | **{_points(r)}** |" for r in rows]
    return "\n".join(lines)


chart = scoring_chart()
st.html(style_tag())
with st.container(key=PRINTED):
    st.title("Scoring chart")
    st.caption(
        "Keep it beside the board while you play. To print it, use your browser's Print: "
        "only the chart goes on the paper."
    )
    st.markdown("### The show: a hand or the crib, with the starter")
    st.markdown(_table(chart.show))
    st.markdown(
        "Count in this order: the pone's hand, the dealer's hand, then the crib. In each: "
        "fifteens, pairs, runs, flush, nobs."
    )
    st.markdown("### The play: the card just laid scores")
    st.markdown(_table(chart.play))
    st.markdown("Pairs and runs in the play use the newest cards only. At 31 there is no go point.")
    st.markdown("### Quick counts")
    st.markdown(_table(chart.quick))
    st.markdown("A game is 121 points (or 61 for a short one). The first to reach it wins at once.")

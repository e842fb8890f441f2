"""The game's chance to win as a line over the deals, its biggest swings marked, for the
results of a game on the Play page and for the Game review.

The line and its marks are the training layer's (:func:`trainer.training.winline.win_line`:
the chance the win meter showed during the game, from what the person could see); this
module draws them: :func:`win_chart` builds the Altair chart (a pure function of the line),
:func:`show_win_line` puts it on a page, says what it shows, with the marks in words below
it, numbered as on the chart, and the chances deal by deal as a table. The chart's
Vega-Lite spec is kept once per line (:func:`chart_spec`): building the chart and checking
it against Altair's schema took tens of milliseconds on every run of a page that shows it.
"""

from __future__ import annotations

import functools
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st
from streamlit.elements.vega_charts import _convert_altair_to_vega_lite_spec

from trainer.training.winline import WinLine

__all__ = [
    "LINE_TITLE",
    "SHOWS",
    "UncheckedChart",
    "chance_rows",
    "chart_spec",
    "forget_lines",
    "show_win_line",
    "spec_of",
    "win_chart",
]

#: The line's title.
LINE_TITLE = "Your chance to win, deal by deal"

#: What the line is, said under its title.
SHOWS = (
    "The chance the meter showed you during the game, worked out from what you could see at "
    "each moment: your own cards, the starter, the cards laid and the hands shown (while "
    "you held your cards to throw, the chance with the best throw)."
)


def forget_lines() -> None:
    """Forget the charts kept (for a benchmark that plays the same game twice)."""
    chart_spec.cache_clear()


class _Unchecked(alt.LayerChart):
    """A layered chart whose spec is made without checking it against Vega-Lite's schema
    unless asked (``to_dict(validate=True)``): the check took two thirds of the time and
    changes nothing in the spec; the tests ask for it."""

    def to_dict(self, validate: bool = False, **options: Any) -> dict[str, Any]:
        spec: dict[str, Any] = super().to_dict(validate=validate, **options)
        return spec


class UncheckedChart(alt.Chart):
    """:class:`_Unchecked` for a chart of one layer."""

    def to_dict(self, validate: bool = False, **options: Any) -> dict[str, Any]:
        spec: dict[str, Any] = super().to_dict(validate=validate, **options)
        return spec


def spec_of(chart: alt.Chart | alt.LayerChart) -> dict[str, Any]:
    """The Vega-Lite spec ``st.altair_chart`` sends for ``chart``, its data as Arrow (draw
    it with ``st.vega_lite_chart(spec=...)``, a copy each time)."""
    spec: dict[str, Any] = _convert_altair_to_vega_lite_spec(chart)
    return spec


def win_chart(line: WinLine, *, words: bool = False) -> alt.LayerChart:
    """The person's chance after every action as a line over the deals, a dashed line at
    one half, and the biggest swings (:meth:`WinLine.biggest`) marked and numbered
    (``words``: the axis and the marks say the chances in words, as learning mode and first
    games do, with no percentage)."""
    points = pd.DataFrame(
        [{"Deal": p.at, "Chance": p.percent, "In deal": p.deal_no} for p in line.points]
    )
    marks = pd.DataFrame(
        [
            {
                "Deal": s.end.at,
                "Chance": s.end.percent,
                "Mark": str(n),
                "What": s.words(words=words),
            }
            for n, s in enumerate(line.biggest(), start=1)
        ],
        columns=["Deal", "Chance", "Mark", "What"],
    )
    last = max(2, int(max(p.at for p in line.points)) + 1)
    x = alt.X(
        "Deal:Q",
        scale=alt.Scale(domain=[1, last]),
        axis=alt.Axis(tickMinStep=1, format="d", title="Deal"),
    )
    if words:
        axis = alt.Axis(
            title="Your chance to win",
            values=[0, 50, 100],
            labelExpr="datum.value == 0 ? 'lost' : datum.value == 100 ? 'won' : 'even'",
        )
        tips = [alt.Tooltip("In deal:Q", title="Deal")]
    else:
        axis = alt.Axis(title="Your chance to win (%)", values=[0, 25, 50, 75, 100])
        tips = [alt.Tooltip("In deal:Q", title="Deal"), alt.Tooltip("Chance:Q")]
    y = alt.Y("Chance:Q", scale=alt.Scale(domain=[0, 100]), axis=axis)
    base = (
        alt.Chart(points)
        .mark_line(interpolate="step-after", color="#1f6fb2")
        .encode(x=x, y=y, tooltip=tips)
    )
    half = (
        alt.Chart(pd.DataFrame({"Chance": [50]}))
        .mark_rule(strokeDash=[4, 4], color="#8a8f8c")
        .encode(y="Chance:Q")
    )
    dots = (
        alt.Chart(marks)
        .mark_circle(size=140, color="#f5b700", opacity=1)
        .encode(x=x, y=y, tooltip=[alt.Tooltip("What:N", title="What happened")])
    )
    labels = (
        alt.Chart(marks).mark_text(fontWeight="bold", fontSize=11).encode(x=x, y=y, text="Mark:N")
    )
    return _Unchecked(layer=[half, base, dots, labels])


@functools.lru_cache(maxsize=32)
def chart_spec(line: WinLine, words: bool = False) -> dict[str, Any]:
    """The Vega-Lite spec of :func:`win_chart` of ``line``, its data as Streamlit sends it
    (Arrow), made as ``st.altair_chart`` makes it, once per line. Never changed: a page
    draws a copy."""
    return spec_of(win_chart(line, words=words))


def show_win_line(line: WinLine, *, key: str, words: bool = False, titled: bool = True) -> None:
    """The chart, then its marks in words (numbered as on the chart); ``words``: the
    chances in words too (learning mode, first games); ``titled``: under its title
    (:data:`LINE_TITLE`; a page that folds it names the fold so instead)."""
    if len(line.points) < 2:
        return
    if titled:
        st.markdown(f"##### {LINE_TITLE}")
    st.caption(SHOWS)
    # what st.altair_chart(win_chart(line), ...) draws, without building the chart again
    spec = dict(chart_spec(line, words))
    st.vega_lite_chart(spec=spec, width="stretch", height=220, key=key)
    marks = line.biggest()
    if not marks:
        st.caption("No choice of yours moved your chance to win much in this game.")
    else:
        said = "\n".join(f"{n}. {s.words(words=words)}" for n, s in enumerate(marks, start=1))
        with st.container(key=f"{key}_marks"):
            st.markdown("The choices that moved your chance most:\n\n" + said)
    with st.expander("The chances deal by deal", key=f"{key}_table"):
        st.markdown("\n".join(chance_rows(line, words=words)))


def chance_rows(line: WinLine, *, words: bool = False) -> tuple[str, ...]:
    """The line as a Markdown table, a deal a row: the chance as the person held their cards
    to throw (what the meter showed them then) and at the end of the deal."""
    rows = [
        f"| {deal_no} | {start.said(words=words)} | {end.said(words=words)} |"
        for deal_no, start, end in line.at_throws()
    ]
    return ("| Deal | When you threw | At the end of the deal |", "|--:|--|--|", *rows)

"""The Game review's chart of the points lost per deal, by kind of decision: built from the
review (:func:`lost_chart`, a pure function of it) and made into the Vega-Lite spec
Streamlit sends (:func:`lost_spec`) once per review, with its work worked out ahead
(:mod:`trainer.ui.review_ahead`), so that opening the page does not build it.
"""

from __future__ import annotations

from typing import Any

import altair as alt
import pandas as pd

from trainer.training.review import GameReview
from trainer.training.review_words import KIND_WORDS
from trainer.ui.winchart import UncheckedChart, spec_of

__all__ = ["lost_chart", "lost_spec"]


def lost_chart(review: GameReview, *, words: bool = False) -> alt.Chart:
    """Each deal's points lost as a bar, stacked by the kinds of decision the game had
    (``words``: learning mode and first games, whole points on the axis and in the tips)."""
    kinds = review.kinds
    frame = pd.DataFrame(
        [
            {"Deal": deal.deal_no, "Kind": KIND_WORDS[kind], "Points lost": deal.lost.of(kind)}
            for deal in review.deals
            for kind in kinds
        ],
        columns=["Deal", "Kind", "Points lost"],
    )
    chart: alt.Chart = (
        UncheckedChart(frame)
        .mark_bar()
        .encode(
            x=alt.X("Deal:O", axis=alt.Axis(labelAngle=0)),
            y=alt.Y(
                "sum(Points lost):Q",
                title="Points lost",
                axis=alt.Axis(tickMinStep=1, format="d") if words else alt.Axis(),
            ),
            color=alt.Color(
                "Kind:N",
                title=None,
                sort=[KIND_WORDS[kind] for kind in kinds],
                legend=alt.Legend(orient="top"),  # below, it takes the bars' height
            ),
            order=alt.Order("Kind:N"),
            tooltip=[
                alt.Tooltip("Deal:O"),
                alt.Tooltip("Kind:N"),
                alt.Tooltip("Points lost:Q", format=".0f" if words else ".2f"),
            ],
        )
    )
    return chart


def lost_spec(review: GameReview, *, words: bool = False) -> dict[str, Any]:
    """The spec ``st.altair_chart`` would send for :func:`lost_chart` (a page draws a copy
    with ``st.vega_lite_chart``)."""
    return spec_of(lost_chart(review, words=words))

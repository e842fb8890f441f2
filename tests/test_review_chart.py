"""The Game review's chart of points lost per deal (trainer.ui.review_chart): the bars are
the review's own figures, by the kinds of decision the game had, checked against
Vega-Lite's schema, and the spec kept is what ``st.altair_chart`` sends for the chart."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.test_review import _reviews
from tests.views.test_review import _first_game
from trainer.engine.record import GameRecord
from trainer.training.review import review_game
from trainer.training.review_words import KIND_WORDS
from trainer.ui.review_chart import lost_chart


def test_the_bars_are_each_deal_s_points_lost_by_kind() -> None:
    review = _reviews()[0]
    spec = lost_chart(review).to_dict(validate=True)  # checked against Vega-Lite's schema
    assert spec["mark"]["type"] == "bar" and spec["encoding"]["x"]["field"] == "Deal"
    rows = next(iter(spec["datasets"].values()))
    assert len(rows) == 3 * len(review.deals)
    for deal in review.deals:
        for kind in review.kinds:
            (row,) = [
                r for r in rows if r["Deal"] == deal.deal_no and r["Kind"] == KIND_WORDS[kind]
            ]
            assert row["Points lost"] == deal.lost.of(kind)
    assert spec["encoding"]["tooltip"][2]["format"] == ".2f"
    assert lost_chart(review, words=True).to_dict()["encoding"]["tooltip"][2]["format"] == ".0f"


def test_a_first_game_has_bars_for_its_counts_only() -> None:
    review = review_game(GameRecord.parse(_first_game().record))
    rows = next(iter(lost_chart(review).to_dict()["datasets"].values()))
    assert {r["Kind"] for r in rows} == {"Counts"}


_BOTH = """
import streamlit as st
from tests.test_review import _reviews
from trainer.ui.review_chart import lost_chart, lost_spec

review = _reviews()[0]
st.altair_chart(lost_chart(review), width="stretch", height=240, key="altair")
st.vega_lite_chart(spec=dict(lost_spec(review)), width="stretch", height=240, key="kept")
"""


def test_the_kept_spec_draws_what_altair_chart_draws() -> None:
    at = AppTest.from_string(_BOTH, default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    altair, kept = at.get("vega_lite_chart")
    assert kept.proto.spec == altair.proto.spec
    assert list(kept.proto.datasets) == list(altair.proto.datasets)

"""Cards, piles, series and a counted hand drawn on a page (our own SVG, from
:mod:`trainer.ui.svg`). Nothing here computes a score: the engine's items are shown as
they are."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import streamlit as st

from trainer.engine import Card, ScoreItem, ShowScore
from trainer.ui.svg import cards_svg, pile_svg, series_svg


def show_cards(
    cards: Sequence[Card],
    *,
    starter: Card | None = None,
    highlight: Collection[Card] = (),
    max_width: int | None = None,
) -> None:
    """Draw a row of cards (our own SVG, so it is safe to pass as HTML)."""
    st.markdown(
        cards_svg(cards, starter=starter, highlight=highlight, max_width=max_width),
        unsafe_allow_html=True,
    )


def show_pile(pile: Sequence[Card], *, highlight: Collection[Card] = ()) -> None:
    st.markdown(pile_svg(pile, highlight=highlight), unsafe_allow_html=True)


def show_series(steps: Sequence[tuple[Card | None, str, int]]) -> None:
    """A series of the play as cards: who laid each one above it, the count below."""
    st.markdown(series_svg(steps), unsafe_allow_html=True)


def show_item(item: ScoreItem, hand: Sequence[Card], starter: Card | None) -> None:
    """One combination: its description beside the cards, the combination's cards lit."""
    left, right = st.columns([2, 3], vertical_alignment="center")
    left.markdown(f"**{item.describe()}**")
    with right:
        show_cards(hand, starter=starter, highlight=item.cards, max_width=300)


def show_breakdown(score: ShowScore) -> None:
    """Every combination of a counted hand, grouped as it is said at the table."""
    if not score.items:
        st.info(
            "No fifteens, pairs, runs, flush or nobs: zero points. Players joke that a count "
            "like this is a 'nineteen', because 19 is a total no hand can ever make."
        )
        return
    for call in score.calls():
        st.markdown(f"##### “{call.text}” (+{call.points})")
        for item in call.items:
            show_item(item, score.hand, score.starter)

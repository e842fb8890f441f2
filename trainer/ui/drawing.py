"""Cards, piles, series and a counted hand drawn on a page (our own SVG, from
:mod:`trainer.ui.svg`). Nothing here computes a score: the engine's items are shown as
they are."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

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


#: One combination's row: its words beside its cards, wrapping to two lines on a phone.
_ROW = (
    '<div style="display:flex;flex-wrap:wrap;align-items:center;gap:0.2rem 1rem;'
    'margin:0.35rem 0">'
    '<div style="flex:2 1 9rem;min-width:9rem"><strong>{words}</strong></div>'
    '<div style="flex:3 1 12rem;max-width:300px">{cards}</div></div>'
)


def items_html(items: Sequence[ScoreItem], hand: Sequence[Card], starter: Card | None) -> str:
    """Each combination on a row: its description beside the cards, its own cards lit.
    One block of our own HTML and SVG for the whole list: a page draws it as one element,
    not two columns a combination (a counted hand has up to twenty)."""
    return "".join(
        _ROW.format(
            words=escape(item.describe(), quote=False),
            cards=cards_svg(hand, starter=starter, highlight=item.cards, max_width=300),
        )
        for item in items
    )


def breakdown_html(score: ShowScore) -> str:
    """Every combination of a counted hand, grouped as it is said at the table, each
    group under what is said for it (“fifteen two, fifteen four” (+4))."""
    parts = []
    for call in score.calls():
        said = escape(f"“{call.text}” (+{call.points})", quote=False)
        parts.append(f'<h5 style="margin:0.9rem 0 0.1rem">{said}</h5>')
        parts.append(items_html(call.items, score.hand, score.starter))
    return f"<div>{''.join(parts)}</div>"


def show_items(items: Sequence[ScoreItem], hand: Sequence[Card], starter: Card | None) -> None:
    """Combinations, each beside its cards (see :func:`items_html`)."""
    st.markdown(f"<div>{items_html(items, hand, starter)}</div>", unsafe_allow_html=True)


def show_breakdown(score: ShowScore) -> None:
    """Every combination of a counted hand, grouped as it is said at the table."""
    if not score.items:
        st.info(
            "No fifteens, pairs, runs, flush or nobs: zero points. Players joke that a count "
            "like this is a 'nineteen', because 19 is a total no hand can ever make."
        )
        return
    st.markdown(breakdown_html(score), unsafe_allow_html=True)

"""The play: the felt (the starter, the pile and its count, the seats around the table),
the coach's word on what each card would peg, and the hand to lay from."""

from __future__ import annotations

import streamlit as st

from trainer.engine.cards import Card
from trainer.engine.events import LayEvent
from trainer.training.table import Table, scoring_cards
from trainer.ui.cardpick import CardPicker
from trainer.ui.drawing import html_block
from trainer.ui.play_page.layout import REPLY_PAUSE, coach_box, hand, many
from trainer.ui.play_saves import PlayGame
from trainer.ui.seats_html import seats_html, table_spots
from trainer.ui.table_html import felt_html

__all__ = ["lay"]


def _scored_in_pile(table: Table, late: str) -> tuple[Card, ...]:
    """The pile's cards that the last card laid scored with (with the computer's reply
    coming in, the person's card's, when the reply scored nothing)."""
    pile = table.view.pile
    if not pile:
        return ()
    lays = {e.card: e for e in table.game.events if isinstance(e, LayEvent) and e.card in pile}
    scored = scoring_cards(lays[pile[-1]], pile)
    if late and not scored and len(pile) > 1:
        scored = scoring_cards(lays[pile[-2]], pile)
    return scored


def lay(page_game: PlayGame, picker: CardPicker, late: str = "") -> None:
    """The person's turn to lay a card (``late``: the computer's reply fades in after it)."""
    table = page_game.table
    view = table.view
    game = table.game
    reply = table.reply_to_lay() if late else None
    before = None
    if reply is not None:
        mine = game.events[table.mark]
        before = mine.count if isinstance(mine, LayEvent) else None
    names = table.names
    other = names.who(1 - table.seat) if view.players == 2 else ""
    holds = f"{other} holds {many(view.opponent_cards, 'card')}." if other else ""
    felt = felt_html(
        starter=view.starter,
        pile=view.pile,
        lit=_scored_in_pile(table, late),
        count=view.count,
        before=before,
        late=late,
        late_at=REPLY_PAUSE,
        holds=holds,
    )
    if view.players > 2:  # each seat's cards in front of it, who said go, whose turn
        felt += seats_html(table_spots(table))
    html_block(felt)
    details = False
    with st.container(horizontal=True, vertical_alignment="center", key="play_your_turn"):
        yours = not names.people or names.me == table.seat
        whose = "Your turn" if yours else f"{names.who(table.seat)}'s turn"
        st.markdown(f"**{whose}: tap a card to lay it.**", width="content")
        if table.learning:
            details = st.toggle(
                "Details: each card's points",
                key=f"play_lay_details_{len(table.game.events)}",
            )
    # the coach in one box: the note on the card just laid, then the word on this turn
    coach = table.coaching
    words = list(coach.play_note_lines())
    if table.learning:
        words.append(coach.lay_line())
    if words:
        coach_box("  \n".join(words), key="play_tips_lay")
    if details:
        coach_box("  \n".join(coach.lay_previews()), key="play_tips_details", head="Details")
    with hand():
        picker.show(label="Your hand")

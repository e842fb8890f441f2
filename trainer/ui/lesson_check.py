"""A lesson's question drawn, its answer box and what an answer gets: the Learn page's, and
the review set's when a lesson's question comes back (Streamlit only; the grading is
:mod:`trainer.training.learn`'s)."""

from __future__ import annotations

import streamlit as st

from trainer.content.lessons import (
    Board,
    BoardCheck,
    Check,
    CountCheck,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    PegCheck,
    TableGoCheck,
)
from trainer.training.learn import (
    TABLE_LABELS,
    Feedback,
    asks_number,
    options,
    question_story,
    table_story,
)
from trainer.training.seats import DRILL_SHORT_NAMES
from trainer.ui.board import board_svg
from trainer.ui.drawing import show_breakdown, show_cards, show_pile

__all__ = ["CARD_WIDTH", "answer_box", "draw_board", "show_feedback", "show_question"]

CARD_WIDTH = 420


def draw_board(board: Board) -> None:
    """The same board as the Play page's, so the lessons teach the board a game shows."""
    front, back = board.pegs()
    svg = board_svg(front, back, target=board.game, names=DRILL_SHORT_NAMES)
    st.markdown(svg, unsafe_allow_html=True)


def answer_box(check: Check, key: str) -> None:
    """Where the answer goes: a box for a number, or the choices (inside the caller's form)."""
    if asks_number(check):
        st.text_input(check.prompt, key=key, placeholder="Type a number, then press Enter")
    else:
        choices = dict(options(check))
        st.radio(
            check.prompt,
            list(choices),
            index=None,
            key=key,
            format_func=choices.__getitem__,
        )


def show_question(check: Check) -> None:
    """The cards (or the board, the story of a series) a question is asked about."""
    if isinstance(check, CountCheck):
        show_cards(check.hand, starter=check.starter, max_width=CARD_WIDTH)
        st.caption("The crib, with the starter" if check.crib else "The hand, with the starter")
    elif isinstance(check, PegCheck):
        # The count before the card asked about: the learner adds the card themselves.
        if check.before:
            show_pile(check.before)
            st.caption(f"The cards laid so far, in order. The count is **{check.count_before}**.")
        else:
            st.caption("No cards are down yet: the count is **0**.")
        st.markdown(f"Now the **{check.card.label}** is laid:")
        show_pile((check.card,))
    elif isinstance(check, FifteenCheck):
        show_pile(check.pile)
        st.caption(f"The cards so far add up to **{check.count}**.")
    elif isinstance(check, GoCheck):
        replay = check.replay()
        st.markdown("**How the cards went down**")
        st.markdown("\n".join(f"1. {line}" for line in question_story(check)))
        for who, held in zip(("The pone", "The dealer"), replay.held, strict=True):
            if held:
                st.markdown(f"{who} still holds:")
                show_cards(held, max_width=80 * len(held))
            else:
                st.markdown(f"{who} has no cards left.")
    elif isinstance(check, TableGoCheck):
        table = check.replay()
        st.markdown("**How the cards went down at the table**")
        st.markdown("\n".join(f"1. {line}" for line in table_story(check, with_scores=False)))
        for seat, held in zip(check.seats, table.held, strict=True):
            who = TABLE_LABELS[seat]
            if held:
                st.markdown(f"{who} still holds:")
                show_cards(held, max_width=80 * len(held))
            else:
                st.markdown(f"{who} has no cards left.")
    elif isinstance(check, BoardCheck):
        draw_board(Board(game=check.game, you=check.you))
        back, front = check.you
        if front == 0:
            st.caption("Your pegs wait in the start holes.")
        elif back == 0:
            st.caption(f"Your front peg is in hole {front}. Your back peg is still at the start.")
        else:
            st.caption(f"Your back peg is in hole {back} and your front peg in hole {front}.")
    elif isinstance(check, CutCheck):
        left, right = st.columns(2)
        with left:
            st.markdown("You cut:")
            show_cards((check.you,), max_width=90)
        with right:
            st.markdown("Your opponent cuts:")
            show_cards((check.opponent,), max_width=90)
    elif isinstance(check, KeepCheck):
        show_cards(check.cards, max_width=CARD_WIDTH)
        st.caption("Your six cards. Four stay in your hand and two go to the crib.")


def show_feedback(feedback: Feedback) -> None:
    """What an answer (or the answer shown) gets: the headline, its reasons, the cards."""
    if feedback.correct:
        st.success(feedback.headline, icon=":material/check_circle:")
    elif feedback.revealed:
        st.info(feedback.headline, icon=":material/lightbulb:")
    else:
        st.error(feedback.headline, icon=":material/close:")
    for line in feedback.details:
        st.markdown(line)
    if feedback.lit and set(feedback.lit) < set(feedback.pile):
        show_pile(feedback.pile, highlight=feedback.lit)
    if feedback.board is not None:
        draw_board(feedback.board)
    if feedback.breakdown is not None:
        if feedback.correct:
            with st.expander("See every combination"):
                show_breakdown(feedback.breakdown)
        else:
            show_breakdown(feedback.breakdown)

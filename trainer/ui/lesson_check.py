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
from trainer.training.learn import Feedback, asking, asks_number, options
from trainer.training.learn.feedback import pegs_of
from trainer.training.seats import DRILL_SHORT_NAMES
from trainer.ui.board import board_svg
from trainer.ui.drawing import html_block, show_breakdown, show_cards, show_pile

__all__ = ["CARD_WIDTH", "answer_box", "draw_board", "show_feedback", "show_question"]

CARD_WIDTH = 420


def draw_board(board: Board) -> None:
    """The same board as the Play page's, so the lessons teach the board a game shows."""
    front, back = board.pegs()
    svg = board_svg(front, back, target=board.game, names=DRILL_SHORT_NAMES)
    html_block(svg)


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
    """The cards (or the board, the story of a series) a question is asked about, with the
    words beside them (from :mod:`trainer.training.learn.asking`, which the dealer of new
    cards reads too)."""
    pegs = pegs_of(check)
    if pegs is not None:  # the question asks where the pegs go
        draw_board(Board(you=pegs))
        st.caption(asking.pegs_caption(pegs))
    if isinstance(check, CountCheck):
        show_cards(check.hand, starter=check.starter, max_width=CARD_WIDTH)
        st.caption(asking.cards_caption(check))
    elif isinstance(check, PegCheck):
        _show_peg(check)
    elif isinstance(check, FifteenCheck):
        show_pile(check.pile)
        st.caption(asking.cards_caption(check))
    elif isinstance(check, GoCheck | TableGoCheck):
        _show_story(check)
    elif isinstance(check, BoardCheck):
        draw_board(Board(game=check.game, you=check.you))
        st.caption(asking.cards_caption(check))
    elif isinstance(check, CutCheck):
        _show_cut(check)
    elif isinstance(check, KeepCheck):
        show_cards(check.cards, max_width=CARD_WIDTH)
        st.caption(asking.cards_caption(check))


def _show_peg(check: PegCheck) -> None:
    """The count before the card asked about: the learner adds the card themselves."""
    before, now = asking.peg_captions(check)
    if check.before:
        show_pile(check.before)
    st.caption(before)
    st.markdown(now)
    show_pile((check.card,))


def _show_story(check: GoCheck | TableGoCheck) -> None:
    """The story of a series, line by line, and the cards each player still holds."""
    st.markdown(asking.story_title(check))
    st.markdown("\n".join(f"1. {line}" for line in asking.story(check)))
    for line, held in asking.held(check):
        st.markdown(line)
        if held:
            show_cards(held, max_width=80 * len(held))


def _show_cut(check: CutCheck) -> None:
    """The two cards cut for deal, side by side, each with its words."""
    left, right = st.columns(2)
    for column, words, card in zip(
        (left, right), asking.CUT_WORDS, (check.you, check.opponent), strict=True
    ):
        with column:
            st.markdown(words)
            show_cards((card,), max_width=90)


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

"""The game at the table, one step at a time: the cards' taps taken first, then the sounds,
the frame (the header, the notes, the board and the log), the coach on the throw, what the
step asks of the person, and the game menu."""

from __future__ import annotations

import streamlit as st

from trainer.training.records import Profile
from trainer.training.table import Need
from trainer.ui.cardpick import CardPicker
from trainer.ui.play_page.across_devices import device_menu, shared_marks, waiting
from trainer.ui.play_page.count import claim_form
from trainer.ui.play_page.cues import play_cues
from trainer.ui.play_page.lay import lay
from trainer.ui.play_page.layout import board_and_log, header, late, notes
from trainer.ui.play_page.menu import menu
from trainer.ui.play_page.passing import pass_screen
from trainer.ui.play_page.results import follow_win_line, results
from trainer.ui.play_page.saving import unsaved
from trainer.ui.play_page.show import reveal
from trainer.ui.play_page.state import page_game
from trainer.ui.play_page.taps import take_taps
from trainer.ui.play_page.throw import cut_for_deal, cut_starter, discard, throw_coach
from trainer.ui.play_saves import PlayGame
from trainer.ui.unsaved import follow

__all__ = ["table_screen"]


@st.fragment
def table_screen(profile: Profile) -> None:
    """The game at the table. A fragment: a card laid, a cut, "Next" run this part of the
    page again, not the app around it (its sidebar, the player's line, the page's title);
    a step that leaves the game (a new one, the results left) runs the whole page."""
    game = page_game()
    if game is None:  # left from the table or the menu: the page without a game
        st.rerun()
    cards = take_taps(game)  # before anything is drawn: the table is drawn once
    if page_game() is not game:  # a tap refused as stale: the game as stored, or none
        st.rerun()
    table = game.table
    if pass_screen(table):  # a table of people: nothing of the next one's cards yet
        return
    follow_win_line(game)  # a few more actions measured: the results draw it at once
    fade = late(table)
    play_cues(game, fade)
    with st.container(key="play_table"):
        if game.shared is not None:  # a game across devices: the version drawn
            shared_marks(game.version)
        unsaved(game)
        header(table)
        notes(table)
        board_and_log(table, fade)
        _step(game, cards, fade, profile)
    if game.shared is not None:
        device_menu(profile)
    else:
        menu()
    follow()  # a count that could not be saved: said at the top of the page


def _step(game: PlayGame, cards: CardPicker | None, fade: str, profile: Profile) -> None:
    """What the step asks of the person, under the board: the coach on the throw (once
    the throw is made), then the cut, the throw, the lay, the count, the hand shown, the
    other device's turn, or the results."""
    table = game.table
    need = table.need()
    if (
        need in (Need.CUT_STARTER, Need.LAY, Need.CLAIM, Need.REVEAL, Need.WAIT)
        and table.viewer is not None
    ):
        throw_coach(table)  # (a hand shown between people is everyone's: no one's coach)
    if need is Need.WAIT:  # another device's turn: the coach's word on the move made,
        waiting(table)  # the pile and the hand, until that move comes in
    elif need is Need.CUT_FOR_DEAL:
        cut_for_deal(table)
    elif need is Need.DISCARD and cards is not None:
        discard(game, cards)
    elif need is Need.CUT_STARTER:
        cut_starter(table)
    elif need is Need.LAY and cards is not None:
        lay(game, cards, fade)
    elif need is Need.CLAIM:
        claim_form(game, cards)
    elif need is Need.REVEAL:
        reveal(table)
    else:
        results(game, profile)

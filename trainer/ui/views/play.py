"""Play: a whole game against the computer, saved after every step.

The game is laid out as a card table that fits one screen, from a phone to a desktop
(``assets/table.css``): the board with its words, a short log of the deal that keeps its
height, the play's count, starter and pile, and the hand with its button at the bottom,
held in view. The board pegs the show as its combinations are shown ("Next" for each, or
the whole hand at once as a film, a setting kept per player); short sounds are made in the
browser (:mod:`trainer.ui.sounds`); the table is a fragment, so a move runs the table
again and not the app around it, and the cards' taps are taken before anything is drawn.

Every save is made over the version of the game the page was showing (see
:mod:`trainer.ui.play_saves`): a second tab showing an older copy is refused and shown the
game as stored, and a save that fails is said at the top of the page at once, the game kept
on the page and saved again with the next move.

With the coach on, the throw is compared with the best throw once it is made, a "Hint"
before throwing shows the best throws (and marks the deal as hinted), and a card laid that
beginner advice warns about gets a short note. Learning mode also explains each step before
the person acts: the best throw, what each card would peg, and how a hand is counted aloud.
The words and numbers come from the Table (:mod:`trainer.training.table`); the page's
parts (:mod:`trainer.ui.play_page`) draw them, and what the page keeps between runs is one
:class:`~trainer.ui.play_saves.PlayState`.

A game against a person on another device (:mod:`trainer.ui.play_page.across_devices`) is offered
under the game's form, and takes the page while it is open.
"""

from __future__ import annotations

import streamlit as st

from trainer.ui import restart_notice, session
from trainer.ui.play_page.across_devices import follow_shared, lobby
from trainer.ui.play_page.first_games import first_games, learning_offer
from trainer.ui.play_page.layout import OPENING_CSS, TABLE_CSS
from trainer.ui.play_page.new_game import import_record, settings_form
from trainer.ui.play_page.opening import what_now
from trainer.ui.play_page.saving import sync
from trainer.ui.play_page.screen import table_screen
from trainer.ui.play_page.state import NOBODY, play_state
from trainer.ui.play_page.unfinished import unfinished
from trainer.ui.profiles import plain, require_player
from trainer.ui.session import store_problem

require_player()  # games and counts are saved for the player chosen
st.title("Play")
player = session.current_profile()
if player is None:  # the store cannot be used: games are played on this page only
    player = NOBODY
sync(player)
state = play_state()
problem = store_problem()
if problem and (state.game is None or state.game.unsaved is None):
    st.warning(plain(f"Games are not being saved: {problem}"))

follow_shared(player)  # a game across devices: kept up with the store
if learning_offer(player):
    st.stop()  # the offer alone, until it is taken or declined
if state.game is None:
    st.html(f"<style>{OPENING_CSS}</style>")
    note, state.note = state.note, ""
    if note:
        st.info(plain(note))
    unfinished(player)  # what the player can do now comes first
    what_now(player)
    settings_form(player)
    lobby(player)
    first_games(player)
    import_record(player)
    st.stop()

st.html(f"<style>{TABLE_CSS}</style>")
restart_notice.show()
table_screen(player)

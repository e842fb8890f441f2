"""Home: what the trainer is and where to start."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from trainer.engine import parse_cards
from trainer.ui import assigned, todays_review
from trainer.ui.drawing import show_cards

_VIEWS = Path(__file__).resolve().parent

st.title("Cribbage trainer")
st.markdown(
    "Learn two-player cribbage from scratch, then practise the part that wins games: "
    "**counting** hands, cribs and pegging points quickly and without missing any."
)
todays_review.home_block()  # what comes back today, and the button that starts it
*hand, starter = parse_cards("5H 5C 5D JS 5S")
show_cards(hand, starter=starter, max_width=420)
st.caption(
    "Three fives and the right jack, with the fourth five turned up: 29, the best hand there is."
)

assigned.show()  # in club mode: the sets a teacher gave the player's group

st.subheader("Where to start")
top = st.columns(2)
bottom = st.columns(2)
with top[0]:
    st.markdown("**New to cribbage?**  \nShort lessons teach the whole game in order, by doing.")
    st.page_link(str(_VIEWS / "learn.py"), label="Start the lessons", icon=":material/school:")
with top[1]:
    st.markdown(
        "**Ready for a game?**  \nPlay a whole game against the computer, at four levels, "
        "with a coach if you like."
    )
    st.page_link(str(_VIEWS / "play.py"), label="Play a game", icon=":material/playing_cards:")
with bottom[0]:
    st.markdown("**Know the rules?**  \nDrills deal random hands and plays and check your count.")
    st.page_link(
        str(_VIEWS / "practice.py"), label="Practise counting", icon=":material/fitness_center:"
    )
with bottom[1]:
    st.markdown("**Got a hand to settle?**  \nType any hand and starter to see every point in it.")
    st.page_link(str(_VIEWS / "check.py"), label="Check a hand", icon=":material/calculate:")

st.divider()
st.markdown(
    "**Counting in one breath:** every set of cards adding to 15 is 2 points, every pair 2, "
    "every run 1 a card, four cards of one suit in the hand 4 (5 with the starter), and the "
    "jack of the starter's suit 1. Count them in that order, out loud: "
    "*fifteen two, fifteen four, and a pair is six.*"
)

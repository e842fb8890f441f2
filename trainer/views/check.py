"""Check a hand: type or pick four cards and a starter, see every combination and the total."""

from __future__ import annotations

import random

import streamlit as st

from trainer.engine import DECK, score_show
from trainer.inputs import InputProblem, read_hand
from trainer.ui import show_breakdown, show_cards, standing_text

st.title("Check a hand")

state = st.session_state
state.setdefault("check_hand", "5H 5D 5C JS")
state.setdefault("check_starter", "5S")


def _deal_random() -> None:
    cards = random.sample(DECK, 5)
    state["check_hand"] = " ".join(str(c) for c in cards[:4])
    state["check_starter"] = str(cards[4])
    state["check_mode"] = "Type them"


mode = st.radio(
    "How would you like to enter the cards?",
    ["Type them", "Pick them"],
    horizontal=True,
    key="check_mode",
)
if mode == "Type them":
    with st.form("check_form", border=False, enter_to_submit=True):
        st.caption(
            "Rank then suit, like `5H 10D JS AH`: `10` or `T` for a ten, "
            "`S H D C` or `♠ ♥ ♦ ♣` for the suit."
        )
        hand_text = st.text_input("Hand (four cards)", key="check_hand")
        starter_text = st.text_input("Starter", key="check_starter", max_chars=4)
        st.form_submit_button("Count it", type="primary", key="check_submit")
    st.button("Deal me a random hand", on_click=_deal_random, key="check_random")
else:
    labels = [card.label for card in DECK]
    picked = st.multiselect(
        "Hand", labels, max_selections=4, key="check_pick_hand", placeholder="Choose four cards"
    )
    picked_starter = st.selectbox(
        "Starter", labels, index=None, key="check_pick_starter", placeholder="Choose the starter"
    )
    if len(picked) < 4 or picked_starter is None:
        st.info("Choose four cards for the hand and one starter.", icon=":material/touch_app:")
        st.stop()
    hand_text, starter_text = " ".join(picked), picked_starter

crib = st.toggle(
    "Count it as the crib",
    key="check_crib",
    help="In the crib a flush only counts when the starter is the same suit too.",
)

try:
    hand, starter = read_hand(hand_text, starter_text)
except InputProblem as problem:
    st.error(f"**{problem.box}:** {problem.message}", icon=":material/error:")
    st.stop()

score = score_show(hand, starter, crib=crib)
show_cards(hand, starter=starter, max_width=460)
cadence = score.cadence()
left, right = st.columns([1, 3], vertical_alignment="center")
left.metric("Total", score.total)
right.markdown(f"**{cadence[0].upper()}{cadence[1:]}.**")
right.caption(standing_text(score.total, crib=crib))
st.subheader("Every combination")
show_breakdown(score)

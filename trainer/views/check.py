"""Check a hand: type or pick four cards and a starter, see every combination and the total."""

from __future__ import annotations

import random

import streamlit as st

from trainer.engine import (
    DECK,
    Card,
    CardNotationError,
    DuplicateCardError,
    parse_cards,
    score_show,
)
from trainer.ui import show_breakdown, show_cards, standing_text

st.title("Check a hand")
st.markdown(
    "Enter four cards and the starter, like `5H 10D JS AH` (rank then suit; "
    "`10` or `T` for ten; `S H D C` or `♠ ♥ ♦ ♣`)."
)

state = st.session_state
state.setdefault("check_hand", "5H 5D 5C JS")
state.setdefault("check_starter", "5S")


def _deal_random() -> None:
    cards = random.sample(DECK, 5)
    state["check_hand"] = " ".join(str(c) for c in cards[:4])
    state["check_starter"] = str(cards[4])


typed, picked = st.tabs(["Type the cards", "Pick the cards"])
with typed:
    with st.form("check_form", border=False):
        hand_text = st.text_input("Hand (four cards)", key="check_hand")
        starter_text = st.text_input("Starter", key="check_starter", max_chars=4)
        st.form_submit_button("Count it", type="primary")
    st.button("Deal me a random hand", on_click=_deal_random)
with picked:
    labels = {card.label: card for card in DECK}
    chosen = st.multiselect("Hand", list(labels), max_selections=4, key="check_pick_hand")
    chosen_starter = st.selectbox(
        "Starter",
        list(labels),
        index=None,
        key="check_pick_starter",
        placeholder="Choose the starter",
    )

crib = st.toggle(
    "Count it as the crib",
    key="check_crib",
    help="In the crib a flush only counts if the starter matches too.",
)

hand: tuple[Card, ...] | None = None
starter: Card | None = None
problem: str | None = None
if len(chosen) == 4 and chosen_starter is not None:
    hand = tuple(labels[label] for label in chosen)
    starter = labels[chosen_starter]
    if starter in hand:
        problem = f"The starter {starter.label} is also in the hand: choose another starter."
else:
    try:
        hand = parse_cards(hand_text)
        starter_cards = parse_cards(starter_text)
        if len(hand) != 4:
            problem = f"The hand needs exactly 4 cards; you entered {len(hand)}."
        elif len(starter_cards) != 1:
            problem = f"The starter is one card; you entered {len(starter_cards)}."
        else:
            starter = starter_cards[0]
            parse_cards([*hand, starter])  # the starter may not repeat a hand card
    except (CardNotationError, DuplicateCardError) as err:
        problem = str(err)[0].upper() + str(err)[1:] + "."

if problem is not None or hand is None or starter is None:
    st.error(problem or "Enter four cards and a starter.", icon=":material/error:")
    st.stop()

score = score_show(hand, starter, crib=crib)
show_cards(hand, starter=starter, max_width=460)
left, right = st.columns([1, 3], vertical_alignment="center")
left.metric("Total", score.total)
right.markdown(f"**{score.cadence()[0].upper() + score.cadence()[1:]}.**")
right.caption(standing_text(score.total, crib=crib))
st.subheader("Every combination")
show_breakdown(score)

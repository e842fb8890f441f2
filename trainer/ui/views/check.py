"""Check a hand: type or tap four cards and a starter, see every combination and the total."""

from __future__ import annotations

import random

import streamlit as st

from trainer.engine import DECK, Card, Suit, parse_cards, score_show
from trainer.training.inputs import InputProblem, read_hand
from trainer.training.standing import standing_text
from trainer.ui import actions
from trainer.ui.cardpick import CardPicker, PickMode
from trainer.ui.drawing import show_breakdown, show_cards, show_metric
from trainer.ui.loaded import distribution
from trainer.ui.page_state import CheckState, kept

#: The deck as the grid shows it: one row a suit, ace to king.
_GRID = sorted(DECK, key=lambda card: (list(Suit).index(card.suit), card.order))
#: Longest card text kept from a box (anything longer is refused with a message, not cut).
_MOST_TYPED = 60
#: The two ways of entering the cards, as the radio names them.
_TYPE_THEM, _PICK_THEM = "Type them", "Pick them"
#: The part of the page with the total (the grid brings it into view).
TOTAL = "check_total"

st.title("Check a hand")

state = st.session_state  # the boxes' values, under their widget keys
STATE_KEY = "_check_page"
#: The hand the page opens with, so a first visit shows what it does.
_FIRST_HAND, _FIRST_STARTER = "5H 5D 5C JS", "5S"
# A new session: a first visit, or a tab that reconnected after the server restarted. The
# boxes start from the example through ``value=``, never by writing their keys: after a
# restart the box's own text (what the person typed before pressing Enter) must win.
_fresh = STATE_KEY not in state
page = kept(STATE_KEY, CheckState)


def _deal_random() -> None:
    cards = random.sample(DECK, 5)
    state["check_hand"] = " ".join(str(c) for c in cards[:4])
    state["check_starter"] = str(cards[4])
    page.tapped = (state["check_hand"], state["check_starter"])
    page.own = True
    page.deals += 1  # the grid starts again from the new cards


def _own_cards() -> bool:
    """The boxes hold cards of the person's own (typed, tapped or dealt at their asking), not
    the page's example: the grid starts from them, and otherwise empty."""
    boxes = (state.get("check_hand", _FIRST_HAND), state.get("check_starter", _FIRST_STARTER))
    return page.own or boxes != (_FIRST_HAND, _FIRST_STARTER)


def _current() -> tuple[tuple[Card, ...], Card | None]:
    """The cards in the boxes, as far as they read (for the grid to start from): a whole
    hand and starter, or the cards of a hand still being tapped (fewer than four, or no
    starter yet), so the grid drawn afresh shows what was tapped."""
    hand_text = state.get("check_hand", _FIRST_HAND)
    starter_text = state.get("check_starter", _FIRST_STARTER)
    try:
        return read_hand(hand_text, starter_text)
    except InputProblem:
        pass
    try:
        hand = parse_cards(hand_text) if hand_text.strip() else ()
        starters = parse_cards(starter_text) if starter_text.strip() else ()
    except ValueError:  # not cards at all: the grid starts empty
        return (), None
    if len(hand) > 4 or len(starters) > 1 or set(hand) & set(starters):
        return (), None
    return hand, starters[0] if starters else None


def _pick_from_grid() -> tuple[str, str] | None:
    """The tappable deck; the hand and starter chosen on it, or None until all five are."""
    picker = CardPicker(f"check_grid_{page.deals}", PickMode.GRID, _GRID)
    for event in picker.take():
        state["check_hand"] = " ".join(str(card) for card in event.cards)
        state["check_starter"] = str(event.starter) if event.starter is not None else ""
        page.tapped = (state["check_hand"], state["check_starter"])
        page.own = True
    hand, starter = _current() if _own_cards() else ((), None)
    picker.show(
        chosen=hand,
        starter=starter,
        label="The deck: spades, hearts, diamonds, clubs",
        prompt="Tap four cards for the hand, then the starter; tap a card again to take it out.",
        focus=False,
        reveal=f".st-key-{TOTAL}",  # the total, brought into view once all five are tapped
    )
    if len(hand) < 4 or starter is None:  # a hand still being tapped
        st.info("Choose four cards for the hand and one starter.", icon=":material/touch_app:")
        return None
    return state.get("check_hand", _FIRST_HAND), state.get("check_starter", _FIRST_STARTER)


def _start(key: str, example: str) -> str | None:
    """What a box starts from: the example in a new session, else empty; nothing once its key
    holds cards (dealt, tapped or typed), which Streamlit puts in the box by itself (a start
    beside them is ignored, and logged as set twice)."""
    if key in state:
        return None
    return example if _fresh else ""


def _mode_changed() -> None:
    """Turning from the grid to the boxes: the boxes show the cards last tapped."""
    if state.get("check_mode") == _TYPE_THEM and page.tapped is not None:
        state["check_hand"], state["check_starter"] = page.tapped
    page.tapped = None


@st.fragment
def _check_screen() -> None:
    """The boxes (or the grid), the total and every combination. A fragment: counting
    another hand runs this part of the page again, not the app around it."""
    typed = st.radio(
        "How would you like to enter the cards?",
        [_TYPE_THEM, _PICK_THEM],
        horizontal=True,
        key="check_mode",
        on_change=_mode_changed,
    )
    if typed == _TYPE_THEM:
        with st.form("check_form", border=False, enter_to_submit=True):
            st.caption(
                "Rank then suit, like `5H 10D JS AH`: `10` or `T` for a ten, "
                "`S H D C` or `♠ ♥ ♦ ♣` for the suit. Or type all five cards in the hand box, "
                "the starter last."
            )
            boxed_hand = st.text_input(
                "Hand (four cards)",
                value=_start("check_hand", _FIRST_HAND),
                key="check_hand",
                max_chars=_MOST_TYPED,
            )
            boxed_starter = st.text_input(
                "Starter",
                value=_start("check_starter", _FIRST_STARTER),
                key="check_starter",
                max_chars=_MOST_TYPED,
            )
            st.form_submit_button("Count it", type="primary", key="check_submit")
            hand_text, starter_text = boxed_hand or "", boxed_starter or ""
    else:
        picked = _pick_from_grid()
    actions.button("Deal me a random hand", on_click=_deal_random, key="check_random")
    if typed != _TYPE_THEM:
        if picked is None:
            st.stop()
        hand_text, starter_text = picked

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
    with st.container(key=TOTAL):
        show_cards(hand, starter=starter, max_width=460)
        cadence = score.cadence()
        left, right = st.columns([1, 3], vertical_alignment="center")
        with left:
            show_metric("Total", score.total)
        right.markdown(f"**{cadence[0].upper()}{cadence[1:]}.**")
        right.caption(standing_text(score.total, crib=crib, dist=distribution(crib)))
    st.subheader("Every combination")
    show_breakdown(score)


_check_screen()

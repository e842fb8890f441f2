"""The person's count of the hand next in the show: typed in a box, or (counted aloud)
tapped combination by combination; graded, saved and recorded like a drill's answer. Under
muggins the points missed go to the computer (the table's rules say so)."""

from __future__ import annotations

import time

import streamlit as st

from trainer.engine.show import MAX_SHOW
from trainer.engine.vocab import Counting, RuleError, Which
from trainer.training.explain import said_aloud
from trainer.training.grading import (
    Claim,
    ClaimKind,
    claim_kinds_for,
    claim_problem,
    game_claims_total,
)
from trainer.training.table import in_our_words
from trainer.ui import actions, play_saves
from trainer.ui.cardpick import CardPicker
from trainer.ui.drawing import show_cards
from trainer.ui.play_page.layout import hand
from trainer.ui.play_page.saving import commit
from trainer.ui.play_page.state import capital, play_state
from trainer.ui.play_saves import PlayGame

__all__ = ["claim_form", "say_count", "take_claims"]


def _claims(picker: CardPicker) -> list[Claim]:
    """The combinations tapped so far for the hand being counted."""
    return play_state().claims.setdefault(picker.key, [])


def take_claims(game: PlayGame, picker: CardPicker) -> bool:
    """The person counts their own hand by tapping its combinations: each claim is kept
    (one that cannot be a combination is refused, with why), "That's everything" says the
    total claimed, and the coach then counts the hand with them (True: the count is said,
    and the cards tapped are answered)."""
    claims = _claims(picker)
    for event in picker.take():
        if event.action == "claim" and event.kind is not None:
            problem = claim_problem(event.kind, event.cards)
            if problem:
                picker.reply(f"Not counted: {capital(problem)}.")
                continue
            claims.append(Claim(event.kind, tuple(event.cards)))
        elif event.action == "undo":
            if claims:
                claims.pop()
        elif event.action == "done":
            if event.claims is not None:  # the claims the person saw listed, none lost
                claims[:] = [
                    Claim(kind, cards)
                    for kind, cards in event.claims
                    if not claim_problem(kind, cards)
                ]
            nxt = game.table.next_count()
            assert nxt is not None
            _seat, which, score = nxt
            total = game_claims_total(score, claims, crib=which is Which.CRIB)
            play_state().claims.pop(picker.key, None)
            picker.forget()
            say_count(game, total)
            return True
    return False


def claim_form(game: PlayGame, picker: CardPicker | None = None) -> None:
    """The person's own count of the hand next in the show: typed, or (counted aloud, in a
    learning game) tapped combination by combination."""
    table = game.table
    nxt = table.next_count()
    assert nxt is not None
    _seat, which, score = nxt
    what = "crib" if which is Which.CRIB else "hand"
    settings = table.game.settings
    aloud = settings.counting is Counting.ALOUD
    order = table.coaching.show_order_line()
    if aloud:  # short: the hand, its combinations and the buttons need the screen (the
        # order of the show is said again as the coach goes through it)
        kinds = table.coaching.kinds_words()
        only = f"{kinds[:1].upper()}{kinds[1:]}. " if kinds.startswith("only") else ""
        st.markdown(  # a first game says what scores in it
            f"### Your {what}: what does it make?\n"
            f"{only}Tap a combination's cards, what they make, then Claim. All found? "
            "That's everything."
        )
    else:
        st.markdown(
            f"### Count your {what}\n"
            "Add up your fifteens, pairs, runs, flush and nobs, with the starter.  \n"
            f"{order}"
        )
    if table.learning and not aloud:
        with st.expander("Coach: how to count it out loud", icon=":material/school:"):
            st.write(f"Take the combinations in order, adding as you go: “{said_aloud(score)}”")
    state = play_state()
    if state.claim_started is None:
        state.claim_started = time.monotonic()
    key = f"play_claim_{len(table.game.events)}"
    with hand():
        if picker is not None:
            claims = _claims(picker)
            picker.show(  # how to claim is said above
                label=f"Your {what} and the starter",
                claims=[claim.describe() for claim in claims],
                claimed=[(claim.kind, claim.cards) for claim in claims],
                total=sum(claim.points for claim in claims),
                kinds=[
                    kind
                    for kind in claim_kinds_for(settings.kinds)
                    # a double run is taught late: a learner claims its runs and its pair
                    if not (table.learning and kind is ClaimKind.DOUBLE_RUN)
                ],
            )
        else:
            show_cards(score.hand, starter=score.starter, max_width=320)
        typed = st.expander("Or type the total") if picker is not None else st.container()
        with typed, st.container(horizontal=True, vertical_alignment="bottom"):
            st.number_input(
                "Or type what it makes" if picker is not None else "Your count",
                min_value=0,
                max_value=MAX_SHOW,
                step=1,
                value=0,
                key=key,
                width=200,
            )
            actions.button(
                "OK", type="primary", key=f"{key}_ok", on_click=_count_given, args=(key,)
            )


def _count_given(key: str) -> None:
    """The person's count (in the box ``key``): graded, saved and recorded like a drill's
    answer, before the page is drawn (it then shows the hand counted out)."""
    game = play_state().game
    if game is None:
        return
    say_count(game, int(st.session_state.get(key) or 0))


def say_count(game: PlayGame, total: int) -> None:
    """The person's count of the hand next in the show (typed, or the sum of the
    combinations tapped): graded, saved and recorded like a drill's answer."""
    state = play_state()
    index = len(game.table.game.events)
    try:
        event = game.table.claim(total)
    except RuleError as error:
        state.note = capital(in_our_words(str(error))) + "."
        return
    started = state.claim_started if state.claim_started is not None else time.monotonic()
    state.claim_started = None
    seconds = max(0.0, time.monotonic() - started)
    state.note = ""
    if commit(game):  # a count refused as stale is not recorded either
        play_saves.record_count(game, event, index, seconds=seconds)

"""Before the play: the cut for deal, the throw to the crib (with the coach's best throw,
its hint, and its word on the throw made), and the cut for the starter."""

from __future__ import annotations

import streamlit as st

from trainer.engine.vocab import Phase
from trainer.training.table import COMPUTER, ME, Need, Table
from trainer.ui import actions
from trainer.ui.cardpick import CardPicker
from trainer.ui.drawing import show_cards
from trainer.ui.play_page.layout import coach_box, coach_line, hand
from trainer.ui.play_page.saving import act
from trainer.ui.play_saves import PlayGame

__all__ = ["cut_for_deal", "cut_starter", "discard", "throw_coach"]


def throw_coach(table: Table) -> None:
    """The coach on the throw: open at the cut for the starter, just after the throw, then
    folded for the deal (the play needs the room)."""
    coach = table.coaching
    lines = coach.throw_lines()
    if not lines:
        return
    verdict = "the best throw" if coach.throw_was_best() else "your throw"
    with (
        st.container(key="play_tips_throw"),
        st.expander(
            f"Coach: {verdict}",
            # open while the throw is fresh: at the cut, or waiting for the other's throw
            expanded=table.need() is Need.CUT_STARTER
            or (table.need() is Need.WAIT and table.game.phase in (Phase.DISCARD, Phase.STARTER)),
            icon=":material/school:",
        ),
    ):
        if table.learning:  # whole points and plain words; the table with decimals below
            st.markdown("  \n".join(coach.throw_words()))
            if st.toggle("Details: the numbers", key=f"play_throw_details_{table.view.deal_no}"):
                st.markdown("  \n".join(coach_line(line) for line in lines))
        else:
            st.markdown("  \n".join(coach_line(line) for line in lines))


def _hint() -> None:
    """The "Hint" button: the ranking is shown, and the deal marked as hinted and saved."""
    act(Table.hint)


def cut_for_deal(table: Table) -> None:
    """Each cuts the deck; the lower card deals."""
    st.markdown(
        "### Who deals?\nEach of you cuts the deck. The lower card deals (an ace is the lowest)."
    )
    with hand():
        actions.button(
            "Cut the deck",
            type="primary",
            key="play_cut",
            on_click=act,
            args=(Table.cut_for_deal,),
        )


def discard(game: PlayGame, picker: CardPicker) -> None:
    """The throw: the hand to pick from, and the coach's best throw or hint."""
    table = game.table
    view = table.view
    assert view.dealer is not None
    whose = table.names.whose(view.dealer, "crib")
    whose = whose[:1].lower() + whose[1:]
    if view.settings.throw == 2:
        st.markdown(
            f"### Pick two cards for {whose}\n"
            "Tap two cards, then “To crib”. Tap a card again to change your mind."
        )
    else:
        extra = "; the dealer adds the top card of the deck" if view.players == 3 else ""
        st.markdown(f"### Pick one card for {whose}\nTap a card, then “To crib”{extra}.")
    if view.deal_no == 1 and view.cuts:
        st.caption(_cut_caption(table))
    coach = table.coaching
    if table.learning:
        choose = "any two cards" if view.settings.throw == 2 else "any card"
        coach_box(f"{coach.best_throw_line()} You choose: tap {choose}.", key="play_tips_best")
    if table.coached:
        if table.hinted:
            ranking = "  \n".join(coach_line(line) for line in coach.ranking_lines())
            if table.learning:  # plain words first, the numbers on request
                words = "  \n".join(coach_line(line) for line in coach.hint_words())
                said = f"the best throws (this deal is marked as hinted).  \n{words}"
                coach_box(said, key="play_tips_hint", head="Hint")
                if st.toggle("Details: the numbers", key=f"play_hint_details_{view.deal_no}"):
                    coach_box(ranking, key="play_tips_numbers", head="The numbers")
            else:
                said = (
                    "the best throws, with the points they make on average (this deal is "
                    f"marked as hinted).  \n{ranking}"
                )
                coach_box(said, key="play_tips_hint", head="Hint")
        else:
            actions.button(
                "Hint",
                key="play_hint",
                icon=":material/lightbulb:",
                on_click=_hint,
                help="Shows the best throws. The deal is marked as hinted.",
            )
    with hand():
        picker.show(need=view.settings.throw, confirm="To crib", label="Your hand")


def _cut_caption(table: Table) -> str:
    """Who cut what for the deal (the last round, when a tie was cut again)."""
    view = table.view
    if view.players == 2:
        mine, theirs = (
            next(c.card for c in reversed(view.cuts) if c.seat == seat) for seat in (ME, COMPUTER)
        )
        return f"The cut for deal: you {mine.label}, the computer {theirs.label}."
    cuts = []
    for seat in table.names.seats:
        card = next(c.card for c in reversed(view.cuts) if c.seat == seat)
        who = table.names.who(seat)
        cuts.append(f"{who[:1].lower() + who[1:]} {card.label}")
    return f"The cut for deal: {', '.join(cuts)}."


def cut_starter(table: Table) -> None:
    """The pone cuts; the dealer turns the starter."""
    st.markdown(
        "### Cut for the starter\n"
        + (
            "You are the pone, so you cut."
            if table.game.players == 2
            else "You sit on the dealer's left, so you cut."
        )
        + " The dealer turns the top card: the starter."
    )
    with hand():
        show_cards(table.view.kept, max_width=360)
        actions.button(
            "Cut the deck",
            type="primary",
            key="play_cut_starter",
            on_click=act,
            args=(Table.cut_starter,),
        )

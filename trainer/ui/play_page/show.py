"""A hand shown in the show: its combinations one by one ("Next" for each) or the whole
hand at once as a film (the player's setting), the count said out loud in learning mode,
and what the hand came to (a muggins, the end of the game)."""

from __future__ import annotations

from html import escape

import streamlit as st

from trainer.engine.events import ShowEvent, StarterEvent
from trainer.engine.show import ShowScore
from trainer.engine.vocab import Which
from trainer.training.explain import said_one_by_one
from trainer.training.table import Table, event_lines
from trainer.ui import actions
from trainer.ui.drawing import html_block, markdown_html, show_cards
from trainer.ui.film import appear, attrs
from trainer.ui.play_page.layout import hand
from trainer.ui.play_page.saving import act
from trainer.ui.play_page.state import show_all
from trainer.ui.table_html import items_html, lit_cards_html, now_html, reveal_times

__all__ = ["reveal"]


def _summary(table: Table, event: ShowEvent) -> tuple[str, str]:
    """What a count came to: its total (said beside the cards, as HTML) and then, in
    Markdown, a muggins or a game won (a miss is told as a miss, never as a success); the
    seats called as the table calls them (people by name, a device's own seat "you")."""
    over = table.game.is_over
    lines = event_lines(event, table.game.players, names=table.names, viewer=table.viewer)
    if over:
        lines.append("That reaches the end of the board: the game is over.")
    head, *rest = lines
    said = [f":orange[{line}]" if line.startswith("Muggins!") else line for line in rest]
    return f"<b>{escape(head, quote=False)}</b>", "  \n".join(said)


def _later(markdown: str, at: float) -> str:
    """``markdown`` as HTML, to appear ``at`` seconds after the page is drawn (at once
    for 0)."""
    cls, style = appear(at)
    return f"<div{attrs(cls, style)}>{markdown_html(markdown)}</div>"


def _said_so_far(score: ShowScore, shown: int) -> str:
    """Learning mode: the count said out loud as far as it has been shown, each combination
    on its own with the total so far (the whole count once every combination is)."""
    if shown >= len(score.items):
        return f"**Coach:** said out loud, “{said_one_by_one(score)}”"
    if not shown:
        return "**Coach:** count along out loud as each combination is shown."
    return f"**Coach:** so far, out loud: “{said_one_by_one(score, shown).removesuffix('.')}…”"


def _first_of_the_show(table: Table) -> bool:
    """The hand being shown is the deal's first to be counted."""
    for event in reversed(table.game.events[:-1]):
        if isinstance(event, ShowEvent):
            return False
        if isinstance(event, StarterEvent):  # every deal cuts a starter before its show
            return True
    return True


def reveal(table: Table) -> None:
    """The hand being counted out, and "Next" (or "Continue" once it is all shown)."""
    event = table.counted
    assert event is not None
    what = "crib" if event.which is Which.CRIB else "hand"
    st.markdown(f"### {table.names.whose(event.seat, what)}")
    score = event.score
    items = score.items
    key = f"play_reveal_{len(table.game.events)}"
    at_once = show_all() and bool(items)
    shown = len(items) if at_once else table.shown  # saved with the game: a reload shows it
    times = reveal_times(len(items)) if at_once else []
    done = shown >= len(items)
    head, after = _summary(table, event)
    crib_line = table.coaching.crib_line() if table.learning and done else ""
    if crib_line:
        after += ("  \n" if after else "") + "**Coach:** " + crib_line
    if _first_of_the_show(table):  # the order is said once a deal, as the show begins
        st.markdown(table.coaching.show_order_line())
    if table.learning:
        said = _said_so_far(score, shown)
        if at_once:
            html_block(_later(said, times[-1]))
        else:
            st.info(said, icon=":material/school:")
    listed = items_html(score, times, shown=shown) if items else ""
    if after and (done or at_once):
        listed += _later(after, times[-1] if at_once else 0.0)
    if listed:  # a box that keeps the newest in view (and scrolls by the keyboard too)
        html_block(
            '<div class="tb-said" tabindex="0" role="region" aria-label="The count so far">'
            f"<div>{listed}</div></div>"
        )
    start = "Count along: “Next” shows each combination." if not at_once else "Counting…"
    if not items:
        head = f"Nothing scores here: zero points. {head}"
    now = now_html(score, shown, start=start, end=head, times=times)
    with hand():  # the line being counted stands beside its lit cards, always in view
        if at_once:
            html_block(now + lit_cards_html(score, times))
        else:
            lit = items[shown - 1].cards if shown and not done else ()
            html_block(now)
            show_cards(score.hand, starter=score.starter, highlight=lit, max_width=320)
        if not done:
            actions.button(
                "Next", type="primary", key=f"{key}_next", on_click=act, args=(Table.show_next,)
            )
        else:
            actions.button(
                "Continue", type="primary", key=f"{key}_go", on_click=act, args=(Table.carry_on,)
            )

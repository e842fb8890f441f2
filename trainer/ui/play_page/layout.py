"""The table's frame, from a phone to a desktop (``assets/table.css``): its styles, the
header, the notes above the table, the board with its words and the log of the deal, the
computer's reply fading in after the person's card, and where the hand goes (the bottom of
the table, held in view)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from trainer.training.ladder import counts_text, rung_of
from trainer.training.table import LEVEL_NAMES, ME, Need, Pegs, Table
from trainer.ui import assets
from trainer.ui.board import BOARD_CSS, BoardMove, Frame, board_html
from trainer.ui.drawing import html_block, markdown_html
from trainer.ui.play_page.state import meter_shown, play_state, show_all
from trainer.ui.profiles import plain
from trainer.ui.table_html import log_html, reveal_times
from trainer.ui.winbar import WINBAR_CSS, winbar_html

__all__ = [
    "OPENING_CSS",
    "REPLY_PAUSE",
    "TABLE_CSS",
    "board_and_log",
    "coach_box",
    "coach_line",
    "hand",
    "header",
    "late",
    "many",
    "notes",
    "scores_said",
]

#: The table's look: its layout, the board's and the film's (see :mod:`trainer.ui.film`).
TABLE_CSS = assets.text("table.css") + assets.text("seats.css") + BOARD_CSS + WINBAR_CSS
#: The page before a game: what a player can do now and a whole game's form in one screen.
OPENING_CSS = assets.text("opening.css")

#: Seconds between the person's card and the computer's reply appearing (a CSS delay in the
#: browser: the server never waits).
REPLY_PAUSE = 0.5


def late(table: Table) -> str:
    """A CSS class for the computer's reply to the person's card ('' when there is none):
    it fades in :data:`REPLY_PAUSE` seconds after the rest. The name changes with every
    reply, so the browser plays the fade again."""
    if table.need() is not Need.LAY or table.reply_to_lay() is None:
        return ""
    name = f"play-late-{len(table.game.events)}"
    shown = f".{name}, .st-key-{name}, .st-key-{name}-count"
    st.html(
        "<style>"
        f"@keyframes {name} {{from {{opacity: 0}} to {{opacity: 1}}}}"
        f"@keyframes {name}-gone {{from {{opacity: 1}} to {{opacity: 0}}}}"
        f"{shown} {{animation: {name} 0.2s ease-in {REPLY_PAUSE}s both}}"
        f".{name}-gone {{animation: {name}-gone 0.01s linear {REPLY_PAUSE}s both}}"
        "@media (prefers-reduced-motion: reduce) {"  # the reply at once: the count after it
        f"{shown}, .{name}-gone {{animation: none}} .{name}-gone {{visibility: hidden}}}}"
        "</style>"
    )
    return name


def _frame(pegs: Pegs, at: float = 0.0) -> Frame:
    last = pegs.last
    move = BoardMove(last.seat, last.start, last.end, last.reason) if last else None
    return Frame(pegs.front, pegs.back, move, at)


def _frames(table: Table, late: str) -> list[Frame]:
    """The board as a film: the computer's reply a moment after the person's card; a hand
    counted at once pegged combination by combination; otherwise one still."""
    if late:
        return [_frame(table.pegs_before_reply()), _frame(table.pegs(), REPLY_PAUSE)]
    counted = table.counted
    if counted is not None and show_all() and counted.score.items:
        times = reveal_times(len(counted.score.items))
        steps = range(len(counted.score.items) + 1)
        return [_frame(table.pegs(step), times[step]) for step in steps]
    return [_frame(table.pegs())]


def board_and_log(table: Table, late: str) -> None:
    """The board, with the scores and the last move in words, and the log of the deal."""
    names = table.names.board_names
    reply = table.mark + 1 if late else None
    beside = log_html(table.log_lines(), late=late, reply=reply, short=table.learning)
    if table.has_win_meter and meter_shown(table):
        chances = table.win_chances()  # (games of two)
        beside = winbar_html(chances, (names[0], names[1]), words=table.in_words) + beside
    frames = _frames(table, late)
    board = board_html(frames, target=table.game.settings.target, names=names, beside=beside)
    html_block(board)


def header(table: Table) -> None:
    """The game in one line: the computer, the target, the coach, the deal and its dealer."""
    view = table.view
    game = table.game
    level = LEVEL_NAMES[table.level]
    rung = rung_of(table.setup)
    computers = len(table.names.computers)
    parts = [f"{level} computer" + ("s" if computers > 1 else ""), f"to {game.settings.target}"]
    if table.names.people:  # people by name (each computer's level is on the settings)
        people = [name for _, name in table.names.people]
        said = ", ".join(people[:-1]) + " and " + people[-1] if len(people) > 1 else people[0]
        parts[0] = said + (f" with {many(computers, 'computer')}" if computers else "")
    if rung is not None and not game.settings.whole:
        parts[:0] = [f"First game {rung.number}: {rung.title}", counts_text(game.settings)]
    if table.coached:
        parts.append(f"coach: {table.coach_of(table.seat).label.lower()}")
    if view.dealer is not None:
        parts.append(f"deal {view.deal_no}")
        names = table.names
        if view.dealer == ME or game.players == 2:
            dealer = names.does(view.dealer, "deal")
            parts.append(dealer[:1].lower() + dealer[1:])
        else:  # in short: the line stays one line on a phone
            parts.append(f"{names.short(view.dealer)} deals")
    st.caption(" · ".join(parts))


def notes(table: Table) -> None:
    """A refusal or a word about the game (above the table), and the coach's note on the
    card just laid (in a box of its own height, so the hand stays in view; at the person's
    next turn, with the coach's word on that turn: see :mod:`.lay`)."""
    note = play_state().note
    if note:
        st.warning(plain(note))
    note_lines = table.coaching.play_note_lines() if table.viewer is not None else ()
    if note_lines and table.need() is not Need.LAY:
        coach_box("  \n".join(note_lines), key="play_tips_note")


def coach_box(words: str, *, key: str, head: str = "Coach") -> None:
    """The coach's ``words`` (Markdown) in a box of a few lines at most, under ``head``: the
    rest scrolls within it, by the keyboard too (the box takes the focus)."""
    with st.container(key=key):
        html_block(
            f'<div class="tb-coach" tabindex="0" role="region" aria-label="{head}">'
            f"{markdown_html(f'**{head}:** {words}')}</div>"
        )


def coach_line(text: str) -> str:
    """A line of the coach's table as Markdown (``1. throw…`` is not a numbered list)."""
    head, dot, rest = text.partition(". ")
    return f"{head}\\. {rest}" if dot and head.isdigit() else text


def hand() -> Any:
    """Where the hand and the action button go: the bottom of the table, kept in view."""
    return st.container(key="play_hand")


def many(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless one: ``1 game``, ``3 games``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def scores_said(table: Table) -> str:
    """Every side's score in words: ``you 12, the computer 30`` (people by their names, as
    written: ``Sam 12, computer 30, Jo 9``)."""
    names = table.names
    people = {name for _, name in names.people}
    parts = []
    for side, score in enumerate(table.game.scores):
        said = names.side_said(side)
        if said.split(" and ")[0] not in people:
            said = said[:1].lower() + said[1:]
        parts.append(f"{said} {score}")
    return ", ".join(parts)

"""Play: a whole game against the computer, saved after every step.

With the coach on, the throw is compared with the best throw once it is made, a "Hint"
before throwing shows the best throws (and marks the deal as hinted), and a card laid that
beginner advice warns about gets a short note. Learning mode also explains each step before
the person acts: the best throw, what each card would peg, and how a hand is counted aloud.
The words and numbers come from the Table (:mod:`trainer.training.play`); this page draws them.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import Any

import streamlit as st

from trainer.engine.record import Settings, SettingsError
from trainer.engine.vocab import Counting, RuleError, Which
from trainer.training.explain import said_aloud
from trainer.training.play import (
    COACH_MODES,
    COACH_NAMES,
    COMPUTER,
    LEARNING_GAME,
    LEVEL_NAMES,
    ME,
    SEAT_NAMES,
    SHORT_NAMES,
    Need,
    PlaySetup,
    RecordProblem,
    Table,
    event_lines,
    export_text,
    parse_export,
)
from trainer.ui import play_saves
from trainer.ui import widgets as ui
from trainer.ui.board import BoardMove, board_svg
from trainer.ui.cardpick import CardPicker, PickEvent, Slot
from trainer.ui.game_list import open_review
from trainer.ui.profiles import require_player
from trainer.ui.session import store_problem
from trainer.ui.svg import pile_svg

_TABLE = "play_table"
_GAME_ID = "play_game_id"
_LOADED = "play_loaded"
_NOTE = "play_note"
_CLAIM_START = "play_claim_started"
#: Set by the Learn page's last lesson: a learning game is offered here.
_READY = "play_ready"

#: Seconds between the person's card and the computer's reply appearing (a CSS delay in the
#: browser: the server never waits).
REPLY_PAUSE = 0.5

_COACH_HELP = {
    "off": "Off",
    "moves": "After each move (it tells you how your throw and your cards did)",
    "learning": "Learning mode (it explains every step before you choose)",
}


def _state() -> Any:
    return st.session_state


def _table() -> Table | None:
    table = _state().get(_TABLE)
    return table if isinstance(table, Table) else None


def _save(table: Table) -> None:
    game_id = _state().get(_GAME_ID)
    if isinstance(game_id, str):
        play_saves.save_game(game_id, table)


def _act(action: str, *args: Any) -> None:
    """Do one of the person's actions on the table, then save the game."""
    table = _table()
    if table is None:
        return
    try:
        getattr(table, action)(*args)
    except RuleError as error:
        _state()[_NOTE] = str(error).capitalize() + "."
        return
    _state()[_NOTE] = ""
    _save(table)


def _take(picker: CardPicker, table: Table, action: Callable[[PickEvent], object]) -> None:
    """Do ``action`` for each tap the picker sent: a refusal is said beside the cards; the
    first one accepted is saved and the page drawn again (the cards it answered are gone)."""
    for event in picker.take():
        try:
            action(event)
        except RuleError as error:
            picker.reply(str(error).capitalize() + ".")
            continue
        _state()[_NOTE] = ""
        _save(table)
        picker.forget()
        st.rerun()


def _start(setup: PlaySetup) -> None:
    old = _table()
    if old is not None and not old.game.is_over:
        _save(old)
    table = Table.new(setup, seed=random.randrange(2**31))
    _state()[_TABLE] = table
    _state()[_GAME_ID] = play_saves.new_game_id()
    _save(table)


# --- before the game -------------------------------------------------------------------------


def _settings_form() -> None:
    st.subheader("A new game")
    level = st.radio(
        "How strong is the computer?",
        list(LEVEL_NAMES),
        format_func=LEVEL_NAMES.__getitem__,
        horizontal=True,
        key="play_level",
        index=0,
    )
    target = st.radio(
        "Play to",
        [121, 61],
        format_func=lambda n: f"{n} points" + (" (a short game)" if n == 61 else ""),
        horizontal=True,
        key="play_target",
    )
    counting = st.radio(
        "Who counts the hands?",
        [Counting.AUTOMATIC.value, Counting.MUGGINS.value],
        format_func=lambda c: (
            "The trainer counts"
            if c == "automatic"
            else "You count (muggins: missed points go to the computer)"
        ),
        key="play_counting",
    )
    skunks = st.checkbox("Skunks count (winning by a lot)", value=True, key="play_skunks")
    coach = st.radio(
        "The coach",
        list(COACH_MODES),
        format_func=_COACH_HELP.__getitem__,
        key="play_coach",
        index=0,
    )
    if st.button("Start the game", type="primary", key="play_start"):
        try:
            setup = PlaySetup(
                str(level),
                Settings(target=int(target or 0), skunks=bool(skunks), counting=Counting(counting)),
                coach=str(coach),
            )
        except (SettingsError, ValueError) as error:
            st.error(f"These settings cannot be played: {error}")
            return
        _start(setup)
        st.rerun()


# --- the game ---------------------------------------------------------------------------------


def _late(table: Table) -> str:
    """A CSS class for the computer's reply to the person's card ('' when there is none):
    it fades in :data:`REPLY_PAUSE` seconds after the rest. The name changes with every
    reply, so the browser plays the fade again."""
    if table.need() is not Need.LAY or table.reply_to_lay() is None:
        return ""
    late = f"play-late-{len(table.game.events)}"
    shown = f".{late}, .st-key-{late}, .st-key-{late}-count, .{late}-pile svg > g:last-of-type"
    st.html(
        "<style>"
        f"@keyframes {late} {{from {{opacity: 0}} to {{opacity: 1}}}}"
        f"@keyframes {late}-gone {{from {{opacity: 1}} to {{opacity: 0}}}}"
        f"{shown} {{animation: {late} 0.2s ease-in {REPLY_PAUSE}s both}}"
        f".{late}-gone {{animation: {late}-gone 0.01s linear {REPLY_PAUSE}s both}}"
        "@media (prefers-reduced-motion: reduce) {"
        f"{shown}, .{late}-gone {{animation: none}}}}"
        "</style>"
    )
    return late


def _board(table: Table, late: str = "") -> None:
    move = table.last_move()
    last = BoardMove(move.seat, move.start, move.end, move.reason) if move else None
    reply = table.reply_to_lay() if late else None
    scored = reply is not None and any(seat == COMPUTER for seat, _ in reply.awards)
    names = (SHORT_NAMES[ME], SHORT_NAMES[COMPUTER])
    svg = board_svg(
        table.game.scores,
        table.back_pegs(),
        target=table.game.settings.target,
        names=names,
        last=last,
        late=late if scored else "",
        back_before=table.back_before_last(),
    )
    st.markdown(svg, unsafe_allow_html=True)


def _header(table: Table) -> None:
    view = table.view
    game = table.game
    level = LEVEL_NAMES[table.level]
    parts = [f"{level} computer", f"to {game.settings.target}"]
    if table.coached:
        parts.append(f"coach: {COACH_NAMES[table.coach].lower()}")
    if view.dealer is not None:
        parts.append(f"deal {view.deal_no}")
        parts.append("you deal" if view.dealer == ME else "the computer deals")
    st.caption(" · ".join(parts))


def _recent(table: Table, late: str = "") -> None:
    reply = table.reply_to_lay() if late else None
    if reply is not None:  # the person's card now, the computer's a moment later
        st.info("  \n".join(event_lines(table.game.events[table.mark])))
        with st.container(key=late):
            st.info("  \n".join(event_lines(reply)))
    else:
        lines = table.recent_lines()
        if lines:
            st.info("  \n".join(lines))
    note = _state().get(_NOTE)
    if note:
        st.warning(note)
    coach_note = table.play_note()
    if coach_note is not None:
        st.info("**Coach:** " + "  \n".join(coach_note.lines()), icon=":material/school:")


def _line(text: str) -> str:
    """A line of the coach's table as Markdown (``1. throw…`` is not a numbered list)."""
    head, dot, rest = text.partition(". ")
    return f"{head}\\. {rest}" if dot and head.isdigit() else text


def _throw_coach(table: Table) -> None:
    """The coach on the throw: open until the person lays a card, then folded for the deal."""
    lines = table.throw_lines()
    if not lines:
        return
    advice = table.throw_advice()
    verdict = "the best throw" if advice is not None and advice.equal else "your throw"
    with st.expander(
        f"Coach: {verdict}", expanded=not table.view.mine_played, icon=":material/school:"
    ):
        st.markdown("  \n".join(_line(line) for line in lines))


def _hint() -> None:
    """The "Hint" button: the ranking is shown, and the deal marked as hinted and saved."""
    table = _table()
    if table is None:
        return
    try:
        table.hint()
    except ValueError as error:
        _state()[_NOTE] = str(error).capitalize() + "."
        return
    _save(table)


def _cut_for_deal(table: Table) -> None:
    st.markdown("### Who deals?")
    st.write("Each of you cuts the pack. The lower card deals (an ace is the lowest).")
    st.button("Cut the pack", type="primary", key="play_cut", on_click=_act, args=("cut_for_deal",))


def _discard(table: Table, game_id: str) -> None:
    view = table.view
    whose = "your" if view.dealer == ME else "the computer's"
    if view.deal_no == 1 and view.cuts:
        mine, theirs = (
            next(c.card for c in reversed(view.cuts) if c.seat == seat) for seat in (ME, COMPUTER)
        )
        st.caption(f"The cut for deal: you {mine.label}, the computer {theirs.label}.")
        ui.show_cards([mine, theirs], max_width=160)
    st.markdown(f"### Pick two cards for {whose} crib")
    st.write("Tap two cards, then “To crib”. Tap a card again to change your mind.")
    if table.learning:
        st.info(
            f"**Coach:** {table.best_throw_line()} You choose: tap any two cards.",
            icon=":material/school:",
        )
    if table.coached:
        if table.hinted:
            ranking = "  \n".join(_line(line.line()) for line in table.ranking())
            st.info(
                "**Hint** (this deal is marked as hinted): the best throws, "
                f"with the points they make on average.  \n{ranking}",
                icon=":material/lightbulb:",
            )
        else:
            st.button(
                "Hint",
                key="play_hint",
                icon=":material/lightbulb:",
                on_click=_hint,
                help="Shows the best throws. The deal is marked as hinted.",
            )
    picker = CardPicker(f"throw_{game_id}_{view.deal_no}", "pick", view.hand)
    _take(picker, table, lambda event: table.discard(event.cards))
    picker.show(need=2, confirm="To crib", label="Your hand")


def _cut_starter(table: Table) -> None:
    st.markdown("### Cut for the starter")
    st.write("You are the pone, so you cut. The dealer turns the top card: the starter.")
    ui.show_cards(table.view.kept)
    st.button(
        "Cut the pack", type="primary", key="play_cut_starter", on_click=_act, args=("cut_starter",)
    )


def _lay(table: Table, game_id: str, late: str = "") -> None:
    view = table.view
    game = table.game
    left, right = st.columns([1, 3])
    with left:
        if view.starter is not None:
            st.caption("Starter")
            ui.show_cards([view.starter], max_width=90)
    with right:
        if late:
            with st.container(key=f"{late}-count"):
                st.markdown(f"### The count is {view.count}")
            st.markdown(
                f'<div class="{late}-pile">{pile_svg(view.pile, highlight=view.pile[-2:])}</div>',
                unsafe_allow_html=True,
            )
        else:
            st.markdown(f"### The count is {view.count}")
            if view.pile:
                ui.show_pile(view.pile, highlight=view.pile[-1:])
        st.caption(f"The computer holds {_many(view.opponent_cards, 'card')}.")
    st.markdown("**Your turn: tap a card to lay it.**")
    if table.learning:
        st.info(
            "**Coach:** what each card would peg now.  \n" + "  \n".join(table.lay_previews()),
            icon=":material/school:",
        )
    slots = [
        Slot(
            card,
            off=""
            if view.count + card.pips <= 31
            else f"too high: the count would be {view.count + card.pips}, past 31",
        )
        for card in view.hand
    ]
    picker = CardPicker(f"lay_{game_id}_{len(game.events)}", "lay", slots)
    _take(picker, table, lambda event: table.lay(event.cards[0]))
    picker.show(label="Your hand")


def _claim(table: Table) -> None:
    nxt = table.next_count()
    assert nxt is not None
    _seat, which, score = nxt
    what = "crib" if which is Which.CRIB else "hand"
    st.markdown(f"### Count your {what}")
    st.write("Add up your fifteens, pairs, runs, flush and nobs, with the starter.")
    ui.show_cards(score.hand, starter=score.starter)
    if table.learning:
        with st.expander("Coach: how to count it out loud", icon=":material/school:"):
            st.write(f"Take the combinations in order, adding as you go: “{said_aloud(score)}”")
    started = _state().setdefault(_CLAIM_START, time.monotonic())
    key = f"play_claim_{len(table.game.events)}"
    points = st.number_input("Your count", min_value=0, max_value=29, step=1, value=0, key=key)
    if st.button("OK", type="primary", key=f"{key}_ok"):
        try:
            event = table.claim(int(points))
        except RuleError as error:
            st.error(str(error).capitalize() + ".")
            return
        seconds = max(0.0, time.monotonic() - float(started))
        _state().pop(_CLAIM_START, None)
        play_saves.record_count(
            event, game_seed=table.game.seed, deal_no=table.game.deal_no, seconds=seconds
        )
        _save(table)
        st.rerun()


def _reveal_more(key: str) -> None:
    _state()[key] = int(_state().get(key, 0)) + 1


def _reveal(table: Table) -> None:
    event = table.counted
    assert event is not None
    whose = "Your" if event.seat == ME else "The computer's"
    what = "crib" if event.which is Which.CRIB else "hand"
    st.markdown(f"### {whose} {what}")
    score = event.score
    if table.learning:
        st.info(f"**Coach:** said out loud, “{said_aloud(score)}”", icon=":material/school:")
    key = f"play_reveal_{len(table.game.events)}"
    items = score.items
    shown = min(int(_state().get(key, 0)), len(items))  # a double tap never counts past the end
    if not items:
        ui.show_cards(score.hand, starter=score.starter)
        st.write("Nothing scores here: zero points.")
    else:
        ui.show_cards(
            score.hand, starter=score.starter, highlight=items[shown - 1].cards if shown else ()
        )
        total = 0
        for item in items[:shown]:
            total += item.points
            st.markdown(f"- {item.describe()} — **{total}**")
    if shown < len(items):
        st.button("Next", type="primary", key=f"{key}_next", on_click=_reveal_more, args=(key,))
        return
    lines = event_lines(event)
    if table.game.is_over:
        lines.append("That reaches the end of the board: the game is over.")
    st.success("  \n".join(lines))
    st.button("Continue", type="primary", key=f"{key}_go", on_click=_act, args=("carry_on",))


def _many(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _results(table: Table) -> None:
    _save(table)  # the finished game is in the record below, whichever move ended it
    game = table.game
    summary = game.summary()
    me, them = game.scores
    won = game.winner == ME
    skunk = game.skunk()
    st.markdown("## You win! 🎉" if won else "## The computer wins this time")
    if skunk:
        word = "a double skunk" if skunk == 2 else "a skunk"
        st.markdown(f"**{SEAT_NAMES[ME if won else COMPUTER]} won by {word}!**")
    st.markdown(f"Final score: **you {me}, the computer {them}** after {summary.deals} deals.")
    rows = []
    for seat, name in SHORT_NAMES.items():
        s = summary.seats[seat]
        rows.append(
            {
                "Who": name,
                "The play": s.play + s.heels,
                "Hands": s.hands,
                "Crib": s.crib,
                "Muggins": s.muggins,
                "Total": s.total,
            }
        )
    st.table(rows)
    best = summary.best_hand
    if best is not None:
        who = "your" if best.seat == ME else "the computer's"
        st.markdown(f"Best hand: {who}, {best.true} points.")
        ui.show_cards(best.score.hand, starter=best.score.starter, max_width=320)
    record = play_saves.stats(table.level, game.settings.target)
    if record is not None and record.games:
        margin = record.average_margin or 0.0
        st.markdown(
            f"Your record against {LEVEL_NAMES[table.level]} to {game.settings.target}: "
            f"{_many(record.games, 'game')}, {record.wins} won, {record.skunks} by a skunk, "
            f"average margin {margin:+.1f}."
        )
    game_id = _state().get(_GAME_ID)  # the review: every decision against the best one
    if isinstance(game_id, str) and st.button("Review this game", key="play_review"):
        open_review(game_id)
    if st.button("Play again", type="primary", key="play_again"):
        _state().pop(_TABLE, None)
        st.rerun()


def _menu(table: Table) -> None:
    with st.expander("Game menu"):
        st.download_button(
            "Save the game record",
            functools.partial(export_text, table),  # made when pressed, not on every run
            file_name="cribbage-game.txt",
            mime="text/plain",
            on_click="ignore",
            key="play_export",
        )
        if st.button("Start a new game", key="play_new"):
            _state().pop(_TABLE, None)
            st.rerun()


def _import() -> None:
    with st.expander("Read a game record"):
        text = st.text_area("Paste a game record", key="play_import_text")
        if st.button("Play from this record", key="play_import"):
            try:
                setup, record = parse_export(text or "")
            except RecordProblem as error:
                st.error(str(error))
                return
            _state()[_TABLE] = Table.resume(setup, record)
            _state()[_GAME_ID] = play_saves.new_game_id()
            _save(_state()[_TABLE])
            st.rerun()


def _learning_offer() -> None:
    """The learning game the Learn page's last lesson opened this page for."""
    if not _state().get(_READY):
        return
    with st.container(border=True):
        st.markdown(
            "**A learning game is ready.** A short game to 61 against the Easy computer; "
            "the coach explains every step before you choose, and you still make every move."
        )
        with st.container(horizontal=True):
            start = st.button("Start the learning game", type="primary", key="play_learning_start")
            later = st.button("Not now", key="play_learning_later")
    if start:
        _state().pop(_READY, None)
        _start(LEARNING_GAME)
        st.rerun()
    if later:
        _state().pop(_READY, None)
        st.rerun()


# --- the page ---------------------------------------------------------------------------------

require_player()  # games and counts are saved for the player chosen
st.title("Play")
problem = store_problem()
if problem:
    st.warning(f"Games are not being saved: {problem}")

if not _state().get(_LOADED):
    _state()[_LOADED] = True
    saved = play_saves.load_game()
    if saved is not None:
        _state()[_GAME_ID], _state()[_TABLE] = saved

_learning_offer()
table = _table()
if table is None:
    st.write(
        "Play a whole game of cribbage against the computer. Your game is saved after every move."
    )
    _settings_form()
    _import()
    st.stop()

game_id = str(_state().get(_GAME_ID, "game"))
_header(table)
late = _late(table)
_board(table, late)
need = table.need()
_recent(table, late)
if need in (Need.CUT_STARTER, Need.LAY, Need.CLAIM, Need.REVEAL):
    _throw_coach(table)
if need is Need.CUT_FOR_DEAL:
    _cut_for_deal(table)
elif need is Need.DISCARD:
    _discard(table, game_id)
elif need is Need.CUT_STARTER:
    _cut_starter(table)
elif need is Need.LAY:
    _lay(table, game_id, late)
elif need is Need.CLAIM:
    _claim(table)
elif need is Need.REVEAL:
    _reveal(table)
else:
    _results(table)
_menu(table)

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
The words and numbers come from the Table (:mod:`trainer.training.table`); this page draws them.
"""

from __future__ import annotations

import functools
import itertools
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import streamlit as st

from trainer.engine.cards import Card
from trainer.engine.items import Kind
from trainer.engine.record import MAX_RECORD_CHARS, LayEvent, Settings, SettingsError, ShowEvent
from trainer.engine.show import MAX_SHOW, ShowScore
from trainer.engine.vocab import Counting, RuleError, Which
from trainer.progress.figures import record_line
from trainer.progress.store import SavedGame
from trainer.training.explain import said_aloud, said_one_by_one
from trainer.training.grading import (
    Claim,
    ClaimKind,
    claim_kinds_for,
    claim_problem,
    game_claims_total,
)
from trainer.training.ladder import Rung, Step, counts_text, ladder, rung_named, rung_of
from trainer.training.records import Profile
from trainer.training.table import (
    COACH_MODES,
    COACH_NAMES,
    COMPUTER,
    LEARNING_GAME,
    LEVEL_NAMES,
    ME,
    SEAT_NAMES,
    SHORT_NAMES,
    Need,
    Pegs,
    PlaySetup,
    RecordProblem,
    Table,
    best_hand_line,
    event_lines,
    export_text,
    in_our_words,
    parse_export,
    parse_level,
    scoring_cards,
)
from trainer.ui import actions, assets, play_saves, requests, restart_notice, session, sounds
from trainer.ui.board import BOARD_CSS, BoardMove, Frame, board_html
from trainer.ui.cardpick import CardPicker, Slot
from trainer.ui.drawing import show_cards
from trainer.ui.film import appear, attrs
from trainer.ui.game_list import open_review
from trainer.ui.loaded import course as the_course
from trainer.ui.play_saves import Owner, PlayGame, Saved, Stale
from trainer.ui.profiles import plain, require_player
from trainer.ui.seats_html import seats_html, table_spots
from trainer.ui.session import store_problem
from trainer.ui.table_html import felt_html, items_html, lit_cards_html, log_html, reveal_times
from trainer.ui.winbar import METER_KEY, WINBAR_CSS, meter_on, winbar_html
from trainer.ui.winchart import game_line, show_win_line

#: The game on the page (a :class:`PlayGame`).
_GAME = "play_game"
#: Whose game the page has loaded (an :class:`Owner`): another player chosen loads theirs.
_LOADED = "play_loaded_for"
#: Games of other players of this browser that could not be saved yet, by owner.
_HELD = "play_held"
#: A question waiting for an answer: ``"new"`` (leave this game?) or a game id to resign.
_CONFIRM = "play_confirm"
_NOTE = "play_note"
_CLAIM_START = "play_claim_started"
#: Set by the Learn page at the end of a lesson: a game is offered here (``True``: the
#: learning game of the last lesson; a rung's id: that first game, see training/ladder.py).
_READY = requests.PLAY_READY
#: The combinations the person has tapped for the hand being counted (by the picker's key).
_CLAIMS = "play_claims"

#: Who plays when the progress file cannot be used at all (nothing is saved for anyone).
_NOBODY = Profile(0, "", datetime(1970, 1, 1, tzinfo=UTC))

#: Seconds between the person's card and the computer's reply appearing (a CSS delay in the
#: browser: the server never waits).
REPLY_PAUSE = 0.5

#: How many sit at the table, as the settings say it (one level plays every computer).
_TABLE_SIZES = {
    2: "Two: you and the computer",
    3: "Three: you and two computers, each playing alone",
    4: "Four: you and a computer partner against two computers",
}

_COUNTING_HELP = {
    "automatic": "The trainer counts",
    "aloud": "You count each hand first, then the trainer goes through it (nothing is lost)",
    "muggins": "You count (muggins: missed points go to the computer)",
}

_COACH_HELP = {
    "off": "Off",
    "moves": "After each move (it tells you how your throw and your cards did)",
    "learning": "Learning mode (it explains every step before you choose)",
}


def _state() -> Any:
    return st.session_state


def _game() -> PlayGame | None:
    game = _state().get(_GAME)
    return game if isinstance(game, PlayGame) else None


def _table() -> Table | None:
    game = _game()
    return game.table if game is not None else None


def _commit(game: PlayGame) -> bool:
    """Save the page's game after a move; False when the move did not stand (the game had
    moved on in another tab or server, and the page now shows it as stored)."""
    outcome = play_saves.save(game)
    if not isinstance(outcome, Stale):
        return True
    if outcome.stored is None:
        _state().pop(_GAME, None)
        _state()[_NOTE] = (
            "This game is no longer in the progress file (it was removed in another tab or "
            "window), so that move was not made."
        )
    else:
        _state()[_GAME] = outcome.stored
        _state()[_NOTE] = (
            "This game was finished in another tab or window, so that move was not made: "
            "here is the game as it ended."
            if outcome.finished
            else "This game moved on in another tab or window, so that move was not made: "
            "here it is as it was saved there."
        )
    return False


def _act(action: Callable[[Table], object]) -> None:
    """Do one of the person's actions on the table (a method of :class:`Table`, such as
    ``Table.cut_starter``), then save the game."""
    game = _game()
    if game is None:
        return
    try:
        action(game.table)
    except (RuleError, ValueError) as error:
        _state()[_NOTE] = _capital(in_our_words(str(error), game.table.game.players)) + "."
        return
    _state()[_NOTE] = ""
    _commit(game)


def _cards_offered(game: PlayGame) -> CardPicker | None:
    """The tappable cards the table offers now: the hand to throw from, or to lay from (a
    card that would pass 31 greyed, with why); None when there is nothing to tap."""
    table, view = game.table, game.table.view
    need = table.need()
    if need is Need.DISCARD:
        return CardPicker(f"throw_{game.game_id}_{view.deal_no}", "pick", view.hand)
    if need is Need.CLAIM and table.game.settings.counting is Counting.ALOUD:
        nxt = table.next_count()
        assert nxt is not None
        score = nxt[2]
        slots = [*(Slot(card) for card in score.hand), Slot(score.starter, tag="starter")]
        return CardPicker(f"claim_{game.game_id}_{len(table.game.events)}", "claim", slots)
    if need is not Need.LAY:
        return None
    slots = [
        Slot(
            card,
            off=""
            if view.count + card.pips <= 31
            else f"too high: the count would be {view.count + card.pips}, past 31",
        )
        for card in view.hand
    ]
    return CardPicker(f"lay_{game.game_id}_{len(table.game.events)}", "lay", slots)


def _take_taps(game: PlayGame) -> CardPicker | None:
    """Act on the taps the cards sent before anything is drawn, so that the table is drawn
    once, as it stands after them: a refusal is said beside the cards; the first tap taken
    is saved, and the cards offered then are returned (the ones it answered are gone)."""
    picker = _cards_offered(game)
    if picker is None:
        return None
    if picker.mode == "claim":
        return _take_claims(game, picker)
    for event in picker.take():
        try:
            if picker.mode == "pick":
                game.table.discard(event.cards)
            else:
                game.table.lay(event.cards[0])
        except RuleError as error:
            picker.reply(_capital(in_our_words(str(error), game.table.game.players)) + ".")
            continue
        _state()[_NOTE] = ""
        _commit(game)
        picker.forget()
        return _cards_offered(_game() or game)  # a stale save shows the game as stored
    return picker


def _claims(picker: CardPicker) -> list[Claim]:
    """The combinations tapped so far for the hand being counted."""
    kept: dict[str, list[Claim]] = _state().setdefault(_CLAIMS, {})
    return kept.setdefault(picker.key, [])


def _take_claims(game: PlayGame, picker: CardPicker) -> CardPicker | None:
    """The person counts their own hand by tapping its combinations: each claim is kept
    (one that cannot be a combination is refused, with why), "That's everything" says the
    total claimed, and the coach then counts the hand with them."""
    claims = _claims(picker)
    for event in picker.take():
        if event.action == "claim":
            problem = claim_problem(event.kind, event.cards)
            if problem:
                picker.reply(f"Not counted: {_capital(problem)}.")
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
            _state().get(_CLAIMS, {}).pop(picker.key, None)
            picker.forget()
            _say_count(game, total)
            return _cards_offered(_game() or game)
    return picker


def _capital(text: str) -> str:
    """``text`` with its first letter a capital (and the rest as it was: ``5♥``, ``J♠``)."""
    return text[:1].upper() + text[1:]


def _start(setup: PlaySetup, profile: Profile) -> None:
    table = Table.new(setup, seed=random.randrange(2**31))
    game = PlayGame.new(table, profile)
    _state()[_GAME] = game
    _state().pop(_CONFIRM, None)
    _commit(game)


def _retry() -> None:
    game = _game()
    if game is not None:
        _commit(game)


def _sync(profile: Profile) -> None:
    """Show this player's game: the one on the page if it is theirs, otherwise theirs from
    the store (a game of someone else's not yet saved is held for them in this browser)."""
    owner = Owner.of(profile)
    game = _game()
    if game is not None and profile is _NOBODY:
        return  # the progress file cannot be read: whoever plays here goes on playing
    if game is not None and game.owner != owner:
        store = session.current_store()
        if store is not None and store.notice is not None and _profile_of(game) is None:
            # the progress file was damaged and started afresh, so the game's player is no
            # longer in it: the game on this page is kept, for the player chosen now here
            game.owner, game.version = owner, 0
            _commit(game)
            _state()[_LOADED] = owner
            return
        if game.unsaved is not None and not isinstance(play_saves.save(game), Saved):
            held = dict(_state().get(_HELD, {}))
            held[game.owner] = game
            _state()[_HELD] = held
        _state().pop(_GAME, None)
        _state().pop(_CONFIRM, None)
    if _state().get(_LOADED) == owner:
        return
    _state()[_LOADED] = owner
    held = dict(_state().get(_HELD, {}))
    mine = held.pop(owner, None)
    _state()[_HELD] = held
    if mine is not None:
        _state()[_GAME] = mine
        _commit(mine)
        return
    loaded = play_saves.load_game(profile)
    if loaded.game is not None:
        _state()[_GAME] = loaded.game
    if loaded.problem:
        _state()[_NOTE] = loaded.problem


def _profile_of(game: PlayGame) -> Profile | None:
    """The player a game's owner was (None: the owner's id now names someone else)."""
    store = session.current_store()
    found = store.profile(game.owner.id) if store is not None else None
    return found if found is not None and found.created_at == game.owner.created_at else None


def _unsaved(game: PlayGame) -> None:
    """Said at once, at the top of the page, whenever the game on it is not saved."""
    if game.unsaved is None:
        return
    with st.container(border=True, key="play_unsaved"):
        st.error(
            f"**Your game is not saved:** {plain(game.unsaved)}. Your moves stay on this page "
            "and are saved as soon as the progress file can be written again (with your next "
            "move, or press “Try saving again”). Until then, reloading or closing this page "
            "loses the moves since the last save.",
            icon=":material/error:",
        )
        actions.button("Try saving again", key="play_retry", on_click=_retry)


# --- before the game -------------------------------------------------------------------------


def _settings_form(profile: Profile) -> None:
    st.subheader("A new game")
    seats = st.selectbox(
        "Who is at the table?",
        list(_TABLE_SIZES),
        format_func=_TABLE_SIZES.__getitem__,
        key="play_seats",
        index=0,
    )
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
    coach = st.radio(
        "The coach",
        list(COACH_MODES),
        format_func=_COACH_HELP.__getitem__,
        key="play_coach",
        index=0,
    )
    # learning mode: you count each hand first by default (the switch is drawn anew, with
    # that choice, when the coach is changed)
    countings = [Counting.AUTOMATIC.value, Counting.ALOUD.value, Counting.MUGGINS.value]
    counting = st.radio(
        "Who counts the hands?",
        countings,
        format_func=_COUNTING_HELP.__getitem__,
        key=f"play_counting_{coach}",
        index=1 if coach == "learning" else 0,
    )
    skunks = st.checkbox("Skunks count (winning by a lot)", value=True, key="play_skunks")
    at_once = st.toggle(
        "Count each hand at once in the show",
        value=_show_all(),
        key="play_show_pace",
        help="The combinations light up one by one by themselves. Off: press “Next” for "
        "each. You can change it during the game too, in the game menu.",
    )
    if st.button("Start the game", type="primary", key="play_start"):
        if at_once != _show_all():
            session.set_preference(SHOW_KEY, "all" if at_once else "steps")
        try:
            setup = PlaySetup(
                parse_level(str(level)),
                Settings(
                    target=int(target or 0),
                    skunks=bool(skunks),
                    counting=Counting(counting),
                    seats=int(seats or 2),
                ),
                coach=str(coach),
            )
        except (SettingsError, ValueError) as error:
            st.error(plain(f"These settings cannot be played: {error}"))
            return
        _start(setup, profile)
        st.rerun()


# --- the game ---------------------------------------------------------------------------------

#: The table's look: its layout, the board's and the film's (see :mod:`trainer.ui.film`).
TABLE_CSS = assets.text("table.css") + assets.text("seats.css") + BOARD_CSS + WINBAR_CSS
#: The player's setting for the show: ``"steps"`` ("Next" for each combination, the
#: default) or ``"all"`` (the whole hand at once, its combinations lit in turn).
SHOW_KEY = "show"
_SOUNDS = "play_sounds"


def _meter_shown(table: Table) -> bool:
    return meter_on(session.preferences().get(METER_KEY), learning=table.learning)


def _show_all() -> bool:
    return session.preferences().get(SHOW_KEY) == "all"


def _sound_setting() -> bool | None:
    return sounds.sound_on(session.preferences().get(sounds.SOUND_KEY))


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
    if counted is not None and _show_all() and counted.score.items:
        times = reveal_times(len(counted.score.items))
        steps = range(len(counted.score.items) + 1)
        return [_frame(table.pegs(step), times[step]) for step in steps]
    return [_frame(table.pegs())]


def _board_and_log(table: Table, late: str) -> None:
    """The board, with the scores and the last move in words, and the log of the deal."""
    names = table.names.board_names
    board = board_html(_frames(table, late), target=table.game.settings.target, names=names)
    if table.has_win_meter and _meter_shown(table):
        board += winbar_html(table.win_chances(), (names[0], names[1]))  # (games of two)
    reply = table.mark + 1 if late else None
    log = log_html(table.log_lines(), late=late, reply=reply)
    st.markdown(board + log, unsafe_allow_html=True)


def _header(table: Table) -> None:
    view = table.view
    game = table.game
    level = LEVEL_NAMES[table.level]
    rung = rung_of(table.setup)
    parts = [f"{level} computer" + ("s" if game.players > 2 else ""), f"to {game.settings.target}"]
    if rung is not None and not game.settings.whole:
        parts[:0] = [f"First game {rung.number}: {rung.title}", counts_text(game.settings)]
    if table.coached:
        parts.append(f"coach: {COACH_NAMES[table.coach].lower()}")
    if view.dealer is not None:
        parts.append(f"deal {view.deal_no}")
        names = table.names
        if view.dealer == ME or game.players == 2:
            dealer = names.does(view.dealer, "deal")
            parts.append(dealer[:1].lower() + dealer[1:])
        else:  # in short: the line stays one line on a phone
            parts.append(f"{names.short(view.dealer)} deals")
    st.caption(" · ".join(parts))


def _notes(table: Table) -> None:
    """A refusal or a word about the game (above the table), and the coach's note on the
    card just laid (in a box of its own height, so the hand stays in view)."""
    note = _state().get(_NOTE)
    if note:
        st.warning(plain(note))
    note_lines = table.play_note_lines()
    if note_lines:
        with st.container(key="play_tips_note"):
            st.info("**Coach:** " + "  \n".join(note_lines), icon=":material/school:")


def _line(text: str) -> str:
    """A line of the coach's table as Markdown (``1. throw…`` is not a numbered list)."""
    head, dot, rest = text.partition(". ")
    return f"{head}\\. {rest}" if dot and head.isdigit() else text


def _throw_coach(table: Table) -> None:
    """The coach on the throw: open until the person lays a card, then folded for the deal."""
    lines = table.throw_lines()
    if not lines:
        return
    verdict = "the best throw" if table.throw_was_best() else "your throw"
    with (
        st.container(key="play_tips_throw"),
        st.expander(
            f"Coach: {verdict}",
            expanded=not table.view.mine_played and table.need() is not Need.REVEAL,
            icon=":material/school:",
        ),
    ):
        if table.learning:  # whole points and plain words; the table with decimals below
            st.markdown("  \n".join(table.throw_words()))
            if st.toggle("Details: the numbers", key=f"play_throw_details_{table.view.deal_no}"):
                st.markdown("  \n".join(_line(line) for line in lines))
        else:
            st.markdown("  \n".join(_line(line) for line in lines))


def _hint() -> None:
    """The "Hint" button: the ranking is shown, and the deal marked as hinted and saved."""
    _act(Table.hint)


def _hand() -> Any:
    """Where the hand and the action button go: the bottom of the table, kept in view."""
    return st.container(key="play_hand")


def _cut_for_deal(table: Table) -> None:
    st.markdown(
        "### Who deals?\nEach of you cuts the pack. The lower card deals (an ace is the lowest)."
    )
    with _hand():
        actions.button(
            "Cut the pack",
            type="primary",
            key="play_cut",
            on_click=_act,
            args=(Table.cut_for_deal,),
        )


def _discard(game: PlayGame, picker: CardPicker) -> None:
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
        extra = "; the dealer adds the pack's top card" if view.players == 3 else ""
        st.markdown(f"### Pick one card for {whose}\nTap a card, then “To crib”{extra}.")
    if view.deal_no == 1 and view.cuts:
        st.caption(_cut_caption(table))
    if table.learning:
        with st.container(key="play_tips_best"):
            st.info(
                f"**Coach:** {table.best_throw_line()} You choose: tap any two cards.",
                icon=":material/school:",
            )
    if table.coached:
        if table.hinted:
            ranking = "  \n".join(_line(line.line()) for line in table.throw_ranking())
            with st.container(key="play_tips_hint"):
                if table.learning:  # plain words first, the numbers on request
                    words = "  \n".join(_line(line) for line in table.hint_words())
                    st.info(
                        f"**Hint** (this deal is marked as hinted): the best throws.  \n{words}",
                        icon=":material/lightbulb:",
                    )
                    if st.toggle("Details: the numbers", key=f"play_hint_details_{view.deal_no}"):
                        st.markdown(ranking)
                else:
                    st.info(
                        "**Hint** (this deal is marked as hinted): the best throws, "
                        f"with the points they make on average.  \n{ranking}",
                        icon=":material/lightbulb:",
                    )
        else:
            actions.button(
                "Hint",
                key="play_hint",
                icon=":material/lightbulb:",
                on_click=_hint,
                help="Shows the best throws. The deal is marked as hinted.",
            )
    with _hand():
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


def _cut_starter(table: Table) -> None:
    st.markdown(
        "### Cut for the starter\n"
        + (
            "You are the pone, so you cut."
            if table.game.players == 2
            else "You sit on the dealer's left, so you cut."
        )
        + " The dealer turns the top card: the starter."
    )
    with _hand():
        show_cards(table.view.kept, max_width=360)
        actions.button(
            "Cut the pack",
            type="primary",
            key="play_cut_starter",
            on_click=_act,
            args=(Table.cut_starter,),
        )


def _scored_in_pile(table: Table, late: str) -> tuple[Card, ...]:
    """The pile's cards that the last card laid scored with (with the computer's reply
    coming in, the person's card's, when the reply scored nothing)."""
    pile = table.view.pile
    if not pile:
        return ()
    lays = {e.card: e for e in table.game.events if isinstance(e, LayEvent) and e.card in pile}
    scored = scoring_cards(lays[pile[-1]], pile)
    if late and not scored and len(pile) > 1:
        scored = scoring_cards(lays[pile[-2]], pile)
    return scored


def _lay(page_game: PlayGame, picker: CardPicker, late: str = "") -> None:
    table = page_game.table
    view = table.view
    game = table.game
    reply = table.reply_to_lay() if late else None
    before = None
    if reply is not None:
        mine = game.events[table.mark]
        before = mine.count if isinstance(mine, LayEvent) else None
    holds = f"The computer holds {_many(view.opponent_cards, 'card')}." if view.players == 2 else ""
    felt = felt_html(
        starter=view.starter,
        pile=view.pile,
        lit=_scored_in_pile(table, late),
        count=view.count,
        before=before,
        late=late,
        holds=holds,
    )
    if view.players > 2:  # each seat's cards in front of it, who said go, whose turn
        felt += seats_html(table_spots(table))
    st.markdown(felt + "\n\n**Your turn: tap a card to lay it.**", unsafe_allow_html=True)
    if table.learning:
        with st.container(key="play_tips_lay"):
            st.info(f"**Coach:** {table.lay_line()}", icon=":material/school:")
            if st.toggle(
                "Details: what each card would score",
                key=f"play_lay_details_{len(table.game.events)}",
            ):
                st.markdown("  \n".join(table.lay_previews()))
    with _hand():
        picker.show(label="Your hand")


def _claim(game: PlayGame, picker: CardPicker | None = None) -> None:
    """The person's own count of the hand next in the show: typed, or (counted aloud, in a
    learning game) tapped combination by combination."""
    table = game.table
    nxt = table.next_count()
    assert nxt is not None
    _seat, which, score = nxt
    what = "crib" if which is Which.CRIB else "hand"
    settings = table.game.settings
    aloud = settings.counting is Counting.ALOUD
    order = table.show_order_line()
    if aloud:
        st.markdown(
            f"### Your {what}: what does it make?\n"
            f"Add up your {what} with the starter and say what it makes first: "
            f"{table.kinds_words()}. Then the coach goes through it with you.  \n{order}"
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
    _state().setdefault(_CLAIM_START, time.monotonic())
    key = f"play_claim_{len(table.game.events)}"
    with _hand():
        if picker is not None:
            claims = _claims(picker)
            picker.show(
                prompt=(
                    "Tap the cards of one combination, choose what they make, then Claim. "
                    "Press That's everything when you have them all."
                ),
                label=f"Your {what} and the starter",
                claims=[claim.describe() for claim in claims],
                claimed=[(claim.kind, claim.cards) for claim in claims],
                total=sum(claim.points for claim in claims),
                kinds=[
                    str(kind)
                    for kind in claim_kinds_for(settings.kinds)
                    # a double run is taught late: a learner claims its runs and its pair
                    if not (table.learning and kind is ClaimKind.DOUBLE_RUN)
                ],
            )
        else:
            show_cards(score.hand, starter=score.starter, max_width=320)
        with st.container(horizontal=True, vertical_alignment="bottom"):
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
    game = _game()
    if game is None:
        return
    _say_count(game, int(_state().get(key) or 0))


def _say_count(game: PlayGame, total: int) -> None:
    """The person's count of the hand next in the show (typed, or the sum of the
    combinations tapped): graded, saved and recorded like a drill's answer."""
    index = len(game.table.game.events)
    try:
        event = game.table.claim(total)
    except RuleError as error:
        _state()[_NOTE] = _capital(in_our_words(str(error))) + "."
        return
    started = float(_state().pop(_CLAIM_START, time.monotonic()))
    seconds = max(0.0, time.monotonic() - started)
    _state()[_NOTE] = ""
    if _commit(game):  # a count refused as stale is not recorded either
        play_saves.record_count(game, event, index, seconds=seconds)


def _summary(event: ShowEvent, over: bool, players: int = 2) -> str:
    """What a count came to, in Markdown: the total, then a muggins or a game won (a miss is
    told as a miss, never as a success)."""
    lines = event_lines(event, players)
    if over:
        lines.append("That reaches the end of the board: the game is over.")
    head, *rest = lines
    said = [f"**{head}**"]
    for line in rest:
        said.append(f":orange[{line}]" if line.startswith("Muggins!") else line)
    return "  \n".join(said)


def _later(markdown: str, at: float) -> str:
    """``markdown`` to appear ``at`` seconds after the page is drawn (at once for 0)."""
    cls, style = appear(at)
    if not cls:
        return markdown
    return f"<div{attrs(cls, style)}>\n\n{markdown}\n\n</div>"


def _said_so_far(score: ShowScore, shown: int) -> str:
    """Learning mode: the count said out loud as far as it has been shown, each combination
    on its own with the total so far (the whole count once every combination is)."""
    if shown >= len(score.items):
        return f"**Coach:** said out loud, “{said_one_by_one(score)}”"
    if not shown:
        return "**Coach:** count along out loud as each combination is shown."
    return f"**Coach:** so far, out loud: “{said_one_by_one(score, shown).removesuffix('.')}…”"


def _reveal(table: Table) -> None:
    event = table.counted
    assert event is not None
    what = "crib" if event.which is Which.CRIB else "hand"
    st.markdown(f"### {table.names.whose(event.seat, what)}")
    score = event.score
    items = score.items
    key = f"play_reveal_{len(table.game.events)}"
    at_once = _show_all() and bool(items)
    shown = len(items) if at_once else table.shown  # saved with the game: a reload shows it
    times = reveal_times(len(items)) if at_once else []
    done = shown >= len(items)
    summary = _summary(event, table.game.is_over, table.game.players) if done else ""
    if table.learning and done and table.crib_line():
        summary += "  \n**Coach:** " + table.crib_line()
    st.markdown(table.show_order_line())
    if table.learning:
        said = _said_so_far(score, shown)
        if at_once:
            st.markdown(_later(said, times[-1]), unsafe_allow_html=True)
        else:
            st.info(said, icon=":material/school:")
    if not items:
        listed = "Nothing scores here: zero points."
    elif at_once:
        listed = items_html(score, times)
    else:
        running = itertools.accumulate(item.points for item in items[:shown])
        listed = "\n".join(
            f"- {item.describe()} — **{total}**"
            for item, total in zip(items[:shown], running, strict=False)
        )
    if summary:
        listed += "\n\n" + _later(summary, times[-1] if at_once else 0.0)
    if listed:
        with st.container(key="play_items"):  # one element: the box keeps the newest in view
            st.markdown(listed, unsafe_allow_html=True)
    with _hand():
        if at_once:
            st.markdown(lit_cards_html(score, times), unsafe_allow_html=True)
        else:
            lit = items[shown - 1].cards if shown and not done else ()
            show_cards(score.hand, starter=score.starter, highlight=lit, max_width=320)
        if not done:
            actions.button(
                "Next", type="primary", key=f"{key}_next", on_click=_act, args=(Table.show_next,)
            )
        else:
            actions.button(
                "Continue", type="primary", key=f"{key}_go", on_click=_act, args=(Table.carry_on,)
            )


def _many(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _results(page_game: PlayGame, profile: Profile) -> None:
    table = page_game.table
    game = table.game
    summary = game.summary()
    st.markdown("\n".join(_final_words(table, summary.deals)))
    best = summary.best_hand
    with _hand():
        if best is not None:
            st.markdown(best_hand_line(best, game.players))
            show_cards(best.score.hand, starter=best.score.starter, max_width=300)
        with st.container(horizontal=True):
            again = st.button("Play again", type="primary", key="play_again")
            review = game.players == 2 and st.button(  # every decision (games of two)
                "Review this game", key="play_review"
            )
    if review:
        open_review(page_game.game_id)
    if again:
        table.leave()
        _commit(page_game)
        _state().pop(_GAME, None)
        st.rerun()
    settings = game.settings
    rows = []
    names = table.names
    short = SHORT_NAMES if game.players == 2 else {seat: names.short(seat) for seat in names.seats}
    for seat, name in short.items():
        s = summary.seats[seat]
        row: dict[str, str | int] = {"Who": name}
        if settings.play:
            row["The play"] = s.play + s.heels
        elif Kind.HIS_HEELS in settings.kinds:
            row["His heels"] = s.heels
        row["Hands"] = s.hands
        if settings.crib:
            row["Crib"] = s.crib
        if settings.muggins:
            row["Muggins"] = s.muggins
        row["Total"] = s.total
        rows.append(row)
    st.table(rows)  # only what this game has: a first game has no play, crib or muggins
    if table.has_win_meter:
        show_win_line(game_line(game.record(), ME), key="play_winline")
    rung = rung_of(table.setup)
    if rung is not None and not page_game.imported:
        _next_rung(page_game, rung, profile)
        return
    record = play_saves.stats(profile, table.level, game.settings.target, game.players)
    if page_game.imported:
        st.caption("This game was read from a record, so it is not counted in your record.")
    elif record is not None and record.games:
        st.markdown(record_line(table.level, game.settings.target, game.players, record))


def _final_words(table: Table, deals: int) -> list[str]:
    """Who won, by how much, and the final score, in Markdown."""
    game = table.game
    won = game.winner == ME  # the person's side is side 0
    skunk = game.skunk()
    word = "a double skunk" if skunk == 2 else "a skunk"
    if game.players == 2:
        me, them = game.scores
        lines = ["## You win! 🎉" if won else "## The computer wins this time"]
        if skunk:
            lines.append(f"**{SEAT_NAMES[ME if won else COMPUTER]} won by {word}!**  ")
        lines.append(f"Final score: **you {me}, the computer {them}** after {deals} deals.")
        return lines
    names = table.names
    assert game.winner is not None
    winner = names.side_said(game.winner)
    if won:
        lines = ["## You and your partner win! 🎉" if game.players == 4 else "## You win! 🎉"]
    else:
        lines = [f"## {winner} {'win' if game.players == 4 else 'wins'} this time"]
    if skunk:
        lines.append(f"**{winner} won by {word}!**  ")
    lines.append(f"Final score: **{_scores_said(table)}** after {deals} deals.")
    return lines


def _scores_said(table: Table) -> str:
    """Every side's score in words: ``you 12, the computer 30``."""
    names = table.names
    parts = []
    for side, score in enumerate(table.game.scores):
        said = names.side_said(side)
        parts.append(f"{said[:1].lower() + said[1:]} {score}")
    return ", ".join(parts)


def _next_rung(page_game: PlayGame, rung: Rung, profile: Profile) -> None:
    """After a first game: how this rung has gone, and the next one (to play now when its
    lesson is done, or the lesson that opens it)."""
    done = {lesson for lesson, place in session.lesson_progress().items() if place.done}
    states = ladder(done, play_saves.finished_setups(profile))
    mine = states[rung.number - 1]
    st.markdown(
        f"First game {rung.number}, {rung.title}: {_many(mine.played, 'game')} played, "
        f"{mine.won} won."
    )
    if rung.number >= len(states):
        return
    nxt = states[rung.number]
    if nxt.step is Step.LOCKED:
        course = the_course()
        st.caption(
            f"First game {nxt.rung.number}, {nxt.rung.title}, opens after lesson "
            f"{course.number(nxt.rung.lesson)}: {course.title(nxt.rung.lesson)}."
        )
        return
    if st.button(
        f"Next: first game {nxt.rung.number}, {nxt.rung.title}",
        key="play_next_rung",
        icon=":material/arrow_forward:",
    ):
        page_game.table.leave()
        _commit(page_game)
        _start(nxt.rung.setup, profile)
        st.rerun()


def _sounds(page_game: PlayGame, late: str) -> None:
    """This step's sounds, handed to the browser (played once each)."""
    table = page_game.table
    events = table.game.events
    need = table.need()
    cues: list[sounds.Cue] = []
    counted = table.counted
    if counted is not None:
        items = counted.score.items
        if _show_all() and items:
            cues = sounds.item_cues(items, reveal_times(len(items))[1:-1])
        elif table.shown:
            cues = sounds.item_cues(items[table.shown - 1 : table.shown], [0.0])
        if counted is events[-1] and table.game.is_over and table.shown >= len(items):
            cues.append(sounds.Cue("win" if table.game.winner == ME else "peg", 0.3))
    elif late:
        cues = sounds.event_cues(events[table.mark : table.mark + 1])
        cues += sounds.event_cues(events[table.mark + 1 :], start=REPLY_PAUSE)
    else:
        cues = sounds.event_cues(events[table.mark :])
        if need is Need.OVER and table.game.winner == ME:
            cues.append(sounds.Cue("win", 0.3))
    token = f"{len(events)}:{table.shown}:{need.name}"
    sounds.play(page_game.game_id, token, cues, on=_sound_setting(), key=_SOUNDS)


def _ask_new() -> None:
    _state()[_CONFIRM] = "new"


def _cancel() -> None:
    _state().pop(_CONFIRM, None)


def _keep_for_later() -> None:
    """Leave the game on the page for later: it stays among the unfinished games."""
    game = _game()
    if (
        game is not None
        and game.unsaved is not None
        and not isinstance(play_saves.save(game), Saved)
    ):
        _state()[_NOTE] = "The game could not be saved, so it stays on the page."
        _state().pop(_CONFIRM, None)
        return
    _state().pop(_GAME, None)
    _state().pop(_CONFIRM, None)


def _resign_here(profile: Profile) -> None:
    game = _game()
    if game is None:
        return
    problem = play_saves.resign(
        profile, play_saves.saved_row(game.game_id, game.table, version=game.version)
    )
    _state().pop(_CONFIRM, None)
    if problem:
        _state()[_NOTE] = f"The game was not resigned: {problem}."
        return
    _state().pop(_GAME, None)
    _state()[_NOTE] = "You resigned that game: it counts as a loss."


def _switch(key: str, value: str) -> None:
    session.set_preference(key, value)


def _settings_switches() -> None:
    """The table's settings, kept for the player: the sounds, how the show is counted, and
    the win meter beside the board."""
    current = _sound_setting()
    heard = current if current is not None else not sounds.reduced_motion(_SOUNDS)
    # keyed by what it shows: when the browser says it asks for reduced motion (after the
    # switch was first drawn), the switch is drawn again, off
    sound = st.toggle("Sounds", value=heard, key=f"play_sound_switch_{'on' if heard else 'off'}")
    if sound != heard:
        _switch(sounds.SOUND_KEY, "on" if sound else "off")
    at_once = st.toggle(
        "Count each hand at once",
        value=_show_all(),
        key="play_show_switch",
        help="The combinations light up one by one by themselves; off: “Next” for each.",
    )
    if at_once != _show_all():
        _switch(SHOW_KEY, "all" if at_once else "steps")
        st.rerun()  # the show on the table is drawn the new way
    table = _table()
    if table is not None and table.has_win_meter:
        shown = _meter_shown(table)
        meter = st.toggle(
            "Chance to win",
            value=shown,
            key="play_meter_switch",
            help="Each side's chance to win the game from here, beside the board.",
        )
        if meter != shown:
            _switch(METER_KEY, "on" if meter else "off")
            st.rerun()  # the board is drawn with or without it


@st.fragment
def _menu(profile: Profile) -> None:
    """The game menu: save the record, the table's settings, pause the game or start a new
    one (asking first). A fragment: a switch here runs the menu again, not the table."""
    game = _game()
    if game is None:  # left from this menu (kept for later, or resigned): the whole page
        st.rerun()
    table = game.table
    over = table.game.is_over
    asking = _state().get(_CONFIRM) == "new" and not over
    with st.expander("Game menu", expanded=asking):
        st.download_button(
            "Save the game record" if over else "Save the record so far (what you have seen)",
            functools.partial(export_text, table),  # made when pressed, not on every run
            file_name="cribbage-game.txt",
            mime="text/plain",
            on_click="ignore",
            key="play_export",
        )
        _settings_switches()
        if over:
            return
        if not asking:
            with st.container(horizontal=True):
                actions.button("Start a new game", key="play_new", on_click=_ask_new)
                actions.button(
                    "Pause: keep it for later",
                    key="play_pause",
                    on_click=_keep_for_later,
                    help="The game waits among your unfinished games, as it is now.",
                )
            return
        st.warning(
            f"Leave this game ({_scores_said(table)}, deal {table.game.deal_no})? "
            "Keep it to come back to it from the list of unfinished games, or resign it "
            "(a resigned game counts as a loss)."
        )
        with st.container(horizontal=True):
            actions.button(
                "Keep it for later", key="play_new_keep", type="primary", on_click=_keep_for_later
            )
            actions.button(
                "Resign it", key="play_new_resign", on_click=_resign_here, args=(profile,)
            )
            actions.button("Go back to the game", key="play_new_cancel", on_click=_cancel)


def _resume(profile: Profile, game_id: str) -> None:
    game = play_saves.load(profile, game_id)
    if game is None:
        _state()[_NOTE] = "That game could not be opened: it is no longer in the progress file."
        return
    _state()[_GAME] = game


def _ask_resign(game_id: str) -> None:
    _state()[_CONFIRM] = game_id


def _resign_listed(profile: Profile, row: SavedGame) -> None:
    problem = play_saves.resign(profile, row)
    _state().pop(_CONFIRM, None)
    _state()[_NOTE] = (
        f"The game was not resigned: {problem}" if problem else "Resigned: it counts as a loss."
    )


def _unfinished(profile: Profile) -> None:
    """The player's games still being played: resume one, or resign it."""
    rows = play_saves.unfinished(profile)
    if not rows:
        return
    st.subheader("Unfinished games")
    for row in rows:
        level = LEVEL_NAMES.get(row.level, row.level)
        with st.container(border=True, key=f"play_unfinished_{row.game_id}"):
            st.markdown(
                f"**{level} computer, to {row.target}**: you {row.my_score}, "
                f"the computer {row.their_score}"
                + (" · read from a record" if row.imported else "")
            )
            if _state().get(_CONFIRM) == row.game_id:
                st.warning("Resign this game? It counts as a loss.")
                with st.container(horizontal=True):
                    actions.button(
                        "Resign the game",
                        key=f"play_resign_yes_{row.game_id}",
                        on_click=_resign_listed,
                        args=(profile, row),
                    )
                    actions.button("Keep it", key=f"play_resign_no_{row.game_id}", on_click=_cancel)
                continue
            with st.container(horizontal=True):
                actions.button(
                    "Resume",
                    key=f"play_resume_{row.game_id}",
                    type="primary",
                    on_click=_resume,
                    args=(profile, row.game_id),
                )
                actions.button(
                    "Resign",
                    key=f"play_resign_{row.game_id}",
                    on_click=_ask_resign,
                    args=(row.game_id,),
                )


def _import(profile: Profile) -> None:
    with st.expander("Read a game record"):
        upload = st.file_uploader(
            "Open a record file", type=["txt"], key="play_import_file", max_upload_size=1
        )
        text = st.text_area(
            "Or paste a game record", key="play_import_text", max_chars=MAX_RECORD_CHARS
        )
        if st.button("Play from this record", key="play_import"):
            if upload is not None:
                raw = upload.getvalue()
                if len(raw) > MAX_RECORD_CHARS:
                    st.error(
                        f"That file is {len(raw):,} bytes long, longer than any game's record "
                        f"(at most {MAX_RECORD_CHARS:,}): check that it is the right file."
                    )
                    return
                text = raw.decode("utf-8", errors="replace")
            try:
                setup, record = parse_export(text or "")
            except RecordProblem as error:
                st.error(plain(str(error)))
                return
            same = play_saves.find_same_game(profile, setup, record.seed)
            if same is not None:
                _resume(profile, same.game_id)
                _state()[_NOTE] = (
                    "This game is already among your games, so it was not added again: "
                    "here it is as it was saved."
                )
                st.rerun()
            game = PlayGame.new(Table.resume(setup, record), profile, imported=True)
            _state()[_GAME] = game
            _commit(game)
            st.rerun()


def _offer_words(rung: Rung | None) -> str:
    if rung is None or rung.setup == LEARNING_GAME:
        return (
            "**A learning game is ready.** A short game to 61 against the Easy computer. "
            "The coach explains every step before you choose, you add up each hand first, "
            "and you still make every move."
        )
    return (
        f"**First game {rung.number} is ready: {rung.title}.** {rung.new} A short game to 31 "
        "against the Easy computer: you add up each hand first, and then the coach goes "
        "through it with you."
    )


def _learning_offer(profile: Profile) -> bool:
    """The game the end of a lesson opened this page for (the learning game, or a first
    game): while it is offered it is the only thing on the page (True)."""
    ready = _state().get(_READY)
    if not ready:
        return False
    rung = rung_named(ready) if isinstance(ready, str) else None
    setup = rung.setup if rung is not None else LEARNING_GAME
    with st.container(border=True, key="play_offer"):
        st.markdown(_offer_words(rung))
        with st.container(horizontal=True):
            start = st.button("Start the game", type="primary", key="play_learning_start")
            later = st.button("Not now", key="play_learning_later")
    if start:
        _state().pop(_READY, None)
        _start(setup, profile)
        st.rerun()
    if later:
        _state().pop(_READY, None)
        st.rerun()
    return True


def _start_rung(rung_id: str, profile: Profile) -> None:
    rung = rung_named(rung_id)
    if rung is not None:
        _start(rung.setup, profile)


_STEP_WORDS = {
    Step.OPEN: "Ready to play.",
    Step.PLAYED: "Played: try again to win it.",
    Step.WON: "Won!",
}


def _first_games(profile: Profile) -> None:
    """The ladder of first games: each opens with its lesson; only what is learned scores."""
    done = {lesson for lesson, place in session.lesson_progress().items() if place.done}
    states = ladder(done, play_saves.finished_setups(profile))
    course = the_course()
    st.subheader("First games")
    st.write(
        "Short games against the Easy computer that grow with the lessons: in each, only "
        "what you have learned so far scores."
    )
    for state in states:
        rung = state.rung
        with st.container(border=True, key=f"play_rung_{rung.id}"):
            st.markdown(f"**{rung.number}. {rung.title}**  \n{rung.new}")
            if state.step is Step.LOCKED:
                number = course.number(rung.lesson) if course.has(rung.lesson) else "?"
                st.caption(
                    f":material/lock: Opens after lesson {number}: {course.title(rung.lesson)}."
                )
                continue
            won = f" ({state.won} of {state.played} won)" if state.played else ""
            st.caption(_STEP_WORDS[state.step] + won)
            actions.button(
                "Play it again" if state.played else "Play",
                key=f"play_rung_start_{rung.id}",
                type="secondary" if state.won else "primary",
                on_click=_start_rung,
                args=(rung.id, profile),
            )


# --- the page ---------------------------------------------------------------------------------

require_player()  # games and counts are saved for the player chosen
st.title("Play")
player = session.current_profile()
if player is None:  # the store cannot be used: games are played on this page only
    player = _NOBODY
_sync(player)
problem = store_problem()
shown_game = _game()
if problem and (shown_game is None or shown_game.unsaved is None):
    st.warning(plain(f"Games are not being saved: {problem}"))

if _learning_offer(player):
    st.stop()  # the offer alone, until it is taken or declined
page_game = _game()
if page_game is None:
    note = _state().pop(_NOTE, "")
    if note:
        st.info(plain(note))
    st.write(
        "Play a whole game of cribbage against the computer. Your game is saved after every move."
    )
    _unfinished(player)
    _first_games(player)
    _settings_form(player)
    _import(player)
    st.stop()


@st.fragment
def _table_screen(profile: Profile) -> None:
    """The game at the table. A fragment: a card laid, a cut, "Next" run this part of the
    page again, not the app around it (its sidebar, the player's line, the page's title);
    a step that leaves the game (a new one, the results left) runs the whole page."""
    page_game = _game()
    if page_game is None:  # left from the table or the menu: the page without a game
        st.rerun()
    cards = _take_taps(page_game)  # before anything is drawn: the table is drawn once
    if _game() is not page_game:  # a tap refused as stale: the game as stored, or none
        st.rerun()
    table = page_game.table
    late = _late(table)
    _sounds(page_game, late)
    with st.container(key="play_table"):
        _unsaved(page_game)
        _header(table)
        _notes(table)
        _board_and_log(table, late)
        need = table.need()
        if need in (Need.CUT_STARTER, Need.LAY, Need.CLAIM, Need.REVEAL):
            _throw_coach(table)
        if need is Need.CUT_FOR_DEAL:
            _cut_for_deal(table)
        elif need is Need.DISCARD and cards is not None:
            _discard(page_game, cards)
        elif need is Need.CUT_STARTER:
            _cut_starter(table)
        elif need is Need.LAY and cards is not None:
            _lay(page_game, cards, late)
        elif need is Need.CLAIM:
            _claim(page_game, cards)
        elif need is Need.REVEAL:
            _reveal(table)
        else:
            _results(page_game, profile)
    _menu(profile)


st.html(f"<style>{TABLE_CSS}</style>")
restart_notice.show()
_table_screen(player)

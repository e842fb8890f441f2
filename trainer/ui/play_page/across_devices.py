"""Play a person on another device: invitations (by name, or a short code, each person with
their own coach setting) on the Play page, and the game's table as one seat sees it, the
other's moves coming in without a reload.

The game lives in the store (:mod:`trainer.progress.store.shared_games`); the Play page's
game is the device's own seat's table (:mod:`trainer.ui.shared_saves`: ``Table.own``), drawn
by the Play page's own table (:mod:`.screen`), with that person's coach, hints and counts,
and the version it was read at. A small fragment looks at the stored version every
:data:`LOOK_EVERY` seconds (one small read) and runs the page again only when it moved on;
the table is then read again, each device keeping its own place. Either person may leave
and come back, on any server: the game is read from the store. A game that waits a day for
the other may be resigned by the one waiting."""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape

import streamlit as st

from trainer.engine.events import CutEvent, DealEvent
from trainer.engine.game import Game
from trainer.engine.record import MAX_SEED, GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting
from trainer.progress.club import new_join_code
from trainer.progress.store import (
    RESIGN_AFTER,
    SharedGame,
    SharedGameError,
    Store,
    StoreError,
    describe_error,
)
from trainer.training.records import Profile
from trainer.training.seats import SeatNames
from trainer.training.table import (
    CoachMode,
    Table,
    event_lines,
    export_text,
    peg_moves,
    pegs_of,
)
from trainer.ui import session
from trainer.ui.board import BoardMove, Frame, board_html
from trainer.ui.cardpick import CardPicker, PickMode, Slot
from trainer.ui.drawing import html_block
from trainer.ui.page_state import kept
from trainer.ui.play_page.layout import TABLE_CSS, hand, many
from trainer.ui.play_page.state import capital, play_state
from trainer.ui.play_page.taps import take_taps
from trainer.ui.profiles import plain
from trainer.ui.session.signin import club_mode
from trainer.ui.shared_saves import device_game, names_of, results
from trainer.ui.table_html import felt_html

__all__ = [
    "LOOK_EVERY",
    "device_menu",
    "device_settings",
    "follow_shared",
    "lobby",
    "open_device_game",
    "waiting",
    "watch",
]

#: How often (seconds) a device looks whether the game moved on.
LOOK_EVERY = 1.0
#: The lengths a game across devices is played to.
LENGTHS = (121, 61)
#: Who counts the show, as the invitation offers it.
COUNTINGS = {
    Counting.MUGGINS: "Each their own (muggins)",
    Counting.AUTOMATIC: "The trainer",
}


def device_settings(
    target: int, *, skunks: bool = True, counting: Counting = Counting.MUGGINS
) -> Settings:
    """The rules of a game across devices: two people, each counting their own hand and
    crib (what one misses goes to the other), or the trainer counting the show."""
    return Settings(target=target, skunks=skunks, counting=counting)


@dataclass
class LobbyState:
    """What the Play page keeps of its lobby: a word said at its top."""

    note: str = ""
    tone: str = "info"


def _state() -> LobbyState:
    return kept("_play_devices", LobbyState)


def _store() -> Store | None:
    return session.current_store()


def _say(note: str, tone: str = "info") -> None:
    _state().note, _state().tone = note, tone


def _try(action: Callable[[], object]) -> object | None:
    """Run a store call, saying at the top of the lobby what went wrong (None then)."""
    try:
        return action()
    except SharedGameError as err:
        _say(capital(str(err)) + ".", "warning")
    except (StoreError, ValueError) as err:
        _say(capital(describe_error(err)), "warning")
    return None


def open_device_game(stored: SharedGame, player: Profile) -> None:
    """Put the game on the page, as the player's seat sees it (from the lobby: "Open")."""
    game = device_game(stored, player)
    if game is None:
        _say("That game does not play back here.", "warning")
        return
    state = play_state()
    state.game, state.note, state.confirm = game, "", None


def _coach() -> CoachMode:
    """The coach setting the player chose in the lobby, for a game they start or join."""
    chosen = st.session_state.get("devices_coach")
    return chosen if isinstance(chosen, CoachMode) else CoachMode.OFF


# --- the lobby: invitations, codes, games to go back to ------------------------------------


def _people(store: Store, player: Profile) -> list[tuple[int | None, Profile]]:
    """Whom the player may invite by name: in club mode the members of their groups (with
    the group), at home anyone else on this device."""
    if club_mode():
        return [(group_id, person) for group_id, person in store.invitable(player.id)]
    return [(None, p) for p in store.profiles() if p.id != player.id]


def _new_game(
    store: Store,
    player: Profile,
    settings: Settings,
    other: tuple[int | None, Profile] | None,
) -> None:
    game = Game(settings, secrets.randbelow(MAX_SEED + 1))
    game_id = f"d{secrets.token_hex(8)}"
    code = None if other is not None else new_join_code()
    made = _try(
        lambda: store.create_shared_game(
            player.id,
            game_id,
            settings.notation(),
            game.record().notation(),
            {0: player.id, 1: other[1].id if other is not None else None},
            group_id=other[0] if other is not None else None,
            code=code,
            coach=str(_coach()),
        )
    )
    if isinstance(made, SharedGame):
        invited = (
            f"{plain(other[1].name)} is invited" if other is not None else f"Give the code {code}"
        )
        _say(f"{invited}: the game begins once they join.")


def _do(action: Callable[[], object]) -> None:
    """A button's store call (what went wrong is said at the top of the lobby)."""
    _try(action)


def _join_code(store: Store, player: Profile) -> None:
    typed = str(st.session_state.get("devices_code", ""))
    joined = _try(lambda: store.join_by_code(typed, player.id, coach=str(_coach())))
    if isinstance(joined, SharedGame):
        open_device_game(joined, player)


def _join(store: Store, player: Profile, game_id: str) -> None:
    joined = _try(lambda: store.join_shared_game(game_id, player.id, coach=str(_coach())))
    if isinstance(joined, SharedGame):
        open_device_game(joined, player)


def _game_line(game: SharedGame, player: Profile) -> str:
    names = [plain(name) for name in names_of(game)]
    others = ", ".join(
        n for i, n in enumerate(names) if game.person_at(i) and i != game.seat_of(player.id)
    )
    target = device_settings_target(game)
    if game.status == "waiting":
        mine = game.person_at(game.seat_of(player.id) or 0)
        if mine is not None and not mine.joined:
            host = names[0]
            return f"**{host} invites you** to a game to {target}."
        if game.code:
            return f"A game to {target}, waiting for someone with the code **{game.code}**."
        return f"A game to {target} with {others}, waiting for them to join."
    if game.turn == game.seat_of(player.id):
        return f"A game to {target} with {others}: **your turn**."
    return f"A game to {target} with {others}: {others}'s turn."


def device_settings_target(game: SharedGame) -> int:
    """The length of a stored game, from its rules."""
    return Settings.parse(game.settings).target


def lobby(player: Profile) -> None:
    """The Play page's part for games across devices (when no game is on the page)."""
    store = _store()
    if store is None or player.id == 0:
        return
    state = _state()
    with st.container(border=True, key="devices_lobby"):
        st.markdown("**Play a person on another device**")
        if state.note:
            (st.warning if state.tone == "warning" else st.info)(state.note)
            state.note = ""
        try:
            games = store.shared_games_of(player.id)
            people = _people(store, player)
        except StoreError as err:
            st.warning(capital(describe_error(err)))
            return
        # an invitation that comes, one taken or called off, a move: shown by itself
        _look_lobby(player.id, (len(games), sum(g.version for g in games)))
        now = datetime.now(UTC)
        for game in games:
            _game_row(store, player, game, now)
        st.segmented_control(
            "Your coach",
            list(CoachMode),
            default=CoachMode.OFF,
            format_func=lambda mode: mode.label,
            key="devices_coach",
            help="For the games you start or join here: the coach speaks to you alone.",
        )
        with st.form("devices_invite", border=False):
            who = st.selectbox(
                "Invite by name",
                people,
                index=None,
                format_func=lambda pair: pair[1].name,
                placeholder="A player of your group" if club_mode() else "A player on this device",
                key="devices_who",
            )
            target = st.segmented_control("Play to", LENGTHS, default=121, key="devices_target")
            counting = st.segmented_control(
                "Who counts the show",
                list(COUNTINGS),
                default=Counting.MUGGINS,
                format_func=COUNTINGS.__getitem__,
                key="devices_counting",
                help="Each their own: what one misses, the other takes (muggins).",
            )
            invite, code = st.columns(2)
            by_name = invite.form_submit_button("Invite", type="primary")
            by_code = code.form_submit_button("Make a code instead")
        if by_name or by_code:
            length = int(target or 121)
            if by_name and who is None:
                _say("Choose whom to invite first, or make a code.", "warning")
            else:
                counts = counting if isinstance(counting, Counting) else Counting.MUGGINS
                rules = device_settings(length, counting=counts)
                _new_game(store, player, rules, who if by_name else None)
            st.rerun()
        with st.form("devices_join_code", border=False):
            st.text_input(
                "Join with a code",
                key="devices_code",
                max_chars=12,
                placeholder="The six letters and digits you were given",
            )
            if st.form_submit_button("Join"):
                _join_code(store, player)
                st.rerun()


def _game_row(store: Store, player: Profile, game: SharedGame, now: datetime) -> None:
    """One game of the lobby on a line: what it is, and its buttons (join or decline an
    invitation, open a game being played, call off one's own invitation; resign a game
    whose other side has not moved for long)."""
    with st.container(horizontal=True, vertical_alignment="center"):
        st.markdown(_game_line(game, player), width="content")
        mine = game.person_at(game.seat_of(player.id) or 0)
        if game.status == "waiting" and mine is not None and not mine.joined:
            st.button(
                "Join",
                key=f"devices_join_{game.game_id}",
                type="primary",
                on_click=_join,
                args=(store, player, game.game_id),
            )
            st.button(
                "Decline",
                key=f"devices_decline_{game.game_id}",
                on_click=_do,
                args=(lambda g=game.game_id: store.cancel_shared_game(player.id, g),),
            )
        elif game.status == "playing":
            st.button(
                "Open",
                key=f"devices_open_{game.game_id}",
                type="primary",
                on_click=open_device_game,
                args=(game, player),
            )
        else:
            st.button(
                "Call off",
                key=f"devices_cancel_{game.game_id}",
                on_click=_do,
                args=(lambda g=game.game_id: store.cancel_shared_game(player.id, g),),
            )
        if game.waited(now) >= RESIGN_AFTER and game.turn != game.seat_of(player.id):
            st.button(
                "Resign",
                key=f"devices_resign_{game.game_id}",
                on_click=_resign,
                args=(store, player, game),
            )


def _resign(store: Store, player: Profile, game: SharedGame) -> None:
    """The one kept waiting a day gives the game up (it counts as a loss for them)."""
    played = Game.replay(GameRecord.parse(game.record))
    done = _try(
        lambda: store.resign_shared_game(
            player.id,
            game,
            datetime.now(UTC),
            results(game, played, resigner=game.seat_of(player.id)),
        )
    )
    page = play_state()
    if done is not None and page.game is not None and page.game.game_id == game.game_id:
        page.leave()
        _say("You resigned that game: it counts as a loss.")


# --- the table, as one seat sees it ------------------------------------------------------------


@st.fragment(run_every=LOOK_EVERY)
def _look(game_id: str) -> None:
    """Whether the game moved on in the store from the version on the page: one small read;
    the page runs again if so."""
    store = _store()
    game = play_state().game
    if store is None or game is None or game.game_id != game_id:
        return
    try:
        stored = store.shared_version(game_id)
    except StoreError:
        return  # looked at again in a moment
    if stored is not None and stored != game.version:
        st.rerun()


@st.fragment(run_every=LOOK_EVERY)
def _look_lobby(profile_id: int, stamp: tuple[int, int]) -> None:
    """Whether the player's open games changed (one small read): the page runs again if so."""
    store = _store()
    if store is None:
        return
    try:
        moved = store.shared_stamp(profile_id) != stamp
    except StoreError:
        return  # looked at again in a moment
    if moved:
        st.rerun()


def follow_shared(player: Profile) -> None:
    """The game across devices on the page, kept up with the store: the device's own taps
    taken first (made on the copy the device was showing, so a device behind is refused),
    then the game read again if it moved on (the device keeping its place), and the look
    at the store's version every :data:`LOOK_EVERY` seconds."""
    state = play_state()
    game = state.game
    store = _store()
    if game is None or game.shared is None or store is None:
        return
    take_taps(game)
    game = state.game
    if game is None or game.shared is None:
        return
    try:
        version = store.shared_version(game.game_id)
        if version is None:
            state.leave()
            _say("That game is no longer kept.", "warning")
            return
        if version != game.version:
            found = store.shared_game(game.game_id)
            again = device_game(found, player, game.table.place()) if found else None
            if again is None:
                state.leave()
                return
            state.game = again
    except StoreError as err:
        session.report_failure(err)
    _look(game.game_id)


def shared_marks(version: int) -> None:
    """The version drawn, for whoever checks what the page shows (the browser tests)."""
    st.html(f'<div class="devices-version" data-version="{version}" hidden></div>')


def waiting(table: Table) -> None:
    """Another person's turn: whose it is, the pile, and the device's own hand, still."""
    other = table.waiting_on()
    assert other is not None
    name = table.names.who(other)
    st.markdown(f"**{plain(name)}'s turn.** Their move shows here as soon as it is made.")
    view = table.view
    if view.starter is not None or view.laid:
        holds = f"{name} holds {many(view.opponent_cards, 'card')}." if view.starter else ""
        html_block(felt_html(starter=view.starter, pile=view.pile, count=view.count, holds=holds))
    with hand():
        if view.hand:
            CardPicker(
                f"devices_held_{len(table.game.events)}",
                PickMode.LAY,
                [Slot(c, off="it is not your turn") for c in view.hand],
            ).show(label="Your hand", locked=True)


def _leave() -> None:
    play_state().leave()


def device_menu(player: Profile) -> None:
    """Below the table of a game across devices: leave it (it waits in the store), save
    the record so far as this seat has seen it, or resign it once it has waited a day for
    the other."""
    game = play_state().game
    store = _store()
    if game is None or game.shared is None or store is None:
        return
    stored = game.shared
    seat = game.table.own
    with st.container(horizontal=True):
        # (no tooltip: one that shows where a button stood before would cover the next)
        st.button("Leave the table: it waits for you", key="devices_leave", on_click=_leave)
        st.download_button(  # this seat's table: only what this person may know so far
            "Save the record so far (what you have seen)",
            functools.partial(export_text, game.table),  # made when pressed
            file_name="cribbage-game.txt",
            mime="text/plain",
            on_click="ignore",
            key="devices_export",
        )
        if stored.open and stored.waited(datetime.now(UTC)) >= RESIGN_AFTER and stored.turn != seat:
            st.button(
                "Resign",
                key="devices_resign_table",
                on_click=_resign,
                args=(store, player, stored),
            )


# --- the teacher's view of a game: never a hand ------------------------------------------------


def _told(game: Game, names: SeatNames) -> list[str]:
    """What has happened since the last deal began, told to nobody's seat (no hidden card)."""
    events = game.events
    starts = [
        i
        for i, event in enumerate(events)
        if isinstance(event, DealEvent) or (isinstance(event, CutEvent) and event.dealer)
    ]
    start = starts[-1] if starts else 0
    lines = [
        line
        for event in events[start:]
        for line in event_lines(event, game.players, names=names, viewer=None)
    ]
    return lines[-12:]


def _board_and_pile(game: Game, names: list[str]) -> None:
    """What the whole table sees: the board and the scores, the log, the starter, the pile
    and the count; never a hand."""
    pegs = pegs_of(
        peg_moves(game.events, game.players, target=game.settings.target), game.settings.sides
    )
    last = pegs.last
    move = BoardMove(last.seat, last.start, last.end, last.reason) if last else None
    seats = SeatNames(game.players, tuple(enumerate(names)))
    log = "".join(f"<div>{escape(line)}</div>" for line in _told(game, seats))
    html_block(
        board_html(
            [Frame(pegs.front, pegs.back, move)],
            target=game.settings.target,
            names=names,
            beside=f'<div class="tb-log" role="log" aria-label="What happened">{log}</div>',
        )
    )
    public = game.view(0)  # only what every seat sees is drawn
    if public.starter is None and not public.laid:
        return
    held = [
        f"{names[i]} holds {many(public.held[i], 'card')}"
        for i in range(game.players)
        if public.starter is not None
    ]
    html_block(
        felt_html(
            starter=public.starter,
            pile=public.pile,
            count=public.count,
            holds=("; ".join(held) + ".") if held else "",
        )
    )


@st.fragment(run_every=LOOK_EVERY)
def watch(game_id: str) -> None:
    """A game of the group as its teacher watches it: the board, the pile and the scores,
    never a hand; it follows the game (read again only when its version moved on)."""
    store = _store()
    if store is None:
        return
    cache: dict[str, object] = st.session_state.setdefault("_devices_watch", {})
    try:
        version = store.shared_version(game_id)
        if cache.get("id") != game_id or cache.get("version") != version:
            found = store.shared_game(game_id)
            if found is None:
                st.info("That game is no longer kept.")
                return
            cache.update(
                id=game_id,
                version=found.version,
                stored=found,
                game=Game.replay(GameRecord.parse(found.record)),
            )
    except StoreError as err:
        st.warning(capital(describe_error(err)))
        return
    stored, game = cache["stored"], cache["game"]
    assert isinstance(stored, SharedGame) and isinstance(game, Game)
    names = names_of(stored)
    st.html(f"<style>{TABLE_CSS}</style>")
    with st.container(key="devices_watch"):
        st.markdown(f"#### {plain(' against '.join(names))}, to {game.settings.target}")
        if not stored.open:
            st.info(f"This game is over ({stored.status}).")
        elif not game.is_over and game.waiting_for():
            waited = " and ".join(names[s] for s in game.waiting_for())
            st.markdown(f"**{plain(waited)} to play.**")
        _board_and_pile(game, names)

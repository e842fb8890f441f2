"""Play a person on another device: invitations (by name, or a short code) on the Play page,
and the table as one seat sees it, the other's moves coming in without a reload.

The game lives in the store (:mod:`trainer.progress.store.shared_games`); each device keeps
its copy and the version it was read at. A small fragment looks at the stored version every
:data:`LOOK_EVERY` seconds (one small read) and runs the page again only when it moved on.
A move is saved over the version the device was showing: a device that is behind is refused
and shown the game as stored, as a stale tab is; only a throw or a cut for deal, which do not
hang on the other's move, is made again on the game as stored. Either person may leave and
come back, on any server: the game is read from the store. A game that waits a day for the
other may be resigned by the one waiting."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html import escape

import streamlit as st

from trainer.engine.cards import Card
from trainer.engine.record import MAX_SEED
from trainer.engine.settings import Settings
from trainer.engine.vocab import RuleError
from trainer.progress.club import new_join_code
from trainer.progress.store import (
    RESIGN_AFTER,
    SavedGame,
    SharedGame,
    SharedGameError,
    StaleSharedGameError,
    Store,
    StoreError,
    describe_error,
)
from trainer.training.records import Profile
from trainer.training.table import PERSON_MARK, Need, Person, PlaySetup, peg_moves, pegs_of
from trainer.training.table.device_table import DeviceTable, device_settings
from trainer.ui import session
from trainer.ui.board import BoardMove, Frame, board_html
from trainer.ui.cardpick import CardPicker, PickMode, Slot
from trainer.ui.page_state import kept
from trainer.ui.play_page.layout import TABLE_CSS, hand, many
from trainer.ui.play_page.state import capital
from trainer.ui.profiles import plain
from trainer.ui.session.signin import club_mode
from trainer.ui.table_html import felt_html

__all__ = ["LOOK_EVERY", "device_table", "lobby", "open_device_game", "watch"]

#: How often (seconds) a device looks whether the game moved on.
LOOK_EVERY = 1.0
#: The longest level the store keeps (a game against a person: their name, marked).
LEVEL_MAX = 40
#: The lengths a game across devices is played to.
LENGTHS = (121, 61)


@dataclass
class DeviceState:
    """What the Play page keeps of the game across devices open on it."""

    game_id: str = ""
    stored: SharedGame | None = None
    table: DeviceTable | None = field(default=None, repr=False)
    note: str = ""
    tone: str = "info"


def _state() -> DeviceState:
    return kept("_play_devices", DeviceState)


def _names(game: SharedGame) -> list[str]:
    names = ["?"] * len(game.seats)
    for seat in game.seats:
        names[seat.seat] = seat.name or "someone with the code"
    return names


def _load(stored: SharedGame) -> None:
    state = _state()
    state.game_id, state.stored = stored.game_id, stored
    state.table = DeviceTable.from_record(stored.record)


def open_device_game(stored: SharedGame) -> None:
    """Put the game on the page (from the lobby: its "Open" button)."""
    _load(stored)
    _state().note = ""


def _close() -> None:
    state = _state()
    state.game_id, state.stored, state.table, state.note = "", None, None, ""


def _store() -> Store | None:
    return session.current_store()


def _try(action: Callable[[], object]) -> object | None:
    """Run a store call, saying at the top of the lobby what went wrong (None then)."""
    try:
        return action()
    except SharedGameError as err:
        _state().note, _state().tone = capital(str(err)) + ".", "warning"
    except (StoreError, ValueError) as err:
        _state().note, _state().tone = capital(describe_error(err)), "warning"
    return None


# --- the lobby: invitations, codes, games to go back to ------------------------------------


def _people(store: Store, player: Profile) -> list[tuple[int | None, Profile]]:
    """Whom the player may invite by name: in club mode the members of their groups (with
    the group), at home anyone else on this device."""
    if club_mode():
        return [(group_id, person) for group_id, person in store.invitable(player.id)]
    return [(None, p) for p in store.profiles() if p.id != player.id]


def _new_game(
    store: Store, player: Profile, target: int, other: tuple[int | None, Profile] | None
) -> None:
    table = DeviceTable.new(device_settings(target), secrets.randbelow(MAX_SEED + 1))
    game_id = f"d{secrets.token_hex(8)}"
    code = None if other is not None else new_join_code()
    made = _try(
        lambda: store.create_shared_game(
            player.id,
            game_id,
            table.game.settings.notation(),
            table.record_text(),
            {0: player.id, 1: other[1].id if other is not None else None},
            group_id=other[0] if other is not None else None,
            code=code,
        )
    )
    if isinstance(made, SharedGame):
        invited = (
            f"{plain(other[1].name)} is invited" if other is not None else f"Give the code {code}"
        )
        _state().note, _state().tone = f"{invited}: the game begins once they join.", "info"


def _do(action: Callable[[], object]) -> None:
    """A button's store call (what went wrong is said at the top of the lobby)."""
    _try(action)


def _join_code(store: Store, player: Profile) -> None:
    typed = str(st.session_state.get("devices_code", ""))
    joined = _try(lambda: store.join_by_code(typed, player.id))
    if isinstance(joined, SharedGame):
        open_device_game(joined)


def _join(store: Store, player: Profile, game_id: str) -> None:
    joined = _try(lambda: store.join_shared_game(game_id, player.id))
    if isinstance(joined, SharedGame):
        open_device_game(joined)


def _game_line(game: SharedGame, player: Profile) -> str:
    names = [plain(name) for name in _names(game)]
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
                        args=(game,),
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
            invite, code = st.columns(2)
            by_name = invite.form_submit_button("Invite", type="primary")
            by_code = code.form_submit_button("Make a code instead")
        if by_name or by_code:
            length = int(target or 121)
            if by_name and who is None:
                state.note, state.tone = "Choose whom to invite first, or make a code.", "warning"
            else:
                _new_game(store, player, length, who if by_name else None)
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


def _resign(store: Store, player: Profile, game: SharedGame) -> None:
    table = DeviceTable.from_record(game.record)
    _try(
        lambda: store.resign_shared_game(
            player.id,
            game,
            datetime.now(UTC),
            _results(game, table, resigner=game.seat_of(player.id)),
        )
    )


def _results(
    game: SharedGame, table: DeviceTable, *, resigner: int | None = None
) -> list[tuple[int, SavedGame]]:
    """Each person's result, under their own profile (one row each): its setup names both
    people and the seat it is kept for (the Review page reviews that seat's moves), its
    level the other person (Progress says the game was against them)."""
    names = _names(game)
    lineup = tuple(Person(name) for name in names)
    scores = table.game.scores
    rows = []
    winner = table.game.winner
    for seat in game.seats:
        if seat.profile_id is None:
            continue
        theirs = max(s for i, s in enumerate(scores) if i != seat.seat)
        won = seat.seat != resigner if resigner is not None else winner == seat.seat
        rows.append(
            (
                seat.profile_id,
                SavedGame(
                    f"{game.game_id}.{seat.seat}",
                    PlaySetup(
                        settings=Settings.parse(game.settings), lineup=lineup, seat=seat.seat
                    ).notation(),
                    (PERSON_MARK + names[1 - seat.seat])[:LEVEL_MAX],
                    device_settings_target(game),
                    table.record_text(),
                    "won" if won else "lost",
                    min(scores[seat.seat], 999),
                    min(theirs, 999),
                    table.game.skunk() if (won and resigner is None) else 0,
                    place="left",
                    resigned=resigner == seat.seat,
                ),
            )
        )
    return rows


# --- the table, as one seat sees it ------------------------------------------------------------


def _save(
    store: Store, player: Profile, act: Callable[[DeviceTable], None], *, again: bool
) -> None:
    """Make the move on the page's copy and save it over the version shown; a device behind
    is refused and shown the game as stored (a throw or a cut made again on it, ``again``)."""
    state = _state()
    assert state.table is not None and state.stored is not None
    try:
        act(state.table)
    except RuleError as err:
        state.note, state.tone = capital(str(err)) + ".", "warning"
        return
    for attempt in range(2):
        table, stored = state.table, state.stored
        done = table.game.is_over
        try:
            saved = store.save_shared_game(
                player.id,
                stored,
                record=table.record_text(),
                turn=table.turn,
                results=_results(stored, table) if done else (),
            )
        except StaleSharedGameError as err:
            assert err.stored is not None
            _load(err.stored)
            if again and attempt == 0:
                try:
                    assert state.table is not None
                    act(state.table)
                    continue
                except RuleError:
                    pass
            state.note, state.tone = (
                "The game had moved on from another device: that move was not made. "
                "Here it is as it stands now.",
                "warning",
            )
            return
        except SharedGameError as err:
            if err.stored is not None:
                _load(err.stored)
            state.note, state.tone = capital(str(err)) + ".", "warning"
            return
        except StoreError as err:
            session.report_failure(err)
            if state.stored is not None:
                _load(state.stored)  # the move is not kept: the game as it was saved
            state.note, state.tone = (
                f"That move could not be saved: {describe_error(err)} Try it again.",
                "warning",
            )
            return
        state.stored = saved
        return


def _move(need: Need, seat: int, cards: tuple[Card, ...]) -> Callable[[DeviceTable], None]:
    """The throw or the lay the seat tapped, to make on a table."""
    if need is Need.DISCARD:
        return lambda table: table.discard(seat, cards)
    return lambda table: table.lay(seat, cards[0])


def _taps(store: Store, player: Profile, seat: int) -> CardPicker | None:
    """The seat's cards to tap (the throw, the lay), their taps taken before anything is
    drawn; None when the seat has nothing to tap."""
    state = _state()
    table = state.table
    assert table is not None
    need = table.need(seat)
    events = len(table.game.events)
    view = table.view(seat)
    if need is Need.DISCARD:
        picker = CardPicker(
            f"devices_throw_{state.game_id}_{view.deal_no}", PickMode.PICK, view.hand
        )
    elif need is Need.LAY:
        slots = [
            Slot(
                card,
                off=""
                if view.count + card.pips <= 31
                else f"too high: the count would be {view.count + card.pips}, past 31",
            )
            for card in view.hand
        ]
        picker = CardPicker(f"devices_lay_{state.game_id}_{events}", PickMode.LAY, slots)
    else:
        return None
    for event in picker.take():
        cards: tuple[Card, ...] = event.cards
        _save(store, player, _move(need, seat, cards), again=need is Need.DISCARD)
        picker.forget()
        return _taps(store, player, seat)
    return picker


@st.fragment(run_every=LOOK_EVERY)
def _look(game_id: str, version: int) -> None:
    """Whether the game moved on in the store: one small read; the page runs again if so."""
    store = _store()
    if store is None:
        return
    try:
        stored = store.shared_version(game_id)
    except StoreError:
        return  # looked at again in a moment
    if stored is not None and stored != version:
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


def _turn_line(table: DeviceTable, seat: int, names: list[str]) -> str:
    need = table.need(seat)
    if need is Need.OVER:
        winner = table.game.winner
        return "**You won!**" if winner == seat else f"**{plain(names[winner or 0])} won.**"
    if need is Need.CUT_FOR_DEAL:
        return "**Your turn:** cut the deck; the lower card deals."
    if need is Need.DISCARD:
        return "**Your turn:** tap two cards for the crib, then “To crib”."
    if need is Need.CUT_STARTER:
        return "**Your turn:** cut the deck for the starter."
    if need is Need.LAY:
        return "**Your turn:** tap a card to lay it."
    waiting = plain(", ".join(names[s] for s in table.waiting_for))
    return f"**{waiting}'s turn.** Their move shows here as soon as it is made."


def _board_and_pile(table: DeviceTable, names: list[str], seat: int | None) -> None:
    """What the whole table sees: the board and the scores, the log (told to ``seat``, or
    to someone watching: None), the starter, the pile and the count; never a hand."""
    game = table.game
    shown = ["You" if i == seat else names[i] for i in range(len(names))]
    pegs = pegs_of(
        peg_moves(game.events, game.players, target=game.settings.target), game.settings.sides
    )
    last = pegs.last
    move = BoardMove(last.seat, last.start, last.end, last.reason) if last else None
    told = table.lines_for(-1 if seat is None else seat, shown)
    log = "".join(f"<div>{escape(line)}</div>" for line in told)
    st.html(
        board_html(
            [Frame(pegs.front, pegs.back, move)],
            target=game.settings.target,
            names=shown,
            beside=f'<div class="tb-log" role="log" aria-label="What happened">{log}</div>',
        )
    )
    public = table.view(0 if seat is None else seat)  # only what every seat sees is drawn
    if public.starter is None and not public.laid:
        return
    held = [
        f"{names[i]} holds {many(public.held[i], 'card')}"
        for i in range(game.players)
        if i != seat and public.starter is not None
    ]
    st.markdown(
        felt_html(
            starter=public.starter,
            pile=public.pile,
            count=public.count,
            holds=("; ".join(held) + ".") if held else "",
        ),
        unsafe_allow_html=True,
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
                table=DeviceTable.from_record(found.record),
            )
    except StoreError as err:
        st.warning(capital(describe_error(err)))
        return
    stored, table = cache["stored"], cache["table"]
    assert isinstance(stored, SharedGame) and isinstance(table, DeviceTable)
    names = _names(stored)
    st.html(f"<style>{TABLE_CSS}</style>")
    with st.container(key="devices_watch"):
        st.markdown(f"#### {plain(' against '.join(names))}, to {table.game.settings.target}")
        if not stored.open:
            st.info(f"This game is over ({stored.status}).")
        elif table.game.is_over or not table.waiting_for:
            pass
        else:
            waiting = " and ".join(names[s] for s in table.waiting_for)
            st.markdown(f"**{plain(waiting)} to play.**")
        _board_and_pile(table, names, None)


def device_table(player: Profile) -> bool:
    """The game across devices on the page, as the player's seat sees it (False: none)."""
    state = _state()
    store = _store()
    if not state.game_id or store is None:
        return False
    if state.stored is None or state.table is None:
        found = store.shared_game(state.game_id)
        if found is None:
            _close()
            return False
        _load(found)
    assert state.stored is not None and state.table is not None
    seat = state.stored.seat_of(player.id)
    if seat is None:
        _close()
        return False
    picker = _taps(store, player, seat)
    try:
        version = store.shared_version(state.game_id)
        if version is not None and version != state.stored.version:
            found = store.shared_game(state.game_id)
            if found is not None:
                _load(found)
                picker = _taps(store, player, seat)
    except StoreError as err:
        session.report_failure(err)
    stored, table = state.stored, state.table
    assert stored is not None and table is not None
    names = _names(stored)
    view = table.view(seat)
    _look(stored.game_id, stored.version)
    st.html(f"<style>{TABLE_CSS}</style>")
    with st.container(key="devices_table"):
        # the version drawn, for whoever checks what the page shows (the browser tests)
        st.html(f'<div class="devices-version" data-version="{stored.version}" hidden></div>')
        if state.note:
            (st.warning if state.tone == "warning" else st.info)(state.note)
            state.note = ""
        others = " and ".join(n for i, n in enumerate(names) if i != seat)
        st.markdown(f"#### You against {plain(others)}, to {table.game.settings.target}")
        if stored.status == "resigned":
            who = names[stored.resigned_by or 0]
            st.info(f"{plain(who)} resigned: the game had waited a day.")
        elif stored.status == "cancelled":
            st.info("This game was called off.")
        st.markdown(_turn_line(table, seat, names), help=None)
        _board_and_pile(table, names, seat)
        need = table.need(seat)
        with hand():
            if need is Need.CUT_FOR_DEAL:
                st.button(
                    "Cut the deck",
                    type="primary",
                    key="devices_cut",
                    on_click=_save,
                    args=(store, player, lambda t: t.cut_for_deal(seat)),
                    kwargs={"again": True},
                )
            elif need is Need.CUT_STARTER:
                st.button(
                    "Cut for the starter",
                    type="primary",
                    key="devices_starter",
                    on_click=_save,
                    args=(store, player, lambda t: t.cut_starter(seat)),
                    kwargs={"again": False},
                )
            if picker is not None:
                if need is Need.DISCARD:
                    picker.show(need=2, confirm="To crib", label="Your hand")
                else:
                    picker.show(label="Your hand")
            elif view.hand:
                CardPicker(
                    f"devices_held_{stored.game_id}_{len(table.game.events)}",
                    PickMode.LAY,
                    [Slot(c, off="it is not a card's turn") for c in view.hand],
                ).show(label="Your hand", locked=True)
        with st.container(horizontal=True):
            st.button(
                "Leave the table",
                key="devices_leave",
                on_click=_close,
                help="The game waits in the store: come back to it from Play, on any device.",
            )
            if (
                stored.open
                and stored.waited(datetime.now(UTC)) >= RESIGN_AFTER
                and stored.turn != seat
            ):
                st.button(
                    "Resign",
                    key="devices_resign_table",
                    on_click=_resign,
                    args=(store, player, stored),
                )
    return True

"""Choosing who is practising: a line at the top of every page saying who it is, the
question "Who is playing?" in the page when this browser has not chosen (the very first
visitor, on a device with no players yet, types their name there), and the picker in the
sidebar. No player is made until someone is named.

Several people can share one device (a family, a classroom); each picks or adds a
profile and their answers and lesson places are kept apart. The choice belongs to the
browser (see :func:`trainer.ui.session.current_profile`), never to whoever answered last. Names are plain text:
they go into widgets that show text as it is, and anywhere Markdown is rendered they
pass through :func:`plain` first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from trainer.progress import club
from trainer.progress.store import (
    PROFILE_NAME_MAX,
    ProfileNameError,
    Store,
    StoreError,
    describe_error,
)
from trainer.training.records import Profile
from trainer.ui import actions, session
from trainer.ui.folded import folded
from trainer.ui.page_state import kept

#: The sidebar's "Switch player": folded, one button per other player once opened.
PICKER = "profile_picker"
NEW_NAME = "profile_new_name"
RENAME = "profile_rename"
#: The sidebar's "Add a player or change a name": folded (its name boxes are sent only
#: once it is opened), and opened by what it has to say (:func:`_say`).
EDIT_FOLD = "profile_edit_fold"
#: The sidebar's line while this browser has chosen nobody (the page asks who is playing).
NOBODY = "Nobody is playing yet."
ASK_NEW_NAME = "player_new_name"
SIGN_IN_NAME = "sign_in_name"
SIGN_IN_PIN = "sign_in_pin"
SIGN_UP_NAME = "sign_up_name"
SIGN_UP_PIN = "sign_up_pin"
SIGN_UP_AGAIN = "sign_up_again"
SIGN_UP_CODE = "sign_up_code"
PIN_OLD = "pin_old"
PIN_NEW = "pin_new"
PIN_AGAIN = "pin_again"
#: What a name box takes: more than a name may have, so a long name is refused with a
#: message (:data:`PROFILE_NAME_MAX`) rather than cut short without a word by the box.
_TYPED_MAX = 4 * PROFILE_NAME_MAX
#: Where the picker keeps its one object in the session state (:class:`PickerState`).
STATE_KEY = "_profile_picker_state"

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~:$=^&])")


#: An invisible character that joins words: put before ``:``, ``.`` and ``@`` it keeps a
#: text looking the same while no web or mail address can be read out of it.
WORD_JOINER = "\u2060"


def plain(text: str) -> str:
    """``text`` as Markdown that shows it exactly as typed: no links, emphasis or HTML.

    Escaping Markdown's characters is not enough: Streamlit's Markdown turns a bare
    ``http://…``, ``www.…`` or ``name@host.org`` into a link however it is escaped, so a
    word joiner goes before each ``:``, ``.`` and ``@`` too.

    >>> print(plain("**Sam** <b>[x](y)</b> :red[z]").replace(WORD_JOINER, ""))
    \\*\\*Sam\\*\\* \\<b\\>\\[x\\]\\(y\\)\\</b\\> \\:red\\[z\\]
    >>> "www.example.org" in plain("www.example.org")
    False
    """
    for char in (":", ".", "@"):
        text = text.replace(char, WORD_JOINER + char)
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


@dataclass(slots=True)
class PickerState:
    """What choosing a player keeps between runs, besides its widgets' values (those stay
    under their widget keys): the messages still to show, and what is being asked first."""

    #: The sidebar's last result, ``(done, text)``: what was done, or (not done) why not.
    message: tuple[bool, str] | None = None
    #: Why the player typed under "Who is playing?" could not be added.
    ask_message: str | None = None
    #: Club mode: why signing in, or making a player, did not work.
    sign_in_message: str | None = None
    sign_up_message: str | None = None
    #: ``"clear"`` or ``"remove"`` while the sidebar asks to confirm it.
    confirm: str | None = None
    #: A player was just chosen in the sidebar: its "Switch player" folds on the next run.
    switched: bool = False


def _kept() -> PickerState:
    return kept(STATE_KEY, PickerState)


def _typed(key: str) -> str:
    """What the text box ``key`` holds now ("" before it is drawn)."""
    return str(st.session_state.get(key) or "")


def _empty(*keys: str) -> None:
    for key in keys:
        st.session_state[key] = ""


def _say(text: str, *, ok: bool = False) -> None:
    """What to say beside the form on the next run: an error, or (``ok``) what was done
    (the sidebar's fold opens to say it)."""
    _kept().message = (ok, text)


def _picked(profile_id: int) -> None:
    """A player chosen in the sidebar: theirs is the page now, and the list folds again."""
    session.choose_profile(profile_id)
    _kept().switched = True


def _chosen(profile_id: int) -> None:
    session.choose_profile(profile_id)


def _name_buttons(
    players: Sequence[Profile], *, key: str, on_click: Callable[[int], None], **options: Any
) -> None:
    """A button for each player, named as typed, that calls ``on_click`` with their id (keys
    ``{key}_{id}``): the page's "Who is playing?" and the sidebar's "Switch player"."""
    for player in players:
        actions.button(
            plain(player.name),  # a label is Markdown: a name is shown as typed
            key=f"{key}_{player.id}",
            on_click=on_click,
            args=(player.id,),
            icon=":material/person:",
            **options,
        )


def _add_asked() -> None:
    """Add the player typed under "Who is playing?" and make them this browser's player."""
    store = session.current_store()
    if store is None:
        return
    try:
        profile = store.create_profile(_typed(ASK_NEW_NAME))
    except ProfileNameError as err:
        _kept().ask_message = str(err)
        return
    except StoreError as err:
        _kept().ask_message = f"The player could not be added ({describe_error(err)})."
        return
    _empty(ASK_NEW_NAME)
    session.choose_profile(profile.id)


def banner(title: str | None = None) -> bool:
    """The top of every page: who is practising (with a way to change it), or, when this
    browser has not chosen, the question "Who is playing?", under the page's ``title`` when
    given (a page that waits for a player is not drawn until one is chosen). True when a
    player is chosen. In club mode: who is signed in (with Sign out), or the sign-in form."""
    store = session.current_store()
    if store is None:  # answers are kept for this visit only: the sidebar says why
        st.caption(":material/warning: Progress is not being saved right now.")
        return True
    current = session.current_profile()  # (asking first read the player twice a run)
    if current is None:
        if title:
            st.title(title)
        ask(session.player_question() or session.ASK)
        return False
    if session.club_mode():
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            st.caption(f"Signed in as **{plain(current.name)}**")
            actions.button("Sign out", key="player_sign_out", type="tertiary", on_click=_sign_out)
        return True
    session.keep_player_in_address()
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.caption(f"Practising as **{plain(current.name)}**")
        actions.button("change", key="player_change", type="tertiary", on_click=session.ask_again)
    return True


def require_player() -> None:
    """For a page that records answers or shows one player's progress: when this browser has
    chosen nobody (and progress can be saved), ask "Who is playing?" and end the page there,
    so nothing is recorded for nobody; once someone is chosen, name them in the address.
    Through ``app.py`` such a page only runs once :func:`banner` has a player, so this is
    for the page run on its own."""
    question = session.player_question()
    if question is not None:
        ask(question)
        st.stop()
    session.keep_player_in_address()


def _sign_out() -> None:
    session.sign_out()


def _signed(result: club.SignedIn | club.Refused, *, signing_up: bool) -> None:
    if isinstance(result, club.Refused):
        if signing_up:
            _kept().sign_up_message = result.message
        else:
            _kept().sign_in_message = result.message
        return
    session.signed_in_as(result)
    _empty(SIGN_IN_PIN, SIGN_UP_PIN, SIGN_UP_AGAIN)


def _sign_in() -> None:
    store = session.current_store()
    if store is None:
        return
    name, pin = _typed(SIGN_IN_NAME), _typed(SIGN_IN_PIN)
    try:
        _signed(
            club.sign_in(store, name, pin, device=session.browser_device(store)), signing_up=False
        )
    except StoreError as err:
        _kept().sign_in_message = f"Signing in is not possible just now ({describe_error(err)})."


def _sign_up() -> None:
    store = session.current_store()
    if store is None:
        return
    pin, again = _typed(SIGN_UP_PIN), _typed(SIGN_UP_AGAIN)
    if pin != again:
        _kept().sign_up_message = "The two PINs are not the same: type it twice alike."
        return
    try:
        result = club.register(
            store,
            _typed(SIGN_UP_NAME),
            pin,
            _typed(SIGN_UP_CODE),
            device=session.browser_device(store),
        )
    except StoreError as err:
        _kept().sign_up_message = f"The player could not be made just now ({describe_error(err)})."
        return
    _signed(result, signing_up=True)


def _sign_in_forms(question: str) -> None:
    """Club mode: sign in with a name and a PIN, or make a new player."""
    lead, _, _ = question.rpartition(session.ASK)
    if lead.strip():
        st.info(plain(lead.strip()), icon=":material/person_search:")
    st.subheader("Sign in")
    with st.form("sign_in", border=False, enter_to_submit=True):
        st.text_input("Your name", key=SIGN_IN_NAME, max_chars=_TYPED_MAX)
        st.text_input("Your PIN", key=SIGN_IN_PIN, type="password", max_chars=club.PIN_MAX)
        actions.submit("Sign in", marker="sign_in", type="primary", on_click=_sign_in)
    state = _kept()
    message, state.sign_in_message = state.sign_in_message, None
    if message:
        st.error(plain(message))
    with st.expander("New here? Make your player", expanded=bool(state.sign_up_message)):
        with st.form("sign_up", border=False):
            st.text_input("Your name", key=SIGN_UP_NAME, max_chars=_TYPED_MAX)
            st.text_input(
                f"Choose a PIN ({club.PIN_MIN} digits or more)",
                key=SIGN_UP_PIN,
                type="password",
                max_chars=club.PIN_MAX,
            )
            st.text_input("The same PIN again", key=SIGN_UP_AGAIN, type="password")
            st.text_input(
                "Your group's code, if your teacher gave you one",
                key=SIGN_UP_CODE,
                max_chars=20,
            )
            actions.submit("Make my player", marker="sign_up", on_click=_sign_up)
        message, state.sign_up_message = state.sign_up_message, None
        if message:
            st.error(plain(message))
    st.caption(
        "Your answers, lessons and games are yours: only you, and the teacher of your group, "
        "can see them. Forgot your PIN? Ask your teacher to give you a new one."
    )


def ask(question: str) -> None:
    """ "Who is playing?": one button per player, and a box to add a new one (in club
    mode: the sign-in form)."""
    if session.club_mode():
        _sign_in_forms(question)
        return
    store = session.current_store()
    lead, _, rest = question.rpartition(session.ASK)
    if lead.strip():  # why the question is asked again (a choice that names nobody)
        st.info(plain(lead.strip()), icon=":material/person_search:")
    st.subheader(session.ASK + rest)
    try:
        players = store.profiles() if store is not None else []
    except StoreError as err:
        st.warning(
            plain(f"The list of players cannot be read ({describe_error(err)})."),
            icon=":material/warning:",
        )
        players = []
    if players:
        with st.container(horizontal=True):
            _name_buttons(players, key="player_pick", on_click=_chosen)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.text_input(
            "Someone new? Type their name" if players else "Your name",
            key=ASK_NEW_NAME,
            max_chars=_TYPED_MAX,
            placeholder="For example: Sam",
        )
        actions.button(
            "Add and start", key="player_add", on_click=_add_asked, icon=":material/person_add:"
        )
    state = _kept()
    message, state.ask_message = state.ask_message, None
    if message:
        st.error(plain(message))
    st.caption("Answers and lessons are kept for the player chosen here, on this device.")


def _edit(field: str, change: Callable[[Store, str], Profile], done: str, failed: str) -> None:
    """Add or rename a player from the name typed in ``field``; say how it went."""
    store = session.current_store()
    if store is None:
        return
    try:
        profile = change(store, _typed(field))
    except ProfileNameError as err:
        _say(str(err))
        return
    except StoreError as err:
        _say(f"{failed} ({describe_error(err)}).")
        return
    session.choose_profile(profile.id)
    _empty(field)
    _say(done.format(name=profile.name), ok=True)


def _add() -> None:
    _edit(
        NEW_NAME,
        lambda store, name: store.create_profile(name),
        "Added {name}. Their answers are kept apart from everyone else's.",
        "The player could not be added",
    )


def _rename() -> None:
    current = session.current_profile()
    if current is not None:
        _edit(
            RENAME,
            lambda store, name: store.rename_profile(current.id, name),
            "Now called {name}.",
            "The name could not be changed",
        )


def sidebar() -> None:
    """The picker, in the sidebar; call it before running the chosen page."""
    with st.sidebar:
        picker()


def _change_pin(profile: Profile) -> None:
    store = session.current_store()
    if store is None:
        return
    old, new = _typed(PIN_OLD), _typed(PIN_NEW)
    if new != _typed(PIN_AGAIN):
        _say("The two new PINs are not the same.")
        return
    try:
        result = club.change_pin(store, profile.id, old, new, device=session.browser_device(store))
    except StoreError as err:
        _say(f"The PIN could not be changed ({describe_error(err)}).")
        return
    if isinstance(result, club.Refused):
        _say(result.message)
        return
    session.signed_in_as(result)
    _empty(PIN_OLD, PIN_NEW, PIN_AGAIN)
    _say("Your PIN is changed. Anywhere else you were signed in, you are now signed out.", ok=True)


def _club_sidebar(current: Profile | None) -> None:
    """Club mode's sidebar: who is signed in, and changing one's own PIN."""
    if current is None:
        st.caption("Sign in to practise: your progress is kept for you alone.")
        return
    st.caption(f"Signed in as **{plain(current.name)}**")
    state = _kept()
    message, state.message = state.message, None
    with st.expander("Change my PIN", expanded=message is not None):
        st.text_input("The PIN you have now", key=PIN_OLD, type="password")
        st.text_input("A new PIN", key=PIN_NEW, type="password", max_chars=club.PIN_MAX)
        st.text_input("The new PIN again", key=PIN_AGAIN, type="password")
        actions.button("Change my PIN", key="pin_change", on_click=_change_pin, args=(current,))
        if message is not None:
            ok, text = message
            (st.success if ok else st.error)(plain(text))


def picker() -> None:
    store = session.current_store()
    current = session.current_profile() if store is not None else None
    if store is not None and session.club_mode():
        _club_sidebar(current)
        return
    if store is None or (current is None and session.store_problem() is not None):
        problem = session.store_problem() or "Progress cannot be saved right now."
        st.warning(
            plain(f"{problem} Your answers are kept on this page until it can save them."),
            icon=":material/warning:",
        )
        return
    notice = session.store_notice()
    if notice:
        st.warning(plain(notice), icon=":material/warning:")
    trouble = session.store_problem()
    if trouble and not session.waiting().total:  # what waits is said at the top of the page
        st.warning(plain(trouble), icon=":material/warning:")
    try:
        profiles = store.profiles()
    except StoreError as err:
        st.warning(
            plain(f"The list of players cannot be read ({describe_error(err)})."),
            icon=":material/warning:",
        )
        return
    _switch(current, profiles)
    # the folds are opened or shut here, before they are drawn: an action taken during the
    # run (the first click after a restart, see trainer.ui.actions) may not set them itself
    if _kept().message is not None:
        st.session_state[EDIT_FOLD] = True  # what was done or refused is said inside it
    with folded("Add a player or change a name", key=EDIT_FOLD) as opened:
        if opened:
            _edit_names(current)
    if current is not None:
        _start_again(current)


def _edit_names(current: Profile | None) -> None:
    """Inside the sidebar's fold, once opened: add a player, rename the one chosen, and what
    the last of these (or clearing, or removing) came to."""
    st.text_input(
        "New player's name",
        key=NEW_NAME,
        max_chars=_TYPED_MAX,
        placeholder="For example: Sam",
    )
    actions.button("Add player", key="profile_add", on_click=_add, icon=":material/person_add:")
    if current is not None:
        st.text_input(
            "A new name for the player chosen above",
            key=RENAME,
            max_chars=_TYPED_MAX,
        )
        actions.button("Change name", key="profile_rename_button", on_click=_rename)
    state = _kept()
    message, state.message = state.message, None
    if message is not None:
        ok, text = message
        (st.success if ok else st.error)(plain(text))


def _switch(current: Profile | None, profiles: list[Profile]) -> None:
    """Who is playing, and the other players, folded: one button each (no list box: the
    page's own buttons are all it needs, and a tap on a name is the whole choice)."""
    if current is not None:
        st.markdown(f"Playing: **{plain(current.name)}**")
    else:
        st.markdown(NOBODY)
    others = [p for p in profiles if current is None or p.id != current.id]
    state = _kept()
    if state.switched:  # a player was just chosen: the list folds again
        state.switched = False
        st.session_state[PICKER] = False
    if not others:
        return  # nobody else to choose: adding a player is below
    with folded(
        "Switch player" if current is not None else "Choose a player",
        key=PICKER,
        icon=":material/group:",
    ) as opened:
        if opened:
            _name_buttons(others, key="profile_pick", on_click=_picked, width="stretch")
            st.caption("Each player's answers and lessons are kept apart on this device.")


def _ask_to(what: str) -> None:
    _kept().confirm = what


def _never_mind() -> None:
    _kept().confirm = None


def _clear(profile: Profile) -> None:
    _kept().confirm = None
    store = session.current_store()
    if store is None:
        return
    try:
        store.clear_progress(profile.id)
    except StoreError as err:
        _say(f"{profile.name}'s progress could not be cleared ({describe_error(err)}).")
        return
    _say(f"{profile.name} starts again from nothing: their progress is cleared.", ok=True)


def _remove(profile: Profile) -> None:
    _kept().confirm = None
    store = session.current_store()
    if store is None:
        return
    try:
        store.delete_profile(profile.id)
    except StoreError as err:
        _say(f"{profile.name} could not be removed ({describe_error(err)}).")
        return
    session.ask_again()
    _say(f"{profile.name} was removed, with everything kept for them.", ok=True)


def _start_again(current: Profile) -> None:
    """Clear a player's progress, or remove the player: each asks first, and touches that
    player's answers, lessons and games only."""
    asked = _kept().confirm
    with st.expander("Start again or remove a player", expanded=asked is not None):
        name = plain(current.name)
        if asked == "clear":
            st.warning(
                f"Clear **{name}**'s progress? Every answer, lesson place, game and "
                f"review to come of {name} is deleted; {name} stays as a player, and nobody "
                "else's progress changes. This cannot be undone."
            )
            actions.button(
                f"Yes, clear {plain(current.name)}'s progress",
                key="profile_clear_yes",
                type="primary",
                on_click=_clear,
                args=(current,),
            )
            actions.button("Keep it", key="profile_clear_no", on_click=_never_mind)
        elif asked == "remove":
            st.warning(
                f"Remove **{name}**? {name} and every answer, lesson place, game and review "
                f"to come of {name} are deleted; nobody else's progress changes. This cannot "
                "be undone."
            )
            actions.button(
                f"Yes, remove {plain(current.name)}",
                key="profile_remove_yes",
                type="primary",
                on_click=_remove,
                args=(current,),
            )
            actions.button("Keep them", key="profile_remove_no", on_click=_never_mind)
        else:
            actions.button(
                f"Clear {plain(current.name)}'s progress…",
                key="profile_clear",
                on_click=_ask_to,
                args=("clear",),
            )
            actions.button(
                f"Remove {plain(current.name)}…",
                key="profile_remove",
                on_click=_ask_to,
                args=("remove",),
            )

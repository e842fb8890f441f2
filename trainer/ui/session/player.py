"""Who is playing in this browser: the player chosen (kept in the session and in the
address as ``?player=``, see :func:`current_profile`), or signed in (club mode), and
what is done on the store for them (:func:`on_store`), and their settings, read from the
store once a visit (:func:`preferences`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TypeVar

import streamlit as st

from trainer.progress.store import Store, StoreError, passing
from trainer.training.records import Preferences, Profile
from trainer.ui.session.database import current_store, failed
from trainer.ui.session.signin import club_mode, resolve_club
from trainer.ui.session.state import ASK, PLAYER_PARAM, Owner, browser_session

__all__ = [
    "address_with_player",
    "ask_again",
    "choose_preferences",
    "choose_profile",
    "current_owner",
    "current_profile",
    "current_role",
    "keep_player_in_address",
    "on_store",
    "player_param",
    "player_question",
    "preferences",
]

T = TypeVar("T")


def current_profile() -> Profile | None:
    """Who is practising in this browser, or None when nobody is chosen yet (or the store
    cannot be used: see :func:`store_problem`; when it cannot be asked just now, the player
    it last named here).

    The choice is this browser's own: kept in the session and in the address
    (``?player=<id>-<name>``, see :func:`player_param`), so a reload, a reconnect after a
    restart or a shared link finds it again. It is never guessed from other people's answers:
    with no choice (or one naming nobody) the page asks (:func:`player_question`), the very
    first visitor to an empty store too. No player is ever made without being asked for.
    """
    store = current_store()
    if store is None:
        return None
    try:
        return _resolve(store)
    except StoreError as err:
        failed(err)
        return _remembered() if passing(err) else None


def _remembered() -> Profile | None:
    """The player this browser had, as last read, while the store cannot be asked just now
    (busy, or down for a moment): the page goes on for them, what they answer waits for
    them, and who it is is checked again at the next run that reaches the store."""
    state = browser_session()
    who = state.who
    if who is None or state.profile_id != who.id:
        return None
    if club_mode() and not state.club_token:
        return None
    return who


def current_role() -> str | None:
    """The signed-in player's role in club mode (``player`` or ``teacher``); None otherwise."""
    if not club_mode() or current_profile() is None:
        return None
    return browser_session().club_role or None


def _resolve(store: Store) -> Profile | None:
    if club_mode():
        return resolve_club(store)
    state = browser_session()
    chosen = state.profile_id
    if chosen is not None:
        profile = store.profile(chosen)
        if profile is not None:
            state.who = profile
            return profile
        _forget(f"The player chosen in this browser is no longer on this device. {ASK}")
        return None
    raw = _address_player()
    if raw:
        profile = _from_param(store, raw)
        if profile is None:
            shown = raw if len(raw) <= 40 else raw[:40] + "…"
            _forget(f"There is no player called {shown!r} on this device. {ASK}")
            return None
        _chose(profile)
        return profile
    return None


def player_question() -> str | None:
    """What to ask when nobody is chosen ("Who is playing?", with why when a choice was
    lost); None once a player is chosen, or when the store cannot be used."""
    if current_store() is None or current_profile() is not None:
        return None
    return browser_session().question or ASK


def ask_again() -> None:
    """Forget this browser's choice, so that the page asks who is playing."""
    _forget(ASK)


def player_param(profile: Profile) -> str:
    """How the address names a player: ``3-kim``, the id and the name's letters and digits
    (any alphabet's). Both must match for the address to open the player, so an old
    bookmark never opens someone new who has been given the same id."""
    return f"{profile.id}-{_slug(profile.name)}" if _slug(profile.name) else str(profile.id)


def _slug(name: str) -> str:
    return "-".join(re.findall(r"[^\W_]+", name.casefold()))[:24].strip("-")


def keep_player_in_address() -> None:
    """Put the chosen player back in the address (page links and page changes drop it).
    In club mode the address names nobody: a ``?player=`` left in it is taken out."""
    if club_mode():
        if PLAYER_PARAM in st.query_params:
            del st.query_params[PLAYER_PARAM]
        return
    profile = browser_session().who
    if profile is not None and browser_session().profile_id == profile.id:
        wanted = player_param(profile)
        if st.query_params.get(PLAYER_PARAM) != wanted:
            st.query_params[PLAYER_PARAM] = wanted


def address_with_player(params: Mapping[str, str]) -> dict[str, str]:
    """``params`` and the chosen player's, for a page that writes the whole address."""
    profile = browser_session().who
    out = dict(params)
    if profile is not None and browser_session().profile_id == profile.id and not club_mode():
        out[PLAYER_PARAM] = player_param(profile)
    return out


def _address_player() -> str:
    value = st.query_params.get(PLAYER_PARAM)
    return value.strip() if isinstance(value, str) else ""


def _from_param(store: Store, raw: str) -> Profile | None:
    """The player an address names: ``<id>-<name>`` only when the name is that player's
    (a bare ``<id>``, typed by hand, names the id alone), or a name on its own."""
    numbered = re.fullmatch(r"([0-9]{1,18})(?:-(.*))?", raw)
    if numbered:
        profile = store.profile(int(numbered.group(1)))
        named = numbered.group(2)
        if profile is not None and named is not None and named != _slug(profile.name):
            return None
        return profile
    wanted = raw.casefold()
    matches = [
        p
        for p in store.profiles()
        if wanted in (p.name.casefold(), player_param(p).partition("-")[2])
    ]
    return matches[0] if len(matches) == 1 else None


def _chose(profile: Profile) -> None:
    state = browser_session()
    state.profile_id = profile.id
    state.who = profile
    state.question = None
    keep_player_in_address()


def _forget(why: str) -> None:
    state = browser_session()
    state.forget_player()
    state.question = why
    if PLAYER_PARAM in st.query_params:
        del st.query_params[PLAYER_PARAM]


def choose_profile(profile_id: int) -> None:
    """This browser's player is now ``profile_id`` (checked against the store when next used;
    in club mode only signing in chooses)."""
    if club_mode():
        return
    state = browser_session()
    state.profile_id = profile_id
    if not (state.who is not None and state.who.id == profile_id):
        state.who = None
    state.question = None


def is_owner(store: Store, owner: Owner) -> bool:
    """The owner is still on this device (the same player, not a new one given its id)."""
    found = store.profile(owner.id)
    return found is not None and owner.created_at in (None, found.created_at)


def current_owner() -> Owner | None:
    """The player chosen in this browser right now, as far as it is known without the store."""
    chosen, who = browser_session().profile_id, browser_session().who
    if chosen is None:
        return None
    return Owner(chosen, who.created_at if who is not None and who.id == chosen else None)


def on_store(action: Callable[[Store, Profile], T]) -> tuple[T] | None:
    """``(result,)`` of ``action`` on the store for the current profile; None when there is
    no store or nobody chosen, or the action failed (the reason is kept for
    :func:`store_problem`)."""
    store = current_store()
    profile = current_profile() if store is not None else None
    if store is None or profile is None:
        return None
    try:
        return (action(store, profile),)
    except StoreError as err:
        failed(err)
        return None


def preferences() -> Preferences:
    """The chosen player's settings, read from the store once a visit (none chosen with
    nobody chosen, or when the store cannot be read: a setting chosen then lasts for this
    visit)."""
    owner = current_owner()
    who = owner.id if owner is not None else None
    kept = browser_session().preferences
    if kept is not None and kept[0] == who:
        return kept[1]
    saved = on_store(lambda store, p: store.preferences(p.id))
    found = saved[0] if saved is not None else Preferences()
    browser_session().preferences = (who, found)
    return found


def choose_preferences(changes: Preferences) -> None:
    """Keep the settings ``changes`` chooses for the chosen player (for this visit only
    when they cannot be saved: nothing else is lost)."""
    chosen = preferences().chosen(changes)
    owner = current_owner()
    browser_session().preferences = (owner.id if owner is not None else None, chosen)
    on_store(lambda store, p: store.set_preferences(p.id, changes))

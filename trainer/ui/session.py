"""What pages call to remember a learner's answers and lesson places.

Pages never talk to the database directly: they call these functions, which use the
progress store (:mod:`trainer.progress.store`) for the profile this browser chose (kept in the
address as ``?player=``; see :func:`current_profile`), and fall back to the browser
session only when the store cannot be used (the reason is then given by
:func:`store_problem`). An answer or lesson place kept in the session carries its owner,
the player chosen when it was given, and is written for that owner at the next save.

The database file is, in order: ``$CRIBBAGE_TRAINER_DB``; ``db_path`` under ``[trainer]``
in ``.streamlit/secrets.toml``; the user's data directory.
"""

from __future__ import annotations

import os
import re
import sqlite3
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import NamedTuple, TypeVar

import streamlit as st

from trainer.progress import club
from trainer.progress.review_totals import catch_up, keep_totals
from trainer.progress.store import (
    FinishedGame,
    LevelGames,
    ProgressRows,
    SavedGame,
    Store,
    StoreError,
    check_attempt,
    describe_error,
    resolve_location,
)
from trainer.progress.store.backend import Held as HeldOpen
from trainer.training.records import AttemptIn, LessonProgress, Profile
from trainer.training.review import REVIEW_METHOD, GameReview
from trainer.ui.page_state import kept

#: The address parameter naming this browser's player.
PLAYER_PARAM = "player"
#: How long a page waits for another program's hold on the progress file before it says
#: so: a person is told within seconds, never kept waiting a quarter of a minute.
BUSY_TIMEOUT_SECONDS = 2.0
ASK = "Who is playing?"

#: Where this module keeps its one object in Streamlit's session state.
STATE_KEY = "_browser_session"

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Owner:
    """Whose a held answer is: the player chosen when it was given."""

    id: int
    created_at: datetime | None  # known when the player had been read from the store


@dataclass(frozen=True, slots=True)
class Held:
    """An answer the store could not take yet, with its owner and its place in a set."""

    owner: Owner | None  # None: given while no player could be known (the store was down)
    attempt: AttemptIn
    token: str
    key: str | None


@dataclass(slots=True)
class BrowserSession:
    """What this browser session keeps between runs of a page: who is chosen, why the page
    asks, what the store could not take yet, and club mode's sign-in (one object in the
    session state, under :data:`STATE_KEY`)."""

    #: The player chosen in this browser (checked against the store when next used) and
    #: that player as last read, with why the page asks "Who is playing?" again.
    profile_id: int | None = None
    who: Profile | None = None
    question: str | None = None
    #: Marks the answers given in this browser session (:func:`session_token`).
    token: str = ""
    #: Why answers are not being saved; the store's one-off notice was shown.
    problem: str | None = None
    notice_seen: bool = False
    #: Answers and lesson places the store could not take yet, and held answers whose
    #: player left the device meanwhile (shown for this visit, never written).
    attempts: list[Held] = field(default_factory=list)
    lessons: dict[tuple[Owner | None, str], LessonProgress] = field(default_factory=dict)
    orphans: list[Held] = field(default_factory=list)
    #: The player's settings, read once a visit: (their id, their settings).
    preferences: tuple[int | None, dict[str, str]] | None = None
    #: Finished games whose record could not be reviewed.
    unreviewable: tuple[str, ...] = ()
    #: Club mode: the token this session signs in with and its role; a token (or "") the
    #: browser is to keep (or drop); the browser has said which token it keeps; tokens
    #: signed out of here, never taken up again.
    club_token: str | None = None
    club_role: str | None = None
    club_to_keep: str | None = None
    club_heard: bool = False
    club_dropped: set[str] = field(default_factory=set)

    def forget_player(self) -> None:
        self.profile_id = None
        self.who = None


def _state() -> BrowserSession:
    return kept(STATE_KEY, BrowserSession)


def _setting(name: str) -> str | None:
    """A setting under ``[trainer]`` in ``.streamlit/secrets.toml`` (None if not given)."""
    try:
        section = st.secrets.get("trainer")
    except Exception:  # no secrets file, or one that does not parse: use the default
        section = None
    value = section.get(name) if isinstance(section, Mapping) else None
    return value if isinstance(value, str) and value.strip() else None


def db_location() -> str:
    """The progress store this app uses: a file's path or a server's URL (see the module
    docstring for the order; ``store`` or, as before, ``db_path`` under ``[trainer]``)."""
    return resolve_location(_setting("store") or _setting("db_path"))


def db_path() -> Path:
    """The progress file this app uses (a path: see :func:`db_location` for a server)."""
    return Path(db_location())


class _Opened(NamedTuple):
    store: Store
    held: HeldOpen | None  # see Store.hold_open: closed when the cache lets it go


@st.cache_resource(show_spinner=False)
def _open(path: str) -> _Opened:
    """Opened (created, upgraded, or set aside and started afresh) once per file per process,
    with a connection held open so that each write is not followed by a disk sync."""
    store = Store.open(path, busy_timeout=BUSY_TIMEOUT_SECONDS)
    try:
        held = store.hold_open()
    except sqlite3.Error:  # every write then syncs the disk: slower, still saved
        held = None
    return _Opened(store, held)


def current_store() -> Store | None:
    """The progress store, or None when it cannot be used (see :func:`store_problem`)."""
    try:
        return _open(db_location()).store
    except StoreError as err:
        _state().problem = str(err)
        return None


def store_problem() -> str | None:
    """Why answers are not being saved, in plain words, or None when they are."""
    problem = _state().problem
    return problem or None


def store_notice() -> str | None:
    """A one-off message about the store (an unreadable file set aside), once per session."""
    store = current_store()
    if store is None or store.notice is None or _state().notice_seen:
        return None
    _state().notice_seen = True
    return store.notice


def session_token() -> str:
    """Marks the answers given in this browser session."""
    state = _state()
    if not state.token:
        state.token = uuid.uuid4().hex
    return state.token


def current_profile() -> Profile | None:
    """Who is practising in this browser, or None when nobody is chosen yet (or the store
    cannot be used: see :func:`store_problem`).

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
    except (sqlite3.Error, StoreError) as err:
        _failed(err)
        return None


# --- club mode: players who sign in -----------------------------------------------------------

#: The setting (or environment variable) that turns club mode on.
MODE_VAR = "CRIBBAGE_TRAINER_MODE"


def club_mode() -> bool:
    """The app is shared over a network: players sign in with a PIN (``mode = "club"``
    under ``[trainer]`` in ``.streamlit/secrets.toml``, or ``$CRIBBAGE_TRAINER_MODE=club``).
    The default, family mode, keeps the simple picker."""
    mode = os.environ.get(MODE_VAR) or _setting("mode") or "family"
    return mode.strip().lower() == "club"


def browser_token(reported: str | None) -> None:
    """What the browser keeps (from :mod:`trainer.ui.keeper`: None until it has said): a
    token it kept from an earlier visit signs this session in, unless one already did."""
    if reported is None:
        return
    state = _state()
    state.club_heard = True
    if not state.club_token and reported and reported not in state.club_dropped:
        state.club_token = reported


def heard_from_browser() -> bool:
    return _state().club_heard


def token_to_keep() -> str | None:
    """A token the browser is to keep (``""``: to forget), once."""
    state = _state()
    value, state.club_to_keep = state.club_to_keep, None
    return value


def signed_in_as(signed: club.SignedIn) -> None:
    """This browser is now signed in (the browser keeps the token for later visits)."""
    state = _state()
    state.club_token = signed.token
    state.club_to_keep = signed.token
    state.club_role = signed.role
    state.profile_id = signed.profile.id
    state.who = signed.profile
    state.question = None


def sign_out() -> None:
    state = _state()
    if state.club_token:
        state.club_dropped.add(state.club_token)
    state.club_token = state.club_role = None
    state.forget_player()
    state.club_to_keep = ""
    state.question = ASK


def current_role() -> str | None:
    """The signed-in player's role in club mode (``player`` or ``teacher``); None otherwise."""
    if not club_mode() or current_profile() is None:
        return None
    return _state().club_role or None


def _resolve_club(store: Store) -> Profile | None:
    """In club mode the player is whoever this browser session signed in as, checked
    again on every run (a PIN changed or reset elsewhere ends the session at once); the
    address and the picker name nobody."""
    state = _state()
    if not state.club_token:
        return None
    signed = club.session_player(store, state.club_token)
    if signed is None:
        state.club_token = state.club_role = None
        state.forget_player()
        state.club_to_keep = ""
        state.question = f"Your session has ended (it expired, or the PIN was changed). {ASK}"
        return None
    state.profile_id = signed.profile.id
    state.who = signed.profile
    state.club_role = signed.role
    return signed.profile


def _resolve(store: Store) -> Profile | None:
    if club_mode():
        return _resolve_club(store)
    state = _state()
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
    return _state().question or ASK


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
    profile = _state().who
    if profile is not None and _state().profile_id == profile.id:
        wanted = player_param(profile)
        if st.query_params.get(PLAYER_PARAM) != wanted:
            st.query_params[PLAYER_PARAM] = wanted


def address_with_player(params: Mapping[str, str]) -> dict[str, str]:
    """``params`` and the chosen player's, for a page that writes the whole address."""
    profile = _state().who
    out = dict(params)
    if profile is not None and _state().profile_id == profile.id and not club_mode():
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
    state = _state()
    state.profile_id = profile.id
    state.who = profile
    state.question = None
    keep_player_in_address()


def _forget(why: str) -> None:
    state = _state()
    state.forget_player()
    state.question = why
    if PLAYER_PARAM in st.query_params:
        del st.query_params[PLAYER_PARAM]


def choose_profile(profile_id: int) -> None:
    """This browser's player is now ``profile_id`` (checked against the store when next used;
    in club mode only signing in chooses)."""
    if club_mode():
        return
    state = _state()
    state.profile_id = profile_id
    if not (state.who is not None and state.who.id == profile_id):
        state.who = None
    state.question = None


def report_failure(err: Exception) -> None:
    """A page's own read of the store failed: keep the reason, and reopen the file next time."""
    _failed(err)


def _failed(err: Exception) -> None:
    """An operation failed on an opened store: say so, and reopen the file next time."""
    _state().problem = f"Progress could not be saved just now ({describe_error(err)})."
    _open.clear()


def _on_store(action: Callable[[Store, Profile], T]) -> tuple[T] | None:
    """``(result,)`` of ``action`` on the store for the current profile; None when there is
    no store or nobody chosen, or the action failed (the reason is kept for
    :func:`store_problem`)."""
    store = current_store()
    profile = current_profile() if store is not None else None
    if store is None or profile is None:
        return None
    try:
        return (action(store, profile),)
    except (sqlite3.Error, StoreError) as err:
        _failed(err)
        return None


class NoPlayerError(ValueError):
    """An answer given while nobody is chosen as the player: it is not saved."""


def _owner() -> Owner | None:
    """The player chosen in this browser right now, as far as it is known without the store."""
    chosen, who = _state().profile_id, _state().who
    if chosen is None:
        return None
    return Owner(chosen, who.created_at if who is not None and who.id == chosen else None)


def _is_owner(store: Store, owner: Owner) -> bool:
    """The owner is still on this device (the same player, not a new one given its id)."""
    found = store.profile(owner.id)
    return found is not None and owner.created_at in (None, found.created_at)


def _held() -> list[Held]:
    return list(_state().attempts)


def _held_lessons() -> dict[tuple[Owner | None, str], LessonProgress]:
    return dict(_state().lessons)


def _keep(attempts: list[Held], lessons: dict[tuple[Owner | None, str], LessonProgress]) -> None:
    """Keep what is still waiting; once nothing is, there is no problem."""
    state = _state()
    state.attempts, state.lessons = attempts, lessons
    if not attempts and not lessons:
        state.problem = None


def _flush(store: Store) -> list[str]:
    """Write every held answer and lesson place for its own owner; keep what still fails.
    Returns the keys of answers not stored because an answer for their place already was
    (given in another tab or window)."""
    waiting: list[Held] = []
    orphans: list[Held] = []
    taken: list[str] = []
    for owner in dict.fromkeys(h.owner for h in _held()):
        batch = [h for h in _held() if h.owner == owner]
        if owner is None:  # nobody was chosen: kept for this visit only
            waiting += batch
            continue
        try:
            if not _is_owner(store, owner):
                orphans += batch
                continue
            for token in dict.fromkeys(h.token for h in batch):
                mine = [h for h in batch if h.token == token]
                stored = store.add_attempts_each(
                    owner.id, [(h.attempt, h.key) for h in mine], session=token
                )
                taken += [
                    h.key for h, (_, new) in zip(mine, stored, strict=True) if not new and h.key
                ]
        except (sqlite3.Error, StoreError) as err:
            _failed(err)
            waiting += batch
    lessons: dict[tuple[Owner | None, str], LessonProgress] = {}
    for (owner, lesson_id), item in _held_lessons().items():
        try:
            if owner is not None and _is_owner(store, owner):
                store.save_lesson_progress(owner.id, lesson_id, item.step, item.done)
            elif owner is None:
                lessons[owner, lesson_id] = item
        except (sqlite3.Error, StoreError) as err:
            _failed(err)
            lessons[owner, lesson_id] = item
    _keep(waiting, lessons)
    if orphans:  # shown for this visit, never written for someone else
        _state().orphans = [*_state().orphans, *orphans]
    return taken


class AnsweredElsewhereError(ValueError):
    """The place in a set was answered already (in another tab or window): the answer
    stored first is kept, and this one is not saved."""


def record_attempt(attempt: AttemptIn, *, key: str | None = None) -> None:
    """Keep one graded answer for the player chosen now (a malformed record raises
    ``ValueError`` naming the field; with nobody chosen, :class:`NoPlayerError`).

    ``key`` names its place in a practice set, so that answering the same place again
    (after a reload) stores it once: an answer whose place was answered already raises
    :class:`AnsweredElsewhereError`, so it is never acknowledged and dropped. When the store
    cannot take it, it is kept in the session with its owner and written for that owner
    with the next answer that can be saved.
    """
    check_attempt(attempt)
    store = current_store()
    if store is not None and current_profile() is None and store_problem() is None:
        raise NoPlayerError(
            "Nobody has been chosen as the player, so this answer was not saved: "
            "choose who is playing first."
        )
    _state().attempts = [*_held(), Held(_owner(), attempt, session_token(), key)]
    store = current_store()
    if store is not None and key is not None and key in _flush(store):
        raise AnsweredElsewhereError(
            "This question was answered already, in another tab or window: the answer given "
            "there is the one kept, and this one was not saved."
        )
    if store is not None and key is None:
        _flush(store)


def saved_keys(prefix: str) -> frozenset[str]:
    """Keys starting with ``prefix`` of the current player's answers (saved or waiting)."""
    owner = _owner()
    waiting = {
        h.key
        for h in _held()
        if h.key and h.key.startswith(prefix) and owner and h.owner and h.owner.id == owner.id
    }
    saved = _on_store(lambda store, p: store.saved_keys(p.id, prefix))
    return frozenset(waiting | set(saved[0] if saved else ()))


def _mine(owner: Owner | None) -> bool:
    current = _owner()
    if current is None:
        return True  # nobody known now: all this visit's answers are shown
    return owner is not None and owner.id == current.id


def session_attempts() -> list[AttemptIn]:
    """Answers given in this browser session by the current profile (newest last)."""
    held = [*_held(), *_state().orphans]
    unsaved = [h.attempt for h in held if _mine(h.owner)]
    token = session_token()
    saved = _on_store(lambda store, p: [r.attempt for r in store.attempts(p.id, session=token)])
    if saved is None:
        return unsaved
    return sorted(saved[0] + unsaved, key=lambda a: a.at) if unsaved else saved[0]


def lesson_progress() -> dict[str, LessonProgress]:
    """Where the learner is in each lesson, by lesson id."""
    unsaved = {lid: item for (owner, lid), item in _held_lessons().items() if _mine(owner)}
    saved = _on_store(lambda store, p: store.lesson_progress(p.id))
    return unsaved if saved is None else saved[0] | unsaved


def save_lesson_progress(lesson_id: str, step: int, done: bool) -> None:
    """Remember the step reached in a lesson; a lesson once done stays done."""
    current_profile()  # resolve the chosen player first, so the place has its owner
    owner = _owner()
    pending = _held_lessons()
    previous = pending.get((owner, lesson_id))
    pending[owner, lesson_id] = LessonProgress(
        lesson_id, step, done or bool(previous and previous.done)
    )
    _state().lessons = pending
    store = current_store()
    if store is not None:
        _flush(store)


def save_draft(key: str, value: str) -> None:
    """Keep work in progress for the current player (claims not yet graded): it outlives a
    reload and a restart. A draft that cannot be kept only costs that: nothing is lost
    that the page does not still show."""
    _on_store(lambda store, p: store.save_draft(p.id, key, value))


def draft(key: str) -> str | None:
    found = _on_store(lambda store, p: store.draft(p.id, key))
    return found[0] if found else None


def drop_draft(key: str) -> None:
    _on_store(lambda store, p: store.drop_draft(p.id, key))


# --- a player's settings ---------------------------------------------------------------------


def preferences() -> dict[str, str]:
    """The chosen player's settings by key, read from the store once a visit (empty with
    nobody chosen, or when the store cannot be read: a setting chosen then lasts for this
    visit)."""
    owner = _owner()
    who = owner.id if owner is not None else None
    kept = _state().preferences
    if kept is not None and kept[0] == who:
        return dict(kept[1])
    saved = _on_store(lambda store, p: store.preferences(p.id))
    found = saved[0] if saved is not None else {}
    _state().preferences = (who, found)
    return dict(found)


def set_preference(key: str, value: str) -> None:
    """Keep one of the chosen player's settings (for this visit only when it cannot be
    saved: nothing else is lost)."""
    chosen = preferences()
    chosen[key] = value
    owner = _owner()
    _state().preferences = (owner.id if owner is not None else None, chosen)
    _on_store(lambda store, p: store.set_preference(p.id, key, value))


def _usable_store() -> Store:
    store = current_store()
    if store is None:
        raise StoreError(store_problem() or "the progress file cannot be used")
    return store


def progress_rows(profile_id: int, *, per_area: int, recent: int) -> ProgressRows:
    """What the Progress page is built from, read in one snapshot (raises
    :class:`StoreError` or ``sqlite3.Error`` when the store cannot be read)."""
    return _usable_store().progress_rows(profile_id, per_area=per_area, recent=recent)


def games_record(profile_id: int) -> list[LevelGames]:
    """The player's games against the computer, per level and length (raises
    :class:`StoreError` or ``sqlite3.Error`` when the store cannot be read)."""
    return _usable_store().games_record(profile_id)


# --- game reviews ----------------------------------------------------------------------------


def saved_game(profile_id: int, game_id: str) -> SavedGame | None:
    """One of the player's games by its id (None when they have no such game: another
    player's game is never read); raises :class:`StoreError` or ``sqlite3.Error``."""
    return _usable_store().game(profile_id, game_id)


def finished_games(profile_id: int, *, limit: int | None = None) -> list[FinishedGame]:
    """The player's finished games, newest first, each with its review's totals once it
    has been reviewed; the games not reviewed yet are reviewed first, a few a visit (see
    :func:`trainer.progress.review_totals.catch_up`). Raises like :func:`saved_game`."""
    store = _usable_store()
    skip = _state().unreviewable
    _, broken = catch_up(store, profile_id, skip=skip)
    if broken:
        _state().unreviewable = (*skip, *broken)
    return store.finished_games(profile_id, method=REVIEW_METHOD, limit=limit)


def keep_review(profile_id: int, saved: SavedGame, review: GameReview) -> None:
    """Store the totals of a finished game's review for the Progress chart (a failure only
    leaves the game to be reviewed again later)."""
    store = current_store()
    if store is None:
        return
    try:
        keep_totals(store, profile_id, saved, review)
    except (sqlite3.Error, StoreError) as err:
        _failed(err)


def answers_csv(profile_id: int) -> Callable[[], str]:
    """What makes every answer of a player into CSV, bound to the store now: a download
    button calls it later, outside the page's run, where the session cannot be read."""
    store = _usable_store()
    return lambda: store.export_csv(profile_id)


class LessonStore:
    """The lessons' store (:class:`trainer.training.learn.Store`): this browser's player's places
    and answers, through the functions above."""

    def progress(self) -> dict[str, LessonProgress]:
        return lesson_progress()

    def save(self, lesson_id: str, step: int, done: bool) -> None:
        save_lesson_progress(lesson_id, step, done)

    def record(self, attempt: AttemptIn) -> None:
        record_attempt(attempt)

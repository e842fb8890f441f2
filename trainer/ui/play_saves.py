"""What the Play page calls to save and load games, for the player whose game it is.

Games live in the progress store (:meth:`trainer.progress.store.Store.save_game`), one row per
game with its record's text rewritten after every action. Every save names the stored version
the page's copy is based on, so a second tab (or a second server) showing an older copy can
never overwrite a game that has moved on, and a finished game is never reopened: the page is
told (:class:`Stale`) and shows the game as stored. A save that fails for any other reason is
never silent (:class:`Unsaved` says why in plain words); the page keeps the game and saves it
again with the next action.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace

from trainer.analysis import Level
from trainer.engine.events import ShowEvent
from trainer.engine.notation import NotationError
from trainer.engine.record import GameRecord
from trainer.progress.store import (
    GameStats,
    SavedGame,
    SharedGame,
    StaleGameError,
    Store,
    StoreError,
    describe_error,
)
from trainer.training.grading import Claim, grade_game_count
from trainer.training.records import AttemptIn, Profile
from trainer.training.table import ME, Person, PlaySetup, RecordProblem, Table
from trainer.training.winline import FollowedLine
from trainer.ui import session
from trainer.ui.session.state import Owner as AnswerOwner

__all__ = [
    "PlayGame",
    "PlayState",
    "Saved",
    "Stale",
    "Unsaved",
    "count_attempt",
    "device_tables",
    "keeper",
    "load_game",
    "new_game_id",
    "record_count",
    "resign",
    "resign_page_game",
    "review_id",
    "save",
    "saved_row",
    "stats",
    "unfinished",
]


def new_game_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True, slots=True)
class Owner:
    """Whose game it is: a player, as the store knows them (an id alone may be given again
    to someone new after the file is replaced)."""

    id: int
    created_at: object

    @classmethod
    def of(cls, profile: Profile) -> Owner:
        return cls(profile.id, profile.created_at)


@dataclass
class PlayGame:
    """The game on the page: its table, its id, the stored version it is based on (0: not
    saved yet), whose it is, and why its last save failed (None: it is saved). A game across
    devices (:mod:`trainer.ui.shared_saves`) is ``shared``: the stored game it was read from,
    its table the owner's seat alone."""

    game_id: str
    table: Table
    owner: Owner
    version: int = 0
    imported: bool = False
    unsaved: str | None = None
    shared: SharedGame | None = None

    @property
    def row_id(self) -> str:
        """The id of the owner's row of the game (a game across devices keeps one for each
        person: its review is theirs)."""
        if self.shared is not None and self.table.own is not None:
            return others_game_id(self.game_id, self.table.own)
        return self.game_id

    @classmethod
    def new(cls, table: Table, profile: Profile, *, imported: bool = False) -> PlayGame:
        return cls(new_game_id(), table, Owner.of(profile), imported=imported)


@dataclass(frozen=True, slots=True)
class Saved:
    """The game is saved as it is on the page."""


@dataclass(frozen=True, slots=True)
class Unsaved:
    """The save failed; ``reason`` in plain words. The page keeps the game and tries again."""

    reason: str


@dataclass(frozen=True, slots=True)
class Stale:
    """The game moved on elsewhere (another tab or server), or was finished there:
    ``stored`` is it as saved (None: it is no longer in the progress file); ``said``, what
    to tell the person instead of the usual words."""

    stored: PlayGame | None
    finished: bool
    said: str = ""


SaveOutcome = Saved | Unsaved | Stale


def _status(table: Table, seat: int = ME) -> str:
    winner = table.game.winner
    if winner is None:
        return "playing"
    return "won" if winner == table.game.side_of(seat) else "lost"


def seat_of(table: Table, profile: Profile) -> int:
    """The seat of ``profile`` at a table of people (by name), or the person's seat 0."""
    key = profile.name.casefold()
    return next((seat for seat, name in table.names.people if name.casefold() == key), ME)


def _seated(setup: PlaySetup) -> list[str]:
    """The names of the people at a table of people, in seat order (empty: no lineup)."""
    return [p.name for p in setup.lineup if isinstance(p, Person)]


def sits_at(setup: PlaySetup, profile: Profile) -> bool:
    """``profile`` plays a seat of ``setup`` (always, at a game against the computer)."""
    key = profile.name.casefold()
    return not setup.lineup or any(name.casefold() == key for name in _seated(setup))


def keeper(setup: PlaySetup, profile: Profile) -> Profile:
    """The player a new game is kept under: the player chosen on the device, or, at a table
    of people there where that player does not sit (a parent setting up a game for two
    children), the first person who does. A game's row, and its result, are only ever a
    seated person's; the device's player reaches it from the Play page's list of the
    device's games of people (:func:`device_tables`)."""
    if sits_at(setup, profile):
        return profile
    for name in _seated(setup):
        found = _profile_named(name)
        if found is not None:
            return found
    return profile  # (nobody seated is a player here any more: the lineup names nobody)


def kept_setup(table: Table, seat: int = ME) -> PlaySetup:
    """The setup a game is stored with for the person at ``seat``: at a table of people it
    names that seat (the Review page reviews that person's moves)."""
    setup = table.setup
    if setup.lineup and seat in setup.people:
        setup = replace(setup, seat=seat)
    return setup


def saved_row(
    game_id: str, table: Table, *, version: int = 0, imported: bool = False, seat: int = ME
) -> SavedGame:
    """The store's row for a game as it stands (based on stored ``version``), its result
    and scores from ``seat``'s side (the player it is kept for); at a table of people its
    setup names that seat too (the Review page reviews that person's moves)."""
    game = table.game
    setup = kept_setup(table, seat)
    side = game.side_of(seat)
    scores = (game.scores[side], *(s for n, s in enumerate(game.scores) if n != side))
    return SavedGame(
        game_id=game_id,
        settings=setup.notation(),
        level=table.level,
        target=game.settings.target,
        record=game.record().notation(),
        status=_status(table, seat),
        my_score=scores[0],
        their_score=max(scores[1:]),  # with three, the better of the two computers
        skunk=game.skunk(),  # whoever won: a skunk given or taken
        version=version,
        place=table.place(),
        imported=imported,
        seed=game.seed,
    )


def _store() -> Store | None:
    return session.current_store()


def _reason(err: BaseException) -> str:
    if isinstance(err, ValueError) and "record is" in str(err) and "characters long" in str(err):
        return "the game's record has grown too long to save"
    return describe_error(err)


def save(state: PlayGame) -> SaveOutcome:
    """Save the page's game for its owner, over the version it is based on."""
    store = _store()
    if store is None:
        state.unsaved = session.store_problem() or "the progress file cannot be used"
        return Unsaved(state.unsaved)
    try:
        found = store.profile(state.owner.id)
        if found is None or found.created_at != state.owner.created_at:
            raise StaleGameError("the player this game belongs to is no longer here", None)
        row = saved_row(
            state.game_id,
            state.table,
            version=state.version,
            imported=state.imported,
            seat=seat_of(state.table, found),
        )
        stored = store.save_game(state.owner.id, row)
    except StaleGameError as err:
        state.unsaved = None
        again = _as_page_game(err.stored, state.owner) if err.stored is not None else None
        return Stale(again, finished=bool(err.stored and err.stored.finished))
    except (StoreError, ValueError) as err:
        if isinstance(err, StoreError):
            session.report_failure(err)
        state.unsaved = _reason(err)
        return Unsaved(state.unsaved)
    state.version = stored.version
    state.unsaved = None
    if row.finished:
        _others_rows(store, state, found)
    return Saved()


def others_game_id(game_id: str, seat: int) -> str:
    """The id of the row kept for the person at ``seat`` of a game of people (the game's
    own id is its owner's row)."""
    return f"{game_id}.{seat}"


def _others_rows(store: Store, state: PlayGame, owner: Profile) -> None:
    """A finished game of people: a row for each other person at the table, under their
    own player, its result and scores from their seat (so each one's Progress shows it).
    Written once (a row already there is left as it is); a person no longer on the device,
    or a store that refuses, is passed over: the owner's game is saved all the same."""
    table = state.table
    key = owner.name.casefold()
    for seat, name in table.names.people:
        if name.casefold() == key:
            continue
        try:
            person = store.profile_named(name)
            if person is None:
                continue
            row = saved_row(
                others_game_id(state.game_id, seat), table, imported=state.imported, seat=seat
            )
            store.save_game(person.id, row._replace(place="left"))
        except StaleGameError:
            continue  # kept already
        except (StoreError, ValueError) as err:
            if isinstance(err, StoreError):
                session.report_failure(err)
            continue


def _as_page_game(row: SavedGame, owner: Owner) -> PlayGame | None:
    try:
        setup = PlaySetup.parse(row.settings)
        table = Table.resume(setup, GameRecord.parse(row.record), row.place)
    except (NotationError, RecordProblem, ValueError):
        return None
    return PlayGame(row.game_id, table, owner, row.version, row.imported)


@dataclass(frozen=True, slots=True)
class Loaded:
    """What opening the Play page found: the game the player was at (None: none), and a
    problem to tell (the store could not be read, or the saved game does not play back)."""

    game: PlayGame | None = None
    problem: str | None = None


def load_game(profile: Profile) -> Loaded:
    """The player's game in progress (or just finished, results not yet left), replayed to
    where it was left and showing what the person was looking at."""
    store = _store()
    if store is None:
        return Loaded()
    try:
        row = store.game_in_progress(profile.id)
    except StoreError as err:
        session.report_failure(err)
        return Loaded(
            problem=f"Your saved game could not be read just now ({describe_error(err)})."
        )
    if row is None:
        return Loaded()
    game = _as_page_game(row, Owner.of(profile))
    if game is None:
        return Loaded(
            problem="Your last saved game no longer plays back, so it was left in the progress "
            "file as it is. Start a new game below."
        )
    return Loaded(game)


def load(profile: Profile, game_id: str) -> PlayGame | None:
    """One of the player's games by id (None: not theirs, gone, or unreadable)."""
    store = _store()
    if store is None:
        return None
    try:
        row = store.game(profile.id, game_id)
    except StoreError as err:
        session.report_failure(err)
        return None
    return _as_page_game(row, Owner.of(profile)) if row is not None else None


def unfinished(profile: Profile) -> list[SavedGame]:
    """The player's games still being played, the latest first (empty if unreadable)."""
    store = _store()
    if store is None:
        return []
    try:
        return store.unfinished_games(profile.id)
    except StoreError as err:
        session.report_failure(err)
        return []


def finished_setups(profile: Profile) -> list[tuple[str, str]]:
    """The setup and result of each of the player's finished games (for the first games'
    ladder; empty if unreadable)."""
    store = _store()
    if store is None:
        return []
    try:
        return store.finished_setups(profile.id)
    except StoreError as err:
        session.report_failure(err)
        return []


def resign(profile: Profile, row: SavedGame) -> str | None:
    """Give up one of the player's unfinished games (it counts as a loss); the problem in
    words, or None when it is done."""
    return _resign(profile.id, row)


def resign_page_game(game: PlayGame) -> str | None:
    """Give up the game on the page: a loss for the player it is kept under, from their
    seat (at a table of people, a seated person, whoever the device's player is); the
    problem in words, or None when it is done."""
    store = _store()
    found = None
    try:
        found = store.profile(game.owner.id) if store is not None else None
    except StoreError as err:
        session.report_failure(err)
    seat = seat_of(game.table, found) if found is not None else ME
    return _resign(
        game.owner.id, saved_row(game.game_id, game.table, version=game.version, seat=seat)
    )


def _resign(profile_id: int, row: SavedGame) -> str | None:
    store = _store()
    if store is None:
        return session.store_problem() or "the progress file cannot be used"
    try:
        store.save_game(profile_id, row._replace(status="lost", resigned=True, place="left"))
    except StaleGameError:
        return "That game moved on in another tab or window; it was not resigned."
    except (StoreError, ValueError) as err:
        if isinstance(err, StoreError):
            session.report_failure(err)
        return _reason(err)
    return None


def review_id(game: PlayGame, profile: Profile) -> str | None:
    """The id of ``profile``'s own row of the game on the page, for "Review this game": the
    game's own row when it is kept under them, the row kept for their seat at a table of
    people kept under another of its people, None when they did not sit at the table (each
    person who did finds its review on their own Progress page)."""
    if game.shared is not None or game.owner == Owner.of(profile):
        return game.row_id
    if not sits_at(game.table.setup, profile):
        return None
    return others_game_id(game.game_id, seat_of(game.table, profile))


def device_tables(profile: Profile) -> list[tuple[Profile, SavedGame]]:
    """The games of people on this device still being played that are kept under another
    of its players (each under a person who sits at it: see :func:`keeper`), with that
    player (player by player, each one's latest first): the device's player opens them
    from the Play page whether or not they sit at the table. None in a club, where each
    member plays on their own device (empty too if the store cannot be read)."""
    store = _store()
    if store is None or session.club_mode():
        return []
    found: list[tuple[Profile, SavedGame]] = []
    try:
        for other in store.profiles():
            if other.id == profile.id:
                continue
            found += [
                (other, row)
                for row in store.unfinished_games(other.id)
                if not row.level.startswith("@") and _is_people(row.settings)
            ]
    except StoreError as err:
        session.report_failure(err)
        return []
    return found


def _is_people(settings: str) -> bool:
    """A stored setup names a person at the table (a game of people on one device)."""
    if "lineup=" not in settings:
        return False
    try:
        return bool(_seated(PlaySetup.parse(settings)))
    except ValueError:
        return False


def stats(profile: Profile, level: Level, target: int, seats: int = 2) -> GameStats | None:
    """The player's record against a level, length and table size (None: unreadable)."""
    store = _store()
    if store is None:
        return None
    try:
        return store.game_stats(profile.id, level, target, seats)
    except StoreError as err:
        session.report_failure(err)
        return None


def find_same_game(profile: Profile, setup: PlaySetup, seed: int) -> SavedGame | None:
    """A game of the player's dealt from the same seed with the same level and rules (an
    import of it is the same game, not a new one)."""
    store = _store()
    if store is None:
        return None
    try:
        rows = store.games_with_seed(profile.id, seed)
    except StoreError as err:
        session.report_failure(err)
        return None
    for row in rows:
        try:
            other = PlaySetup.parse(row.settings)
        except ValueError:
            continue
        if (other.level, other.settings) == (setup.level, setup.settings):
            return row
    return None


def count_attempt(
    event: ShowEvent, *, game_seed: int, deal_no: int, seconds: float, muggins: bool = True
) -> AttemptIn:
    """A count the person made (under muggins, or aloud), as the store keeps it (graded by
    :func:`trainer.training.grading.grade_game_count`)."""
    grade = grade_game_count(
        event, game_seed=game_seed, deal_no=deal_no, seconds=seconds, muggins=muggins
    )
    return grade.attempt()


def record_count(state: PlayGame, event: ShowEvent, index: int, *, seconds: float) -> None:
    """Store the person's own count as a counting answer (see :func:`count_attempt`), once:
    its key is the game and the event's place in it. At a table of people on this device
    it is stored for the person who counted, never for the player chosen on the device (a
    person no longer among the device's players has it stored for nobody)."""
    game = state.table.game
    owner: AnswerOwner | None = None
    names = state.table.names
    if names.people:
        profile = _profile_named(dict(names.people)[event.seat])
        if profile is None:
            return
        owner = AnswerOwner(profile.id, profile.created_at)
    attempt = count_attempt(
        event,
        game_seed=game.seed,
        deal_no=game.deal_no,
        seconds=seconds,
        muggins=game.settings.muggins,
    )
    session.record_attempt(attempt, key=f"game:{state.game_id}/{index}", owner=owner)


def _profile_named(name: str) -> Profile | None:
    """The device's player called ``name`` (None: nobody, or the store cannot say)."""
    store = _store()
    if store is None:
        return None
    try:
        return store.profile_named(name)
    except StoreError:
        return None


@dataclass(slots=True)
class PlayState:
    """What the Play page keeps between runs besides its widgets' values (the parts that
    use it are in :mod:`trainer.ui.play_page`)."""

    #: The game on the page (None: the page offers a new one, or the unfinished ones).
    game: PlayGame | None = None
    #: Whose game the page has loaded: another player chosen loads theirs.
    loaded_for: Owner | None = None
    #: Games of other players of this browser that could not be saved yet, by owner.
    held: dict[Owner, PlayGame] = field(default_factory=dict)
    #: A question waiting for an answer: ``"new"`` (leave this game?) or a game id to resign.
    confirm: str | None = None
    #: A refusal or a word about the game, said above the table (or above the lists).
    note: str = ""
    #: When the person began counting the hand next in the show (``time.monotonic()``).
    claim_started: float | None = None
    #: The combinations the person has tapped for the hand being counted, by the cards'
    #: key (see :class:`trainer.ui.cardpick.CardPicker`).
    claims: dict[str, list[Claim]] = field(default_factory=dict)
    #: At a table of people on one device: the seat whose person has tapped that only
    #: they are looking (the table shows that seat's cards; another seat's turn asks first).
    handed: int | None = None
    #: The win line of the game on the page (games of two), followed as it is played so
    #: that its results do not work it out at once: ``(game id, line)``.
    win_line: tuple[str, FollowedLine] | None = None

    def ask_new(self) -> None:
        """ "Start a new game": ask first whether to keep this one or resign it."""
        self.confirm = "new"

    def ask_resign(self, game_id: str) -> None:
        """ "Resign" beside an unfinished game: ask first."""
        self.confirm = game_id

    def cancel(self) -> None:
        """The question asked is put away (the game goes on as it was)."""
        self.confirm = None

    def leave(self) -> None:
        """The game leaves the page (kept, finished or resigned), and any question with it."""
        self.game = None
        self.confirm = None

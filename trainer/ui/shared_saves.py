"""A game across devices on the Play page: each device's table is its own person's seat
(:attr:`Table.own <trainer.training.table.Table.own>`), resumed from the one stored record
(:mod:`trainer.progress.store.shared_games`) at the place that seat's device was looking,
with that person's coach and hints; and its saves.

A move is saved over the version the device was showing: a device that is behind is refused
(:class:`~trainer.ui.play_saves.Stale`) and shown the game as stored; only a throw or a cut
for deal, which do not hang on the other's move, is made again on the game as stored. What
the seat alone keeps (the deals it asked a hint on, how far it has stepped through a hand
shown) is written with every save, and on its own when the record did not change (it never
moves the game's version on: the other device has nothing new to draw). When the game ends,
each person's result is written under their own profile in the same save.
"""

from __future__ import annotations

from trainer.engine.events import CutEvent, DiscardEvent
from trainer.engine.game import Game
from trainer.engine.notation import NotationError
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import RuleError
from trainer.progress.store import (
    SavedGame,
    SharedGame,
    SharedGameError,
    StaleSharedGameError,
    StoreError,
    describe_error,
)
from trainer.training.records import Profile
from trainer.training.table import PERSON_MARK, CoachMode, Person, PlaySetup, RecordProblem, Table
from trainer.ui import session
from trainer.ui.play_saves import Owner, PlayGame, Saved, SaveOutcome, Stale, Unsaved

__all__ = [
    "LEVEL_MAX",
    "MOVED_ON",
    "device_game",
    "names_of",
    "results",
    "save_shared",
    "shared_setup",
]

#: The longest level the store keeps (a game against a person: their name, marked).
LEVEL_MAX = 40
#: What a device that was behind is told when its move was refused.
MOVED_ON = (
    "The game had moved on from another device: that move was not made. "
    "Here it is as it stands now."
)


def names_of(game: SharedGame) -> list[str]:
    """Each seat's person by name (a seat kept for a code: whoever comes with it)."""
    names = ["?"] * len(game.seats)
    for seat in game.seats:
        names[seat.seat] = seat.name or "someone with the code"
    return names


def _hints(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split(".") if n.isascii() and n.isdigit() and int(n) > 0)


def shared_setup(game: SharedGame) -> PlaySetup:
    """The game's setup: its rules, and each seat's person with their own coach and hints."""
    names = names_of(game)
    lineup = tuple(
        Person(names[seat.seat], CoachMode.parse(seat.coach), _hints(seat.hints))
        for seat in sorted(game.seats)
    )
    return PlaySetup(settings=Settings.parse(game.settings), lineup=lineup)


def device_game(game: SharedGame, profile: Profile, place: str | None = None) -> PlayGame | None:
    """The game as ``profile``'s device plays it: the table of their own seat, at ``place``
    (None: where their seat's device was last looking, as stored). None when they do not
    sit at it, or it does not play back."""
    seat = game.seat_of(profile.id)
    if seat is None:
        return None
    mine = game.person_at(seat)
    assert mine is not None
    try:
        table = Table.resume(
            shared_setup(game),
            GameRecord.parse(game.record),
            mine.place if place is None else place,
            own=seat,
        )
    except (NotationError, RecordProblem, ValueError):
        return None
    return PlayGame(game.game_id, table, Owner.of(profile), game.version, shared=game)


def results(
    game: SharedGame, played: Game, *, resigner: int | None = None
) -> list[tuple[int, SavedGame]]:
    """Each person's result, under their own profile (one row each): its setup names both
    people and the seat it is kept for (the Review page reviews that seat's moves), its
    level the other person (Progress says the game was against them)."""
    names = names_of(game)
    setup = shared_setup(game)
    scores = played.scores
    rows = []
    winner = played.winner
    for seat in game.seats:
        if seat.profile_id is None:
            continue
        theirs = max(s for i, s in enumerate(scores) if i != seat.seat)
        won = seat.seat != resigner if resigner is not None else winner == seat.seat
        kept = PlaySetup(settings=setup.settings, lineup=setup.lineup, seat=seat.seat)
        rows.append(
            (
                seat.profile_id,
                SavedGame(
                    f"{game.game_id}.{seat.seat}",
                    kept.notation(),
                    (PERSON_MARK + names[1 - seat.seat])[:LEVEL_MAX],
                    setup.settings.target,
                    played.record().notation(),
                    "won" if won else "lost",
                    min(scores[seat.seat], 999),
                    min(theirs, 999),
                    played.skunk() if (won and resigner is None) else 0,
                    place="left",
                    resigned=resigner == seat.seat,
                ),
            )
        )
    return rows


def _again(page: PlayGame, stored: SharedGame) -> PlayGame | None:
    """The page's throw or cut for deal made again on the game as stored (neither hangs on
    the other's move); None when the move was another, or no longer fits."""
    assert page.shared is not None
    base = len(GameRecord.parse(page.shared.record).events)
    events = page.table.game.events
    own = page.table.own
    if len(events) <= base:
        return None
    mine = events[base]
    if not isinstance(mine, DiscardEvent | CutEvent) or mine.seat != own:
        return None
    again = _resumed(page, stored)
    if again is None:
        return None
    try:
        if isinstance(mine, DiscardEvent):
            again.table.discard(mine.cards)
        else:
            again.table.cut_for_deal()
    except (RuleError, ValueError):
        return None
    return again


def _resumed(page: PlayGame, stored: SharedGame) -> PlayGame | None:
    """The game as stored, on the page's device, where the page was looking."""
    store = session.current_store()
    profile = store.profile(page.owner.id) if store is not None else None
    if profile is None:
        return None
    return device_game(stored, profile, page.table.place())


def save_shared(page: PlayGame) -> SaveOutcome:
    """Save the device's move over the version it is based on (see the module docstring);
    the page's game takes the stored version (and, after a throw made again, the stored
    game's table)."""
    store = session.current_store()
    shared = page.shared
    assert shared is not None
    if store is None:
        page.unsaved = session.store_problem() or "the progress file cannot be used"
        return Unsaved(page.unsaved)
    for attempt in range(2):
        table = page.table
        record = table.game.record().notation()
        hints = ".".join(str(n) for n in sorted(table.person(table.seat).hints))
        try:
            if record != shared.record:
                done = table.game.is_over
                shared = store.save_shared_game(
                    page.owner.id,
                    shared,
                    record=record,
                    turn=_turn(table),
                    results=results(shared, table.game) if done else (),
                )
            kept = store.keep_shared_seat(
                shared.game_id, page.owner.id, hints=hints, place=table.place()
            )
        except StaleSharedGameError as err:
            assert err.stored is not None
            again = _again(page, err.stored) if attempt == 0 else None
            if again is not None:
                page.table, page.shared, shared = again.table, err.stored, err.stored
                page.version = err.stored.version
                continue
            page.unsaved = None
            return Stale(_resumed(page, err.stored), finished=not err.stored.open, said=MOVED_ON)
        except SharedGameError as err:
            page.unsaved = None
            stored = _resumed(page, err.stored) if err.stored is not None else None
            said = str(err)
            return Stale(stored, finished=err.stored is not None and not err.stored.open, said=said)
        except (StoreError, ValueError) as err:
            if isinstance(err, StoreError):
                session.report_failure(err)
            page.unsaved = describe_error(err)
            return Unsaved(page.unsaved)
        page.shared = kept or shared
        page.version = page.shared.version
        page.unsaved = None
        return Saved()
    raise AssertionError("a throw made again is saved or refused")  # pragma: no cover


def _turn(table: Table) -> int | None:
    """The one seat the game waits for (None: several, or nobody)."""
    game = table.game
    waiting = () if game.is_over else game.waiting_for()
    return waiting[0] if len(waiting) == 1 else None

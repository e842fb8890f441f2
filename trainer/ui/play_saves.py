"""What the Play page calls to save and load games, for the player who is practising.

Games live in the progress store (:meth:`trainer.progress.store.Store.save_game`), one row per game
with its record's text rewritten after every action. When the store cannot be used the game
is still played; it lasts until the page is closed (:func:`trainer.ui.session.store_problem`
says why).
"""

from __future__ import annotations

import sqlite3
import uuid

from trainer.engine.record import GameRecord, NotationError, ShowEvent
from trainer.engine.show import ShowScore
from trainer.engine.vocab import Which
from trainer.progress.store import GameStats, SavedGame, StoreError
from trainer.training.drills import ShowQuestion
from trainer.training.grading import grade_quick
from trainer.training.play import ME, PlaySetup, RecordProblem, Table
from trainer.training.records import AttemptIn
from trainer.ui import session

__all__ = [
    "count_attempt",
    "load_game",
    "new_game_id",
    "record_count",
    "save_game",
    "saved_row",
    "stats",
]

#: The tier a count made in a game is stored under.
GAME_TIER = "game"


def new_game_id() -> str:
    return uuid.uuid4().hex


def _status(table: Table) -> str:
    winner = table.game.winner
    if winner is None:
        return "playing"
    return "won" if winner == ME else "lost"


def saved_row(game_id: str, table: Table) -> SavedGame:
    """The store's row for a game as it stands."""
    game = table.game
    scores = game.scores
    return SavedGame(
        game_id=game_id,
        settings=table.setup.notation(),
        level=table.level,
        target=game.settings.target,
        record=game.record().notation(),
        status=_status(table),
        my_score=scores[0],
        their_score=scores[1],
        skunk=game.skunk(),  # whoever won: a skunk given or taken
    )


def save_game(game_id: str, table: Table) -> bool:
    """Write the game for the player who is practising; False when it could not be saved."""
    store = session.current_store()
    profile = session.current_profile()
    if store is None or profile is None:
        return False
    try:
        store.save_game(profile.id, saved_row(game_id, table))
    except (sqlite3.Error, StoreError, ValueError):
        return False
    return True


def load_game() -> tuple[str, Table] | None:
    """The player's game in progress, replayed to where it was left (None if there is none,
    or if it no longer plays back)."""
    store = session.current_store()
    profile = session.current_profile()
    if store is None or profile is None:
        return None
    try:
        row = store.game_in_progress(profile.id)
    except (sqlite3.Error, StoreError):
        return None
    if row is None:
        return None
    try:
        setup = PlaySetup.parse(row.settings)
        table = Table.resume(setup, GameRecord.parse(row.record))
    except (NotationError, RecordProblem, ValueError):
        return None
    return row.game_id, table


def stats(level: str, target: int) -> GameStats | None:
    store = session.current_store()
    profile = session.current_profile()
    if store is None or profile is None:
        return None
    try:
        return store.game_stats(profile.id, level, target)
    except (sqlite3.Error, StoreError):
        return None


def count_attempt(event: ShowEvent, *, game_seed: int, deal_no: int, seconds: float) -> AttemptIn:
    """A count the person made under muggins, graded exactly like a typed total in a drill
    (drill ``hand`` or ``crib``, tier ``game``)."""
    score: ShowScore = event.score
    crib = event.which is Which.CRIB
    question = ShowQuestion(
        drill="crib" if crib else "hand",
        tier=GAME_TIER,
        seed=game_seed,
        index=deal_no,
        hand=score.hand,
        starter=score.starter,
        crib=crib,
        score=score,
        features=frozenset(),
    )
    assert event.claimed is not None
    return grade_quick(question, event.claimed, seconds=seconds, muggins=True).attempt()


def record_count(event: ShowEvent, *, game_seed: int, deal_no: int, seconds: float) -> None:
    """Store the person's muggins count as a counting answer (see :func:`count_attempt`)."""
    attempt = count_attempt(event, game_seed=game_seed, deal_no=deal_no, seconds=seconds)
    session.record_attempt(attempt)

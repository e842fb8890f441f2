"""Helpers the tests share for the progress store: one answer stored, as a page stores it."""

from __future__ import annotations

from trainer.progress.store import Store
from trainer.training.records import AttemptIn


def add_answer(
    store: Store, profile_id: int, attempt: AttemptIn, *, session: str = "", key: str | None = None
) -> int:
    """Store one graded answer (``key``: its place, stored once) and return its id."""
    [(new_id, _)] = store.add_attempts_each(profile_id, [(attempt, key)], session=session)
    return new_id


def imported_games(store: Store, profile_id: int) -> int:
    """How many of the player's games were read in from records (read off the stored rows)."""
    games = store.dump()["games"]
    player, imported = games.columns.index("profile_id"), games.columns.index("imported")
    return sum(1 for row in games.rows if row[player] == profile_id and row[imported])


def store_at_version(location: str, version: int) -> Store:
    """A new store at the older schema ``version``, as a trainer of that version left it: the
    store's own migrations up to it, on the backend ``location`` names (a file's path, or a
    server's database)."""
    store = Store(location)
    store._prepare(upto=version)
    assert store.schema_version() == version
    return store

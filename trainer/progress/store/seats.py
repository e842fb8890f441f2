"""How many sat at a game's table, read from its row the way the engine reads a game.

A game's row keeps its setup as the Play page writes it (``settings``: ``level=hard
target=121 skunks=on counting=automatic seats=3``, see
:meth:`trainer.training.table.PlaySetup.notation`): the Play page's own words (the level,
the coach, the deals a hint was asked on) and then the game's rules, which
:meth:`trainer.engine.settings.Settings.parse` reads back. The table's size is the rules'
``seats``; the store keeps it in the row's ``seats`` column, written at every save and
worked out once, by the migration that added it, for the games stored before.
"""

from __future__ import annotations

from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.progress.store.backend import Connection

__all__ = ["PLAY_KEYS", "backfill_seats", "setup_seats", "stored_seats"]

#: The words of a game's setup that are the Play page's, not the game's rules (what
#: :meth:`trainer.training.table.PlaySetup.parse` takes out before the rules are read).
PLAY_KEYS: tuple[str, ...] = ("level", "coach", "hints", "lineup")


def setup_seats(settings: str) -> int:
    """The number of seats a game's setup gives (2 when it names none, as every game
    before three and four did); :class:`~trainer.engine.notation.NotationError` when its
    rules do not read.

    >>> setup_seats("level=hard target=121 skunks=on counting=automatic seats=3 coach=moves")
    3
    >>> setup_seats("level=easy target=61")
    2
    """
    rules = [word for word in settings.split() if word.partition("=")[0] not in PLAY_KEYS]
    return Settings.parse(" ".join(rules)).seats


def stored_seats(settings: str, record: str) -> int:
    """The seats of a game stored before the store kept them: its setup's, or else its
    record's headers' (the same rules, written at the top of the record), or else two (a
    row that reads neither way does not play back either)."""
    try:
        return setup_seats(settings)
    except ValueError:  # NotationError, or anything else a row never meant for a game gives
        pass
    try:
        return GameRecord.parse(record).settings.seats
    except ValueError:
        return 2


def backfill_seats(conn: Connection) -> None:
    """Give every stored game the seats its row says (the column starts at 2 for all;
    only the games of three and four are written)."""
    rows = conn.execute("SELECT id, settings FROM games ORDER BY id").fetchall()
    changed: list[tuple[int, int]] = []
    for game_id, settings in rows:
        try:
            seats = setup_seats(str(settings))
        except ValueError:
            (record,) = conn.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()
            seats = stored_seats(str(settings), str(record))
        if seats != 2:
            changed.append((seats, int(game_id)))
    if changed:
        conn.executemany("UPDATE games SET seats = ? WHERE id = ?", changed)

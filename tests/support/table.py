"""The Play page's :class:`~trainer.training.table.Table` read as a test reads it."""

from __future__ import annotations

from trainer.engine.events import ShowEvent
from trainer.training.table import Table, event_lines


def recent_lines(table: Table) -> list[str]:
    """What happened since the last action of the person in the table's seat, in order, as
    the table tells it (the counts of the show are told by the show itself)."""
    names, viewer = table.names, table.viewer
    return [
        line
        for event in table.game.events[table.mark :]
        if not isinstance(event, ShowEvent)
        for line in event_lines(event, table.game.players, names=names, viewer=viewer)
    ]

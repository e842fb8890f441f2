"""The players a tournament seats: every level of the Play page, and the variants kept for
comparison (:data:`VARIANTS`), which the Play page never offers.

>>> tournament_player("crazy-points", seed=1).level
'crazy-points'
"""

from __future__ import annotations

from trainer.analysis.players import LEVELS, VARIANTS, ComputerPlayer, computer_player

__all__ = ["PLAYERS", "VARIANTS", "tournament_player"]

#: Every player a tournament can seat, the levels first.
PLAYERS: tuple[str, ...] = (*LEVELS, *VARIANTS)


def tournament_player(level: str, *, seed: int | str | None = None) -> ComputerPlayer:
    """A player at ``level`` (one of :data:`PLAYERS`) with its own generator."""
    if level not in PLAYERS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(PLAYERS)}")
    return computer_player(level, seed=seed)

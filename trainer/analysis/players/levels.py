"""The levels by name: :data:`LEVELS`, offered on the Play page, and :func:`computer_player`,
which makes one. (The tournament seats variants kept for comparison too:
:mod:`trainer.analysis.tournament.variants`.)
"""

from __future__ import annotations

from typing import Literal

from trainer.analysis.players.base import ComputerPlayer, Player
from trainer.analysis.players.crazy import Crazy
from trainer.analysis.players.easy import Easy
from trainer.analysis.players.hard import Hard
from trainer.analysis.players.normal import Normal

__all__ = ["LEVELS", "Level", "computer_player"]

Level = Literal["easy", "normal", "hard", "crazy"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard", "crazy")


_LEVEL_CLASSES: dict[str, type[Player]] = {
    "easy": Easy,
    "normal": Normal,
    "hard": Hard,
    "crazy": Crazy,
}


def computer_player(level: str, *, seed: int | str | None = None) -> ComputerPlayer:
    """A computer player at ``level`` (one of :data:`LEVELS`) with its own generator.

    >>> from trainer.engine import Game
    >>> game = Game(seed=4)
    >>> while game.dealer is None:
    ...     _ = [game.cut_for_deal(seat) for seat in game.waiting_for()]
    >>> player = computer_player("normal", seed=1)
    >>> throw = player.discard(game.view(0))
    >>> len(throw), game.can_discard(0, throw)
    (2, True)
    """
    cls = _LEVEL_CLASSES.get(level)
    if cls is None:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    return cls(seed)

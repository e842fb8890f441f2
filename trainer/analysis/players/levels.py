"""The levels by name: :data:`LEVELS` offered on the Play page, :data:`VARIANTS` kept for
comparison, and :func:`computer_player`, which makes one.
"""

from __future__ import annotations

from typing import Literal

from trainer.analysis.players.base import ComputerPlayer, Player
from trainer.analysis.players.crazy import Crazy
from trainer.analysis.players.crazy_points import CrazyPoints
from trainer.analysis.players.easy import Easy
from trainer.analysis.players.hard import Hard
from trainer.analysis.players.normal import Normal

__all__ = ["LEVELS", "VARIANTS", "Level", "Variant", "computer_player"]

Level = Literal["easy", "normal", "hard", "crazy"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard", "crazy")
#: Players kept for comparison, not offered on the Play page: ``crazy-points`` is Crazy
#: as it was before it knew the score (it plays every deal for points) or read the other
#: hands by what a good player keeps.
Variant = Literal["crazy-points"]
VARIANTS: tuple[Variant, ...] = ("crazy-points",)


_LEVEL_CLASSES: dict[str, type[Player]] = {
    "easy": Easy,
    "normal": Normal,
    "hard": Hard,
    "crazy": Crazy,
    "crazy-points": CrazyPoints,
}


def computer_player(level: str, *, seed: int | str | None = None) -> ComputerPlayer:
    """A computer player at ``level`` (one of :data:`LEVELS`, or of :data:`VARIANTS` for
    comparisons) with its own generator.

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
        raise ValueError(
            f"unknown level {level!r}: choose one of {', '.join((*LEVELS, *VARIANTS))}"
        )
    return cls(seed)

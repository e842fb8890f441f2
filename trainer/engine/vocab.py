"""The words the engine uses for who is who and what happens when.

Seats are the integers 0 and 1 and never change during a game; roles (dealer,
pone) swap every deal. How a seat is named to a person belongs to the app.

>>> Role.DEALER, other(0)
(Role.DEALER, 1)
>>> str(Phase.PLAY)
'play'
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["SEATS", "Counting", "Phase", "Role", "RuleError", "Which", "other", "seat_name"]

#: The two seats at the table.
SEATS: tuple[int, int] = (0, 1)


class RuleError(ValueError):
    """The base of every error for an action the rules do not allow, in the play
    (:class:`~trainer.engine.play.PeggingError`) or the game
    (:class:`~trainer.engine.game.GameRuleError`)."""


class _Word(StrEnum):
    """A StrEnum whose ``repr`` can be pasted back into Python (``Role.DEALER``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Role(_Word):
    """What a seat is in the current deal."""

    DEALER = "dealer"
    PONE = "pone"


class Which(_Word):
    """What is counted in the show: a player's hand, or the dealer's crib."""

    HAND = "hand"
    CRIB = "crib"


class Counting(_Word):
    """Who counts the show: the engine (automatic) or the players themselves (muggins)."""

    AUTOMATIC = "automatic"
    MUGGINS = "muggins"


class Phase(_Word):
    """Where a game stands."""

    CUT = "cut"  # cutting for deal
    DISCARD = "discard"  # two cards each to the crib
    STARTER = "starter"  # the pone cuts, the starter is turned
    PLAY = "play"  # the play (pegging)
    SHOW = "show"  # the hands and the crib are counted
    DONE = "done"  # the deal is over: deal the next one
    OVER = "over"  # someone reached the target


def other(seat: int) -> int:
    """The seat across the table."""
    return 1 - seat


def seat_name(seat: int) -> str:
    """How error messages name a seat: seat 0 is player 1."""
    return f"player {seat + 1}"

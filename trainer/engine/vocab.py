"""The words the engine uses for who is who and what happens when.

Seats are the integers 0 to ``n - 1`` round the table (two, three or four players) and
never change during a game; the seat on a player's left is the next one
(:func:`left_of`), and the deal, the lead and the show go round to the left. A **side**
is who scores together: each player alone with two or three, and the two partnerships
(seats 0 and 2, seats 1 and 3) with four. Roles (dealer, pone) move every deal. How a
seat is named to a person belongs to the app.

>>> Role.DEALER, other(0), left_of(3, 4), side_of(3, 4)
(Role.DEALER, 1, 0, 1)
>>> str(Phase.PLAY)
'play'
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "PLAYERS",
    "SEATS",
    "Counting",
    "Phase",
    "Role",
    "RuleError",
    "Seat",
    "Which",
    "left_of",
    "other",
    "partner_of",
    "seat_name",
    "seats_of",
    "side_of",
    "sides_of",
]

#: A seat at the table (0 to the number of players less one).
Seat = int
#: How many may play: two, three, or four as two partnerships.
PLAYERS: tuple[int, ...] = (2, 3, 4)
#: The two seats at the table of a two-player game.
SEATS: tuple[int, int] = (0, 1)


def seats_of(players: int) -> tuple[Seat, ...]:
    """Every seat of a game of ``players``."""
    return tuple(range(players))


def left_of(seat: Seat, players: int) -> Seat:
    """The seat on ``seat``'s left: the next to deal, to lead after the dealer, to count."""
    return (seat + 1) % players


def sides_of(players: int) -> int:
    """How many sides score: a player each, or two partnerships with four players."""
    return 2 if players == 4 else players


def side_of(seat: Seat, players: int) -> int:
    """The side ``seat`` scores for (its partnership with four players: 0 and 2, 1 and 3)."""
    return seat % 2 if players == 4 else seat


def partner_of(seat: Seat, players: int) -> Seat | None:
    """The seat across the table in a game of four (None with two or three players)."""
    return (seat + 2) % 4 if players == 4 else None


class RuleError(ValueError):
    """The base of every error for an action the rules do not allow, in the play
    (:class:`~trainer.engine.pegging.PeggingError`) or the game
    (:class:`~trainer.engine.game_errors.GameRuleError`)."""


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
    """Who counts the show: the engine (automatic), or the players themselves: under
    muggins (points missed go to the other side), or aloud (for learning: each says their
    count first, then the hand pegs what it really makes, and nobody takes what was missed)."""

    AUTOMATIC = "automatic"
    MUGGINS = "muggins"
    ALOUD = "aloud"


class Phase(_Word):
    """Where a game stands."""

    CUT = "cut"  # cutting for deal
    DISCARD = "discard"  # two cards each to the crib
    STARTER = "starter"  # the pone cuts, the starter is turned
    PLAY = "play"  # the play (pegging)
    SHOW = "show"  # the hands and the crib are counted
    DONE = "done"  # the deal is over: deal the next one
    OVER = "over"  # someone reached the target


def other(seat: Seat) -> Seat:
    """The seat across the table."""
    return 1 - seat


def seat_name(seat: Seat) -> str:
    """How error messages name a seat: seat 0 is player 1."""
    return f"player {seat + 1}"

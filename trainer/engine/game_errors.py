"""The errors a :class:`~trainer.engine.game.Game` raises for an action its rules do not
allow, each with a message that says what is going on (the play's own errors are
:class:`~trainer.engine.pegging.PeggingError`), and :class:`ReplayError` for a record that
does not play back.

>>> WrongPhaseError(Phase.SHOW, Phase.PLAY).args[0]
'that belongs to the show, but the play is still going on'
"""

from __future__ import annotations

from trainer.engine.vocab import Phase, RuleError, seat_name

__all__ = [
    "AlreadyActedError",
    "BadClaimError",
    "BadCutError",
    "BadDiscardError",
    "CountOrderError",
    "GameOverError",
    "GameRuleError",
    "NoSuchSeatError",
    "NotACardError",
    "ReplayError",
    "WrongPhaseError",
]


class GameRuleError(RuleError):
    """An action the rules of the game do not allow (the play's own errors are
    :class:`~trainer.engine.pegging.PeggingError`)."""


def side_name(side: int, players: int) -> str:
    """How error messages name a side: a player, or a partnership of four."""
    if players == 4:
        return f"{seat_name(side)} and {seat_name(side + 2)}"
    return seat_name(side)


class GameOverError(GameRuleError):
    """An action after someone has already reached the target."""

    def __init__(self, winner: int, target: int, players: int = 2) -> None:
        self.winner = winner
        super().__init__(f"the game is over: {side_name(winner, players)} reached {target}")


_PHASE_NAME: dict[Phase, str] = {
    Phase.CUT: "the cut for deal",
    Phase.DISCARD: "the discard to the crib",
    Phase.STARTER: "cutting for the starter",
    Phase.PLAY: "the play",
    Phase.SHOW: "the show",
    Phase.DONE: "the end of a deal",
}
_PHASE_NOW: dict[Phase, str] = {
    Phase.CUT: "the players are still cutting for deal",
    Phase.DISCARD: "the players are still giving cards to the crib",
    Phase.STARTER: "the starter has not been turned yet",
    Phase.PLAY: "the play is still going on",
    Phase.SHOW: "the hands are waiting to be counted",
    Phase.DONE: "this deal is finished: deal the next one",
}


class WrongPhaseError(GameRuleError):
    """An action that belongs to another part of the deal."""

    def __init__(self, wanted: Phase, now: Phase) -> None:
        self.wanted = wanted
        self.now = now
        super().__init__(f"that belongs to {_PHASE_NAME[wanted]}, but {_PHASE_NOW[now]}")


class NoSuchSeatError(GameRuleError):
    """A seat the table does not have."""

    def __init__(self, seat: object, players: int = 2) -> None:
        self.seat = seat
        seats = "0 and 1" if players == 2 else f"0 to {players - 1}"
        super().__init__(f"{seat!r} is not a seat: the seats are {seats}")


class AlreadyActedError(GameRuleError):
    """A seat cut for deal or discarded twice."""


class BadCutError(GameRuleError):
    """A cut too near either end of the pack."""

    def __init__(self, at: object, low: int, high: int) -> None:
        # the lowest cut leaves ``low`` cards above it, and the highest as many below
        self.at = at
        super().__init__(
            f"cut at {at!r}: cut between {low} and {high}, leaving at least"
            f" {low} cards on each side"
        )


class BadDiscardError(GameRuleError):
    """Not the number of different cards each player gives the crib (two between two
    players, one among three or four)."""


class NotACardError(GameRuleError):
    """Something given as a card that is not a :class:`~trainer.engine.cards.Card`."""

    def __init__(self, value: object) -> None:
        self.value = value
        super().__init__(f"{value!r} is not a card: parse it first, like Card.parse('5H')")


class CountOrderError(GameRuleError):
    """A hand counted out of order: the pone's hand, then the dealer's, then the crib."""


class BadClaimError(GameRuleError):
    """A claimed count that cannot be taken: not a number from 0 to 29, or a claim
    when the engine does the counting."""


class ReplayError(ValueError):
    """A record whose events are not what the game makes of them; names the event."""

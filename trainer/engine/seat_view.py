"""What one seat may know at one moment of a game (:class:`SeatView`), as
:meth:`~trainer.engine.game.Game.view` gives it: never another seat's unplayed cards or
discards, nor the crib before it is counted."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.cards import Card
from trainer.engine.events import CutEvent, GoEvent, LayEvent, ShowEvent
from trainer.engine.settings import Settings
from trainer.engine.vocab import Phase, Role, other, partner_of, side_of

__all__ = ["SeatView"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything ``seat`` may know at one moment, and nothing more: never the other
    seat's unplayed cards or discards, nor the crib before it is counted."""

    seat: int
    settings: Settings
    phase: Phase
    #: Deals so far (0 during the cut for deal).
    deal_no: int
    dealer: int | None
    #: The cut for deal: both seats' cards are face up.
    cuts: tuple[CutEvent, ...]
    #: Own cards not yet laid (six before the discard, none after the play).
    hand: tuple[Card, ...]
    #: Own four cards kept after the discard.
    kept: tuple[Card, ...]
    #: Own two cards given to the crib.
    discards: tuple[Card, ...]
    #: Whether each seat has given the crib its cards yet.
    discarded: tuple[bool, ...]
    #: How many cards each seat still holds (six or five before the discard).
    held: tuple[int, ...]
    starter: Card | None
    #: Every card laid this deal, in order, with who laid it.
    laid: tuple[tuple[int, Card], ...]
    #: The current series of the play, with who laid each card.
    series: tuple[tuple[int, Card], ...]
    count: int
    #: The seat that acts next (``None`` when several may, or nobody does).
    turn: int | None
    #: Each side's score (a player's, or with four players a partnership's).
    scores: tuple[int, ...]
    #: Hands (and the crib) already counted this deal.
    shown: tuple[ShowEvent, ...]
    winner: int | None
    #: The play so far this deal, every card laid and every go said, in order: what the
    #: whole table saw (a go tells that a seat holds no card that fits).
    plays: tuple[LayEvent | GoEvent, ...] = ()

    @property
    def goes(self) -> tuple[GoEvent, ...]:
        """The goes said this deal, in order (each with the seat and the count)."""
        return tuple(event for event in self.plays if isinstance(event, GoEvent))

    @property
    def role(self) -> Role | None:
        if self.dealer is None:
            return None
        return Role.DEALER if self.seat == self.dealer else Role.PONE

    @property
    def pile(self) -> tuple[Card, ...]:
        """The cards of the current series, in order."""
        return tuple(card for _, card in self.series)

    @property
    def playable(self) -> tuple[Card, ...]:
        """Own cards that fit under 31 now (meaningful in the play)."""
        return tuple(c for c in self.hand if self.count + c.pips <= 31)

    @property
    def mine_played(self) -> tuple[Card, ...]:
        """Own cards laid this deal, in order."""
        return tuple(card for who, card in self.laid if who == self.seat)

    @property
    def players(self) -> int:
        return self.settings.seats

    @property
    def partner(self) -> int | None:
        """The seat across the table with four players (None otherwise)."""
        return partner_of(self.seat, self.players)

    @property
    def theirs_played(self) -> tuple[Card, ...]:
        """The opponents' cards laid this deal, in order (not the partner's)."""
        return tuple(card for who, card in self.laid if who not in (self.seat, self.partner))

    @property
    def opponent(self) -> int:
        """The one opponent of a game of two (``ValueError`` at three or four seats, where
        there are two or three: see :attr:`partner` and :attr:`theirs_played`)."""
        if self.players != 2:
            raise ValueError(f"a game of {self.players} has no one opponent")
        return other(self.seat)

    @property
    def opponent_discarded(self) -> bool:
        """Every other seat has given the crib its cards."""
        return all(done for seat, done in enumerate(self.discarded) if seat != self.seat)

    @property
    def opponent_cards(self) -> int:
        """How many cards the other seats still hold (the opponent's, between two)."""
        return sum(n for seat, n in enumerate(self.held) if seat != self.seat)

    @property
    def my_score(self) -> int:
        return self.scores[side_of(self.seat, self.players)]

    @property
    def their_score(self) -> int:
        """The other side's score (with three players, the best of the other two)."""
        mine = side_of(self.seat, self.players)
        return max(score for side, score in enumerate(self.scores) if side != mine)

"""The questions a drill deals, as values: a hand or crib to count, a pile whose last card
pegs, a series that has ended (who pegs for the go, who leads next); and the error for a tier
no question can be dealt for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from trainer.engine import (
    DECK,
    MAX_SHOW,
    Card,
    Kind,
    PlayScore,
    ScoreItem,
    ShowScore,
    Suit,
    format_cards,
)
from trainer.engine.skills import DrillType
from trainer.engine.vocab import Seat
from trainer.training.questions.coached import DiscardQuestion, PlayQuestion

SUITS: tuple[Suit, ...] = tuple(Suit)
JACK = 11
FIVE = 5


class GenerationError(ValueError):
    """A tier whose constraints no question can meet (or none was found in the bounded search)."""

    def __init__(self, drill: str, tier: str, reason: str) -> None:
        self.drill = drill
        self.tier = tier
        self.reason = reason
        super().__init__(f"{drill} drill, tier {tier}: {reason}")


def card_at(order: int, suit_index: int) -> Card:
    return DECK[(order - 1) * 4 + suit_index]


# --- questions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShowQuestion:
    """Count four cards with the starter (a hand, or the crib when ``crib``)."""

    drill: DrillType
    tier: str
    seed: int
    index: int
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    score: ShowScore
    features: frozenset[str]

    kind: ClassVar[str] = "show"

    @property
    def total(self) -> int:
        return self.score.total

    @property
    def most(self) -> int:
        return MAX_SHOW

    def notation(self) -> str:
        """``5H 5D 5C JS | 5S``: the hand, then the starter."""
        return f"{format_cards(self.hand)} | {self.starter}"


@dataclass(frozen=True, slots=True)
class PegQuestion:
    """What does the last card of this pile (the current series, in order) peg?"""

    drill: DrillType
    tier: str
    seed: int
    index: int
    pile: tuple[Card, ...]
    score: PlayScore
    features: frozenset[str]
    show_count: Literal["before", "after"] = "before"

    kind: ClassVar[str] = "peg"

    @property
    def total(self) -> int:
        return self.score.total

    @property
    def most(self) -> int:
        return 14

    @property
    def count_before(self) -> int:
        return self.score.count - self.pile[-1].pips

    def notation(self) -> str:
        return format_cards(self.pile)


#: How :meth:`GoQuestion.notation` names the players among three or four.
_WHO = {3: ("you", "left", "right"), 4: ("you", "left", "partner", "right")}


@dataclass(frozen=True, slots=True)
class GoStep:
    """One action of a series: ``player`` (0 you, then clockwise: 1 your opponent between
    two, the player on your left among three or four) laid ``card`` (``None``: said go),
    leaving the count at ``count``."""

    player: Seat
    card: Card | None
    count: int


@dataclass(frozen=True, slots=True)
class GoQuestion:
    """A series of the play that has just ended: who pegs for its end, what for,
    and who leads the next series (``None`` when the play is over). The players are
    those of ``hands_after``: two, three, or four (partners across the table)."""

    drill: DrillType
    tier: str
    seed: int
    index: int
    steps: tuple[GoStep, ...]
    hands_after: tuple[tuple[Card, ...], ...]
    scorer: int
    reason: Kind  # what closed the series: Kind.GO, Kind.LAST_CARD or Kind.THIRTY_ONE
    award: ScoreItem
    next_leader: Seat | None
    last_items: tuple[ScoreItem, ...]
    features: frozenset[str]

    kind: ClassVar[str] = "go"

    @property
    def total(self) -> int:
        return self.award.points

    @property
    def most(self) -> int:
        return 3

    @property
    def count(self) -> int:
        return self.steps[-1].count

    @property
    def cards_laid(self) -> int:
        return sum(1 for step in self.steps if step.card is not None)

    @property
    def players(self) -> int:
        return len(self.hands_after)

    @property
    def last_player(self) -> Seat:
        return [step.player for step in self.steps if step.card is not None][-1]

    def notation(self) -> str:
        """``you 7S, opp 7C, opp go, you AS | left: you 4C; opp -`` (among three or four:
        ``you``, ``left``, ``partner`` or ``right``)."""
        who = ("you", "opp") if self.players == 2 else _WHO[self.players]
        steps = ", ".join(
            f"{who[s.player]} {s.card if s.card is not None else 'go'}" for s in self.steps
        )
        left = "; ".join(
            f"{who[p]} {format_cards(hand) or '-'}" for p, hand in enumerate(self.hands_after)
        )
        return f"{steps} | left: {left}"


#: A counting question: the answer is a number of points (or the combinations, or who pegs).
Question = ShowQuestion | PegQuestion | GoQuestion
#: A coach drill's question: the answer is a choice, graded by the points it loses.
CoachQuestion = DiscardQuestion | PlayQuestion
#: Anything a drill deals.
Dealt = Question | CoachQuestion

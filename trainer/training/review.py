"""Game review: every decision of a finished (or imported) game, against the best one.

A game's record is replayed event by event, and at each of the person's decisions the
position is taken from :meth:`~trainer.engine.game.Game.view` of their seat at that moment
(what they could see, never the other seat's unplayed cards or discards):

* each **throw** is compared with the best throw by the discard coach
  (:func:`~trainer.training.coach.discard_advice`, the sound model of
  :func:`~trainer.analysis.analyse_discards`): its cost in points a deal and why;
* each **card laid** is valued against every card that fitted by the pegging analysis
  (:func:`~trainer.analysis.analyse_play`): what the best card would have gained on average;
* each **count** the person made under muggins: the points missed, and what the
  computer took for them.

Nothing is worked out again here: the records carry the coach's and the analysis's own
rows, and the pages format them. The numbers are points: a throw's are points a deal on
average, a card's points of the play on average, a count's the points left out.

>>> from trainer.engine import Game, Settings
>>> game = Game(Settings(target=61), seed=3)
>>> _ = game.cut_for_deal(0, at=10), game.cut_for_deal(1, at=20)
>>> for seat in (0, 1):
...     _ = game.discard(seat, game.view(seat).hand[:2])
>>> review = review_game(game.record())
>>> [(d.deal_no, d.throw is not None, d.plays) for d in review.deals]
[(1, True, ())]
>>> review.deals[0].throw.thrown == game.view(0).discards
True
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from trainer.analysis import PlayOption
from trainer.analysis.pegging import options_for, view_position
from trainer.engine.cards import Card
from trainer.engine.events import CutEvent, DealEvent, DiscardEvent, Event, LayEvent, ShowEvent
from trainer.engine.game import Game
from trainer.engine.record import GameRecord
from trainer.engine.seat_view import SeatView
from trainer.engine.settings import Settings
from trainer.engine.vocab import SEATS, Seat, Which
from trainer.training.coach import NEAR_TIE, DiscardAdvice, discard_advice
from trainer.training.table import ME, PegMove, peg_moves

__all__ = [
    "COSTLY",
    "REVIEW_METHOD",
    "CountReview",
    "DealReview",
    "Decision",
    "DecisionKind",
    "GameReview",
    "LostByKind",
    "PlayReview",
    "ThrowReview",
    "lay_options",
    "review_game",
]

#: Bumped whenever the figures a review gives change, so that stored totals made by an
#: older review are made again.
REVIEW_METHOD = 1
#: A decision costs something when it loses more than this against the best (the coach
#: calls two choices within it equal).
COSTLY = NEAR_TIE
_EPS = 1e-9
#: How many throws the coach's advice keeps, best first (with the person's own, always).
TOP_THROWS = 5


class DecisionKind(StrEnum):
    """What a decision was, in the order a deal has them."""

    THROW = "throw"
    PLAY = "play"
    COUNT = "count"

    def __repr__(self) -> str:
        return f"DecisionKind.{self.name}"


# --- the decisions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThrowReview:
    """The person's throw in deal ``deal_no``: the six dealt, the two thrown, and the
    coach's advice on it (``advice.top`` the best throws, ``advice.chosen`` the person's,
    with their hand and crib values and reasons)."""

    kind: ClassVar[DecisionKind] = DecisionKind.THROW
    deal_no: int
    event_index: int
    dealer: bool
    six: tuple[Card, ...]
    thrown: tuple[Card, Card]
    advice: DiscardAdvice
    #: The person asked for the coach's hint before this throw.
    hinted: bool = False

    @property
    def lost(self) -> float:
        """Points a deal given away against the best throw."""
        return max(self.advice.cost, 0.0)

    @property
    def best_throw(self) -> tuple[Card, Card]:
        return self.advice.best.discard.throw


@dataclass(frozen=True, slots=True)
class PlayReview:
    """One card the person laid: the position they saw (the cards held, the current series
    and its count) and every card that fitted, valued by the pegging analysis, best first."""

    kind: ClassVar[DecisionKind] = DecisionKind.PLAY
    deal_no: int
    event_index: int
    card: Card
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    count: int
    options: tuple[PlayOption, ...]

    @property
    def chosen(self) -> PlayOption:
        return next(o for o in self.options if o.card == self.card)

    @property
    def best(self) -> PlayOption:
        return self.options[0]

    @property
    def forced(self) -> bool:
        """Only one card fitted: there was nothing to choose."""
        return len(self.options) == 1

    @property
    def lost(self) -> float:
        """Points given away on average against the best card (its net less this one's)."""
        return max(self.best.net - self.chosen.net, 0.0)


@dataclass(frozen=True, slots=True)
class CountReview:
    """A count the person made under muggins: the show event (its true ``score`` with the
    items, the ``claimed`` total, and the ``muggins`` the computer took)."""

    kind: ClassVar[DecisionKind] = DecisionKind.COUNT
    deal_no: int
    event_index: int
    event: ShowEvent

    @property
    def which(self) -> Which:
        return self.event.which

    @property
    def claimed(self) -> int:
        assert self.event.claimed is not None
        return self.event.claimed

    @property
    def true(self) -> int:
        return self.event.true

    @property
    def missed(self) -> int:
        """Points the claim left out."""
        return self.event.missed

    @property
    def taken(self) -> int:
        """What the computer pegged for them (muggins; 0 when the hand had won the game)."""
        return self.event.muggins

    @property
    def over(self) -> int:
        """Points claimed that were not there (pegged only up to the true count)."""
        return max(self.claimed - self.true, 0)

    @property
    def lost(self) -> float:
        return float(self.missed)


Decision = ThrowReview | PlayReview | CountReview


# --- totals ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LostByKind:
    """Points lost, by kind of decision."""

    throws: float = 0.0
    plays: float = 0.0
    counts: float = 0.0

    @property
    def total(self) -> float:
        return self.throws + self.plays + self.counts

    def of(self, kind: DecisionKind) -> float:
        return {
            DecisionKind.THROW: self.throws,
            DecisionKind.PLAY: self.plays,
            DecisionKind.COUNT: self.counts,
        }[kind]

    def __add__(self, other: LostByKind) -> LostByKind:
        return LostByKind(
            self.throws + other.throws, self.plays + other.plays, self.counts + other.counts
        )

    @classmethod
    def of_decisions(cls, decisions: Collection[Decision]) -> LostByKind:
        def total(kind: DecisionKind) -> float:
            return sum(d.lost for d in decisions if d.kind is kind)

        return cls(total(DecisionKind.THROW), total(DecisionKind.PLAY), total(DecisionKind.COUNT))


@dataclass(frozen=True, slots=True)
class BoardPegs:
    """The board at one moment: each seat's front and back peg (-1: the start hole) and the
    last peg move."""

    front: tuple[int, int]
    back: tuple[int, int]
    last: PegMove | None


# --- a deal and a game -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealReview:
    """One deal: who dealt, the starter, the person's decisions, and the board after it.

    ``start`` and ``end`` bound its events in the record (``events[start:end]``; the first
    deal's include the cut for deal). ``scores_before`` and ``scores`` are the scores as it
    began and ended.
    """

    deal_no: int
    dealer: Seat
    start: int
    end: int
    starter: Card | None
    throw: ThrowReview | None
    plays: tuple[PlayReview, ...]
    counts: tuple[CountReview, ...]
    scores_before: tuple[int, int]
    scores: tuple[int, int]
    board: BoardPegs

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """In the order they were made: the throw, the cards laid, the counts."""
        throw: tuple[Decision, ...] = (self.throw,) if self.throw is not None else ()
        return (*throw, *self.plays, *self.counts)

    @property
    def lost(self) -> LostByKind:
        return LostByKind.of_decisions(self.decisions)

    @property
    def gained(self) -> tuple[int, int]:
        """The points each seat pegged in this deal."""
        return (self.scores[0] - self.scores_before[0], self.scores[1] - self.scores_before[1])


@dataclass(frozen=True, slots=True)
class GameReview:
    """A whole game reviewed deal by deal, for the person in ``seat``."""

    settings: Settings
    seed: int
    seat: Seat
    deals: tuple[DealReview, ...]
    scores: tuple[int, int]
    winner: Seat | None

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(d for deal in self.deals for d in deal.decisions)

    @property
    def lost(self) -> LostByKind:
        """The points lost in the whole game, by kind."""
        return LostByKind.of_decisions(self.decisions)

    def costliest(self, n: int = 3) -> tuple[Decision, ...]:
        """The ``n`` decisions that lost the most, costliest first (the earlier on a tie);
        only those that lost more than :data:`COSTLY`."""
        costly = [d for d in self.decisions if d.lost > COSTLY + _EPS]
        order = {id(d): i for i, d in enumerate(costly)}
        costly.sort(key=lambda d: (-d.lost, order[id(d)]))
        return tuple(costly[:n])

    def deal(self, deal_no: int) -> DealReview:
        """Deal ``deal_no`` (counting from 1); ``KeyError`` when the game has no such deal."""
        for deal in self.deals:
            if deal.deal_no == deal_no:
                return deal
        raise KeyError(f"the game has no deal {deal_no}: it has {len(self.deals)}")


# --- building it -----------------------------------------------------------------------------


def lay_options(view: SeatView) -> tuple[PlayOption, ...]:
    """Every card that fits, valued by the pegging analysis from ``view`` alone: the
    cards held, the series, the cards each side has laid, the starter and the seat's own
    two thrown to the crib (:func:`~trainer.analysis.pegging.view_position`, as the
    coach's note on a card laid is worked out)."""
    return options_for(view_position(view))


def _throw(view: SeatView, event: DiscardEvent, index: int, hinted: bool) -> ThrowReview:
    dealer = view.dealer == view.seat
    advice = discard_advice(view.hand, event.cards, dealer=dealer, top=TOP_THROWS)
    return ThrowReview(
        deal_no=view.deal_no,
        event_index=index,
        dealer=dealer,
        six=view.hand,
        thrown=(event.cards[0], event.cards[1]),
        advice=advice,
        hinted=hinted,
    )


def _play(view: SeatView, event: LayEvent, index: int) -> PlayReview:
    return PlayReview(
        deal_no=view.deal_no,
        event_index=index,
        card=event.card,
        hand=view.hand,
        pile=view.pile,
        count=view.count,
        options=lay_options(view),
    )


class _Boards:
    """The board after any number of events, from the game's peg moves worked out once
    (each event moves at most one peg a seat: a seat's points in it are one move)."""

    def __init__(self, events: tuple[Event, ...], target: int) -> None:
        self.moves = peg_moves(events, target=target)
        self.after: list[int] = [0]  # peg moves made by the first n events
        for event in events:
            self.after.append(self.after[-1] + sum(1 for s in SEATS if event.points_for(s)))

    def at(self, end: int) -> BoardPegs:
        front = [0, 0]
        back = [-1, -1]
        moves = self.moves[: self.after[end]]
        for move in moves:
            front[move.seat] = move.end
            back[move.seat] = move.start
        return BoardPegs((front[0], front[1]), (back[0], back[1]), moves[-1] if moves else None)


@dataclass
class _Deal:
    """A deal being put together while the game is replayed."""

    deal_no: int
    dealer: Seat
    start: int
    scores_before: tuple[int, int]
    throw: ThrowReview | None = None
    starter: Card | None = None
    plays: list[PlayReview] = field(default_factory=list)
    counts: list[CountReview] = field(default_factory=list)

    def done(self, boards: _Boards, end: int, scores: tuple[int, int]) -> DealReview:
        return DealReview(
            deal_no=self.deal_no,
            dealer=self.dealer,
            start=self.start,
            end=end,
            starter=self.starter,
            throw=self.throw,
            plays=tuple(self.plays),
            counts=tuple(self.counts),
            scores_before=self.scores_before,
            scores=scores,
            board=boards.at(end),
        )


def review_game(record: GameRecord, *, seat: Seat = ME, hints: Collection[int] = ()) -> GameReview:
    """Review ``record`` for the person in ``seat`` (0 on the Play page); ``hints`` are the
    deals on which they asked for a hint before throwing.

    The record is replayed event by event, each one checked before it is reviewed: one
    that does not play back raises :class:`~trainer.engine.game_errors.ReplayError` naming the
    event. A game not yet finished is reviewed as far as it goes.
    """
    game = Game(record.settings, record.seed)
    boards = _Boards(record.events, record.settings.target)
    deals: list[DealReview] = []
    current: _Deal | None = None
    for index, event in enumerate(record.events):
        if isinstance(event, DealEvent) and current is not None:
            deals.append(current.done(boards, index, game.two_scores()))
            current = None
        mine = getattr(event, "seat", None) == seat
        view = game.view(seat) if mine and isinstance(event, DiscardEvent | LayEvent) else None
        before = game.two_scores()
        game.apply_recorded(record, index)
        if current is not None and mine:
            if isinstance(event, DiscardEvent) and view is not None:
                current.throw = _throw(view, event, index, view.deal_no in hints)
            elif isinstance(event, LayEvent) and view is not None:
                current.plays.append(_play(view, event, index))
            elif isinstance(event, ShowEvent) and event.claimed is not None:
                current.counts.append(CountReview(game.deal_no, index, event))
        if current is None and game.dealer is not None and game.deal_no > len(deals):
            start = 0 if isinstance(event, CutEvent) else index
            current = _Deal(game.deal_no, game.dealer, start, before if start else (0, 0))
        if current is not None and game.starter is not None and current.starter is None:
            current.starter = game.starter
    if current is not None:
        deals.append(current.done(boards, len(record.events), game.two_scores()))
    return GameReview(
        settings=record.settings,
        seed=record.seed,
        seat=seat,
        deals=tuple(deals),
        scores=game.two_scores(),
        winner=game.winner,
    )

"""Game review: every decision of a finished (or imported) game, against the best one.

A game's record is replayed event by event, and at each of the person's decisions the
position is taken from :meth:`~trainer.engine.game.Game.view` of their seat at that moment
(what they could see, never another seat's unplayed cards or discards):

* each **throw** between two is compared with the best throw by the discard coach
  (:func:`~trainer.training.coach.discard_advice`, the sound model of
  :func:`~trainer.analysis.analyse_discards`): its cost in points a deal and why; with
  three or four at the table, the one card thrown from five against the best one by the
  five-card discard analysis Crazy throws by
  (:func:`~trainer.analysis.discards_five.analyse_five`, its ``likely`` model: the
  others throw as good players do; its crib worth to the person's side as
  :func:`~trainer.analysis.discards_five.crib_sign_of` says), the kept four and the crib;
* each **card laid** is valued against every card that fitted: between two by the pegging
  analysis (:func:`~trainer.analysis.analyse_play`: what it pegs less the computer's best
  reply on average), with three or four by the options the coach weighs there
  (:func:`~trainer.analysis.players.table_options.table_options`: what it pegs and the
  next player's best reply, counted for or against the person's side);
* each **count** the person made (under muggins, or aloud in a learning game): the
  points missed, and what was taken for them.

Nothing is worked out again here: the records carry the analysis's own rows, and
:mod:`trainer.training.review_words` words them. The numbers are points: a throw's are
points a deal on average, a card's points of the play on average, a count's the points left
out.

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

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from trainer.analysis import PlayOption
from trainer.analysis.discards_five import FiveModel, OneThrow, analyse_five, crib_sign_of
from trainer.analysis.pegging import options_for, view_position
from trainer.analysis.players.table_options import TableOption, table_options
from trainer.engine.cards import Card
from trainer.engine.events import CutEvent, DealEvent, DiscardEvent, Event, LayEvent, ShowEvent
from trainer.engine.game import Game
from trainer.engine.pegging import MAX_COUNT
from trainer.engine.record import GameRecord
from trainer.engine.seat_view import SeatView
from trainer.engine.settings import Settings
from trainer.engine.vocab import Seat, Which, seats_of, side_of
from trainer.training.coach import NEAR_TIE, DiscardAdvice, discard_advice, one_card_ranking
from trainer.training.table import ME, Pegs, peg_moves, pegs_of

__all__ = [
    "COSTLY",
    "FIVE_MODEL",
    "REVIEW_METHOD",
    "CountReview",
    "DealReview",
    "Decision",
    "DecisionKind",
    "GameReview",
    "LayOption",
    "LostByKind",
    "OneThrowReview",
    "PlayReview",
    "ThrowReview",
    "lay_options",
    "one_throw_review",
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
#: The five-card discard analysis's model a throw of three or four at the table is priced
#: by: Crazy's (the other players throw as good players do).
FIVE_MODEL: FiveModel = "likely"


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
    """The person's throw in deal ``deal_no`` of a game of two: the six dealt, the two
    thrown, and the coach's advice on it (``advice.top`` the best throws, ``advice.chosen``
    the person's, with their hand and crib values and reasons)."""

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
class OneThrowReview:
    """The person's throw in deal ``deal_no`` with three or four at the table: the five
    dealt, the one card thrown, and the five throws priced by the five-card discard
    analysis (``ranked``, best first: the four kept's points and the crib's, the crib
    counted at ``crib_sign`` for the person's side), each with the coach's reason in words
    (``reasons``, by the card thrown)."""

    kind: ClassVar[DecisionKind] = DecisionKind.THROW
    deal_no: int
    event_index: int
    #: The person deals (their own crib; with four, a partner's crib is theirs too:
    #: ``crib_sign`` says what the crib is worth to their side).
    dealer: bool
    players: int
    five: tuple[Card, ...]
    thrown: Card
    crib_sign: float
    ranked: tuple[OneThrow, ...]
    reasons: tuple[tuple[Card, str], ...]
    hinted: bool = False

    @property
    def chosen(self) -> OneThrow:
        return next(t for t in self.ranked if t.throw == self.thrown)

    @property
    def best(self) -> OneThrow:
        return self.ranked[0]

    @property
    def place(self) -> int:
        """The throw's place among the five (1 is best)."""
        return self.ranked.index(self.chosen) + 1

    @property
    def lost(self) -> float:
        """Points a deal given away against the best throw, hand and crib together."""
        return max(self.best.net - self.chosen.net, 0.0)

    @property
    def hand_cost(self) -> float:
        """The part of :attr:`lost` in the hand kept (the rest is the crib's)."""
        return self.best.hand - self.chosen.hand

    @property
    def best_throw(self) -> tuple[Card]:
        return (self.best.throw,)

    def reason(self, card: Card) -> str:
        """What throwing ``card`` does, in words (the coach's)."""
        return next(words for c, words in self.reasons if c == card)


@dataclass(frozen=True, slots=True)
class LayOption:
    """One card that fitted, as the review prices it: the ``points`` it pegs now, the seat
    that may reply to it (``replier``, None when nobody can) and its best reply expected,
    in that seat's own points (``reply``), and ``value``: what the card is worth to the
    person's side on average, its points now with the reply counted for or against them
    (between two, against: the pegging analysis's ``net``)."""

    card: Card
    points: int
    replier: Seat | None
    reply: float
    value: float

    @classmethod
    def of_two(cls, option: PlayOption, replier: Seat | None) -> LayOption:
        return cls(option.card, option.points, replier, option.reply, option.net)

    @classmethod
    def of_table(cls, option: TableOption) -> LayOption:
        return cls(option.card, option.points, option.replier, option.reply, option.value)


@dataclass(frozen=True, slots=True)
class PlayReview:
    """One card the person laid: the position they saw (the cards held, the current series
    and its count) and every card that fitted, priced from what they saw, best first."""

    kind: ClassVar[DecisionKind] = DecisionKind.PLAY
    deal_no: int
    event_index: int
    card: Card
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    count: int
    options: tuple[LayOption, ...]
    players: int = 2

    @property
    def chosen(self) -> LayOption:
        return next(o for o in self.options if o.card == self.card)

    @property
    def best(self) -> LayOption:
        return self.options[0]

    @property
    def forced(self) -> bool:
        """Only one card fitted: there was nothing to choose."""
        return len(self.options) == 1

    @property
    def lost(self) -> float:
        """Points given away on average against the best card (its value less this one's)."""
        return max(self.best.value - self.chosen.value, 0.0)


@dataclass(frozen=True, slots=True)
class CountReview:
    """A count the person made (under muggins, or aloud): the show event (its true
    ``score`` with the items, the ``claimed`` total, and the ``muggins`` taken)."""

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
        """What the seat on the person's left pegged for them (muggins; 0 when the hand had
        won the game, or the count was said aloud, which pegs every point there)."""
        return self.event.muggins

    @property
    def taker(self) -> Seat | None:
        """Who took :attr:`taken` (the seat on the person's left)."""
        return self.event.taker

    @property
    def over(self) -> int:
        """Points claimed that were not there (pegged only up to the true count)."""
        return max(self.claimed - self.true, 0)

    @property
    def lost(self) -> float:
        return float(self.missed)


Decision = ThrowReview | OneThrowReview | PlayReview | CountReview


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


# --- a deal and a game -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealReview:
    """One deal: who dealt, the starter, the person's decisions, and the board after it.

    ``start`` and ``end`` bound its events in the record (``events[start:end]``; the first
    deal's include the cut for deal). ``scores_before`` and ``scores`` are each side's
    scores as it began and ended (a player's, or with four a partnership's).
    """

    deal_no: int
    dealer: Seat
    start: int
    end: int
    starter: Card | None
    throw: ThrowReview | OneThrowReview | None
    plays: tuple[PlayReview, ...]
    counts: tuple[CountReview, ...]
    scores_before: tuple[int, ...]
    scores: tuple[int, ...]
    board: Pegs

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """In the order they were made: the throw, the cards laid, the counts."""
        throw: tuple[Decision, ...] = (self.throw,) if self.throw is not None else ()
        return (*throw, *self.plays, *self.counts)

    @property
    def lost(self) -> LostByKind:
        return LostByKind.of_decisions(self.decisions)

    @property
    def gained(self) -> tuple[int, ...]:
        """The points each side pegged in this deal."""
        return tuple(a - b for a, b in zip(self.scores, self.scores_before, strict=True))


@dataclass(frozen=True, slots=True)
class GameReview:
    """A whole game reviewed deal by deal, for the person in ``seat``; ``scores`` are each
    side's and ``winner`` the side that won (None while the game goes on)."""

    settings: Settings
    seed: int
    seat: Seat
    deals: tuple[DealReview, ...]
    scores: tuple[int, ...]
    winner: int | None

    @property
    def players(self) -> int:
        return self.settings.seats

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(d for deal in self.deals for d in deal.decisions)

    @property
    def lost(self) -> LostByKind:
        """The points lost in the whole game, by kind."""
        return LostByKind.of_decisions(self.decisions)

    @property
    def counted(self) -> bool:
        """The person said their own counts in this game (under muggins, or aloud)."""
        return self.settings.claims

    @property
    def kinds(self) -> tuple[DecisionKind, ...]:
        """The kinds of decision this game asked of the person: a throw when it has a crib,
        cards laid when it has the play, counts when they said them."""
        has = {
            DecisionKind.THROW: self.settings.crib,
            DecisionKind.PLAY: self.settings.play,
            DecisionKind.COUNT: self.counted,
        }
        return tuple(kind for kind in DecisionKind if has[kind])

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


# --- pricing one decision --------------------------------------------------------------------


def lay_options(view: SeatView) -> tuple[LayOption, ...]:
    """Every card that fits, priced from ``view`` alone, best first: between two by the
    pegging analysis (the cards held, the series, the cards each side has laid, the starter
    and the seat's own two thrown to the crib, :func:`~trainer.analysis.pegging.view_position`,
    as the coach's note on a card laid is worked out); with three or four at the table by
    :func:`~trainer.analysis.players.table_options.table_options` (the next player's reply
    from the cards the seat has not seen, less those their goes rule out), as the coach
    there weighs a card."""
    if view.players != 2:
        return tuple(LayOption.of_table(o) for o in table_options(view))
    position = view_position(view)
    other = 1 - view.seat
    return tuple(
        LayOption.of_two(
            o, None if position.opponent_passed or view.count + o.card.pips == MAX_COUNT else other
        )
        for o in options_for(position)
    )


def one_throw_review(
    view: SeatView,
    thrown: Card,
    *,
    index: int = 0,
    hinted: bool = False,
    seed: int | str = 0,
    model: FiveModel = FIVE_MODEL,
) -> OneThrowReview:
    """The throw of ``thrown`` from the five cards of ``view`` (a seat at a table of three or
    four, before its throw), priced by :func:`~trainer.analysis.discards_five.analyse_five`
    with ``model`` (``seed`` draws its sample of the other hands, so a game's review is the
    same every time)."""
    players = view.players
    if players == 2 or view.dealer is None or len(view.hand) != 5:
        raise ValueError("a throw of one card is from five, at a table of three or four")
    sign = crib_sign_of(view.seat, view.dealer, players)
    dealer = view.dealer == view.seat
    ranked = analyse_five(view.hand, players=players, crib_sign=sign, model=model, seed=seed)
    ranking = one_card_ranking(view.hand, dealer=sign > 0)  # (a partner's crib is the side's)
    reasons = tuple((line.card, line.reason) for line in ranking)
    return OneThrowReview(
        deal_no=view.deal_no,
        event_index=index,
        dealer=dealer,
        players=players,
        five=view.hand,
        thrown=thrown,
        crib_sign=sign,
        ranked=ranked,
        reasons=reasons,
        hinted=hinted,
    )


def _throw(
    view: SeatView, event: DiscardEvent, index: int, hinted: bool, seed: int
) -> ThrowReview | OneThrowReview:
    if view.players != 2:
        return one_throw_review(
            view, event.cards[0], index=index, hinted=hinted, seed=f"{seed}:review:{view.deal_no}"
        )
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
        players=view.players,
    )


# --- building it -----------------------------------------------------------------------------


class _Boards:
    """The board after any number of events, from the game's peg moves worked out once
    (each event moves at most one peg a seat: a seat's points in it are one move)."""

    def __init__(self, events: Sequence[Event], players: int, target: int) -> None:
        self.moves = peg_moves(events, players, target=target)
        self.sides = len({side_of(seat, players) for seat in seats_of(players)})
        seats = seats_of(players)
        self.after: list[int] = [0]  # peg moves made by the first n events
        for event in events:
            self.after.append(self.after[-1] + sum(1 for s in seats if event.points_for(s)))

    def at(self, end: int) -> Pegs:
        return pegs_of(self.moves[: self.after[end]], self.sides)


@dataclass
class _Deal:
    """A deal being put together while the game is replayed."""

    deal_no: int
    dealer: Seat
    start: int
    scores_before: tuple[int, ...]
    throw: ThrowReview | OneThrowReview | None = None
    starter: Card | None = None
    plays: list[PlayReview] = field(default_factory=list)
    counts: list[CountReview] = field(default_factory=list)

    def done(self, boards: _Boards, end: int, scores: tuple[int, ...]) -> DealReview:
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
    """Review ``record`` for the person in ``seat`` (0 on the Play page), at a table of two,
    three or four; ``hints`` are the deals on which they asked for a hint before throwing.

    The record is replayed event by event, each one checked before it is reviewed: one
    that does not play back raises :class:`~trainer.engine.game_errors.ReplayError` naming the
    event. A game not yet finished is reviewed as far as it goes.
    """
    game = Game(record.settings, record.seed)
    boards = _Boards(record.events, game.players, record.settings.target)
    nothing = tuple(0 for _ in game.scores)
    deals: list[DealReview] = []
    current: _Deal | None = None
    for index, event in enumerate(record.events):
        if isinstance(event, DealEvent) and current is not None:
            deals.append(current.done(boards, index, game.scores))
            current = None
        mine = getattr(event, "seat", None) == seat
        view = game.view(seat) if mine and isinstance(event, DiscardEvent | LayEvent) else None
        before = game.scores
        game.apply_recorded(record, index)
        if current is not None and mine:
            if isinstance(event, DiscardEvent) and view is not None:
                hinted = view.deal_no in hints
                current.throw = _throw(view, event, index, hinted, record.seed)
            elif isinstance(event, LayEvent) and view is not None:
                current.plays.append(_play(view, event, index))
            elif isinstance(event, ShowEvent) and event.claimed is not None:
                current.counts.append(CountReview(game.deal_no, index, event))
        if current is None and game.dealer is not None and game.deal_no > len(deals):
            start = 0 if isinstance(event, CutEvent) else index
            current = _Deal(game.deal_no, game.dealer, start, before if start else nothing)
        if current is not None and game.starter is not None and current.starter is None:
            current.starter = game.starter
    if current is not None:
        deals.append(current.done(boards, len(record.events), game.scores))
    return GameReview(
        settings=record.settings,
        seed=record.seed,
        seat=seat,
        deals=tuple(deals),
        scores=game.scores,
        winner=game.winner,
    )

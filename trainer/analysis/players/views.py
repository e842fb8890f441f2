"""What a player decides from: the seat's view checked (the phase, the turn, the cards),
the race to the target, and the position read off it: :class:`TwoSeatView` for two
players, :class:`TableView` for three or four; and what the goes tell
(:func:`least_pips`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis.pegging import HAND_SIZE, PlayPosition, peg_points, view_position
from trainer.analysis.play_search.position import HIDDEN, PlayState, unseen_counts
from trainer.analysis.table_guess import Lay, lays_of
from trainer.engine import DECK, Card, GoEvent, Kind, LayEvent, Phase, SeatView, check_distinct
from trainer.engine.pegging import MAX_COUNT
from trainer.engine.vocab import side_of

__all__ = [
    "Race",
    "TableView",
    "TwoSeatView",
    "check_five",
    "check_six",
    "check_view",
    "least_pips",
    "seat_race",
    "table_view",
    "two_seat_view",
]


@dataclass(frozen=True, slots=True)
class Race:
    """The board: what each side still needs, and who deals."""

    need_me: int
    need_opp: int
    dealer: bool


def _race(scores: object, target: object, dealer: object) -> Race:
    if not isinstance(dealer, bool):
        raise ValueError(f"dealer must be True or False, not {dealer!r}")
    if not isinstance(target, int) or isinstance(target, bool) or target <= 0:
        raise ValueError(f"the target must be a positive number of points, not {target!r}")
    if (
        not isinstance(scores, tuple | list)
        or len(scores) != 2
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    ):
        raise ValueError(f"scores must be (mine, theirs) as two whole numbers, not {scores!r}")
    mine, theirs = scores
    if mine < 0 or theirs < 0:
        raise ValueError(f"scores cannot be negative: {scores!r}")
    if mine >= target or theirs >= target:
        raise ValueError(f"the game is already over: {mine}-{theirs} in a game to {target}")
    return Race(target - mine, target - theirs, dealer)


def seat_race(view: SeatView) -> Race:
    return _race((view.my_score, view.their_score), view.settings.target, view.dealer == view.seat)


def check_view(view: object, phase: Phase) -> SeatView:
    if not isinstance(view, SeatView):
        raise ValueError(f"a player decides from its seat's view (a SeatView), not {view!r}")
    if view.winner is not None:
        raise ValueError("the game is already over")
    if phase is Phase.DISCARD:
        if view.phase is not Phase.DISCARD:
            raise ValueError(f"the discard comes after the deal, not in {view.phase}")
        if view.discards:
            raise ValueError("this seat has already given the crib its cards")
    else:
        if view.starter is None:
            raise ValueError("the play starts once the starter is turned")
        if view.phase is not Phase.PLAY or not view.hand:
            raise ValueError("there is no card left to lay: the play is over")
        if view.turn != view.seat:
            raise ValueError(f"it is not seat {view.seat}'s turn to play")
    return view


def _check_hand(hand: object, size: int, words: str, discard: str) -> tuple[Card, ...]:
    """``hand`` as ``size`` different cards (``words`` names the size in the messages;
    ``discard`` says which discard needs them)."""
    if not isinstance(hand, Sequence) or isinstance(hand, str):
        raise ValueError(f"the hand must be a sequence of {words} cards")
    cards = tuple(hand)
    if len(cards) != size or not all(isinstance(c, Card) for c in cards):
        raise ValueError(f"{discard} needs {words} cards, got {len(cards)}")
    check_distinct(cards)
    return cards


def check_six(hand: object) -> tuple[Card, ...]:
    return _check_hand(hand, 6, "six", "the discard")


def check_five(hand: object) -> tuple[Card, ...]:
    return _check_hand(hand, 5, "five", "the discard among three or four")


def least_pips(plays: Sequence[LayEvent | GoEvent], seat: int) -> int:
    """The least pips any card ``seat`` still holds can have, from the play so far: a go
    it said at a count, or a series closed by the go to it (it laid last and could not
    lay again), says its cards do not fit there."""
    least = 1
    for event in plays:
        stuck = isinstance(event, GoEvent) and event.seat == seat
        stuck = stuck or any(who == seat and item.kind is Kind.GO for who, item in event.awards)
        if stuck:
            least = max(least, MAX_COUNT + 1 - event.count)
    return least


@dataclass(frozen=True, slots=True)
class TwoSeatView:
    """A checked position, with what the play so far tells about the opponent."""

    position: PlayPosition
    race: Race
    #: The opponent's unknown cards all have at least these pips (from their goes).
    min_pips: int
    #: The opponent's lays so far, for what they tell about its unseen cards.
    lays: tuple[Lay, ...] = ()


def two_seat_view(view: SeatView) -> TwoSeatView:
    """The position of a two-player seat's view, with the opponent's least pips and lays."""
    return TwoSeatView(
        view_position(view),
        seat_race(view),
        least_pips(view.plays, view.opponent),
        lays_of(view.plays, view.opponent),
    )


@dataclass(frozen=True, slots=True)
class TableView:
    """A checked position of the play at a table of three or four."""

    seat: int
    #: The side of each seat round the table (with four, partners share one).
    sides: tuple[int, ...]
    hand: tuple[Card, ...]
    mine_played: tuple[Card, ...]
    series: tuple[tuple[int, Card], ...]
    count: int
    starter: Card
    #: Every card this seat has not seen (the others' hands, and the crib's unseen cards).
    unseen: tuple[Card, ...]
    held: tuple[int, ...]
    #: The least pips of each seat's unknown cards, from its goes.
    min_pips: tuple[int, ...]
    #: A bit for each seat that said go in this series.
    passed: int
    #: Points still needed to win by this seat's side.
    need_me: int
    #: Each seat's lays so far, for what they tell about its unseen cards.
    lays: tuple[tuple[Lay, ...], ...] = ()
    #: The dealer's seat (whose crib each seat threw toward or away from), -1 unknown.
    dealer: int = -1
    #: Points each side still needs to win (empty when not known).
    needs: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return len(self.sides)

    @property
    def legal(self) -> tuple[Card, ...]:
        return tuple(c for c in self.hand if self.count + c.pips <= MAX_COUNT)

    @property
    def last(self) -> int:
        return self.series[-1][0] if self.series else -1

    def replier(self) -> int | None:
        """The next seat to act after this one lays, while the series goes on (None when
        every other seat has said go or holds nothing)."""
        for step in range(1, self.players):
            p = (self.seat + step) % self.players
            if self.held[p] and not self.passed & (1 << p):
                return p
        return None

    def weight(self, seat: int) -> float:
        """What a point to ``seat`` is worth to this seat: 1 for its own side, less the
        mean share of each other side."""
        if self.sides[seat] == self.sides[self.seat]:
            return 1.0
        return -1.0 / (max(self.sides) or 1)

    def hidden_state(self) -> PlayState:
        """The position as :mod:`~trainer.analysis.play_search` takes it from this seat:
        its own hand known, every other seat's cards hidden, drawn from the cards it has
        not seen as far as their goes allow."""
        mine = tuple(sorted(c.order for c in self.hand))
        return PlayState(
            tuple(mine if s == self.seat else (HIDDEN,) * n for s, n in enumerate(self.held)),
            tuple(c.order for _, c in self.series),
            self.count,
            self.seat,
            self.passed,
            self.last,
            (),
            unseen_counts([c.order for c in self.unseen]),
            self.min_pips,
        )

    def points_now(self, card: Card) -> int:
        count = self.count + card.pips
        points = peg_points([*(c.order for _, c in self.series), card.order], count)
        others = sum(n for s, n in enumerate(self.held) if s != self.seat)
        if len(self.hand) == 1 and others == 0 and count != MAX_COUNT:
            points += 1
        return points


def table_view(view: SeatView) -> TableView:
    """The position of a seat's view at a table of three or four."""
    assert view.starter is not None
    check_distinct((*view.hand, *view.discards, *(card for _, card in view.laid), view.starter))
    if len(view.hand) + len(view.mine_played) != HAND_SIZE:
        raise ValueError(
            f"the hand ({len(view.hand)} cards) and the cards laid ({len(view.mine_played)})"
            f" must make {HAND_SIZE}"
        )
    seen = {*view.hand, *view.discards, *(card for _, card in view.laid), view.starter}
    passed = 0
    if view.series:
        first = view.series[0][1]
        start = next(
            i for i, e in enumerate(view.plays) if isinstance(e, LayEvent) and e.card == first
        )
        for event in view.plays[start:]:
            if isinstance(event, GoEvent):
                passed |= 1 << event.seat
    players = view.players
    return TableView(
        seat=view.seat,
        sides=tuple(side_of(s, players) for s in range(players)),
        hand=view.hand,
        mine_played=view.mine_played,
        series=view.series,
        count=view.count,
        starter=view.starter,
        unseen=tuple(c for c in DECK if c not in seen),
        held=view.held,
        min_pips=tuple(least_pips(view.plays, s) for s in range(players)),
        passed=passed,
        need_me=view.settings.target - view.my_score,
        lays=tuple(lays_of(view.plays, s) for s in range(players)),
        dealer=-1 if view.dealer is None else view.dealer,
        needs=tuple(view.settings.target - score for score in view.scores),
    )

"""What every level shares: the :class:`ComputerPlayer` protocol and :class:`Player`, the
base each level fills in (the checks, a winning card laid at once, ties broken by the
player's own generator, the pone's keep to count out, the race's weights), and the
simple crib rule Normal and Hard add to a throw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from trainer.analysis.discards_five import crib_sign_of
from trainer.analysis.hands import keeps, show_points, starter_average, starter_points
from trainer.analysis.pegging import peg_points
from trainer.analysis.players.views import (
    Race,
    TableView,
    TwoSeatView,
    check_five,
    check_six,
    check_view,
    seat_race,
    table_view,
    two_seat_view,
)
from trainer.engine import DECK, Card, Phase, SeatView
from trainer.engine.pegging import MAX_COUNT

__all__ = [
    "COUNT_OUT",
    "PLAY_ALLOWANCE",
    "ComputerPlayer",
    "Player",
    "Throw",
    "keep_of",
    "likeliest_to_count_out",
    "throw_points",
]

#: Near home, a side that needs this many points or fewer may count out with its hand ...
COUNT_OUT = 20
#: ... and the points the play is allowed to bring it.
PLAY_ALLOWANCE = 2

_Option = TypeVar("_Option", bound=tuple[Sequence[Card], Sequence[Card]])


def likeliest_to_count_out(options: Sequence[_Option], need: int) -> _Option | None:
    """Of ``options`` (each a throw and the four kept, from one hand), the one whose four
    show at least ``need`` less :data:`PLAY_ALLOWANCE` with the most starters (every card
    not in that hand), ties by the better average (the first of those); None when no
    four can."""
    known = {*options[0][0], *options[0][1]}
    starters = [s for s in DECK if s not in known]
    goal = need - PLAY_ALLOWANCE
    chances = [
        sum(1 for points in starter_points(keep, starters) if points >= goal)
        for _throw, keep in options
    ]
    top = max(chances)
    if top == 0:
        return None
    best = [options[i] for i, h in enumerate(chances) if h == top]
    return max(best, key=lambda o: starter_average(o[1], o[0]))


class ComputerPlayer(Protocol):
    """A computer player: it decides from its seat's view and nothing else."""

    level: str

    def discard(self, view: SeatView) -> tuple[Card, ...]: ...

    def play(self, view: SeatView) -> Card | None: ...


def throw_points(throw: Sequence[Card]) -> float:
    """A simple crib rule: what the two thrown cards are worth together, with a
    five counted for the many fifteens it makes with the crib."""
    a, b = throw
    points = 0.0
    if a.order == b.order:
        points += 2
    if a.pips + b.pips == 15:
        points += 2
    if abs(a.order - b.order) == 1:
        points += 0.5
    points += 1.0 * sum(1 for c in throw if c.order == 5)
    return points


def keep_of(five: tuple[Card, ...], thrown: Card) -> tuple[Card, ...]:
    """The four kept of ``five`` when ``thrown`` goes to the crib."""
    return tuple(c for c in five if c != thrown)


#: A throw between two players: the two cards for the crib, and the four kept.
Throw = tuple[tuple[Card, Card], tuple[Card, ...]]


class Player:
    """The base every level fills in: it checks the view, lays a card that reaches the
    target at once, and asks the level for the rest (``_choose_throw``, ``_choose_one``,
    ``_choose_card``, ``_choose_table_card``)."""

    level: str = "?"

    def __init__(self, seed: int | str | None) -> None:
        self.rng = random.Random(seed)

    # -- the discard --

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        """The cards this seat gives the crib: two of six between two players, one of
        five among three or four."""
        view = check_view(view, Phase.DISCARD)
        if view.players != 2:
            five = check_five(view.hand)
            assert view.dealer is not None
            sign = crib_sign_of(view.seat, view.dealer, view.players)
            return (self._choose_one(five, sign, view.players),)
        six = check_six(view.hand)
        throw, _keep = self._choose_throw(six, seat_race(view))
        return throw

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        raise NotImplementedError

    def _choose_throw(self, six: tuple[Card, ...], race: Race) -> Throw:
        raise NotImplementedError

    def _best(self, options: Sequence[Throw], value: Callable[[Throw], float]) -> Throw:
        """The best throw, ties broken at random (by the player's own generator)."""
        scored = [(value(option), i) for i, option in enumerate(options)]
        top = max(v for v, _ in scored)
        best = [options[i] for v, i in scored if v >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _best_one(self, five: Sequence[Card], value: Callable[[Card], float]) -> Card:
        """The best card to throw, ties broken at random (by the player's own generator)."""
        scored = [(value(card), card) for card in five]
        top = max(v for v, _ in scored)
        best = [card for v, card in scored if v >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _counting_out(self, six: tuple[Card, ...], race: Race) -> Throw | None:
        """As pone near home, the keep most likely to count out over the starters
        (allowing a couple of points from the play), or None when that is not the
        question."""
        if race.dealer or race.need_me > COUNT_OUT:
            return None
        return likeliest_to_count_out(keeps(six), race.need_me)

    # -- the play --

    def play(self, view: SeatView) -> Card | None:
        """The card this seat lays now, or None for a go."""
        view = check_view(view, Phase.PLAY)
        if view.players != 2:
            return self._table_play(table_view(view))
        checked = two_seat_view(view)
        legal = checked.position.legal
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        winning = self._winning_card(checked)
        if winning is not None:
            return winning
        return self._choose_card(checked)

    def _table_play(self, table: TableView) -> Card | None:
        legal = table.legal
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        best = max(legal, key=lambda c: (table.points_now(c), -c.index))
        if table.points_now(best) >= table.need_me:
            return best
        return self._choose_table_card(table)

    def _choose_table_card(self, table: TableView) -> Card:
        raise NotImplementedError

    def _points_now(self, view: TwoSeatView, card: Card) -> int:
        p = view.position
        count = p.count + card.pips
        points = peg_points([*(c.order for c in p.series), card.order], count)
        if len(p.hand) == 1 and p.opponent_left == 0 and count != MAX_COUNT:
            points += 1
        return points

    def _winning_card(self, view: TwoSeatView) -> Card | None:
        best = max(view.position.legal, key=lambda c: (self._points_now(view, c), -c.index))
        return best if self._points_now(view, best) >= view.race.need_me else None

    def _choose_card(self, view: TwoSeatView) -> Card:
        raise NotImplementedError

    def _weights(self, view: TwoSeatView) -> tuple[float, float]:
        """(weight of points now, weight of the expected reply) by the race."""
        race = view.race
        p = view.position
        kept = (*p.hand, *p.mine_played)
        my_show = show_points(kept, p.starter)
        if not race.dealer and my_show >= race.need_me:
            return 0.5, 3.0  # we count first and get home: just survive the play
        if race.dealer and race.need_opp <= 8:
            return 2.0, 0.5  # the pone will likely count out first: peg now
        if race.need_opp <= 10:
            return 1.0, 1.5
        if race.need_me <= 10:
            return 1.5, 1.0
        return 1.0, 1.0

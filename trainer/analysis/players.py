"""Computer players at four levels, and the random pegging play the drills use.

Every player has the same two decisions, each from its seat's view and nothing else::

    player.discard(view: SeatView) -> the cards for the crib (two of six; one of five at three or four)
    player.play(view: SeatView) -> a card, or None for a go

The view (:meth:`trainer.engine.Game.view`) holds the seat's own cards, what the table
saw (cards laid, the goes said, hands counted) and the score; never another seat's
unplayed cards or the crib, so partners do not see each other's hands either. Each player
owns a ``random.Random(seed)``: the same seed and the same view give the same answer. A
view that is not the seat's to act on (another phase, another seat's turn, the game
over) raises :class:`ValueError` naming what is wrong.

What the goes tell: a seat that said go at a count, or laid the last card of a series it
could not go on with, holds no card that fits there (:func:`least_pips`); the search
levels guess the other hands accordingly.

The levels:

* **easy** keeps the four that score most among themselves about a third of
  the time, any four that score at all another third, and throws two cards at
  random otherwise; in the play it lays a
  random legal card half the time and otherwise the card that pegs most.
* **normal** keeps the four that score most as they stand, a throw's own
  fifteens, pairs and fives breaking ties for or against the crib; in the play
  it takes the most points, then avoids leaving the count on 5 or 21 (a
  ten-card is the likeliest reply) or on 10 or 11 when the opponent may hold
  the five or four, and leads its lowest card under five.
* **hard** keeps the four with the best exact average over the 46 starters
  (``analyse_discards(...).hand``), plus or minus half a simple crib rule (the throw's own points and fives); in the
  play it lays the card with the most points now less the opponent's expected
  best reply (:func:`trainer.analysis.pegging.analyse_play`).
* **crazy** values every throw by hand and crib over every starter
  (``analyse_discards(..., opponent="sound").net``), and in the play searches to the end of
  the play (:mod:`trainer.analysis.lookahead`) for guesses at the opponent's
  hand drawn from the cards it has not seen, leaving out any card the
  opponent would have had to lay when it said go; with one or two unknown
  cards every possible hand is searched, weighted exactly. Where the best two
  cards are too close to call over the guesses drawn, it draws more.
  Once either side is within :data:`END` points of home it plays for the game:
  it keeps the four likeliest to win over the starters and the opponent's
  likely throw (:func:`trainer.analysis.endgame.throw_chances`), and values every
  line of the play by the chance of winning the game from where it ends
  (:class:`trainer.analysis.lookahead.WinBoard`), so it pegs defensively when
  its hand, counted first, takes it home, and chases points when it needs them.
* **crazy-points** (a variant, not offered on the Play page) is Crazy before it
  knew the score: every deal played for points, as Crazy still plays away from
  the end, with fewer guesses in the play.

At three and four seats (five cards each, one thrown) every level plays by points, for
its side: its own points less the mean of the other sides' (at four a partner's points
are its own; at three a point to another player is half a point against). Easy, normal
and hard throw as between two with one card (hard by the exact average of the four kept
over the starters, :func:`trainer.analysis.discards_five.analyse_five`); crazy-points
keeps the best hand and crib by the exact uniform model of the crib, crazy by the likely
model, sampled: the table's other players each throw the card that keeps the best four on
average, toward or away from the crib as it is theirs or not. In the play the reply that
counts is the next player's (the next seat that still holds cards and has not said go);
once few cards are out, crazy searches the rest of the play for guesses at every other
hand (:class:`trainer.analysis.table_search.TableSearch`), and before that plays as hard.
Its guesses follow what each seat's lays told: a hand with which a seat would have passed
points up is drawn again, mostly (:mod:`trainer.analysis.table_guess`). The near-end play
to the score below is for two players.

Playing to the board (every level): a card that reaches the target is laid at
once. Near the end, normal and hard weigh points now against the reply by the
race: the pone whose hand will count it out plays safe (the reply counts three
times), a dealer facing a pone about to count out plays for points (the reply
counts half), and a player close to home counts points now half as much
again. When the pone needs few enough points to count out, hard and crazy-points
keep the four most likely to get there over the starters. Crazy-points' search
plays the race itself near the end: it stops at the target and counts the
show in order (pone first) after the play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

from trainer.analysis.discards import analyse_discards
from trainer.analysis.discards_five import analyse_five, crib_sign_of, single_throw_points
from trainer.analysis.endgame import crib_chances, leaf_table, throws_by_needs
from trainer.analysis.hands import (
    four_card_points,
    keeps,
    show_points,
    starter_average,
    starter_points,
)
from trainer.analysis.lookahead import TIE_POINT, Board, Search, WinBoard
from trainer.analysis.pegging import (
    HAND_SIZE,
    PlayOption,
    PlayPosition,
    options_for,
    peg_points,
    reply_expectation,
    view_position,
)
from trainer.analysis.table_guess import Lay, lays_of, likelihood
from trainer.analysis.table_search import TableSearch
from trainer.analysis.winprob import win_model
from trainer.engine import (
    DECK,
    Card,
    GoEvent,
    Kind,
    LayEvent,
    Pegging,
    Phase,
    SeatView,
    check_distinct,
)
from trainer.engine.vocab import side_of

FloatArray = npt.NDArray[np.float64]

__all__ = [
    "END",
    "LEVELS",
    "VARIANTS",
    "CardChance",
    "ComputerPlayer",
    "Level",
    "Steer",
    "Variant",
    "card_chances",
    "computer_player",
    "random_play",
]

Level = Literal["easy", "normal", "hard", "crazy"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard", "crazy")
#: Players kept for comparison, not offered on the Play page: ``crazy-points`` is Crazy
#: as it was before it knew the score (it plays every deal for points).
Variant = Literal["crazy-points"]
VARIANTS: tuple[Variant, ...] = ("crazy-points",)
MAX_COUNT = 31

Steer = Literal["random", "thirty-one", "go", "hoard-low", "hoard-high"]


def random_play(
    playable: Sequence[Card], *, count: int, rng: random.Random, steer: Steer = "random"
) -> Card:
    """A random legal card, optionally steered: toward a 31 (``thirty-one``), away
    from one (``go``), or the lowest (``hoard-low``) or highest (``hoard-high``) card
    with ties broken at random. The drills build their go questions with it."""
    options = list(playable)
    if not options:
        raise ValueError("there is no card to choose from")
    hit = [card for card in options if count + card.pips == MAX_COUNT]
    if steer == "thirty-one" and hit:
        return rng.choice(hit)
    if steer in ("hoard-low", "hoard-high"):
        pick = min if steer == "hoard-low" else max
        return pick(options, key=lambda card: (card.pips, rng.random()))
    if steer == "go" and len(hit) < len(options):
        return rng.choice([card for card in options if card not in hit])
    return rng.choice(options)


def random_turns(play: Pegging, rng: random.Random) -> Iterator[int]:
    """Play ``play`` to its end at random (a go when nothing fits, else a random card by
    :func:`random_play`), yielding the seat to act before each action; stop iterating to
    keep the position. The drills and the benchmark deal their pegging positions with it.

    >>> from trainer.engine import parse_cards
    >>> play = Pegging([parse_cards("5H 5D"), parse_cards("TC JS")], leader=0)
    >>> turns = list(random_turns(play, random.Random(1)))
    >>> turns, play.is_over, [len(play.laid(seat)) for seat in (0, 1)]
    ([0, 1, 0, 1], True, [2, 2])
    """
    while not play.is_over:
        yield play.turn
        if play.must_go():
            play.go()
        else:
            play.lay(random_play(play.playable(), count=play.count, rng=rng))


class ComputerPlayer(Protocol):
    """A computer player: it decides from its seat's view and nothing else."""

    level: str

    def discard(self, view: SeatView) -> tuple[Card, ...]: ...

    def play(self, view: SeatView) -> Card | None: ...


# --- checking the questions ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Race:
    """The board: what each side still needs, and who deals."""

    need_me: int
    need_opp: int
    dealer: bool


def _race(scores: object, target: object, dealer: object) -> _Race:
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
    return _Race(target - mine, target - theirs, dealer)


def _seat_race(view: SeatView) -> _Race:
    return _race((view.my_score, view.their_score), view.settings.target, view.dealer == view.seat)


def _check_view(view: object, phase: Phase) -> SeatView:
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


def _six(hand: object) -> tuple[Card, ...]:
    if not isinstance(hand, Sequence) or isinstance(hand, str):
        raise ValueError("the hand must be a sequence of six cards")
    cards = tuple(hand)
    if len(cards) != 6 or not all(isinstance(c, Card) for c in cards):
        raise ValueError(f"the discard needs six cards, got {len(cards)}")
    check_distinct(cards)
    return cards


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
class _View:
    """A checked position, with what the play so far tells about the opponent."""

    position: PlayPosition
    race: _Race
    #: The opponent's unknown cards all have at least these pips (from their goes).
    min_pips: int


def _two_seat_view(view: SeatView) -> _View:
    """The position of a two-player seat's view, with the opponent's least pips."""
    return _View(view_position(view), _seat_race(view), least_pips(view.plays, view.opponent))


@dataclass(frozen=True, slots=True)
class _Table:
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

    def points_now(self, card: Card) -> int:
        count = self.count + card.pips
        points = peg_points([*(c.order for _, c in self.series), card.order], count)
        others = sum(n for s, n in enumerate(self.held) if s != self.seat)
        if len(self.hand) == 1 and others == 0 and count != MAX_COUNT:
            points += 1
        return points


def _table_view(view: SeatView) -> _Table:
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
    return _Table(
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
    )


# --- the players ----------------------------------------------------------------------


def _throw_points(throw: Sequence[Card]) -> float:
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


Throw = tuple[tuple[Card, Card], tuple[Card, ...]]


class _Player:
    level: str = "?"

    def __init__(self, seed: int | str | None) -> None:
        self.rng = random.Random(seed)

    # -- the discard --

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        """The cards this seat gives the crib: two of six between two players, one of
        five among three or four."""
        view = _check_view(view, Phase.DISCARD)
        if view.players != 2:
            five = _five(view.hand)
            assert view.dealer is not None
            sign = crib_sign_of(view.seat, view.dealer, view.players)
            return (self._choose_one(five, sign, view.players),)
        six = _six(view.hand)
        throw, _keep = self._choose_throw(six, _seat_race(view))
        return throw

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        raise NotImplementedError

    def _choose_throw(self, six: tuple[Card, ...], race: _Race) -> Throw:
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

    def _counting_out(self, six: tuple[Card, ...], race: _Race) -> Throw | None:
        """As pone near home, the keep most likely to count out over the starters
        (allowing a couple of points from the play), or None when that is not the
        question."""
        if race.dealer or race.need_me > 20:
            return None
        need = race.need_me - 2
        options = keeps(six)
        known = set(six)
        starters = [s for s in DECK if s not in known]
        chances = []
        for _throw, keep in options:
            chances.append(sum(1 for points in starter_points(keep, starters) if points >= need))
        top = max(chances)
        if top == 0:
            return None
        best = [options[i] for i, h in enumerate(chances) if h == top]
        return max(best, key=lambda o: starter_average(o[1], o[0]))

    # -- the play --

    def play(self, view: SeatView) -> Card | None:
        """The card this seat lays now, or None for a go."""
        view = _check_view(view, Phase.PLAY)
        if view.players != 2:
            return self._table_play(_table_view(view))
        checked = _two_seat_view(view)
        legal = checked.position.legal
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        winning = self._winning_card(checked)
        if winning is not None:
            return winning
        return self._choose_card(checked)

    def _table_play(self, table: _Table) -> Card | None:
        legal = table.legal
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        best = max(legal, key=lambda c: (table.points_now(c), -c.index))
        if table.points_now(best) >= table.need_me:
            return best
        return self._choose_table_card(table)

    def _choose_table_card(self, table: _Table) -> Card:
        raise NotImplementedError

    def _points_now(self, view: _View, card: Card) -> int:
        p = view.position
        count = p.count + card.pips
        points = peg_points([*(c.order for c in p.series), card.order], count)
        if len(p.hand) == 1 and p.opponent_left == 0 and count != MAX_COUNT:
            points += 1
        return points

    def _winning_card(self, view: _View) -> Card | None:
        best = max(view.position.legal, key=lambda c: (self._points_now(view, c), -c.index))
        return best if self._points_now(view, best) >= view.race.need_me else None

    def _choose_card(self, view: _View) -> Card:
        raise NotImplementedError

    def _weights(self, view: _View) -> tuple[float, float]:
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


def _safety(count: int, opponent_left: int) -> float:
    """How much a count leaves the opponent, by Normal's rules of thumb."""
    if opponent_left == 0 or count in (0, MAX_COUNT):
        return 0.0
    if count in (5, 21):
        return 1.0
    if count in (10, 11):
        return 0.3
    return 0.0


def _five(hand: object) -> tuple[Card, ...]:
    if not isinstance(hand, Sequence) or isinstance(hand, str):
        raise ValueError("the hand must be a sequence of five cards")
    cards = tuple(hand)
    if len(cards) != 5 or not all(isinstance(c, Card) for c in cards):
        raise ValueError(f"the discard among three or four needs five cards, got {len(cards)}")
    check_distinct(cards)
    return cards


def _keep_of(five: tuple[Card, ...], thrown: Card) -> tuple[Card, ...]:
    return tuple(c for c in five if c != thrown)


class _Easy(_Player):
    level = "easy"

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        roll = self.rng.random()
        if roll < 0.35:
            return self.rng.choice(five)  # careless
        scoring = [c for c in five if four_card_points(_keep_of(five, c)) > 0]
        if roll < 0.65:
            return self.rng.choice(scoring or list(five))
        return self._best_one(five, lambda c: four_card_points(_keep_of(five, c)))

    def _choose_table_card(self, table: _Table) -> Card:
        if self.rng.random() < 0.5:
            return random_play(table.legal, count=table.count, rng=self.rng)
        top = max(table.points_now(c) for c in table.legal)
        best = [c for c in table.legal if table.points_now(c) == top]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _choose_throw(self, six: tuple[Card, ...], race: _Race) -> Throw:
        options = keeps(six)
        roll = self.rng.random()
        if roll < 0.35:
            return self.rng.choice(options)  # careless
        if roll < 0.65:
            scoring = [o for o in options if four_card_points(o[1]) > 0]
            return self.rng.choice(scoring or list(options))
        return self._best(options, lambda o: four_card_points(o[1]))

    def _choose_card(self, view: _View) -> Card:
        p = view.position
        if self.rng.random() < 0.5:
            return random_play(p.legal, count=p.count, rng=self.rng)
        top = max(self._points_now(view, c) for c in p.legal)
        best = [c for c in p.legal if self._points_now(view, c) == top]
        return best[0] if len(best) == 1 else self.rng.choice(best)


class _Normal(_Player):
    level = "normal"

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        return self._best_one(
            five,
            lambda c: (
                four_card_points(_keep_of(five, c)) + 0.25 * crib_sign * single_throw_points(c)
            ),
        )

    def _choose_table_card(self, table: _Table) -> Card:
        legal = table.legal
        if table.count == 0:
            low = [c for c in legal if c.pips < 5]
            if low:
                return min(low, key=lambda c: (c.pips, c.index))
            pool = [c for c in legal if c.pips != 5] or list(legal)
            return min(pool, key=lambda c: (c.pips, c.index))
        replier = table.replier()

        def value(card: Card) -> tuple[float, int]:
            danger = 0.0
            if replier is not None and table.weight(replier) < 0:
                danger = _safety(table.count + card.pips, table.held[replier])
            return (table.points_now(card) - danger, -card.index)

        return max(legal, key=value)

    def _choose_throw(self, six: tuple[Card, ...], race: _Race) -> Throw:
        sign = 1.0 if race.dealer else -1.0
        return self._best(
            keeps(six), lambda o: four_card_points(o[1]) + 0.25 * sign * _throw_points(o[0])
        )

    def _choose_card(self, view: _View) -> Card:
        p = view.position
        if p.count == 0:
            low = [c for c in p.legal if c.pips < 5]
            if low:
                return min(low, key=lambda c: (c.pips, c.index))
            pool = [c for c in p.legal if c.pips != 5] or list(p.legal)
            return min(pool, key=lambda c: (c.pips, c.index))
        w_now, w_reply = self._weights(view)

        def value(card: Card) -> tuple[float, int]:
            count = p.count + card.pips
            danger = 0.0 if p.opponent_passed else _safety(count, p.opponent_left)
            return (w_now * self._points_now(view, card) - w_reply * danger, -card.index)

        return max(p.legal, key=value)


class _Hard(_Player):
    level = "hard"

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        ranked = analyse_five(five, players=3, crib_sign=0.0)
        hands = {t.throw: t.hand for t in ranked}
        return self._best_one(five, lambda c: hands[c] + 0.5 * crib_sign * single_throw_points(c))

    def _choose_table_card(self, table: _Table) -> Card:
        replier = table.replier()
        others = sum(n for seat, n in enumerate(table.held) if seat != table.seat)

        def value(card: Card) -> tuple[float, float, int]:
            points = table.points_now(card)
            count = table.count + card.pips
            reply = 0.0
            if replier is not None and count != MAX_COUNT:
                orders = [*(c.order for _, c in table.series), card.order]
                holds = table.held[replier]
                pool = [c.order for c in table.unseen if c.pips >= table.min_pips[replier]]
                if len(pool) < holds:
                    pool = [c.order for c in table.unseen]
                last = len(table.hand) == 1 and others == 1
                reply = reply_expectation(orders, count, pool, holds, last_card=last)
            lead_five = 1.0 if table.count == 0 and card.pips == 5 else 0.0
            weight = table.weight(replier) if replier is not None else 0.0
            return (points + weight * reply - lead_five, card.pips * 0.01, -card.index)

        return max(table.legal, key=value)

    def _choose_throw(self, six: tuple[Card, ...], race: _Race) -> Throw:
        out = self._counting_out(six, race)
        if out is not None:
            return out
        sign = 0.5 if race.dealer else -0.5
        ranked = analyse_discards(six, dealer=race.dealer, opponent="uniform")
        options: list[Throw] = [((d.throw[0], d.throw[1]), tuple(d.keep)) for d in ranked]
        values = {
            o[0]: d.hand + sign * _throw_points(o[0]) for o, d in zip(options, ranked, strict=True)
        }
        return self._best(options, lambda o: values[o[0]])

    def _choose_card(self, view: _View) -> Card:
        p = view.position
        w_now, w_reply = self._weights(view)
        options = options_for(p)

        def value(option: PlayOption) -> tuple[float, float, int]:
            card, points, reply = option.card, option.points, option.reply
            lead_five = 1.0 if p.count == 0 and card.pips == 5 else 0.0
            # Keep low cards for the go: a small preference for laying the higher card.
            return (w_now * points - w_reply * reply - lead_five, card.pips * 0.01, -card.index)

        return max(options, key=value).card


# --- crazy: the look-ahead -------------------------------------------------------------

#: Guesses at the opponent's hand for each decision, by how many cards it holds.
SAMPLES = {4: 20, 3: 28, 2: 40, 1: 40}
#: Below this many possible rank sets the search takes every one, weighted exactly.
EXACT_LIMIT = 100
#: At three or four, Crazy searches the play to its end once this few cards are out
#: (before that it plays as Hard: a search that stops short, guessing hands with many
#: cards unseen, pegged less than Hard's exact expected reply) ...
TABLE_FULL = 8
#: ... and takes no further guesses once it has visited this many positions.
TABLE_NODES = 2_500
#: Positions a decision may visit before it stops taking further guesses ...
NODE_BUDGET = 6000
#: ... once it has taken at least this many.
MIN_GUESSES = 6


class _CrazyPoints(_Hard):
    """Crazy as it was before it knew the score: level ``crazy-points``."""

    level = "crazy-points"

    #: Guesses at the other hands for a decision at three or four.
    table_guesses = 8

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        return analyse_five(five, players=3, crib_sign=crib_sign)[0].throw

    def _choose_table_card(self, table: _Table) -> Card:
        if sum(table.held) > TABLE_FULL:
            return super()._choose_table_card(table)
        values = self.table_values(table)
        return max(values, key=lambda c: (values[c], _pip_tiebreak(c.order)))

    def table_values(self, table: _Table) -> dict[Card, float]:
        """Every legal card's worth to this seat's side (its points less the mean of the
        other sides'), searched over guesses at the other hands."""
        by_rank: dict[int, Card] = {}
        for card in sorted(table.legal, key=lambda c: c.index):
            by_rank.setdefault(card.order, card)
        search = TableSearch(table.sides)
        totals = dict.fromkeys(by_rank, 0.0)
        series = tuple(c.order for _, c in table.series)
        taken = 0
        for _ in range(self.table_guesses):
            if taken >= 3 and search.nodes > TABLE_NODES:
                break
            hands = self._deal_guess(table)
            for order in by_rank:
                value = search.after_lay(
                    hands, series, table.count, table.seat, table.passed, order
                )
                totals[order] += search.worth(value, table.seat)
            taken += 1
        return {by_rank[o]: totals[o] / taken for o in by_rank}

    #: Whether guesses are drawn by what each seat's lays tell (:mod:`table_guess`) ...
    infer = False
    #: ... drawing this many times at most for one guess, then taking the likeliest.
    infer_tries = 24

    def _deal_guess(self, table: _Table) -> tuple[tuple[int, ...], ...]:
        """A guess at every other hand from the unseen cards, each seat's cards at least
        the pips its goes showed (the strictest first); with ``infer``, drawn again
        while a seat's lays speak against it (:func:`table_guess.likelihood`)."""
        if not self.infer:
            return self._deal_once(table)
        best, best_w = None, -1.0
        for _ in range(self.infer_tries):
            hands = self._deal_once(table)
            w = 1.0
            for s, lays in enumerate(table.lays):
                if s != table.seat and lays and hands[s]:
                    w *= likelihood(lays, hands[s])
            if w >= 1.0 or self.rng.random() < w:
                return hands
            if w > best_w:
                best, best_w = hands, w
        assert best is not None
        return best

    def _deal_once(self, table: _Table) -> tuple[tuple[int, ...], ...]:
        pool = list(table.unseen)
        hands: list[tuple[int, ...]] = [() for _ in table.sides]
        hands[table.seat] = tuple(sorted(c.order for c in table.hand))
        others = [s for s in range(table.players) if s != table.seat and table.held[s]]
        others.sort(key=lambda s: -table.min_pips[s])
        for s in others:
            k = table.held[s]
            fit = [c for c in pool if c.pips >= table.min_pips[s]]
            drawn = self.rng.sample(fit if len(fit) >= k else pool, k)
            for c in drawn:
                pool.remove(c)
            hands[s] = tuple(sorted(c.order for c in drawn))
        return tuple(hands)

    def _choose_throw(self, six: tuple[Card, ...], race: _Race) -> Throw:
        out = self._counting_out(six, race)
        if out is not None:
            return out
        best = analyse_discards(six, dealer=race.dealer, opponent="sound")[0]
        return (best.throw[0], best.throw[1]), tuple(best.keep)

    def _choose_card(self, view: _View) -> Card:
        p = view.position
        race = view.race
        pool = [c for c in p.unseen if c.pips >= view.min_pips]
        k = p.opponent_left
        if k > len(pool):  # the inference cannot hold: fall back on every unseen card
            pool = list(p.unseen)
        kept = (*p.hand, *p.mine_played)
        my_show = show_points(kept, p.starter)
        near = race.need_me <= my_show + 16 or race.need_opp <= 30
        guesses = self._guesses(pool, k, near)
        mine = tuple(sorted(c.order for c in p.hand))
        series = tuple(c.order for c in p.series)
        passed = 2 if p.opponent_passed else 0
        # Same-rank cards play alike; lay the one of a rank the search prefers.
        by_rank: dict[int, Card] = {}
        for card in sorted(p.legal, key=lambda c: c.index):
            by_rank.setdefault(card.order, card)
        totals = dict.fromkeys(by_rank, 0.0)
        shared = Search(None)
        nodes = 0
        for done, (weight, theirs, cards) in enumerate(guesses):
            if done >= MIN_GUESSES and nodes > NODE_BUDGET:
                break
            if near:
                board = Board(
                    race.need_me,
                    race.need_opp,
                    my_show,
                    show_points((*p.theirs_played, *cards), p.starter),
                    race.dealer,
                )
                search = Search(board)
            else:
                search = shared
            before = search.nodes
            for order in by_rank:
                totals[order] += weight * self._after(
                    search, mine, theirs, series, p, order, passed
                )
            nodes += search.nodes - before
        best = max(by_rank, key=lambda o: (totals[o], _pip_tiebreak(o)))
        return by_rank[best]

    def _after(
        self,
        search: Search,
        mine: tuple[int, ...],
        theirs: tuple[int, ...],
        series: tuple[int, ...],
        p: PlayPosition,
        order: int,
        passed: int,
    ) -> float:
        """Our worth after laying a card of ``order``, by a search from there."""
        i = mine.index(order)
        rest = mine[:i] + mine[i + 1 :]
        count = p.count + min(order, 10)
        return search.after_lay(rest, theirs, (*series, order), count, 0, passed)

    def _guesses(
        self, pool: list[Card], k: int, near: bool
    ) -> list[tuple[float, tuple[int, ...], tuple[Card, ...]]]:
        """(weight, sorted rank orders, cards) for guesses at the opponent's hand."""
        if k == 0:
            return [(1.0, (), ())]
        per_rank = Counter(c.order for c in pool)
        ranks = sorted(per_rank)
        if not near:
            exact = comb(len(ranks) + k - 1, k)
            if exact <= EXACT_LIMIT:
                out: list[tuple[float, tuple[int, ...], tuple[Card, ...]]] = []
                total = comb(len(pool), k)
                for combo in _multisets(ranks, k):
                    need = Counter(combo)
                    ways = prod(comb(per_rank[r], n) for r, n in need.items())
                    if ways:
                        out.append((ways / total, combo, ()))
                out.sort(key=lambda g: -g[0])  # the likeliest first, should the budget run out
                return out
        samples = SAMPLES.get(k, 20)
        drawn: Counter[tuple[int, ...]] = Counter()
        cards_for: dict[tuple[int, ...], tuple[Card, ...]] = {}
        if near:
            out = []
            for _ in range(samples):
                cards = tuple(self.rng.sample(pool, k))
                out.append((1.0 / samples, tuple(sorted(c.order for c in cards)), cards))
            return out
        for _ in range(samples):
            cards = tuple(self.rng.sample(pool, k))
            key = tuple(sorted(c.order for c in cards))
            drawn[key] += 1
            cards_for.setdefault(key, cards)
        return [(n / samples, key, cards_for[key]) for key, n in drawn.items()]


def _multisets(ranks: list[int], k: int) -> list[tuple[int, ...]]:
    return [tuple(c) for c in combinations_with_replacement(ranks, k)]


def _pip_tiebreak(order: int) -> float:
    """Between equal cards, lay the higher one and keep the low card for the go."""
    return min(order, 10) + order / 100


# --- crazy: the look-ahead, playing for the game near the end ---------------------------

#: Either side needing this many points or fewer: Crazy plays for the game, not the points.
END = 40
#: Guesses at the opponent's hand a decision starts with, by the cards it holds ...
FIRST_GUESSES = {4: 24, 3: 28, 2: 32, 1: 32}
#: ... guesses added at a time while the best two cards are too close to call ...
MORE_GUESSES = 16
#: ... up to this many, or until the search has visited this many positions.
MAX_GUESSES = 128
MAX_NODES = 40_000
#: Near the end, every hand the opponent could hold is searched when there are this few.
EXACT_HANDS = 1200
#: Two cards are too close to call while the better one's lead is under this many
#: standard errors of its mean lead over the guesses.
CLOSE = 2.0


@dataclass(frozen=True, slots=True)
class _Guesses:
    """The guesses at the opponent's hand for one decision: ``exact`` when they are every
    possible rank set, weighted; otherwise drawn, more on request."""

    exact: bool
    first: list[tuple[float, tuple[int, ...], tuple[Card, ...]]]


class _Crazy(_CrazyPoints):
    """Crazy: the look-ahead of ``crazy-points`` searched over more guesses where the
    decision is close, and, once either side is within :data:`END` points of home,
    the throw and every card chosen by the chance of winning the game."""

    level = "crazy"

    table_guesses = 16
    infer = True

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        seed = self.rng.randrange(2**32)
        ranked = analyse_five(five, players=players, crib_sign=crib_sign, model="likely", seed=seed)
        return ranked[0].throw

    def __init__(self, seed: int | str | None) -> None:
        super().__init__(seed)
        self._leaves: dict[tuple[object, ...], FloatArray] = {}

    @staticmethod
    def at_the_end(race: _Race) -> bool:
        return race.need_me <= END or race.need_opp <= END

    # -- the throw --

    def _choose_throw(self, six: tuple[Card, ...], race: _Race) -> Throw:
        ranked = analyse_discards(six, dealer=race.dealer, opponent="sound")
        if not self.at_the_end(race):
            best = ranked[0]
            return (best.throw[0], best.throw[1]), tuple(best.keep)
        net = {frozenset(d.throw): d.net for d in ranked}
        chances = throws_by_needs(
            six, dealer=race.dealer, need_me=race.need_me, need_opp=race.need_opp
        )
        # Between throws as likely to win (home for certain, or lost), the better average.
        best_chance = max(chances, key=lambda c: c.win + TIE_POINT * net[frozenset(c.throw)])
        return best_chance.throw, best_chance.keep

    # -- the play --

    def _leaf(self, view: _View) -> FloatArray:
        """The chance to win once the play is over, by what each side needs after its
        hand (:func:`trainer.analysis.endgame.leaf_table`), for this deal's crib."""
        p = view.position
        dealer = view.race.dealer
        z = p.starter.order - 1
        key: tuple[object, ...] = (dealer, z, tuple(sorted(c.index for c in p.crib_cards)))
        found = self._leaves.get(key)
        if found is not None:
            return found
        if len(p.crib_cards) == 2:
            a, b = (c.order - 1 for c in p.crib_cards)
            known = [c.order - 1 for c in (*p.hand, *p.mine_played, *p.crib_cards)]
            crib = crib_chances([(a, b)], known, dealer=dealer)[0][z]
        else:  # the thrown cards are not known: the crib as measured
            crib = np.append(win_model().show.crib[z], 0.0)
        table = leaf_table(crib, dealer=dealer)
        if len(self._leaves) > 64:
            self._leaves.clear()
        self._leaves[key] = table
        return table

    def _choose_card(self, view: _View) -> Card:
        values = self.card_values(view, for_the_game=self.at_the_end(view.race))
        best = max(values, key=lambda c: (values[c], _pip_tiebreak(c.order)))
        return best

    def card_values(self, view: _View, *, for_the_game: bool) -> dict[Card, float]:
        """Every legal card's worth by the search, averaged over the guesses: the chance
        of winning the game ``for_the_game``, else the points of the play it nets. Cards
        of one rank play alike; the lowest-indexed of each rank stands for it."""
        p = view.position
        race = view.race
        pool = [c for c in p.unseen if c.pips >= view.min_pips]
        k = p.opponent_left
        if k > len(pool):  # the inference cannot hold: fall back on every unseen card
            pool = list(p.unseen)
        end = for_the_game
        kept = (*p.hand, *p.mine_played)
        my_show = show_points(kept, p.starter)
        leaf = self._leaf(view) if end else None
        mine = tuple(sorted(c.order for c in p.hand))
        series = tuple(c.order for c in p.series)
        passed = 2 if p.opponent_passed else 0
        by_rank: dict[int, Card] = {}
        for card in sorted(p.legal, key=lambda c: c.index):
            by_rank.setdefault(card.order, card)
        orders = list(by_rank)
        values: dict[int, list[float]] = {o: [] for o in orders}
        weights: list[float] = []
        shared = Search(None)
        nodes = 0

        def take(guesses: Sequence[tuple[float, tuple[int, ...], tuple[Card, ...]]]) -> None:
            nonlocal nodes
            for weight, theirs, cards in guesses:
                if leaf is not None:
                    board = WinBoard(
                        race.need_me,
                        race.need_opp,
                        my_show,
                        show_points((*p.theirs_played, *cards), p.starter),
                        race.dealer,
                        leaf,
                    )
                    search = Search(board)
                else:
                    search = shared
                before = search.nodes
                for order in orders:
                    values[order].append(
                        self._after(search, mine, theirs, series, p, order, passed)
                    )
                weights.append(weight)
                nodes += search.nodes - before

        guesses = (
            self._first_guesses(pool, k, exact_ok=True)
            if leaf is None
            else self._end_guesses(pool, k, p)
        )
        take(guesses.first)
        if not guesses.exact:
            while (
                len(weights) < MAX_GUESSES
                and nodes < MAX_NODES
                and self._too_close(values, weights)
            ):
                take(self._drawn(pool, k, MORE_GUESSES))
        weight = sum(weights)
        return {by_rank[o]: float(np.dot(weights, values[o])) / weight for o in orders}

    def _first_guesses(self, pool: list[Card], k: int, *, exact_ok: bool) -> _Guesses:
        if k == 0:
            return _Guesses(True, [(1.0, (), ())])
        if exact_ok:
            per_rank = Counter(c.order for c in pool)
            ranks = sorted(per_rank)
            if comb(len(ranks) + k - 1, k) <= EXACT_LIMIT:
                total = comb(len(pool), k)
                out: list[tuple[float, tuple[int, ...], tuple[Card, ...]]] = []
                for combo in _multisets(ranks, k):
                    ways = prod(comb(per_rank[r], n) for r, n in Counter(combo).items())
                    if ways:
                        out.append((ways / total, combo, ()))
                return _Guesses(True, out)
        return _Guesses(False, self._drawn(pool, k, FIRST_GUESSES.get(k, 16)))

    def _end_guesses(self, pool: list[Card], k: int, p: PlayPosition) -> _Guesses:
        """Near the end the opponent's show counts too, so guesses are cards: every hand
        it could hold when there are few (grouped by ranks and show), else drawn."""
        if k == 0 or comb(len(pool), k) > EXACT_HANDS:
            return self._first_guesses(pool, k, exact_ok=False)
        groups: Counter[tuple[tuple[int, ...], int]] = Counter()
        example: dict[tuple[tuple[int, ...], int], tuple[Card, ...]] = {}
        for cards in combinations(pool, k):
            key = (
                tuple(sorted(c.order for c in cards)),
                show_points((*p.theirs_played, *cards), p.starter),
            )
            groups[key] += 1
            example.setdefault(key, cards)
        total = sum(groups.values())
        return _Guesses(True, [(n / total, key[0], example[key]) for key, n in groups.items()])

    def _drawn(
        self, pool: list[Card], k: int, n: int
    ) -> list[tuple[float, tuple[int, ...], tuple[Card, ...]]]:
        out = []
        for _ in range(n):
            cards = tuple(self.rng.sample(pool, k))
            out.append((1.0, tuple(sorted(c.order for c in cards)), cards))
        return out

    @staticmethod
    def _too_close(values: dict[int, list[float]], weights: list[float]) -> bool:
        """Whether the best card's lead over the next is within :data:`CLOSE` standard
        errors (drawn guesses, equally weighted)."""
        if len(values) < 2:
            return False
        n = len(weights)
        means = {o: sum(v) / n for o, v in values.items()}
        first, second = sorted(means, key=lambda o: -means[o])[:2]
        lead = [a - b for a, b in zip(values[first], values[second], strict=True)]
        mean = sum(lead) / n
        spread = sum((d - mean) ** 2 for d in lead) / max(n - 1, 1)
        return mean * mean < CLOSE * CLOSE * spread / n


@dataclass(frozen=True, slots=True)
class CardChance:
    """A legal card in the play and the chance to win the game after laying it."""

    card: Card
    win: float


def card_chances(view: SeatView, *, seed: int | str | None = None) -> tuple[CardChance, ...]:
    """Every card the seat of ``view`` may lay now with its chance to win the game, best
    first, by Crazy's search (guesses drawn from ``seed``); empty when it must say go.
    For the coach near the end: which card keeps the game, and what a card gives away."""
    view = _check_view(view, Phase.PLAY)
    if view.players != 2:
        raise ValueError("the chance of winning is worked out for two players")
    checked = _two_seat_view(view)
    legal = checked.position.legal
    if not legal:
        return ()
    player = _Crazy(seed)
    values = player.card_values(checked, for_the_game=True)
    by_rank = {c.order: v for c, v in values.items()}
    chances = [CardChance(c, min(1.0, max(0.0, by_rank[c.order]))) for c in legal]
    return tuple(sorted(chances, key=lambda c: (-c.win, c.card.index)))


_LEVEL_CLASSES: dict[str, type[_Player]] = {
    "easy": _Easy,
    "normal": _Normal,
    "hard": _Hard,
    "crazy": _Crazy,
    "crazy-points": _CrazyPoints,
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

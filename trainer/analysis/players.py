"""Computer players at four levels, and the random pegging play the drills use.

Every player has the same two decisions::

    player.discard(hand, *, dealer, scores, target) -> (card, card)
    player.play(hand, *, pile, mine_played, theirs_played, starter, crib_cards,
                dealer, scores, target) -> card, or None for a go

Each player owns a ``random.Random(seed)``: the same seed and the same
questions give the same answers. Bad input raises :class:`ValueError` naming
what is wrong (the laid cards are replayed through the rules of the play, so a
pile that could not have happened is refused too).

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
    PlayOption,
    PlayPosition,
    options_for,
    peg_points,
    play_position,
)
from trainer.analysis.winprob import win_model
from trainer.engine import DECK, Card, Pegging, SeatView, check_distinct

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
    level: str

    def discard(
        self, hand: Sequence[Card], *, dealer: bool, scores: tuple[int, int], target: int
    ) -> tuple[Card, Card]: ...

    def play(
        self,
        hand: Sequence[Card],
        *,
        pile: Sequence[Card],
        mine_played: Sequence[Card],
        theirs_played: Sequence[Card],
        starter: Card,
        crib_cards: Sequence[Card],
        dealer: bool,
        scores: tuple[int, int],
        target: int,
    ) -> Card | None: ...


def decide_discard(player: ComputerPlayer, view: SeatView) -> tuple[Card, Card]:
    """``player``'s throw for the seat ``view`` shows, from what that seat may know."""
    return player.discard(
        view.hand,
        dealer=view.dealer == view.seat,
        scores=(view.my_score, view.their_score),
        target=view.settings.target,
    )


def decide_play(player: ComputerPlayer, view: SeatView) -> Card | None:
    """``player``'s card (``None``: go) for the seat ``view`` shows, in the play."""
    if view.starter is None:
        raise ValueError("the play starts once the starter is turned")
    return player.play(
        view.hand,
        pile=view.pile,
        mine_played=view.mine_played,
        theirs_played=view.theirs_played,
        starter=view.starter,
        crib_cards=view.discards,
        dealer=view.dealer == view.seat,
        scores=(view.my_score, view.their_score),
        target=view.settings.target,
    )


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


def _six(hand: object) -> tuple[Card, ...]:
    if not isinstance(hand, Sequence) or isinstance(hand, str):
        raise ValueError("the hand must be a sequence of six cards")
    cards = tuple(hand)
    if len(cards) != 6 or not all(isinstance(c, Card) for c in cards):
        raise ValueError(f"the discard needs six cards, got {len(cards)}")
    check_distinct(cards)
    return cards


@dataclass(frozen=True, slots=True)
class _View:
    """A checked position, with what the play so far tells about the opponent."""

    position: PlayPosition
    race: _Race
    #: The opponent's unknown cards all have at least these pips (from their goes).
    min_pips: int


def _replay(position: PlayPosition, dealer: bool) -> int:
    """Replay the laid cards by the rules of the play and check they lead to this
    position with us to act; return the least pips the opponent's unknown cards
    can have, from the goes it said."""
    lists = (position.mine_played, position.theirs_played)
    held = [len(lists[0]) + len(position.hand), 4]
    laid = [0, 0]
    turn = 1 if dealer else 0
    count = 0
    series: list[Card] = []
    passed = [False, False]
    last = -1
    min_pips = 1

    def unknown() -> int:
        return held[1] - (len(lists[1]) - laid[1])

    def can_lay(who: int) -> bool:
        """Whether ``who`` holds a card that fits; for the opponent, as far as the
        cards it laid later show (it is us to act now, so no unknown card fitted)."""
        if not held[who]:
            return False
        if who == 0:
            rest = [*lists[0][laid[0] :], *position.hand]
            return any(count + c.pips <= MAX_COUNT for c in rest)
        return laid[1] < len(lists[1]) and count + lists[1][laid[1]].pips <= MAX_COUNT

    def opponent_stuck() -> None:
        """The opponent could not lay at ``count``: note what that says of its cards."""
        nonlocal min_pips
        if any(count + c.pips <= MAX_COUNT for c in lists[1][laid[1] :]):
            raise _bad_order()
        if unknown():
            if count + 10 <= MAX_COUNT:
                raise _bad_order()
            min_pips = max(min_pips, MAX_COUNT + 1 - count)

    for _ in range(64):
        if turn == 0 and laid[0] == len(lists[0]) and laid[1] == len(lists[1]):
            if tuple(series) == position.series:
                if not position.hand:
                    raise ValueError("there is no card left to lay: the play is over")
                return min_pips
            if can_lay(0) or not series:
                raise ValueError("the pile is not the current series of the cards laid")
            # We said go here and the series ended after it: replay on.
        mine = lists[turn]
        nxt = mine[laid[turn]] if laid[turn] < len(mine) else None
        if nxt is not None and count + nxt.pips <= MAX_COUNT:
            laid[turn] += 1
            held[turn] -= 1
            series.append(nxt)
            count += nxt.pips
            last = who = turn
            other = 1 - who
            if count == MAX_COUNT or not (held[0] or held[1]):
                if not (held[0] or held[1]):
                    raise ValueError("every card has been laid: the play is over")
                count, series, passed = 0, [], [False, False]
                turn = _leader(held, who)
            elif not passed[other] and held[other]:
                turn = other
            elif can_lay(who):
                turn = who
            else:
                if who == 1:
                    opponent_stuck()
                count, series, passed = 0, [], [False, False]
                turn = _leader(held, who)
            continue
        # ``turn`` did not lay: it said go.
        if turn == 0:
            if can_lay(0):
                raise _bad_order()
        else:
            opponent_stuck()
        passed[turn] = True
        other = 1 - turn
        if not passed[other] and held[other] and (other != last or can_lay(other)):
            turn = other
            continue
        if last < 0:
            raise _bad_order()
        if other == last and other == 1 and not passed[other] and held[other]:
            opponent_stuck()
        count, series, passed = 0, [], [False, False]
        turn = _leader(held, last)
    raise _bad_order()


def _bad_order() -> ValueError:
    return ValueError("the cards laid do not follow the rules of the play")


def _leader(held: list[int], last: int) -> int:
    other = 1 - last
    return other if held[other] else last


def _view(
    hand: object,
    pile: object,
    mine_played: object,
    theirs_played: object,
    starter: object,
    crib_cards: object,
    dealer: object,
    scores: object,
    target: object,
) -> _View:
    race = _race(scores, target, dealer)
    if not isinstance(starter, Card):
        raise ValueError(f"the starter must be a card, not {starter!r}")
    position = play_position(
        hand,  # type: ignore[arg-type]
        pile=pile,  # type: ignore[arg-type]
        mine_played=mine_played,  # type: ignore[arg-type]
        theirs_played=theirs_played,  # type: ignore[arg-type]
        starter=starter,
        crib_cards=crib_cards,  # type: ignore[arg-type]
    )
    min_pips = _replay(position, race.dealer)
    return _View(position, race, min_pips)


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

    def discard(
        self, hand: Sequence[Card], *, dealer: bool, scores: tuple[int, int], target: int
    ) -> tuple[Card, Card]:
        six = _six(hand)
        race = _race(scores, target, dealer)
        throw, _keep = self._choose_throw(six, race)
        return throw

    def _choose_throw(self, six: tuple[Card, ...], race: _Race) -> Throw:
        raise NotImplementedError

    def _best(self, options: Sequence[Throw], value: Callable[[Throw], float]) -> Throw:
        """The best throw, ties broken at random (by the player's own generator)."""
        scored = [(value(option), i) for i, option in enumerate(options)]
        top = max(v for v, _ in scored)
        best = [options[i] for v, i in scored if v >= top - 1e-9]
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

    def play(
        self,
        hand: Sequence[Card],
        *,
        pile: Sequence[Card],
        mine_played: Sequence[Card],
        theirs_played: Sequence[Card],
        starter: Card,
        crib_cards: Sequence[Card],
        dealer: bool,
        scores: tuple[int, int],
        target: int,
    ) -> Card | None:
        view = _view(
            hand, pile, mine_played, theirs_played, starter, crib_cards, dealer, scores, target
        )
        legal = view.position.legal
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        winning = self._winning_card(view)
        if winning is not None:
            return winning
        return self._choose_card(view)

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


class _Easy(_Player):
    level = "easy"

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
#: Positions a decision may visit before it stops taking further guesses ...
NODE_BUDGET = 6000
#: ... once it has taken at least this many.
MIN_GUESSES = 6


class _CrazyPoints(_Hard):
    """Crazy as it was before it knew the score: level ``crazy-points``."""

    level = "crazy-points"

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
    if view.starter is None:
        raise ValueError("the play starts once the starter is turned")
    checked = _view(
        view.hand,
        view.pile,
        view.mine_played,
        view.theirs_played,
        view.starter,
        view.discards,
        view.dealer == view.seat,
        (view.my_score, view.their_score),
        view.settings.target,
    )
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

    >>> from trainer.engine import parse_cards
    >>> player = computer_player("normal", seed=1)
    >>> player.discard(parse_cards("5H 5D JS 2C 9H KD"), dealer=False, scores=(0, 0), target=121)
    (Card.parse('2C'), Card.parse('9H'))
    """
    cls = _LEVEL_CLASSES.get(level)
    if cls is None:
        raise ValueError(
            f"unknown level {level!r}: choose one of {', '.join((*LEVELS, *VARIANTS))}"
        )
    return cls(seed)

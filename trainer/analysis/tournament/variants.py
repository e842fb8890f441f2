"""The players a tournament seats: every level of the Play page, and the variants kept for
comparison (:data:`VARIANTS`), which the Play page never offers.

``crazy-open`` is Crazy as it was before its throw counted the play and before it let the
other players lay from what they see (:class:`CrazyOpen`): in its searches of the play
every other seat lays as if it saw Crazy's cards, and between two it reads the opponent's
hand by what a good player keeps alone, not by its lays.

``crazy-points`` is Crazy as it was before it knew the score or read the other hands
(:class:`CrazyPoints`): every deal played for points; the throw by hand and crib over
every starter (the pone near home keeping the four likeliest to count out); in the play
between two a search to the end of the play over fewer guesses at the other hand, all
alike, with the race near the end valued in points (:class:`PointsRace`); at three and
four Hard's weighing of the next reply until few cards are out, then a search for
points over a few guesses at the other hands drawn from the cards unseen.

>>> tournament_player("crazy-points", seed=1).level
'crazy-points'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb, prod
from typing import ClassVar

from trainer.analysis.discards import Discard, analyse_discards
from trainer.analysis.discards_five import analyse_five
from trainer.analysis.hands import show_points
from trainer.analysis.play_search.position import Hands, PlayState
from trainer.analysis.play_search.races import TwoSideRace
from trainer.analysis.play_search.replies import WeighedReply
from trainer.analysis.play_search.walk import PlaySearch
from trainer.analysis.players import LEVELS, ComputerPlayer, computer_player
from trainer.analysis.players.base import Player, Throw
from trainer.analysis.players.crazy import (
    EXACT_LIMIT,
    TABLE_FULL,
    Crazy,
    Guess,
    multisets,
    pip_tiebreak,
)
from trainer.analysis.players.hard import weighed_reply_card
from trainer.analysis.players.views import Race, TableView, TwoSeatView
from trainer.analysis.table_guess import Lay
from trainer.engine import Card, SeatView

__all__ = [
    "CRIB_GUESS",
    "PLAYERS",
    "SAMPLES",
    "VARIANTS",
    "WIN",
    "CrazyOpen",
    "CrazyPoints",
    "PointsRace",
    "tournament_player",
]

#: Guesses at the opponent's hand for each decision, by how many cards it holds.
SAMPLES = {4: 20, 3: 28, 2: 40, 1: 40}
#: Positions a decision may visit before it stops taking further guesses ...
NODE_BUDGET = 6000
#: ... once it has taken at least this many.
MIN_GUESSES = 6
#: Guesses at the other hands for a decision at three or four.
TABLE_GUESSES = 8
#: The worth of winning the game in a :class:`PointsRace`, in points of the play.
WIN = 60.0
#: The crib, when the show decides the game, taken at about the published average.
CRIB_GUESS = 4.5


@dataclass(frozen=True, slots=True)
class PointsRace(TwoSideRace):
    """A race between two valued in points: pegging out is worth :data:`WIN`, being
    pegged out ``-WIN``; once the play is over the show is counted in order (the pone
    first, then the dealer's hand, then the crib at :data:`CRIB_GUESS`) to see whether
    somebody gets home, and otherwise the line is worth the points it pegged for side 0
    less those for side 1."""

    win: ClassVar[float] = WIN
    lose: ClassVar[float] = -WIN

    def settle(self, left_me: int, left_opp: int) -> float:
        mine = self.need_me - left_me
        theirs = self.need_opp - left_opp
        me = mine + self.my_show
        opp = theirs + self.opp_show
        if self.dealer:
            if opp >= self.need_opp:
                return -WIN
            if me + CRIB_GUESS >= self.need_me:
                return WIN
        else:
            if me >= self.need_me:
                return WIN
            if opp + CRIB_GUESS >= self.need_opp:
                return -WIN
        return float(mine - theirs)


class CrazyOpen(Crazy):
    """Crazy before its throw counted the play and before the others in its searches laid
    from what they see: level ``crazy-open``."""

    level = "crazy-open"

    def _discards(self, six: tuple[Card, ...], dealer: bool) -> tuple[Discard, ...]:
        return analyse_discards(six, dealer=dealer, opponent="sound")

    def _read_lays(self, view: TwoSeatView) -> tuple[Lay, ...]:
        return ()

    def _replying(
        self, sides: tuple[int, ...], seat: int, rest: Sequence[int]
    ) -> tuple[WeighedReply | None, int]:
        return None, 0


class CrazyPoints(CrazyOpen):
    """Crazy as it was before it knew the score: level ``crazy-points``."""

    level = "crazy-points"

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        return Player.discard(self, view)

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        return analyse_five(five, players=3, crib_sign=crib_sign)[0].throw

    def _choose_throw(self, six: tuple[Card, ...], race: Race) -> Throw:
        out = self._counting_out(six, race)
        if out is not None:
            return out
        best = analyse_discards(six, dealer=race.dealer, opponent="sound")[0]
        return (best.throw[0], best.throw[1]), tuple(best.keep)

    def _choose_table_card(self, table: TableView) -> Card:
        if sum(table.held) > TABLE_FULL:
            return weighed_reply_card(table)
        values = self.table_values(table, TABLE_GUESSES)
        return max(values, key=lambda c: (values[c], pip_tiebreak(c.order)))

    def _table_search(
        self, table: TableView
    ) -> Callable[[Hands], tuple[PlaySearch, tuple[int, ...]]]:
        shared = PlaySearch(table.sides, depth=64)
        return lambda hands: (shared, ())

    def _guess_weight(self, table: TableView, hands: Hands) -> float:
        return 1.0

    def _deal_guess(self, table: TableView) -> Hands:
        return self._deal_once(table)

    def _choose_card(self, view: TwoSeatView) -> Card:
        p = view.position
        race = view.race
        pool = [c for c in p.unseen if c.pips >= view.min_pips]
        k = p.opponent_left
        if k > len(pool):  # the inference cannot hold: fall back on every unseen card
            pool = list(p.unseen)
        my_show = show_points((*p.hand, *p.mine_played), p.starter)
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
        shared = PlaySearch((0, 1), prune=True)
        nodes = 0
        for done, (weight, theirs, cards) in enumerate(guesses):
            if done >= MIN_GUESSES and nodes > NODE_BUDGET:
                break
            if near:
                board = PointsRace(
                    race.need_me,
                    race.need_opp,
                    my_show,
                    show_points((*p.theirs_played, *cards), p.starter),
                    race.dealer,
                )
                search = PlaySearch((0, 1), board, prune=True)
                state = board.start((mine, theirs), series, p.count, passed)
            else:
                search = shared
                state = PlayState((mine, theirs), series, p.count, 0, passed)
            before = search.nodes
            for order in by_rank:
                value = search.after_lay(state, order)
                totals[order] += weight * (value[0] - value[1])
            nodes += search.nodes - before
        best = max(by_rank, key=lambda o: (totals[o], pip_tiebreak(o)))
        return by_rank[best]

    def _guesses(self, pool: list[Card], k: int, near: bool) -> list[Guess]:
        """(weight, sorted rank orders, cards) for guesses at the opponent's hand."""
        if k == 0:
            return [(1.0, (), ())]
        per_rank = Counter(c.order for c in pool)
        ranks = sorted(per_rank)
        if not near:
            exact = comb(len(ranks) + k - 1, k)
            if exact <= EXACT_LIMIT:
                out: list[Guess] = []
                total = comb(len(pool), k)
                for combo in multisets(ranks, k):
                    need = Counter(combo)
                    ways = prod(comb(per_rank[r], n) for r, n in need.items())
                    if ways:
                        out.append((ways / total, combo, ()))
                out.sort(key=lambda g: -g[0])  # the likeliest first, should the budget run out
                return out
        samples = SAMPLES.get(k, 20)
        if near:
            out = []
            for _ in range(samples):
                cards = tuple(self.rng.sample(pool, k))
                out.append((1.0 / samples, tuple(sorted(c.order for c in cards)), cards))
            return out
        drawn: Counter[tuple[int, ...]] = Counter()
        cards_for: dict[tuple[int, ...], tuple[Card, ...]] = {}
        for _ in range(samples):
            cards = tuple(self.rng.sample(pool, k))
            key = tuple(sorted(c.order for c in cards))
            drawn[key] += 1
            cards_for.setdefault(key, cards)
        return [(n / samples, key, cards_for[key]) for key, n in drawn.items()]


#: Players kept for comparison, not offered on the Play page.
VARIANTS: tuple[str, ...] = ("crazy-open", "crazy-points")
#: Every player a tournament can seat, the levels first.
PLAYERS: tuple[str, ...] = (*LEVELS, *VARIANTS)
_VARIANT_CLASSES: dict[str, type[Crazy]] = {"crazy-open": CrazyOpen, "crazy-points": CrazyPoints}


def tournament_player(level: str, *, seed: int | str | None = None) -> ComputerPlayer:
    """A player at ``level`` (one of :data:`PLAYERS`) with its own generator."""
    variant = _VARIANT_CLASSES.get(level)
    if variant is not None:
        return variant(seed)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(PLAYERS)}")
    return computer_player(level, seed=seed)

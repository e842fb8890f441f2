"""Crazy-points, the look-ahead played for points: the throw by hand and crib over every
starter, and in the play a search to the end of the play over guesses at the other
hands (:mod:`trainer.analysis.lookahead` for two, :mod:`trainer.analysis.table_search`
for three or four). Crazy (:mod:`trainer.analysis.players.crazy`) builds on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Protocol

from trainer.analysis.discards import analyse_discards
from trainer.analysis.discards_five import analyse_five
from trainer.analysis.hands import show_points
from trainer.analysis.lookahead import Board, Search
from trainer.analysis.pegging import PlayPosition
from trainer.analysis.players.base import Throw
from trainer.analysis.players.hard import Hard
from trainer.analysis.players.views import Race, TableView, TwoSeatView
from trainer.analysis.table_guess import likelihood
from trainer.analysis.table_search import Hands, TableSearch
from trainer.engine import Card

__all__ = [
    "EXACT_LIMIT",
    "MIN_GUESSES",
    "NODE_BUDGET",
    "SAMPLES",
    "TABLE_FULL",
    "TABLE_NODES",
    "CrazyPoints",
    "PlaySearch",
    "multisets",
    "pip_tiebreak",
]

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


class PlaySearch(Protocol):
    """A search of the play at a table (:class:`~trainer.analysis.table_search.TableSearch`,
    or :class:`~trainer.analysis.table_race.TableRace` for the game): the positions it
    has visited, a figure for each side after a lay, and that figure's worth to a seat."""

    nodes: int

    def after_lay(
        self,
        hands: Hands,
        series: tuple[int, ...],
        count: int,
        turn: int,
        passed: int,
        order: int,
    ) -> tuple[float, ...]: ...

    def worth(self, value: Sequence[float], seat: int) -> float: ...


class CrazyPoints(Hard):
    """Crazy as it was before it knew the score: level ``crazy-points``."""

    level = "crazy-points"

    #: Guesses at the other hands for a decision at three or four.
    table_guesses = 8

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        return analyse_five(five, players=3, crib_sign=crib_sign)[0].throw

    def _choose_table_card(self, table: TableView) -> Card:
        if sum(table.held) > TABLE_FULL:
            return super()._choose_table_card(table)
        values = self.table_values(table)
        return max(values, key=lambda c: (values[c], pip_tiebreak(c.order)))

    def table_values(self, table: TableView) -> dict[Card, float]:
        """Every legal card's worth to this seat's side, searched over guesses at the other
        hands by :meth:`_table_search` (here its points less the mean of the other
        sides')."""
        by_rank: dict[int, Card] = {}
        for card in sorted(table.legal, key=lambda c: c.index):
            by_rank.setdefault(card.order, card)
        search_for = self._table_search(table)
        totals = dict.fromkeys(by_rank, 0.0)
        series = tuple(c.order for _, c in table.series)
        weights = 0.0
        nodes = 0
        for guess in range(self.table_guesses):
            if guess >= 3 and nodes > TABLE_NODES:
                break
            hands = self._deal_guess(table)
            weight = self._guess_weight(table, hands)
            search = search_for(hands)
            before = search.nodes
            for order in by_rank:
                value = search.after_lay(
                    hands, series, table.count, table.seat, table.passed, order
                )
                totals[order] += weight * search.worth(value, table.seat)
            weights += weight
            nodes += search.nodes - before
        return {by_rank[o]: totals[o] / weights for o in by_rank}

    def _table_search(self, table: TableView) -> Callable[[Hands], PlaySearch]:
        """The search a guess at the other hands is valued by in :meth:`table_values`:
        one points search for the whole decision, keeping what it has valued."""
        shared = TableSearch(table.sides)
        return lambda hands: shared

    def _guess_weight(self, table: TableView, hands: tuple[tuple[int, ...], ...]) -> float:
        """The weight of a guess at the other hands in :meth:`table_values`: all alike."""
        return 1.0

    #: Whether guesses are drawn by what each seat's lays tell (:mod:`table_guess`) ...
    infer = False
    #: ... drawing this many times at most for one guess, then taking the likeliest.
    infer_tries = 24

    def _deal_guess(self, table: TableView) -> tuple[tuple[int, ...], ...]:
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

    def _deal_once(self, table: TableView) -> tuple[tuple[int, ...], ...]:
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

    def _choose_throw(self, six: tuple[Card, ...], race: Race) -> Throw:
        out = self._counting_out(six, race)
        if out is not None:
            return out
        best = analyse_discards(six, dealer=race.dealer, opponent="sound")[0]
        return (best.throw[0], best.throw[1]), tuple(best.keep)

    def _choose_card(self, view: TwoSeatView) -> Card:
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
        best = max(by_rank, key=lambda o: (totals[o], pip_tiebreak(o)))
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
                for combo in multisets(ranks, k):
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


def multisets(ranks: list[int], k: int) -> list[tuple[int, ...]]:
    return [tuple(c) for c in combinations_with_replacement(ranks, k)]


def pip_tiebreak(order: int) -> float:
    """Between equal cards, lay the higher one and keep the low card for the go."""
    return min(order, 10) + order / 100

"""Crazy, the strongest level: every throw by hand, crib and the play over every starter,
and in the play a search of the rest of the play (:mod:`trainer.analysis.play_search`) in
which the other players lay from what they can see, played for points away from the end
and for the game within :data:`END` points of home. :func:`card_chances` gives the coach
the chance to win for each card.

**The throw.** Between two, the throw with the best hand, crib and play on average: the
hand over every starter, the crib over the starters and the opponent's sound throw, and
what the four kept peg against the opponent's likely four, as dealer or pone
(``analyse_discards(..., opponent="sound", play=True)``, the play from
:func:`trainer.analysis.play_values.play_edge`); near the end the throw likeliest to win
(:func:`trainer.analysis.endgame.throws_by_needs`), between throws as likely, the better
average. At three and four, the card whose four and crib are best over the starters and
the others' likely throws (:func:`trainer.analysis.discards_five.analyse_five`,
sampled); a seat within :data:`COUNT_OUT` of home that counts before every other side as
near keeps the four likeliest to take it home (:func:`counting_out_five`), as the pone
does between two.

**The other players see only their own cards.** In every search of the play between two
and at three, another player does not answer as if it saw Crazy's cards: it lays as Hard
weighs a card, from what it can see (:class:`~.play_search.WeighedReply`: the points now
and the next player's expected best reply over the cards it has not seen). Crazy itself
searches its own cards' every line.

**The play between two.** Guesses at the opponent's hand, drawn from the cards Crazy has
not seen (leaving out any card the opponent would have had to lay when it said go), each
searched to the end of the play, alpha-beta pruned; with few possible hands every one is
searched, weighted exactly. Each guess is weighted by how much likelier a good player is
to have kept those four than to be dealt them
(:func:`trainer.analysis.sound.kept_likelihood`), mixed with :data:`UNSOUND` of the plain
chance for players who throw otherwise, and by the points the opponent's lays would have
passed up holding it (:func:`trainer.analysis.table_guess.likelihood`). Where the best
two cards are too close to call over the guesses drawn, it draws more
(:data:`MORE_GUESSES` at a time, up to :data:`MAX_GUESSES` or :data:`MAX_NODES`
positions). Near the end every line is valued by the chance of winning from where the
play ends (:class:`~.play_search.WinChance`), and near the end with few possible hands
the opponent's every hand is searched, its show counted with it.

**The play at three and four.** The card the look-ahead values most: this seat's card
and the next three actions, every other seat's cards taken by expectation over what it
could hold, exactly (:class:`~.play_search.ExpectedReply` over :data:`DEPTH` actions),
at three each laying the card it likes best by what it sees. At three
(:attr:`Crazy.RACE_PLAYERS`), within :data:`END` points of home (any side), once no more
than :data:`TABLE_FULL` cards are in hand, the rest of the play is searched for the game
(:class:`~.play_search.TableRace`) over :data:`TABLE_GUESSES` guesses at the other
hands: drawn again, mostly, while a seat's lays speak against them
(:func:`trainer.analysis.table_guess.likelihood`), and weighted by the four each seat
would have kept from five (:func:`trainer.analysis.discards_five.kept_likelihood_five`);
each guess gives every hand's show (the others' by their ranks), and a line is valued
by who gets home first, in the play, in the show from the dealer's left, or with the crib.

Today's Crazy before its throw counted the play and before the others in its searches
laid from what they see is kept for the tournament (``crazy-open``,
:mod:`trainer.analysis.tournament.variants`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import numpy as np
import numpy.typing as npt

from trainer.analysis.discards import Discard, analyse_discards
from trainer.analysis.discards_five import analyse_five, crib_sign_of, kept_likelihood_five
from trainer.analysis.endgame import crib_chances, leaf_table, throws_by_needs
from trainer.analysis.hands import rank_show_points, show_points
from trainer.analysis.pegging import PlayPosition
from trainer.analysis.play_search.leaves import ExpectedReply, Leaf
from trainer.analysis.play_search.position import Hands, PlayState, unseen_counts
from trainer.analysis.play_search.races import TIE_POINT, RaceBoard, TableRace, WinChance
from trainer.analysis.play_search.replies import WeighedReply
from trainer.analysis.play_search.walk import PlaySearch
from trainer.analysis.players.base import COUNT_OUT, Player, Throw, likeliest_to_count_out
from trainer.analysis.players.views import (
    Race,
    TableView,
    TwoSeatView,
    check_five,
    check_view,
    two_seat_view,
)
from trainer.analysis.sound import kept_likelihood
from trainer.analysis.table_guess import Lay, likelihood
from trainer.analysis.winprob import win_model
from trainer.engine import Card, Phase, SeatView
from trainer.engine.vocab import side_of

__all__ = [
    "CLOSE",
    "COUNT_OUT",
    "DEPTH",
    "END",
    "EXACT_HANDS",
    "EXACT_LIMIT",
    "FIRST_GUESSES",
    "MAX_GUESSES",
    "MAX_NODES",
    "MORE_GUESSES",
    "TABLE_FULL",
    "TABLE_GUESSES",
    "TABLE_NODES",
    "UNSOUND",
    "CardChance",
    "Crazy",
    "Guess",
    "card_chances",
    "counting_out_five",
    "crib_at_least",
    "multisets",
    "pip_tiebreak",
]

FloatArray = npt.NDArray[np.float64]

#: Either side needing this many points or fewer: Crazy plays for the game, not the points.
END = 40

# -- the play between two --

#: Guesses at the opponent's hand a decision starts with, by the cards it holds ...
FIRST_GUESSES = {4: 24, 3: 28, 2: 32, 1: 32}
#: ... guesses added at a time while the best two cards are too close to call ...
MORE_GUESSES = 16
#: ... up to this many, or until the search has visited this many positions.
MAX_GUESSES = 128
MAX_NODES = 40_000
#: Two cards are too close to call while the better one's lead is under this many
#: standard errors of its mean lead over the guesses.
CLOSE = 2.0
#: Below this many possible rank sets the search takes every one, weighted exactly.
EXACT_LIMIT = 100
#: Near the end, every hand the opponent could hold is searched when there are this few.
EXACT_HANDS = 1200
#: The share of the plain chance mixed into the weight of a guess at the other hands, for
#: players who do not keep what a good player keeps. Less or more played no better between
#: two (duplicate deals against this share, points a deal, 95% interval: 0.05, +0.01 over
#: 800 pairs, -0.06 to +0.09; 0.3, -0.06 over 600 pairs, -0.15 to +0.04), and none at all
#: leaves some decisions with every guess weighing nothing.
UNSOUND = 0.15

# -- the play at three and four --

#: Actions the look-ahead takes: this seat's card, and one turn round a table of four.
#: Five at four played no better (400 pairs of duplicate deals: -0.10 points a deal, 95%
#: interval -0.32 to +0.12) and took twice the time; six, about ten times.
DEPTH = 4
#: Near the end at three, the play is searched for the game once this few cards are out ...
TABLE_FULL = 8
#: ... over this many guesses at the other hands ...
TABLE_GUESSES = 16
#: ... taking no further guesses once it has visited this many positions (after three) ...
TABLE_NODES = 2_500
#: ... each guess drawn at most this many times while the lays speak against it.
INFER_TRIES = 24

#: A guess at the opponent's hand between two: its weight, its sorted rank orders, and
#: its cards (empty when the guess is a set of ranks).
Guess = tuple[float, tuple[int, ...], tuple[Card, ...]]


def multisets(ranks: list[int], k: int) -> list[tuple[int, ...]]:
    return [tuple(c) for c in combinations_with_replacement(ranks, k)]


def pip_tiebreak(order: int) -> float:
    """Between equal cards, lay the higher one and keep the low card for the go."""
    return min(order, 10) + order / 100


def _by_rank(legal: Sequence[Card]) -> dict[int, Card]:
    """The lowest-indexed card of each rank that fits: cards of one rank play alike."""
    by_rank: dict[int, Card] = {}
    for card in sorted(legal, key=lambda c: c.index):
        by_rank.setdefault(card.order, card)
    return by_rank


@dataclass(frozen=True, slots=True)
class _Guesses:
    """The guesses at the opponent's hand for one decision: ``exact`` when they are every
    possible rank set, weighted; otherwise drawn, more on request."""

    exact: bool
    first: list[Guess]


class Crazy(Player):
    """Crazy: the throw by hand and crib over every starter, the play searched to its end
    over guesses at the other hands (at three and four, looked ahead by expectation), and
    within :data:`END` points of home the throw and every card by the chance to win."""

    level = "crazy"

    #: The table sizes at which, near the end, the play is searched for the game. Not at
    #: four: there even a search of the play that saw every hand won no more games
    #: against Hard played for the game than for the points (63% and 64% over 1,000
    #: games), so the look-ahead plays on to the end.
    RACE_PLAYERS = frozenset({3})

    def __init__(self, seed: int | str | None) -> None:
        super().__init__(seed)
        self._leaves: dict[tuple[object, ...], FloatArray] = {}

    @staticmethod
    def at_the_end(race: Race) -> bool:
        return race.need_me <= END or race.need_opp <= END

    # -- the throw --

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        """As every level; at three and four, a seat near home that counts before any
        other side that could get there keeps the four likeliest to take it home
        (:func:`counting_out_five`)."""
        view = check_view(view, Phase.DISCARD)
        if view.players != 2:
            out = counting_out_five(view)
            if out is not None:
                return (out,)
        return super().discard(view)

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        """The card whose four and crib are best on average, the crib counted as it is
        worth (:func:`~.discards_five.crib_sign_of`). Trading hand for crib did no better
        (duplicate deals against this throw, points a deal, 95% interval: the crib
        weighed 1.3 times, +0.05 over 600 pairs at four, -0.10 to +0.19, and +0.00 over
        600 at three, -0.07 to +0.08; 0.7 times, -0.17 over 300 at four, -0.39 to +0.05)."""
        seed = self.rng.randrange(2**32)
        ranked = analyse_five(five, players=players, crib_sign=crib_sign, model="likely", seed=seed)
        return ranked[0].throw

    def _discards(self, six: tuple[Card, ...], dealer: bool) -> tuple[Discard, ...]:
        """The throws from ``six`` by hand, crib and the play, best first."""
        return analyse_discards(six, dealer=dealer, opponent="sound", play=True)

    def _choose_throw(self, six: tuple[Card, ...], race: Race) -> Throw:
        ranked = self._discards(six, race.dealer)
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

    # -- the play between two --

    def _choose_card(self, view: TwoSeatView) -> Card:
        values = self.card_values(view, for_the_game=self.at_the_end(view.race))
        return max(values, key=lambda c: (values[c], pip_tiebreak(c.order)))

    def card_values(self, view: TwoSeatView, *, for_the_game: bool) -> dict[Card, float]:
        """Every legal card's worth by the search, averaged over the guesses: the chance
        of winning the game ``for_the_game``, else the points of the play it nets. Cards
        of one rank play alike; the lowest-indexed of each rank stands for it."""
        p = view.position
        race = view.race
        pool = [c for c in p.unseen if c.pips >= view.min_pips]
        k = p.opponent_left
        if k > len(pool):  # the inference cannot hold: fall back on every unseen card
            pool = list(p.unseen)
        leaf = self._leaf(view) if for_the_game else None
        my_show = show_points((*p.hand, *p.mine_played), p.starter)
        mine = tuple(sorted(c.order for c in p.hand))
        series = tuple(c.order for c in p.series)
        passed = 2 if p.opponent_passed else 0
        likely = self._hand_weight(view)
        by_rank = _by_rank(p.legal)
        orders = list(by_rank)
        values: dict[int, list[float]] = {o: [] for o in orders}
        weights: list[float] = []
        # What the opponent cannot see, besides this seat's hand: the cards this seat has
        # not seen (less its hand, in each guess) and this seat's throw.
        hidden = list(unseen_counts([c.order for c in p.unseen]))
        for card in p.crib_cards:
            hidden[card.order] += 1
        nodes = 0

        def take(guesses: Sequence[Guess]) -> None:
            nonlocal nodes
            for weight, theirs, cards in guesses:
                weight *= likely(theirs)
                rest = list(hidden)
                for o in theirs:
                    rest[o] -= 1
                replies, replying = self._replying((0, 1), 0, rest)
                board: Leaf | None = None
                needs: tuple[int, ...] = ()
                if leaf is not None:
                    board = WinChance(
                        race.need_me,
                        race.need_opp,
                        my_show,
                        show_points((*p.theirs_played, *cards), p.starter),
                        race.dealer,
                        leaf,
                    )
                    needs = (race.need_me, race.need_opp)
                search = PlaySearch((0, 1), board, prune=True, replies=replies, replying=replying)
                state = PlayState((mine, theirs), series, p.count, 0, passed, -1, needs)
                before = search.nodes
                for order in orders:
                    value = search.after_lay(state, order)
                    values[order].append(value[0] - value[1])
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

    def _leaf(self, view: TwoSeatView) -> FloatArray:
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

    def _hand_weight(self, view: TwoSeatView) -> Callable[[tuple[int, ...]], float]:
        """How likely the opponent is to hold ``theirs`` (its unplayed rank orders) on top
        of what it has laid, given that it kept its four from six as a sound player
        would, mixed with :data:`UNSOUND` of the plain chance, and that its lays so far
        took the points they could (:func:`trainer.analysis.table_guess.likelihood`)."""
        laid = tuple(c.order for c in view.position.theirs_played)
        if len(laid) + view.position.opponent_left != 4:
            return lambda theirs: 1.0
        table = kept_likelihood("pone" if view.race.dealer else "dealer")
        lays = self._read_lays(view)

        def weight(theirs: tuple[int, ...]) -> float:
            kept = UNSOUND + (1.0 - UNSOUND) * table[tuple(sorted((*laid, *theirs)))]
            return kept * likelihood(lays, theirs) if lays else kept

        return weight

    def _read_lays(self, view: TwoSeatView) -> tuple[Lay, ...]:
        """The opponent's lays, which speak for or against a guess at its hand."""
        return view.lays

    def _replying(
        self, sides: tuple[int, ...], seat: int, rest: Sequence[int]
    ) -> tuple[WeighedReply | None, int]:
        """How the other seats lay in this seat's searches: from what they see, as Hard
        weighs a card (:class:`~.play_search.WeighedReply`; ``rest`` is what nobody in the
        search holds); the reply rule and the other seats, a bit each. Not at four, in
        partnerships, where the look-ahead did no better so (150 pairs of duplicate deals:
        -0.17 points a deal, 95% interval -0.52 to +0.19): there the others are taken by
        expectation over what they could hold, as before."""
        if len(sides) == 4:
            return None, 0
        others = sum(1 << s for s in range(len(sides)) if s != seat)
        return WeighedReply(sides, rest), others

    def _first_guesses(self, pool: list[Card], k: int, *, exact_ok: bool) -> _Guesses:
        if k == 0:
            return _Guesses(True, [(1.0, (), ())])
        if exact_ok:
            per_rank = Counter(c.order for c in pool)
            ranks = sorted(per_rank)
            if comb(len(ranks) + k - 1, k) <= EXACT_LIMIT:
                total = comb(len(pool), k)
                out: list[Guess] = []
                for combo in multisets(ranks, k):
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

    def _drawn(self, pool: list[Card], k: int, n: int) -> list[Guess]:
        out = []
        for _ in range(n):
            cards = tuple(self.rng.sample(pool, k))
            out.append((1.0, tuple(sorted(c.order for c in cards)), cards))
        return out

    @staticmethod
    def _too_close(values: dict[int, list[float]], weights: list[float]) -> bool:
        """Whether the best card's lead over the next is within :data:`CLOSE` standard
        errors of its weighted mean over the guesses drawn."""
        if len(values) < 2:
            return False
        w = np.asarray(weights)
        total = float(w.sum())
        means = {o: float(np.dot(w, v)) / total for o, v in values.items()}
        first, second = sorted(means, key=lambda o: -means[o])[:2]
        lead = np.asarray(values[first]) - np.asarray(values[second])
        mean = means[first] - means[second]
        n = len(weights)
        spread = float(np.dot(w, (lead - mean) ** 2)) / total * n / max(n - 1, 1)
        effective = total * total / float(np.dot(w, w))
        return mean * mean < CLOSE * CLOSE * spread / effective

    # -- the play at three or four --

    def _choose_table_card(self, table: TableView) -> Card:
        """Near the end at three with few cards out, the search for the game over guesses
        (:meth:`table_values`); otherwise the card of most value by the look-ahead
        (:meth:`expected_values`)."""
        if self._racing(table) and sum(table.held) <= TABLE_FULL:
            values = self.table_values(table)
        else:
            values = self.expected_values(table)
        return max(values, key=lambda c: (values[c], pip_tiebreak(c.order)))

    def expected_values(self, table: TableView) -> dict[Card, float]:
        """Every legal card's worth to this seat's side over the next :data:`DEPTH`
        actions, by expectation over the cards it has not seen
        (:class:`~trainer.analysis.play_search.ExpectedReply`); the lowest-indexed card of
        each rank stands for it."""
        replies, replying = self._replying(table.sides, table.seat, [0] * 14)
        look = PlaySearch(
            table.sides,
            ExpectedReply(table.sides),
            depth=DEPTH,
            replies=replies,
            replying=replying,
        )
        state = table.hidden_state()
        return {
            card: look.worth(look.after_lay(state, order), table.seat)
            for order, card in _by_rank(table.legal).items()
        }

    def table_values(self, table: TableView, guesses: int = TABLE_GUESSES) -> dict[Card, float]:
        """Every legal card's worth to this seat's side, searched over ``guesses`` guesses
        at the other hands (fewer once the search has visited :data:`TABLE_NODES`
        positions), each by :meth:`_table_search`, weighted by :meth:`_guess_weight`."""
        by_rank = _by_rank(table.legal)
        search_for = self._table_search(table)
        totals = dict.fromkeys(by_rank, 0.0)
        series = tuple(c.order for _, c in table.series)
        weights = 0.0
        nodes = 0
        for guess in range(guesses):
            if guess >= 3 and nodes > TABLE_NODES:
                break
            hands = self._deal_guess(table)
            weight = self._guess_weight(table, hands)
            search, needs = search_for(hands)
            state = PlayState(hands, series, table.count, table.seat, table.passed, -1, needs)
            before = search.nodes
            for order in by_rank:
                value = search.after_lay(state, order)
                totals[order] += weight * search.worth(value, table.seat)
            weights += weight
            nodes += search.nodes - before
        return {by_rank[o]: totals[o] / weights for o in by_rank}

    def _racing(self, table: TableView) -> bool:
        """Whether the play at this table is searched for the game: three at the table
        (:attr:`RACE_PLAYERS`), within :data:`END` points of home (any side), the dealer
        and every seat's lays known."""
        return (
            table.players in self.RACE_PLAYERS
            and table.dealer >= 0
            and bool(table.needs)
            and bool(table.lays)
            and min(table.needs) <= END
        )

    def _table_search(
        self, table: TableView
    ) -> Callable[[Hands], tuple[PlaySearch, tuple[int, ...]]]:
        """The search each guess at the other hands is valued by in :meth:`table_values`,
        with the needs it starts from: for the game, a :class:`~.play_search.TableRace` of
        its own (the guess gives every hand's show, the others' by their ranks)."""
        starter = table.starter.order
        my_show = show_points((*table.hand, *table.mine_played), table.starter)
        crib = crib_at_least(starter)
        hidden = unseen_counts([c.order for c in table.unseen])

        def race(hands: Hands) -> tuple[PlaySearch, tuple[int, ...]]:
            shows = tuple(
                my_show
                if s == table.seat
                else rank_show_points((*(lay.order for lay in table.lays[s]), *held), starter)
                for s, held in enumerate(hands)
            )
            board = RaceBoard(table.needs, shows, table.dealer, crib)
            rest = list(hidden)
            for s, held in enumerate(hands):
                if s != table.seat:
                    for o in held:
                        rest[o] -= 1
            replies, replying = self._replying(table.sides, table.seat, rest)
            search = PlaySearch(
                table.sides,
                TableRace(table.sides, board),
                replies=replies,
                replying=replying,
            )
            return search, table.needs

        return race

    def _guess_weight(self, table: TableView, hands: Hands) -> float:
        """How likely the other seats are to hold ``hands`` given that each kept its four
        from five as a good player would
        (:func:`trainer.analysis.discards_five.kept_likelihood_five`), each mixed with
        :data:`UNSOUND` of the plain chance."""
        if table.dealer < 0:
            return 1.0
        weight = 1.0
        for s, held in enumerate(hands):
            laid = tuple(lay.order for lay in table.lays[s]) if table.lays else ()
            if s == table.seat or len(laid) + len(held) != 4:
                continue
            kept = kept_likelihood_five(crib_sign_of(s, table.dealer, table.players))
            weight *= UNSOUND + (1.0 - UNSOUND) * kept[tuple(sorted((*laid, *held)))]
        return weight

    def _deal_guess(self, table: TableView) -> Hands:
        """A guess at every other hand from the unseen cards (:meth:`_deal_once`), drawn
        again while a seat's lays speak against it (:func:`table_guess.likelihood`), up to
        :data:`INFER_TRIES` times, then the likeliest drawn."""
        best, best_w = None, -1.0
        for _ in range(INFER_TRIES):
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

    def _deal_once(self, table: TableView) -> Hands:
        """Every other hand drawn from the unseen cards, each seat's cards at least the
        pips its goes showed (the strictest first)."""
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


def counting_out_five(view: SeatView) -> Card | None:
    """At three or four, the card to throw from five for the four likeliest (over the
    starters this seat has not seen) to show what its side needs, less
    :data:`~.base.PLAY_ALLOWANCE` for the play; ties by the better average. None when that is
    not the question: the side needs more than :data:`COUNT_OUT`, the seat is the dealer
    (whose crib counts too), or a seat of another side within :data:`COUNT_OUT` of home
    counts first (from the dealer's left round to the dealer); or no keep can make it."""
    view = check_view(view, Phase.DISCARD)
    five = check_five(view.hand)
    players = view.players
    dealer = view.dealer
    assert dealer is not None
    target = view.settings.target
    side = side_of(view.seat, players)
    need = target - view.scores[side]
    if need > COUNT_OUT or view.seat == dealer:
        return None
    before = (view.seat - dealer - 1) % players  # the seats that count before this one
    for step in range(1, before + 1):
        other = side_of((dealer + step) % players, players)
        if other != side and target - view.scores[other] <= COUNT_OUT:
            return None
    options = [
        ((c,), tuple(k for k in five if k != c)) for c in sorted(five, key=lambda c: c.index)
    ]
    found = likeliest_to_count_out(options, need)
    return None if found is None else found[0][0]


@cache
def crib_at_least(starter: int) -> tuple[float, ...]:
    """The chance that a crib makes at least ``x`` points, for each ``x``, with a starter
    of rank order ``starter``: as the computer players' cribs measured for the win model
    (between two; at three and four as an estimate)."""
    crib = win_model().show.crib[starter - 1]
    return tuple(float(p) for p in np.cumsum(crib[::-1])[::-1])


@dataclass(frozen=True, slots=True)
class CardChance:
    """A legal card in the play and the chance to win the game after laying it."""

    card: Card
    win: float


def card_chances(view: SeatView, *, seed: int | str | None = None) -> tuple[CardChance, ...]:
    """Every card the seat of ``view`` may lay now with its chance to win the game, best
    first, by Crazy's search (guesses drawn from ``seed``); empty when it must say go.
    For the coach near the end: which card keeps the game, and what a card gives away."""
    view = check_view(view, Phase.PLAY)
    if view.players != 2:
        raise ValueError("the chance of winning is worked out for two players")
    checked = two_seat_view(view)
    legal = checked.position.legal
    if not legal:
        return ()
    player = Crazy(seed)
    values = player.card_values(checked, for_the_game=True)
    by_rank = {c.order: v for c, v in values.items()}
    chances = [CardChance(c, min(1.0, max(0.0, by_rank[c.order]))) for c in legal]
    return tuple(sorted(chances, key=lambda c: (-c.win, c.card.index)))

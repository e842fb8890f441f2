"""Matches between computer players, played so that luck cancels, and their figures.

Each deal order (a seed) is played twice: once with the first level in seat 0,
once with the seats exchanged and the very same cuts and shuffles. The games
are the engine's :class:`~trainer.engine.Game`: the cut for deal, then deals
alternating, each the discard, the starter (his heels), the play and the show
in order (pone, dealer, crib), over the moment a player reaches the target.
Every player sees only its seat's :meth:`~trainer.engine.Game.view`.

At three and four seats (``seats=3``, ``seats=4``) the two levels share the table.
Four play as partnerships, the first level's pair (seats 0 and 2) against the second's,
and the pair of games exchanges the partnerships. Three play each alone: one seat of
the first level against two of the second, then, with the same deal, every chair's level
exchanged (one of the second against two of the first); the lone chair goes round the
table over three such pairs, so each level sits in each chair with the same deals. Over
a pair a level's share of the wins is one half when the levels are equal, as between two.

A level may also play itself (``("hard", "hard")``): then each game of a pair has
its own deal order, and what is measured is the first dealer's advantage.

Every decision a player returns is checked against the rules (two of its own
cards to the crib; a legal card in the play, and a go only when nothing fits):
a player that breaks them raises :class:`IllegalDecisionError`.

Besides who won, a match is split at the start of each game's last two deals: the
win-probability table (:mod:`trainer.analysis.winprob`) gives each side's chance
there, so a level's win rate is what it had built up by then plus what it gained
in the last two deals, where playing to the score counts most.

>>> result = play_game(("easy", "normal"), seed="doc")
>>> result.scores[result.winner] >= 121
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb, sqrt

from trainer.analysis.players import LEVELS, VARIANTS, ComputerPlayer, computer_player
from trainer.analysis.seat_views import discard_view, play_view
from trainer.analysis.winprob import win_model
from trainer.engine import (
    DECK,
    Card,
    Event,
    Game,
    Pegging,
    Phase,
    Settings,
    Which,
    deal,
    score_show,
)
from trainer.engine.vocab import side_of

__all__ = [
    "BANDS",
    "HUMAN_AVERAGES",
    "DealPoints",
    "GameOver",
    "GameResult",
    "IllegalDecisionError",
    "LateSplit",
    "MatchResult",
    "PairOutcome",
    "Table",
    "binomial_test",
    "game_seed",
    "play_game",
    "play_pair",
    "sign_test",
    "summarise",
    "wilson",
]

SOURCES = ("play", "hand", "crib")
#: Published averages of good human play, points a deal: (role, source) -> points.
HUMAN_AVERAGES: dict[tuple[str, str], float] = {
    ("dealer", "play"): 3.5,
    ("dealer", "hand"): 8.0,
    ("dealer", "crib"): 4.7,
    ("dealer", "total"): 16.2,
    ("pone", "play"): 2.0,
    ("pone", "hand"): 8.1,
    ("pone", "total"): 10.1,
}


class IllegalDecisionError(ValueError):
    """A player answered with a move the rules do not allow."""


@dataclass(frozen=True, slots=True)
class DealPoints:
    """What each seat scored in one deal, by source (his heels counts with the play),
    and whether the deal was played to the end of the show."""

    dealer: int
    #: By seat: (play, hand, crib).
    points: tuple[tuple[int, int, int], ...]
    complete: bool


@dataclass(frozen=True, slots=True)
class GameResult:
    #: By seat.
    levels: tuple[str, ...]
    seed: str
    #: By side (a player, or at four a partnership).
    scores: tuple[int, ...]
    #: The winning side (at four, 0 for seats 0 and 2): its level is ``levels[winner]``.
    winner: int
    deals: tuple[DealPoints, ...]
    target: int = 121

    @property
    def seats(self) -> int:
        return len(self.levels)

    @property
    def first_dealer(self) -> int:
        return self.deals[0].dealer

    @property
    def first_dealer_won(self) -> bool:
        return self.winner == side_of(self.first_dealer, self.seats)

    def late_chances(self) -> tuple[float, float]:
        """Each seat's chance to win, by the win-probability table, at the start of the
        game's last two deals (the first deal when it had fewer)."""
        start = max(0, len(self.deals) - 2)
        score = [0, 0]
        for record in self.deals[:start]:
            for seat in (0, 1):
                score[seat] += sum(record.points[seat])
        dealer = self.deals[start].dealer
        model = win_model()
        zero = model.chance(score[0], score[1], dealer=dealer == 0, target=self.target)
        return zero, 1.0 - zero


class GameOver(Exception):
    """Raised inside a deal the moment a player reaches the target."""


@dataclass
class Table:
    """The running state of one game, for the deal loop."""

    players: tuple[ComputerPlayer, ComputerPlayer]
    target: int
    scores: list[int] = field(default_factory=lambda: [0, 0])
    points: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])

    def peg(self, seat: int, source: int, points: int) -> None:
        if not points:
            return
        self.scores[seat] += points
        self.points[seat][source] += points
        if self.scores[seat] >= self.target:
            raise GameOver

    def view(self, seat: int) -> tuple[int, int]:
        return (self.scores[seat], self.scores[1 - seat])


def _discard(table: Table, seat: int, hand: tuple[Card, ...], dealer: int) -> tuple[Card, ...]:
    player = table.players[seat]
    throw = player.discard(
        discard_view(
            hand, seat=seat, dealer=dealer, scores=tuple(table.scores), target=table.target
        )
    )
    if (
        not isinstance(throw, tuple)
        or len(throw) != 2
        or throw[0] == throw[1]
        or not all(c in hand for c in throw)
    ):
        raise IllegalDecisionError(f"{player.level} threw {throw!r} from {hand!r}")
    return throw


def play_deal(table: Table, rng: random.Random, dealer: int) -> None:
    """One deal on the engine's pieces, for timing players and for tests of a single
    deal; raises ``GameOver`` the moment someone wins."""
    pack = list(DECK)
    rng.shuffle(pack)
    hands, rest = deal(pack, dealer)
    pone = 1 - dealer
    cut_at = rng.randrange(4, len(rest) - 4)
    throws = [_discard(table, seat, hands[seat], dealer) for seat in (0, 1)]
    kept = [tuple(c for c in hands[seat] if c not in throws[seat]) for seat in (0, 1)]
    crib = (*throws[0], *throws[1])
    starter = rest[cut_at]
    if starter.is_jack:
        table.peg(dealer, 0, 2)
    pegging = Pegging([list(kept[0]), list(kept[1])], leader=pone)
    laid: list[list[Card]] = [[], []]
    pile: list[Card] = []
    while not pegging.is_over:
        seat = pegging.turn
        player = table.players[seat]
        choice = player.play(
            play_view(
                pegging,
                seat,
                starter=starter,
                discards=throws[seat],
                dealer=dealer,
                scores=tuple(table.scores),
                target=table.target,
            )
        )
        if choice is None:
            if not pegging.can_go():
                raise IllegalDecisionError(f"{player.level} said go holding a card that fits")
            event = pegging.go()
        else:
            if not pegging.can_lay(choice):
                raise IllegalDecisionError(f"{player.level} cannot lay {choice!r} now")
            event = pegging.lay(choice)
            laid[seat].append(choice)
            pile.append(choice)
        for who, item in event.awards:
            table.peg(who, 0, item.points)
        if event.series_over:
            pile = []
    for seat, what in ((pone, 1), (dealer, 1), (dealer, 2)):
        cards = crib if what == 2 else kept[seat]
        table.peg(seat, what, score_show(cards, starter, crib=what == 2).total)


def game_seed(seed: int | str, levels: Sequence[str], index: int) -> str:
    """The seed of deal order ``index`` in a match: the same for both seatings."""
    first, second = sorted(levels)
    return f"{seed}/{first}:{second}/{index}"


def _engine_seed(seed: str) -> int:
    """A whole-number game seed from a text seed, the same on every machine."""
    return int(hashlib.sha256(seed.encode()).hexdigest()[:15], 16)


def seating(levels: tuple[str, str], seats: int, chair: int = 0) -> tuple[str, ...]:
    """The level in each seat: between two, the first in seat 0; at four, the first's
    partnership in seats 0 and 2; at three, the first alone in ``chair``."""
    a, b = levels
    if seats == 2:
        return (a, b)
    if seats == 4:
        return (a, b, a, b)
    if seats == 3:
        return tuple(a if seat == chair else b for seat in range(3))
    raise ValueError(f"a game is for two, three or four players, not {seats!r}")


def _take(points: list[list[int]], event: Event, source: int) -> None:
    for seat, item in getattr(event, "awards", ()):
        points[seat][source] += item.points


def _game_deal(game: Game, players: Sequence[ComputerPlayer]) -> list[list[int]]:
    """Play the current deal of ``game`` to its end (or the win); points by seat and source."""
    points = [[0, 0, 0] for _ in game.seats]
    pone = game.pone
    assert pone is not None
    for seat in game.seats:
        view = game.view(seat)
        throw = players[seat].discard(view)
        if not isinstance(throw, tuple) or not game.can_discard(seat, throw):
            raise IllegalDecisionError(f"{players[seat].level} threw {throw!r} from {view.hand!r}")
        game.discard(seat, throw)
    _take(points, game.cut_starter(pone), 0)
    while game.phase is Phase.PLAY:
        turn = game.turn
        assert turn is not None
        seat = turn
        choice = players[seat].play(game.view(seat))
        if choice is None:
            if not game.can_go(seat):
                raise IllegalDecisionError(
                    f"{players[seat].level} said go holding a card that fits"
                )
            _take(points, game.go(seat), 0)
        else:
            if not game.can_lay(seat, choice):
                raise IllegalDecisionError(f"{players[seat].level} cannot lay {choice!r} now")
            _take(points, game.lay(seat, choice), 0)
    while game.phase is Phase.SHOW:
        seat, which = game.show_order[0]
        _take(points, game.count_hand(seat, which), 2 if which is Which.CRIB else 1)
    return points


def play_game(levels: tuple[str, ...], *, seed: str, target: int = 121) -> GameResult:
    """One game, ``levels[seat]`` in each seat (two, three or four). The cuts and shuffles
    come from ``seed`` alone; each player's own generator is seeded from it and its seat."""
    for level in levels:
        if level not in LEVELS and level not in VARIANTS:
            raise ValueError(
                f"unknown level {level!r}: choose from {', '.join((*LEVELS, *VARIANTS))}"
            )
    players = [
        computer_player(level, seed=f"{seed}/seat{seat}/{level}")
        for seat, level in enumerate(levels)
    ]
    game = Game(Settings(target=target, seats=len(levels)), seed=_engine_seed(seed))
    while game.phase is Phase.CUT:
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    deals: list[DealPoints] = []
    while True:
        dealer = game.dealer
        assert dealer is not None
        points = _game_deal(game, players)
        by_seat = tuple((p[0], p[1], p[2]) for p in points)
        deals.append(DealPoints(dealer, by_seat, not game.is_over))
        if game.is_over:
            break
        game.next_deal()
    assert game.winner is not None
    return GameResult(tuple(levels), seed, game.scores, game.winner, tuple(deals), target)


# --- matches ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairOutcome:
    """The two games of one deal order: who won each, and each game's record."""

    index: int
    games: tuple[GameResult, GameResult]


def play_pair(
    levels: tuple[str, str], seed: int | str, index: int, target: int = 121, seats: int = 2
) -> PairOutcome:
    """Pair ``index``: the first level seated as :func:`seating` says, then every seat's
    level exchanged with the same deals (a level playing itself plays a second deal order
    instead). At three seats, pairs ``3k``, ``3k + 1`` and ``3k + 2`` share deal order ``k``
    with the lone chair at seat 0, 1 and 2."""
    order, chair = (index // 3, index % 3) if seats == 3 else (index, 0)
    s = game_seed(seed, levels, order)
    a, b = levels
    again = f"{s}/again" if a == b else s
    first = seating((a, b), seats, chair)
    second = seating((b, a), seats, chair)
    return PairOutcome(
        index,
        (play_game(first, seed=s, target=target), play_game(second, seed=again, target=target)),
    )


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` of ``n`` (95% by default)."""
    if n <= 0:
        raise ValueError("a confidence interval needs at least one game")
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_test(k: int, n: int) -> float:
    """Two-sided exact binomial p-value for ``k`` successes in ``n`` at one half."""
    if n == 0:
        return 1.0
    low = min(k, n - k)
    tail = sum(comb(n, i) for i in range(low + 1)) / 2**n
    return min(1.0, 2 * tail) if 2 * low != n else 1.0


def sign_test(a_both: int, b_both: int) -> float:
    """Two-sided exact sign test on the deal orders one side won both times."""
    return binomial_test(a_both, a_both + b_both)


#: The first level's chance at the start of the last two deals, in three bands.
BANDS: tuple[tuple[str, float, float], ...] = (
    ("behind (under 1/3)", 0.0, 1 / 3),
    ("close (1/3 to 2/3)", 1 / 3, 2 / 3),
    ("ahead (over 2/3)", 2 / 3, 1.0 + 1e-9),
)


@dataclass(frozen=True, slots=True)
class LateSplit:
    """The first level's games split at the start of their last two deals: its mean
    chance there by the table, what it gained after (won less that chance) with a 95%
    interval over the deal orders, and (games, wins) in each of :data:`BANDS`."""

    chance: float
    gain: float
    gain_interval: tuple[float, float]
    bands: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Everything printed for one pair of levels (a level against itself: ``wins``,
    ``both`` and ``split`` are by seat, and ``late`` is None)."""

    levels: tuple[str, str]
    games: int
    wins: tuple[int, ...]
    both: tuple[int, ...]
    split: int
    #: level -> (role, source) -> (points, deals)
    per_deal: dict[str, dict[tuple[str, str], float]]
    deals: dict[str, dict[str, int]]
    first_dealer_wins: int = 0
    late: LateSplit | None = None
    seats: int = 2

    @property
    def first_dealer_rate(self) -> float:
        return self.first_dealer_wins / self.games

    @property
    def first_dealer_interval(self) -> tuple[float, float]:
        return wilson(self.first_dealer_wins, self.games)

    def rate(self, side: int) -> float:
        return self.wins[side] / self.games

    def interval(self, side: int) -> tuple[float, float]:
        return wilson(self.wins[side], self.games)

    @property
    def p_sign(self) -> float:
        return sign_test(*self.both)

    @property
    def p_binomial(self) -> float:
        return binomial_test(self.wins[0], self.games)


def _late_split(first: str, outcomes: Sequence[PairOutcome]) -> LateSplit:
    chances: list[float] = []
    gains: list[float] = []
    bands = [[0, 0] for _ in BANDS]
    for outcome in outcomes:
        pair_gain = 0.0
        for game in outcome.games:
            seat = game.levels.index(first)
            chance = game.late_chances()[seat]
            won = 1.0 if game.winner == seat else 0.0
            chances.append(chance)
            pair_gain += won - chance
            for i, (_, low, high) in enumerate(BANDS):
                if low <= chance < high:
                    bands[i][0] += 1
                    bands[i][1] += int(won)
        gains.append(pair_gain / len(outcome.games))
    n = len(gains)
    gain = sum(gains) / n
    spread = sqrt(sum((g - gain) ** 2 for g in gains) / max(n - 1, 1) / n)
    z = 1.959963984540054
    return LateSplit(
        sum(chances) / len(chances),
        gain,
        (gain - z * spread, gain + z * spread),
        tuple((g, w) for g, w in bands),
    )


def summarise(levels: tuple[str, str], outcomes: Iterable[PairOutcome]) -> MatchResult:
    """Add up a match: wins, paired results, the first dealer's wins, the split at the
    last two deals, and points per complete deal."""
    a, b = levels
    selfplay = a == b
    outcomes = list(outcomes)
    wins = {a: 0, b: 0}
    both = {a: 0, b: 0}
    table_size = outcomes[0].games[0].seats if outcomes else 2
    sides = 3 if table_size == 3 else 2
    seat_wins = [0] * sides
    seat_both = [0] * sides
    split = 0
    games = 0
    first_dealer_wins = 0
    sums: dict[str, dict[tuple[str, str], int]] = {a: {}, b: {}}
    deals: dict[str, dict[str, int]] = {a: {"dealer": 0, "pone": 0}, b: {"dealer": 0, "pone": 0}}
    for outcome in outcomes:
        winners = []
        seats = []
        for game in outcome.games:
            games += 1
            champion = game.levels[game.winner]
            wins[champion] += 1
            seat_wins[game.winner] += 1
            first_dealer_wins += game.first_dealer_won
            winners.append(champion)
            seats.append(game.winner)
            for record in game.deals:
                if not record.complete:
                    continue
                for seat in range(game.seats):
                    level = game.levels[seat]
                    role = "dealer" if record.dealer == seat else "pone"
                    deals[level][role] += 1
                    for source, points in zip(SOURCES, record.points[seat], strict=True):
                        key = (role, source)
                        sums[level][key] = sums[level].get(key, 0) + points
        if selfplay:
            if seats[0] == seats[1]:
                seat_both[seats[0]] += 1
            else:
                split += 1
        elif winners[0] == winners[1]:
            both[winners[0]] += 1
        else:
            split += 1
    per_deal: dict[str, dict[tuple[str, str], float]] = {}
    for level in (a, b):
        table: dict[tuple[str, str], float] = {}
        for role in ("dealer", "pone"):
            n = deals[level][role]
            total = 0.0
            for source in SOURCES:
                value = sums[level].get((role, source), 0) / n if n else 0.0
                table[(role, source)] = value
                total += value
            table[(role, "total")] = total
        per_deal[level] = table
    if selfplay:
        return MatchResult(
            levels,
            games,
            tuple(seat_wins),
            tuple(seat_both),
            split,
            per_deal,
            deals,
            first_dealer_wins,
            seats=table_size,
        )
    return MatchResult(
        levels,
        games,
        (wins[a], wins[b]),
        (both[a], both[b]),
        split,
        per_deal,
        deals,
        first_dealer_wins,
        _late_split(a, outcomes) if outcomes and table_size == 2 else None,
        table_size,
    )


def format_match(result: MatchResult) -> str:
    """The printed table for one match."""
    a, b = result.levels
    low, high = result.first_dealer_interval
    first_dealer = (
        f"  the first dealer won {result.first_dealer_wins} of {result.games}: "
        f"{100 * result.first_dealer_rate:.1f}%  (95% CI {100 * low:.1f}-{100 * high:.1f}%)"
    )
    if a == b:
        lines = [
            f"{a} v {b}: {result.games} games (a level against itself, each game its own deal"
            " order)",
            first_dealer,
        ]
    else:
        if result.seats == 4:
            title = (
                f"{a}+{a} v {b}+{b}: {result.games} games at four, two partnerships"
                f" ({result.games // 2} deal orders, each played twice with the partnerships"
                " exchanged)"
            )
        elif result.seats == 3:
            title = (
                f"{a} v {b}: {result.games} games at three ({result.games // 2} pairs: one {a}"
                f" against two {b}, then one {b} against two {a} with the same deal, the lone"
                " chair going round the table; equal levels share the wins 50-50)"
            )
        else:
            title = (
                f"{a} v {b}: {result.games} games ({result.games // 2} deal orders, each"
                " played twice with the seats exchanged)"
            )
        lines = [title]
        for side, level in enumerate((a, b)):
            low, high = result.interval(side)
            lines.append(
                f"  {level:<12} wins {result.wins[side]:>5} of {result.games}: "
                f"{100 * result.rate(side):5.1f}%  (95% CI {100 * low:.1f}-{100 * high:.1f}%,"
                " Wilson)"
            )
        lines.append(
            f"  sign test on the paired games: {a} won both {result.both[0]}, {b} won both "
            f"{result.both[1]}, split {result.split}; p = {result.p_sign:.3g} (two-sided, exact)"
        )
        lines.append(f"  exact binomial test on all games: p = {result.p_binomial:.3g} (two-sided)")
        lines.append(first_dealer)
        lines.extend(_format_late(result))
    header = "  points a deal       dealer: play  hand  crib total |  pone: play  hand total"
    lines.append(header)

    def row(name: str, t: dict[tuple[str, str], float]) -> str:
        return (
            f"  {name:<26}{t[('dealer', 'play')]:>5.1f} {t[('dealer', 'hand')]:>5.1f} "
            f"{t[('dealer', 'crib')]:>5.1f} {t[('dealer', 'total')]:>5.1f} |"
            f"       {t[('pone', 'play')]:>5.1f} {t[('pone', 'hand')]:>5.1f} "
            f"{t[('pone', 'total')]:>5.1f}"
        )

    for level in dict.fromkeys((a, b)):
        lines.append(row(level, result.per_deal[level]))
    if result.seats == 2:  # the published averages are for two players
        human = dict(HUMAN_AVERAGES)
        human[("pone", "crib")] = 0.0
        lines.append(row("good human play (published)", human))
    lines.append(
        "  (his heels counts with the dealer's play; deals cut short by a win are left out)"
    )
    return "\n".join(lines)


def _format_late(result: MatchResult) -> list[str]:
    late = result.late
    if late is None:
        return []
    a = result.levels[0]
    low, high = late.gain_interval
    lines = [
        f"  the last two deals: {a}'s chance at their start averaged {100 * late.chance:.1f}%"
        f" (the win table); it won {100 * result.rate(0):.1f}%: {100 * late.gain:+.1f}"
        f" percentage points in the last two deals (95% CI {100 * low:+.1f} to {100 * high:+.1f})",
        f"  {a}'s games by its chance at the start of the last two deals:",
    ]
    for (name, _, _), (games, wins) in zip(BANDS, late.bands, strict=True):
        rate = f"{100 * wins / games:5.1f}%" if games else "    -"
        lines.append(f"    {name:<20} {games:>5} games, {a} won {wins:>5}: {rate}")
    return lines

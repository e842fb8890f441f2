"""Matches: the two games of a deal order (:func:`play_pair`) and what a match adds up
to (:func:`summarise` into a :class:`MatchResult`, with the split at the last two deals,
:class:`LateSplit`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import sqrt

from trainer.analysis.tournament.games import GameResult, game_seed, play_game, seating
from trainer.analysis.tournament.stats import binomial_test, sign_test, wilson

SOURCES = ("play", "hand", "crib")


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


def _add_points(
    game: GameResult,
    sums: dict[str, dict[tuple[str, str], int]],
    deals: dict[str, dict[str, int]],
) -> None:
    """Add a game's complete deals to each level's points by role and source (``sums``) and
    its count of deals by role (``deals``)."""
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


def _per_deal(
    sums: dict[tuple[str, str], int], deals: dict[str, int]
) -> dict[tuple[str, str], float]:
    """One level's points a deal by role and source, and each role's total."""
    table: dict[tuple[str, str], float] = {}
    for role in ("dealer", "pone"):
        n = deals[role]
        total = 0.0
        for source in SOURCES:
            value = sums.get((role, source), 0) / n if n else 0.0
            table[(role, source)] = value
            total += value
        table[(role, "total")] = total
    return table


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
            _add_points(game, sums, deals)
        if selfplay:
            if seats[0] == seats[1]:
                seat_both[seats[0]] += 1
            else:
                split += 1
        elif winners[0] == winners[1]:
            both[winners[0]] += 1
        else:
            split += 1
    per_deal = {level: _per_deal(sums[level], deals[level]) for level in (a, b)}
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

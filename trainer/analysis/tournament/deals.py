"""Points a deal by duplicate deals: two levels compared deal by deal, far cheaper than
whole games, and as fair: each deal is played twice with the same cards, every seat's
level exchanged, from the same score (far from home by default, where every level plays
for points), each decision from the seat's view alone.

Between two, the first level holds seat 0 and then seat 1; at four, the first level's
partnership holds seats 0 and 2 and then 1 and 3; at three, the first level sits alone in
one chair against two of the second and then the second alone against two of the first,
the lone chair going round the table with the deals (pair ``3k + c`` uses chair ``c``). The
dealer goes round the table with the deals too. A level's points are counted by the seat
(play, with his heels; hand; crib), as dealer and as another seat.

What a pair measures is the first level's **net**: its points a seat and a deal less the
second level's, over the two deals of the pair (at four, a partnership's points a deal
less the other's). About 0.1 point a deal is worth 2 points of win rate in games.

>>> pairs = [play_deals(("hard", "normal"), "doc", i) for i in range(4)]
>>> result = summarise_deals(("hard", "normal"), pairs)
>>> result.pairs, result.seats
(4, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt

from trainer.analysis.players.base import ComputerPlayer
from trainer.analysis.seat_views import discard_view, play_view
from trainer.analysis.tournament.games import IllegalDecisionError
from trainer.analysis.tournament.variants import tournament_player
from trainer.engine import DECK, Card, PegEvent, Pegging, deal, score_show

__all__ = ["DealPair", "DealsResult", "format_deals", "play_deals", "summarise_deals"]

#: A seat's points in one deal: play (with his heels), hand, crib.
Points = tuple[int, int, int]


def _throws(
    levels: Sequence[str],
    players: Sequence[ComputerPlayer],
    hands: Sequence[Sequence[Card]],
    dealer: int,
    scores: Sequence[int],
) -> list[tuple[Card, ...]]:
    """Each seat's throw to the crib, in seat order, checked against its hand."""
    seats = len(levels)
    throws = []
    for seat in range(seats):
        view = discard_view(hands[seat], seat=seat, dealer=dealer, scores=scores, players=seats)
        throw = players[seat].discard(view)
        if len(throw) != (2 if seats == 2 else 1) or not set(throw) <= set(hands[seat]):
            raise IllegalDecisionError(f"{levels[seat]} threw {throw!r} from {hands[seat]!r}")
        throws.append(throw)
    return throws


def _turn(
    levels: Sequence[str],
    players: Sequence[ComputerPlayer],
    play: Pegging,
    starter: Card,
    throws: Sequence[Sequence[Card]],
    dealer: int,
    scores: Sequence[int],
) -> PegEvent:
    """The seat whose turn it is lays a card or says go, checked against the rules."""
    seat = play.turn
    assert seat is not None
    view = play_view(
        play, seat, starter=starter, discards=throws[seat], dealer=dealer, scores=scores
    )
    choice = players[seat].play(view)
    if choice is None:
        if not play.can_go():
            raise IllegalDecisionError(f"{levels[seat]} said go holding a card that fits")
        return play.go()
    if not play.can_lay(choice):
        raise IllegalDecisionError(f"{levels[seat]} cannot lay {choice!r} now")
    return play.lay(choice)


def _one_deal(
    levels: Sequence[str],
    pack: Sequence[Card],
    dealer: int,
    scores: Sequence[int],
    seed: str,
) -> list[Points]:
    """One deal between ``levels`` (by seat) with ``pack`` from ``scores`` (by side),
    played to the end of the show whatever the score: each seat's points."""
    seats = len(levels)
    players = [tournament_player(level, seed=f"{seed}/{s}") for s, level in enumerate(levels)]
    hands, rest = deal(pack, dealer, seats, 6 if seats == 2 else 5)
    throws = _throws(levels, players, hands, dealer, scores)
    crib = [card for throw in throws for card in throw]
    if seats == 3:
        crib.append(rest[0])  # the dealer adds the top card of the pack
    starter = rest[len(rest) // 2]
    points = [[0, 0, 0] for _ in range(seats)]
    if starter.is_jack:
        points[dealer][0] += 2
    kept = [[c for c in hands[s] if c not in throws[s]] for s in range(seats)]
    play = Pegging([list(k) for k in kept], leader=(dealer + 1) % seats)
    while not play.is_over:
        event = _turn(levels, players, play, starter, throws, dealer, scores)
        for who, item in event.awards:
            points[who][0] += item.points
    for seat in range(seats):
        points[seat][1] = score_show(kept[seat], starter).total
    points[dealer][2] = score_show(crib, starter, crib=True).total
    return [(p[0], p[1], p[2]) for p in points]


@dataclass(frozen=True, slots=True)
class DealPair:
    """The two deals of pair ``index``: the first level's net (its points a seat and a
    deal less the second's), and for each level, by seat role (``"dealer"``, ``"pone"``:
    any other seat), the points it scored by source and the seat-deals it played."""

    index: int
    seats: int
    net: float
    points: dict[str, dict[str, list[int]]]
    seat_deals: dict[str, dict[str, int]]


def play_deals(
    levels: tuple[str, str],
    seed: int | str,
    index: int,
    seats: int = 2,
    scores: Sequence[int] | None = None,
) -> DealPair:
    """Pair ``index`` of a match of duplicate deals between ``levels`` at ``seats``, from
    ``scores`` by side (none yet by default)."""
    a, b = levels
    if a == b:
        raise ValueError(f"duplicate deals compare two levels, not {a!r} with itself")
    if seats not in (2, 3, 4):
        raise ValueError(f"a deal is for two, three or four players, not {seats!r}")
    order, chair = (index // 3, index % 3) if seats == 3 else (index, 0)
    first, second = sorted(levels)
    rng = random.Random(f"{seed}/{first}:{second}/deal/{order}/{seats}")
    pack = list(DECK)
    rng.shuffle(pack)
    dealer = order % seats
    sides = 2 if seats != 3 else 3
    at = tuple(scores) if scores is not None else (0,) * sides
    seatings: list[tuple[str, ...]]
    if seats == 2:
        seatings = [(a, b), (b, a)]
    elif seats == 4:
        seatings = [(a, b, a, b), (b, a, b, a)]
    else:
        seatings = [
            tuple(a if s == chair else b for s in range(3)),
            tuple(b if s == chair else a for s in range(3)),
        ]
    points: dict[str, dict[str, list[int]]] = {
        level: {"dealer": [0, 0, 0], "pone": [0, 0, 0]} for level in (a, b)
    }
    seat_deals: dict[str, dict[str, int]] = {level: {"dealer": 0, "pone": 0} for level in (a, b)}
    totals = {a: 0, b: 0}
    counts = {a: 0, b: 0}
    for k, seating in enumerate(seatings):
        scored = _one_deal(seating, pack, dealer, at, f"{seed}/{order}/{k}")
        for seat, level in enumerate(seating):
            role = "dealer" if seat == dealer else "pone"
            seat_deals[level][role] += 1
            for source in range(3):
                points[level][role][source] += scored[seat][source]
            totals[level] += sum(scored[seat])
            counts[level] += 1
    if seats == 4:  # a partnership's points a deal
        net = (totals[a] - totals[b]) / len(seatings)
    else:
        net = totals[a] / counts[a] - totals[b] / counts[b]
    return DealPair(index, seats, net, points, seat_deals)


@dataclass(frozen=True, slots=True)
class DealsResult:
    """A match of duplicate deals: the first level's mean ``net`` a deal with its 95%
    interval over the pairs, and each level's points a seat-deal by role and source."""

    levels: tuple[str, str]
    seats: int
    pairs: int
    net: float
    interval: tuple[float, float]
    #: level -> (role, source) -> points a seat-deal (source "total" the three together)
    per_deal: dict[str, dict[tuple[str, str], float]]


_SOURCES = ("play", "hand", "crib")


def summarise_deals(levels: tuple[str, str], pairs: Sequence[DealPair]) -> DealsResult:
    """Add up a match of duplicate deals."""
    n = len(pairs)
    nets = [p.net for p in pairs]
    mean = sum(nets) / n if n else 0.0
    spread = sqrt(sum((x - mean) ** 2 for x in nets) / max(n - 1, 1) / max(n, 1))
    z = 1.959963984540054
    per_deal: dict[str, dict[tuple[str, str], float]] = {}
    for level in levels:
        table: dict[tuple[str, str], float] = {}
        for role in ("dealer", "pone"):
            deals = sum(p.seat_deals[level][role] for p in pairs)
            total = 0.0
            for i, source in enumerate(_SOURCES):
                value = sum(p.points[level][role][i] for p in pairs) / deals if deals else 0.0
                table[(role, source)] = value
                total += value
            table[(role, "total")] = total
        per_deal[level] = table
    seats = pairs[0].seats if pairs else 2
    return DealsResult(levels, seats, n, mean, (mean - z * spread, mean + z * spread), per_deal)


def format_deals(result: DealsResult) -> str:
    """The printed table for a match of duplicate deals."""
    a, b = result.levels
    low, high = result.interval
    lines = [
        f"{a} v {b}: {result.pairs} pairs of duplicate deals at {result.seats} seats",
        f"  {a} nets {result.net:+.3f} points a deal against {b} (95% CI {low:+.3f} to"
        f" {high:+.3f})",
        "  points a seat-deal     dealer: play  hand  crib total |  other: play  hand total",
    ]
    for level in result.levels:
        t = result.per_deal[level]
        lines.append(
            f"  {level:<22}{t[('dealer', 'play')]:>5.2f} {t[('dealer', 'hand')]:>5.2f} "
            f"{t[('dealer', 'crib')]:>5.2f} {t[('dealer', 'total')]:>5.2f} |"
            f"        {t[('pone', 'play')]:>5.2f} {t[('pone', 'hand')]:>5.2f} "
            f"{t[('pone', 'total')]:>5.2f}"
        )
    return "\n".join(lines)

"""Fast exact hand values for choosing a discard: four cards on their own, and the
average over every starter.

The rank-only part of a count (fifteens, pairs, runs) depends only on the sorted
ranks, so each rank pattern is scored once (with the engine's own pattern table)
and looked up after that; flushes and nobs are added from the suits.

>>> from trainer.engine import parse_cards
>>> four_card_points(parse_cards("5H 5D JS QC"))
10
>>> round(starter_average(parse_cards("AS 2D JC QH"), parse_cards("7C 9S")), 3)
2.848
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from trainer.engine import DECK, Card
from trainer.engine.show import rank_pattern_items

__all__ = [
    "four_card_points",
    "keeps",
    "rank_show_points",
    "show_points",
    "starter_average",
    "starter_points",
]


@cache
def _rank_points(orders: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five sorted rank orders."""
    return sum(points for _kind, _positions, points in rank_pattern_items(orders))


@cache
def _four_rank_points(orders: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs among four sorted rank orders, no starter."""
    pips = [min(o, 10) for o in orders]
    points = 0
    for size in (2, 3, 4):
        for combo in combinations(range(4), size):
            if sum(pips[i] for i in combo) == 15:
                points += 2
    for i, j in combinations(range(4), 2):
        if orders[i] == orders[j]:
            points += 2
    # Runs: four in a row, else every distinct run of three.
    if len(set(orders)) == 4 and orders[3] - orders[0] == 3:
        return points + 4
    for combo in combinations(range(4), 3):
        a, b, c = (orders[i] for i in combo)
        if b == a + 1 and c == b + 1:
            points += 3
    return points


def four_card_points(cards: Sequence[Card]) -> int:
    """What four cards score among themselves, with no starter: fifteens, pairs,
    runs and a four-card flush (nobs needs a starter)."""
    orders = tuple(sorted(c.order for c in cards))
    flush = 4 if len({c.suit for c in cards}) == 1 else 0
    return _four_rank_points(orders) + flush


def show_points(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """``score_show(hand, starter, crib=crib).total``, from the cached rank patterns."""
    orders = tuple(sorted((*(c.order for c in hand), starter.order)))
    points = _rank_points(orders)
    suit = hand[0].suit
    if all(c.suit is suit for c in hand):
        if starter.suit is suit:
            points += 5
        elif not crib:
            points += 4
    for card in hand:
        if card.order == 11 and card.suit is starter.suit:
            points += 1
    return points


def rank_show_points(orders: Sequence[int], starter: int) -> int:
    """What four cards of rank ``orders`` show with a starter of rank ``starter``, suits
    aside (fifteens, pairs and runs: no flush, no nobs)."""
    if len(orders) != 4:
        raise ValueError(f"a hand shows four cards, not {len(orders)}")
    return _rank_points(tuple(sorted((*orders, starter))))


def starter_points(keep: Sequence[Card], starters: Sequence[Card]) -> list[int]:
    """The hand's show points with each of ``starters``; the rank part is looked up
    once a rank."""
    orders = [c.order for c in keep]
    by_rank: dict[int, int] = {}
    suit = keep[0].suit
    flush = all(c.suit is suit for c in keep)
    jacks = {c.suit for c in keep if c.order == 11}
    out = []
    for starter in starters:
        points = by_rank.get(starter.order)
        if points is None:
            points = _rank_points(tuple(sorted((*orders, starter.order))))
            by_rank[starter.order] = points
        if flush:
            points += 5 if starter.suit is suit else 4
        if starter.suit in jacks:
            points += 1
        out.append(points)
    return out


def starter_average(keep: Sequence[Card], thrown: Sequence[Card]) -> float:
    """The exact mean of ``keep`` over the 46 starters left once six cards are known."""
    known = {*keep, *thrown}
    points = starter_points(keep, [s for s in DECK if s not in known])
    return sum(points) / len(points)


def keeps(six: Sequence[Card]) -> tuple[tuple[tuple[Card, Card], tuple[Card, ...]], ...]:
    """The 15 ways to split six cards into a throw of two and a keep of four."""
    cards = tuple(six)
    out = []
    for i, j in combinations(range(len(cards)), 2):
        throw = (cards[i], cards[j])
        keep = tuple(c for k, c in enumerate(cards) if k not in (i, j))
        out.append((throw, keep))
    return tuple(out)

"""The position of the play on rank orders (suits never score in the play), as the search
walks it, and the points a card pegs there.

A position (:class:`PlayState`) holds each seat's cards, the series and its count, whose
turn it is, the seats that said go in this series and the seat that laid last; in a race,
what each side still needs; and for seats whose cards the searching seat cannot see, the
cards they could hold. A hand that is not seen holds :data:`HIDDEN` cards (as many as the
seat holds), drawn from ``unseen`` (the cards not seen, by rank order) as far as ``least``
(the least pips each seat's goes allow) permits (:func:`could_hold`).

>>> quick_peg((5, 10), 15)  # fifteen two
2
>>> next_to_act(((3,), (), (10, 12)), 25, 0, 0, 0)  # seat 1 is out of cards
2
>>> next_to_act(((3,), (), (10, 12)), 29, 2, 0b100, 0)  # seat 2 said go; seat 0's 3 is over
-1
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import NamedTuple

from trainer.analysis.pegging import peg_points

__all__ = [
    "COMB",
    "HIDDEN",
    "MAX_COUNT",
    "ORDERS",
    "PEGGED",
    "PIPS",
    "Hands",
    "PlayState",
    "State",
    "Value",
    "add_points",
    "could_hold",
    "next_to_act",
    "order_pips",
    "peg",
    "quick_peg",
    "unseen_counts",
]

MAX_COUNT = 31
#: A card of a hand the searching seat cannot see (its rank is drawn by the walk).
HIDDEN = 0
#: The pips of each rank order (index 0: a hidden card, which may fit anywhere).
PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
#: The rank orders, ace to king.
ORDERS = tuple(range(1, 14))
#: The most cards a seat holds in the play.
_HELD = 4
#: ``COMB[n][k]``: the ways to hold ``k`` of ``n`` cards.
COMB = [[comb(n, k) for k in range(_HELD + 1)] for n in range(53)]

Hands = tuple[tuple[int, ...], ...]
#: A figure for each side.
Value = tuple[float, ...]


def order_pips(order: int) -> int:
    """The pips of a card of rank ``order`` (tens and faces count ten)."""
    return PIPS[order]


def unseen_counts(orders: Sequence[int]) -> tuple[int, ...]:
    """Cards by rank order (index 0 unused, then ace to king), from their rank orders."""
    counts = [0] * 14
    for order in orders:
        counts[order] += 1
    return tuple(counts)


#: Series whose points :func:`peg` keeps at most.
PEGGED_KEPT = 100_000
#: The points of the last card of each series met, kept by :func:`peg` for every search
#: (the walk reads it first, as the quickest way to them).
PEGGED: dict[tuple[int, ...], int] = {}


def peg(series: tuple[int, ...], count: int) -> int:
    """:func:`~trainer.analysis.pegging.peg_points` of the last card of ``series`` (whose
    cards must make ``count``: the points are kept by the series), kept once worked out (for every search: the series a play can
    make are few; the table starts again past :data:`PEGGED_KEPT`)."""
    found = PEGGED.get(series)
    if found is None:
        if len(PEGGED) >= PEGGED_KEPT:
            PEGGED.clear()
        found = PEGGED[series] = peg_points(series, count)
    return found


def quick_peg(series: tuple[int, ...], count: int) -> int:
    """:func:`~trainer.analysis.pegging.peg_points`, quicker when the last cards make
    neither a pair nor a run (for the many series a look-ahead meets once): a run ending
    with the last card needs the last three all different, within as many ranks as the
    series has cards (and a run has at most seven)."""
    n = len(series)
    fifteen = 2 if count == 15 or count == MAX_COUNT else 0
    if n < 2:
        return fifteen
    last = series[-1]
    before = series[-2]
    if before == last:
        return peg_points(series, count)
    if n == 2:
        return fifteen
    third = series[-3]
    if third in (last, before):
        return fifteen
    high, low = (last, before) if last > before else (before, last)
    if third > high:
        high = third
    elif third < low:
        low = third
    if high - low >= (n if n < 7 else 7):
        return fifteen
    return peg_points(series, count)


class PlayState(NamedTuple):
    """A position of the play on ranks: ``hands`` (sorted rank orders by seat, or
    :data:`HIDDEN` cards for a seat not seen), the ``series`` so far and its count (``running``: a
    tuple's ``count`` is taken),
    the seat whose ``turn`` it is, ``passed`` (a bit for each seat that said go in this
    series) and ``last`` (the seat that laid the series' last card, -1 for none). In a
    race, ``needs`` is what each side still needs (empty when playing for points);
    ``unseen`` the cards hidden hands are drawn from, by rank order
    (:func:`unseen_counts`), and ``least`` the least pips of each seat's hidden cards.

    A tuple, since the walk makes one at every position and keeps them as keys."""

    hands: Hands
    series: tuple[int, ...] = ()
    running: int = 0
    turn: int = 0
    passed: int = 0
    last: int = -1
    needs: tuple[int, ...] = ()
    unseen: tuple[int, ...] = ()
    least: tuple[int, ...] = ()


#: :class:`PlayState`'s fields as a plain tuple, as the walk makes them.
State = tuple[
    Hands,
    tuple[int, ...],
    int,
    int,
    int,
    int,
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
]


def next_to_act(hands: Hands, count: int, current: int, passed: int, last: int) -> int:
    """The seat that acts after ``current`` in this series: the next round that has not
    said go (``passed``, a bit a seat) and holds cards, the last to lay only with a card
    that fits (or a hand not seen, which may hold one); -1 when there is none, and the
    go goes to ``last``."""
    n = len(hands)
    for step in range(1, n + 1):
        p = (current + step) % n
        hand = hands[p]
        if passed & (1 << p) or not hand:
            continue
        if p != last or count + PIPS[hand[0]] <= MAX_COUNT:
            return p
        break
    return -1


def could_hold(unseen: tuple[int, ...], least: int, holds: int) -> tuple[int, ...]:
    """The unseen cards a seat whose cards have at least ``least`` pips can hold (all of
    them when too few are left for its hand: the goes were read too strictly)."""
    if least <= 1:
        return unseen
    allowed = tuple(n if PIPS[o] >= least else 0 for o, n in enumerate(unseen))
    return allowed if sum(allowed) >= holds else unseen


def add_points(value: Value, side: int, points: float) -> Value:
    """``value`` (a figure by side) with ``points`` more to ``side``."""
    if len(value) == 2:
        return (value[0] + points, value[1]) if side == 0 else (value[0], value[1] + points)
    out = list(value)
    out[side] += points
    return tuple(out)

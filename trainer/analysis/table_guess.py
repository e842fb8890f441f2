"""What the play so far tells about the other hands at a table of three or four.

A seat that laid a card pegging nothing while another card in its hand would have
pegged (a pair, a fifteen, a run, 31) most likely did not hold that other card: players
take their points. :func:`lays_of` reads every lay of a seat from the table's events,
with the series and count it was laid on and the cards the seat laid later (which it
held then); :func:`missed_points` counts, for a guess at the seat's unseen cards, the
points it passed up over those lays; and a guess is weighted by
``exp(-MISS_WEIGHT * missed)`` (:func:`likelihood`), so that guesses the seat's own
play speaks against are drawn seldom. Goes are read elsewhere
(:func:`trainer.analysis.players.least_pips`).

>>> from trainer.engine import LayEvent, parse_cards
>>> five, king, six = parse_cards("5H KS 6D")
>>> plays = (LayEvent(0, five, 5), LayEvent(1, king, 15), LayEvent(2, six, 21))
>>> lays = lays_of(plays, 2)
>>> missed_points(lays, (13, 1))  # it laid the six for nothing holding a king to pair
2
>>> missed_points(lays, (6, 1)), round(likelihood(lays, (13, 1)), 3)
(0, 0.135)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import exp

from trainer.analysis.pegging import peg_points
from trainer.analysis.play_search.position import MAX_COUNT, order_pips
from trainer.engine import GoEvent, LayEvent

__all__ = ["MISS_WEIGHT", "Lay", "lays_of", "likelihood", "missed_points"]

#: How strongly a point passed up speaks against a guess (a factor ``exp(-w)`` a point).
MISS_WEIGHT = 1.0


@dataclass(frozen=True, slots=True)
class Lay:
    """One card a seat laid: the series' ranks and the count before it, its rank, and
    the ranks the seat laid after it (held at the time)."""

    series: tuple[int, ...]
    count: int
    order: int
    later: tuple[int, ...]


def lays_of(plays: Sequence[LayEvent | GoEvent], seat: int) -> tuple[Lay, ...]:
    """Every card ``seat`` laid so far, in order, with what it was laid on."""
    series: list[int] = []
    count = 0
    found: list[tuple[tuple[int, ...], int, int]] = []
    for event in plays:
        if not isinstance(event, LayEvent):
            continue
        order = event.card.order
        if event.count == order_pips(order):  # a new series began with this card
            series, count = [], 0
        if event.seat == seat:
            found.append((tuple(series), count, order))
        series.append(order)
        count = event.count
    mine = [order for _, _, order in found]
    return tuple(Lay(s, c, o, tuple(mine[i + 1 :])) for i, (s, c, o) in enumerate(found))


def missed_points(lays: Sequence[Lay], unseen: Sequence[int]) -> int:
    """The points a seat passed up over ``lays`` had its still unseen cards been
    ``unseen`` (rank orders): for each lay, the most any card then held would have
    pegged, less what the card laid pegged."""
    total = 0
    for lay in lays:
        taken = peg_points((*lay.series, lay.order), lay.count + order_pips(lay.order))
        best = taken
        for order in {*unseen, *lay.later}:
            count = lay.count + order_pips(order)
            if count <= MAX_COUNT:
                best = max(best, peg_points((*lay.series, order), count))
        total += best - taken
    return total


def likelihood(lays: Sequence[Lay], unseen: Sequence[int]) -> float:
    """How likely the seat's play so far was with ``unseen`` still in hand, relative to
    a hand that passed nothing up."""
    missed = missed_points(lays, unseen)
    return exp(-MISS_WEIGHT * missed) if missed else 1.0

"""What four cards kept are worth in the play between two: the points they peg less the
points the opponent pegs against them, on average over the four a good player in the
other seat keeps, from the dealer's side and from the pone's.

Suits never score in the play, so the four are rank orders. The opponent's four are
every four it could hold of the cards left (``pack``, by rank order; the rest of the
pack after the four kept by default), each as likely as a sound player of its seat is to
keep them (:func:`trainer.analysis.sound.kept_likelihood`, times the ways to hold them).
Each pair of hands is played out with both players laying as Hard weighs a card, from
what each can see (:class:`~trainer.analysis.play_search.WeighedReply`): the points now
and the other's expected best reply, the pone leading. :func:`play_value` works that out
(about a fifth of a second); :func:`keep_play_value` reads it from the packaged table
(``data/play_values.json``, every four from the dealer's side and the pone's, built by
``python -m trainer.analysis.build_tables --play``); :func:`play_edge` is that less what an
average four is worth, for a throw that counts the play.

>>> round(keep_play_value((5, 5, 10, 11), dealer=False), 2) < round(
...     keep_play_value((1, 2, 3, 4), dealer=False), 2)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Any

from trainer.analysis.play_search.position import PlayState
from trainer.analysis.play_search.replies import WeighedReply
from trainer.analysis.play_search.walk import PlaySearch
from trainer.analysis.sound import kept_likelihood

__all__ = [
    "PLAY_FILE",
    "all_fours",
    "build_play_values",
    "keep_play_value",
    "play_edge",
    "play_out",
    "play_value",
    "played_out",
]

#: The packaged table, in :mod:`trainer.analysis`'s data.
PLAY_FILE = "data/play_values.json"
#: Both players lay by this rule from what each sees.
_BOTH = 0b11


def all_fours() -> tuple[tuple[int, ...], ...]:
    """Every four rank orders (sorted) a hand can hold: 1,820."""
    return tuple(combinations_with_replacement(range(1, 14), 4))


def play_out(
    mine: Sequence[int], theirs: Sequence[int], *, dealer: bool, rest: Sequence[int]
) -> float:
    """The points ``mine`` pegs less those ``theirs`` pegs (both sorted rank orders) in a
    play where both lay as Hard weighs a card, ``mine`` dealing or not; ``rest`` is what
    neither holds, by rank order (index 0 unused), which both reckon with."""
    search = PlaySearch((0, 1), prune=True, replies=WeighedReply((0, 1), rest), replying=_BOTH)
    value = search.value(PlayState((tuple(mine), tuple(theirs)), turn=1 if dealer else 0))
    return value[0] - value[1]


def play_value(
    keep: Sequence[int],
    *,
    dealer: bool,
    pack: Sequence[int] | None = None,
    likely: Callable[[tuple[int, ...]], float] | None = None,
) -> float:
    """What ``keep`` (four rank orders) is worth in the play against every four the
    opponent could hold of ``pack`` (cards by rank order, index 0 unused; by default the
    rest of the pack), each weighted by the ways to hold it and by ``likely`` (by default
    how much likelier a sound player of the opponent's seat keeps it than is dealt it)."""
    mine = tuple(sorted(keep))
    if len(mine) != 4 or not all(1 <= o <= 13 for o in mine):
        raise ValueError(f"a keep is four rank orders from 1 to 13, not {keep!r}")
    if pack is None:
        counts = [0, *([4] * 13)]
        for o in mine:
            counts[o] -= 1
    else:
        counts = list(pack)
    if likely is None:
        table = kept_likelihood("pone" if dealer else "dealer")

        def likely(four: tuple[int, ...]) -> float:
            return table[four]

    total = 0.0
    weights = 0.0
    for four in all_fours():
        ways = _ways(four, counts)
        weight = ways * likely(four) if ways else 0.0
        if weight <= 0.0:
            continue
        rest = list(counts)
        for o in four:
            rest[o] -= 1
        total += weight * play_out(mine, four, dealer=dealer, rest=rest)
        weights += weight
    if weights == 0.0:
        raise ValueError("the opponent cannot hold four of the cards left")
    return total / weights


def _ways(four: tuple[int, ...], counts: Sequence[int]) -> int:
    """The ways to hold ``four`` (rank orders) of ``counts`` (cards by rank order)."""
    return prod(comb(counts[r], four.count(r)) for r in set(four))


def played_out(
    dealers: Sequence[tuple[int, ...]],
    pones: Sequence[tuple[int, ...]],
    progress: Callable[[int, int], None] | None = None,
) -> dict[tuple[int, ...], list[float]]:
    """Each of ``dealers`` played out against each of ``pones`` (fours of sorted rank
    orders), the pack full: by four, its worth as dealer against ``pones`` and the weights
    of it, then its worth as pone against ``dealers`` and the weights of it (sums, as
    :func:`play_value` weighs each hand). Each pair of hands is played once, for both."""
    pone_keeps = kept_likelihood("pone")
    dealer_keeps = kept_likelihood("dealer")
    full = [0, *([4] * 13)]
    sums = {four: [0.0, 0.0, 0.0, 0.0] for four in (*dealers, *pones)}
    for i, dealer in enumerate(dealers):
        counts = list(full)
        for o in dealer:
            counts[o] -= 1
        for pone in pones:
            ways = _ways(pone, counts)
            if not ways:
                continue
            rest = list(counts)
            for o in pone:
                rest[o] -= 1
            # the pone's four, to the dealer's worth; the dealer's four, to the pone's
            against_dealer = ways * pone_keeps[pone]
            against_pone = dealer_keeps[dealer] * _ways(
                dealer, [k + dealer.count(o) for o, k in enumerate(rest)]
            )
            if against_dealer <= 0.0 and against_pone <= 0.0:
                continue
            net = play_out(dealer, pone, dealer=True, rest=rest)
            mine, theirs = sums[dealer], sums[pone]
            mine[0] += against_dealer * net
            mine[1] += against_dealer
            theirs[2] -= against_pone * net
            theirs[3] += against_pone
        if progress is not None and i % 100 == 0:
            progress(i, len(dealers))
    return sums


def build_play_values(progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The packaged table: for every four, its :func:`play_value` from the dealer's side
    and from the pone's (:func:`played_out`, every four against every four);
    ``progress`` is told the fours done and the fours in all, every hundred."""
    fours = all_fours()
    sums = played_out(fours, fours, progress)
    values = {
        "".join(f"{o:x}" for o in four): [round(d / dw, 4), round(p / pw, 4)]
        for four, (d, dw, p, pw) in sums.items()
    }
    return {
        "about": (
            "What four cards kept (rank orders in hexadecimal, ace 1 to king d) are worth in"
            " the play between two, as [dealer, pone]: the points they peg less the"
            " opponent's, over the four a sound player of the other seat keeps, both laying"
            " as Hard weighs a card; see trainer/analysis/play_values.py."
        ),
        "values": values,
    }


@cache
def _packaged() -> Mapping[tuple[int, ...], tuple[float, float]]:
    text = resources.files("trainer.analysis").joinpath(PLAY_FILE).read_text()
    data = json.loads(text)
    return {
        tuple(int(ch, 16) for ch in key): (float(dealer), float(pone))
        for key, (dealer, pone) in data["values"].items()
    }


def keep_play_value(keep: Sequence[int], *, dealer: bool) -> float:
    """:func:`play_value` of ``keep`` (four rank orders) against the rest of the pack, from
    the packaged table."""
    value = _packaged().get(tuple(sorted(keep)))
    if value is None:
        raise ValueError(f"a keep is four rank orders from 1 to 13, not {keep!r}")
    return value[0] if dealer else value[1]


@cache
def average_play_value(dealer: bool) -> float:
    """What four cards dealt at random are worth in the play on average (the table's
    fours, each as likely as it is to be dealt)."""
    total = weights = 0.0
    for four, values in _packaged().items():
        ways = prod(comb(4, four.count(r)) for r in set(four))
        total += ways * values[0 if dealer else 1]
        weights += ways
    return total / weights


def play_edge(keep: Sequence[int], *, dealer: bool) -> float:
    """How many points a deal ``keep`` (four rank orders) pegs better than four cards dealt
    at random would, net of the opponent's (:func:`keep_play_value` less
    :func:`average_play_value`): what a throw that counts the play adds to the hand and
    the crib."""
    return keep_play_value(keep, dealer=dealer) - average_play_value(dealer)

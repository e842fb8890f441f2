"""Random pegging play: a random legal card (optionally steered) and a play run to its end
at random. The drills deal their go and pegging questions with them, and Easy plays a
random card half the time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Literal

from trainer.engine import Card, Pegging
from trainer.engine.pegging import MAX_COUNT

__all__ = ["Steer", "random_play", "random_turns"]

Steer = Literal["random", "thirty-one", "go", "hoard-low", "hoard-high"]


def random_play(
    playable: Sequence[Card], *, count: int, rng: random.Random, steer: Steer = "random"
) -> Card:
    """A random legal card, optionally steered: toward a 31 (``thirty-one``), away
    from one (``go``), or the lowest (``hoard-low``) or highest (``hoard-high``) card
    with ties broken at random. The drills build their go questions with it."""
    options = list(playable)
    if not options:
        raise ValueError("there is no card to choose from")
    hit = [card for card in options if count + card.pips == MAX_COUNT]
    if steer == "thirty-one" and hit:
        return rng.choice(hit)
    if steer in ("hoard-low", "hoard-high"):
        pick = min if steer == "hoard-low" else max
        return pick(options, key=lambda card: (card.pips, rng.random()))
    if steer == "go" and len(hit) < len(options):
        return rng.choice([card for card in options if card not in hit])
    return rng.choice(options)


def random_turns(play: Pegging, rng: random.Random) -> Iterator[int]:
    """Play ``play`` to its end at random (a go when nothing fits, else a random card by
    :func:`random_play`), yielding the seat to act before each action; stop iterating to
    keep the position. The drills and the benchmark deal their pegging positions with it.

    >>> from trainer.engine import parse_cards
    >>> play = Pegging([parse_cards("5H 5D"), parse_cards("TC JS")], leader=0)
    >>> turns = list(random_turns(play, random.Random(1)))
    >>> turns, play.is_over, [len(play.laid(seat)) for seat in (0, 1)]
    ([0, 1, 0, 1], True, [2, 2])
    """
    while not play.is_over:
        yield play.turn
        if play.must_go():
            play.go()
        else:
            play.lay(random_play(play.playable(), count=play.count, rng=rng))

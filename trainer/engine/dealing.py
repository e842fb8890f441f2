"""The pack, the deal and the order of the show, for a game of two, three or four: the pack
shuffled from a game's seed and a label (:func:`shuffled_pack`), the cards dealt one at a
time from the dealer's left (:func:`deal`), and who counts what, in order
(:func:`counting_order`).

>>> hands, rest = deal(shuffled_pack(3, "0"), dealer=0, players=3, each=5)
>>> [len(hand) for hand in hands], len(rest)
([5, 5, 5], 37)
>>> [(seat, which.value) for seat, which in counting_order(0, 3)]
[(1, 'hand'), (2, 'hand'), (0, 'hand'), (0, 'crib')]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.engine.cards import DECK, Card
from trainer.engine.game_errors import GameRuleError
from trainer.engine.vocab import Which

__all__ = ["counting_order", "deal", "shuffled_pack"]


def shuffled_pack(seed: int, label: str) -> tuple[Card, ...]:
    """The pack shuffled by ``random.Random(f"{seed}:{label}")``."""
    pack = list(DECK)
    random.Random(f"{seed}:{label}").shuffle(pack)
    return tuple(pack)


def deal(
    deck: Sequence[Card], dealer: int, players: int = 2, each: int = 6
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal ``each`` cards to every player one at a time, starting on the dealer's left.

    Returns the hands (indexed by player) and the cards left in the pack.
    """
    if len(deck) < players * each + 1:
        raise GameRuleError("not enough cards to deal and turn a starter")
    hands: list[list[Card]] = [[] for _ in range(players)]
    order = [(dealer + 1 + i) % players for i in range(players)]
    for k in range(players * each):
        hands[order[k % players]].append(deck[k])
    return tuple(tuple(h) for h in hands), tuple(deck[players * each :])


def counting_order(
    dealer: int, players: int = 2, *, crib: bool = True
) -> tuple[tuple[int, Which], ...]:
    """Who counts what, in order: each hand clockwise from the dealer's left, the dealer's
    hand last of the hands, then the crib (in a game with one)."""
    hands = tuple(((dealer + i) % players, Which.HAND) for i in range(1, players + 1))
    return (*hands, (dealer, Which.CRIB)) if crib else hands

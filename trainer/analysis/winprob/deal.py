"""What is measured in one deal (:class:`DealRecord`) and the sizes the counts are kept in."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Needs go up to the full game.
MAX_NEED = 121
RANKS = 13
#: Points a hand, or a crib, can score: 0 to 29.
SHOW_SIZE = 30
#: Cards laid in a deal's play.
CARDS_IN_PLAY = 8
#: The play's points per side are kept below this (no play pegs 40 for one side).
PLAY_SIZE = 40

#: Roles in a :class:`DealRecord`.
DEALER = 0
PONE = 1
#: Rank index (ace 0 ... king 12) of the jack: a jack turned as starter is his heels.
JACK = 10


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal played to the end of the show.

    ``scores`` are the dealer's and the pone's scores before it; ``starter`` the
    starter's rank index (ace 0 ... king 12; a jack, 10, is his heels, 2 to the
    dealer); ``play`` each award of the play in order as ``(cards laid before the
    action that scored it, role, points)`` with role :data:`DEALER` or :data:`PONE`.
    """

    scores: tuple[int, int]
    starter: int
    play: tuple[tuple[int, int, int], ...]
    pone_hand: int
    dealer_hand: int
    crib: int

    @property
    def heels(self) -> int:
        return 2 if self.starter == JACK else 0

    def play_points(self, role: int) -> int:
        return sum(points for _, who, points in self.play if who == role)

    def total(self, role: int) -> int:
        """Everything ``role`` scored in the deal."""
        if role == DEALER:
            return self.heels + self.play_points(DEALER) + self.dealer_hand + self.crib
        return self.play_points(PONE) + self.pone_hand

    def awards(self) -> tuple[tuple[int, int], ...]:
        """Every ``(role, points)`` in the order scored, his heels first, the show last."""
        out: list[tuple[int, int]] = []
        if self.heels:
            out.append((DEALER, self.heels))
        out.extend((who, points) for _, who, points in self.play)
        out.extend(((PONE, self.pone_hand), (DEALER, self.dealer_hand), (DEALER, self.crib)))
        return tuple(out)

    def winner(self, target: int) -> int | None:
        """The role that reaches ``target`` first in this deal from ``scores``, if any."""
        score = list(self.scores)
        for who, points in self.awards():
            score[who] += points
            if score[who] >= target:
                return who
        return None

"""The two seats of a game or a drill, and how the trainer names them to a person: once,
for every page and every sentence.

In a game against the computer the person sits in seat :data:`ME` and the computer in
:data:`COMPUTER`; a drill's question is put to seat 0 ("you") against an opponent in seat 1.
The engine names seats only in its error messages (:func:`trainer.engine.vocab.seat_name`).

>>> SEAT_NAMES[COMPUTER], SHORT_NAMES[COMPUTER], DRILL_NAMES[1], DRILL_SHORT_NAMES[1]
('The computer', 'Computer', 'Your opponent', 'Opponent')
"""

from __future__ import annotations

from trainer.engine.vocab import Seat

__all__ = ["COMPUTER", "DRILL_NAMES", "DRILL_SHORT_NAMES", "ME", "SEAT_NAMES", "SHORT_NAMES"]

#: The person's seat in a game against the computer, and the computer's.
ME: Seat = 0
COMPUTER: Seat = 1

#: A game against the computer: the seats in sentences, and in short where space is tight.
SEAT_NAMES: dict[Seat, str] = {ME: "You", COMPUTER: "The computer"}
SHORT_NAMES: dict[Seat, str] = {ME: "You", COMPUTER: "Computer"}

#: A drill: the person (seat 0) and the opponent (seat 1), in sentences and in short.
DRILL_NAMES: tuple[str, str] = ("You", "Your opponent")
DRILL_SHORT_NAMES: tuple[str, str] = ("You", "Opponent")

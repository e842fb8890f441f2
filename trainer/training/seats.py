"""The seats of a game or a drill, and how the trainer names them to a person: once, for
every page and every sentence.

In a game against the computer the person sits in seat :data:`ME` and the computer in
:data:`COMPUTER`; a drill's question is put to seat 0 ("you") against an opponent in seat 1.
The engine names seats only in its error messages (:func:`trainer.engine.vocab.seat_name`).

With three or four at the table (:class:`SeatNames`), seats go clockwise from the person:
seat 1 is on the person's left; with three, seat 2 is the computer on the right; with
four, seat 2 (across the table) is the person's partner, a computer, and seats 1 and 3 the
two computers they play against. A drill at a table of three or four names its players
with :func:`player_names`.

>>> SEAT_NAMES[COMPUTER], SHORT_NAMES[COMPUTER], DRILL_NAMES[1], DRILL_SHORT_NAMES[1]
('The computer', 'Computer', 'Your opponent', 'Opponent')
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.vocab import PLAYERS, Seat, partner_of, seats_of, side_of, sides_of

__all__ = [
    "COMPUTER",
    "DRILL_NAMES",
    "DRILL_SHORT_NAMES",
    "ME",
    "PARTNER",
    "SEAT_NAMES",
    "SHORT_NAMES",
    "SeatNames",
    "player_names",
]

#: The person's seat in a game against the computer, and the computer's.
ME: Seat = 0
COMPUTER: Seat = 1

#: A game against the computer: the seats in sentences, and in short where space is tight.
SEAT_NAMES: dict[Seat, str] = {ME: "You", COMPUTER: "The computer"}
SHORT_NAMES: dict[Seat, str] = {ME: "You", COMPUTER: "Computer"}

#: A drill: the person (seat 0) and the opponent (seat 1), in sentences and in short.
DRILL_NAMES: tuple[str, str] = ("You", "Your opponent")
DRILL_SHORT_NAMES: tuple[str, str] = ("You", "Opponent")

#: The person's partner, across the table, in a game of four.
PARTNER: Seat = 2

#: How each seat is named in a sentence, and in short where space is tight (the board),
#: by the number at the table.
_WHO: dict[int, tuple[str, ...]] = {
    2: ("You", "The computer"),
    3: ("You", "The computer on your left", "The computer on your right"),
    4: ("You", "The computer on your left", "Your partner", "The computer on your right"),
}
_SHORT: dict[int, tuple[str, ...]] = {
    2: ("You", "Computer"),
    3: ("You", "Left", "Right"),
    4: ("You", "Left", "Partner", "Right"),
}
#: Whose: how a seat's hand, crib or cards are named.
_WHOSE: dict[int, tuple[str, ...]] = {
    2: ("Your", "The computer's"),
    3: ("Your", "The left computer's", "The right computer's"),
    4: ("Your", "The left computer's", "Your partner's", "The right computer's"),
}
#: The sides that score: a player each, or with four the two partnerships.
_SIDES: dict[int, tuple[str, ...]] = {
    2: ("You", "Computer"),
    3: ("You", "Left", "Right"),
    4: ("Us", "Them"),
}
_SIDES_SAID: dict[int, tuple[str, ...]] = {
    2: ("You", "The computer"),
    3: ("You", "The computer on your left", "The computer on your right"),
    4: ("You and your partner", "The two computers"),
}


#: How a drill names the players of a table of two, three or four (``you`` in seat 0, then
#: clockwise): people, not the computers of the Play page.
_PLAYERS: dict[int, tuple[str, ...]] = {
    2: ("you", "your opponent"),
    3: ("you", "the player on your left", "the player on your right"),
    4: ("you", "the opponent on your left", "your partner", "the opponent on your right"),
}
#: The same, in a word, above a card of a series.
_PLAYERS_SHORT: dict[int, tuple[str, ...]] = {
    2: ("You", "Opponent"),
    3: ("You", "Left", "Right"),
    4: ("You", "Left", "Partner", "Right"),
}


def player_names(players: int, *, short: bool = False) -> tuple[str, ...]:
    """How a drill names the players at a table of ``players`` (in a sentence, lower case;
    or ``short``, capitalised).

    >>> player_names(4)[2], player_names(3, short=True)
    ('your partner', ('You', 'Left', 'Right'))
    """
    if players not in PLAYERS:
        raise ValueError(f"a table seats two, three or four, not {players!r}")
    return (_PLAYERS_SHORT if short else _PLAYERS)[players]


@dataclass(frozen=True, slots=True)
class SeatNames:
    """The names of the seats and sides of a table of ``players``."""

    players: int = 2

    def __post_init__(self) -> None:
        if self.players not in PLAYERS:
            raise ValueError(f"a table seats two, three or four, not {self.players!r}")

    @property
    def seats(self) -> tuple[int, ...]:
        return seats_of(self.players)

    @property
    def computers(self) -> tuple[int, ...]:
        """The seats the computer plays (every seat but the person's)."""
        return tuple(seat for seat in self.seats if seat != ME)

    @property
    def partner(self) -> int | None:
        return partner_of(ME, self.players)

    def who(self, seat: int) -> str:
        """A seat as the subject of a sentence: ``You``, ``The computer on your left``."""
        return _WHO[self.players][seat]

    def short(self, seat: int) -> str:
        """A seat in a word or two: ``You``, ``Left``, ``Partner``."""
        return _SHORT[self.players][seat]

    def whose(self, seat: int, what: str) -> str:
        """A seat's ``what``: ``Your hand``, ``The computer's crib``."""
        return f"{_WHOSE[self.players][seat]} {what}"

    def does(self, seat: int, verb: str) -> str:
        """``You lay`` / ``The computer lays``: the seat and its verb."""
        return f"{self.who(seat)} {verb if seat == ME else verb + 's'}"

    def side(self, side: int) -> str:
        """A side on the board, in a word: ``You``, ``Left``; ``Us``, ``Them``."""
        return _SIDES[self.players][side]

    def side_said(self, side: int) -> str:
        """A side in a sentence: ``You``, ``You and your partner``, ``The two computers``."""
        return _SIDES_SAID[self.players][side]

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.players)

    @property
    def sides(self) -> tuple[int, ...]:
        return tuple(range(sides_of(self.players)))

    @property
    def board_names(self) -> tuple[str, ...]:
        """The board's track names, one a side."""
        return _SIDES[self.players]

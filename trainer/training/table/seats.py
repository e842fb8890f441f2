"""Who sits where at the Play page's table, and what each seat is called: the one place
the seats get their names.

The person is seat 0. Seats go clockwise, so seat 1 is on the person's left. With two at
the table seat 1 is the computer; with three, seat 1 is the computer on the left and seat 2
the computer on the right; with four, seat 2 (across the table) is the person's partner,
a computer, and seats 1 and 3 the two computers they play against.

>>> names = SeatNames(4)
>>> names.who(1), names.who(2), names.whose(3, "hand"), names.side(0)
('The computer on your left', 'Your partner', 'The right computer's hand', 'Us')
>>> SeatNames(2).whose(1, "crib")
'The computer's crib'
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.vocab import PLAYERS, partner_of, seats_of, side_of, sides_of

__all__ = ["COMPUTER", "ME", "PARTNER", "SeatNames", "player_names"]

#: The person's seat, and the computer's in a game of two.
ME = 0
COMPUTER = 1
#: The person's partner, across the table, in a game of four.
PARTNER = 2

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

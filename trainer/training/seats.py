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
    """The names of the seats and sides of a table of ``players``.

    With ``people`` (the seats people play, with their names: a game of pass-and-play),
    each such seat is called by its person's name, and the computers "The computer" (or, with
    more than one, "Computer 1", "Computer 2" in seat order); no seat is "you", but ``me``
    (one device's own seat, in a game across devices).

    >>> named = SeatNames(3, ((0, "Ann"), (2, "Sam")))
    >>> named.who(2), named.whose(2, "crib"), named.does(1, "lay"), named.board_names
    ('Sam', "Sam's crib", 'The computer lays', ('Ann', 'Computer', 'Sam'))
    >>> SeatNames(4, ((0, "Ann"), (1, "Sam"))).side_said(1)
    'Sam and Computer 2'
    >>> mine = SeatNames(2, ((0, "Ann"), (1, "Sam")), me=1)
    >>> mine.does(1, "lay"), mine.does(0, "lay"), mine.whose(1, "crib"), mine.board_names
    ('You lay', 'Ann lays', 'Your crib', ('Ann', 'You'))
    """

    players: int = 2
    people: tuple[tuple[int, str], ...] = ()
    #: At a table of people, the seat called "you" (its device's person), if any.
    me: int | None = None

    def __post_init__(self) -> None:
        if self.me is not None and self.me not in {seat for seat, _ in self.people}:
            raise ValueError(f"the seat called you is a person's, not {self.me!r}")
        if self.players not in PLAYERS:
            raise ValueError(f"a table seats two, three or four, not {self.players!r}")
        if any(seat not in seats_of(self.players) or not name for seat, name in self.people):
            raise ValueError(f"people sit in seats of the table, by name, not {self.people!r}")

    @property
    def seats(self) -> tuple[int, ...]:
        return seats_of(self.players)

    @property
    def you(self) -> int | None:
        """The seat called "you" (the person's, in a game against the computer), if any."""
        return self.me if self.people else ME

    @property
    def computers(self) -> tuple[int, ...]:
        """The seats the computer plays (every seat but the people's)."""
        people = {seat for seat, _ in self.people} or {ME}
        return tuple(seat for seat in self.seats if seat not in people)

    @property
    def partner(self) -> int | None:
        return partner_of(ME, self.players)

    def _named(self, seat: int) -> str:
        """A seat's name at a table of named people: the person's, or the computer's."""
        for who, name in self.people:
            if who == seat:
                return name
        computers = self.computers
        if len(computers) == 1:
            return "Computer"
        return f"Computer {computers.index(seat) + 1}"

    def who(self, seat: int) -> str:
        """A seat as the subject of a sentence: ``You``, ``The computer on your left``."""
        if self.people:
            if seat == self.me:
                return "You"
            name = self._named(seat)
            return "The computer" if name == "Computer" else name
        return _WHO[self.players][seat]

    def short(self, seat: int) -> str:
        """A seat in a word or two: ``You``, ``Left``, ``Partner``."""
        if self.people:
            return "You" if seat == self.me else self._named(seat)
        return _SHORT[self.players][seat]

    def whose(self, seat: int, what: str) -> str:
        """A seat's ``what``: ``Your hand``, ``The computer's crib``."""
        if self.people:
            return f"Your {what}" if seat == self.me else f"{self.who(seat)}'s {what}"
        return f"{_WHOSE[self.players][seat]} {what}"

    def does(self, seat: int, verb: str) -> str:
        """``You lay`` / ``The computer lays``: the seat and its verb."""
        return f"{self.who(seat)} {verb if seat == self.you else verb + 's'}"

    def side(self, side: int) -> str:
        """A side on the board, in a word: ``You``, ``Left``; ``Us``, ``Them``."""
        if self.people:
            return " & ".join(self.short(s) for s in self.seats if self.side_of(s) == side)
        return _SIDES[self.players][side]

    def side_said(self, side: int) -> str:
        """A side in a sentence: ``You``, ``You and your partner``, ``The two computers``."""
        if self.people:
            return " and ".join(self.short(s) for s in self.seats if self.side_of(s) == side)
        return _SIDES_SAID[self.players][side]

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.players)

    @property
    def sides(self) -> tuple[int, ...]:
        return tuple(range(sides_of(self.players)))

    @property
    def board_names(self) -> tuple[str, ...]:
        """The board's track names, one a side."""
        return tuple(self.side(side) for side in self.sides)

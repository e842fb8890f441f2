"""A game's setup: the level, the rules (:class:`~trainer.engine.settings.Settings`), the
coach and the deals the person asked a hint on; the seats, and what the person has to do."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from urllib.parse import quote, unquote

from trainer.analysis import LEVELS, Level
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Seat
from trainer.training.seats import ME

#: How the pages name each level (the store's rows keep the level as its word).
LEVEL_NAMES: dict[str, str] = {
    "easy": "Easy",
    "normal": "Normal",
    "hard": "Hard",
    "crazy": "Crazy",
}

#: What each level does, for the settings (what :mod:`trainer.analysis.players` does, in
#: a player's words).
LEVEL_HELP = (
    "**Easy** often keeps the wrong four and often lays any card that fits. "
    "**Normal** keeps the four that score most and plays by rules of thumb. "
    "**Hard** weighs every throw over every starter and, in the play, what the next "
    "player can make in reply. "
    "**Crazy** also weighs the crib exactly and what the four kept will peg in every "
    "throw, thinks ahead in the play (to its end between two; a turn round the table at "
    "three and four, by the odds of what the others hold) as players who see only their "
    "own cards answer, reads the other hands from what was thrown and laid, and near the "
    "end plays to win the game."
)


class CoachMode(StrEnum):
    """What the coach does in a game: nothing, a note after each of the person's moves, or
    (learning mode) also the step it would take before each one, in a beginner's words. The
    value is the word a record and a saved game keep.

    >>> CoachMode.parse("moves").label, CoachMode.LEARNING.coached
    ('After each move', True)
    """

    OFF = "off"
    MOVES = "moves"
    LEARNING = "learning"

    def __repr__(self) -> str:
        return f"CoachMode.{self.name}"

    @property
    def label(self) -> str:
        """How the settings name it: ``After each move``."""
        return _COACH_LABELS[self]

    @property
    def coached(self) -> bool:
        """The coach speaks after each move (in learning mode too)."""
        return self is not CoachMode.OFF

    @classmethod
    def parse(cls, text: str) -> CoachMode:
        """The coach setting ``text`` names; ``ValueError`` names a word that is not one."""
        try:
            return cls(text)
        except ValueError:
            known = ", ".join(cls)
            raise ValueError(f"{text!r} is not a coach setting: choose one of {known}") from None


_COACH_LABELS: dict[CoachMode, str] = {
    CoachMode.OFF: "Off",
    CoachMode.MOVES: "After each move",
    CoachMode.LEARNING: "Learning mode",
}


#: A stored game's level when its other seat was a person (a game across devices): the mark,
#: then their name (``@Bo``).
PERSON_MARK = "@"


def level_name(level: str) -> str:
    """How the pages name a stored game's level: the computer's (``Normal``), or the other
    person's name in a game against a person.

    >>> level_name("hard"), level_name("@Bo")
    ('Hard', 'Bo')
    """
    if level.startswith(PERSON_MARK):
        return level.removeprefix(PERSON_MARK)
    return LEVEL_NAMES.get(level, level.capitalize())


def level_named(text: str) -> Level | None:
    """The computer's level ``text`` names (``"easy"``), or None if it names none.

    >>> level_named("hard"), level_named("Hard")
    ('hard', None)
    """
    return next((level for level in LEVELS if level == text), None)


def parse_level(text: str) -> Level:
    """The level ``text`` names; ``ValueError`` names a word that is not a level."""
    level = level_named(text)
    if level is None:
        raise ValueError(
            f"{text!r} is not a level: choose one of {', '.join(LEVEL_NAMES.values())}"
        )
    return level


def _coach_marks(coach: object, hints: Sequence[int]) -> tuple[int, ...]:
    """``hints`` in order, once each, after checking the coach setting and the hints of a
    setup or a person (read from text where they enter, but a caller may have no types)."""
    if not isinstance(coach, CoachMode):
        raise ValueError(f"{coach!r} is not a coach setting: choose one of {', '.join(CoachMode)}")
    found = tuple(hints)
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in found):
        raise ValueError(f"hints are deal numbers from 1 up, not {hints!r}")
    return tuple(sorted(set(found)))


@dataclass(frozen=True, slots=True)
class Person:
    """A seat a person plays: their player profile's ``name`` (empty: the device's player, in
    a game against the computer), their own coach setting and the deals on which they asked
    for a hint before throwing.

    In a setup's notation a person is ``@`` and the name (percent-quoted, so a name with a
    space or a comma reads back), then ``:coach`` when the coach is on and ``:1.3`` for the
    hinted deals:

    >>> Person("Sam Ng", CoachMode.MOVES, (1, 3)).notation()
    '@Sam%20Ng:moves:1.3'
    >>> Person.parse("@Sam%20Ng:moves:1.3") == Person("Sam Ng", CoachMode.MOVES, (1, 3))
    True
    """

    name: str = ""
    coach: CoachMode = CoachMode.OFF
    hints: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ValueError(f"a person's name must be text, not {self.name!r}")
        object.__setattr__(self, "hints", _coach_marks(self.coach, self.hints))

    def notation(self) -> str:
        text = "@" + quote(self.name, safe="")
        if self.coach.coached or self.hints:
            text += f":{self.coach}"
        if self.hints:
            text += ":" + ".".join(str(n) for n in self.hints)
        return text

    @classmethod
    def parse(cls, text: str) -> Person:
        """A person as :meth:`notation` writes them; ``ValueError`` names what is wrong."""
        if not text.startswith("@"):
            raise ValueError(f"{text!r} is not a person: a person is written @name")
        name, _, rest = text.removeprefix("@").partition(":")
        coach, _, hints = rest.partition(":")
        return cls(
            unquote(name),
            CoachMode.parse(coach) if coach else CoachMode.OFF,
            deal_numbers(hints.split(".")),
        )


#: Who plays a seat: a person, or the computer at a level.
Player = Person | Level


def player_notation(player: Player) -> str:
    """A seat's player as a setup writes it: ``@Sam`` or the level's word."""
    return player.notation() if isinstance(player, Person) else player


def parse_player(text: str) -> Player:
    """A seat's player from :func:`player_notation`; ``ValueError`` names what is wrong."""
    return Person.parse(text) if text.startswith("@") else parse_level(text)


def default_lineup(
    level: Level, coach: CoachMode, hints: Sequence[int], seats: int
) -> tuple[Player, ...]:
    """A game against the computer: the device's player in seat 0, the computer at
    ``level`` in every other seat."""
    return (Person("", coach, tuple(hints)), *([level] * (seats - 1)))


class RecordProblem(ValueError):
    """A game record that cannot be read or played back; the message names the line."""


@dataclass(frozen=True, slots=True)
class PlaySetup:
    """What the person chose before the game: the computer's level, the game's rules and the
    coach; and the coach's marks so far: ``hints``, the deals on which a hint was asked for.

    ``lineup`` names who plays each seat (:class:`Person` or a computer :data:`Level`), in
    seat order, when the game is not the usual one of the device's player in seat 0 against
    the computer at ``level`` everywhere else (that game keeps ``lineup`` empty, and its
    notation is as it always was). A setup with a lineup takes ``level``, ``coach`` and
    ``hints`` from them (the first computer's level, the first person's coach and hints).
    ``seat``, with a lineup, is the seat whose person a stored game is kept for (a game
    across devices keeps one row for each person): its review is of that seat.

    >>> two = PlaySetup(settings=Settings(target=61), lineup=(Person("Ann"), Person("Sam", CoachMode.LEARNING)))
    >>> two.notation()
    'level=normal target=61 skunks=on counting=automatic lineup=@Ann,@Sam:learning'
    >>> PlaySetup.parse(two.notation()) == two, two.people
    (True, (0, 1))
    """

    level: Level = "normal"
    settings: Settings = field(default_factory=Settings)
    coach: CoachMode = CoachMode.OFF
    hints: tuple[int, ...] = ()
    lineup: tuple[Player, ...] = ()
    seat: Seat | None = None

    def __post_init__(self) -> None:
        parse_level(self.level)  # a level read from session state or a caller without types
        if not isinstance(self.settings, Settings):
            raise ValueError(f"settings must be a Settings value, not {self.settings!r}")
        object.__setattr__(self, "hints", _coach_marks(self.coach, self.hints))
        if self.lineup:
            self._take_lineup(tuple(self.lineup))
        if self.seat is not None and (
            not self.lineup
            or self.seat not in range(len(self.lineup))
            or not isinstance(self.lineup[self.seat], Person)
        ):
            raise ValueError(f"a game is kept for a person's seat of its lineup, not {self.seat!r}")

    def _take_lineup(self, seats: tuple[Player, ...]) -> None:
        if len(seats) != self.settings.seats:
            raise ValueError(
                f"the game is for {self.settings.seats} seats, but {len(seats)} are named"
            )
        for player in seats:
            if not isinstance(player, Person):
                parse_level(player)
        people = [player for player in seats if isinstance(player, Person)]
        if not people:
            raise ValueError("name at least one seat for a person: every seat is a computer")
        keys = [person.name.casefold() for person in people]
        if len(people) > 1 and not all(keys):
            raise ValueError("with two or more people at the table, each seat names its person")
        if len(set(keys)) != len(keys):
            raise ValueError("a person can sit in one seat only: the seats name someone twice")
        first = people[0]
        level = next((player for player in seats if not isinstance(player, Person)), None)
        object.__setattr__(self, "coach", first.coach)
        object.__setattr__(self, "hints", first.hints)
        object.__setattr__(self, "level", level or self.level)
        if seats == default_lineup(self.level, first.coach, first.hints, len(seats)):
            seats = ()  # the usual game, written as it always was
        object.__setattr__(self, "lineup", seats)

    @property
    def seat_players(self) -> tuple[Player, ...]:
        """Who plays each seat, in seat order (the usual game's too)."""
        return self.lineup or default_lineup(
            self.level, self.coach, self.hints, self.settings.seats
        )

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats people play."""
        return tuple(
            seat for seat, player in enumerate(self.seat_players) if isinstance(player, Person)
        )

    @property
    def kept_for(self) -> Seat:
        """The seat of the person the game is kept for (reviewed for): ``seat``, or seat 0."""
        return ME if self.seat is None else self.seat

    @property
    def kept_person(self) -> Person:
        """The person at :attr:`kept_for` (their coach and hints), as the setup names them."""
        player = self.seat_players[self.kept_for]
        return player if isinstance(player, Person) else Person("", self.coach, self.hints)

    @property
    def coached(self) -> bool:
        """The coach speaks after each move (in learning mode too)."""
        return self.coach.coached

    def notation(self) -> str:
        """``level=easy target=61 skunks=on counting=muggins`` (then ``coach=moves`` and
        ``hints=1,3`` when the coach is on, or hints were asked for; or ``lineup=@Ann,easy``
        when the seats are named)."""
        text = f"level={self.level} {self.settings.notation()}"
        if self.lineup:
            text += " lineup=" + ",".join(player_notation(p) for p in self.lineup)
            return text if self.seat is None else f"{text} seat={self.seat}"
        if self.coach.coached:
            text += f" coach={self.coach}"
        if self.hints:
            text += " hints=" + ",".join(str(n) for n in self.hints)
        return text

    @classmethod
    def parse(cls, text: str) -> PlaySetup:
        level = "normal"
        coach = CoachMode.OFF.value
        hints: tuple[int, ...] = ()
        lineup: tuple[Player, ...] = ()
        seat: Seat | None = None
        rest = []
        for token in text.split():
            if token.startswith("level="):
                level = token.removeprefix("level=")
            elif token.startswith("coach="):
                coach = token.removeprefix("coach=")
            elif token.startswith("hints="):
                hints = deal_numbers(token.removeprefix("hints=").split(","))
            elif token.startswith("lineup="):
                lineup = tuple(parse_player(w) for w in token.removeprefix("lineup=").split(","))
            elif token.startswith("seat="):
                word = token.removeprefix("seat=")
                if not (word.isascii() and word.isdigit() and len(word) == 1):
                    raise ValueError(f"a seat is a number from 0 up, not {word[:10]!r}")
                seat = int(word)
            else:
                rest.append(token)
        settings = Settings.parse(" ".join(rest))
        return cls(parse_level(level), settings, CoachMode.parse(coach), hints, lineup, seat)


def deal_numbers(words: Sequence[str]) -> tuple[int, ...]:
    """``["1", "3"]`` as deal numbers; ``ValueError`` names a word that is not one."""
    numbers = []
    for word in words:
        if not word:
            continue
        if not (word.isascii() and word.isdigit() and len(word) <= 4) or int(word) < 1:
            shown = word if len(word) <= 10 else word[:10] + "…"
            raise ValueError(f"hints are deal numbers from 1 up, not {shown!r}")
        numbers.append(int(word))
    return tuple(numbers)


#: The whole game for a beginner: a short game to 61 against Easy, no skunks, the learner
#: counting each hand first (aloud) and the coach explaining every step first (the last rung
#: of the first games, :mod:`trainer.training.ladder`; the course's last lesson offers it).
LEARNING_GAME = PlaySetup(
    "easy", Settings(target=61, skunks=False, counting=Counting.ALOUD), coach=CoachMode.LEARNING
)


class Need(StrEnum):
    """What the person has to do now."""

    CUT_FOR_DEAL = "cut for deal"
    DISCARD = "discard"
    CUT_STARTER = "cut the starter"
    LAY = "lay a card"
    CLAIM = "count your hand"
    REVEAL = "see a count"
    OVER = "game over"
    #: Another person's turn, at a table of one seat (a game across devices).
    WAIT = "wait for your turn"

    def __repr__(self) -> str:
        return f"Need.{self.name}"

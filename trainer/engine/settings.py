"""How a game is played (:class:`Settings`) and the one line of notation that says it.

>>> Settings.parse("target=61 skunks=off counting=muggins")
Settings(target=61, skunks=False, counting=Counting.MUGGINS, seats=2)
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.items import SHOW_KINDS, Kind
from trainer.engine.kinds import ALL_KINDS, SCORING_KINDS, kinds_notation, parse_kinds
from trainer.engine.notation import NotationError, read_fields, read_int
from trainer.engine.vocab import PLAYERS, Counting, sides_of

__all__ = ["SETTINGS_KEYS", "TARGETS", "Settings", "SettingsError"]

#: The games: the whole game to 121, the short game to 61, and a first game to 31.
TARGETS: tuple[int, int, int] = (121, 61, 31)


class SettingsError(ValueError):
    """Settings a game cannot be played with."""


def _read_kinds(kinds: frozenset[Kind]) -> frozenset[Kind]:
    """The kinds of score a game counts, checked as they came (a caller may pass anything):
    kinds of score, and at least one of the show."""
    given: object = kinds
    if isinstance(given, str) or not all(isinstance(kind, str) for kind in kinds):
        raise SettingsError(f"kinds are kinds of score, not {kinds!r}")
    try:
        read = frozenset(Kind(kind) for kind in kinds)
    except ValueError:
        raise SettingsError(f"kinds are kinds of score, not {kinds!r}") from None
    strays = read - ALL_KINDS
    if strays:
        raise SettingsError(f"{sorted(strays)[0].value!r} is not a kind a game counts")
    if not read & set(SHOW_KINDS):
        raise SettingsError("a game counts at least one kind of the show (fifteens, say)")
    return read


@dataclass(frozen=True, slots=True, repr=False)
class Settings:
    """How a game is played: to 121 or 61 (or 31, a first game), skunks counted or not, who
    counts the show, and how many play (two; three, each alone; four, as two partnerships
    across the table). A first game may leave out the crib (each keeps the four cards dealt),
    the play, and kinds of score (``kinds``: only those score, see :mod:`~trainer.engine.kinds`).
    What is not the whole game is written in the notation; the whole game writes none of it.

    >>> Settings().notation()
    'target=121 skunks=on counting=automatic'
    >>> Settings(seats=3).notation(), Settings(seats=4).sides
    ('target=121 skunks=on counting=automatic seats=3', 2)
    >>> first = Settings(target=31, skunks=False, crib=False, play=False, kinds=frozenset({Kind.FIFTEEN}))
    >>> first.notation()
    'target=31 skunks=off counting=automatic crib=off play=off kinds=fifteen'
    >>> Settings.parse(first.notation()) == first, first.hand_size
    (True, 4)
    """

    target: int = 121
    skunks: bool = True
    counting: Counting = Counting.AUTOMATIC
    seats: int = 2
    #: Each player throws to the dealer's crib (off: each keeps the four cards dealt).
    crib: bool = True
    #: The play (pegging) comes between the starter and the show.
    play: bool = True
    #: The kinds of score that count (every kind: the whole game).
    kinds: frozenset[Kind] = ALL_KINDS

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or self.target not in TARGETS:
            raise SettingsError(
                "a game is played to 121 points, or 61 for the short game (31 for a first "
                f"game), not {self.target!r}"
            )
        if not isinstance(self.skunks, bool):
            raise SettingsError(f"skunks are on (True) or off (False), not {self.skunks!r}")
        try:
            counting = Counting(self.counting)
        except ValueError:
            raise SettingsError(f"counting is {_COUNTINGS}, not {self.counting!r}") from None
        object.__setattr__(self, "counting", counting)
        if isinstance(self.seats, bool) or self.seats not in PLAYERS:
            raise SettingsError(
                f"a game is for two, three or four players (four as two partnerships), "
                f"not {self.seats!r}"
            )
        for name in ("crib", "play"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(
                    f"{name} is on (True) or off (False), not {getattr(self, name)!r}"
                )
        object.__setattr__(self, "kinds", _read_kinds(self.kinds))

    def __repr__(self) -> str:
        """Pastes back: the whole game's parts (the crib, the play, every kind) left out."""
        text = (
            f"Settings(target={self.target}, skunks={self.skunks}, "
            f"counting={self.counting!r}, seats={self.seats}"
        )
        if not self.crib:
            text += ", crib=False"
        if not self.play:
            text += ", play=False"
        if self.kinds != ALL_KINDS:
            kinds = ", ".join(repr(kind) for kind in SCORING_KINDS if kind in self.kinds)
            text += f", kinds=frozenset({{{kinds}}})"
        return text + ")"

    @property
    def muggins(self) -> bool:
        return self.counting is Counting.MUGGINS

    @property
    def claims(self) -> bool:
        """Each player says the count of their own hand (under muggins, or aloud)."""
        return self.counting is not Counting.AUTOMATIC

    @property
    def whole(self) -> bool:
        """The whole game: the crib, the play and every kind of score."""
        return self.crib and self.play and self.kinds == ALL_KINDS

    @property
    def sides(self) -> int:
        """How many sides score (two partnerships when four play)."""
        return sides_of(self.seats)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: six between two, five among three or four; four
        each without the crib."""
        if not self.crib:
            return 4
        return 6 if self.seats == 2 else 5

    @property
    def throw(self) -> int:
        """Cards each player gives the crib: two between two, one among three or four
        (none without the crib)."""
        if not self.crib:
            return 0
        return 2 if self.seats == 2 else 1

    def notation(self) -> str:
        skunks = "on" if self.skunks else "off"
        text = f"target={self.target} skunks={skunks} counting={self.counting}"
        if self.seats != 2:
            text += f" seats={self.seats}"
        if not self.crib:
            text += " crib=off"
        if not self.play:
            text += " play=off"
        if self.kinds != ALL_KINDS:
            text += f" kinds={kinds_notation(self.kinds)}"
        return text

    @classmethod
    def parse(cls, text: str) -> Settings:
        """Read :meth:`notation` back; keys may come in any order and may be left out."""
        fields = read_fields(text.split(), set(SETTINGS_KEYS), what="settings")
        seats = read_int(fields["seats"], "seats") if "seats" in fields else 2
        target = 121
        counting = Counting.AUTOMATIC
        if "target" in fields:
            target = read_int(fields["target"], "target")
        if "counting" in fields:
            try:
                counting = Counting(fields["counting"].lower())
            except ValueError:
                raise NotationError(
                    f"counting is {_COUNTINGS}, not {fields['counting']!r}"
                ) from None
        kinds = ALL_KINDS
        if "kinds" in fields:
            try:
                kinds = parse_kinds(fields["kinds"])
            except ValueError as error:
                raise NotationError(str(error)) from None
        try:
            return cls(
                target=target,
                skunks=_on_off(fields, "skunks"),
                counting=counting,
                seats=seats,
                crib=_on_off(fields, "crib"),
                play=_on_off(fields, "play"),
                kinds=kinds,
            )
        except SettingsError as error:
            raise NotationError(str(error)) from None

    def headers(self) -> list[str]:
        """The record's header lines for these settings (all but the seed), the whole
        game's parts left out: ``[Target "121"]``, ``[Kinds "fifteen"]``..."""
        s = self
        return [
            f'[Target "{s.target}"]',
            f'[Skunks "{"on" if s.skunks else "off"}"]',
            f'[Counting "{s.counting}"]',
            *([f'[Seats "{s.seats}"]'] if s.seats != 2 else []),
            *(['[Crib "off"]'] if not s.crib else []),
            *(['[Play "off"]'] if not s.play else []),
            *([f'[Kinds "{kinds_notation(s.kinds)}"]'] if s.kinds != ALL_KINDS else []),
        ]


#: The keys of the settings' notation (and, capitalised, of a record's header).
SETTINGS_KEYS: tuple[str, ...] = ("target", "skunks", "counting", "seats", "crib", "play", "kinds")
_COUNTINGS = "'automatic', 'muggins' or 'aloud'"


def _on_off(fields: dict[str, str], key: str) -> bool:
    if key not in fields:
        return True
    value = fields[key].lower()
    if value not in ("on", "off"):
        raise NotationError(f"{key} is 'on' or 'off', not {fields[key]!r}")
    return value == "on"

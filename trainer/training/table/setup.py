"""A game's setup: the level, the rules (:class:`~trainer.engine.settings.Settings`), the
coach and the deals the person asked a hint on; the seats, and what the person has to do."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from trainer.analysis import LEVELS, Level
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting

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


class RecordProblem(ValueError):
    """A game record that cannot be read or played back; the message names the line."""


@dataclass(frozen=True, slots=True)
class PlaySetup:
    """What the person chose before the game: the computer's level, the game's rules and the
    coach; and the coach's marks so far: ``hints``, the deals on which a hint was asked for."""

    level: Level = "normal"
    settings: Settings = field(default_factory=Settings)
    coach: CoachMode = CoachMode.OFF
    hints: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        parse_level(self.level)  # a level read from session state or a caller without types
        if not isinstance(self.settings, Settings):
            raise ValueError(f"settings must be a Settings value, not {self.settings!r}")
        if not isinstance(self.coach, CoachMode):  # read from text where it enters
            raise ValueError(
                f"{self.coach!r} is not a coach setting: choose one of {', '.join(CoachMode)}"
            )
        hints = tuple(self.hints)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in hints):
            raise ValueError(f"hints are deal numbers from 1 up, not {self.hints!r}")
        object.__setattr__(self, "hints", tuple(sorted(set(hints))))

    @property
    def coached(self) -> bool:
        """The coach speaks after each move (in learning mode too)."""
        return self.coach.coached

    def notation(self) -> str:
        """``level=easy target=61 skunks=on counting=muggins`` (then ``coach=moves`` and
        ``hints=1,3`` when the coach is on, or hints were asked for)."""
        text = f"level={self.level} {self.settings.notation()}"
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
        rest = []
        for token in text.split():
            if token.startswith("level="):
                level = token.removeprefix("level=")
            elif token.startswith("coach="):
                coach = token.removeprefix("coach=")
            elif token.startswith("hints="):
                hints = deal_numbers(token.removeprefix("hints=").split(","))
            else:
                rest.append(token)
        settings = Settings.parse(" ".join(rest))
        return cls(parse_level(level), settings, CoachMode.parse(coach), hints)


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

    def __repr__(self) -> str:
        return f"Need.{self.name}"

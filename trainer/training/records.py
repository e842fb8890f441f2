"""Plain records shared by the grader, the progress store and the pages.

What the fields may hold (drill types, modes, categories) is named once, in
:mod:`trainer.engine.skills`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime

from trainer.engine.skills import Category, DrillType, Mode

#: The tier stored with an answer given in a lesson (a source, not a practice tier: there
#: is nothing to open under this name on the Practice page). Lessons keep first tries only.
LESSON_TIER = "lesson"


def now_utc() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Profile:
    id: int
    name: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Preferences:
    """A player's table settings, kept with the player; ``None`` where nothing was chosen
    (the table's own default applies): the sounds, each hand of the show counted out at
    once (else "Next" for each combination), and the win meter beside the board.

    Read from the store's words once (:meth:`parse`) and written back as words
    (:meth:`stored`); a word the store holds that is none of these is not a choice.

    >>> chosen = Preferences.parse({"sound": "off", "show": "all", "win_meter": "loud"})
    >>> chosen
    Preferences(sound=False, show_all=True, meter=None)
    >>> chosen.stored()
    {'sound': 'off', 'show': 'all'}
    >>> chosen.chosen(Preferences(meter=True, sound=True))
    Preferences(sound=True, show_all=True, meter=True)
    """

    sound: bool | None = None
    show_all: bool | None = None
    meter: bool | None = None

    @classmethod
    def parse(cls, saved: Mapping[str, str]) -> Preferences:
        """The settings in the store's rows (``{key: word}``)."""
        values: dict[str, bool | None] = {}
        for name, (key, yes, no) in _STORED.items():
            word = saved.get(key)
            values[name] = True if word == yes else False if word == no else None
        return cls(**values)

    def stored(self) -> dict[str, str]:
        """The chosen settings as the store keeps them: ``{key: word}``."""
        words = {}
        for name, (key, yes, no) in _STORED.items():
            value = getattr(self, name)
            if value is not None:
                words[key] = yes if value else no
        return words

    def chosen(self, changes: Preferences) -> Preferences:
        """These settings with ``changes`` made (a ``None`` there changes nothing)."""
        values: dict[str, bool | None] = {}
        for one in fields(self):
            new = getattr(changes, one.name)
            values[one.name] = getattr(self, one.name) if new is None else new
        return Preferences(**values)


#: How the store keeps each setting: its key, and its words for yes and for no.
_STORED: dict[str, tuple[str, str, str]] = {
    "sound": ("sound", "on", "off"),
    "show_all": ("show", "all", "steps"),
    "meter": ("win_meter", "on", "off"),
}


@dataclass(frozen=True, slots=True)
class AttemptIn:
    """One graded answer, as the practice and lesson pages hand it to the store."""

    # What the fields may hold is the registry's (trainer.engine.skills); the store
    # refuses a record that names anything else, before anything is saved.
    drill: DrillType
    tier: str
    seed: int
    question: str  # the question in card notation, e.g. "5H 5D 5C JS | 5S" or a pile
    answer: str  # what the user answered, as typed or claimed
    correct: bool
    points_off: int  # the user's total minus the right total (0 when right)
    missed: tuple[Category, ...]  # the kinds of mistake made
    seconds: float
    mode: Mode = Mode.QUICK  # how it was given
    at: datetime = field(default_factory=now_utc)


@dataclass(frozen=True, slots=True)
class LessonProgress:
    lesson_id: str
    step: int  # the step the learner is on (0-based)
    done: bool

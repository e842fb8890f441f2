"""One registry of what the trainer drills and tracks.

The drill types, the answer modes and the kinds of mistake (categories) are named
here once; the content loaders, the drill generator, the grader, adaptive practice,
the progress store and the Progress page all read them from here, so a new skill is
one entry in :data:`SKILLS`, not ten edits.

>>> DrillType("crib").label, DrillType("play").heading, Mode.named("claim"), Mode.named("x")
('count the crib', 'What would you play?', Mode.CLAIM, None)
>>> category_of(Kind.FLUSH, crib=True), category_of(Kind.LAST_CARD)
(Category.CRIB_FLUSH, Category.LAST_CARD)
>>> [skill.category for skill in SKILLS if DrillType.GO in skill.drills]
[Category.GO, Category.LAST_CARD, Category.THIRTY_ONE]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Self

from trainer.engine.items import Kind


class _Name(StrEnum):
    """A StrEnum whose ``repr`` pastes back into Python (``Category.RUN``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def named(cls, text: object) -> Self | None:
        """The member ``text`` names (its value), or None: how a word read from a file, a
        stored row or an address becomes one."""
        try:
            return cls(text) if isinstance(text, str) else None
        except ValueError:
            return None


class DrillType(_Name):
    """A kind of drill, as stored with every answer."""

    HAND = "hand"
    CRIB = "crib"
    PEG = "peg"
    GO = "go"
    DISCARD = "discard"
    PLAY = "play"

    @property
    def label(self) -> str:
        """How a sentence names the drill (``count the hand``)."""
        return _DRILL_LABELS[self][0]

    @property
    def heading(self) -> str:
        """How a heading or a list names the drill (``Count the hand``)."""
        return _DRILL_LABELS[self][1]

    @property
    def coached(self) -> bool:
        """A coach drill: the answer is a choice (a throw, a card to lay) graded by the
        points it loses against the best one. Its tiers deal the coach's own positions,
        so they take no constraints."""
        return self in _COACHED


_DRILL_LABELS: dict[DrillType, tuple[str, str]] = {
    DrillType.HAND: ("count the hand", "Count the hand"),
    DrillType.CRIB: ("count the crib", "Count the crib"),
    DrillType.PEG: ("what does this card peg", "Peg a card"),
    DrillType.GO: ("who scores the go", "The go"),
    DrillType.DISCARD: ("which two do you throw", "Which two do you throw?"),
    DrillType.PLAY: ("what would you play", "What would you play?"),
}
_COACHED = frozenset({DrillType.DISCARD, DrillType.PLAY})


class Mode(_Name):
    """How an answer was given, as stored with it."""

    QUICK = "quick"  # a typed total
    CLAIM = "claim"  # every combination claimed by its cards
    CHOICE = "choice"  # picked among answers (who scores the go, who leads next)
    THROW = "throw"  # two cards tapped for the crib ("Which two do you throw?")
    LAY = "lay"  # one card tapped to play ("What would you play?")


class Category(_Name):
    """A kind of mistake, as stored with every answer that makes it (no spaces)."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    CRIB_FLUSH = "crib-flush"
    NOBS = "nobs"
    GO = "go"
    LAST_CARD = "last-card"
    THIRTY_ONE = "thirty-one"
    DISCARD = "discard"
    PLAY = "play"


_COUNTING = frozenset({DrillType.HAND, DrillType.CRIB})
_SHOW_AND_PLAY = frozenset({DrillType.HAND, DrillType.CRIB, DrillType.PEG})


@dataclass(frozen=True, slots=True)
class Skill:
    """A kind of mistake the trainer tracks: its stored ``category``, how the pages name
    it, the drills that practise it, and the engine's score kind it comes from."""

    category: Category
    label: str
    drills: frozenset[DrillType]
    kind: Kind | None


#: Every tracked kind of mistake, in the order the pages list them.
SKILLS: tuple[Skill, ...] = (
    Skill(Category.FIFTEEN, "fifteens", _SHOW_AND_PLAY, Kind.FIFTEEN),
    Skill(Category.PAIR, "pairs", _SHOW_AND_PLAY, Kind.PAIR),
    Skill(Category.RUN, "runs", _SHOW_AND_PLAY, Kind.RUN),
    Skill(Category.FLUSH, "flush", _COUNTING, Kind.FLUSH),
    Skill(Category.CRIB_FLUSH, "crib flush", frozenset({DrillType.CRIB}), None),
    Skill(Category.NOBS, "nobs", _COUNTING, Kind.NOBS),
    Skill(Category.GO, "the go", frozenset({DrillType.GO}), Kind.GO),
    Skill(
        Category.LAST_CARD, "last card", frozenset({DrillType.PEG, DrillType.GO}), Kind.LAST_CARD
    ),
    Skill(Category.THIRTY_ONE, "31", frozenset({DrillType.PEG, DrillType.GO}), Kind.THIRTY_ONE),
    Skill(Category.DISCARD, "the throw to the crib", frozenset({DrillType.DISCARD}), None),
    Skill(Category.PLAY, "the card to play", frozenset({DrillType.PLAY}), None),
)

#: The stored categories, in page order.
CATEGORIES: tuple[Category, ...] = tuple(skill.category for skill in SKILLS)
#: How the pages name each category.
CATEGORY_LABELS: dict[Category, str] = {skill.category: skill.label for skill in SKILLS}
#: The drill types that can practise each category.
CATEGORY_DRILLS: dict[Category, frozenset[DrillType]] = {
    skill.category: skill.drills for skill in SKILLS
}

_BY_KIND: dict[Kind, Category] = {skill.kind: skill.category for skill in SKILLS if skill.kind}


def category_of(kind: Kind, *, crib: bool = False) -> Category:
    """The category a missed combination of ``kind`` is tracked under (a crib's flush
    is its own category: the crib's flush rule is a mistake of its own)."""
    if kind is Kind.FLUSH and crib:
        return Category.CRIB_FLUSH
    try:
        return _BY_KIND[kind]
    except KeyError:
        raise ValueError(f"{kind.value!r} is not a kind the trainer tracks") from None

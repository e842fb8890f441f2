"""One registry of what the trainer drills and tracks.

The drill types, the answer modes and the kinds of mistake (categories) are named
here once; the content loaders, the drill generator, the grader, adaptive practice,
the progress store and the Progress page all read them from here, so a new skill is
one entry in :data:`SKILLS`, not ten edits.

>>> DrillType("crib").label, Mode.CLAIM == "claim"
('count the crib', True)
>>> category_of(Kind.FLUSH, crib=True), category_of(Kind.LAST_CARD)
('crib-flush', 'last-card')
>>> [skill.category for skill in SKILLS if DrillType.GO in skill.drills]
['go', 'last-card', 'thirty-one']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from trainer.engine.items import Kind


class DrillType(StrEnum):
    """A kind of drill, as stored with every answer."""

    HAND = "hand"
    CRIB = "crib"
    PEG = "peg"
    GO = "go"

    @property
    def label(self) -> str:
        return _DRILL_LABELS[self]


_DRILL_LABELS: dict[DrillType, str] = {
    DrillType.HAND: "count the hand",
    DrillType.CRIB: "count the crib",
    DrillType.PEG: "what does this card peg",
    DrillType.GO: "who scores the go",
}


class Mode(StrEnum):
    """How an answer was given: a typed total, or every combination claimed by its cards."""

    QUICK = "quick"
    CLAIM = "claim"


_COUNTING = frozenset({DrillType.HAND, DrillType.CRIB})
_SHOW_AND_PLAY = frozenset({DrillType.HAND, DrillType.CRIB, DrillType.PEG})


@dataclass(frozen=True, slots=True)
class Skill:
    """A kind of mistake the trainer tracks: its stored ``category``, how the pages name
    it, the drills that practise it, and the engine's score kind it comes from."""

    category: str
    label: str
    drills: frozenset[DrillType]
    kind: Kind | None


#: Every tracked kind of mistake, in the order the pages list them.
SKILLS: tuple[Skill, ...] = (
    Skill("fifteen", "fifteens", _SHOW_AND_PLAY, Kind.FIFTEEN),
    Skill("pair", "pairs", _SHOW_AND_PLAY, Kind.PAIR),
    Skill("run", "runs", _SHOW_AND_PLAY, Kind.RUN),
    Skill("flush", "flush", _COUNTING, Kind.FLUSH),
    Skill("crib-flush", "crib flush", frozenset({DrillType.CRIB}), None),
    Skill("nobs", "nobs", _COUNTING, Kind.NOBS),
    Skill("go", "the go", frozenset({DrillType.GO}), Kind.GO),
    Skill("last-card", "last card", frozenset({DrillType.PEG, DrillType.GO}), Kind.LAST_CARD),
    Skill("thirty-one", "31", frozenset({DrillType.PEG, DrillType.GO}), Kind.THIRTY_ONE),
)

#: The stored categories, in page order.
CATEGORIES: tuple[str, ...] = tuple(skill.category for skill in SKILLS)
#: How the pages name each category.
CATEGORY_LABELS: dict[str, str] = {skill.category: skill.label for skill in SKILLS}
#: The drill types that can practise each category.
CATEGORY_DRILLS: dict[str, frozenset[str]] = {
    skill.category: frozenset(skill.drills) for skill in SKILLS
}
#: The drill types, as stored.
DRILL_TYPES: tuple[str, ...] = tuple(DrillType)
#: The answer modes, as stored.
MODES: tuple[str, ...] = tuple(Mode)

_BY_KIND: dict[Kind, str] = {skill.kind: skill.category for skill in SKILLS if skill.kind}


def category_of(kind: Kind | str, *, crib: bool = False) -> str:
    """The category a missed combination of ``kind`` is tracked under (a crib's flush
    is its own category: the crib's flush rule is a mistake of its own)."""
    kind = Kind(kind)
    if kind is Kind.FLUSH and crib:
        return "crib-flush"
    try:
        return _BY_KIND[kind]
    except KeyError:
        raise ValueError(f"{kind.value!r} is not a kind the trainer tracks") from None

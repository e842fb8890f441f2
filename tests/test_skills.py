"""The one registry of drill types, modes and mistake categories."""

from __future__ import annotations

import pytest

from trainer.engine import PLAY_KINDS, SHOW_KINDS, Kind
from trainer.engine.skills import (
    CATEGORIES,
    CATEGORY_DRILLS,
    CATEGORY_LABELS,
    SKILLS,
    Category,
    DrillType,
    Mode,
    category_of,
)


def test_every_category_is_named_once_with_a_label_and_drills() -> None:
    assert len(set(CATEGORIES)) == len(CATEGORIES) == len(SKILLS)
    assert set(CATEGORY_LABELS) == set(CATEGORIES) == set(CATEGORY_DRILLS)
    for category, drills in CATEGORY_DRILLS.items():
        assert drills and drills <= set(DrillType), category
        assert " " not in category


def test_every_kind_that_scores_in_a_drill_has_a_category() -> None:
    for kind in {*SHOW_KINDS, *PLAY_KINDS}:
        assert category_of(kind) in CATEGORIES
    assert category_of(Kind.FLUSH, crib=True) == "crib-flush"
    assert category_of(Kind.PAIR, crib=True) is Category.PAIR  # only the flush has a crib rule


def test_kinds_outside_drills_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="muggins"):
        category_of(Kind.MUGGINS)
    with pytest.raises(ValueError, match="'crib as claimed' is not a kind the trainer tracks"):
        category_of(Kind.CRIB_AS_CLAIMED)


def test_stored_values_are_plain_words() -> None:
    # the words stored with every answer: a rename here is a migration of the store
    assert list(DrillType) == ["hand", "crib", "peg", "go", "discard", "play"]
    assert list(Mode) == ["quick", "claim", "choice", "throw", "lay"]
    assert all(isinstance(label, str) and label for label in (d.label for d in DrillType))
    assert all(d.heading[:1].isupper() for d in DrillType)


def test_the_coach_drills_are_registered_with_the_coach_categories() -> None:
    assert [d for d in DrillType if d.coached] == [DrillType.DISCARD, DrillType.PLAY]
    assert CATEGORY_DRILLS[Category.DISCARD] == {"discard"}
    assert CATEGORY_DRILLS[Category.PLAY] == {"play"}
    assert CATEGORY_LABELS[Category.DISCARD] == "the throw to the crib"
    assert DrillType.DISCARD.heading == "Which two do you throw?"
    assert DrillType.PLAY.heading == "What would you play?"
    # no counting drill's misses land in a coach category, nor the other way round
    counting = {d for d in DrillType if not d.coached}
    for skill in SKILLS:
        assert not (skill.drills & counting and skill.drills - counting), skill.category

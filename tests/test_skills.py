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


def test_each_coach_drill_has_a_category_of_its_own() -> None:
    """A coached drill's misses (the throw, the lay) are counted in one category that holds
    that drill alone, and no counting drill's misses land in a coach category, nor the
    other way round."""
    coached = [d for d in DrillType if d.coached]
    assert coached  # the throw and the lay
    for drill in coached:
        (category,) = [c for c, drills in CATEGORY_DRILLS.items() if drill in drills]
        assert CATEGORY_DRILLS[category] == {drill}, drill
        assert CATEGORY_LABELS[category] and drill.heading.endswith("?"), drill
    counting = {d for d in DrillType if not d.coached}
    for skill in SKILLS:
        assert not (skill.drills & counting and skill.drills - counting), skill.category

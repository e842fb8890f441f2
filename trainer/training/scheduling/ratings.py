"""An answer as the scheduler weighs it: a miss is "Again", right but slower than the target
pace "Hard", right "Good", right in half the target or less "Easy". The paces are the ones
the drills already set (each tier's ``pace``, seconds a question); a lesson's question is
held to the most patient pace of the drill it counts towards, and a question about a rule
(no drill, no pace) is "Good" when right.

>>> rate(correct=False, seconds=3, pace=20).name
'Again'
>>> [rate(correct=True, seconds=s, pace=20).name for s in (25, 15, 10, 4)]
['Hard', 'Good', 'Easy', 'Easy']
>>> rate(correct=True, seconds=90, pace=None).name
'Good'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.engine.skills import DrillType
from trainer.training.records import AttemptIn
from trainer.training.scheduling.cards import DrillCard, Rating, drill_card

if TYPE_CHECKING:  # the catalog is handed in: loading it is the caller's
    from trainer.content.catalog import DrillCatalog

__all__ = ["FAST", "drill_pace", "lesson_pace", "practice_review", "rate"]

#: An answer in this share of the target pace, or less, is fast ("Easy").
FAST = 0.5


def rate(*, correct: bool, seconds: float | None, pace: float | None) -> Rating:
    """How the scheduler takes an answer (``seconds`` None: the answer was shown, not given)."""
    if not correct or seconds is None:
        return Rating.Again
    if pace is None:
        return Rating.Good
    if seconds > pace:
        return Rating.Hard
    if seconds <= pace * FAST:
        return Rating.Easy
    return Rating.Good


def drill_pace(catalog: DrillCatalog, drill: DrillType, tier: str) -> float | None:
    """The target seconds of a practice area (None when the catalog has no such tier)."""
    try:
        return float(catalog.tier(drill, tier)[1].pace)
    except KeyError:
        return None


def lesson_pace(catalog: DrillCatalog, drill: DrillType | None) -> float | None:
    """The target seconds of a lesson's question that counts towards ``drill``
    (:func:`trainer.training.learn.drill_for`): the most patient of its tiers (None for a
    question no drill practises)."""
    found = catalog.drills.get(drill) if drill is not None else None
    if found is None:
        return None
    return float(max(tier.pace for tier in found.tiers))


def practice_review(attempt: AttemptIn, catalog: DrillCatalog) -> tuple[DrillCard, Rating] | None:
    """The practice area a drill's answer reviews, and how (None for an answer given
    elsewhere: in a lesson, or a count in a game, whose tiers are not the catalog's)."""
    pace = drill_pace(catalog, attempt.drill, attempt.tier)
    if pace is None:
        return None
    rating = rate(correct=attempt.correct, seconds=attempt.seconds, pace=pace)
    return drill_card(attempt.drill, attempt.tier), rating

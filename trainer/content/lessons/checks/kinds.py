"""The kind of problem a question is: the features it teaches, written in the drills'
words (:class:`~trainer.content.catalog.Constraints`), so that the engine can deal new
cards of the same kind when a missed question comes back.

A count, peg, go or table-go check says its kind under ``deal:`` (``require: [fifteen]``,
``forbid: [pair, run]``...); the other checks' kinds follow from their own instance (a
board move that crosses into the next row, a cut with an ace...). Each kind class fixes
the drill whose features it may name, so a misspelt feature is refused with the file, the
step and the field (``check.deal.require[0]``).
"""

from __future__ import annotations

from trainer.content.catalog import GO_FEATURES, PEG_FEATURES, SHOW_FEATURES, Constraints
from trainer.engine.skills import DrillType


class ShowKind(Constraints):
    """A hand or crib to count: the features of the drills' ``hand`` and ``crib`` tiers."""

    for_drill = DrillType.HAND
    feature_names = SHOW_FEATURES
    features_of = "a hand or crib"


class PegKind(Constraints):
    """A card laid in the play: the features of the ``peg`` drill's tiers."""

    for_drill = DrillType.PEG
    feature_names = PEG_FEATURES
    features_of = "a card laid in the play"


class GoKind(Constraints):
    """The end of a series: the features of the ``go`` drill's tiers."""

    for_drill = DrillType.GO
    feature_names = GO_FEATURES
    features_of = "the end of a series"

"""Grading drill answers against the engine's items, and explaining them.

Nothing here recomputes a score: the right answer is the engine's list of
items (:func:`~trainer.engine.score_show`, :func:`~trainer.engine.score_play`,
the :class:`~trainer.engine.Pegging` award of a go question), and every
explanation renders those items.

* **Quick mode**: the learner types a total. A wrong total still gets the
  whole breakdown. A total short by what only one kind can make names it
  ("you were one short: one for his nobs, ..."); a gap that fits several kinds
  (4 short: the flush, or two fifteens) lists the candidates, and only the kinds
  common to all of them are recorded as missed (none: a "total only" miss).
* **Claim mode**: the learner claims each combination by its cards, the way it
  is said at the table. Each claim is *found* (an engine item), *twice* (an item
  already claimed) or *wrong* (not a combination, with the reason); every item
  not claimed is *missed*. Found and missed together are always exactly the
  engine's items. A claim stands for one item, except a pair royal or double
  pair royal claimed at once (all its cards of one rank), which stands for the
  pairs inside it (:func:`claim_keys`).
* **The go**: who pegs, what for, and who leads next.
* **The coach drills**: a throw of two cards (:func:`grade_throw`) or a card laid
  (:func:`grade_lay`), graded by :mod:`trainer.training.coach` by the points the choice
  loses against the best one; the coach's lines are the explanation.

>>> from trainer.engine.skills import DrillType
>>> from trainer.training.questions import deal_question
>>> q = deal_question(DrillType.HAND, "beginner", seed=7)
>>> grade_quick(q, str(q.total), seconds=3.0).correct
True

============  ==========================================================================
``claims``    claim mode's checking: the claim kinds, each claim found, twice or wrong
``counts``    the grade of a count (quick or claimed), its notes, and a count in a game
``go``        the grade of a go question: who pegs, what for, who leads next
``advice``    the grade of the coach drills: a throw, a card laid
============  ==========================================================================
"""

from trainer.training.grading.advice import AdviceGrade, Graded, grade_lay, grade_throw
from trainer.training.grading.claims import (
    Claim,
    ClaimCheck,
    ClaimKind,
    check_claims,
    claim_keys,
    claim_kinds_for,
    claim_problem,
    item_category,
)
from trainer.training.grading.counts import (
    GAME_TIER,
    Grade,
    answer_box,
    game_claims_total,
    grade_claims,
    grade_game_count,
    grade_quick,
)
from trainer.training.grading.go import GO_CHOICES, go_explanation, grade_go
from trainer.training.inputs import InputProblem

__all__ = [
    "GAME_TIER",
    "GO_CHOICES",
    "AdviceGrade",
    "Claim",
    "ClaimCheck",
    "ClaimKind",
    "Grade",
    "Graded",
    "InputProblem",
    "answer_box",
    "check_claims",
    "claim_keys",
    "claim_kinds_for",
    "claim_problem",
    "game_claims_total",
    "go_explanation",
    "grade_claims",
    "grade_game_count",
    "grade_go",
    "grade_lay",
    "grade_quick",
    "grade_throw",
    "item_category",
]

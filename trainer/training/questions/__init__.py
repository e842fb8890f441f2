"""The questions drills deal, and their dealers. Dealt from a seed: the same drill, tier, seed and index always
deal the same question, so a set can be replayed or shared by its seed.

Rare questions are built, not fished for:

* **Hands and cribs.** Fifteens, pairs and runs depend only on the five ranks,
  and there are 6,175 five-card rank patterns. Each pattern, each choice of
  starter rank and each way the suits can fall (no flush, nobs, a four- or
  five-card flush, a crib's four-card "flush", three suited cards with the
  starter) gives a known total and known features. A tier's constraints pick
  the combinations that fit, once, into a weighted table; a question draws one
  (spread evenly over the tier's ``require_any`` features) and then assigns
  suits to match. A 20+ hand or a double-double run costs no more to deal than
  a dull one.
* **Pegging piles.** The tail that makes the wanted feature (a pair royal, a
  run laid out of order, a run broken by a duplicate...) is built first, then
  cards are put in front of it, summing exactly to 15 or 31 when a fifteen or
  a 31 is wanted.
* **The go.** A whole play is simulated with the engine's :class:`Pegging`,
  steered towards 31 or away from it, and a series whose end fits is taken.
* **The coach drills** (``discard``: which two do you throw?, ``play``: what would
  you play?) are dealt by :mod:`~trainer.training.questions.coached`; the tier's id is the
  coach's tier (``dealer``/``pone``, ``clear``/``close``), and there are no constraints.

Every candidate is checked against the tier's constraints with the engine's
own score before it is returned, and every search is bounded: when a tier's
constraints cannot be met, :class:`GenerationError` says so (the content
validator deals a few questions of every tier, so this shows up there).

>>> from trainer.engine.skills import DrillType
>>> q = deal_question(DrillType.HAND, "beginner", seed=7, index=0)
>>> q == deal_question(DrillType.HAND, "beginner", seed=7, index=0)
True

Where each part lives:

==============  ============================================================================
``kinds``       the questions as values (a hand to count, a pile, a series' end)
``features``    what a question shows, read from the engine's items
``fitting``     whether a question fits its tier's constraints
``deal_show``   the dealer of hands and cribs (the table of rank patterns)
``deal_peg``    the dealer of pegging piles
``deal_go``     the dealer of the go's series
``coached``     the coach drills: which two do you throw? what would you play?
``dealing``     dealing a question or a set for a drill and tier; the checked catalog
==============  ============================================================================
"""

from trainer.training.questions.coached import (
    DiscardQuestion,
    PlayQuestion,
)
from trainer.training.questions.dealing import (
    deal_question,
    deal_set,
    load_catalog,
    tier_problem,
    warm_up,
)
from trainer.training.questions.features import go_features, peg_features, show_features
from trainer.training.questions.fitting import check_question
from trainer.training.questions.kinds import (
    CoachQuestion,
    Dealt,
    GenerationError,
    GoQuestion,
    GoStep,
    PegQuestion,
    Question,
    ShowQuestion,
)

__all__ = [
    "CoachQuestion",
    "Dealt",
    "DiscardQuestion",
    "GenerationError",
    "GoQuestion",
    "GoStep",
    "PegQuestion",
    "PlayQuestion",
    "Question",
    "ShowQuestion",
    "check_question",
    "deal_question",
    "deal_set",
    "go_features",
    "load_catalog",
    "peg_features",
    "show_features",
    "tier_problem",
    "warm_up",
]

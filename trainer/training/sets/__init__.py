"""A practice set, as a small state machine the Practice page drives.

A set is described by a :class:`SetSpec` (drill, tier, seed, length, answer
mode, muggins, optional weights for mixed sets). :class:`PracticeSet` walks it:
``question`` → (answer) → ``feedback`` → (next) → ... → ``done``, keeping every
:class:`~trainer.training.grading.Grade`. Time comes in as arguments (``now``), so the
whole thing is testable without a clock or Streamlit.

Where things are: what a set is (:class:`SetSpec`) in :mod:`.spec`; the running set in
:mod:`.practice_set`; how it went (:class:`SetSummary`) in :mod:`.summary`; where a set
comes from (the page, the address, another page) and a running set's address in
:mod:`.address`.
"""

from trainer.training.sets.address import (
    place_from_request,
    set_address,
    spec_from_request,
    weights_param,
)
from trainer.training.sets.practice_set import PracticeSet
from trainer.training.sets.spec import MIXED, SetSpec, new_seed, new_set_id
from trainer.training.sets.summary import SetSummary, summarize

__all__ = [
    "MIXED",
    "PracticeSet",
    "SetSpec",
    "SetSummary",
    "new_seed",
    "new_set_id",
    "place_from_request",
    "set_address",
    "spec_from_request",
    "summarize",
    "weights_param",
]

"""How the Practice page asks each kind of question: one module a kind, each an
:class:`~trainer.ui.asking.base.Asker` that draws the question, takes the answer (typed,
tapped or chosen) and draws the grade. The page asks :func:`asker_for` once and never looks
at a question's kind, so a new kind of question is a new module here, not a change there.

===========  ==========================================================================
``base``     what an asker does, and what every one shares (saving the grade, problems)
``hand``     a hand or a crib to count: a typed total, or each combination claimed
``pile``     what the last card of a pile pegs: a typed total
``series``   a series that has ended: who pegs, what for, and who leads next
``throw``    which two do you throw? (two of six cards tapped)
``lay``      what would you play? (one card tapped)
===========  ==========================================================================
"""

from __future__ import annotations

from trainer.training.questions import (
    Dealt,
    DiscardQuestion,
    GoQuestion,
    PegQuestion,
    PlayQuestion,
    ShowQuestion,
)
from trainer.ui.asking import hand, lay, pile, series, throw
from trainer.ui.asking.base import Asker

__all__ = ["Asker", "asker_for"]

_ASKERS: dict[type, Asker] = {
    ShowQuestion: hand.ASKER,
    PegQuestion: pile.ASKER,
    GoQuestion: series.ASKER,
    DiscardQuestion: throw.ASKER,
    PlayQuestion: lay.ASKER,
}


def asker_for(question: Dealt) -> Asker:
    """How to ask ``question`` (a :class:`KeyError` names a kind no asker knows)."""
    try:
        return _ASKERS[type(question)]
    except KeyError:
        raise KeyError(f"no way to ask a {type(question).__name__} on the Practice page") from None

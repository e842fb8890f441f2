"""The checks a step can ask, each answered by the rules engine: the file's ``expect:``
is only a claim the loader compares with the engine (a mismatch is a content error).
True/false questions about a rule are the one kind whose answer the file writes.

Where things are, by what a check asks: counting the show in :mod:`.show`; the pile in
the play (its points, the fifteen) in :mod:`.pegging`; the go at two and at a table in
:mod:`.go`; the board and the skunk in :mod:`.board`; the cut for deal in :mod:`.cut`;
keeping four of six in :mod:`.keep`; true or false in :mod:`.true_false`; the kind
of problem a count, peg or go check is, for new cards of that kind, in :mod:`.kinds`. The words
of a mismatch with the engine are with the field types, in :mod:`trainer.content.lessons.fields`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from trainer.content.lessons.checks.board import SKUNKS, BoardCheck, SkunkCheck
from trainer.content.lessons.checks.cut import CUTS, CutCheck
from trainer.content.lessons.checks.go import GoCheck, TableGoCheck
from trainer.content.lessons.checks.keep import KEEP_MARGIN, KeepCheck, KeepValue, keep_value
from trainer.content.lessons.checks.kinds import GoKind, PegKind, ShowKind
from trainer.content.lessons.checks.pegging import FifteenCheck, PegCheck
from trainer.content.lessons.checks.show import CountCheck
from trainer.content.lessons.checks.true_false import Situation, TrueFalseCheck
from trainer.content.lessons.fields import LessonModel

__all__ = [
    "CHECK_KINDS",
    "CHECK_MODELS",
    "CUTS",
    "KEEP_MARGIN",
    "SKUNKS",
    "BoardCheck",
    "Check",
    "CountCheck",
    "CutCheck",
    "FifteenCheck",
    "GoCheck",
    "GoKind",
    "KeepCheck",
    "KeepValue",
    "PegCheck",
    "PegKind",
    "ShowKind",
    "Situation",
    "SkunkCheck",
    "TableGoCheck",
    "TrueFalseCheck",
    "keep_value",
]

Check = Annotated[
    CountCheck
    | PegCheck
    | GoCheck
    | TableGoCheck
    | FifteenCheck
    | SkunkCheck
    | BoardCheck
    | CutCheck
    | KeepCheck
    | TrueFalseCheck,
    Field(discriminator="kind"),
]
CHECK_MODELS: dict[str, type[LessonModel]] = {
    "count": CountCheck,
    "peg": PegCheck,
    "go": GoCheck,
    "table-go": TableGoCheck,
    "fifteen": FifteenCheck,
    "skunk": SkunkCheck,
    "board": BoardCheck,
    "cut": CutCheck,
    "keep": KeepCheck,
    "true-false": TrueFalseCheck,
}
CHECK_KINDS: tuple[str, ...] = tuple(CHECK_MODELS)

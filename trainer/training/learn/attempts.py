"""A lesson's answer as a recorded attempt: the drill and the categories it counts
towards, the question in words, and the key of its answer box. Only a check's first try is
recorded (with the tier :data:`~trainer.training.records.LESSON_TIER`), so lessons count
first-try accuracy."""

from __future__ import annotations

from trainer.content.lessons import (
    BoardCheck,
    Check,
    CountCheck,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    PegCheck,
    SkunkCheck,
    TableGoCheck,
)
from trainer.engine import (
    format_cards,
)
from trainer.engine.skills import Category, DrillType, Mode, category_of
from trainer.training import explain
from trainer.training.learn.feedback import _count_trap, right_answer
from trainer.training.records import LESSON_TIER, AttemptIn


def drill_for(check: Check) -> DrillType | None:
    """Which drill type an answered check counts towards (``None``: not a counting skill)."""
    if isinstance(check, CountCheck):
        return DrillType.CRIB if check.crib else DrillType.HAND
    if isinstance(check, PegCheck | FifteenCheck):
        return DrillType.PEG
    if isinstance(check, GoCheck | TableGoCheck):
        return DrillType.GO
    return None


def question_text(check: Check) -> str:
    """The question in card notation, as the progress store keeps it."""
    if isinstance(check, CountCheck):
        return f"{format_cards(check.hand)} | {check.starter}"
    if isinstance(check, PegCheck):
        return format_cards(check.pile)
    if isinstance(check, FifteenCheck):
        return f"{format_cards(check.pile)} ? {format_cards(check.choices)}"
    if isinstance(check, GoCheck):
        return (
            f"pone {format_cards(check.pone)} | dealer {format_cards(check.dealer)} | "
            f"{format_cards(check.plays)} | {check.ask}"
        )
    if isinstance(check, TableGoCheck):
        hands = " | ".join(format_cards(hand) for hand in check.hands)
        return f"table {hands} | {format_cards(check.plays)} | {check.ask}"
    if isinstance(check, SkunkCheck):
        return f"{check.winner}-{check.loser} to {check.game}"
    if isinstance(check, BoardCheck):
        return f"pegs {check.you[0]} {check.you[1]} + {check.points} to {check.game}"
    if isinstance(check, CutCheck):
        return f"cut {check.you} against {check.opponent}"
    if isinstance(check, KeepCheck):
        return f"{format_cards(check.cards)} keep? " + " / ".join(
            format_cards(keep) for keep in check.keeps
        )
    return check.statement


def missed_categories(check: Check, answer: int | str) -> tuple[Category, ...]:
    """The categories a wrong answer points at, when the engine's items make it clear."""
    if answer == right_answer(check):
        return ()
    if isinstance(check, CountCheck):
        score = check.score()
        off = int(answer) - score.total if isinstance(answer, int) else 0
        if _count_trap(check, off):
            return (Category.CRIB_FLUSH,)
        if off < 0:  # only kinds every way of being that short shares (none: a total only)
            certain = explain.shortfall(score.items, -off).certain
            return tuple(category_of(kind, crib=check.crib) for kind in certain)
        return ()
    if isinstance(check, PegCheck):
        off = int(answer) - check.answer if isinstance(answer, int) else 0
        if off >= 0:
            return ()
        return tuple(
            category_of(kind) for kind in explain.shortfall(check.score().items, -off).certain
        )
    if isinstance(check, FifteenCheck):
        return (Category.FIFTEEN,)
    if isinstance(check, GoCheck | TableGoCheck):
        return (category_of(check.replay().closing.kind),)
    return ()


def attempt(check: Check, answer: int | str, seconds: float) -> AttemptIn | None:
    """The record of one graded answer, or ``None`` for a question about a rule."""
    drill = drill_for(check)
    if drill is None:
        return None
    right = right_answer(check)
    correct = answer == right
    points_off = answer - right if isinstance(answer, int) and isinstance(right, int) else 0
    given = answer  # as points: a question that asks for a hole is still a count
    if isinstance(answer, int) and isinstance(check, CountCheck | PegCheck | GoCheck):
        given = check.points_given(answer)
    return AttemptIn(
        drill=drill,
        tier=LESSON_TIER,
        seed=0,
        question=question_text(check),
        answer=str(given),
        correct=correct,
        points_off=0 if correct else points_off,
        missed=missed_categories(check, answer),
        seconds=round(max(seconds, 0.0), 2),
        mode=Mode.QUICK,
    )


def answer_key(lesson_id: str, step: int, number: int = 0) -> str:
    """The widget key of a step's answer box (one per step, and one more each time its
    question comes back, ``number``, so answers never leak across)."""
    again = f"_again{number}" if number else ""
    return f"learn_answer_{lesson_id}_{step}{again}"

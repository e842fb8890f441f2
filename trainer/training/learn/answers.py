"""Reading a lesson's answers: what was typed (points, a hole) or picked (one of a
check's options), as the value the check's answer is compared with; :class:`AnswerProblem`
says what to do when it cannot be read.

>>> read_points(" 8 ")
8
>>> read_points("abc")
Traceback (most recent call last):
...
trainer.training.learn.answers.AnswerProblem: Your answer: 'abc' is not a number. Type the points as digits, like 12.
"""

from __future__ import annotations

import re

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
    TrueFalseCheck,
)
from trainer.engine import (
    MAX_SHOW,
    format_cards,
    label_cards,
)
from trainer.engine.series import SERIES_ORDER
from trainer.training import inputs

#: Nothing a lesson asks can be worth more than the best hand.
MOST_POINTS = MAX_SHOW

PLAYER_LABELS: dict[str, str] = {"pone": "The pone", "dealer": "The dealer"}
#: How a ``table-go`` check names the seats of three or four, clockwise from the dealer's
#: left (with four, the first and the third are partners, and the second and the dealer).
TABLE_LABELS: dict[str, str] = {
    "first": "The first player (on the dealer's left)",
    "second": "The second player",
    "third": "The third player",
    "dealer": "The dealer",
}
SKUNK_LABELS: dict[str, str] = {
    "win": "A plain win",
    "skunk": "A skunk",
    "double-skunk": "A double skunk",
}
CUT_LABELS: dict[str, str] = {
    "you": "You deal first",
    "opponent": "Your opponent deals first",
    "again": "Nobody yet: you both cut again",
}


#: How the drills' answer box says what a score may be at most, left out in lessons.
_TOO_MUCH = re.compile(r" here \(at most \d+\)\.$")


class AnswerProblem(ValueError):
    """What was typed or picked cannot be graded; the message says what to do."""


def read_points(text: str | None) -> int:
    """A number of points typed in the answer box: digits, from 0 to the best hand's 29.
    Too big a number is refused without saying how big an answer may be, since that is
    the answer to the question about the best hand.

    >>> read_points("30")
    Traceback (most recent call last):
    ...
    trainer.training.learn.answers.AnswerProblem: Your answer: 30 is more than anything can score.
    """
    try:
        return inputs.read_points(text, box="Your answer", most=MOST_POINTS)
    except inputs.InputProblem as problem:
        raise AnswerProblem(_TOO_MUCH.sub(".", str(problem))) from None


def read_hole(text: str | None, game: int = 121) -> int:
    """A hole of the board typed in the answer box, as digits (a little past the game hole
    is read, so the hint can say that a peg stops there).

    >>> read_hole(" 15 ")
    15
    >>> read_hole("fifteen")
    Traceback (most recent call last):
    ...
    trainer.training.learn.answers.AnswerProblem: Your answer: 'fifteen' is not a hole number. Type it as digits, like 15.
    """
    shown = (text or "").strip()
    if not shown:
        raise AnswerProblem("Your answer: it is empty. Type the number of a hole, like 15.")
    if not (shown.isascii() and shown.isdigit()) or len(shown) > 4:
        raise AnswerProblem(
            f"Your answer: {shown[:20]!r} is not a hole number. Type it as digits, like 15."
        )
    hole = int(shown)
    if not 1 <= hole <= game + MOST_POINTS:
        raise AnswerProblem(f"Your answer: there is no hole {hole}. The holes go from 1 to {game}.")
    return hole


def asks_number(check: Check) -> bool:
    """True when the answer is typed as a number; otherwise it is picked from choices."""
    return isinstance(check, CountCheck | PegCheck | BoardCheck) or (
        isinstance(check, GoCheck) and check.ask == "points"
    )


def options(check: Check) -> tuple[tuple[str, str], ...]:
    """The choices of a pick-one check, as (value, label) pairs."""
    if isinstance(check, FifteenCheck):
        return tuple((str(card), card.label) for card in check.choices)
    if isinstance(check, GoCheck):
        return tuple((who, PLAYER_LABELS[who]) for who in SERIES_ORDER)
    if isinstance(check, TableGoCheck):
        return tuple((who, TABLE_LABELS[who]) for who in check.seats)
    if isinstance(check, SkunkCheck):
        return tuple(SKUNK_LABELS.items())
    if isinstance(check, CutCheck):
        return tuple(CUT_LABELS.items())
    if isinstance(check, KeepCheck):
        return tuple((format_cards(keep), f"Keep {label_cards(keep)}") for keep in check.keeps)
    if isinstance(check, TrueFalseCheck):
        return (("true", "True"), ("false", "False"))
    return ()


def read_choice(check: Check, value: str | None) -> str:
    if value is None or value == "":
        raise AnswerProblem("Pick an answer first.")
    if value not in {key for key, _ in options(check)}:
        raise AnswerProblem("Pick one of the answers shown.")
    return value


def read_answer(check: Check, raw: str | None) -> int | str:
    """What the learner gave, ready to grade, or :class:`AnswerProblem`."""
    if isinstance(check, BoardCheck):
        return read_hole(raw, check.game)
    if isinstance(check, CountCheck | PegCheck | GoCheck) and check.pegs is not None:
        return read_hole(raw)
    return read_points(raw) if asks_number(check) else read_choice(check, raw)

"""What every part of the coach shares: when two results are called equal, and a few
words for cards."""

from __future__ import annotations

from trainer.engine import Card

__all__ = [
    "EPS",
    "MAX_COUNT",
    "NEAR_TIE",
    "a_rank",
    "about",
    "check_dealer",
    "is_equal",
    "plural",
    "points_said",
]

#: Points a deal within which two throws (or two cards) are called equal.
NEAR_TIE = 0.1
EPS = 1e-9
MAX_COUNT = 31


def plural(card: Card) -> str:
    """``fives``, ``sixes``, ``kings``: a card's rank said of more than one."""
    word = card.rank.word
    return word + ("es" if word.endswith("x") else "s")


def is_equal(a: float, b: float) -> bool:
    """``a`` and ``b`` are within :data:`NEAR_TIE` of each other."""
    return abs(a - b) <= NEAR_TIE + EPS


def a_rank(order: int) -> str:
    """``an ace``, ``a 4``, ``an 8``, ``a king``: a rank as said before a noun."""
    label = {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(order, str(order))
    return ("an " if label in ("ace", "8") else "a ") + label


def check_dealer(dealer: object) -> bool:
    if not isinstance(dealer, bool):
        raise ValueError(f"dealer must be True or False, not {dealer!r}")
    return dealer


def points_said(points: int) -> str:
    """``1 point``, ``3 points``."""
    return "1 point" if points == 1 else f"{points} points"


def about(points: float) -> str:
    """``about 2 points``, ``less than a point``: an average said in whole points
    (learning mode and first games never show a decimal)."""
    whole = round(points)
    return "less than a point" if whole < 1 else f"about {points_said(whole)}"

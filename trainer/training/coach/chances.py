"""A chance to win said two ways: in words a child follows ("about even", "well ahead",
"a long shot") in learning mode and in first games, and as a whole percentage for club
players. The chance itself is one number from one function,
:func:`~trainer.analysis.winmeter.seat_chance`, which the win meter shows and the coach
speaks of: these only say it.

>>> [standing(c) for c in (0.97, 0.8, 0.6, 0.5, 0.35, 0.15, 0.03)]
['nearly sure to win', 'well ahead', 'a little ahead', 'about even', 'a little behind', 'well behind', 'a long shot']
>>> chance_said(0.624, words=False), chance_said(0.624, words=True)
('62%', 'a little ahead')
"""

from __future__ import annotations

from trainer.analysis.winmeter import whole_percent

__all__ = ["STANDINGS", "chance_said", "in_figures", "standing", "you_are"]

#: The words for a chance to win, from the top: each applies from its chance up (the
#: last, ``a long shot``, to every chance above nothing).
STANDINGS: tuple[tuple[float, str], ...] = (
    (0.95, "nearly sure to win"),
    (0.75, "well ahead"),
    (0.58, "a little ahead"),
    (0.43, "about even"),
    (0.25, "a little behind"),
    (0.1, "well behind"),
    (0.0, "a long shot"),
)


def standing(chance: float) -> str:
    """A side's chance to win in words (:data:`STANDINGS`): ``sure to win`` once certain,
    ``hardly any chance`` when nothing is left of it."""
    if chance >= 1.0:
        return "sure to win"
    if chance <= 0.0:
        return "hardly any chance"
    return next(words for least, words in STANDINGS if chance >= least)


def in_figures(chance: float) -> str:
    """``62%``; a chance that is not nothing is never said as ``0%`` (``under 1%``)."""
    if 0.0 <= chance < 0.005:
        return "under 1%"
    return f"{whole_percent(chance)}%"


def chance_said(chance: float, *, words: bool) -> str:
    """The chance in words (:func:`standing`) or in figures (:func:`in_figures`)."""
    return standing(chance) if words else in_figures(chance)


def you_are(chance: float) -> str:
    """A sentence's clause for the person's own chance: ``you are well ahead``, ``it is
    about even``, ``winning is a long shot``."""
    said = standing(chance)
    if said == "about even":
        return "it is about even"
    if said in ("a long shot", "hardly any chance"):
        return f"winning is {said}" if said == "a long shot" else "you have hardly any chance"
    return f"you are {said}"

"""The win meter beside the board: each side's chance to win, in words and as a bar.

A pure function from the chances (:class:`~trainer.analysis.winmeter.WinChances`, worked
out by :meth:`trainer.training.table.Table.win_chances`, the chance the coach speaks of too)
to markup, no Streamlit: one line of words ("You: 62% to win"; in learning mode and first
games, in words a child reads: "You: a little ahead"), and under it a thin bar split in the
seats' colours, short enough for a phone 360 px wide. The player's setting
(:attr:`~trainer.training.records.Preferences.meter`) is kept with the other table settings; not chosen, the meter is on in
learning mode.

>>> from trainer.analysis.winmeter import WinChances
>>> from trainer.engine import Phase
>>> html = winbar_html(WinChances((0.62, 0.38), Phase.PLAY, 0))
>>> "You: <b>62%</b> to win" in html and "Computer: <b>38%</b>" in html
True
>>> html = winbar_html(WinChances((0.62, 0.38), Phase.PLAY, 0), words=True)
>>> "You: <b>a little ahead</b>" in html and "Computer: <b>a little behind</b>" in html
True
"""

from __future__ import annotations

from html import escape

from trainer.analysis.winmeter import WinChances
from trainer.training.coach.chances import standing
from trainer.training.seats import COMPUTER, ME, SHORT_NAMES
from trainer.ui import assets

__all__ = ["WINBAR_CSS", "meter_on", "winbar_html"]

#: The meter's stylesheet; a page puts it in once.
WINBAR_CSS = assets.text("winbar.css")


def meter_on(setting: bool | None, *, learning: bool) -> bool:
    """Whether the meter is shown: as the player chose, or, not chosen, in learning mode.

    >>> meter_on(None, learning=True), meter_on(None, learning=False), meter_on(False, learning=True)
    (True, False, False)
    """
    return learning if setting is None else setting


def _words(chances: WinChances, names: tuple[str, str], *, words: bool) -> tuple[str, str]:
    if chances.of(0) == 1.0:
        return f"{escape(names[0])} won the game", ""
    if chances.of(1) == 1.0:
        return f"{escape(names[1])} won the game", ""
    if words:
        return (
            f"{escape(names[0])}: <b>{standing(chances.of(0))}</b>",
            f"{escape(names[1])}: <b>{standing(chances.of(1))}</b>",
        )
    return (
        f"{escape(names[0])}: <b>{chances.percent(0)}%</b> to win",
        f"{escape(names[1])}: <b>{chances.percent(1)}%</b>",
    )


def winbar_html(
    chances: WinChances,
    names: tuple[str, str] = (SHORT_NAMES[ME], SHORT_NAMES[COMPUTER]),
    *,
    words: bool = False,
) -> str:
    """The meter for seat 0 (the person, named first) and seat 1; ``words``: each chance in
    words (:func:`~trainer.training.coach.chances.standing`), as learning mode and first
    games say it, never a percentage."""
    mine = chances.percent(0)
    first, second = _words(chances, names, words=words)
    if words:
        said = f"{names[0]} {standing(chances.of(0))}, {names[1]} {standing(chances.of(1))}"
    else:
        said = f"{names[0]} {mine}%, {names[1]} {chances.percent(1)}%"
    label = escape(f"Chance to win: {said}")
    return (
        f'<div class="wb" role="img" aria-label="{label}">'
        f'<div class="wb-words" aria-hidden="true"><span class="wb-seat-0">{first}</span>'
        f'<span class="wb-seat-1">{second}</span></div>'
        f'<div class="wb-bar" aria-hidden="true"><div class="wb-fill" style="width: {mine}%">'
        "</div></div></div>"
    )

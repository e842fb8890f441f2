"""Steps shown one after another in the browser, with CSS alone: a pure function from a
step's place to the class and style that show it, no Streamlit.

A film is a list of moments (seconds from when the page is drawn, the first 0). Each step
is drawn once, every step in the page at the same time; a step is shown from its moment
until the next step's, and the last step stays (the animations ``tb-on`` and ``tb-off`` of
:data:`FILM_CSS`). With reduced motion asked for, only the last step is shown, at once.

>>> timing(1, (0.0, 0.5, 1.2))
('tb-t', 'opacity:0;animation:tb-on 0.70s linear 0.50s')
>>> timing(0, (0.0,))
('', '')
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.ui import assets

__all__ = ["FILM_CSS", "appear", "attrs", "timing"]


def timing(index: int, times: Sequence[float]) -> tuple[str, str]:
    """The class and style that show step ``index`` of a film whose steps start at
    ``times``: from its own moment until the next step's (the last step stays). A film of
    one step is a still: no class, no style."""
    if len(times) <= 1:
        return "", ""
    if index == len(times) - 1:
        return (
            "tb-t tb-final",
            f"opacity:0;animation:tb-on .01s linear {times[index]:.2f}s forwards",
        )
    if index == 0:
        return "tb-t", f"animation:tb-off .01s linear {times[1]:.2f}s forwards"
    length = times[index + 1] - times[index]
    return "tb-t", f"opacity:0;animation:tb-on {length:.2f}s linear {times[index]:.2f}s"


def appear(at: float) -> tuple[str, str]:
    """The class and style of something that appears at ``at`` seconds and stays (shown at
    once with reduced motion, or when ``at`` is 0).

    >>> appear(0.0), appear(1.5)
    (('', ''), ('tb-t tb-final', 'opacity:0;animation:tb-on .01s linear 1.50s forwards'))
    """
    if at <= 0:
        return "", ""
    return "tb-t tb-final", f"opacity:0;animation:tb-on .01s linear {at:.2f}s forwards"


def attrs(cls: str, style: str, *, more: str = "") -> str:
    """`` class="…" style="…"`` for an element (``more``: classes of its own).

    >>> attrs("tb-t", "opacity:0", more="tb-line")
    ' class="tb-line tb-t" style="opacity:0"'
    """
    classes = " ".join(part for part in (more, cls) if part)
    return (f' class="{classes}"' if classes else "") + (f' style="{style}"' if style else "")


#: The two animations a film is made of, and the rule for reduced motion; a page that shows
#: a film puts this in once.
FILM_CSS = assets.text("film.css")

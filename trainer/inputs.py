"""Reading what people type into answer boxes, with messages that name the box.

>>> read_hand("5h 5d 5c js", "5s")[1].label
'5♠'
>>> read_points("twelve", box="Your count")
Traceback (most recent call last):
...
trainer.inputs.InputProblem: Your count: 'twelve' is not a number. Type the points as digits, like 12.
"""

from __future__ import annotations

import math

from trainer.engine import Card, CardNotationError, DuplicateCardError, parse_cards


class InputProblem(ValueError):
    """What the user typed cannot be used; ``box`` names the input, ``message`` says why."""

    def __init__(self, box: str, message: str) -> None:
        self.box = box
        self.message = message
        super().__init__(f"{box}: {message}")


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def read_cards(text: str, *, box: str, count: int | None = None) -> tuple[Card, ...]:
    """Cards typed into ``box``; exactly ``count`` of them when given."""
    if not text.strip():
        raise InputProblem(box, "it is empty. Type cards like 5H 10D JS.")
    try:
        cards = parse_cards(text)
    except (CardNotationError, DuplicateCardError) as err:
        raise InputProblem(box, _sentence(str(err))) from None
    if count is not None and len(cards) != count:
        want = "one card" if count == 1 else f"{count} cards"
        raise InputProblem(box, f"it needs {want}; you typed {len(cards)}.")
    return cards


def read_hand(hand_text: str, starter_text: str) -> tuple[tuple[Card, ...], Card]:
    """Four hand cards and a starter, none repeated."""
    hand = read_cards(hand_text, box="Hand", count=4)
    (starter,) = read_cards(starter_text, box="Starter", count=1)
    if starter in hand:
        raise InputProblem(
            "Starter", f"{starter.label} is already in the hand; a deck has one of each card."
        )
    return hand, starter


def read_points(text: str | int | float | None, *, box: str, most: int = 29) -> int:
    """A number of points from 0 to ``most``, typed as digits."""
    if text is None or (isinstance(text, str) and not text.strip()):
        raise InputProblem(box, "it is empty. Type the points as a number.")
    if isinstance(text, bool):
        raise InputProblem(box, "type the points as a number.")
    if isinstance(text, (int, float)):
        value = float(text)
        shown = f"{text:g}" if isinstance(text, float) else str(text)
    else:
        shown = text.strip()
        try:
            value = float(shown)
        except ValueError:
            raise InputProblem(
                box, f"{shown!r} is not a number. Type the points as digits, like 12."
            ) from None
    if not math.isfinite(value):
        raise InputProblem(box, f"{shown!r} is not a number. Type the points as digits, like 12.")
    if value != int(value):
        raise InputProblem(box, f"{shown} is not a whole number of points.")
    if value < 0:
        raise InputProblem(box, f"{shown} is below zero; points are never negative.")
    if value > most:
        raise InputProblem(box, f"{shown} is more than anything can score here (at most {most}).")
    return int(value)

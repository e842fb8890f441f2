"""Reading what people type into answer boxes, with messages that name the box.

>>> read_hand("5h 5d 5c js", "5s")[1].label
'5♠'
>>> read_points("twelve", box="Your count")
Traceback (most recent call last):
...
trainer.training.inputs.InputProblem: Your count: 'twelve' is not a number. Type the points as digits, like 12.
"""

from __future__ import annotations

import math
import re

from trainer.engine import MAX_SHOW, Card, CardNotationError, DuplicateCardError, parse_cards

#: The longest answer read from any box; a longer one is refused and never echoed back.
ANSWER_MAX = 200
#: How much of a refused answer a message quotes.
QUOTE_MAX = 20

_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: not ٣, not 1_0, not 1e1
_NEGATIVE = re.compile(r"-[0-9]+(?:\.[0-9]*)?")
_DECIMAL = re.compile(r"([0-9]*)\.([0-9]*)")


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


def quote(text: str) -> str:
    """``text`` quoted for a message, cut short when long."""
    return repr(text if len(text) <= QUOTE_MAX else text[:QUOTE_MAX] + "…")


def check_length(text: str, *, box: str, most: int = ANSWER_MAX) -> str:
    """``text`` itself, or :class:`InputProblem` when it is longer than ``most`` characters."""
    if len(text) > most:
        raise InputProblem(
            box, f"it is {len(text):,} characters long; an answer here is at most {most}."
        )
    return text


def read_cards(text: str, *, box: str, count: int | None = None) -> tuple[Card, ...]:
    """Cards typed into ``box``; exactly ``count`` of them when given."""
    check_length(text, box=box)
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
    """Four hand cards and a starter, none repeated. Five cards typed in the hand box with
    the starter box left empty are the hand and the starter, the starter last (as on the
    command line).

    >>> hand, starter = read_hand("5H 5C 5D JS 5S", "")
    >>> " ".join(card.label for card in hand), starter.label
    ('5♥ 5♣ 5♦ J♠', '5♠')
    """
    if not starter_text.strip() and hand_text.strip():
        cards = read_cards(hand_text, box="Hand")
        if len(cards) == 5:
            return cards[:4], cards[4]
        if len(cards) != 4:
            raise InputProblem(
                "Hand",
                f"it needs 4 cards, or all 5 with the starter last; you typed {len(cards)}.",
            )
    hand = read_cards(hand_text, box="Hand", count=4)
    (starter,) = read_cards(starter_text, box="Starter", count=1)
    if starter in hand:
        raise InputProblem(
            "Starter", f"{starter.label} is already in the hand; a deck has one of each card."
        )
    return hand, starter


def read_points(text: str | int | float | None, *, box: str, most: int = MAX_SHOW) -> int:
    """A number of points from 0 to ``most``, typed as ASCII digits (spaces around allowed).

    >>> read_points(" 12 ", box="Your total")
    12
    >>> read_points("1e1", box="Your total")
    Traceback (most recent call last):
    ...
    trainer.training.inputs.InputProblem: Your total: '1e1' is not a number. Type the points as digits, like 12.
    """
    if text is None or (isinstance(text, str) and not text.strip()):
        raise InputProblem(box, "it is empty. Type the points as a number.")
    if isinstance(text, bool):
        raise InputProblem(box, "type the points as a number.")
    if isinstance(text, (int, float)):
        return _in_range(text, box=box, most=most)
    shown = check_length(text, box=box).strip(" \t")
    if _DIGITS.fullmatch(shown):
        digits = shown.lstrip("0") or "0"
        if len(digits) > len(str(most)):
            raise InputProblem(
                box,
                f"{quote(shown)} is more than anything can score here (at most {most}).",
            )
        return _in_range(int(digits), box=box, most=most)
    if _NEGATIVE.fullmatch(shown):
        raise InputProblem(box, f"{shown} is below zero; points are never negative.")
    decimal = _DECIMAL.fullmatch(shown)
    if decimal and (decimal[1] or decimal[2]):
        if decimal[2].strip("0"):
            raise InputProblem(box, f"{shown} is not a whole number of points.")
        raise InputProblem(box, f"type {shown} without the decimal point.")
    raise InputProblem(box, f"{quote(shown)} is not a number. Type the points as digits, like 12.")


def _in_range(number: int | float, *, box: str, most: int) -> int:
    shown = f"{number:g}" if isinstance(number, float) else str(number)
    if isinstance(number, float) and not math.isfinite(number):
        raise InputProblem(box, f"{shown!r} is not a number. Type the points as digits, like 12.")
    if number != int(number):
        raise InputProblem(box, f"{shown} is not a whole number of points.")
    if number < 0:
        raise InputProblem(box, f"{shown} is below zero; points are never negative.")
    if number > most:
        raise InputProblem(box, f"{shown} is more than anything can score here (at most {most}).")
    return int(number)

"""The pieces every line of a game's notation is made of, read and written alike by the
settings (:mod:`~trainer.engine.settings`), the events (:mod:`~trainer.engine.events`) and
the record (:mod:`~trainer.engine.record`): ``key=value`` fields, whole numbers, seats and
cards, and the one error bad text raises.

>>> read_fields("seat=1 count=14".split(), {"seat", "count"}, what="a go event")
{'seat': '1', 'count': '14'}
>>> read_cards("7S-7C"), cards_text(read_cards("7S-7C"))
((Card.parse('7S'), Card.parse('7C')), '7S-7C')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from trainer.engine.cards import Card, CardNotationError
from trainer.engine.vocab import PLAYERS, seats_of

__all__ = [
    "MAX_DIGITS",
    "NotationError",
    "cards_text",
    "need",
    "read_card",
    "read_cards",
    "read_fields",
    "read_int",
    "read_seat",
]

#: The most digits any number in a record may have (a seed's 19 is the most any needs).
MAX_DIGITS = 19


class NotationError(ValueError):
    """Text that is not a well-formed event, settings line or game record."""


def read_fields(tokens: Sequence[str], allowed: set[str], *, what: str) -> dict[str, str]:
    """The ``key=value`` tokens of ``what`` (an event, the settings) by key, each key one of
    ``allowed`` and given once."""
    fields: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep:
            raise NotationError(f"{token!r} in {what} should be written key=value")
        if key not in allowed:
            known = ", ".join(sorted(allowed))
            raise NotationError(f"{what} has no {key!r}: use {known}")
        if key in fields:
            raise NotationError(f"{key!r} is given twice in {what}")
        fields[key] = value
    return fields


def need(fields: dict[str, str], key: str, what: str) -> str:
    """The value of ``key``, which ``what`` must give."""
    if key not in fields:
        raise NotationError(f"{what} needs {key}=...")
    return fields[key]


def read_int(text: str, key: str) -> int:
    """A whole number written in the digits 0-9 (no other script's digits), at most 19 of
    them: a longer one is refused with a message, not read (Python refuses to read numbers
    of thousands of digits, and no number in a game needs more than a seed's 19)."""
    if not re.fullmatch(r"-?[0-9]+", text):
        shown = text if len(text) <= 30 else text[:30] + "…"
        raise NotationError(f"{key} should be a whole number written with 0-9, not {shown!r}")
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise NotationError(
            f"{key} has {digits} digits; no number in a game record has more than {MAX_DIGITS}"
        )
    return int(text)


def read_seat(text: str, key: str = "seat") -> int:
    """A seat as a record writes it: 0 to 3 (the game checks it against its players)."""
    value = read_int(text, key)
    if value not in seats_of(max(PLAYERS)):
        raise NotationError(f"{key} is a seat from 0 to {max(PLAYERS) - 1}, not {value}")
    return value


def read_card(text: str) -> Card:
    """One card as a record writes it (``7S``)."""
    try:
        return Card.parse(text)
    except CardNotationError as error:
        raise NotationError(str(error)) from None


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a record writes them: ``7S-7C`` (nothing for none)."""
    return "-".join(str(card) for card in cards)


def read_cards(text: str) -> tuple[Card, ...]:
    """Read :func:`cards_text` back."""
    return tuple(read_card(token) for token in text.split("-")) if text else ()

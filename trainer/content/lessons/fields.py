"""The field types of a lesson file: cards as one line of notation, ids, text, and the
model every part of a lesson is validated as."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    StrictStr,
    ValidationInfo,
)

from trainer.engine import (
    Card,
    parse_cards,
)

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class FieldAt(ValueError):
    """A problem found by a validator that belongs to a field below the one validated."""

    def __init__(self, loc: tuple[str | int, ...], message: str) -> None:
        self.loc = loc
        super().__init__(message)


def _to_cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, tuple) and all(isinstance(card, Card) for card in value):
        return value
    if not isinstance(value, str):
        raise ValueError("write the cards as one line of text, like '5H 10D JS'")
    return parse_cards(value)


def _to_card(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise ValueError("write the card as text, like '5S'")
    cards = parse_cards(value)
    if len(cards) != 1:
        raise ValueError(f"this is one card, not {len(cards)}")
    return cards[0]


def _slug(value: str) -> str:
    if not _SLUG.fullmatch(value):
        raise ValueError(
            f"{value!r} is not a valid id: use lowercase letters, digits and dashes, like 'the-show'"
        )
    return value


def _text(value: str) -> str:
    if not value.strip():
        raise ValueError("this text is empty")
    return value


#: Cards written as notation on one line, e.g. ``"5H 10D JS"``; no card twice.
CardRow = Annotated[tuple[Card, ...], BeforeValidator(_to_cards)]
#: One card, e.g. ``"5S"``.
OneCard = Annotated[Card, BeforeValidator(_to_card)]
Slug = Annotated[StrictStr, AfterValidator(_slug)]
Text = Annotated[StrictStr, AfterValidator(_text)]


class LessonModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)


def validated(info: ValidationInfo, *names: str) -> bool:
    """True when every named earlier field validated (so cross-field checks can run)."""
    return all(name in info.data for name in names)

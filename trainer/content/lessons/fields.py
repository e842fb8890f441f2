"""The field types of a lesson file: cards as one line of notation, and the model every
part of a lesson is validated as (ids and text are every content file's, in
:mod:`trainer.content.field_types`); and the words of its errors (a field below the one
validated, a file's ``expect:`` that disagrees with the engine)."""

from __future__ import annotations

from string import Formatter
from typing import Annotated, ClassVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    ValidationInfo,
    field_validator,
)

from trainer.engine import (
    Card,
    parse_cards,
)


class FieldAt(ValueError):
    """A problem found by a validator that belongs to a field below the one validated."""

    def __init__(self, loc: tuple[str | int, ...], message: str) -> None:
        self.loc = loc
        super().__init__(message)


def expect_mismatch(expect: object, engine: object, why: str) -> ValueError:
    """The error when a file's ``expect:`` disagrees with the engine."""
    return ValueError(f"expect says {expect} but the engine says {engine} ({why})")


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


#: Cards written as notation on one line, e.g. ``"5H 10D JS"``; no card twice.
CardRow = Annotated[tuple[Card, ...], BeforeValidator(_to_cards)]
#: One card, e.g. ``"5S"``.
OneCard = Annotated[Card, BeforeValidator(_to_card)]


class LessonModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)


class QuestionModel(LessonModel):
    """A check whose ``question`` and ``hint`` may leave blanks for its own cards
    (``{card}``, ``{count}``: the ones in :attr:`blanks`), so the same words ask about
    new cards when the engine deals the question again."""

    #: The blanks this kind of check fills, each from its own cards (:meth:`fill_ins`).
    blanks: ClassVar[tuple[str, ...]] = ()

    @field_validator("question", "hint", check_fields=False)
    @classmethod
    def _blanks_it_can_fill(cls, text: str | None) -> str | None:
        return None if text is None else check_blanks(text, cls.blanks)

    def fill_ins(self) -> dict[str, str]:
        """What each blank says for these cards."""
        return {}

    def filled(self, text: str) -> str:
        return fill(text, self.fill_ins())


def validated(info: ValidationInfo, *names: str) -> bool:
    """True when every named earlier field validated (so cross-field checks can run)."""
    return all(name in info.data for name in names)


def blanks_in(text: str) -> tuple[str, ...]:
    """The blanks a question's text leaves for its cards, in order: ``{card}`` in
    ``"Now the {card} is laid."`` (``{{`` and ``}}`` write a brace)."""
    try:
        parsed = list(Formatter().parse(text))
    except ValueError:
        raise ValueError(
            "a brace is not closed: a blank is written {card}, and a brace itself {{ or }}"
        ) from None
    names = []
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name or spec or conversion:
            raise ValueError(
                f"{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}} "
                "is not a blank: write a name in braces, like {card}"
            )
        names.append(name)
    return tuple(names)


def check_blanks(text: str, allowed: tuple[str, ...]) -> str:
    """``text`` when each of its blanks is one its question can fill (see
    :func:`blanks_in`), else a ``ValueError`` naming the blank and the ones allowed."""
    for name in blanks_in(text):
        if name not in allowed:
            known = ", ".join(f"{{{a}}}" for a in allowed) if allowed else "none"
            raise ValueError(
                f"{{{name}}} is not a blank this question can fill (it can fill: {known})"
            )
    return text


def fill(text: str, blanks: dict[str, str]) -> str:
    """``text`` with its blanks filled from ``blanks`` (checked when the file loaded)."""
    return text.format_map(blanks)

"""The text field types every content file shares: one behaviour for lessons, drills and
the glossary (an id checked, text without the spaces around it, empty text refused)."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from trainer.content.catalog import Tier
from trainer.content.field_types import Slug, Text
from trainer.content.glossary import Term
from trainer.content.lessons.checks import Situation


class _Fields(BaseModel):
    id: Slug
    text: Text


def test_text_loses_the_spaces_and_line_ends_around_it_and_keeps_those_inside() -> None:
    fields = _Fields(id="the-show", text="  Fifteen two,\nfifteen four.\n")
    assert fields.text == "Fifteen two,\nfifteen four."


@pytest.mark.parametrize("blank", ["", "   ", "\n\t\n"])
def test_text_with_nothing_to_say_is_refused(blank: str) -> None:
    with pytest.raises(ValidationError, match="this text is empty"):
        _Fields(id="the-show", text=blank)


@pytest.mark.parametrize("bad", ["The-Show", "the show", "the--show", "-show", "show-", ""])
def test_an_id_is_lowercase_words_joined_by_dashes(bad: str) -> None:
    with pytest.raises(ValidationError, match=f"{bad!r} is not a valid id"):
        _Fields(id=bad, text="Text.")
    assert _Fields(id="hand-2", text="Text.").id == "hand-2"


def test_text_is_not_taken_from_a_number() -> None:
    with pytest.raises(ValidationError):
        _Fields(id="the-show", text=15)  # type: ignore[arg-type]


def test_lessons_drills_and_the_glossary_read_text_alike() -> None:
    situation = Situation(statement=" A pair is 2. \n", answer=True, explain="\nTwo of a rank.\n")
    tier = Tier.model_validate({"id": "club", "title": " Club \n", "length": 3, "pace": 20})
    term = Term.model_validate(
        {"term": "crib", "lesson": "deal-and-crib", "means": " The dealer's. "}
    )
    assert (situation.statement, situation.explain) == ("A pair is 2.", "Two of a rank.")
    assert tier.title == "Club"
    assert term.means == "The dealer's."


def test_a_tier_may_not_take_the_id_kept_for_mixed_sets() -> None:
    with pytest.raises(ValidationError, match="'mixed' is kept"):
        Tier.model_validate({"id": "mixed", "title": "Mixed", "length": 3, "pace": 20})

"""How each award is said at the table (``training/table/narration.award_text``)."""

from __future__ import annotations

import pytest

from trainer.engine import parse_cards
from trainer.engine.items import Kind, ScoreItem
from trainer.training.table.narration import award_text


@pytest.mark.parametrize(
    ("kind", "cards", "points", "said"),
    [
        (Kind.FIFTEEN, "7H 8D", 2, "fifteen for two"),
        (Kind.THIRTY_ONE, "KH", 2, "thirty-one for two"),
        (Kind.PAIR, "7H 7D", 2, "a pair for two"),
        (Kind.PAIR, "7H 7D 7S", 6, "a pair royal for six"),
        (Kind.PAIR, "7H 7D 7S 7C", 12, "a double pair royal for twelve"),
        (Kind.RUN, "3H 4D 5S", 3, "a run of three for three"),
        (Kind.GO, "", 1, "a go for one"),
        (Kind.LAST_CARD, "", 1, "last card for one"),
        (Kind.HIS_HEELS, "JH", 2, "his heels for two"),
        (Kind.FLUSH, "2H 5H 9H KH", 4, "a flush for four"),
        (Kind.NOBS, "JH", 1, "his nobs for one"),
    ],
)
def test_each_award_is_said_as_at_the_table(kind: Kind, cards: str, points: int, said: str) -> None:
    item = ScoreItem(kind, tuple(parse_cards(cards)) if cards else (), points)
    assert award_text(item) == said

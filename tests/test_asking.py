"""How Practice asks each kind of question (trainer.ui.asking): every kind a drill deals
has its asker, and the page dispatches to it without looking at the kind."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

from trainer.engine.skills import DrillType
from trainer.training.questions import Dealt
from trainer.training.questions.kinds import CoachQuestion, Question
from trainer.ui.asking import asker_for

PAGE = Path(__file__).resolve().parent.parent / "trainer" / "ui" / "views" / "practice.py"


def test_every_kind_a_drill_deals_has_an_asker() -> None:
    from trainer.training.questions import deal_question

    kinds = set(typing.get_args(Question)) | set(typing.get_args(CoachQuestion))
    assert len(kinds) == 5
    for drill, tier in (("hand", "beginner"), ("crib", "beginner"), ("peg", "beginner"),
                        ("go", "beginner"), ("discard", "dealer"), ("play", "clear")):  # fmt: skip
        question: Dealt = deal_question(DrillType(drill), tier, seed=1)
        asker = asker_for(question)
        assert type(question) in kinds
        for name in ("picker", "take", "show", "answer", "feedback"):
            assert callable(getattr(asker, name)), (type(question).__name__, name)
    with pytest.raises(KeyError, match="no way to ask a str"):
        asker_for("a question of no kind")  # type: ignore[arg-type]


def test_the_practice_page_never_asks_a_question_its_kind() -> None:
    tree = ast.parse(PAGE.read_text(encoding="utf-8"))
    kinds = {"ShowQuestion", "PegQuestion", "GoQuestion", "DiscardQuestion", "PlayQuestion"}
    named = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert not kinds & named

"""The README's tour says what the app has: as many lessons as the course holds, and the
group codes as they are made."""

from __future__ import annotations

import re
from pathlib import Path

from trainer.content.lessons.course import load_course
from trainer.progress.club import new_join_code

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")

NUMBERS = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "twenty-one",
    "twenty-two",
    "twenty-three",
    "twenty-four",
]


def test_the_tour_counts_the_lessons_of_the_course() -> None:
    said = re.search(r"\*\*Learn\*\*: (\S+) short lessons", README)
    assert said is not None, "the tour's Learn line no longer says how many lessons"
    assert said.group(1) in NUMBERS, said.group(1)
    assert NUMBERS.index(said.group(1)) + 1 == len(load_course().lessons)


def test_the_group_code_is_described_as_it_is_made() -> None:
    codes = [new_join_code() for _ in range(200)]
    assert {len(code) for code in codes} == {6}
    assert any(c.isdigit() for code in codes for c in code)
    assert any(c.isalpha() for code in codes for c in code)
    assert "a code of six letters and digits" in README
    assert "six-letter code" not in README

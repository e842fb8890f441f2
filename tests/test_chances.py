"""A chance to win said in words or in figures (trainer.training.coach.chances): the words
run from "nearly sure to win" to "a long shot" in order, and a chance that is not nothing
is never said as 0%."""

from __future__ import annotations

import re

from trainer.training.coach import chance_said, in_figures, standing, you_are
from trainer.training.coach.chances import STANDINGS


def test_the_words_go_down_with_the_chance() -> None:
    chances = [i / 1000 for i in range(1, 1000)]
    said = [standing(c) for c in reversed(chances)]
    order = [words for _, words in STANDINGS]
    places = [order.index(words) for words in said]
    assert places == sorted(places) and set(said) == set(order)
    assert standing(0.5) == "about even" and standing(0.8) == "well ahead"
    assert standing(0.05) == "a long shot"
    assert standing(1.0) == "sure to win" and standing(0.0) == "hardly any chance"


def test_in_words_never_a_number() -> None:
    for c in (0.0, 0.003, 0.2, 0.5, 0.62, 0.9, 0.999, 1.0):
        for text in (standing(c), you_are(c), chance_said(c, words=True)):
            assert not re.search(r"[\d%]", text)
    assert you_are(0.5) == "it is about even" and you_are(0.05) == "winning is a long shot"
    assert you_are(0.8) == "you are well ahead"


def test_in_figures_a_chance_is_a_whole_percentage_and_never_0() -> None:
    assert [in_figures(c) for c in (0.0, 0.004, 0.005, 0.624, 0.996, 1.0)] == [
        "under 1%",
        "under 1%",
        "1%",
        "62%",
        "99%",
        "100%",
    ]
    assert chance_said(0.624, words=False) == "62%"

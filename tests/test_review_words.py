"""The game review in words (trainer.training.review_words): the word for each decision
from the points it cost, at the bounds the help states; one plain sentence of why, never a
decimal point; the figures behind it, to a hundredth or in whole points."""

from __future__ import annotations

import re
from functools import cache

import pytest

from tests.test_review import _play, _reviews, _short, _table_reviews
from trainer.engine.events import ShowEvent
from trainer.engine.vocab import Counting
from trainer.training.review import (
    COSTLY,
    CountReview,
    GameReview,
    OneThrowReview,
    PlayReview,
    ThrowReview,
    review_game,
)
from trainer.training.review_words import (
    LIMITS,
    Verdict,
    details,
    limits_help,
    summary,
    throw_table,
    title,
    verdict,
    verdict_of,
    verdicts_line,
    why,
)

DECIMAL = re.compile(r"\d\.\d")


@pytest.mark.parametrize(
    ("lost", "word"),
    [
        (0.0, Verdict.BEST),
        (COSTLY, Verdict.BEST),  # as good as the best: the coach's near tie
        (COSTLY + 0.001, Verdict.GOOD),
        (0.499, Verdict.GOOD),
        (0.5, Verdict.INACCURACY),
        (0.999, Verdict.INACCURACY),
        (1.0, Verdict.MISTAKE),
        (2.999, Verdict.MISTAKE),
        (3.0, Verdict.BLUNDER),
        (11.0, Verdict.BLUNDER),
    ],
)
def test_each_word_starts_at_its_bound(lost: float, word: Verdict) -> None:
    assert verdict_of(lost) is word


def test_the_help_states_the_bounds_the_words_use() -> None:
    assert [word for word, _ in LIMITS] == list(Verdict)[:-1]
    figures, words = limits_help(), limits_help(words=True)
    for word in Verdict:
        assert f"**{word.label}**" in figures and f"**{word.label}**" in words
    assert "within 0.1 points" in figures and "less than 0.5 points lost" in figures
    assert "from 0.5 points to less than 1 point lost" in figures
    assert "from 1 point to less than 3 points lost" in figures and "3 points or more" in figures
    assert "within a tenth of a point" in words and "less than half a point lost" in words
    assert not DECIMAL.search(words)  # learning mode and first games: no decimal point


@cache
def _a_count() -> CountReview:
    review = review_game(
        _play("easy", 61, 21, counting=Counting.MUGGINS, claim=lambda t: t).game.record()
    )
    return next(c for d in review.deals for c in d.counts if c.true >= 4)


def _claimed(claimed: int) -> CountReview:
    count = _a_count()
    event = ShowEvent.build(count.event.seat, count.which, count.event.score, claimed)
    return CountReview(count.deal_no, count.event_index, event)


def test_a_count_is_best_when_right_and_good_when_it_said_too_much() -> None:
    true = _a_count().true
    assert verdict(_claimed(true)) is Verdict.BEST
    assert verdict(_claimed(true + 2)) is Verdict.GOOD  # costs nothing, but is not right
    assert verdict(_claimed(true - 1)) is Verdict.MISTAKE
    assert verdict(_claimed(true - 2)) is Verdict.MISTAKE
    assert verdict(_claimed(true - 3)) is Verdict.BLUNDER


def _all_reviews() -> list[GameReview]:
    return [*_reviews(), *_table_reviews()]


def test_every_decision_has_a_word_and_the_line_of_words_adds_up() -> None:
    for review in _all_reviews():
        words = [verdict(d) for d in review.decisions]
        line = verdicts_line(review)
        said = {word: 0 for word in Verdict}
        for part in line.split(" · "):
            n, name = part.split(" ", 1)
            said[next(w for w in Verdict if name.startswith(w.value[:6]))] = int(n)
        assert said == {word: words.count(word) for word in Verdict}
        for decision in review.decisions:
            assert title(decision).endswith(f": {verdict(decision).said}")


def test_why_is_one_plain_sentence_in_whole_points() -> None:
    seen: set[type] = set()
    for review in _all_reviews():
        for decision in review.costliest(5):
            sentence = why(decision, review)
            seen.add(type(decision))
            assert sentence.endswith(".") and sentence.count(". ") == 0, sentence
            assert not DECIMAL.search(sentence) and "%" not in sentence, sentence
            if isinstance(decision, ThrowReview):
                a, b = decision.best_throw
                assert f"Throwing {a.label} and {b.label} would have made" in sentence
            elif isinstance(decision, OneThrowReview):
                assert f"Throwing {decision.best.throw.label} would have made" in sentence
            elif isinstance(decision, PlayReview):
                assert sentence.startswith(f"The {decision.best.card.label} would have made")
            else:
                assert decision.event.score.cadence() in sentence
                assert f"you said {decision.claimed}" in sentence
        for decision in review.decisions:
            line = summary(decision, review)
            assert not DECIMAL.search(line), line
    assert {ThrowReview, OneThrowReview, PlayReview, CountReview} <= seen


def test_a_count_s_why_names_who_took_the_points_missed() -> None:
    review = review_game(
        _play("easy", 61, 3, counting=Counting.MUGGINS, claim=_short).game.record()
    )
    missed = [c for d in review.deals for c in d.counts if c.taken]
    assert missed
    assert why(missed[0], review).endswith(
        f"the computer took the {missed[0].taken} points you missed."
    )


def test_the_details_are_to_a_hundredth_and_in_whole_points_in_words() -> None:
    for review in _all_reviews():
        for decision in review.costliest(5):
            figures = "\n".join(details(decision, review))
            plain = "\n".join(details(decision, review, words=True))
            assert not DECIMAL.search(plain), plain
            if not isinstance(decision, CountReview):
                assert re.search(r"\d\.\d\d", figures), figures
            if isinstance(decision, ThrowReview | OneThrowReview):
                table = throw_table(decision)
                assert table[0].startswith("| Place | Throw | Keep | Hand |")
                # between two, what the four kept peg is a column of its own
                assert ("| The play |" in table[0]) == isinstance(decision, ThrowReview)
                lines = [line for row in table for line in row.splitlines()]
                assert {line.count("|") for line in lines} == {lines[0].count("|")}
                assert sum("(yours)" in row for row in table) == 1
                assert not DECIMAL.search("\n".join(throw_table(decision, words=True)))

"""Does the page give a question's answer away? A question must make the learner apply the
rule to cards or a position the step does not show, so its answer never stands in what the
page shows with it, a true-or-false statement never repeats (or negates) a sentence of its
step, and a hand asked about is never one the Scoring chart prints with its points.

The lessons' tests hold every question of the course to these, and the dealer of new cards
(:mod:`trainer.training.learn.dealing`) throws back any deal that breaks one.

>>> stands("scores 2, and that is all", 2)
'2'
>>> stands("a pair of 2s and a 5♣", 2) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from trainer.content.chart import scoring_chart
from trainer.content.lessons import (
    BOARD_HOLES,
    Check,
    CountCheck,
    GoCheck,
    KeepCheck,
    PegCheck,
    Step,
    TableGoCheck,
    TrueFalseCheck,
)
from trainer.engine import Card, number_word, score_play
from trainer.training.learn.answers import MOST_POINTS, options
from trainer.training.learn.asking import question_words
from trainer.training.learn.feedback import hint, pegs_of, right_answer

__all__ = [
    "chart_problem",
    "first_hints",
    "gives_away",
    "new_specifics",
    "page_texts",
    "restates",
    "sentences",
    "specifics",
    "stands",
    "wrong_answers",
]


# --- what the page shows with a question --------------------------------------------------------


def wrong_answers(check: Check) -> tuple[int | str, ...]:
    """The wrong answers a learner is likeliest to give first: one or two either side of a
    number, the count instead of the points, none at all; every other choice of a pick."""
    right = right_answer(check)
    if isinstance(right, str):
        return tuple(value for value, _ in options(check) if value != right)
    near = [right - 2, right - 1, right + 1, right + 2, 0]
    if isinstance(check, PegCheck):
        near.append(score_play(check.pile).count)
    holes = BOARD_HOLES if pegs_of(check) is not None else getattr(check, "game", 0)
    top = MOST_POINTS + holes  # a hole can be asked: past the game hole is read too
    return tuple(dict.fromkeys(n for n in near if 0 <= n <= top and n != right))


def first_hints(check: Check) -> tuple[str, ...]:
    """The hints a first wrong answer can bring (one for each likely wrong answer)."""
    return tuple(dict.fromkeys(hint(check, wrong) for wrong in wrong_answers(check)))


def page_texts(step: Step, check: Check) -> tuple[str, ...]:
    """Everything the page shows with the question, before it is answered right: the step's
    text and captions, the question, the words beside its cards, and the first hints."""
    captions = [show.caption for show in step.show if show.caption]
    return (step.text, *captions, check.prompt, *question_words(check), *first_hints(check))


# --- an answer standing on the page -----------------------------------------------------------------

_MARKS = re.compile(r"[*_`“”\"]")
#: The count named as a count ("the count is 0", "back to zero"): not a score.
_COUNT = re.compile(r"\b(?:count(?: is| of| was)?|back to|total is|add up to) (?:\d+|zero)\b", re.I)
_LIST_MARK = re.compile(r"(?m)^\s*\d+\.\s")
#: A number that is a card, a row of ranks or a card added up (``a 5``, ``the 7♥``,
#: ``3-4-5``, ``4 + 5``), not a score or a hole.
_NOT_A_SCORE_BEFORE = r"(?<![\w♠♥♦♣+-])(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\+ )"
_NOT_A_SCORE_AFTER = r"(?![\w♠♥♦♣-])(?!s\b)(?!\s*\+)"
_RANK = r"(?:[AJQK2-9]|10|aces?|jacks?|queens?|kings?)"
#: Three or more ranks in a list (``2, 3, king, 4``): cards laid, not scores.
_RANK_LIST = re.compile(rf"\b{_RANK}(?:,\s+{_RANK}){{2,}}(?:,?\s+and\s+{_RANK})?\b")
#: Words saying what something scores, around a number written in words.
_SCORING_BEFORE = r"(?:for|is|are|scores?|pegs?|worth|makes?|gets?|of|total|hole)"
_ZERO = re.compile(
    r"\b(?:zero|nothing|no points?|not score|doesn't score|never scores?|"
    r"not every \w+ scores?)\b"
)


def _plain(text: str) -> str:
    return " ".join(_LIST_MARK.sub("", _MARKS.sub("", text)).split())


def stands(text: str, answer: int) -> str | None:
    """The words in ``text`` that give the number ``answer`` away as a score or a hole
    (``None`` when none do): the number in digits that is not a card or a row of ranks, or
    in words next to a word of scoring ("for two", "six points", "nothing")."""
    plain = _COUNT.sub("", _RANK_LIST.sub("", _plain(text)))
    digits = re.search(_NOT_A_SCORE_BEFORE + str(answer) + _NOT_A_SCORE_AFTER, plain)
    if digits:
        return digits.group(0)
    lower = plain.lower()
    if answer == 0:
        zero = _ZERO.search(lower)
        return zero.group(0) if zero else None
    word = re.escape(number_word(answer))
    said = re.search(
        rf"\b{_SCORING_BEFORE} {word}\b(?!-)|(?<![\w-]){word} (?:points?|for)\b", lower
    )
    return said.group(0) if said else None


def _labels(check: Check) -> dict[str, str]:
    """Each choice's words, as they would read in a sentence (``the dealer``, ``skunk``)."""
    found = {}
    for value, label in options(check):
        words = _plain(label).lower()
        words = re.sub(r"^(?:the|a|an|keep) ", "", words)
        words = re.sub(r"\s*\(.*\)$", "", words)
        found[value] = words
    return found


def _phrase(words: str, text: str) -> bool:
    lower = _plain(text).lower()
    if words == "skunk":  # the skunk lines, and a double skunk, are not a skunk
        lower = re.sub(r"skunk lines?|double skunk", "", lower)
    return re.search(rf"(?<![\w-]){re.escape(words)}(?![\w-])", lower) is not None


def _option_stands(check: Check, text: str) -> str | None:
    """The right choice's words in ``text`` with no other choice's beside them."""
    if isinstance(check, TrueFalseCheck):
        return None
    labels = _labels(check)
    right = str(right_answer(check))
    if isinstance(check, KeepCheck):  # the four kept cards, all named
        keep = [Card.parse(card).label for card in right.split()]
        return labels[right] if all(label in text for label in keep) else None
    if not _phrase(labels[right], text):
        return None
    others = [words for value, words in labels.items() if value != right]
    return None if any(_phrase(words, text) for words in others) else labels[right]


def gives_away(step: Step, check: Check) -> str | None:
    """Why the page gives the question's answer away (``None`` when it does not): the
    answer's number, or its choice's words, and the text they stand in."""
    texts = page_texts(step, check)
    right = right_answer(check)
    if isinstance(right, int):
        for text in texts:
            found = stands(text, right)
            if found:
                return f"the answer ({found!r}) stands on the page: {_plain(text)[:120]!r}"
        return None
    found = _option_stands(check, "\n".join(texts))  # beside every other choice, no clue
    return None if found is None else f"the answer ({found!r}) stands on the page alone"


# --- a true-or-false statement that only repeats its step ------------------------------------------

_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "is",
        "are",
        "was",
        "be",
        "been",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "you",
        "your",
        "they",
        "their",
        "them",
        "he",
        "his",
        "she",
        "her",
        "we",
        "our",
        "i",
        "my",
        "me",
        "not",
        "no",
        "never",
        "don't",
        "can",
        "can't",
        "cannot",
        "do",
        "does",
        "did",
        "has",
        "have",
        "had",
        "will",
        "would",
        "may",
        "must",
        "should",
        "so",
        "as",
        "than",
        "then",
        "there",
        "when",
        "what",
        "who",
        "whose",
        "which",
        "all",
        "any",
        "each",
        "every",
        "one",
        "just",
        "only",
        "also",
        "still",
        "too",
        "very",
        "more",
        "most",
        "own",
        "same",
        "other",
        "another",
        "up",
        "out",
    ]
)


def sentences(text: str) -> list[str]:
    """``text`` (Markdown) cut into sentences: at a full stop, a question or exclamation
    mark, a blank line, a list item or a table row (a colon does not end a sentence)."""
    parts: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        for line in re.split(r"\n(?=\s*(?:[-*]|\d+\.|\|))", block):
            line = re.sub(r"^\s*(?:[-*]|\d+\.)\s+", "", line.strip())
            if set(line) <= set("|-: "):
                continue
            for sentence in re.split(r"(?<=[.!?])[\"”)]*\s+(?=[\"“(]*[A-Z0-9*])", line):
                words = " ".join(sentence.split())
                if words:
                    parts.append(words)
    return parts


def _stem(word: str) -> str:
    for ending in ("'s", "’s", "ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def _content_words(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9]+(?:['’][a-z]+)?", _plain(text).lower())
    return {_stem(word) for word in words if word not in _STOP}


def restates(statement: str, text: str) -> str | None:
    """The sentence of ``text`` that ``statement`` repeats or negates (``None`` when it
    says something of its own): one holding half the statement's words or more."""
    said = _content_words(statement)
    if not said:
        return None
    for sentence in sentences(text):
        shared = said & _content_words(sentence)
        if 2 * len(shared) >= len(said):
            return sentence
    return None


_SPECIFIC = re.compile(
    r"(?<![\w-])(?:\d+|[AJQK](?=[♠♥♦♣])|[Aa]ces?|[Jj]acks?|[Qq]ueens?|[Kk]ings?)[♠♥♦♣]?(?![\w-])"
)


def specifics(text: str) -> set[str]:
    """The numbers and ranks ``text`` names (``12``, ``a 3``, ``the K♣``, ``king``)."""
    found = _SPECIFIC.finditer(_plain(text))
    return {match.group(0).lower().rstrip("♠♥♦♣").removesuffix("s") for match in found}


def new_specifics(statement: str, before: str) -> set[str]:
    """The numbers and ranks of ``statement`` that ``before`` (what the lesson has said up
    to its step) never names: what makes a statement a situation of its own."""
    return specifics(statement) - specifics(before)


# --- a hand the Scoring chart prints -----------------------------------------------------------------


def chart_problem(check: Check) -> str | None:
    """The chart's row when the question's hand, pile or cards laid are printed on the
    Scoring chart with their points (``None`` when they are not)."""
    asked: Iterable[Card]
    if isinstance(check, CountCheck):
        asked = check.hand
    elif isinstance(check, PegCheck):
        asked = check.pile
    elif isinstance(check, GoCheck | TableGoCheck):
        asked = check.plays
    else:
        return None
    cards = frozenset(asked)
    chart = scoring_chart()
    for row in (*chart.show, *chart.play, *chart.quick):
        if row.cards and frozenset(row.cards) == cards:
            return f"the Scoring chart prints it: {row.name}, {row.example}, {row.points}"
    return None

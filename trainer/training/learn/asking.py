"""The words the Learn page shows beside a question's own cards: the caption under a hand,
the count before a card laid, the story of a series and what each player still holds.
The page draws the cards; the words come from here, so a test (and the dealer of new
cards) reads exactly what a learner sees with the question."""

from __future__ import annotations

from trainer.content.lessons import (
    BoardCheck,
    Check,
    CountCheck,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    PegCheck,
    TableGoCheck,
)
from trainer.engine import Card
from trainer.engine.series import SERIES_ORDER
from trainer.training.learn.answers import TABLE_LABELS
from trainer.training.learn.feedback import pegs_of, question_story, table_story

#: Above each card of a cut for deal.
CUT_WORDS: tuple[str, str] = ("You cut:", "Your opponent cuts:")
#: Above the story of a series.
STORY_TITLE = {2: "**How the cards went down**", 3: "**How the cards went down at the table**"}


def cards_caption(check: Check) -> str:
    """The line under a question's hand, six cards or board ("" when it has none)."""
    if isinstance(check, CountCheck):
        return "The crib, with the starter" if check.crib else "The hand, with the starter"
    if isinstance(check, FifteenCheck):
        return f"The cards so far add up to **{check.count}**."
    if isinstance(check, KeepCheck):
        return "Your six cards. Four stay in your hand and two go to the crib."
    if isinstance(check, BoardCheck):
        return pegs_caption(check.you)
    return ""


def pegs_caption(pegs: tuple[int, int]) -> str:
    """The line under a board that shows the learner's pegs, ``[back, front]``."""
    back, front = pegs
    if front == 0:
        return "Your pegs wait in the start holes."
    if back == 0:
        return f"Your front peg is in hole {front}. Your back peg is still at the start."
    return f"Your back peg is in hole {back} and your front peg in hole {front}."


def peg_captions(check: PegCheck) -> tuple[str, str]:
    """Under the cards laid before the one asked about, and above that card."""
    if check.before:
        before = f"The cards laid so far, in order. The count is **{check.count_before}**."
    else:
        before = "No cards are down yet: the count is **0**."
    return before, f"Now the **{check.card.label}** is laid:"


def story(check: GoCheck | TableGoCheck) -> tuple[str, ...]:
    """The series as the page tells it above the question, the part asked left out."""
    if isinstance(check, GoCheck):
        return question_story(check)
    return table_story(check, with_scores=False)


def story_title(check: GoCheck | TableGoCheck) -> str:
    return STORY_TITLE[2 if isinstance(check, GoCheck) else 3]


def held(check: GoCheck | TableGoCheck) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Each player's line under the story, with the cards they still hold."""
    hands: tuple[tuple[Card, ...], ...] = check.replay().held
    if isinstance(check, GoCheck):
        names = [f"The {role}" for role in SERIES_ORDER]
    else:
        names = [TABLE_LABELS[seat] for seat in check.seats]
    return tuple(
        (f"{who} still holds:" if cards else f"{who} has no cards left.", cards)
        for who, cards in zip(names, hands, strict=True)
    )


def question_words(check: Check) -> tuple[str, ...]:
    """Every line of words the page shows beside the question's cards, in order."""
    board = pegs_of(check)
    before = (pegs_caption(board),) if board is not None else ()
    if isinstance(check, PegCheck):
        return (*before, *peg_captions(check))
    if isinstance(check, GoCheck | TableGoCheck):
        return (*before, story_title(check), *story(check), *(line for line, _ in held(check)))
    if isinstance(check, CutCheck):
        return CUT_WORDS
    caption = cards_caption(check)
    return (*before, caption) if caption else before

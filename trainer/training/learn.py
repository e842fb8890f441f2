"""What the Learn page does, kept out of the page: where the learner is, reading and
grading answers, and the words of the feedback.

Answers to card questions come from the engine (through the check's ``answer``);
the feedback explains them with the engine's own items, in the words of
:mod:`trainer.training.explain`. A first wrong answer gets a hint; the whole explanation comes
with a second miss or "Show me the answer". Only a check's first try is recorded (with
the tier :data:`~trainer.training.records.LESSON_TIER`), so lessons count first-try accuracy.
The page only renders.

>>> read_points(" 8 ")
8
>>> read_points("abc")
Traceback (most recent call last):
...
trainer.training.learn.AnswerProblem: Your answer: 'abc' is not a number. Type the points as digits, like 12.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Protocol

from trainer.analysis.hands import four_card_points
from trainer.content.lessons import (
    Board,
    BoardCheck,
    Check,
    CountCheck,
    Course,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    KeepValue,
    Lesson,
    PegCheck,
    SkunkCheck,
    TrueFalseCheck,
)
from trainer.engine import (
    MAX_SHOW,
    Card,
    Kind,
    ScoreItem,
    ShowScore,
    explain_items,
    format_cards,
    label_cards,
)
from trainer.engine.pegging import CLOSING_KINDS
from trainer.engine.series import SERIES_ORDER, Series
from trainer.engine.skills import Category, DrillType, Mode, category_of
from trainer.engine.vocab import Seat
from trainer.training import explain, inputs
from trainer.training.records import LESSON_TIER, AttemptIn, LessonProgress

#: Nothing a lesson asks can be worth more than the best hand.
MOST_POINTS = MAX_SHOW

PLAYER_LABELS: dict[str, str] = {"pone": "The pone (non-dealer)", "dealer": "The dealer"}
SKUNK_LABELS: dict[str, str] = {
    "win": "A plain win",
    "skunk": "A skunk",
    "double-skunk": "A double skunk",
}
CUT_LABELS: dict[str, str] = {
    "you": "You deal first",
    "opponent": "Your opponent deals first",
    "again": "Nobody yet: you both cut again",
}


class Status(StrEnum):
    NOT_STARTED = "not started"
    IN_PROGRESS = "in progress"
    DONE = "done"


def lesson_status(lesson_id: str, progress: Mapping[str, LessonProgress]) -> Status:
    place = progress.get(lesson_id)
    if place is None:
        return Status.NOT_STARTED
    return Status.DONE if place.done else Status.IN_PROGRESS


def status_text(lesson: Lesson, progress: Mapping[str, LessonProgress]) -> str:
    """``Not started``, ``In progress: step 3 of 7`` or ``Done``."""
    status = lesson_status(lesson.id, progress)
    if status is Status.IN_PROGRESS:
        step = min(progress[lesson.id].step, len(lesson.steps) - 1)
        return f"In progress: step {step + 1} of {len(lesson.steps)}"
    return str(status).capitalize()


def resume_step(lesson: Lesson, progress: Mapping[str, LessonProgress]) -> int:
    """Where opening a lesson lands: the furthest step reached, or the start once done."""
    place = progress.get(lesson.id)
    if place is None or place.done:
        return 0
    return max(0, min(place.step, len(lesson.steps) - 1))


def suggested(course: Course, progress: Mapping[str, LessonProgress]) -> Lesson | None:
    """The lesson to carry on with: the first in progress, else the first not started."""
    for wanted in (Status.IN_PROGRESS, Status.NOT_STARTED):
        for lesson in course.lessons:
            if lesson_status(lesson.id, progress) is wanted:
                return lesson
    return None


# --- reading answers --------------------------------------------------------------------------


class AnswerProblem(ValueError):
    """What was typed or picked cannot be graded; the message says what to do."""


def read_points(text: str | None) -> int:
    """A number of points typed in the answer box: digits, from 0 to the best hand's 29."""
    try:
        return inputs.read_points(text, box="Your answer", most=MOST_POINTS)
    except inputs.InputProblem as problem:
        raise AnswerProblem(str(problem)) from None


def read_hole(text: str | None, game: int = 121) -> int:
    """A hole of the board typed in the answer box, as digits (a little past the game hole
    is read, so the hint can say that a peg stops there).

    >>> read_hole(" 15 ")
    15
    >>> read_hole("fifteen")
    Traceback (most recent call last):
    ...
    trainer.training.learn.AnswerProblem: Your answer: 'fifteen' is not a hole number. Type it as digits, like 15.
    """
    shown = (text or "").strip()
    if not shown:
        raise AnswerProblem("Your answer: it is empty. Type the number of a hole, like 15.")
    if not (shown.isascii() and shown.isdigit()) or len(shown) > 4:
        raise AnswerProblem(
            f"Your answer: {shown[:20]!r} is not a hole number. Type it as digits, like 15."
        )
    hole = int(shown)
    if not 1 <= hole <= game + MOST_POINTS:
        raise AnswerProblem(f"Your answer: there is no hole {hole}. The holes go from 1 to {game}.")
    return hole


def asks_number(check: Check) -> bool:
    """True when the answer is typed as a number; otherwise it is picked from choices."""
    return isinstance(check, CountCheck | PegCheck | BoardCheck) or (
        isinstance(check, GoCheck) and check.ask == "points"
    )


def options(check: Check) -> tuple[tuple[str, str], ...]:
    """The choices of a pick-one check, as (value, label) pairs."""
    if isinstance(check, FifteenCheck):
        return tuple((str(card), card.label) for card in check.choices)
    if isinstance(check, GoCheck):
        return tuple((who, PLAYER_LABELS[who]) for who in SERIES_ORDER)
    if isinstance(check, SkunkCheck):
        return tuple(SKUNK_LABELS.items())
    if isinstance(check, CutCheck):
        return tuple(CUT_LABELS.items())
    if isinstance(check, KeepCheck):
        return tuple((format_cards(keep), f"Keep {label_cards(keep)}") for keep in check.keeps)
    if isinstance(check, TrueFalseCheck):
        return (("true", "True"), ("false", "False"))
    return ()


def read_choice(check: Check, value: str | None) -> str:
    if value is None or value == "":
        raise AnswerProblem("Pick an answer first.")
    if value not in {key for key, _ in options(check)}:
        raise AnswerProblem("Pick one of the answers shown.")
    return value


def read_answer(check: Check, raw: str | None) -> int | str:
    """What the learner gave, ready to grade, or :class:`AnswerProblem`."""
    if isinstance(check, BoardCheck):
        return read_hole(raw, check.game)
    return read_points(raw) if asks_number(check) else read_choice(check, raw)


# --- grading and explaining ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Feedback:
    """What to show after an answer (or a reveal): all text is Markdown."""

    correct: bool
    headline: str
    details: tuple[str, ...] = ()
    breakdown: ShowScore | None = None  # a hand to draw combination by combination
    pile: tuple[Card, ...] = ()  # a pile to draw with the scoring cards lit
    lit: tuple[Card, ...] = ()
    board: Board | None = None  # the board after a move, to draw
    revealed: bool = False


def right_answer(check: Check) -> int | str:
    """The answer as the engine (or, for a rule, the file) gives it, in answer form."""
    if isinstance(check, TrueFalseCheck):
        return "true" if check.answer else "false"
    if isinstance(check, FifteenCheck):
        return str(check.answer)
    return check.answer


def answer_text(check: Check) -> str:
    """The right answer in words."""
    answer = right_answer(check)
    if isinstance(check, FifteenCheck):
        return f"the {check.answer.label}"
    if isinstance(check, TrueFalseCheck):
        return "true" if check.answer else "false"
    if isinstance(check, GoCheck) and check.ask != "points":
        return f"the {answer}"
    if isinstance(check, SkunkCheck):
        return SKUNK_LABELS[check.answer].lower()
    if isinstance(check, CutCheck):
        return CUT_LABELS[check.answer].lower()
    if isinstance(check, KeepCheck):
        return f"keep {label_cards(_keep_of(check, check.answer))}"
    if isinstance(check, BoardCheck):
        return f"hole {answer}"
    return f"{answer} point{'s' if answer != 1 else ''}"


def _keep_of(check: KeepCheck, value: str) -> tuple[Card, ...]:
    return next(keep for keep in check.keeps if format_cards(keep) == value)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def grade(check: Check, answer: int | str, *, hint_only: bool = False) -> Feedback:
    """Compare ``answer`` (from :func:`read_answer`) with the right one and explain.

    With ``hint_only`` (a first wrong try) a wrong answer gets a nudge that points at the
    rule deciding the question, not the answer: the full explanation waits for a second
    miss or "Show me the answer". A true/false question has only two answers, so its
    first miss shows the reason at once (a retry after that is reading, not guessing).
    """
    correct = answer == right_answer(check)
    if correct:
        return replace(_explanation(check), correct=True, headline=_praise(check))
    headline = f"Not quite: you said {_said(check, answer)}."
    if hint_only:
        return Feedback(False, headline, (hint(check, answer),))
    explained = _explanation(check, given=answer)
    headline = f"{headline} {explained.headline}".strip()
    return replace(explained, correct=False, headline=headline)


def reveal(check: Check) -> Feedback:
    explained = _explanation(check)
    return replace(
        explained,
        correct=False,
        revealed=True,
        headline=f"The answer is **{answer_text(check)}**. " + explained.headline,
    )


def _said(check: Check, answer: int | str) -> str:
    if isinstance(answer, int):
        return str(answer)
    for value, label in options(check):
        if value == answer:
            return f"“{label}”"
    return str(answer)


def _praise(check: Check) -> str:
    if asks_number(check):
        return f"Yes! **{_sentence(answer_text(check))}**."
    return f"Yes! It's **{answer_text(check)}**."


def _explanation(check: Check, given: int | str | None = None) -> Feedback:
    if isinstance(check, CountCheck):
        return _explain_count(check, given)
    if isinstance(check, PegCheck):
        scored = check.score()
        text = explain.card_line(check.card, scored.count, scored.items)
        lit = tuple(dict.fromkeys(c for item in scored.items for c in item.cards))
        return Feedback(False, "", (text,), pile=check.pile, lit=lit)
    if isinstance(check, GoCheck):
        return Feedback(False, "", go_story(check.replay(), with_scores=True))
    if isinstance(check, FifteenCheck):
        return _explain_fifteen(check, given)
    if isinstance(check, SkunkCheck):
        return Feedback(False, "", (_explain_skunk(check),))
    if isinstance(check, BoardCheck):
        board = Board(game=check.game, you=check.after)
        return Feedback(False, "", (_explain_board(check),), board=board)
    if isinstance(check, CutCheck):
        return Feedback(False, "", (_explain_cut(check),))
    if isinstance(check, KeepCheck):
        return Feedback(False, "", _explain_keep(check))
    return Feedback(False, "", (check.explain,))


def hint(check: Check, answer: int | str) -> str:
    """A nudge after a first wrong answer that points at the rule deciding the question
    and does not give the answer away."""
    if isinstance(check, TrueFalseCheck):
        return check.explain
    if isinstance(check, CountCheck):
        off = int(answer) - check.answer if isinstance(answer, int) else 0
        items = check.score().items
        return (
            _count_trap(check, off)
            or _one_kind_short(items, off)
            or _authored(check.hint, off)
            or _off_by(items, off, "hand")
        )
    if isinstance(check, PegCheck):
        off = int(answer) - check.answer if isinstance(answer, int) else 0
        items = check.score().items
        return (
            _peg_trap(check, int(answer))
            or _one_kind_short(items, off)
            or _authored(check.hint, off)
            or _off_by(items, off, "card")
        )
    if isinstance(check, FifteenCheck):
        return _explain_fifteen(check, answer).details[0]
    if isinstance(check, GoCheck):
        return _go_hint(check, answer)
    if isinstance(check, SkunkCheck):
        line = 91 if check.game == 121 else 31
        return f"Look again at where the loser's peg stands against the skunk line, {line}."
    if isinstance(check, BoardCheck):
        return _board_hint(check, int(answer))
    if isinstance(check, CutCheck):
        if check.answer == "again" or answer == "again":
            return "Look at the ranks of the two cards: is one lower, or are they the same?"
        return "The lower card deals. The ace is the lowest card of all, and the king the highest."
    return (
        "Look at what each choice scores on its own, then think about the starter: cards "
        "close in rank, pairs and fives give many starters something to add."
    )


def _one_kind_short(items: Sequence[ScoreItem], off: int) -> str:
    """For an answer short by what only one kind of score can be: look again at that kind."""
    if off >= 0:
        return ""
    found = explain.shortfall(items, -off)
    kinds = {kind for way in found.candidates for kind, _ in way}
    return explain.short_note(items, -off) if len(kinds) == 1 else ""


def _authored(text: str | None, off: int) -> str:
    """The lesson's own hint for its question, after how far off the answer was."""
    if text is None:
        return ""
    if off:
        return f"You were {explain.amount(abs(off), 'over' if off > 0 else 'short')}. {text}"
    return text


def _off_by(items: Sequence[ScoreItem], off: int, what: str) -> str:
    if off < 0:
        return explain.short_note(items, -off)
    return (
        f"You were {explain.amount(off, 'over')}: check that each combination you "
        f"counted is really in this {what}, and that none is counted twice."
    )


#: The rule for runs in the play, as the lessons state it.
RUN_RULE = (
    "a run in the play is the newest cards, with no other card mixed in: look at the last "
    "three cards laid, then the last four, and so on back to the start of the series"
)


def _peg_trap(check: PegCheck, answer: int) -> str:
    """The rule a wrong answer to a peg question broke, when the pile makes it clear."""
    pile, card = check.pile, check.card
    scored = check.score()
    right = scored.total
    if answer == right:
        return ""
    if answer == scored.count and right != scored.count:
        return (
            f"The count is now {scored.count}, but the count is not the points: "
            f"look at what the {card.label} made."
        )
    previous = pile[-2] if len(pile) > 1 else None
    if answer > right and previous is not None and previous.rank is not card.rank:
        if previous.pips == card.pips == 10 and answer - right == 2:
            return (
                f"A pair needs the same rank: the {previous.label} and the {card.label} "
                "are both worth 10, but they are not a pair."
            )
        if any(other.rank is card.rank for other in pile[:-2]) and answer - right == 2:
            return (
                "A pair in the play is with the card laid just before it: a card in between "
                "breaks it."
            )
    run = max((len(item.cards) for item in scored.items if item.kind == "run"), default=0)
    loose = _loose_run(pile)
    if answer > right and len(loose) > run:
        first = min(i for i, c in enumerate(pile) if c.order in loose)
        ranks = [c.order for c in pile[first:]]
        if len(set(ranks)) < len(ranks):
            return f"A run can't hold the same rank twice: {RUN_RULE}."
        return f"A card that doesn't fit breaks the run: {RUN_RULE}."
    if answer < right and run > 3 and answer <= right - run:
        return (
            "Don't stop at the last three cards: the last four (or more) can make a row even "
            "when the last three can't."
        )
    return ""


def _loose_run(pile: Sequence[Card]) -> set[int]:
    """The longest row of ranks, holding the last card's, among all the series' cards in
    any order (the run a player might see by ignoring the cards in between)."""
    orders = {card.order for card in pile}
    low = high = pile[-1].order
    while low - 1 in orders:
        low -= 1
    while high + 1 in orders:
        high += 1
    return set(range(low, high + 1)) if high - low >= 2 else set()


def _go_hint(check: GoCheck, answer: int | str) -> str:
    replay = check.replay()
    kind = str(replay.closing.kind)
    reset = any(event.series_over for event in replay.events[:-1])
    after_reset = (
        " The count went back to 0 after the go, so look at the cards laid since then."
        if reset
        else ""
    )
    if check.ask == "leads-next":
        return "After a go or a 31, the player who did not lay the last card leads the next series."
    if check.ask == "who-scores":
        if kind == "last card":
            return (
                "The very last card of the whole play scores 1, for whoever laid it." + after_reset
            )
        if kind == "thirty-one":
            return "Whoever makes the count exactly 31 scores for it." + after_reset
        return (
            "The point for the go goes to whoever laid the most recent card before "
            "nobody could lay another." + after_reset
        )
    right = check.answer
    off = answer - right if isinstance(answer, int) and isinstance(right, int) else 0
    if kind == "thirty-one" and off == 1:
        return "A 31 scores 2, and there is no extra point for the go on top."
    if kind in ("go", "last card") and off == -1:
        what = "the go" if kind == "go" else "last card"
        return f"Add the point for {what}: after this card, nobody could lay another."
    return _authored(check.hint, off) or (
        "Add what the card itself made (15, 31, a pair or a run) and any point for the go "
        "or the last card."
    )


def _board_hint(check: BoardCheck, answer: int) -> str:
    back, front = check.you
    if answer > check.game:
        return f"The game hole, {check.game}, is the last hole of all: a peg stops there."
    if back and answer == min(back + check.points, check.game):
        return (
            "Your back peg jumps past the front one: start from the front peg, in hole "
            f"{front}, not from the back peg."
        )
    if answer in (check.answer - 1, check.answer + 1):
        return "Move one hole for each point, starting with the hole just after your front peg."
    return f"Start at your front peg, in hole {front}, and move on one hole for each point."


def _explain_board(check: BoardCheck) -> str:
    front = check.you[1]
    holes = list(range(front + 1, check.answer + 1))
    shown = ", ".join(str(h) for h in holes) if len(holes) <= 6 else f"{holes[0]} … {holes[-1]}"
    line = (
        f"Your front peg is in hole {front}. The back peg jumps past it and on "
        f"{check.points} hole{'s' if check.points != 1 else ''}: {shown}. "
        f"It lands in hole {check.answer}, and now it is your front peg."
    )
    if check.answer == check.game:
        line += " That is the game hole: you win!"
    return line


def _explain_cut(check: CutCheck) -> str:
    you, them = check.you, check.opponent
    if check.answer == "again":
        return (
            f"The {you.label} and the {them.label} are the same rank, so nobody wins the cut: "
            "you both cut again."
        )
    low, high = (you, them) if check.answer == "you" else (them, you)
    who = "you deal" if check.answer == "you" else "your opponent deals"
    return f"The {low.label} is lower than the {high.label}, so {who} first."


def _explain_keep(check: KeepCheck) -> tuple[str, ...]:
    values = check.values()
    best = max(values, key=lambda value: value.average)
    lines = [
        "Each choice was counted with every card that could be the starter (the 46 you don't hold):"
    ]
    lines += [_keep_line(value, best=value is best) for value in values]
    return tuple(lines)


def _keep_line(value: KeepValue, *, best: bool) -> str:
    mark = " **The best keep.**" if best else ""
    return (
        f"- **Keep {label_cards(value.keep)}** (throw {label_cards(value.thrown)}): "
        f"{four_card_points(value.keep)} on its own; with a starter from {value.lowest} to "
        f"{value.highest} points, about {round(value.average)} on average.{mark}"
    )


def _explain_skunk(check: SkunkCheck) -> str:
    skunk_line = 91 if check.game == 121 else 31
    if check.answer == "double-skunk":
        return (
            f"The loser has {check.loser}, not even 61: short of the second skunk line. "
            "That is a double skunk."
        )
    if check.answer == "skunk":
        return f"The loser has {check.loser}, short of {skunk_line}. That is a skunk."
    return f"The loser has {check.loser}, which is {skunk_line} or more, so it is a plain win."


def _explain_count(check: CountCheck, given: int | str | None) -> Feedback:
    score = check.score()
    what = "crib" if check.crib else "hand"
    details: list[str] = []
    if score.items and given is None:
        details.append(f"Said out loud: *{explain.said_aloud(score)}*")
    if isinstance(given, int):
        off = given - score.total
        note = _count_trap(check, off) or (explain.short_note(score.items, -off) if off < 0 else "")
        if note:
            details.append(note)
    headline = f"Here is every combination in this {what}." if score.items else ""
    return Feedback(False, headline, tuple(details), breakdown=score)


def _count_trap(check: CountCheck, off: int) -> str:
    """The trap a count that came out ``off`` from the right one fell into, if it is clear."""
    four_flush = len({card.suit for card in check.hand}) == 1
    if check.crib and off == 4 and four_flush and check.starter.suit is not check.hand[0].suit:
        return "In the crib, four cards of one suit are not a flush: the starter has to match too."
    return ""


def _explain_fifteen(check: FifteenCheck, given: int | str | None) -> Feedback:
    details = []
    if isinstance(given, str) and given != str(check.answer):
        card = next(c for c in check.choices if str(c) == given)
        scored = check.played(card)
        if scored is None:
            details.append(f"The {card.label} would take the total past 31.")
        else:
            details.append(f"The {card.label} would make the total {scored.count}, not 15.")
        return Feedback(False, "", tuple(details))
    scored = check.played(check.answer)
    assert scored is not None
    details.append(
        f"The {check.answer.label} brings the total to {scored.count}: "
        f"{explain_items(scored.items)}."
    )
    pile = (*check.pile, check.answer)  # a fifteen in the play is every card of the count
    return Feedback(False, "", tuple(details), pile=pile, lit=pile)


def go_story(replay: Series, *, with_scores: bool) -> tuple[str, ...]:
    """The play of a go question, one line per action, every go, point, return to 0 and
    lead shown; with ``with_scores`` False, the part the question asks about is left out
    (see :func:`question_story`, which the page shows above the question)."""
    return _story(replay, hide=None if with_scores else "all")


def question_story(check: GoCheck) -> tuple[str, ...]:
    """The play of a go question as shown above it: every event, with the points and
    leads of everything before the part asked about, which is left for the learner."""
    return _story(check.replay(), hide=check.ask)


def _story(replay: Series, hide: str | None) -> tuple[str, ...]:
    """``hide``: ``None`` shows everything; ``"all"`` no points at all; ``"points"``
    nothing the last card's player pegged from it on; ``"who-scores"`` no go, last card
    or 31 from the last card on; ``"leads-next"`` only not who leads next."""
    last = max(i for i, event in enumerate(replay.events) if event.card == replay.last_card)
    lines = []
    laid_last = 0
    for index, event in enumerate(replay.events):
        who = f"the {SERIES_ORDER[event.player]}"
        asked = index >= last
        show: Callable[[ScoreItem], bool]
        if hide == "all" or (hide == "points" and asked):
            show = _never
        elif hide == "who-scores" and asked:
            show = _not_closing
        else:
            show = _always
        if event.card is None:
            line = explain.go_line(who)
        else:
            own = [item for item in event.items_for(event.player) if item.kind not in _GO_POINTS]
            line = explain.lay_line(who, event.card, event.count, [i for i in own if show(i)])
        for player, item in event.awards:
            if item.kind in _GO_POINTS:
                if show(item):
                    line += " " + explain.closing_line(f"the {SERIES_ORDER[player]}", item.kind)
                elif item.kind == "go":
                    line += " Nobody can lay another card without going past 31."
                else:
                    line += " Every card has now been laid."
        lines.append(line)
        if event.card is not None:
            laid_last = event.player
        more = index < len(replay.events) - 1 or hide is None
        if event.series_over and not event.play_over and event.next_player is not None and more:
            lines.append(_lead_line(event.next_player, laid_last))
    if hide is None and replay.next_leader is None:
        lines.append(explain.next_lead_line(None))
    return tuple(lines)


def _lead_line(leader: Seat, laid_last: Seat) -> str:
    if leader == laid_last:  # the other player has no cards left
        other = SERIES_ORDER[1 - leader]
        return explain.next_lead_line(
            f"the {SERIES_ORDER[leader]}", again_because=f"the {other} has no cards left"
        )
    return explain.next_lead_line(f"the {SERIES_ORDER[leader]}")


#: The points a series' end scores on its own (a 31 is the card's own score).
_GO_POINTS = frozenset({Kind.GO, Kind.LAST_CARD})


def _never(item: ScoreItem) -> bool:
    return False


def _always(item: ScoreItem) -> bool:
    return True


def _not_closing(item: ScoreItem) -> bool:
    return item.kind not in CLOSING_KINDS


# --- records --------------------------------------------------------------------------------------


def drill_for(check: Check) -> DrillType | None:
    """Which drill type an answered check counts towards (``None``: not a counting skill)."""
    if isinstance(check, CountCheck):
        return DrillType.CRIB if check.crib else DrillType.HAND
    if isinstance(check, PegCheck | FifteenCheck):
        return DrillType.PEG
    if isinstance(check, GoCheck):
        return DrillType.GO
    return None


def question_text(check: Check) -> str:
    """The question in card notation, as the progress store keeps it."""
    if isinstance(check, CountCheck):
        return f"{format_cards(check.hand)} | {check.starter}"
    if isinstance(check, PegCheck):
        return format_cards(check.pile)
    if isinstance(check, FifteenCheck):
        return f"{format_cards(check.pile)} ? {format_cards(check.choices)}"
    if isinstance(check, GoCheck):
        return (
            f"pone {format_cards(check.pone)} | dealer {format_cards(check.dealer)} | "
            f"{format_cards(check.plays)} | {check.ask}"
        )
    if isinstance(check, SkunkCheck):
        return f"{check.winner}-{check.loser} to {check.game}"
    if isinstance(check, BoardCheck):
        return f"pegs {check.you[0]} {check.you[1]} + {check.points} to {check.game}"
    if isinstance(check, CutCheck):
        return f"cut {check.you} against {check.opponent}"
    if isinstance(check, KeepCheck):
        return f"{format_cards(check.cards)} keep? " + " / ".join(
            format_cards(keep) for keep in check.keeps
        )
    return check.statement


def missed_categories(check: Check, answer: int | str) -> tuple[Category, ...]:
    """The categories a wrong answer points at, when the engine's items make it clear."""
    if answer == right_answer(check):
        return ()
    if isinstance(check, CountCheck):
        score = check.score()
        off = int(answer) - score.total if isinstance(answer, int) else 0
        if _count_trap(check, off):
            return (Category.CRIB_FLUSH,)
        if off < 0:  # only kinds every way of being that short shares (none: a total only)
            certain = explain.shortfall(score.items, -off).certain
            return tuple(category_of(kind, crib=check.crib) for kind in certain)
        return ()
    if isinstance(check, PegCheck):
        off = int(answer) - check.answer if isinstance(answer, int) else 0
        if off >= 0:
            return ()
        return tuple(
            category_of(kind) for kind in explain.shortfall(check.score().items, -off).certain
        )
    if isinstance(check, FifteenCheck):
        return (Category.FIFTEEN,)
    if isinstance(check, GoCheck):
        return (category_of(check.replay().closing.kind),)
    return ()


def attempt(check: Check, answer: int | str, seconds: float) -> AttemptIn | None:
    """The record of one graded answer, or ``None`` for a question about a rule."""
    drill = drill_for(check)
    if drill is None:
        return None
    right = right_answer(check)
    correct = answer == right
    points_off = answer - right if isinstance(answer, int) and isinstance(right, int) else 0
    return AttemptIn(
        drill=drill,
        tier=LESSON_TIER,
        seed=0,
        question=question_text(check),
        answer=str(answer),
        correct=correct,
        points_off=0 if correct else points_off,
        missed=missed_categories(check, answer),
        seconds=round(max(seconds, 0.0), 2),
        mode=Mode.QUICK,
    )


def answer_key(lesson_id: str, step: int) -> str:
    """The widget key of a step's answer box (one per step, so answers never leak across)."""
    return f"learn_answer_{lesson_id}_{step}"


# --- where the learner is ----------------------------------------------------------------------------


class Store(Protocol):
    """Where lesson places and answers are kept (the app hands in its own: see
    :class:`trainer.ui.session.LessonStore`)."""

    def progress(self) -> dict[str, LessonProgress]: ...

    def save(self, lesson_id: str, step: int, done: bool) -> None: ...

    def record(self, attempt: AttemptIn) -> None: ...


@dataclass
class CheckState:
    """One check in this browser session: tries so far and the latest feedback."""

    tries: int = 0
    passed: bool = False
    revealed: bool = False
    feedback: Feedback | None = None
    problem: str | None = None  # input that could not be graded
    shown_at: float | None = None


@dataclass
class _Place:
    lesson_id: str | None = None
    step: int = 0
    checks: dict[tuple[str, str], CheckState] = field(default_factory=dict)
    finished: str | None = None  # the lesson just finished, for a word of praise


class Learn:
    """Navigation through the course, kept in a session-state mapping."""

    KEY = "learn_place"

    def __init__(
        self,
        state: MutableMapping[str, Any] | Any,
        store: Store,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._state = state
        self.store: Store = store
        self._clock = clock
        if not isinstance(state.get(self.KEY), _Place):
            state[self.KEY] = _Place()

    @property
    def _place(self) -> _Place:
        place = self._state[self.KEY]
        assert isinstance(place, _Place)
        return place

    @property
    def lesson_id(self) -> str | None:
        return self._place.lesson_id

    @property
    def step(self) -> int:
        return self._place.step

    @property
    def finished(self) -> str | None:
        return self._place.finished

    def open(self, lesson: Lesson) -> None:
        progress = self.store.progress()
        self._place.lesson_id = lesson.id
        self._place.step = resume_step(lesson, progress)
        self._place.finished = None
        if lesson.id not in progress:
            self.store.save(lesson.id, 0, False)

    def close(self) -> None:
        self._place.lesson_id = None
        self._place.step = 0

    def check_state(self, lesson: Lesson, index: int | None = None) -> CheckState:
        step = lesson.steps[self.step if index is None else index]
        return self._place.checks.setdefault((lesson.id, step.id), CheckState())

    def seen(self, lesson: Lesson) -> None:
        """The current step is on screen: start its clock once."""
        state = self.check_state(lesson)
        if state.shown_at is None:
            state.shown_at = self._clock()

    def can_advance(self, lesson: Lesson) -> bool:
        """Next is open once the step's check is answered right or its answer shown,
        and on any step already passed (or in a lesson already done)."""
        step = lesson.steps[self.step]
        if step.check is None:
            return True
        state = self.check_state(lesson)
        if state.passed or state.revealed:
            return True
        place = self.store.progress().get(lesson.id)
        return place is not None and (place.done or self.step < place.step)

    def is_last(self, lesson: Lesson) -> bool:
        return self.step >= len(lesson.steps) - 1

    def back(self, lesson: Lesson) -> None:
        self._place.step = max(0, self.step - 1)

    def next(self, lesson: Lesson) -> None:
        if not self.can_advance(lesson):
            return
        place = self.store.progress().get(lesson.id)
        furthest = place.step if place is not None else 0
        if self.is_last(lesson):
            self.store.save(lesson.id, len(lesson.steps) - 1, True)
            self.close()
            self._place.finished = lesson.id
            return
        self._place.step += 1
        self.store.save(lesson.id, max(furthest, self.step), False)

    def submit(self, lesson: Lesson, raw: str | None) -> None:
        """Grade what was typed or picked for the current step's check."""
        check = lesson.steps[self.step].check
        if check is None:
            return
        state = self.check_state(lesson)
        try:
            answer = read_answer(check, raw)
        except AnswerProblem as problem:
            state.problem = str(problem)
            return
        state.problem = None
        state.tries += 1
        feedback = grade(check, answer, hint_only=state.tries == 1)
        state.feedback = feedback
        state.passed = state.passed or feedback.correct
        started = state.shown_at if state.shown_at is not None else self._clock()
        if state.tries == 1 and not state.revealed:
            # Lessons are scored on first tries: a wrong answer then a right one is one
            # wrong answer, and an answer typed after seeing it is not one at all.
            record = attempt(check, answer, self._clock() - started)
            if record is not None:
                self.store.record(record)
        state.shown_at = self._clock()  # the next try is timed from now

    def reveal(self, lesson: Lesson) -> None:
        check = lesson.steps[self.step].check
        if check is None:
            return
        state = self.check_state(lesson)
        state.revealed = True
        state.problem = None
        state.feedback = reveal(check)

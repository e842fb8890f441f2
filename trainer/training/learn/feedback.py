"""The feedback on a lesson's answer: right or not, a hint after a first miss (naming
the rule), the whole explanation after a second miss or "Show me the answer", and the
story of a series told card by card. Answers come from the engine (through the check's
``answer``); the words are :mod:`trainer.training.explain`'s."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from trainer.analysis.hands import four_card_points
from trainer.content.lessons import (
    Board,
    BoardCheck,
    Check,
    CountCheck,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    KeepValue,
    PegCheck,
    SkunkCheck,
    TableGoCheck,
    TrueFalseCheck,
)
from trainer.engine import (
    Card,
    Kind,
    ScoreItem,
    ShowScore,
    explain_items,
    format_cards,
    label_cards,
)
from trainer.engine.pegging import CLOSING_KINDS, PegEvent
from trainer.engine.series import SERIES_ORDER, Series
from trainer.engine.vocab import Seat
from trainer.training import explain
from trainer.training.learn.answers import (
    CUT_LABELS,
    SKUNK_LABELS,
    TABLE_LABELS,
    asks_number,
    options,
)


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
    if isinstance(check, TableGoCheck):
        return TABLE_LABELS[str(answer)].lower()
    if isinstance(check, SkunkCheck):
        return SKUNK_LABELS[check.answer].lower()
    if isinstance(check, CutCheck):
        return CUT_LABELS[check.answer].lower()
    if isinstance(check, KeepCheck):
        return f"keep {label_cards(_keep_of(check, check.answer))}"
    if isinstance(check, BoardCheck) or pegs_of(check) is not None:
        return f"hole {answer}"
    return f"{answer} point{'s' if answer != 1 else ''}"


def pegs_of(check: Check) -> tuple[int, int] | None:
    """The learner's pegs before a count, a card or a go that asks for a hole."""
    if isinstance(check, CountCheck | PegCheck | GoCheck):
        return check.pegs
    return None


def _points_given(check: Check, answer: int | str) -> int | str:
    """An answer as points: a hole less the front peg's, when the question asks for one."""
    if isinstance(answer, int) and isinstance(check, CountCheck | PegCheck | GoCheck):
        return check.points_given(answer)
    return answer


def _pegged(check: Check, feedback: Feedback) -> Feedback:
    """The explanation of a question that asks for a hole, with the move on the board."""
    pegs = pegs_of(check)
    if pegs is None:
        return feedback
    hole = right_answer(check)
    assert isinstance(hole, int)
    points = hole - pegs[1]
    line = (
        f"You peg {points}: your back peg jumps from hole {pegs[0]}, past hole {pegs[1]}, "
        f"to hole {hole}."
    )
    board = Board(you=(pegs[1], hole))
    return replace(feedback, details=(*feedback.details, line), board=board)


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
        points = None if given is None else _points_given(check, given)
        return _pegged(check, _explain_count(check, points))
    if isinstance(check, PegCheck):
        scored = check.score()
        text = explain.card_line(check.card, scored.count, scored.items)
        lit = tuple(dict.fromkeys(c for item in scored.items for c in item.cards))
        return _pegged(check, Feedback(False, "", (text,), pile=check.pile, lit=lit))
    if isinstance(check, GoCheck):
        story = go_story(check.replay(), with_scores=True)
        return _pegged(check, Feedback(False, "", story))
    if isinstance(check, TableGoCheck):
        return Feedback(False, "", table_story(check, with_scores=True))
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
    pegs = pegs_of(check)
    hole = right_answer(check)
    if pegs is not None and isinstance(hole, int) and answer == hole - pegs[1] and pegs[1]:
        return (
            f"Those are the points. Now peg them: count on from your front peg, in hole {pegs[1]}."
        )
    hinter = _HINTS.get(type(check))
    if hinter is None:
        return (
            "Look at what each choice scores on its own, then think about the starter. "
            "Cards close in rank, pairs and fives give many starters something to add."
        )
    return hinter(check, answer)


def _count_hint(check: CountCheck, answer: int | str) -> str:
    off = int(answer) - check.answer if isinstance(answer, int) else 0
    items = check.score().items
    return (
        _count_trap(check, off)
        or _one_kind_short(items, off)
        or _authored(check.hint, off)
        or _off_by(items, off, "hand")
    )


def _peg_hint(check: PegCheck, answer: int | str) -> str:
    off = int(answer) - check.answer if isinstance(answer, int) else 0
    items = check.score().items
    return (
        _peg_trap(check, int(_points_given(check, answer)))
        or _one_kind_short(items, off)
        or _authored(check.hint, off)
        or _off_by(items, off, "card")
    )


def _fifteen_hint(check: FifteenCheck, answer: int | str) -> str:
    return _explain_fifteen(check, answer).details[0]


def _table_go_hint(check: TableGoCheck, answer: int | str) -> str:
    if check.ask == "leads-next":
        return (
            "After a go or a 31, the lead passes to the left of whoever laid the last "
            "card. A player with no cards left is passed over."
        )
    return (
        "The point goes to whoever laid the most recent card, once nobody at the "
        "table can lay another."
    )


def _skunk_hint(check: SkunkCheck, answer: int | str) -> str:
    lines = "the skunk lines, before 61 and 91" if check.game == 121 else "the skunk line"
    return f"Look again at where the loser's peg stands against {lines}."


def _cut_hint(check: CutCheck, answer: int | str) -> str:
    if check.answer == "again" or answer == "again":
        return "Look at the ranks of the two cards: is one lower, or are they the same?"
    return "The lower card deals. The ace is the lowest card of all, and the king the highest."


#: How a first hint opens: which way the answer was off, never by how much (the
#: answer plus the gap would be the answer itself).
TOO_FEW = "Too few points"
TOO_MANY = "Too many points"


def _one_kind_short(items: Sequence[ScoreItem], off: int) -> str:
    """For an answer short by what only one kind of score can be: look again at that kind."""
    if off >= 0:
        return ""
    found = explain.shortfall(items, -off)
    kinds = {kind for way in found.candidates for kind, _ in way}
    return explain.short_note(items, -off, lead=TOO_FEW) if len(kinds) == 1 else ""


def _authored(text: str | None, off: int) -> str:
    """The lesson's own hint for its question, after which way the answer was off."""
    if text is None:
        return ""
    if off:
        return f"{TOO_MANY if off > 0 else TOO_FEW}. {text}"
    return text


def _off_by(items: Sequence[ScoreItem], off: int, what: str) -> str:
    if off < 0:
        return explain.short_note(items, -off, lead=TOO_FEW)
    if what == "card":
        return f"{TOO_MANY}: check that this card really made each score you counted."
    return (
        f"{TOO_MANY}: check that each combination you counted is in this {what}. "
        "Count none of them twice."
    )


#: The rule for runs in the play, as the lessons state it.
RUN_RULE = (
    "Look at the last three cards laid, then the last four, and so on. "
    "The biggest group that makes a row is the run"
)


def _peg_trap(check: PegCheck, answer: int) -> str:
    """The rule a wrong answer to a peg question broke, when the pile makes it clear
    (``answer`` in points, whatever the question asks for)."""
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
                f"A pair needs the same rank. The {previous.label} and the {card.label} "
                "are both worth 10, but they are not a pair."
            )
        if any(other.rank is card.rank for other in pile[:-2]) and answer - right == 2:
            return (
                "A pair in the play is with the card laid just before it: a card in between "
                "breaks it."
            )
    run = max((len(item.cards) for item in scored.items if item.kind is Kind.RUN), default=0)
    loose = _loose_run(pile)
    if answer > right and len(loose) > run:
        first = min(i for i, c in enumerate(pile) if c.order in loose)
        ranks = [c.order for c in pile[first:]]
        if len(set(ranks)) < len(ranks):
            return f"A run can't hold the same rank twice. {RUN_RULE}."
        return f"A card that doesn't fit breaks the run. {RUN_RULE}."
    if answer < right and run > 3 and answer <= right - run:
        return (
            "Don't stop at the last three cards. The last four (or more) can make a row when "
            "the last three can't."
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
    kind = replay.closing.kind
    reset = any(event.series_over for event in replay.events[:-1])
    after_reset = (
        " The count went back to 0 after the go, so look at the cards laid since then."
        if reset
        else ""
    )
    if check.ask == "leads-next":
        return "After a go or a 31, the player who did not lay the last card leads."
    if check.ask == "who-scores":
        if kind is Kind.LAST_CARD:
            return (
                "The very last card of the whole play scores 1, for whoever laid it." + after_reset
            )
        if kind is Kind.THIRTY_ONE:
            return "Whoever makes the count exactly 31 scores for it." + after_reset
        return (
            "The point for the go goes to whoever laid the most recent card before "
            "nobody could lay another." + after_reset
        )
    right = check.answer
    off = answer - right if isinstance(answer, int) and isinstance(right, int) else 0
    if kind is Kind.THIRTY_ONE and off == 1:
        return "There is no point for the go on top of a 31."
    if kind in _GO_POINTS and off == -1:
        what = "the go" if kind is Kind.GO else "last card"
        return f"Add the point for {what}: after this card, nobody could lay another."
    return _authored(check.hint, off) or (
        "Add what the card itself made: 15, 31, a pair or a run. "
        "Then add any point for the go or the last card."
    )


def _board_hint(check: BoardCheck, answer: int) -> str:
    back, front = check.you
    if answer > check.game:
        return "The game hole is the last hole of all: a peg stops there."
    if back and answer == min(back + check.points, check.game):
        return (
            "Your back peg jumps past the front one. Start from the front peg, in hole "
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
        f"{four_card_points(value.keep)} on its own. With a starter, from {value.lowest} to "
        f"{value.highest} points, about {round(value.average)} on average.{mark}"
    )


def _explain_skunk(check: SkunkCheck) -> str:
    skunk_line = 91 if check.game == 121 else 31
    if check.answer == "double-skunk":
        return (
            f"The loser has {check.loser}, not even 61: short of the first skunk line. "
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


def _shown(hide: str | None, *, asked: bool) -> Callable[[ScoreItem], bool]:
    """Which points of an event :func:`_story` shows (``asked``: the event is in the part
    the question asks about)."""
    if hide == "all" or (hide == "points" and asked):
        return _never
    if hide == "who-scores" and asked:
        return _not_closing
    return _always


def _closing_words(event: PegEvent, show: Callable[[ScoreItem], bool]) -> str:
    """What follows an event's line for the go, last card or 31 it ends with: who pegs for
    it when ``show(item)``, else only why the series ends."""
    words = ""
    for player, item in event.awards:
        if item.kind in _GO_POINTS:
            if show(item):
                words += " " + explain.closing_line(f"the {SERIES_ORDER[player]}", item.kind)
            elif item.kind is Kind.GO:
                words += " Nobody can lay another card without going past 31."
            else:
                words += " Every card has now been laid."
    return words


def _story(replay: Series, hide: str | None) -> tuple[str, ...]:
    """``hide``: ``None`` shows everything; ``"all"`` no points at all; ``"points"``
    nothing the last card's player pegged from it on; ``"who-scores"`` no go, last card
    or 31 from the last card on; ``"leads-next"`` only not who leads next."""
    last = max(i for i, event in enumerate(replay.events) if event.card == replay.last_card)
    lines = []
    laid_last = 0
    for index, event in enumerate(replay.events):
        who = f"the {SERIES_ORDER[event.player]}"
        show = _shown(hide, asked=index >= last)
        if event.card is None:
            line = explain.go_line(who)
        else:
            own = [item for item in event.items_for(event.player) if item.kind not in _GO_POINTS]
            line = explain.lay_line(who, event.card, event.count, [i for i in own if show(i)])
        lines.append(line + _closing_words(event, show))
        if event.card is not None:
            laid_last = event.player
        more = index < len(replay.events) - 1 or hide is None
        if event.series_over and not event.play_over and event.next_player is not None and more:
            lines.append(_lead_line(event.next_player, laid_last))
    if hide is None and replay.next_leader is None:
        lines.append(explain.next_lead_line(None))
    return tuple(lines)


def _table_who(seat: str) -> str:
    """A seat of a ``table-go`` check in a sentence: ``the first player``, ``the dealer``."""
    return "the dealer" if seat == "dealer" else f"the {seat} player"


def table_story(check: TableGoCheck, *, with_scores: bool) -> tuple[str, ...]:
    """The play of a ``table-go`` check round the table, one line an action; without
    ``with_scores``, the end of the series is left for the learner (who pegs for it, or
    who leads next)."""
    replay = check.replay()
    lines = []
    for event in replay.events:
        who = _table_who(check.seats[event.player])
        if event.card is None:
            line = explain.go_line(who)
        else:
            own = [item for item in event.items_for(event.player) if item.kind not in _GO_POINTS]
            line = explain.lay_line(who, event.card, event.count, own)
        for player, item in event.awards:
            if item.kind not in _GO_POINTS:
                continue
            if with_scores or check.ask == "leads-next":
                scorer = _table_who(check.seats[player])
                line += " " + explain.closing_line(scorer, item.kind)
            elif item.kind is Kind.GO:
                line += " Nobody can lay another card without going past 31."
            else:
                line += " Every card has now been laid."
        lines.append(line)
    if with_scores and replay.next_leader is not None:
        who = _table_who(check.seats[replay.next_leader])
        lines.append(
            f"The count goes back to zero, and {who} leads the next series. The lead passes "
            "left from whoever laid the last card, to the first player with a card left."
        )
    elif with_scores:
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


#: :func:`hint`'s nudge for each type of question (any other: what each choice scores).
_HINTS: dict[type[Check], Callable[[Any, int | str], str]] = {
    CountCheck: _count_hint,
    PegCheck: _peg_hint,
    FifteenCheck: _fifteen_hint,
    GoCheck: _go_hint,
    TableGoCheck: _table_go_hint,
    SkunkCheck: _skunk_hint,
    BoardCheck: lambda check, answer: _board_hint(check, int(answer)),
    CutCheck: _cut_hint,
}

"""The grade of a go question: who pegs, what for, and who leads next, with the end of the
series told in words."""

from __future__ import annotations

from typing import Literal

from trainer.engine import (
    explain_items,
)
from trainer.engine.skills import Category, Mode
from trainer.engine.vocab import Seat
from trainer.training import explain
from trainer.training.grading.claims import item_category
from trainer.training.grading.counts import Grade, _unique
from trainer.training.inputs import InputProblem
from trainer.training.questions import (
    GoQuestion,
)
from trainer.training.seats import DRILL_NAMES, player_names

#: Answers to "what does the end of the series peg?": id -> (label, points).
GO_CHOICES: dict[str, tuple[str, int]] = {
    "go": ("1 for the go", 1),
    "last card": ("1 for last card", 1),
    "thirty-one": ("2 for 31", 2),
    "thirty-one and last card": ("3: 2 for 31 and 1 for last card", 3),
    "thirty-one and go": ("3: 2 for 31 and 1 for the go", 3),
}


# --- the go -------------------------------------------------------------------------------------


def _player(player: Seat, players: int = 2) -> str:
    return DRILL_NAMES[player].lower() if players == 2 else player_names(players)[player]


def _does(player: Seat, verb: str, players: int = 2) -> str:
    """ "you peg" / "your opponent pegs"."""
    return f"{_player(player, players)} {verb if player == 0 else verb + 's'}"


def go_explanation(question: GoQuestion) -> tuple[str, ...]:
    """The end of the series in words (from :mod:`trainer.training.explain`): who laid last,
    what it pegs, who leads next."""
    n = question.players
    last = [step for step in question.steps if step.card is not None][-1]
    assert last.card is not None
    pegs = "peg" if question.scorer == 0 else "pegs"
    lines = [
        explain.last_card_line(_player(last.player, n), last.card, last.count),
        explain.closing_line(
            _player(question.scorer, n),
            question.reason,
            pegs=pegs,
            play_over=question.next_leader is None,
        ),
    ]
    if n == 4 and question.scorer in (1, 3):
        lines.append("The point goes on your opponents' score: partners peg together.")
    elif n == 4 and question.scorer == 2:
        lines.append("Your partner's point goes on your score: partners peg together.")
    if question.last_items:
        lines.append(f"(The card itself also pegged {explain_items(question.last_items)}.)")
    leader = question.next_leader
    if leader is None:
        lines.append(explain.next_lead_line(None))
    elif n == 2:
        leads = "lead" if leader == 0 else "leads"
        out = None
        if leader == question.scorer:
            other = 1 - leader
            out = f"{_player(other)} {'have' if other == 0 else 'has'} no cards left"
        lines.append(explain.next_lead_line(_player(leader), leads=leads, again_because=out))
    else:
        lines.append(_round_the_table_lead(question, leader))
    return tuple(lines)


def _round_the_table_lead(question: GoQuestion, leader: int) -> str:
    """Who leads after a series among three or four: the next player round the table (to
    the left) from the one who laid the last card, passing over anyone with no cards left."""
    n = question.players
    who = _player(leader, n)
    leads = "lead" if leader == 0 else "leads"
    passed = []
    seat = (question.last_player + 1) % n
    while seat != leader:
        passed.append(_player(seat, n))
        seat = (seat + 1) % n
    if leader == question.last_player:
        return (
            f"The count goes back to zero. Everyone else has laid all their cards, so {who} "
            f"{leads} again."
        )
    head = "The count goes back to zero, and the lead passes to the left of the last card"
    if passed:
        out = " and ".join(passed)
        have = "have" if passed == ["you"] or len(passed) > 1 else "has"
        return f"{head}: {out} {have} no cards left, so {who} {leads}."
    return f"{head}: {who} {leads}."


def _go_answer(question: GoQuestion) -> str:
    """ "your opponent pegs 1 for the go, and you lead next." """
    points = GO_CHOICES[question.reason][0]
    n = question.players
    if question.next_leader is None:
        after = "and the play is over."
    elif question.next_leader == question.scorer:
        after = f"and {_does(question.next_leader, 'lead', n)} again."
    else:
        after = f"and {_does(question.next_leader, 'lead', n)} next."
    return f"{_does(question.scorer, 'peg', n)} {points}, {after}"


def grade_go(
    question: GoQuestion,
    scorer: int | None,
    choice: str | None,
    leader: int | Literal["unset"] | None,
    *,
    seconds: float,
) -> Grade:
    """Grade who pegs (0 you, 1 your opponent; among three or four, the players clockwise
    from you), what for (a :data:`GO_CHOICES` id) and who leads next (``None``: nobody,
    the play is over)."""
    n = question.players
    seats = tuple(range(n))
    if scorer not in seats or isinstance(scorer, bool):
        raise InputProblem(
            "Who pegs?", "choose you or your opponent." if n == 2 else "choose who pegs."
        )
    if choice not in GO_CHOICES:
        raise InputProblem("What for?", "choose what the end of the series pegs.")
    if leader == "unset" or isinstance(leader, bool) or leader not in (*seats, None):
        raise InputProblem("Who leads next?", "choose who leads, or that the play is over.")
    label, points = GO_CHOICES[choice]
    right_scorer = scorer == question.scorer
    right_choice = choice == question.reason
    right_leader = leader == question.next_leader
    correct = right_scorer and right_choice and right_leader
    reason_category = item_category(question.reason)
    categories: list[Category] = []
    if not (right_scorer and right_choice):
        categories.append(reason_category)
    if not right_leader:
        categories.append(Category.GO)
    notes: list[str] = []
    if not right_scorer:
        notes.append(f"It is {_player(question.scorer, n)} who pegs, not {_player(scorer, n)}.")
    if not right_choice:
        notes.append(f"It is {GO_CHOICES[question.reason][0]}, not {label}.")
    if not right_leader:
        want = (
            "nobody: the play is over"
            if question.next_leader is None
            else _player(question.next_leader, n)
        )
        notes.append(f"Next to lead: {want}.")
    given = points if right_scorer else 0
    lead_text = "nobody" if leader is None else _player(leader, n)
    answer = f"{_player(scorer, n)}; {choice}; leads: {lead_text}"
    answer_text = _go_answer(question)
    headline = f"Right: {answer_text}" if correct else f"Not quite: {answer_text}"
    return Grade(
        question=question,
        mode=Mode.CHOICE,
        answer=answer,
        correct=correct,
        right_total=question.total,
        given_total=given,
        found=(question.award,) if correct else (),
        missed=() if correct else (question.award,),
        claims=(),
        categories=_unique(categories),
        headline=headline,
        notes=tuple(notes),
        seconds=seconds,
    )

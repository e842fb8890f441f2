"""The grade of a count (a hand, a crib, the last card of a pile, a hand counted in a
game): a typed total (quick mode) or each combination claimed (claim mode), what was found
and missed, the notes on a gap, and the answer as a recorded attempt."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trainer.engine import (
    Kind,
    ScoreItem,
    ShowEvent,
    ShowScore,
    Which,
    number_word,
)
from trainer.engine.skills import Category, DrillType, Mode
from trainer.training.explain import amount, short_note, shortfall
from trainer.training.grading.claims import (
    Claim,
    ClaimCheck,
    _key,
    check_claims,
    item_category,
)
from trainer.training.inputs import read_points
from trainer.training.questions import (
    PegQuestion,
    Question,
    ShowQuestion,
)
from trainer.training.records import AttemptIn

#: Longest answer kept in a record (a long list of claims is cut short).
ANSWER_MAX = 400


def answer_box(question: Question) -> str:
    """The label of the box the learner types the answer into."""
    if isinstance(question, PegQuestion):
        return "Points for the last card"
    return "Your total"


def _unique(values: Iterable[Category]) -> tuple[Category, ...]:
    return tuple(dict.fromkeys(values))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- grades -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Grade:
    """A graded answer: right or not, what was found and missed, and why.

    ``given_total`` is what the learner counted, ``points_off`` that minus the
    right total; ``categories`` the stored categories they got wrong;
    ``notes`` the explanation's sentences beyond the items themselves;
    ``muggins`` the points an opponent takes (0 unless muggins is on).
    """

    question: Question
    mode: Mode
    answer: str
    correct: bool
    right_total: int
    given_total: int
    found: tuple[ScoreItem, ...]
    missed: tuple[ScoreItem, ...]
    claims: tuple[ClaimCheck, ...]
    categories: tuple[Category, ...]
    headline: str
    notes: tuple[str, ...]
    seconds: float
    muggins: int = 0

    @property
    def points_off(self) -> int:
        return self.given_total - self.right_total

    @property
    def wrong_claims(self) -> tuple[ClaimCheck, ...]:
        return tuple(check for check in self.claims if check.status != "found")

    def attempt(self) -> AttemptIn:
        """The record the progress store keeps for this answer."""
        q = self.question
        return AttemptIn(
            drill=q.drill,
            tier=q.tier,
            seed=q.seed,
            question=q.notation(),
            answer=self.answer
            if len(self.answer) <= ANSWER_MAX
            else self.answer[:ANSWER_MAX] + "…",
            correct=self.correct,
            points_off=self.points_off,
            missed=self.categories,
            seconds=round(self.seconds, 2),
            mode=self.mode,
        )


def _difference_notes(
    question: ShowQuestion | PegQuestion, given: int
) -> tuple[tuple[str, ...], tuple[Category, ...]]:
    """(notes, categories) for a wrong total. A total short by a gap that only one set of
    items fits names them; a gap that fits several names the candidates, and only the
    kinds common to every candidate are recorded (none: a "total only" miss)."""
    right = question.total
    crib = isinstance(question, ShowQuestion) and question.crib
    if given < right:
        short = right - given
        found = shortfall(question.score.items, short)
        categories = tuple(item_category(kind, crib=crib) for kind in found.certain)
        if isinstance(question, PegQuestion):
            note = short_note(
                question.score.items, short, name_cards=True, count=question.score.count
            )
        else:
            note = short_note(
                question.score.items, short, name_cards=True, starter=question.starter
            )
            if len(found.candidates) != 1:
                note += " Every combination is listed below."
        return (note,), categories
    over = given - right
    trap, category = _trap_note(question, over)
    notes = [f"You were {amount(over, 'over')}."]
    if trap:
        notes.append(trap)
    return tuple(notes), ((category,) if category else ())


def _trap_note(question: ShowQuestion | PegQuestion, over: int) -> tuple[str, Category | None]:
    """The likely reason for counting too much, from the traps this question holds."""
    f = question.features
    if isinstance(question, ShowQuestion):
        if "crib-four-flush" in f and over in (4, 5):
            return (
                "In the crib, four cards of one suit are not a flush: "
                "the starter has to match them too.",
                Category.CRIB_FLUSH,
            )
        if "jack-starter" in f and over in (1, 2):
            return (
                f"The starter {question.starter.label} is a jack, and a starter jack is never "
                "nobs (it gives the dealer 2 for his heels at the cut).",
                Category.NOBS,
            )
        if "false-flush" in f and over in (4, 5):
            return (
                "Three cards and the starter in one suit are not a flush: all four cards "
                "of the hand must share the suit.",
                Category.FLUSH,
            )
        runs = question.score.by_kind(Kind.RUN)
        if "multi-run" in f and over in (2, len(runs[0].cards)):
            return (
                "Remember that a double run is two runs plus the pair inside them: "
                "count each once.",
                Category.RUN,
            )
        return "", None
    pile = question.pile
    if "split-pair" in f:
        return (
            f"The {pile[-3].label} and the {pile[-1].label} have the {pile[-2].label} between "
            "them: a pair needs the two cards one after the other.",
            Category.PAIR,
        )
    if "rank-not-value" in f:
        return (
            f"The {pile[-2].label} and the {pile[-1].label} are both worth 10 but are not the "
            "same rank, so they are not a pair.",
            Category.PAIR,
        )
    if "broken-run" in f:
        return (
            "A run counts only the latest cards in an unbroken sequence: a repeated rank "
            "or a card out of the sequence stops it.",
            Category.RUN,
        )
    return "", None


def _headline_total(question: Question, given: int) -> str:
    right = question.total
    what = "this hand" if isinstance(question, ShowQuestion) and not question.crib else "this crib"
    if isinstance(question, PegQuestion):
        what = f"the {question.pile[-1].label}"
    if given == right:
        return f"Right: {right}."
    if isinstance(question, PegQuestion):
        return f"Not quite: you said {given}; {what} pegs {right}."
    return f"Not quite: you said {given}; {what} makes {right}."


def _muggins_note(points: int) -> str:
    if points == 1:
        return "Muggins! Your opponent spots the point you missed and pegs it."
    return f"Muggins! Your opponent spots the {points} points you missed and pegs them."


#: The tier a count made in a game is stored under.
GAME_TIER = "game"


def _game_question(score: ShowScore, *, crib: bool, game_seed: int, deal_no: int) -> ShowQuestion:
    return ShowQuestion(
        drill=DrillType.CRIB if crib else DrillType.HAND,
        tier=GAME_TIER,
        seed=game_seed,
        index=deal_no,
        hand=score.hand,
        starter=score.starter,
        crib=crib,
        score=score,
        features=frozenset(),
    )


def game_claims_total(score: ShowScore, claims: Sequence[Claim], *, crib: bool) -> int:
    """What a hand counted combination by combination in a game comes to, as the person
    counted it (a claim that is not there adds what it would have made), against ``score``
    (the hand's score of the kinds the game counts)."""
    question = _game_question(score, crib=crib, game_seed=0, deal_no=1)
    return grade_claims(question, claims, seconds=0.0).given_total


def grade_game_count(
    event: ShowEvent, *, game_seed: int, deal_no: int, seconds: float, muggins: bool = True
) -> Grade:
    """A count the person made in a game (the show event, with its claim), graded exactly as
    a typed total in a drill: drill ``hand`` or ``crib``, tier ``game``, the game's seed and
    the deal's number as the question's place. Under ``muggins`` what was missed is said to
    be taken; counted aloud (a learning game), nobody takes it."""
    if event.claimed is None:
        raise ValueError("this show was counted by the trainer: there is no count to grade")
    question = _game_question(
        event.score, crib=event.which is Which.CRIB, game_seed=game_seed, deal_no=deal_no
    )
    return grade_quick(question, event.claimed, seconds=seconds, muggins=muggins)


def grade_quick(
    question: ShowQuestion | PegQuestion,
    text: str | int | None,
    *,
    seconds: float,
    muggins: bool = False,
) -> Grade:
    """Grade a typed total. Bad input raises :class:`InputProblem` naming the box."""
    given = read_points(text, box=answer_box(question), most=question.most)
    right = question.total
    items = question.score.items
    correct = given == right
    notes: tuple[str, ...] = ()
    categories: tuple[Category, ...] = ()
    if not correct:
        notes, categories = _difference_notes(question, given)
    taken = max(0, right - given) if muggins else 0
    if taken:
        notes = (*notes, _muggins_note(taken))
    return Grade(
        question=question,
        mode=Mode.QUICK,
        answer=str(given),
        correct=correct,
        right_total=right,
        given_total=given,
        found=items if correct else (),
        missed=() if correct else items,
        claims=(),
        categories=categories,
        headline=_headline_total(question, given),
        notes=notes,
        seconds=seconds,
        muggins=taken,
    )


def _claims_headline(
    question: ShowQuestion, found: Sequence[ScoreItem], bad: Sequence[ClaimCheck]
) -> str:
    """Right, or what went wrong: combinations missed, claims that did not count, or both."""
    right = question.total
    every = len(question.score.items)
    if not bad and len(found) == every:
        return f"Right: every combination found, {right} in all."
    wrong = ""
    if bad:
        count = len(bad)
        listed = "; ".join(check.claim.describe() for check in bad[:3])
        more = f"; and {count - 3} more" if count > 3 else ""
        were = "claim was" if count == 1 else "claims were"
        wrong = f"{number_word(count) if count <= 20 else count} {were} wrong: {listed}{more}."
    if len(found) == every:
        return f"All {every} combinations found, but {wrong}"
    got = (
        f"You found {len(found)} of {every} combinations: "
        f"{sum(item.points for item in found)} of {right} points"
    )
    return f"{got}, and {wrong}" if wrong else f"{got}."


def grade_claims(
    question: ShowQuestion,
    claims: Sequence[Claim],
    *,
    seconds: float,
    muggins: bool = False,
) -> Grade:
    """Grade a hand counted combination by combination."""
    checks = check_claims(question, claims)
    found_keys = {_key(item) for check in checks for item in check.items}
    found = tuple(item for item in question.score.items if _key(item) in found_keys)
    missed = tuple(item for item in question.score.items if _key(item) not in found_keys)
    bad = [check for check in checks if check.status != "found"]
    given = sum(item.points for item in found) + sum(check.claim.points for check in bad)
    correct = not missed and not bad
    crib = question.crib
    categories = _unique(
        [item_category(item.kind, crib=crib) for item in missed]
        + [item_category(check.claim.kind, crib=crib) for check in bad]
    )
    right = question.total
    headline = _claims_headline(question, found, bad)
    notes: list[str] = []
    if bad:
        count = len(bad)
        notes.append(
            f"{_cap(number_word(count))} claim{'s' if count > 1 else ''} did not count "
            f"({sum(check.claim.points for check in bad)} points you would have pegged by mistake)."
        )
    for item in missed:
        if item.kind is Kind.NOBS:
            notes.append(
                f"Missed nobs: the {item.cards[0].label} is the same suit as the starter "
                f"({question.starter.label})."
            )
    taken = sum(item.points for item in missed) if muggins else 0
    if taken:
        notes.append(_muggins_note(taken))
    answer = "; ".join(claim.notation() for claim in claims) or "(nothing claimed)"
    return Grade(
        question=question,
        mode=Mode.CLAIM,
        answer=answer,
        correct=correct,
        right_total=right,
        given_total=given,
        found=found,
        missed=missed,
        claims=checks,
        categories=categories,
        headline=headline,
        notes=tuple(notes),
        seconds=seconds,
        muggins=taken,
    )

"""A practice set, as a small state machine the Practice page drives: :class:`PracticeSet`.

It walks a :class:`~trainer.training.sets.spec.SetSpec`: ``question`` → (answer) →
``feedback`` → (next) → ... → ``done``, keeping every
:class:`~trainer.training.grading.Grade`. Time comes in as arguments (``now``), so the
whole thing is testable without a clock or Streamlit.

>>> from trainer.content.catalog import load_drills
>>> from trainer.engine.skills import DrillType
>>> catalog = load_drills()
>>> run = PracticeSet(SetSpec(DrillType.HAND, "beginner", seed=7, length=2))
>>> q = run.question(catalog)
>>> run.start_clock(0.0)
>>> run.answer_quick(catalog, str(q.total), now=4.0).correct
True
>>> run.phase
'feedback'
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from trainer.content.catalog import DrillCatalog, Tier
from trainer.engine import Card
from trainer.engine.skills import DrillType, Mode
from trainer.engine.vocab import Seat
from trainer.training.grading import (
    AdviceGrade,
    Claim,
    ClaimKind,
    Grade,
    Graded,
    InputProblem,
    claim_problem,
    grade_claims,
    grade_go,
    grade_lay,
    grade_quick,
    grade_throw,
)
from trainer.training.questions import (
    Dealt,
    DiscardQuestion,
    GoQuestion,
    PlayQuestion,
    ShowQuestion,
    deal_question,
)
from trainer.training.questions.coached import discard_question
from trainer.training.sets.spec import SetSpec, new_set_id
from trainer.training.sets.summary import SetSummary, summarize

Phase = Literal["question", "feedback", "done"]


def _tier(catalog: DrillCatalog, drill: DrillType, tier: str) -> Tier:
    return catalog.tier(drill, tier)[1]


@dataclass
class PracticeSet:
    """The state of one set on the page. Mutable; kept in the session."""

    spec: SetSpec
    index: int = 0
    phase: Phase = "question"
    grades: list[Graded] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    shown_at: float | None = None
    set_id: str = field(default_factory=new_set_id)
    _dealt: tuple[int, Dealt] | None = field(default=None, repr=False)

    @property
    def key(self) -> str:
        """The current question's place, ``<set id>/<index>``: an answer to it is stored once."""
        return f"{self.set_id}/{self.index}"

    def resume(self, index: int, answered: frozenset[str] = frozenset()) -> None:
        """Go to question ``index`` (a reload), then past any whose key is in ``answered``."""
        self._expect("question")
        self.index = max(0, min(index, self.spec.length - 1))
        while self.key in answered:
            if self.is_last:
                self.phase = "done"
                return
            self.index += 1

    # -- the current question --------------------------------------------------------------

    def question(self, catalog: DrillCatalog) -> Dealt:
        """The question at ``index`` (dealt once, then kept)."""
        if self._dealt is not None and self._dealt[0] == self.index:
            return self._dealt[1]
        drill, tier = self.spec.pick(catalog, self.index)
        question: Dealt
        if self.spec.hand and self.index == 0:
            question = discard_question(self.spec.hand, tier, seed=self.spec.seed)
        else:
            question = deal_question(drill, tier, self.spec.seed, self.index, catalog=catalog)
        self._dealt = (self.index, question)
        return question

    def tier(self, catalog: DrillCatalog) -> Tier:
        return _tier(catalog, *self.spec.pick(catalog, self.index))

    def answer_mode(self, catalog: DrillCatalog) -> Mode:
        """How the current question is answered: a typed total or claims (the set's mode),
        the go's choices, two cards tapped to throw, one card tapped to lay."""
        question = self.question(catalog)
        if isinstance(question, GoQuestion):
            return Mode.CHOICE
        if isinstance(question, DiscardQuestion):
            return Mode.THROW
        if isinstance(question, PlayQuestion):
            return Mode.LAY
        if isinstance(question, ShowQuestion):
            return self.spec.mode
        return Mode.QUICK

    def start_clock(self, now: float) -> None:
        """Start timing the current question (the first time it is shown)."""
        if self.shown_at is None:
            self.shown_at = now

    def _seconds(self, now: float) -> float:
        return max(0.0, now - (self.shown_at if self.shown_at is not None else now))

    def _expect(self, phase: Phase) -> None:
        if self.phase != phase:
            raise RuntimeError(f"the set is at {self.phase!r}, not {phase!r}")

    def _graded(self, grade: Graded) -> Graded:
        self.grades.append(grade)
        self.phase = "feedback"
        return grade

    # -- answering --------------------------------------------------------------------------

    def answer_quick(self, catalog: DrillCatalog, text: str | None, *, now: float) -> Grade:
        """A typed total; :class:`~trainer.training.inputs.InputProblem` if it cannot be graded."""
        self._expect("question")
        question = self.question(catalog)
        if isinstance(question, GoQuestion):
            raise InputProblem("Your answer", "this question is answered with the choices.")
        if isinstance(question, DiscardQuestion | PlayQuestion):
            raise InputProblem("Your answer", "this question is answered by tapping cards.")
        grade = grade_quick(question, text, seconds=self._seconds(now), muggins=self.spec.muggins)
        self._graded(grade)
        return grade

    def add_claim(self, catalog: DrillCatalog, kind: ClaimKind, cards: Sequence[Card]) -> Claim:
        """Claim one combination (graded with the rest when the learner is done)."""
        self._expect("question")
        if not cards:
            raise InputProblem(
                "Cards", f"choose the cards of the {kind} first, then press {kind.label}."
            )
        problem = claim_problem(kind, cards)
        if problem:  # one card is never a fifteen: refused, with the reason, not counted
            raise InputProblem("Claim", f"{problem}.")
        claim = Claim(kind, tuple(cards))
        self.claims.append(claim)
        return claim

    def undo_claim(self, kind: ClaimKind | None = None, cards: Sequence[Card] = ()) -> Claim | None:
        """Take back a claim: the one the learner undid (``kind`` and ``cards``, as the list
        showed it), or the last one when none is named. Undoing a claim that was refused
        takes nothing back (it was never counted); None when nothing was taken back."""
        if kind is None:
            return self.claims.pop() if self.claims else None
        for n in range(len(self.claims) - 1, -1, -1):
            if self.claims[n].kind is kind and set(self.claims[n].cards) == set(cards):
                return self.claims.pop(n)
        return None

    def list_claims(
        self, catalog: DrillCatalog, claims: Sequence[tuple[ClaimKind, Sequence[Card]]]
    ) -> None:
        """The claims, in order, as the learner saw them listed (a claim that cannot be a
        combination is left out, as :meth:`add_claim` refuses it)."""
        self.claims = []
        for kind, cards in claims:
            with contextlib.suppress(InputProblem):
                self.add_claim(catalog, kind, cards)

    @property
    def draft_key(self) -> str:
        """Where the claims made so far on this question are kept while it is answered."""
        return f"claims:{self.key}"

    def claims_draft(self) -> str:
        """The claims made so far, as text that :meth:`restore_claims` reads back
        (``fifteen 5H TD; pair 5H 5D``), so a reload or a restart keeps them."""
        return "; ".join(claim.notation() for claim in self.claims)

    def restore_claims(self, text: str) -> None:
        """The claims of :meth:`claims_draft`, back on the question; a part that does not
        read as a claim is left out."""
        claims = []
        for part in text.split(";"):
            with contextlib.suppress(ValueError):
                claims.append(Claim.parse(part))
        self.claims = claims

    def finish_claims(self, catalog: DrillCatalog, *, now: float) -> Grade:
        self._expect("question")
        question = self.question(catalog)
        if not isinstance(question, ShowQuestion):
            raise InputProblem("Your answer", "only hands and cribs are counted claim by claim.")
        grade = grade_claims(
            question, self.claims, seconds=self._seconds(now), muggins=self.spec.muggins
        )
        self._graded(grade)
        return grade

    def answer_go(
        self,
        catalog: DrillCatalog,
        scorer: int | None,
        choice: str | None,
        leader: Seat | Literal["unset"] | None,
        *,
        now: float,
    ) -> Grade:
        self._expect("question")
        question = self.question(catalog)
        if not isinstance(question, GoQuestion):
            raise InputProblem("Your answer", "this question is answered with a number.")
        grade = grade_go(question, scorer, choice, leader, seconds=self._seconds(now))
        self._graded(grade)
        return grade

    def answer_throw(
        self, catalog: DrillCatalog, cards: Sequence[Card], *, now: float
    ) -> AdviceGrade:
        """The two cards thrown to the crib ("Which two do you throw?")."""
        self._expect("question")
        question = self.question(catalog)
        if not isinstance(question, DiscardQuestion):
            raise InputProblem("Your answer", "this question is not a throw to the crib.")
        grade = grade_throw(question, cards, seconds=self._seconds(now))
        self._graded(grade)
        return grade

    def answer_lay(
        self, catalog: DrillCatalog, cards: Sequence[Card], *, now: float
    ) -> AdviceGrade:
        """The card laid ("What would you play?"): ``cards`` holds that one card."""
        self._expect("question")
        question = self.question(catalog)
        if not isinstance(question, PlayQuestion):
            raise InputProblem("Your answer", "this question is not a card to lay.")
        grade = grade_lay(question, cards, seconds=self._seconds(now))
        self._graded(grade)
        return grade

    # -- moving on ----------------------------------------------------------------------------

    @property
    def last_grade(self) -> Graded | None:
        return self.grades[-1] if self.grades else None

    @property
    def is_last(self) -> bool:
        return self.index + 1 >= self.spec.length

    def next(self) -> None:
        """On to the next question, or to the summary after the last."""
        self._expect("feedback")
        self.claims = []
        self.shown_at = None
        if self.is_last:
            self.phase = "done"
        else:
            self.index += 1
            self.phase = "question"

    def summary(self, catalog: DrillCatalog) -> SetSummary:
        targets = [
            float(_tier(catalog, grade.question.drill, grade.question.tier).pace)
            for grade in self.grades
        ]
        return summarize(self.grades, targets)

"""A practice set, as a small state machine the Practice page drives.

A set is described by a :class:`SetSpec` (drill, tier, seed, length, answer
mode, muggins, optional weights for mixed sets). :class:`PracticeSet` walks it:
``question`` → (answer) → ``feedback`` → (next) → ... → ``done``, keeping every
:class:`~trainer.training.grading.Grade`. Time comes in as arguments (``now``), so the
whole thing is testable without a clock or Streamlit.

Where a set comes from:

* the page's own choices;
* query parameters, ``?drill=hand&tier=beginner&seed=7`` (also ``mode=claim``,
  ``length=5``, ``muggins=1``; ``drill`` or ``tier`` may be ``mixed``), so a
  set can be shared or replayed by its link;
* session keys ``practice_drill`` / ``practice_tier`` (and optionally
  ``practice_seed``), set by another page for a one-click "practise this";
* ``practice_weights``, a mapping ``{(drill, tier): weight}`` that mixed sets
  draw from (the adaptive mode sets it); in the address it is ``w=peg.traps:3,hand.club:1``
  (see :func:`weights_param`);
* ``hand``: six cards for the first question of "Which two do you throw?"
  (``?drill=discard&tier=pone&hand=5H,5D,5C,JS,2D,9C``, or the session key ``practice_hand``):
  a throw from a reviewed game, practised again; the rest of the set is dealt as usual.

A running set keeps its place in the address too: ``set=<id>`` names this run of the set
and ``q=<n>`` the question it is on (see :func:`place_from_request`), so a reload resumes
it, and :attr:`PracticeSet.key` names each answer's place so it is stored once.

>>> from trainer.content.catalog import load_drills
>>> catalog = load_drills()
>>> run = PracticeSet(SetSpec("hand", "beginner", seed=7, length=2))
>>> q = run.question(catalog)
>>> run.start_clock(0.0)
>>> run.answer_quick(catalog, str(q.total), now=4.0).correct
True
>>> run.phase
'feedback'
"""

from __future__ import annotations

import contextlib
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from trainer.content.catalog import DrillCatalog, Tier
from trainer.engine import Card, CardNotationError, parse_cards
from trainer.engine.skills import CATEGORY_LABELS, Mode
from trainer.engine.vocab import Seat
from trainer.training.grading import (
    CLAIM_KINDS,
    AdviceGrade,
    Claim,
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
from trainer.training.inputs import quote
from trainer.training.questions import (
    Dealt,
    DiscardQuestion,
    GoQuestion,
    PlayQuestion,
    ShowQuestion,
    deal_question,
)
from trainer.training.questions.coached import discard_question

__all__ = [
    "MIXED",
    "PracticeSet",
    "SetSpec",
    "SetSummary",
    "new_seed",
    "new_set_id",
    "place_from_request",
    "set_address",
    "spec_from_request",
    "summarize",
    "weights_param",
]

MIXED = "mixed"
MIXED_LENGTH = 10
MAX_SEED = 999_999
Phase = Literal["question", "feedback", "done"]
Weights = tuple[tuple[tuple[str, str], float], ...]


def new_set_id(rng: random.Random | None = None) -> str:
    """A short id for one run of a set (a replay of the same deal is a new run)."""
    return f"{(rng or random.SystemRandom()).getrandbits(40):010x}"


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh seed for a new set (short enough to read out and type)."""
    return (rng or random.SystemRandom()).randint(1, MAX_SEED)


@dataclass(frozen=True, slots=True)
class SetSpec:
    """What a set is: which drill and tier (either may be ``"mixed"``), its seed,
    how many questions, how the learner answers, and muggins on or off."""

    drill: str
    tier: str
    seed: int
    length: int
    mode: Mode = Mode.QUICK  # a set of counts is typed or claimed
    muggins: bool = False
    weights: Weights = ()
    #: Six cards the first question deals ("Which two do you throw?" only): a throw from a
    #: game, practised again.
    hand: tuple[Card, ...] = ()

    def pairs(self, catalog: DrillCatalog) -> tuple[tuple[tuple[str, str], float], ...]:
        """The (drill, tier) pairs this set deals from, with their weights."""
        available = [
            pair
            for pair in catalog.pairs()
            if (self.drill in (MIXED, pair[0])) and (self.tier in (MIXED, pair[1]))
        ]
        given = {pair: weight for pair, weight in self.weights if pair in available and weight > 0}
        if given:
            return tuple(sorted(given.items()))
        return tuple((pair, 1.0) for pair in available)

    def pick(self, catalog: DrillCatalog, index: int) -> tuple[str, str]:
        """The drill and tier of question ``index`` (fixed for a single drill and tier;
        drawn from the weights, reproducibly, for a mixed set)."""
        if self.drill != MIXED and self.tier != MIXED:
            return self.drill, self.tier
        pairs = self.pairs(catalog)
        if not pairs:
            raise KeyError("there is nothing to deal for this set")
        rng = random.Random(f"{MIXED}/{self.drill}/{self.tier}/{self.seed}/{index}")
        choice = rng.choices([pair for pair, _ in pairs], weights=[w for _, w in pairs], k=1)
        return choice[0]

    def describe(self, catalog: DrillCatalog) -> str:
        """``Count the hand · Beginner`` (or ``Mixed``)."""
        if self.drill == MIXED:
            return "Mixed drills" + (" (your weak spots)" if self.weights else "")
        drill = catalog.drills[self.drill]
        tier = "every level" if self.tier == MIXED else drill.tier(self.tier).title
        return f"{drill.title} · {tier}"


def _tier(catalog: DrillCatalog, drill: str, tier: str) -> Tier:
    return catalog.tier(drill, tier)[1]


@dataclass(frozen=True, slots=True)
class SetSummary:
    """How a set went: accuracy, pace against the target, categories missed most."""

    answered: int
    correct: int
    seconds: float  # mean seconds an answer
    target: float  # mean target pace, seconds a question
    missed_most: tuple[tuple[str, int], ...]  # (category, times), most first
    muggins: int
    choices: int = 0  # answers that were choices graded by the coach (a throw, a card)

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def on_pace(self) -> bool:
        return self.answered > 0 and self.seconds <= self.target

    def lines(self) -> tuple[str, ...]:
        if not self.answered:
            return ("No answers yet.",)
        lines = [
            f"Accuracy: {self.correct} of {self.answered} right ({self.accuracy:.0%}).",
            f"Pace: {self.seconds:.1f} s an answer against a target of {self.target:.0f} s "
            + (
                "(on pace)."
                if self.on_pace
                else "(slower than the target: it comes with practice)."
            ),
        ]
        if self.missed_most:
            names = ", ".join(
                f"{CATEGORY_LABELS.get(category, category)} ({times})"
                for category, times in self.missed_most
            )
            lines.append(f"Missed most: {names}.")
        elif self.correct == self.answered and self.choices == self.answered:
            lines.append("Nothing missed: every choice was as good as the best.")
        elif self.correct == self.answered:
            lines.append("Nothing missed: every combination found.")
        elif self.choices == self.answered:
            lines.append("Some choices were not the best: the explanations say what was better.")
        else:
            lines.append("No one kind of combination stood out among the answers you missed.")
        if self.muggins:
            lines.append(f"Your opponent took {self.muggins} points by muggins.")
        return tuple(lines)


def summarize(grades: Sequence[Graded], targets: Sequence[float]) -> SetSummary:
    """Summarise graded answers; ``targets`` are the target seconds of each question."""
    answered = len(grades)
    counts: Counter[str] = Counter()
    for grade in grades:
        counts.update(grade.categories)
    return SetSummary(
        answered=answered,
        correct=sum(1 for grade in grades if grade.correct),
        seconds=sum(grade.seconds for grade in grades) / answered if answered else 0.0,
        target=sum(targets) / len(targets) if targets else 0.0,
        missed_most=tuple(counts.most_common(3)),
        muggins=sum(grade.muggins for grade in grades),
        choices=sum(1 for grade in grades if isinstance(grade, AdviceGrade)),
    )


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

    def add_claim(self, catalog: DrillCatalog, kind: str, cards: Sequence[Card]) -> Claim:
        """Claim one combination (graded with the rest when the learner is done)."""
        self._expect("question")
        if kind not in CLAIM_KINDS:
            raise InputProblem("Claim", f"{kind!r} is not a combination to claim.")
        if not cards:
            raise InputProblem(
                "Cards", f"choose the cards of the {kind} first, then press {kind.capitalize()}."
            )
        problem = claim_problem(kind, cards)
        if problem:  # one card is never a fifteen: refused, with the reason, not counted
            raise InputProblem("Claim", f"{problem}.")
        claim = Claim(kind, tuple(cards))
        self.claims.append(claim)
        return claim

    def undo_claim(self, kind: str = "", cards: Sequence[Card] = ()) -> Claim | None:
        """Take back a claim: the one the learner undid (``kind`` and ``cards``, as the list
        showed it), or the last one when none is named. Undoing a claim that was refused
        takes nothing back (it was never counted); None when nothing was taken back."""
        if not kind:
            return self.claims.pop() if self.claims else None
        for n in range(len(self.claims) - 1, -1, -1):
            if self.claims[n].kind == kind and set(self.claims[n].cards) == set(cards):
                return self.claims.pop(n)
        return None

    def list_claims(
        self, catalog: DrillCatalog, claims: Sequence[tuple[str, Sequence[Card]]]
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
            words = part.split()
            for n in range(1, len(words)):
                kind = " ".join(words[:n])
                try:
                    cards = parse_cards(" ".join(words[n:]))
                except CardNotationError:
                    continue
                if kind in CLAIM_KINDS:
                    claims.append(Claim(kind, tuple(cards)))
                break
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


# --- where a set comes from ---------------------------------------------------------------------


MAX_WEIGHTS = 64
_WEIGHT = re.compile(r"([a-z0-9-]{1,40})\.([a-z0-9-]{1,40}):(\d{1,6}(?:\.\d{1,6})?)")
_SET_ID = re.compile(r"[0-9a-f]{6,16}")


def weights_param(weights: Weights) -> str:
    """Weights as the address writes them: ``peg.traps:3,hand.club:1.25``.

    >>> weights_param(((("hand", "club"), 1.25), (("peg", "traps"), 3.0)))
    'hand.club:1.25,peg.traps:3'
    """
    return ",".join(f"{d}.{t}:{round(w, 6):g}" for (d, t), w in weights)


def _weights_from_text(text: str) -> dict[tuple[str, str], float] | str:
    parts = [part for part in text.split(",") if part.strip()]
    if len(text) > 4000 or len(parts) > MAX_WEIGHTS:
        return f"The weights in the address are too many (at most {MAX_WEIGHTS})."
    weights: dict[tuple[str, str], float] = {}
    for part in parts:
        found = _WEIGHT.fullmatch(part.strip())
        if found is None:
            return "The weights in the address are not in the form drill.level:number."
        weights[found.group(1), found.group(2)] = float(found.group(3))
    return weights


def place_from_request(params: Mapping[str, Any], length: int) -> tuple[str | None, int]:
    """The run's id and the question index (0-based) named by ``set=`` and ``q=``; a missing
    or malformed value gives None and question 0."""
    raw_id = str(params.get("set", "")).strip().lower()
    set_id = raw_id if _SET_ID.fullmatch(raw_id) else None
    number = _int(params.get("q", ""), 1, length) if set_id else None
    return set_id, (number - 1 if number else 0)


def _weights(raw: Any) -> Weights:
    if not isinstance(raw, Mapping):
        return ()
    weights: list[tuple[tuple[str, str], float]] = []
    for key, value in raw.items():
        if (
            isinstance(key, tuple)
            and len(key) == 2
            and all(isinstance(part, str) for part in key)
            and isinstance(value, int | float)
            and value > 0
        ):
            weights.append(((key[0], key[1]), float(value)))
    return tuple(sorted(weights))


def _int(text: Any, low: int, high: int) -> int | None:
    """A whole number typed as ASCII digits (not ``1_0``, ``1e1`` or ``٣``), in range."""
    digits = str(text).strip(" \t")
    if not (0 < len(digits) <= len(str(high)) and digits.isascii() and digits.isdigit()):
        return None
    value = int(digits)
    return value if low <= value <= high else None


def spec_from_request(
    params: Mapping[str, Any],
    catalog: DrillCatalog,
    *,
    weights: Any = None,
    seed: int | None = None,
) -> SetSpec | str:
    """A set described by query parameters (or the session keys, passed the same way).

    Returns the :class:`SetSpec`, or a sentence saying what is wrong with the request.
    ``seed`` is used when the request names none.
    """
    drill = str(params.get("drill", "")).strip().lower()
    tier = str(params.get("tier", "")).strip().lower() or (MIXED if drill == MIXED else "")
    if drill != MIXED and drill not in catalog.drills:
        if drill in catalog.broken:
            return f"The {drill!r} drill could not be loaded, so it cannot be practised just now."
        known = ", ".join([*catalog.drills, MIXED])
        return f"There is no drill called {drill!r}; choose one of {known}."
    if drill == MIXED:
        tier = MIXED
    elif not tier:
        tier = catalog.drills[drill].tiers[0].id
    elif tier != MIXED and tier not in catalog.drills[drill].tier_ids:
        known = ", ".join(catalog.drills[drill].tier_ids)
        return f"The {drill} drill has no level called {tier!r}; choose one of {known}."
    given_seed = params.get("seed")
    chosen_seed = seed if seed is not None else new_seed()
    if given_seed not in (None, ""):
        parsed = _int(given_seed, 0, 10**9)
        if parsed is None:
            return (
                f"The seed {quote(str(given_seed))} is not a whole number from 0 to 1,000,000,000."
            )
        chosen_seed = parsed
    if drill == MIXED or tier == MIXED:
        length = MIXED_LENGTH
    else:
        length = catalog.drills[drill].tier(tier).length
    if params.get("length") not in (None, ""):
        parsed = _int(params.get("length"), 1, 100)
        if parsed is None:
            return (
                f"The length {quote(str(params.get('length')))} is not a number of questions "
                "from 1 to 100."
            )
        length = parsed
    mode = Mode.CLAIM if str(params.get("mode", "")).lower() == "claim" else Mode.QUICK
    muggins = str(params.get("muggins", "")).lower() in ("1", "true", "yes", "on")
    if params.get("w") not in (None, ""):  # the address's own weights win
        weights = _weights_from_text(str(params.get("w")))
        if isinstance(weights, str):
            return weights
    hand = _hand(params.get("hand"), drill, tier)
    if isinstance(hand, str):
        return hand
    return SetSpec(drill, tier, chosen_seed, length, mode, muggins, _weights(weights), hand)


#: The drill a set may start with six cards given (see :attr:`SetSpec.hand`).
HAND_DRILL = "discard"


def _hand(raw: Any, drill: str, tier: str) -> tuple[Card, ...] | str:
    """The six cards a request names for the first throw (``5H,5D,5C,JS,2D,9C``), none when
    it names none, or a sentence saying what is wrong."""
    if raw in (None, "", ()):
        return ()
    if drill != HAND_DRILL or tier == MIXED:
        return "Six cards can be given only to “Which two do you throw?” at one level."
    text = raw if isinstance(raw, str) else " ".join(str(card) for card in raw)
    if len(text) > 60:
        return "The hand in the address is too long: give six cards, like 5H,5D,5C,JS,2D,9C."
    try:
        cards = parse_cards(text)
    except ValueError as error:
        return f"The hand {quote(text)} cannot be read: {error}."
    if len(cards) != 6:
        return f"The hand {quote(text)} has {len(cards)} cards: a throw is made from six."
    return cards


def set_address(run: PracticeSet) -> dict[str, str]:
    """The address of a running set: its spec, its run id and the question it is on."""
    spec = run.spec
    params = {
        "drill": spec.drill,
        "tier": spec.tier,
        "seed": str(spec.seed),
        "length": str(spec.length),
    }
    if spec.mode == "claim":
        params["mode"] = "claim"
    if spec.muggins:
        params["muggins"] = "1"
    if spec.weights:
        params["w"] = weights_param(spec.weights)
    if spec.hand:
        params["hand"] = ",".join(str(card) for card in spec.hand)
    params["set"] = run.set_id
    params["q"] = str(run.index + 1)
    return params

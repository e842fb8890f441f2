"""Grading drill answers against the engine's items, and explaining them.

Nothing here recomputes a score: the right answer is the engine's list of
items (:func:`~trainer.engine.score_show`, :func:`~trainer.engine.score_play`,
the :class:`~trainer.engine.Pegging` award of a go question), and every
explanation renders those items.

* **Quick mode**: the learner types a total. A wrong total still gets the
  whole breakdown. A total short by what only one kind can make names it
  ("you were one short: one for his nobs, ..."); a gap that fits several kinds
  (4 short: the flush, or two fifteens) lists the candidates, and only the kinds
  common to all of them are recorded as missed (none: a "total only" miss).
* **Claim mode**: the learner claims each combination by its cards, the way it
  is said at the table. Each claim is *found* (an engine item), *twice* (an item
  already claimed) or *wrong* (not a combination, with the reason); every item
  not claimed is *missed*. Found and missed together are always exactly the
  engine's items. A claim stands for one item, except a pair royal or double
  pair royal claimed at once (all its cards of one rank), which stands for the
  pairs inside it (:func:`claim_keys`).
* **The go**: who pegs, what for, and who leads next.
* **The coach drills**: a throw of two cards (:func:`grade_throw`) or a card laid
  (:func:`grade_lay`), graded by :mod:`trainer.training.coach` by the points the choice
  loses against the best one; the coach's lines are the explanation.

>>> from trainer.training.questions import deal_question
>>> q = deal_question("hand", "beginner", seed=7)
>>> grade_quick(q, str(q.total), seconds=3.0).correct
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import ClassVar, Literal

from trainer.engine import (
    Card,
    ScoreItem,
    ShowEvent,
    Which,
    explain_items,
    label_cards,
    number_word,
)
from trainer.engine.skills import Category, DrillType, Mode, category_of
from trainer.engine.vocab import Seat
from trainer.training import explain
from trainer.training.explain import amount, short_note, shortfall
from trainer.training.inputs import InputProblem, read_points
from trainer.training.questions import (
    CoachQuestion,
    DiscardQuestion,
    GoQuestion,
    PegQuestion,
    PlayQuestion,
    Question,
    ShowQuestion,
)
from trainer.training.questions.coached import CoachGrade, grade_discard, grade_play
from trainer.training.records import AttemptIn
from trainer.training.seats import DRILL_NAMES

__all__ = [
    "CLAIM_KINDS",
    "GAME_TIER",
    "GO_CHOICES",
    "AdviceGrade",
    "Claim",
    "ClaimCheck",
    "ClaimKind",
    "Grade",
    "Graded",
    "InputProblem",
    "answer_box",
    "check_claims",
    "claim_keys",
    "claim_problem",
    "grade_claims",
    "grade_game_count",
    "grade_go",
    "grade_lay",
    "grade_quick",
    "grade_throw",
    "item_category",
]


class ClaimKind(StrEnum):
    """What a learner can claim in the show, in counting order. A double run is claimed as
    one unit, the way players say it: its two runs and the pair inside them. The tappable
    cards' buttons are made from these (:mod:`trainer.ui.cardpick`)."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    DOUBLE_RUN = "double run"
    FLUSH = "flush"
    NOBS = "nobs"

    @property
    def label(self) -> str:
        """The button's words: ``Double run``."""
        return self.value.capitalize()

    @property
    def key(self) -> str:
        """The key that chooses it on a keyboard."""
        return _CLAIM_KEYS[self]


_CLAIM_KEYS = {
    ClaimKind.FIFTEEN: "f",
    ClaimKind.PAIR: "p",
    ClaimKind.RUN: "r",
    ClaimKind.DOUBLE_RUN: "d",
    ClaimKind.FLUSH: "l",
    ClaimKind.NOBS: "n",
}
#: The claim kinds' words, in counting order.
CLAIM_KINDS: tuple[str, ...] = tuple(ClaimKind)

#: Answers to "what does the end of the series peg?": id -> (label, points).
GO_CHOICES: dict[str, tuple[str, int]] = {
    "go": ("1 for the go", 1),
    "last card": ("1 for last card", 1),
    "thirty-one": ("2 for 31", 2),
    "thirty-one and last card": ("3: 2 for 31 and 1 for last card", 3),
    "thirty-one and go": ("3: 2 for 31 and 1 for the go", 3),
}

#: Longest answer kept in a record (a long list of claims is cut short).
ANSWER_MAX = 400


def answer_box(question: Question) -> str:
    """The label of the box the learner types the answer into."""
    if isinstance(question, PegQuestion):
        return "Points for the last card"
    return "Your total"


def item_category(item_kind: str, *, crib: bool = False) -> Category:
    """The stored category for an item kind, or for a claim kind (a double run claimed as
    one unit is a run): :func:`trainer.engine.skills.category_of`."""
    return category_of("run" if item_kind == "double run" else item_kind, crib=crib)


def _unique(values: Iterable[Category]) -> tuple[Category, ...]:
    return tuple(dict.fromkeys(values))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- claims -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Claim:
    """One combination the learner says is there: a ``kind`` and its ``cards``."""

    kind: str
    cards: tuple[Card, ...]

    def describe(self) -> str:
        return f"{self.kind} {label_cards(self.cards)}".strip()

    def notation(self) -> str:
        return f"{self.kind} {' '.join(str(card) for card in self.cards)}".strip()

    @property
    def points(self) -> int:
        """What the learner counts for this claim, right or wrong."""
        n = len(self.cards)
        if self.kind == "pair":
            return n * (n - 1) if n >= 2 else 2  # 2, 6, 12 for 2, 3, 4 of a rank
        if self.kind in ("run", "flush"):
            return n
        if self.kind == "double run":
            return 2 * (n - 1) + 2  # two runs of n - 1 and the pair: 8 or 10
        if self.kind == "nobs":
            return 1
        return 2


ClaimStatus = Literal["found", "twice", "wrong"]


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """A claim, and what it turned out to be: ``found`` (the engine ``items`` it
    matched), ``twice`` (already claimed) or ``wrong`` (``message`` says why)."""

    claim: Claim
    status: ClaimStatus
    items: tuple[ScoreItem, ...]
    message: str


Key = tuple[str, frozenset[Card]]


def _key(item: ScoreItem) -> Key:
    return item.kind, frozenset(item.cards)


def _ranks(cards: Sequence[Card]) -> str:
    return "-".join(card.rank.label for card in sorted(cards, key=lambda card: card.order))


def _why_not(question: ShowQuestion, claim: Claim) -> str:
    """Why a claim matches none of the engine's items (the reason, in plain words)."""
    cards = claim.cards
    shown = label_cards(cards)
    hand, starter = question.hand, question.starter
    if not cards:
        return "no cards were chosen"
    if claim.kind == "fifteen":
        if len(cards) < 2:
            return "a fifteen needs two or more cards"
        total = sum(card.pips for card in cards)
        return f"{shown} adds to {total}, not 15"
    if claim.kind == "pair":
        if len(cards) < 2:
            return "a pair is two cards of the same rank"
        if len(cards) > 4:
            return "a deck has only four cards of each rank"
        name = {2: "a pair is two", 3: "a pair royal is three", 4: "a double pair royal is four"}
        pairs = [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :] if a.order == b.order]
        if len({card.order for card in cards}) > 1:
            text = f"{name[len(cards)]} cards of one rank, and {shown} are not all the same rank"
            if len(cards) == 2:
                return text + " (a pair goes by rank, not by value)"
            if pairs:
                return text + f": claim {label_cards(pairs[0])} as a pair on its own"
            return text
        return f"{shown} is not a pair here"
    if claim.kind == "run":
        if len(cards) < 3:
            return "a run needs three or more cards in sequence"
        counts = Counter(card.order for card in cards)
        twice = [card.rank.label for card in cards if counts[card.order] > 1]
        if twice:
            return (
                f"{twice[0]} appears twice in {shown}: a run has one card of each rank, "
                "so a pair inside a run makes two runs, each claimed on its own"
            )
        orders = sorted(counts)
        if orders[-1] - orders[0] != len(orders) - 1:
            return f"{_ranks(cards)} is not a sequence"
        longer = [item for item in question.score.by_kind("run") if set(cards) < set(item.cards)]
        if longer:
            return (
                f"{_ranks(cards)} is part of the longer run {_ranks(longer[0].cards)}: "
                "only the longest run counts"
            )
        return f"{_ranks(cards)} is not a run here"
    if claim.kind == "flush":
        suits = {card.suit for card in cards}
        if len(suits) > 1:
            return f"{shown} are not all one suit"
        suit = next(iter(suits))
        in_hand = [card for card in cards if card in hand]
        if len(in_hand) < 4:
            return (
                "a flush needs all four cards of the hand in one suit; "
                "the starter can only make it five"
            )
        if starter not in cards and starter.suit is suit:
            return f"the starter {starter.label} is a {suit.name.lower()[:-1]} too: it is a five-card flush"
        if question.crib:
            return (
                "in the crib a flush counts only when the starter is the same suit too "
                "(all five cards)"
            )
        return f"{shown} is not a flush here"
    if claim.kind == "nobs":
        if len(cards) != 1:
            return "nobs is one card: the jack of the starter's suit"
        card = cards[0]
        if not card.is_jack:
            return f"{card.label} is not a jack: nobs is the jack of the starter's suit"
        if card == starter:
            return (
                "a jack turned as the starter is never nobs: "
                "it gives the dealer 2 for his heels at the cut"
            )
        return f"{card.label} is not the starter's suit ({starter.suit.symbol})"
    if claim.kind == "double run":
        return _why_not_double_run(question, cards)
    return (
        f"{claim.kind!r} is not something to claim: "
        "use fifteen, pair, run, double run, flush or nobs"
    )


def check_claims(question: ShowQuestion, claims: Sequence[Claim]) -> tuple[ClaimCheck, ...]:
    """Each claim, in order, checked against the engine's items."""
    items = {_key(item): item for item in question.score.items}
    claimed: set[Key] = set()
    cards_here = {*question.hand, question.starter}
    checks: list[ClaimCheck] = []
    for claim in claims:
        stray = [card for card in claim.cards if card not in cards_here]
        if stray:
            checks.append(
                ClaimCheck(claim, "wrong", (), f"{label_cards(stray)} is not in this hand")
            )
            continue
        if len(set(claim.cards)) != len(claim.cards):
            checks.append(ClaimCheck(claim, "wrong", (), "a card was chosen twice"))
            continue
        keys = claim_keys(claim)
        if not keys or not all(key in items for key in keys):
            checks.append(ClaimCheck(claim, "wrong", (), _why_not(question, claim)))
            continue
        new = [key for key in keys if key not in claimed]
        if not new:
            checks.append(
                ClaimCheck(claim, "twice", (), "already claimed: each combination counts once")
            )
            continue
        claimed.update(new)
        checks.append(ClaimCheck(claim, "found", tuple(items[key] for key in new), ""))
    return tuple(checks)


def claim_keys(claim: Claim) -> list[Key]:
    """The engine items a claim stands for, as keys; empty when it can stand for none.

    A claim is one item, except a pair royal or double pair royal claimed at once (three
    or four cards, all of one rank), which stands for every pair inside it, and a double
    run claimed as one unit, which stands for its two runs and its pair. Cards of more
    than one rank are never a pair, however many of them are paired.
    """
    cards = claim.cards
    if claim.kind == "double run":
        return _double_run_keys(cards) or []
    if claim.kind == "pair" and len(cards) in (3, 4):
        if len({card.order for card in cards}) != 1:
            return []
        return [("pair", frozenset((a, b))) for i, a in enumerate(cards) for b in cards[i + 1 :]]
    return [(claim.kind, frozenset(cards))]


# --- a double run, claimed as one unit ------------------------------------------------------------

#: How many cards each kind of claim can have (anything else is refused at once).
CLAIM_SIZES: dict[str, tuple[int, int]] = {
    "fifteen": (2, 5),
    "pair": (2, 4),
    "run": (3, 5),
    "double run": (4, 5),
    "flush": (4, 5),
    "nobs": (1, 1),
}


def claim_problem(kind: str, cards: Sequence[Card]) -> str:
    """Why a claim cannot be a combination of its kind whatever the hand ("" if it can be).

    Only the number of cards is judged here (and a card chosen twice): whether the cards
    really make the combination is graded with the rest of the answer.

    >>> from trainer.engine import parse_cards
    >>> claim_problem("fifteen", parse_cards("3S"))
    'one card is never a fifteen: a fifteen is two or more cards that add up to 15'
    >>> claim_problem("double run", parse_cards("7H 8H 8S 9D"))
    ''
    """
    if kind not in CLAIM_SIZES:
        return f"{kind!r} is not a combination to claim"
    if not cards:
        return f"choose the cards of the {kind} first, then claim it"
    if len(set(cards)) != len(cards):
        return "a card was chosen twice"
    low, high = CLAIM_SIZES[kind]
    n = len(cards)
    if low <= n <= high:
        return ""
    what = "one card is" if n == 1 else f"{number_word(n)} cards are"
    rule = {
        "fifteen": "a fifteen is two or more cards that add up to 15",
        "pair": "a pair is two cards of one rank, a pair royal three, a double pair royal four",
        "run": "a run is three, four or five cards in sequence",
        "double run": (
            "a double run is a run of three or four with one of its ranks twice "
            "(four or five cards)"
        ),
        "flush": "a flush is the four cards of the hand in one suit, or all five",
        "nobs": "nobs is one card, the jack of the starter's suit",
    }[kind]
    article = "an" if kind[0] in "aeiou" else "a"
    return f"{what} never {article} {kind}: {rule}"


def _double_run_keys(cards: Sequence[Card]) -> list[tuple[str, frozenset[Card]]] | None:
    """The two runs and the pair a double run stands for, or None if the cards are not one."""
    by_order: dict[int, list[Card]] = {}
    for card in cards:
        by_order.setdefault(card.order, []).append(card)
    orders = sorted(by_order)
    twice = [order for order in orders if len(by_order[order]) == 2]
    if (
        len(cards) not in (4, 5)
        or len(twice) != 1
        or any(len(group) > 2 for group in by_order.values())
        or orders[-1] - orders[0] != len(orders) - 1
    ):
        return None
    pair = by_order[twice[0]]
    rest = [card for card in cards if card not in pair]
    keys: list[tuple[str, frozenset[Card]]] = [("run", frozenset([*rest, one])) for one in pair]
    keys.append(("pair", frozenset(pair)))
    return keys


def _why_not_double_run(question: ShowQuestion, cards: Sequence[Card]) -> str:
    shown = label_cards(cards)
    if len(cards) not in (4, 5):
        return claim_problem("double run", cards) or f"{shown} is not a double run"
    counts = Counter(card.order for card in cards)
    if sorted(counts.values())[-1] > 2 or list(counts.values()).count(2) != 1:
        return (
            f"{_ranks(cards)} does not have exactly one rank twice: a double run is a run "
            "with one pair inside it"
        )
    orders = sorted(counts)
    if orders[-1] - orders[0] != len(orders) - 1:
        return f"{_ranks(cards)} is not a sequence with one rank twice"
    longer = [item for item in question.score.by_kind("run") if len(item.cards) > len(orders)]
    if longer:
        return f"the runs here are longer ({_ranks(longer[0].cards)}): only the longest runs count"
    return f"{shown} is not a double run here"


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
        runs = question.score.by_kind("run")
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


def grade_game_count(event: ShowEvent, *, game_seed: int, deal_no: int, seconds: float) -> Grade:
    """A count the person made in a game under muggins (the show event, with its claim),
    graded exactly as a typed total in a drill: drill ``hand`` or ``crib``, tier ``game``,
    the game's seed and the deal's number as the question's place."""
    if event.claimed is None:
        raise ValueError("this show was counted by the trainer: there is no count to grade")
    score = event.score
    crib = event.which is Which.CRIB
    question = ShowQuestion(
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
    return grade_quick(question, event.claimed, seconds=seconds, muggins=True)


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
        + [
            item_category(check.claim.kind, crib=crib)
            for check in bad
            if check.claim.kind in CLAIM_KINDS
        ]
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
        if item.kind == "nobs":
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


# --- the go -------------------------------------------------------------------------------------


def _player(player: Seat) -> str:
    return DRILL_NAMES[player].lower()


def _does(player: Seat, verb: str) -> str:
    """ "you peg" / "your opponent pegs"."""
    return f"{_player(player)} {verb if player == 0 else verb + 's'}"


def go_explanation(question: GoQuestion) -> tuple[str, ...]:
    """The end of the series in words (from :mod:`trainer.training.explain`): who laid last,
    what it pegs, who leads next."""
    last = [step for step in question.steps if step.card is not None][-1]
    assert last.card is not None
    pegs = "peg" if question.scorer == 0 else "pegs"
    lines = [
        explain.last_card_line(_player(last.player), last.card, last.count),
        explain.closing_line(
            _player(question.scorer),
            question.reason,
            pegs=pegs,
            play_over=question.next_leader is None,
        ),
    ]
    if question.last_items:
        lines.append(f"(The card itself also pegged {explain_items(question.last_items)}.)")
    leader = question.next_leader
    if leader is None:
        lines.append(explain.next_lead_line(None))
    else:
        leads = "lead" if leader == 0 else "leads"
        out = None
        if leader == question.scorer:
            other = 1 - leader
            out = f"{_player(other)} {'have' if other == 0 else 'has'} no cards left"
        lines.append(explain.next_lead_line(_player(leader), leads=leads, again_because=out))
    return tuple(lines)


def _go_answer(question: GoQuestion) -> str:
    """ "your opponent pegs 1 for the go, and you lead next." """
    points = GO_CHOICES[question.reason][0]
    if question.next_leader is None:
        after = "and the play is over."
    elif question.next_leader == question.scorer:
        after = f"and {_does(question.next_leader, 'lead')} again."
    else:
        after = f"and {_does(question.next_leader, 'lead')} next."
    return f"{_does(question.scorer, 'peg')} {points}, {after}"


def grade_go(
    question: GoQuestion,
    scorer: int | None,
    choice: str | None,
    leader: Seat | Literal["unset"] | None,
    *,
    seconds: float,
) -> Grade:
    """Grade who pegs (0 you, 1 your opponent), what for (a :data:`GO_CHOICES` id) and
    who leads next (``None``: nobody, the play is over)."""
    if scorer not in (0, 1):
        raise InputProblem("Who pegs?", "choose you or your opponent.")
    if choice not in GO_CHOICES:
        raise InputProblem("What for?", "choose what the end of the series pegs.")
    if leader == "unset" or leader not in (0, 1, None):
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
        notes.append(f"It is {_player(question.scorer)} who pegs, not {_player(scorer)}.")
    if not right_choice:
        notes.append(f"It is {GO_CHOICES[question.reason][0]}, not {label}.")
    if not right_leader:
        want = (
            "nobody: the play is over"
            if question.next_leader is None
            else _player(question.next_leader)
        )
        notes.append(f"Next to lead: {want}.")
    given = points if right_scorer else 0
    lead_text = "nobody" if leader is None else _player(leader)
    answer = f"{_player(scorer)}; {choice}; leads: {lead_text}"
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


# --- the coach drills ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AdviceGrade:
    """A coach drill answer, graded: right when the choice (``chosen``: the two cards
    thrown, or the card laid) is within :data:`~trainer.training.coach.NEAR_TIE` points
    of the best; ``coach`` holds the points lost and the explanation's lines."""

    question: CoachQuestion
    mode: Mode  # Mode.THROW or Mode.LAY
    chosen: tuple[Card, ...]
    coach: CoachGrade
    headline: str
    seconds: float

    muggins: ClassVar[int] = 0  # nobody takes points for a choice

    @property
    def correct(self) -> bool:
        return self.coach.correct

    @property
    def points_lost(self) -> float:
        """Points the choice loses against the best (a deal, or in the play), 0 or more."""
        return self.coach.points_lost

    @property
    def points_off(self) -> int:
        """As stored: the choice's value minus the best's, rounded (0 or less)."""
        return self.coach.attempt.points_off

    @property
    def categories(self) -> tuple[Category, ...]:
        return self.coach.attempt.missed

    @property
    def lines(self) -> tuple[str, ...]:
        """The coach's explanation: the verdict first, then why, then every choice."""
        return self.coach.lines

    def attempt(self) -> AttemptIn:
        """The record the progress store keeps for this answer."""
        return AttemptIn(
            **asdict(self.coach.attempt), seconds=round(self.seconds, 2), mode=self.mode
        )


#: Any graded answer of a practice set.
Graded = Grade | AdviceGrade


def _advice_headline(question: CoachQuestion, chosen: Card, coach: CoachGrade) -> str:
    """``Right: that is the best throw.``; a wrong choice says what it loses."""
    if isinstance(question, PlayQuestion) and not coach.correct:
        best = question.options[0].card
        return (
            f"Not quite: the {best.label} was better. The {chosen.label} gives away "
            f"{coach.points_lost:.2f} points on average."
        )
    verdict = coach.lines[0]
    lead = "Right: " if coach.correct else "Not quite: "
    return lead + verdict[:1].lower() + verdict[1:]


def grade_throw(question: DiscardQuestion, cards: Sequence[Card], *, seconds: float) -> AdviceGrade:
    """Grade the two cards thrown from the six; :class:`InputProblem` when they are not
    two different cards of the six (a tampered or stale answer, say)."""
    throw = tuple(cards)
    if len(throw) != 2:
        raise InputProblem(
            "Your throw", f"choose exactly two of your six cards to throw, not {len(throw)}."
        )
    try:
        coach = grade_discard(question, throw)
    except ValueError as err:
        raise InputProblem("Your throw", f"{err}.") from None
    headline = _advice_headline(question, throw[0], coach)
    return AdviceGrade(question, Mode.THROW, throw, coach, headline, seconds)


def grade_lay(question: PlayQuestion, cards: Sequence[Card], *, seconds: float) -> AdviceGrade:
    """Grade the card laid (``cards`` holds exactly one); :class:`InputProblem` when it is
    not one card of the hand that fits under 31."""
    laid = tuple(cards)
    if len(laid) != 1:
        raise InputProblem("Your card", f"lay one card, not {len(laid)}.")
    try:
        coach = grade_play(question, laid[0])
    except ValueError as err:
        raise InputProblem("Your card", f"{err}.") from None
    headline = _advice_headline(question, laid[0], coach)
    return AdviceGrade(question, Mode.LAY, laid, coach, headline, seconds)

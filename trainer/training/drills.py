"""Drill questions, dealt from a seed: the same drill, tier, seed and index always
deal the same question, so a set can be replayed or shared by its seed.

Rare questions are built, not fished for:

* **Hands and cribs.** Fifteens, pairs and runs depend only on the five ranks,
  and there are 6,175 five-card rank patterns. Each pattern, each choice of
  starter rank and each way the suits can fall (no flush, nobs, a four- or
  five-card flush, a crib's four-card "flush", three suited cards with the
  starter) gives a known total and known features. A tier's constraints pick
  the combinations that fit, once, into a weighted table; a question draws one
  (spread evenly over the tier's ``require_any`` features) and then assigns
  suits to match. A 20+ hand or a double-double run costs no more to deal than
  a dull one.
* **Pegging piles.** The tail that makes the wanted feature (a pair royal, a
  run laid out of order, a run broken by a duplicate...) is built first, then
  cards are put in front of it, summing exactly to 15 or 31 when a fifteen or
  a 31 is wanted.
* **The go.** A whole play is simulated with the engine's :class:`Pegging`,
  steered towards 31 or away from it, and a series whose end fits is taken.
* **The coach drills** (``discard``: which two do you throw?, ``play``: what would
  you play?) are dealt by :mod:`trainer.training.coach`; the tier's id is the coach's
  tier (``dealer``/``pone``, ``clear``/``close``), and there are no constraints.

Every candidate is checked against the tier's constraints with the engine's
own score before it is returned, and every search is bounded: when a tier's
constraints cannot be met, :class:`GenerationError` says so (the content
validator deals a few questions of every tier, so this shows up there).

>>> q = deal_question("hand", "beginner", seed=7, index=0)
>>> q == deal_question("hand", "beginner", seed=7, index=0)
True
"""

from __future__ import annotations

import random
from bisect import bisect
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, combinations, combinations_with_replacement
from math import comb
from pathlib import Path
from typing import ClassVar, Literal, NamedTuple

from trainer.analysis.players import Steer, random_play
from trainer.content.drills import Constraints, Drill, DrillCatalog, Tier, load_drills
from trainer.content.skills import DrillType
from trainer.engine import (
    DECK,
    Card,
    Pegging,
    PlayScore,
    ScoreItem,
    ShowScore,
    Suit,
    format_cards,
    score_play,
    score_show,
)
from trainer.engine.show import pattern_combinations
from trainer.training.coach import (
    DISCARD_TIERS,
    PLAY_TIERS,
    DiscardQuestion,
    PlayQuestion,
    deal_discard_question,
    deal_play_question,
)

__all__ = [
    "CoachQuestion",
    "Dealt",
    "DiscardQuestion",
    "GenerationError",
    "GoQuestion",
    "GoStep",
    "PegQuestion",
    "PlayQuestion",
    "Question",
    "ShowQuestion",
    "check_question",
    "deal_question",
    "deal_set",
    "go_features",
    "peg_features",
    "show_features",
    "warm_up",
]

SUITS: tuple[Suit, ...] = tuple(Suit)
JACK = 11
FIVE = 5
PLAYER_NAMES = ("you", "your opponent")


class GenerationError(ValueError):
    """A tier whose constraints no question can meet (or none was found in the bounded search)."""

    def __init__(self, drill: str, tier: str, reason: str) -> None:
        self.drill = drill
        self.tier = tier
        self.reason = reason
        super().__init__(f"{drill} drill, tier {tier}: {reason}")


def _card(order: int, suit_index: int) -> Card:
    return DECK[(order - 1) * 4 + suit_index]


# --- questions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShowQuestion:
    """Count four cards with the starter (a hand, or the crib when ``crib``)."""

    drill: str
    tier: str
    seed: int
    index: int
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    score: ShowScore
    features: frozenset[str]

    kind: ClassVar[str] = "show"

    @property
    def total(self) -> int:
        return self.score.total

    @property
    def most(self) -> int:
        return 29

    def notation(self) -> str:
        """``5H 5D 5C JS | 5S``: the hand, then the starter."""
        return f"{format_cards(self.hand)} | {self.starter}"


@dataclass(frozen=True, slots=True)
class PegQuestion:
    """What does the last card of this pile (the current series, in order) peg?"""

    drill: str
    tier: str
    seed: int
    index: int
    pile: tuple[Card, ...]
    score: PlayScore
    features: frozenset[str]
    show_count: Literal["before", "after"] = "before"

    kind: ClassVar[str] = "peg"

    @property
    def total(self) -> int:
        return self.score.total

    @property
    def most(self) -> int:
        return 14

    @property
    def count_before(self) -> int:
        return self.score.count - self.pile[-1].pips

    def notation(self) -> str:
        return format_cards(self.pile)


@dataclass(frozen=True, slots=True)
class GoStep:
    """One action of a series: ``player`` (0 you, 1 your opponent) laid ``card``
    (``None``: said go), leaving the count at ``count``."""

    player: int
    card: Card | None
    count: int


GoReason = Literal["go", "last card", "thirty-one"]


@dataclass(frozen=True, slots=True)
class GoQuestion:
    """A series of the play that has just ended: who pegs for its end, what for,
    and who leads the next series (``None`` when the play is over)."""

    drill: str
    tier: str
    seed: int
    index: int
    steps: tuple[GoStep, ...]
    hands_after: tuple[tuple[Card, ...], tuple[Card, ...]]
    scorer: int
    reason: GoReason
    award: ScoreItem
    next_leader: int | None
    last_items: tuple[ScoreItem, ...]
    features: frozenset[str]

    kind: ClassVar[str] = "go"

    @property
    def total(self) -> int:
        return self.award.points

    @property
    def most(self) -> int:
        return 3

    @property
    def count(self) -> int:
        return self.steps[-1].count

    @property
    def cards_laid(self) -> int:
        return sum(1 for step in self.steps if step.card is not None)

    @property
    def last_player(self) -> int:
        return [step.player for step in self.steps if step.card is not None][-1]

    def notation(self) -> str:
        """``you 7S, opp 7C, opp go, you AS | left: you 4C; opp -``."""
        who = ("you", "opp")
        steps = ", ".join(
            f"{who[s.player]} {s.card if s.card is not None else 'go'}" for s in self.steps
        )
        left = "; ".join(
            f"{who[p]} {format_cards(hand) or '-'}" for p, hand in enumerate(self.hands_after)
        )
        return f"{steps} | left: {left}"


#: A counting question: the answer is a number of points (or the combinations, or who pegs).
Question = ShowQuestion | PegQuestion | GoQuestion
#: A coach drill's question: the answer is a choice, graded by the points it loses.
CoachQuestion = DiscardQuestion | PlayQuestion
#: Anything a drill deals.
Dealt = Question | CoachQuestion


# --- features: what a question shows, read from the engine's items -----------------------


def show_features(score: ShowScore) -> frozenset[str]:
    """The :data:`~trainer.content.drills.SHOW_FEATURES` a counted hand or crib has."""
    found: set[str] = set()
    hand, starter = score.hand, score.starter
    fifteens = score.by_kind("fifteen")
    if fifteens:
        found.add("fifteen")
        sizes = {len(item.cards) for item in fifteens}
        if max(sizes) >= 4:
            found.add("four-card-fifteen")
        if 5 in sizes:
            found.add("five-card-fifteen")
    if score.by_kind("pair"):
        found.add("pair")
    counts = Counter(card.order for card in (*hand, starter))
    multiples = [n for n in counts.values() if n >= 2]
    if len(multiples) >= 2:
        found.add("two-pairs")
    if 3 in multiples:
        found.add("pair-royal")
    if 4 in multiples:
        found.add("four-of-a-kind")
    runs = score.by_kind("run")
    if runs:
        found.add("run")
        length = len(runs[0].cards)
        if length >= 4:
            found.add("long-run")
        if length == 5:
            found.add("run-of-five")
        names = {2: "double-run", 3: "triple-run", 4: "double-double-run"}
        if len(runs) >= 2:
            found.add("multi-run")
            found.add(names[len(runs)])
    flushes = score.by_kind("flush")
    if flushes:
        found.add("flush")
        found.add("five-card-flush" if len(flushes[0].cards) == 5 else "four-card-flush")
    hand_suits = {card.suit for card in hand}
    if len(hand_suits) == 1 and starter.suit not in hand_suits and score.crib:
        found.add("crib-four-flush")
    if len(hand_suits) > 1 and sum(card.suit is starter.suit for card in hand) == 3:
        found.add("false-flush")
    if score.by_kind("nobs"):
        found.add("nobs")
    if starter.order == JACK:
        found.add("jack-starter")
    hand_counts = Counter(card.order for card in hand)
    if hand_counts[FIVE] >= 3 and hand_counts[JACK] >= 1:
        found.add("fives-and-jack")
    if score.total == 0:
        found.add("zero")
    return frozenset(found)


def peg_features(score: PlayScore) -> frozenset[str]:
    """The :data:`~trainer.content.drills.PEG_FEATURES` of the last card of a pile."""
    found: set[str] = set()
    pile = score.pile
    run_length = 0
    for item in score.items:
        if item.kind in ("fifteen", "thirty-one"):
            found.add(item.kind)
        elif item.kind == "pair":
            found.add({2: "pair", 3: "pair-royal", 4: "double-pair-royal"}[len(item.cards)])
        elif item.kind == "run":
            run_length = len(item.cards)
            found.add("run")
            if run_length >= 4:
                found.add("long-run")
            orders = [card.order for card in item.cards]
            if orders != sorted(orders) and orders != sorted(orders, reverse=True):
                found.add("run-out-of-order")
    if score.total == 0:
        found.add("zero")
    if len(pile) >= 3 and pile[-3].order == pile[-1].order != pile[-2].order:
        found.add("split-pair")
    if len(pile) >= 2 and pile[-2].order != pile[-1].order and pile[-2].pips == pile[-1].pips == 10:
        found.add("rank-not-value")
    if _looks_like_longer_run(pile, run_length):
        found.add("broken-run")
    return frozenset(found)


def _consecutive(orders: Iterable[int]) -> bool:
    ranks = sorted(orders)
    return len(set(ranks)) == len(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1


def _looks_like_longer_run(pile: Sequence[Card], run_length: int) -> bool:
    """A duplicate or a stranger among the last cards stops what looks like a longer run.

    Either the last ``k`` (4 or more) cards hold one repeated rank and otherwise
    make consecutive ranks (``4 5 4 6``), or dropping one card that is not the last
    leaves a run longer than the one scored (``3 4 K 5``).
    """
    for k in range(4, len(pile) + 1):
        window = [card.order for card in pile[-k:]]
        distinct = set(window)
        if len(distinct) == k - 1 and len(distinct) >= 3 and _consecutive(distinct):
            return True
        for drop in range(k - 1):
            rest = window[:drop] + window[drop + 1 :]
            if len(rest) >= 3 and len(rest) > run_length and _consecutive(rest):
                return True
    return False


def go_features(question: GoQuestion) -> frozenset[str]:
    """The :data:`~trainer.content.drills.GO_FEATURES` of the end of a series."""
    found = {question.reason.replace(" ", "-")}
    layers = [step.player for step in question.steps if step.card is not None]
    if len(layers) >= 2 and layers[-1] == layers[-2]:
        found.add("played-alone")
    if question.next_leader is None:
        found.add("play-over")
    elif question.next_leader == question.scorer:
        found.add("leads-again")
    return frozenset(found)


# --- checking a question against its tier ---------------------------------------------------


def _items(question: Question) -> int:
    if isinstance(question, GoQuestion):
        return 1
    return len(question.score.items)


def check_question(question: Dealt, constraints: Constraints) -> list[str]:
    """Every way ``question`` breaks ``constraints`` (empty when it meets them).

    A coach drill's tier has no constraints (its loader refuses them); its question
    only has to be a position the coach can grade: six distinct cards, or a turn with a
    choice of at least two cards that fit."""
    if isinstance(question, DiscardQuestion):
        return [] if len(set(question.six)) == 6 else ["the six cards are not six distinct cards"]
    if isinstance(question, PlayQuestion):
        return [] if len(question.options) >= 2 else ["fewer than two cards to choose from"]
    problems: list[str] = []
    c = constraints
    total = question.total
    if c.min_total is not None and total < c.min_total:
        problems.append(f"total {total} is below min_total {c.min_total}")
    if c.max_total is not None and total > c.max_total:
        problems.append(f"total {total} is above max_total {c.max_total}")
    items = _items(question)
    if c.min_items is not None and items < c.min_items:
        problems.append(f"{items} combinations, fewer than min_items {c.min_items}")
    if c.max_items is not None and items > c.max_items:
        problems.append(f"{items} combinations, more than max_items {c.max_items}")
    features = question.features
    missing = [name for name in c.require if name not in features]
    if missing:
        problems.append(f"lacks required {', '.join(missing)}")
    if c.require_any and not features.intersection(c.require_any):
        problems.append(f"has none of {', '.join(c.require_any)}")
    banned = [name for name in c.forbid if name in features]
    if banned:
        problems.append(f"has forbidden {', '.join(banned)}")
    if isinstance(question, ShowQuestion):
        hand_orders = Counter(card.order for card in question.hand)
        patterns = c.include_patterns()
        if patterns and not any(
            all(hand_orders[o] >= n for o, n in Counter(p).items()) for p in patterns
        ):
            problems.append(f"the hand holds none of {', '.join(c.must_include)}")
        if c.starter and question.starter.order not in c.starter_orders():
            problems.append(
                f"starter {question.starter.label} is not one of {', '.join(c.starter)}"
            )
    else:
        cards = len(question.pile) if isinstance(question, PegQuestion) else question.cards_laid
        if c.min_cards is not None and cards < c.min_cards:
            problems.append(f"{cards} cards, fewer than min_cards {c.min_cards}")
        if c.max_cards is not None and cards > c.max_cards:
            problems.append(f"{cards} cards, more than max_cards {c.max_cards}")
    return problems


# --- hands and cribs: the pattern table -------------------------------------------------------

Outcome = Literal["plain", "nobs", "flush4", "flush5", "crib4", "false-flush"]

#: How often each way of the suits falling is offered, relative to "plain",
#: when a tier allows several (a flush or nobs in most hands would be unrealistic).
_OUTCOME_WEIGHT: dict[str, float] = {
    "plain": 1.0,
    "nobs": 0.35,
    "flush4": 0.15,
    "flush5": 0.06,
    "crib4": 0.15,
    "false-flush": 0.12,
}


class _Candidate(NamedTuple):
    """One rank pattern with a starter rank and a way for the suits to fall."""

    hand: tuple[int, ...]  # the four hand ranks, sorted
    starter: int
    outcome: Outcome
    total: int
    items: int
    features: frozenset[str]
    weight: float


_RUN_NAMES = {2: "double-run", 3: "triple-run", 4: "double-double-run"}


def _rank_features(orders: tuple[int, ...]) -> tuple[int, int, frozenset[str]]:
    """Rank-only points, number of combinations and features of five sorted ranks,
    read off the engine's combinations for that rank pattern."""
    items = pattern_combinations()[orders]
    found: set[str] = set()
    fifteens = [len(positions) for kind, positions, _ in items if kind == "fifteen"]
    if fifteens:
        found.add("fifteen")
        if max(fifteens) >= 4:
            found.add("four-card-fifteen")
        if max(fifteens) == 5:
            found.add("five-card-fifteen")
    multiples = [n for n in Counter(orders).values() if n >= 2]
    if multiples:
        found.add("pair")
    if len(multiples) >= 2:
        found.add("two-pairs")
    if 3 in multiples:
        found.add("pair-royal")
    if 4 in multiples:
        found.add("four-of-a-kind")
    runs = [len(positions) for kind, positions, _ in items if kind == "run"]
    if runs:
        found.add("run")
        if runs[0] >= 4:
            found.add("long-run")
        if runs[0] == 5:
            found.add("run-of-five")
        if len(runs) >= 2:
            found.update(("multi-run", _RUN_NAMES[len(runs)]))
    return sum(points for _, _, points in items), len(items), frozenset(found)


_NO_FEATURES: frozenset[str] = frozenset()
_NOBS = frozenset({"nobs"})
_FLUSH4 = frozenset({"flush", "four-card-flush"})
_CRIB4 = frozenset({"crib-four-flush"})
_FLUSH5 = frozenset({"flush", "five-card-flush"})
_FLUSH5_NOBS = frozenset({"flush", "five-card-flush", "nobs"})
_FALSE_FLUSH = frozenset({"false-flush"})
_ZERO = frozenset({"zero"})


@cache
def _candidates() -> dict[bool, tuple[_Candidate, ...]]:
    """Every (rank pattern, starter rank, suit outcome), for hands and for cribs."""
    hands: list[_Candidate] = []
    cribs: list[_Candidate] = []
    w = _OUTCOME_WEIGHT
    for pattern in combinations_with_replacement(range(1, 14), 5):
        counts = Counter(pattern)
        if max(counts.values()) > 4:
            continue
        base, base_items, rank_feats = _rank_features(pattern)
        sets = 1
        for n in counts.values():
            sets *= comb(4, n)
        all_distinct = len(counts) == 5
        for starter, n_starter in counts.items():
            rest = list(pattern)
            rest.remove(starter)
            hand = tuple(rest)
            jacks = hand.count(JACK)
            feats = rank_feats
            if starter == JACK:
                feats = feats | {"jack-starter"}
            if jacks and hand.count(FIVE) >= 3:
                feats = feats | {"fives-and-jack"}
            weight = float(sets * n_starter)
            shared: list[tuple[Outcome, int, int, frozenset[str]]] = []
            if jacks != 4:
                shared.append(("plain", 0, 0, _NO_FEATURES))
            if jacks and starter != JACK:
                shared.append(("nobs", 1, 1, _NOBS))
            if all_distinct:
                if jacks:
                    shared.append(("flush5", 6, 2, _FLUSH5_NOBS))
                else:
                    shared.append(("flush5", 5, 1, _FLUSH5))
            if jacks <= 1 and len({o for o in hand if o not in (JACK, starter)}) >= 3:
                shared.append(("false-flush", 0, 0, _FALSE_FLUSH))
            if len(set(hand)) == 4:
                shared.append(("flush4", 4, 1, _FLUSH4))
                shared.append(("crib4", 0, 0, _CRIB4))
            for outcome, bonus, more_items, extra in shared:
                total = base + bonus
                all_feats = feats | extra
                if total == 0:
                    all_feats = all_feats | _ZERO
                candidate = _Candidate(
                    hand,
                    starter,
                    outcome,
                    total,
                    base_items + more_items,
                    all_feats,
                    weight * w[outcome],
                )
                if outcome != "crib4":
                    hands.append(candidate)
                if outcome != "flush4":
                    cribs.append(candidate)
    return {False: tuple(hands), True: tuple(cribs)}


@dataclass(frozen=True, slots=True)
class _Table:
    """A tier's eligible candidates, one weighted group per ``require_any`` feature."""

    groups: tuple[tuple[tuple[_Candidate, ...], tuple[float, ...]], ...]


def _filter(candidates: Sequence[_Candidate], c: Constraints) -> list[_Candidate]:
    """The candidates that can meet ``c`` (the suits are checked again once dealt)."""
    low = c.min_total if c.min_total is not None else 0
    high = c.max_total if c.max_total is not None else 99
    fewest = c.min_items if c.min_items is not None else 0
    most = c.max_items if c.max_items is not None else 99
    forbid = frozenset(c.forbid)
    require = frozenset(c.require)
    starters = c.starter_orders()
    patterns = [Counter(p) for p in c.include_patterns()]
    kept = []
    for cand in candidates:
        if not (low <= cand.total <= high and fewest <= cand.items <= most):
            continue
        feats = cand.features
        if forbid and not forbid.isdisjoint(feats):
            continue
        if require and not require <= feats:
            continue
        if starters and cand.starter not in starters:
            continue
        if patterns:
            hand = Counter(cand.hand)
            if not any(all(hand[o] >= n for o, n in p.items()) for p in patterns):
                continue
        kept.append(cand)
    return kept


@cache
def _table(crib: bool, constraints: Constraints) -> _Table:
    eligible = _filter(_candidates()[crib], constraints)
    wanted = constraints.require_any or ("",)
    groups = []
    for name in wanted:
        members = tuple(cand for cand in eligible if not name or name in cand.features)
        if members:
            groups.append((members, tuple(accumulate(cand.weight for cand in members))))
    return _Table(tuple(groups))


def _assign_suits(cand: _Candidate, rng: random.Random) -> tuple[tuple[Card, ...], Card] | None:
    """Suits for the candidate's ranks that make its outcome (``None`` if this try failed)."""
    orders = [*cand.hand, cand.starter]  # positions 0-3 hand, 4 starter
    suits: list[int | None] = [None] * 5
    outcome = cand.outcome
    s = rng.randrange(4)
    if outcome == "flush5":
        suits = [s] * 5
    elif outcome in ("flush4", "crib4"):
        suits = [s, s, s, s, rng.choice([x for x in range(4) if x != s])]
    elif outcome == "nobs":
        jack = rng.choice([i for i in range(4) if orders[i] == JACK])
        suits[jack] = s
        suits[4] = s
    elif outcome == "false-flush":
        options = [
            three
            for three in combinations(range(4), 3)
            if len({orders[i] for i in three}) == 3
            and all(orders[i] not in (JACK, cand.starter) for i in three)
        ]
        three = rng.choice(options)
        for i in (*three, 4):
            suits[i] = s
    for i in rng.sample(range(5), 5):
        if suits[i] is not None:
            continue
        taken = {suits[j] for j in range(5) if orders[j] == orders[i] and suits[j] is not None}
        if outcome == "false-flush" and i < 4:
            taken.add(s)  # the fourth hand card must break the flush
        free = [x for x in range(4) if x not in taken]
        if not free:
            return None
        suits[i] = rng.choice(free)
    cards = [
        _card(order, suit) for order, suit in zip(orders, suits, strict=True) if suit is not None
    ]
    if len(set(cards)) != 5:
        return None
    hand = tuple(sorted(cards[:4], key=lambda card: card.index))
    return hand, cards[4]


_SUIT_TRIES = 40
_CANDIDATE_TRIES = 8


def _deal_show(drill: Drill, tier: Tier, rng: random.Random, seed: int, index: int) -> ShowQuestion:
    crib = drill.drill == "crib"
    table = _table(crib, tier.constraints)
    if not table.groups:
        what = "crib" if crib else "hand"
        raise GenerationError(drill.drill, tier.id, f"no {what} can meet these constraints")
    for _ in range(_CANDIDATE_TRIES):
        members, cumulative = table.groups[rng.randrange(len(table.groups))]
        cand = members[bisect(cumulative, rng.random() * cumulative[-1])]
        for _ in range(_SUIT_TRIES):
            dealt = _assign_suits(cand, rng)
            if dealt is None:
                continue
            hand, starter = dealt
            score = score_show(hand, starter, crib=crib)
            question = ShowQuestion(
                drill.drill, tier.id, seed, index, hand, starter, crib, score, show_features(score)
            )
            if not check_question(question, tier.constraints):
                return question
    raise GenerationError(
        drill.drill, tier.id, f"no {'crib' if crib else 'hand'} meeting these constraints was found"
    )


# --- pegging piles ------------------------------------------------------------------------------

_PEG_TRIES = 300
_PEG_SHAPES = (
    "pair",
    "pair-royal",
    "double-pair-royal",
    "run",
    "long-run",
    "run-out-of-order",
    "broken-run",
    "split-pair",
    "rank-not-value",
)


class _Deck:
    """Draw distinct cards by rank for one pile."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[Card] = set()

    def take(self, order: int) -> Card | None:
        free = [s for s in range(4) if _card(order, s) not in self.used]
        if not free:
            return None
        card = _card(order, self.rng.choice(free))
        self.used.add(card)
        return card

    def take_pips(self, pips: int) -> Card | None:
        orders = [pips] if pips < 10 else [10, 11, 12, 13]
        self.rng.shuffle(orders)
        for order in orders:
            card = self.take(order)
            if card is not None:
                return card
        return None


def _run_orders(rng: random.Random, length: int) -> list[int] | None:
    starts = [
        low
        for low in range(1, 15 - length)
        if sum(min(o, 10) for o in range(low, low + length)) <= 31
    ]
    if not starts:
        return None
    low = rng.choice(starts)
    return list(range(low, low + length))


def _peg_tail(shape: str | None, rng: random.Random, deck: _Deck) -> list[Card] | None:
    """The last cards of a pile, built to make ``shape``."""
    orders: list[int]
    if shape is None:
        orders = [rng.randint(1, 13)]
    elif shape in ("pair", "pair-royal", "double-pair-royal"):
        n = {"pair": 2, "pair-royal": 3, "double-pair-royal": 4}[shape]
        rank = rng.choice([o for o in range(1, 14) if n * min(o, 10) <= 31])
        orders = [rank] * n
    elif shape in ("run", "long-run", "run-out-of-order"):
        length = rng.choice((3, 3, 4, 5) if shape != "long-run" else (4, 4, 5, 6))
        found = _run_orders(rng, length)
        if found is None:
            return None
        orders = found
        rng.shuffle(orders)
        if shape == "run-out-of-order" and (orders in (sorted(orders), sorted(orders)[::-1])):
            orders[0], orders[1] = orders[1], orders[0]
    elif shape == "broken-run":
        found = _run_orders(rng, 3)
        if found is None:
            return None
        rng.shuffle(found)
        if rng.random() < 0.5:  # a duplicate: 4 5 4 6
            orders = [found[0], found[1], found[0], found[2]]
        else:  # a stranger: 3 4 K 5
            low, high = min(found), max(found)
            stranger = rng.choice([o for o in range(1, 14) if o < low - 1 or o > high + 1])
            orders = [found[0], found[1], stranger, found[2]]
    elif shape == "split-pair":
        rank = rng.randint(1, 13)
        other = rng.choice([o for o in range(1, 14) if o != rank])
        orders = [rank, other, rank]
    elif shape == "rank-not-value":
        first, second = rng.sample([10, 11, 12, 13], 2)
        orders = [first, second]
    else:  # pragma: no cover - shapes come from _PEG_SHAPES
        raise ValueError(shape)
    cards = [deck.take(order) for order in orders]
    if any(card is None for card in cards):
        return None
    return [card for card in cards if card is not None]


def _prefix(
    rng: random.Random, deck: _Deck, room: int, exact: int | None, longest: int
) -> list[Card] | None:
    """Cards laid before the tail: summing to ``exact`` when given, else at most ``room``."""
    cards: list[Card] = []
    if exact is not None:
        left = exact
        while left > 0:
            slots = longest - len(cards)
            if left > 10 * slots:
                return None
            pips = rng.randint(max(1, left - 10 * (slots - 1)), min(10, left))
            card = deck.take_pips(pips)
            if card is None:
                return None
            cards.append(card)
            left -= pips
        return cards
    target_len = rng.randint(0, max(0, longest))
    while len(cards) < target_len:
        pips = rng.randint(1, 10)
        if pips > room:
            break
        card = deck.take_pips(pips)
        if card is None:
            break
        cards.append(card)
        room -= pips
    return cards


def _deal_peg(drill: Drill, tier: Tier, rng: random.Random, seed: int, index: int) -> PegQuestion:
    c = tier.constraints
    wanted = [name for name in c.require_any if name not in c.forbid]
    min_cards = c.min_cards or 1
    max_cards = c.max_cards or 8
    for _ in range(_PEG_TRIES):
        goals = set(c.require)
        if wanted:
            goals.add(rng.choice(wanted))
        shapes = [name for name in _PEG_SHAPES if name in goals]
        shape: str | None = rng.choice(shapes) if shapes else None
        if shape is None and "zero" not in goals and rng.random() < 0.5:
            allowed = [name for name in _PEG_SHAPES if name not in c.forbid]
            shape = rng.choice(allowed) if allowed else None
        deck = _Deck(rng)
        tail = _peg_tail(shape, rng, deck)
        if tail is None:
            continue
        tail_sum = sum(card.pips for card in tail)
        exact: int | None = None
        if "fifteen" in goals:
            exact = 15 - tail_sum
        elif "thirty-one" in goals:
            exact = 31 - tail_sum
        if exact is not None and exact < 0:
            continue
        longest = max_cards - len(tail)
        if longest < 0:
            continue
        prefix = _prefix(rng, deck, 31 - tail_sum, exact, longest)
        if prefix is None:
            continue
        pile = (*prefix, *tail)
        if len(pile) < min_cards or sum(card.pips for card in pile) > 31:
            continue
        score = score_play(pile)
        question = PegQuestion(
            drill.drill, tier.id, seed, index, pile, score, peg_features(score), tier.show_count
        )
        if not check_question(question, c):
            return question
    raise GenerationError(drill.drill, tier.id, "no pile meeting these constraints was found")


# --- the go ------------------------------------------------------------------------------------

_GO_TRIES = 40


def _series_questions(
    rng: random.Random, steer: str, drill: str, tier: str, seed: int, index: int
) -> list[GoQuestion]:
    """Play one whole deal at random (steered to or away from 31); one question per series."""
    cards = rng.sample(DECK, 8)
    leader = rng.randrange(2)
    hoarder = 1 - leader
    hands = [cards[:4], cards[4:]]
    if steer == "hoard":
        # The player who does not lead holds the middling-high cards and keeps them back;
        # the leader empties their hand: the way one player ends up laying on alone.
        cards.sort(key=lambda card: (card.pips, rng.random()))
        hands[hoarder], hands[leader] = cards[3:7], cards[:3] + cards[7:]
    play = Pegging(hands, leader=leader)
    questions: list[GoQuestion] = []
    steps: list[GoStep] = []
    while not play.is_over:
        if play.must_go():
            event = play.go()
        else:
            how: Steer = "random"
            if steer == "hoard":
                how = "hoard-low" if play.turn == hoarder else "hoard-high"
            elif steer in ("thirty-one", "go"):
                how = "thirty-one" if steer == "thirty-one" else "go"
            choice = random_play(play.playable(), count=play.count, rng=rng, steer=how)
            event = play.lay(choice)
        steps.append(GoStep(event.player, event.card, event.count))
        if not event.series_over:
            continue
        hands_after = (tuple(play.hands[0]), tuple(play.hands[1]))
        end = [(who, item) for who, item in event.awards if item.kind in ("go", "last card")]
        laid = [e for e in play.history if e.card is not None]
        last_lay = laid[-1]
        thirty_one = [item for _, item in last_lay.awards if item.kind == "thirty-one"]
        if end:
            scorer, award = end[0]
            reason: GoReason = "go" if award.kind == "go" else "last card"
        else:
            scorer, award, reason = last_lay.player, thirty_one[0], "thirty-one"
        last_items = tuple(
            item
            for who, item in last_lay.awards
            if item.kind not in ("go", "last card", "thirty-one") and who == last_lay.player
        )
        question = GoQuestion(
            drill,
            tier,
            seed,
            index,
            tuple(steps),
            hands_after,
            scorer,
            reason,
            award,
            event.next_player,
            last_items,
            frozenset(),
        )
        questions.append(_with_go_features(question))
        steps = []
    return questions


def _with_go_features(question: GoQuestion) -> GoQuestion:
    return GoQuestion(
        question.drill,
        question.tier,
        question.seed,
        question.index,
        question.steps,
        question.hands_after,
        question.scorer,
        question.reason,
        question.award,
        question.next_leader,
        question.last_items,
        go_features(question),
    )


def _deal_go(drill: Drill, tier: Tier, rng: random.Random, seed: int, index: int) -> GoQuestion:
    """Simulate whole plays until a series ends the way the chosen goal asks.

    The goal is one of the tier's ``require_any`` features, chosen evenly; if
    the bounded search finds none, any series meeting the constraints will do.
    """
    c = tier.constraints
    ends = [name for name in ("go", "thirty-one", "last-card") if name not in c.forbid]
    wanted = [name for name in c.require_any if name not in c.forbid] or ends
    goal = rng.choice(wanted)
    steer = "thirty-one" if "thirty-one" in (goal, *c.require) else "go"
    if goal in ("leads-again", "played-alone"):
        steer = "hoard"
    fallback: list[GoQuestion] = []
    for _ in range(_GO_TRIES):
        series = _series_questions(rng, steer, drill.drill, tier.id, seed, index)
        fits = [q for q in series if not check_question(q, c)]
        hits = [q for q in fits if goal in q.features]
        if hits:
            return rng.choice(hits)
        if not fallback:
            fallback = fits
    if fallback:
        return rng.choice(fallback)
    raise GenerationError(drill.drill, tier.id, "no series meeting these constraints was found")


# --- dealing ---------------------------------------------------------------------------------------


def tier_problem(drill: Drill, tier: Tier) -> str | None:
    """Why ``tier`` cannot deal questions (its constraints are impossible), or ``None``.

    The drill loader takes this as its dealability check (see
    :data:`trainer.content.drills.DealCheck`).
    """
    for index in range(3):
        try:
            deal_question(drill, tier, seed=index, index=index)
        except GenerationError as err:
            return err.reason
    return None


def _deal_coached(drill: Drill, tier: Tier, seed: int, index: int) -> CoachQuestion:
    """A coach drill's question; a tier the coach does not deal is a :class:`GenerationError`."""
    try:
        if drill.drill is DrillType.DISCARD:
            return deal_discard_question(tier.id, seed, index)
        return deal_play_question(tier.id, seed, index)
    except ValueError as err:
        known = DISCARD_TIERS if drill.drill is DrillType.DISCARD else PLAY_TIERS
        reason = str(err)
        if tier.id not in known:
            reason = f"the coach deals no tier {tier.id!r}: use {' or '.join(known)}"
        raise GenerationError(drill.drill, tier.id, reason) from None


def load_catalog(directory: str | Path | None = None) -> DrillCatalog:
    """The drill files, validated and every tier checked to deal questions."""
    return load_drills(directory, check=tier_problem)


@cache
def _default_catalog() -> DrillCatalog:
    return load_catalog()


def _resolve(
    drill: Drill | str, tier: Tier | str, catalog: DrillCatalog | None
) -> tuple[Drill, Tier]:
    if isinstance(drill, str):
        found = (catalog or _default_catalog()).drills.get(drill)
        if found is None:
            raise KeyError(f"there is no {drill!r} drill")
        drill = found
    if isinstance(tier, str):
        tier = drill.tier(tier)
    return drill, tier


def deal_question(
    drill: Drill | str,
    tier: Tier | str,
    seed: int,
    index: int = 0,
    *,
    catalog: DrillCatalog | None = None,
) -> Dealt:
    """Question ``index`` of the set dealt by ``seed`` for a drill and tier.

    ``drill`` and ``tier`` are objects or ids (ids are looked up in ``catalog``,
    by default the repository's ``drills/``). The question depends on nothing
    else, so the same arguments always deal the same question.
    """
    drill, tier = _resolve(drill, tier, catalog)
    if drill.drill.coached:
        return _deal_coached(drill, tier, seed, index)
    rng = random.Random(f"{drill.drill}/{tier.id}/{seed}/{index}")
    if drill.drill in ("hand", "crib"):
        return _deal_show(drill, tier, rng, seed, index)
    if drill.drill == "peg":
        return _deal_peg(drill, tier, rng, seed, index)
    return _deal_go(drill, tier, rng, seed, index)


def deal_set(
    drill: Drill | str,
    tier: Tier | str,
    seed: int,
    length: int | None = None,
    *,
    catalog: DrillCatalog | None = None,
) -> tuple[Dealt, ...]:
    """The whole set for a seed (the tier's length unless ``length`` is given)."""
    drill, tier = _resolve(drill, tier, catalog)
    count = tier.length if length is None else length
    return tuple(deal_question(drill, tier, seed, i) for i in range(count))


def warm_up(catalog: DrillCatalog) -> None:
    """Build the tables every tier of ``catalog`` deals from (a one-off cost per process)."""
    for drill in catalog.drills.values():
        if drill.drill in ("hand", "crib"):
            for tier in drill.tiers:
                _table(drill.drill == "crib", tier.constraints)

"""The dealer of hands and cribs: built from the table of five-card rank patterns, so a rare
hand costs no more to deal than a dull one (see the package's docstring)."""

from __future__ import annotations

import random
from bisect import bisect
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, combinations, combinations_with_replacement
from math import comb, prod
from typing import Literal, NamedTuple

from trainer.content.catalog import Constraints, Drill, Tier
from trainer.engine import (
    Card,
    Kind,
    score_show,
)
from trainer.engine.show import pattern_combinations
from trainer.engine.skills import DrillType
from trainer.training.questions.features import rank_features, show_features
from trainer.training.questions.fitting import check_question
from trainer.training.questions.kinds import FIVE, JACK, GenerationError, ShowQuestion, card_at

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


def _rank_features(orders: tuple[int, ...]) -> tuple[int, int, frozenset[str]]:
    """Rank-only points, number of combinations and features of five sorted ranks,
    read off the engine's combinations for that rank pattern."""
    items = pattern_combinations()[orders]
    found = rank_features(
        (len(positions) for kind, positions, _ in items if kind is Kind.FIFTEEN),
        orders,
        [len(positions) for kind, positions, _ in items if kind is Kind.RUN],
    )
    return sum(points for _, _, points in items), len(items), frozenset(found)


_NO_FEATURES: frozenset[str] = frozenset()
_NOBS = frozenset({"nobs"})
_FLUSH4 = frozenset({"flush", "four-card-flush"})
_CRIB4 = frozenset({"crib-four-flush"})
_FLUSH5 = frozenset({"flush", "five-card-flush"})
_FLUSH5_NOBS = frozenset({"flush", "five-card-flush", "nobs"})
_FALSE_FLUSH = frozenset({"false-flush"})
_ZERO = frozenset({"zero"})


def _suit_outcomes(
    hand: tuple[int, ...], starter: int, all_distinct: bool
) -> list[tuple[Outcome, int, int, frozenset[str]]]:
    """The suit outcomes ``hand`` with ``starter`` can have: each with the points and the
    items it adds and its features."""
    jacks = hand.count(JACK)
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
    return shared


def _starter_features(
    rank_feats: frozenset[str], hand: tuple[int, ...], starter: int
) -> frozenset[str]:
    """The pattern's rank features with those of this starter and hand."""
    feats = rank_feats
    if starter == JACK:
        feats = feats | {"jack-starter"}
    if hand.count(JACK) and hand.count(FIVE) >= 3:
        feats = feats | {"fives-and-jack"}
    return feats


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
        sets = prod(comb(4, n) for n in counts.values())
        for starter, n_starter in counts.items():
            rest = list(pattern)
            rest.remove(starter)
            hand = tuple(rest)
            feats = _starter_features(rank_feats, hand, starter)
            weight = float(sets * n_starter)
            for outcome, bonus, more_items, extra in _suit_outcomes(
                hand, starter, len(counts) == 5
            ):
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
def show_table(crib: bool, constraints: Constraints) -> _Table:
    eligible = _filter(_candidates()[crib], constraints)
    wanted = constraints.require_any or ("",)
    groups = []
    for name in wanted:
        members = tuple(cand for cand in eligible if not name or name in cand.features)
        if members:
            groups.append((members, tuple(accumulate(cand.weight for cand in members))))
    return _Table(tuple(groups))


def _outcome_suits(outcome: str, orders: list[int], s: int, rng: random.Random) -> list[int | None]:
    """The suits the outcome fixes (suit ``s`` for a flush, nobs or a false flush; None
    where any suit will do so far), for the ranks ``orders`` (0-3 the hand, 4 the starter)."""
    suits: list[int | None] = [None] * 5
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
            and all(orders[i] not in (JACK, orders[4]) for i in three)
        ]
        three = rng.choice(options)
        for i in (*three, 4):
            suits[i] = s
    return suits


def _assign_suits(cand: _Candidate, rng: random.Random) -> tuple[tuple[Card, ...], Card] | None:
    """Suits for the candidate's ranks that make its outcome (``None`` if this try failed)."""
    orders = [*cand.hand, cand.starter]  # positions 0-3 hand, 4 starter
    outcome = cand.outcome
    s = rng.randrange(4)
    suits = _outcome_suits(outcome, orders, s, rng)
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
        card_at(order, suit) for order, suit in zip(orders, suits, strict=True) if suit is not None
    ]
    if len(set(cards)) != 5:
        return None
    hand = tuple(sorted(cards[:4], key=lambda card: card.index))
    return hand, cards[4]


_SUIT_TRIES = 40
_CANDIDATE_TRIES = 8


def deal_show(drill: Drill, tier: Tier, rng: random.Random, seed: int, index: int) -> ShowQuestion:
    crib = drill.drill is DrillType.CRIB
    table = show_table(crib, tier.constraints)
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

"""The dealer of pegging piles ("what does this card peg?"): the tail that makes the wanted
feature is built first, then the cards before it."""

from __future__ import annotations

import random
from collections.abc import Collection

from trainer.content.catalog import Drill, Tier
from trainer.engine import (
    Card,
    score_play,
)
from trainer.training.questions.features import peg_features
from trainer.training.questions.fitting import check_question
from trainer.training.questions.kinds import GenerationError, PegQuestion, card_at

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
        free = [s for s in range(4) if card_at(order, s) not in self.used]
        if not free:
            return None
        card = card_at(order, self.rng.choice(free))
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
    elif shape in ("run", "long-run", "run-out-of-order", "broken-run"):
        runs = _run_tail_orders(shape, rng)
        if runs is None:
            return None
        orders = runs
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


def _run_tail_orders(shape: str, rng: random.Random) -> list[int] | None:
    """The ranks (by order) of a tail making a run of ``shape`` (a run, a long run, a run
    laid out of order, or a run broken by a duplicate or a stranger)."""
    if shape == "broken-run":
        found = _run_orders(rng, 3)
        if found is None:
            return None
        rng.shuffle(found)
        if rng.random() < 0.5:  # a duplicate: 4 5 4 6
            return [found[0], found[1], found[0], found[2]]
        low, high = min(found), max(found)  # a stranger: 3 4 K 5
        stranger = rng.choice([o for o in range(1, 14) if o < low - 1 or o > high + 1])
        return [found[0], found[1], stranger, found[2]]
    length = rng.choice((3, 3, 4, 5) if shape != "long-run" else (4, 4, 5, 6))
    orders = _run_orders(rng, length)
    if orders is None:
        return None
    rng.shuffle(orders)
    if shape == "run-out-of-order" and (orders in (sorted(orders), sorted(orders)[::-1])):
        orders[0], orders[1] = orders[1], orders[0]
    return orders


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


def _pick_shape(goals: set[str], forbid: Collection[str], rng: random.Random) -> str | None:
    """The shape of the pile's tail: one the goals ask for, else now and then (unless the
    goals ask for a pile that scores nothing) any shape not forbidden, else none."""
    shapes = [name for name in _PEG_SHAPES if name in goals]
    shape: str | None = rng.choice(shapes) if shapes else None
    if shape is None and "zero" not in goals and rng.random() < 0.5:
        allowed = [name for name in _PEG_SHAPES if name not in forbid]
        shape = rng.choice(allowed) if allowed else None
    return shape


def _laid_before(goals: set[str], tail_sum: int) -> int | None:
    """What the cards before the tail must sum to for a fifteen or a thirty-one the goals
    ask for (None: any sum that fits)."""
    if "fifteen" in goals:
        return 15 - tail_sum
    if "thirty-one" in goals:
        return 31 - tail_sum
    return None


def deal_peg(drill: Drill, tier: Tier, rng: random.Random, seed: int, index: int) -> PegQuestion:
    c = tier.constraints
    wanted = [name for name in c.require_any if name not in c.forbid]
    min_cards = c.min_cards or 1
    max_cards = c.max_cards or 8
    for _ in range(_PEG_TRIES):
        goals = set(c.require)
        if wanted:
            goals.add(rng.choice(wanted))
        shape = _pick_shape(goals, c.forbid, rng)
        deck = _Deck(rng)
        tail = _peg_tail(shape, rng, deck)
        if tail is None:
            continue
        tail_sum = sum(card.pips for card in tail)
        exact = _laid_before(goals, tail_sum)
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

"""What a question shows (a pair royal, a run laid out of order, a 31...), read from the
engine's own items: the features a tier's constraints ask for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from trainer.engine import (
    Card,
    Kind,
    PlayScore,
    ShowScore,
)
from trainer.training.questions.kinds import FIVE, JACK, GoQuestion

# --- features: what a question shows, read from the engine's items -----------------------


#: The names of two, three and four runs sharing their cards.
_MULTI_RUNS = {2: "double-run", 3: "triple-run", 4: "double-double-run"}


def rank_features(
    fifteen_sizes: Iterable[int], orders: Iterable[int], run_lengths: Sequence[int]
) -> set[str]:
    """The features that the ranks alone decide: the fifteens (by how many cards each
    takes), the pairs (from the five cards' ranks) and the runs (each run's length, as
    the engine lists them). Shared by :func:`show_features`, which reads a counted hand,
    and the show dealer, which reads a rank pattern before any suits are chosen."""
    return (
        _fifteen_features(set(fifteen_sizes)) | _pair_features(orders) | _run_features(run_lengths)
    )


def _fifteen_features(sizes: set[int]) -> set[str]:
    """The fifteens' features, from how many cards each takes."""
    if not sizes:
        return set()
    found = {"fifteen"}
    if 2 in sizes:
        found.add("two-card-fifteen")
    if 3 in sizes:
        found.add("three-card-fifteen")
    if max(sizes) >= 4:
        found.add("four-card-fifteen")
    if 5 in sizes:
        found.add("five-card-fifteen")
    return found


def _pair_features(orders: Iterable[int]) -> set[str]:
    """The pairs' features, from the cards' ranks."""
    found: set[str] = set()
    multiples = [n for n in Counter(orders).values() if n >= 2]
    if multiples:
        found.add("pair")
    if len(multiples) >= 2:
        found.add("two-pairs")
    if 3 in multiples:
        found.add("pair-royal")
    if 4 in multiples:
        found.add("four-of-a-kind")
    return found


def _run_features(run_lengths: Sequence[int]) -> set[str]:
    """The runs' features, from each run's length as the engine lists them."""
    if not run_lengths:
        return set()
    found = {"run"}
    if run_lengths[0] >= 4:
        found.add("long-run")
    if run_lengths[0] == 5:
        found.add("run-of-five")
    if len(run_lengths) >= 2:
        found.update(("multi-run", _MULTI_RUNS[len(run_lengths)]))
    return found


def show_features(score: ShowScore) -> frozenset[str]:
    """The :data:`~trainer.content.catalog.SHOW_FEATURES` a counted hand or crib has."""
    hand, starter = score.hand, score.starter
    found = rank_features(
        (len(item.cards) for item in score.by_kind(Kind.FIFTEEN)),
        (card.order for card in (*hand, starter)),
        [len(item.cards) for item in score.by_kind(Kind.RUN)],
    )
    flushes = score.by_kind(Kind.FLUSH)
    if flushes:
        found.add("flush")
        found.add("five-card-flush" if len(flushes[0].cards) == 5 else "four-card-flush")
    hand_suits = {card.suit for card in hand}
    if len(hand_suits) == 1 and starter.suit not in hand_suits and score.crib:
        found.add("crib-four-flush")
    if len(hand_suits) > 1 and sum(card.suit is starter.suit for card in hand) == 3:
        found.add("false-flush")
    if score.by_kind(Kind.NOBS):
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
    """The :data:`~trainer.content.catalog.PEG_FEATURES` of the last card of a pile."""
    found: set[str] = set()
    pile = score.pile
    run_length = 0
    for item in score.items:
        if item.kind in (Kind.FIFTEEN, Kind.THIRTY_ONE):
            found.add(item.kind)
        elif item.kind is Kind.PAIR:
            found.add({2: "pair", 3: "pair-royal", 4: "double-pair-royal"}[len(item.cards)])
        elif item.kind is Kind.RUN:
            run_length = len(item.cards)
            found |= _laid_run_features(item.cards)
    if score.total == 0:
        found.add("zero")
    if len(pile) >= 3 and pile[-3].order == pile[-1].order != pile[-2].order:
        found.add("split-pair")
    if len(pile) >= 2 and pile[-2].order != pile[-1].order and pile[-2].pips == pile[-1].pips == 10:
        found.add("rank-not-value")
    if _looks_like_longer_run(pile, run_length):
        found.add("broken-run")
    return frozenset(found)


def _laid_run_features(cards: Sequence[Card]) -> set[str]:
    """A run made in the play: long, or laid out of order."""
    found = {"run"}
    if len(cards) >= 4:
        found.add("long-run")
    orders = [card.order for card in cards]
    if orders != sorted(orders) and orders != sorted(orders, reverse=True):
        found.add("run-out-of-order")
    return found


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
    """The :data:`~trainer.content.catalog.GO_FEATURES` of the end of a series."""
    found = {question.reason.replace(" ", "-")}
    layers = [step.player for step in question.steps if step.card is not None]
    if len(layers) >= 2 and layers[-1] == layers[-2]:
        found.add("played-alone")
    if question.next_leader is None:
        found.add("play-over")
    elif question.next_leader == question.scorer:
        found.add("leads-again")
    return frozenset(found)

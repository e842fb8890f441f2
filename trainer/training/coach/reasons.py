"""Reasons for a throw: what the four kept cards make by themselves and what the cards
thrown give the crib, each as a :class:`Reason` (a code for tests and pages, and words)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from trainer.engine import DECK, Card, Kind, ScoreItem, number_word, score_show
from trainer.training.coach.common import plural

__all__ = ["Reason", "discard_reasons", "keep_reasons", "own_items", "reason_line"]


@dataclass(frozen=True, slots=True)
class Reason:
    """One thing a throw does, in words: ``code`` names it for tests and pages
    (``double-run``, ``fifteens``, ``crib-five``...), ``text`` says it; ``cost`` marks what
    helps the other side (good cards given to the dealer's crib), never said as a benefit."""

    code: str
    text: str
    cost: bool = False


def own_items(keep: Sequence[Card]) -> tuple[ScoreItem, ...]:
    """The combinations of the four kept cards alone (nobs needs a starter, so never),
    found with the engine's scorer.

    The four are scored with one starter of each rank (off the first kept card's
    suit where one is free); an item without the starter is made of the four
    alone. Over the 13 ranks this finds every one of them: fifteens, pairs and a
    four-card flush show with any off-suit starter, and a run of the four shows
    with a starter of a rank that neither lengthens it nor sits in it.
    """
    return _own_items_of(frozenset(keep))


@lru_cache(maxsize=4096)
def _own_items_of(keep: frozenset[Card]) -> tuple[ScoreItem, ...]:
    hand = tuple(sorted(keep, key=lambda c: c.index))
    suit = hand[0].suit
    found: dict[tuple[Kind, frozenset[Card]], ScoreItem] = {}
    for order in range(1, 14):
        free = [c for c in DECK[(order - 1) * 4 : order * 4] if c not in keep]
        if not free:
            continue
        starter = next((c for c in free if c.suit is not suit), free[0])
        for item in score_show(hand, starter).items:
            if starter not in item.cards and item.kind is not Kind.NOBS:
                found.setdefault((item.kind, frozenset(item.cards)), item)
    return tuple(
        sorted(found.values(), key=lambda it: (it.kind.order, [c.index for c in it.cards]))
    )


_MULTI_RUN = {2: "the double run", 3: "the triple run", 4: "the double double run"}
_RUN_LENGTH = {3: "three", 4: "four"}


def keep_reasons(keep: Sequence[Card]) -> list[Reason]:
    items = own_items(keep)
    reasons: list[Reason] = []
    runs = [it for it in items if it.kind is Kind.RUN]
    if len(runs) >= 2:
        code = {2: "double-run", 3: "triple-run", 4: "double-double-run"}[len(runs)]
        reasons.append(Reason(code, f"keeps {_MULTI_RUN[len(runs)]}"))
    elif runs:
        reasons.append(Reason("run", f"keeps a run of {_RUN_LENGTH[len(runs[0].cards)]}"))
    by_rank = Counter(card.rank for card in keep)
    biggest = max(by_rank.values())
    if biggest >= 3:
        card = next(c for c in keep if by_rank[c.rank] == biggest)
        what = "three" if biggest == 3 else "all four"
        reasons.append(Reason("pair-royal", f"keeps {what} {plural(card)}"))
    fifteens = sum(1 for it in items if it.kind is Kind.FIFTEEN)
    if fifteens:
        reasons.append(Reason("fifteens", f"keeps fifteen-{number_word(2 * fifteens)}"))
    pairs = [r for r, n in by_rank.items() if n == 2]
    if len(pairs) == 2:
        reasons.append(Reason("two-pairs", "keeps two pairs"))
    elif pairs and biggest < 3:
        card = next(c for c in keep if c.rank == pairs[0])
        reasons.append(Reason("pair", f"keeps a pair of {plural(card)}"))
    if any(it.kind is Kind.FLUSH for it in items):
        reasons.append(Reason("flush", "keeps a flush"))
    if any(card.is_jack for card in keep):
        reasons.append(Reason("nobs", "keeps the jack for nobs"))
    return reasons


def _throw_reasons(throw: Sequence[Card], *, dealer: bool) -> list[Reason]:
    a, b = throw
    gives = "gives your own crib" if dealer else "gives the dealer"
    into = "your own crib" if dealer else "the dealer's crib"
    reasons: list[Reason] = []
    cost = not dealer
    if a.rank is b.rank:
        reasons.append(Reason("crib-pair", f"{gives} a pair of {plural(a)}", cost))
    if a.pips + b.pips == 15:
        reasons.append(Reason("crib-fifteen", f"{gives} fifteen-two", cost))
    fives = [c for c in throw if c.pips == 5]
    if fives and a.rank is not b.rank:
        reasons.append(Reason("crib-five", f"{gives} a five", cost))
    if 1 <= abs(a.order - b.order) <= 2:
        reasons.append(Reason("crib-run", f"throws the start of a run into {into}", cost))
    if not reasons and not dealer:
        reasons.append(Reason("crib-safe", "gives the dealer cards that are hard to use"))
    return reasons


def discard_reasons(
    throw: Sequence[Card], keep: Sequence[Card], *, dealer: bool
) -> tuple[Reason, ...]:
    """Everything a throw does that is worth saying: the kept four's own combinations
    (strongest first), then what the two thrown cards give the crib."""
    if len(throw) != 2 or len(keep) != 4:
        raise ValueError(f"a throw is two cards and a keep four, not {len(throw)} and {len(keep)}")
    return (*keep_reasons(keep), *_throw_reasons(throw, dealer=dealer))


def reason_line(reasons: Sequence[Reason]) -> str:
    """One line: the strongest thing kept and the first thing said about the crib."""
    keep = [r for r in reasons if not r.code.startswith("crib-")]
    crib = [r for r in reasons if r.code.startswith("crib-")]
    if not keep and not crib:
        return "keeps four cards that wait for the starter"
    text = keep[0].text if keep else "keeps four cards that wait for the starter"
    if not crib:
        return text
    if crib[0].cost:  # a price paid, not a second benefit
        return f"{text}, but {crib[0].text}"
    return f"{text} and {crib[0].text}" if keep else crib[0].text

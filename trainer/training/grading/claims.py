"""Claim mode's checking: what a learner can claim (:class:`ClaimKind`), each claim
found in the engine's items, claimed twice, or wrong with the reason (:func:`check_claims`);
a pair royal claimed at once stands for the pairs inside it, and a double run for its two
runs and its pair (:func:`claim_keys`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from trainer.engine import (
    Card,
    CardNotationError,
    Kind,
    ScoreItem,
    label_cards,
    number_word,
    parse_cards,
)
from trainer.engine.skills import Category, category_of
from trainer.training.questions import (
    ShowQuestion,
)


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

    @classmethod
    def of(cls, kind: Kind) -> ClaimKind:
        """The claim that names one of the engine's items of the show (a ``ValueError``
        names a kind no claim names: the play's, or what a count pegs).

        >>> ClaimKind.of(Kind.PAIR)
        <ClaimKind.PAIR: 'pair'>
        """
        try:
            return _CLAIM_OF[kind]
        except KeyError:
            raise ValueError(f"{kind.value!r} is not a combination of the show") from None


_CLAIM_KEYS = {
    ClaimKind.FIFTEEN: "f",
    ClaimKind.PAIR: "p",
    ClaimKind.RUN: "r",
    ClaimKind.DOUBLE_RUN: "d",
    ClaimKind.FLUSH: "l",
    ClaimKind.NOBS: "n",
}
#: The claim that names each kind of item in the show; a double run is two runs and a pair.
_CLAIM_OF: dict[Kind, ClaimKind] = {
    Kind.FIFTEEN: ClaimKind.FIFTEEN,
    Kind.PAIR: ClaimKind.PAIR,
    Kind.RUN: ClaimKind.RUN,
    Kind.FLUSH: ClaimKind.FLUSH,
    Kind.NOBS: ClaimKind.NOBS,
}


#: What each claim stands for: the kinds a game must count for its button to be offered.
_CLAIM_NEEDS: dict[ClaimKind, frozenset[Kind]] = {
    ClaimKind.FIFTEEN: frozenset({Kind.FIFTEEN}),
    ClaimKind.PAIR: frozenset({Kind.PAIR}),
    ClaimKind.RUN: frozenset({Kind.RUN}),
    ClaimKind.DOUBLE_RUN: frozenset({Kind.PAIR, Kind.RUN}),
    ClaimKind.FLUSH: frozenset({Kind.FLUSH}),
    ClaimKind.NOBS: frozenset({Kind.NOBS}),
}


def claim_kinds_for(kinds: Collection[Kind]) -> tuple[ClaimKind, ...]:
    """The claims a game that counts ``kinds`` offers, in counting order (a first game of
    fifteens offers only fifteens; a double run needs pairs and runs).

    >>> [str(kind) for kind in claim_kinds_for({Kind.FIFTEEN, Kind.PAIR})]
    ['fifteen', 'pair']
    """
    have = set(kinds)
    return tuple(kind for kind in ClaimKind if _CLAIM_NEEDS[kind] <= have)


def item_category(kind: Kind | ClaimKind, *, crib: bool = False) -> Category:
    """The stored category for an item kind, or for a claim kind (a double run claimed as
    one unit is a run): :func:`trainer.engine.skills.category_of`."""
    if isinstance(kind, ClaimKind):
        kind = Kind.RUN if kind is ClaimKind.DOUBLE_RUN else _ITEM_OF[kind]
    return category_of(kind, crib=crib)


# --- claims -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Claim:
    """One combination the learner says is there: a ``kind`` and its ``cards``."""

    kind: ClaimKind
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ClaimKind):  # text is read into a ClaimKind where it enters
            raise TypeError(f"a claim's kind is a ClaimKind, not {self.kind!r}")

    def describe(self) -> str:
        return f"{self.kind} {label_cards(self.cards)}".strip()

    def notation(self) -> str:
        return f"{self.kind} {' '.join(str(card) for card in self.cards)}".strip()

    @classmethod
    def parse(cls, text: str) -> Claim:
        """Read :meth:`notation` back; a ``ValueError`` says why ``text`` is not a claim.

        >>> Claim.parse("double run 7H 8H 8S 9D").notation()
        'double run 7H 8H 8S 9D'
        """
        words = text.split()
        for n in range(1, len(words)):
            try:
                cards = parse_cards(" ".join(words[n:]))
            except CardNotationError:
                continue
            kind = " ".join(words[:n])
            try:
                return cls(ClaimKind(kind), tuple(cards))
            except ValueError:
                raise ValueError(f"{kind!r} is not a combination to claim") from None
        raise ValueError(f"{text.strip()!r} is not a claim: its kind, then its cards (pair 5H 5D)")

    @property
    def points(self) -> int:
        """What the learner counts for this claim, right or wrong."""
        return _POINTS[self.kind](len(self.cards))


#: What a claim of ``n`` cards counts, by its kind, right or wrong.
_POINTS: dict[ClaimKind, Callable[[int], int]] = {
    ClaimKind.FIFTEEN: lambda n: 2,
    ClaimKind.PAIR: lambda n: n * (n - 1) if n >= 2 else 2,  # 2, 6, 12 for 2, 3, 4 of a rank
    ClaimKind.RUN: lambda n: n,
    ClaimKind.DOUBLE_RUN: lambda n: 2 * (n - 1) + 2,  # two runs of n - 1 and the pair: 8 or 10
    ClaimKind.FLUSH: lambda n: n,
    ClaimKind.NOBS: lambda n: 1,
}


ClaimStatus = Literal["found", "twice", "wrong"]


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """A claim, and what it turned out to be: ``found`` (the engine ``items`` it
    matched), ``twice`` (already claimed) or ``wrong`` (``message`` says why)."""

    claim: Claim
    status: ClaimStatus
    items: tuple[ScoreItem, ...]
    message: str


Key = tuple[Kind, frozenset[Card]]


def _key(item: ScoreItem) -> Key:
    return item.kind, frozenset(item.cards)


def _ranks(cards: Sequence[Card]) -> str:
    return "-".join(card.rank.label for card in sorted(cards, key=lambda card: card.order))


def _why_not(question: ShowQuestion, claim: Claim) -> str:
    """Why a claim matches none of the engine's items (the reason, in plain words)."""
    if not claim.cards:
        return "no cards were chosen"
    return _WHY_NOT[claim.kind](question, claim.cards)


def _why_not_fifteen(question: ShowQuestion, cards: Sequence[Card]) -> str:
    if len(cards) < 2:
        return "a fifteen needs two or more cards"
    total = sum(card.pips for card in cards)
    return f"{label_cards(cards)} adds to {total}, not 15"


def _why_not_pair(question: ShowQuestion, cards: Sequence[Card]) -> str:
    shown = label_cards(cards)
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


def _why_not_run(question: ShowQuestion, cards: Sequence[Card]) -> str:
    if len(cards) < 3:
        return "a run needs three or more cards in sequence"
    counts = Counter(card.order for card in cards)
    twice = [card.rank.label for card in cards if counts[card.order] > 1]
    if twice:
        return (
            f"{twice[0]} appears twice in {label_cards(cards)}: a run has one card of each "
            "rank, so a pair inside a run makes two runs, each claimed on its own"
        )
    orders = sorted(counts)
    if orders[-1] - orders[0] != len(orders) - 1:
        return f"{_ranks(cards)} is not a sequence"
    longer = [item for item in question.score.by_kind(Kind.RUN) if set(cards) < set(item.cards)]
    if longer:
        return (
            f"{_ranks(cards)} is part of the longer run {_ranks(longer[0].cards)}: "
            "only the longest run counts"
        )
    return f"{_ranks(cards)} is not a run here"


def _why_not_flush(question: ShowQuestion, cards: Sequence[Card]) -> str:
    shown = label_cards(cards)
    hand, starter = question.hand, question.starter
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
            "in the crib a flush counts only when the starter is the same suit too (all five cards)"
        )
    return f"{shown} is not a flush here"


def _why_not_nobs(question: ShowQuestion, cards: Sequence[Card]) -> str:
    starter = question.starter
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
    if claim.kind is ClaimKind.DOUBLE_RUN:
        return _double_run_keys(cards) or []
    if claim.kind is ClaimKind.PAIR and len(cards) in (3, 4):
        if len({card.order for card in cards}) != 1:
            return []
        return [(Kind.PAIR, frozenset((a, b))) for i, a in enumerate(cards) for b in cards[i + 1 :]]
    return [(_ITEM_OF[claim.kind], frozenset(cards))]


#: The engine's kind of item a claim of one item names (a double run names three).
_ITEM_OF: dict[ClaimKind, Kind] = {claim: kind for kind, claim in _CLAIM_OF.items()}


# --- a double run, claimed as one unit ------------------------------------------------------------

#: How many cards each kind of claim can have (anything else is refused at once).
CLAIM_SIZES: dict[ClaimKind, tuple[int, int]] = {
    ClaimKind.FIFTEEN: (2, 5),
    ClaimKind.PAIR: (2, 4),
    ClaimKind.RUN: (3, 5),
    ClaimKind.DOUBLE_RUN: (4, 5),
    ClaimKind.FLUSH: (4, 5),
    ClaimKind.NOBS: (1, 1),
}
#: Each kind of claim's rule, as :func:`claim_problem` says it.
_CLAIM_RULES: dict[ClaimKind, str] = {
    ClaimKind.FIFTEEN: "a fifteen is two or more cards that add up to 15",
    ClaimKind.PAIR: (
        "a pair is two cards of one rank, a pair royal three, a double pair royal four"
    ),
    ClaimKind.RUN: "a run is three, four or five cards in sequence",
    ClaimKind.DOUBLE_RUN: (
        "a double run is a run of three or four with one of its ranks twice (four or five cards)"
    ),
    ClaimKind.FLUSH: "a flush is the four cards of the hand in one suit, or all five",
    ClaimKind.NOBS: "nobs is one card, the jack of the starter's suit",
}


def claim_problem(kind: ClaimKind, cards: Sequence[Card]) -> str:
    """Why a claim cannot be a combination of its kind whatever the hand ("" if it can be).

    Only the number of cards is judged here (and a card chosen twice): whether the cards
    really make the combination is graded with the rest of the answer.

    >>> from trainer.engine import parse_cards
    >>> claim_problem(ClaimKind.FIFTEEN, parse_cards("3S"))
    'one card is never a fifteen: a fifteen is two or more cards that add up to 15'
    >>> claim_problem(ClaimKind.DOUBLE_RUN, parse_cards("7H 8H 8S 9D"))
    ''
    """
    if not cards:
        return f"choose the cards of the {kind} first, then claim it"
    if len(set(cards)) != len(cards):
        return "a card was chosen twice"
    low, high = CLAIM_SIZES[kind]
    n = len(cards)
    if low <= n <= high:
        return ""
    what = "one card is" if n == 1 else f"{number_word(n)} cards are"
    rule = _CLAIM_RULES[kind]
    article = "an" if kind[0] in "aeiou" else "a"
    return f"{what} never {article} {kind}: {rule}"


def _double_run_keys(cards: Sequence[Card]) -> list[Key] | None:
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
    keys: list[Key] = [(Kind.RUN, frozenset([*rest, one])) for one in pair]
    keys.append((Kind.PAIR, frozenset(pair)))
    return keys


def _why_not_double_run(question: ShowQuestion, cards: Sequence[Card]) -> str:
    shown = label_cards(cards)
    if len(cards) not in (4, 5):
        return claim_problem(ClaimKind.DOUBLE_RUN, cards) or f"{shown} is not a double run"
    counts = Counter(card.order for card in cards)
    if sorted(counts.values())[-1] > 2 or list(counts.values()).count(2) != 1:
        return (
            f"{_ranks(cards)} does not have exactly one rank twice: a double run is a run "
            "with one pair inside it"
        )
    orders = sorted(counts)
    if orders[-1] - orders[0] != len(orders) - 1:
        return f"{_ranks(cards)} is not a sequence with one rank twice"
    longer = [item for item in question.score.by_kind(Kind.RUN) if len(item.cards) > len(orders)]
    if longer:
        return f"the runs here are longer ({_ranks(longer[0].cards)}): only the longest runs count"
    return f"{shown} is not a double run here"


#: Why a claim of each kind matches none of the engine's items, the claim's cards given.
_WHY_NOT: dict[ClaimKind, Callable[[ShowQuestion, Sequence[Card]], str]] = {
    ClaimKind.FIFTEEN: _why_not_fifteen,
    ClaimKind.PAIR: _why_not_pair,
    ClaimKind.RUN: _why_not_run,
    ClaimKind.DOUBLE_RUN: _why_not_double_run,
    ClaimKind.FLUSH: _why_not_flush,
    ClaimKind.NOBS: _why_not_nobs,
}

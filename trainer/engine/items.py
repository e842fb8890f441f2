"""The frozen record every score is made of: what kind, which cards, how many points."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from trainer.engine.cards import Card


class Kind(StrEnum):
    """What a combination is. The value is the word the table uses, so a kind compares
    equal to its plain string (``Kind.RUN == "run"``) and stores as text.

    Members are declared in the order the table counts them: fifteens (and in the play
    the 31 that goes with them), pairs, runs, flush, nobs; then the go and the last card
    that end a series, the jack cut for the dealer, and what a muggins count pegs (a hand
    scored as its owner claimed it, points taken by the other player). The show's kinds
    and the play's keep that order among themselves (:data:`SHOW_KINDS`,
    :data:`PLAY_KINDS`): explanations list combinations in it.

    >>> Kind("last card").category, Kind.FLUSH.plural, Kind.NOBS.in_show
    ('last-card', 'flushes', True)
    """

    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"
    GO = "go"
    LAST_CARD = "last card"
    HIS_HEELS = "his heels"
    HAND_AS_CLAIMED = "hand as claimed"
    CRIB_AS_CLAIMED = "crib as claimed"
    MUGGINS = "muggins"

    def __repr__(self) -> str:  # pastes back, like the rest of the engine's values
        return f"Kind.{self.name}"

    @property
    def order(self) -> int:
        """Position in table order (the show's kinds first)."""
        return _KIND_ORDER[self]

    @property
    def in_show(self) -> bool:
        return self in SHOW_KINDS

    @property
    def in_play(self) -> bool:
        return self in PLAY_KINDS

    @property
    def category(self) -> str:
        """The mistake category this kind is stored under (no spaces)."""
        return self.value.replace(" ", "-")

    @property
    def plural(self) -> str:
        """How several of these are named: ``two fifteens``, ``the pairs``, ``31s``."""
        return _KIND_PLURAL[self]


_KIND_ORDER: dict[Kind, int] = {kind: i for i, kind in enumerate(Kind)}
_KIND_PLURAL: dict[Kind, str] = {
    Kind.FIFTEEN: "fifteens",
    Kind.THIRTY_ONE: "31s",
    Kind.PAIR: "pairs",
    Kind.RUN: "runs",
    Kind.FLUSH: "flushes",
    Kind.NOBS: "nobs",
    Kind.GO: "goes",
    Kind.LAST_CARD: "last cards",
    Kind.HIS_HEELS: "his heels",
    Kind.HAND_AS_CLAIMED: "hands as claimed",
    Kind.CRIB_AS_CLAIMED: "cribs as claimed",
    Kind.MUGGINS: "muggins",
}

#: Show kinds, in the order players count them.
SHOW_KINDS: tuple[Kind, ...] = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS)
#: Kinds that score during the play.
PLAY_KINDS: tuple[Kind, ...] = (
    Kind.FIFTEEN,
    Kind.THIRTY_ONE,
    Kind.PAIR,
    Kind.RUN,
    Kind.GO,
    Kind.LAST_CARD,
)

_NUMBER_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]


def number_word(n: int) -> str:
    """``29`` → ``twenty-nine``; counts at the table are said in words."""
    if 0 <= n <= 20:
        return _NUMBER_WORDS[n]
    tens = {
        2: "twenty",
        3: "thirty",
        4: "forty",
        5: "fifty",
        6: "sixty",
        7: "seventy",
        8: "eighty",
        9: "ninety",
    }
    if 20 < n < 100:
        t, u = divmod(n, 10)
        return tens[t] + ("" if u == 0 else "-" + _NUMBER_WORDS[u])
    return str(n)


class ScoreItem(NamedTuple):
    """One scoring combination: its :class:`Kind`, the ``cards`` that make it, and the
    ``points`` it is worth."""

    kind: Kind
    cards: tuple[Card, ...]
    points: int

    def cards_text(self, sep: str = " ") -> str:
        return sep.join(card.label for card in self.cards)

    def describe(self) -> str:
        """One line for this combination: ``fifteen: 5♥ K♠ (2)``."""
        name: str = str(self.kind)
        if self.kind == Kind.RUN:
            name = f"run of {number_word(len(self.cards))}"
        elif self.kind == Kind.PAIR:
            name = {2: "pair", 3: "pair royal", 4: "double pair royal"}[len(self.cards)]
        elif self.kind == Kind.FLUSH:
            name = f"{number_word(len(self.cards))}-card flush"
        if self.cards:
            return f"{name}: {self.cards_text()} ({self.points})"
        return f"{name} ({self.points})"

    def __str__(self) -> str:
        return self.describe()


class Award(NamedTuple):
    """Points pegged by one seat: the ``seat`` and the :class:`ScoreItem` it scored."""

    seat: int
    item: ScoreItem

"""The frozen record every score is made of: what kind, which cards, how many points."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from trainer.engine.cards import Card


class Kind(StrEnum):
    """What a combination is. The value is the word the table uses, so a kind compares
    equal to its plain string (``Kind.RUN == "run"``) and stores as text.

    Members are declared in the order players count them in the show (fifteens, pairs,
    runs, flush, nobs), then the kinds that only score in the play and at the cut, then
    what a muggins count pegs (a hand scored as its owner claimed it, points taken by
    the other player).

    >>> Kind("last card").category, Kind.FIFTEEN.plural, Kind.NOBS.in_show
    ('last-card', 'fifteens', True)
    """

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"
    THIRTY_ONE = "thirty-one"
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
        """How a list of these is named: ``fifteens``, ``runs``, ``the go``."""
        return _KIND_PLURAL[self]


_KIND_ORDER: dict[Kind, int] = {kind: i for i, kind in enumerate(Kind)}
_KIND_PLURAL: dict[Kind, str] = {
    Kind.FIFTEEN: "fifteens",
    Kind.PAIR: "pairs",
    Kind.RUN: "runs",
    Kind.FLUSH: "flush",
    Kind.NOBS: "nobs",
    Kind.THIRTY_ONE: "31",
    Kind.GO: "the go",
    Kind.LAST_CARD: "last card",
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

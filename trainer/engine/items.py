"""The frozen record every score is made of: what kind, which cards, how many points."""

from __future__ import annotations

from typing import NamedTuple

from trainer.engine.cards import Card

#: Show kinds, in the order players count them.
SHOW_KINDS: tuple[str, ...] = ("fifteen", "pair", "run", "flush", "nobs")
#: Kinds that score during the play.
PLAY_KINDS: tuple[str, ...] = ("fifteen", "thirty-one", "pair", "run", "go", "last card")

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
    """One scoring combination: ``kind`` (``"fifteen"``, ``"pair"``, ``"run"``, ...),
    the ``cards`` that make it, and the ``points`` it is worth."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    def cards_text(self, sep: str = " ") -> str:
        return sep.join(card.label for card in self.cards)

    def describe(self) -> str:
        """One line for this combination: ``fifteen: 5♥ K♠ (2)``."""
        name = self.kind
        if self.kind == "run":
            name = f"run of {number_word(len(self.cards))}"
        elif self.kind == "pair":
            name = {2: "pair", 3: "pair royal", 4: "double pair royal"}[len(self.cards)]
        elif self.kind == "flush":
            name = f"{number_word(len(self.cards))}-card flush"
        if self.cards:
            return f"{name}: {self.cards_text()} ({self.points})"
        return f"{name} ({self.points})"

    def __str__(self) -> str:
        return self.describe()

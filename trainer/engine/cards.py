"""Cards, ranks and suits, and the one lenient parser at the boundary.

>>> parse_cards("5H 10d JS ah")
(Card.parse('5H'), Card.parse('TD'), Card.parse('JS'), Card.parse('AH'))
>>> str(Card.parse("10♥"))
'TH'
>>> Card.parse("10♥").label
'10♥'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar


class CardNotationError(ValueError):
    """A token that is not a card, such as ``5X`` or ``11H``."""

    def __init__(self, token: str, reason: str | None = None) -> None:
        self.token = token
        self.reason = reason or (
            "use a rank (A, 2-10, J, Q, K) then a suit (S, H, D, C), like 5H or 10♠"
        )
        super().__init__(f"{_shown(token)!r} is not a card: {self.reason}")


class DuplicateCardError(ValueError):
    """The same card appears twice where each card can only appear once."""

    def __init__(self, card: Card) -> None:
        self.card = card
        self.token = str(card)
        super().__init__(f"{card.label} appears twice: a deck has only one of each card")


class Rank(Enum):
    """Card ranks; the value is the one-character notation."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def order(self) -> int:
        """Position in a run: ace 1 (always low) up to king 13."""
        return RANK_ORDER[self]

    @property
    def pips(self) -> int:
        """Value for fifteens and the running count: ace 1, faces 10."""
        return PIP_VALUE[self]

    @property
    def label(self) -> str:
        """How people write the rank: ``10`` rather than ``T``."""
        return "10" if self is Rank.TEN else self.value

    @property
    def word(self) -> str:
        return RANK_WORDS[self]

    @classmethod
    def from_order(cls, order: int) -> Rank:
        return RANKS[order - 1]


class Suit(Enum):
    """Suits; the value is the one-letter notation."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


RANKS: tuple[Rank, ...] = tuple(Rank)
SUITS: tuple[Suit, ...] = tuple(Suit)
#: Run order: ace low, king high, no wrap-around.
RANK_ORDER: dict[Rank, int] = {rank: i + 1 for i, rank in enumerate(RANKS)}
#: Counting value: ace 1, two to ten their number, jack, queen and king 10.
PIP_VALUE: dict[Rank, int] = {rank: min(i + 1, 10) for i, rank in enumerate(RANKS)}
SUIT_SYMBOLS: dict[Suit, str] = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}
RANK_WORDS: dict[Rank, str] = {
    Rank.ACE: "ace",
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
}

_RANK_TOKENS: dict[str, Rank] = {r.value: r for r in RANKS} | {"10": Rank.TEN}
_SUIT_TOKENS: dict[str, Suit] = {s.value: s for s in SUITS} | {
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
_CARD_RE = re.compile(r"(10|[2-9ATJQK])([SHDC♠♤♥♡♦♢♣♧])")
_SPLIT_RE = re.compile(r"[\s,;]+")
# Emoji keyboards add an invisible variation selector after a suit symbol (♥️).
_INVISIBLE = str.maketrans("", "", "\ufe0e\ufe0f")
# Only the ASCII letters are folded to capitals: str.upper() would also turn the long s
# (ſ) into S and the dotless ı into I, so that "5ſ" read as the five of spades.
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: The longest token that is looked at; anything longer is refused without being read.
TOKEN_MAX = 12
#: Raw tokens up to this length are remembered as typed (a bounded set: each must parse).
_RAW_CACHE_LENGTH = 4


def _normalise(token: str) -> str:
    """A token as the parser reads it: variation selectors gone, trimmed, ASCII capitals."""
    return token.translate(_INVISIBLE).strip().translate(_ASCII_UPPER)


def _shown(token: str) -> str:
    """A token short enough to quote back in a message."""
    return token if len(token) <= TOKEN_MAX else token[:TOKEN_MAX] + "…"


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. ``str`` is its notation (``TH``), ``label`` its face (``10♥``).

    Each card also carries small integers used by the scorers (``order``,
    ``pips``, ``index``) so hot loops avoid enum look-ups.
    """

    rank: Rank
    suit: Suit
    order: int = field(init=False, repr=False, compare=False)
    pips: int = field(init=False, repr=False, compare=False)
    index: int = field(init=False, repr=False, compare=False)

    # Tokens as typed, of at most _RAW_CACHE_LENGTH characters and only those that parse:
    # a bounded set, however many distinct strings are thrown at the parser.
    _parse_cache: ClassVar[dict[str, Card]] = {}

    def __post_init__(self) -> None:
        order = RANK_ORDER[self.rank]
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "pips", PIP_VALUE[self.rank])
        object.__setattr__(self, "index", (order - 1) * 4 + SUITS.index(self.suit))

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def label(self) -> str:
        """The card as printed on its face: ``10♥``, ``A♠``."""
        return self.rank.label + self.suit.symbol

    @property
    def name(self) -> str:
        """The card in words: ``ten of hearts``."""
        return f"{self.rank.word} of {self.suit.name.lower()}"

    @property
    def is_jack(self) -> bool:
        return self.rank is Rank.JACK

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card token: ``10H``, ``TH``, ``th`` and ``10♥`` are all the ten of hearts."""
        cached = cls._parse_cache.get(token)
        if cached is not None:
            return cached
        text = _normalise(token)
        card = _BY_TEXT.get(text)
        if card is None:
            if len(text) > TOKEN_MAX:
                raise CardNotationError(token, f"it is {len(text)} characters long")
            raise CardNotationError(token, _explain_bad_token(text))
        if len(token) <= _RAW_CACHE_LENGTH:
            cls._parse_cache[token] = card
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` (0 to 51, ace of spades first, king of clubs last)."""
        return DECK[index]


def _explain_bad_token(text: str) -> str:
    if not text:
        return "it is empty"
    suit_char = text[-1]
    rank_text = text[:-1]
    if suit_char not in _SUIT_TOKENS:
        if text in _RANK_TOKENS or text == "1":
            return "it has no suit: add S, H, D or C, like 5H"
        return f"{suit_char!r} is not a suit: use S, H, D or C (or ♠ ♥ ♦ ♣)"
    if rank_text == "":
        return "it has no rank: put A, 2-10, J, Q or K before the suit"
    if rank_text == "1":
        return "an ace is written A, like AH"
    return f"{rank_text!r} is not a rank: use A, 2-10, J, Q or K"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
#: Every normalised card text (``10H``, ``TH``, ``10♥``, ``T♡``, ...) and its card.
_BY_TEXT: dict[str, Card] = {
    rank_text + suit_text: DECK[RANK_ORDER[rank] * 4 - 4 + SUITS.index(suit)]
    for rank_text, rank in _RANK_TOKENS.items()
    for suit_text, suit in _SUIT_TOKENS.items()
}


def _tokens(text: str) -> Iterator[str]:
    for chunk in _SPLIT_RE.split(text.strip()):
        if not chunk:
            continue
        upper = chunk.translate(_INVISIBLE).translate(_ASCII_UPPER)
        pieces = _CARD_RE.findall(upper)
        if len(pieces) > 1 and "".join(a + b for a, b in pieces) == upper:
            # Cards written without spaces, such as "5H10D".
            yield from (a + b for a, b in pieces)
        else:
            yield chunk


def parse_cards(
    text: str | Iterable[str | Card], *, allow_duplicates: bool = False
) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; a card may not appear twice.

    >>> parse_cards("5h,5d 5c js 5s")[3].label
    'J♠'
    """
    items: Iterable[str | Card] = _tokens(text) if isinstance(text, str) else text
    cards = tuple(item if isinstance(item, Card) else Card.parse(item) for item in items)
    if not allow_duplicates:
        check_distinct(cards)
    return cards


def check_distinct(cards: Sequence[Card]) -> None:
    """Raise :class:`DuplicateCardError` naming the first card that appears twice."""
    seen: set[int] = set()
    for card in cards:
        if card.index in seen:
            raise DuplicateCardError(card)
        seen.add(card.index)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as notation, space separated; :func:`parse_cards` reads it back."""
    return " ".join(str(card) for card in cards)


def label_cards(cards: Iterable[Card]) -> str:
    """Cards as people write them: ``5♥ 5♦ J♠``."""
    return " ".join(card.label for card in cards)

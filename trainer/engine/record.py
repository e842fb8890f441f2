"""What a game is made of on paper: its settings, its seed and its events.

Every action of a :class:`~trainer.engine.game.Game` returns one frozen event.
Each event writes itself as one line of text (:meth:`Event.notation`) that
:func:`parse_event` reads back to an equal event, and its ``repr`` can be pasted
into Python. A :class:`GameRecord` is a few header lines and one event a line,
in the manner of a chess PGN; :func:`summarize` works out the results screen's
figures from the events alone.

>>> event = parse_event("lay seat=1 card=7C count=14 awards=1:pair/7S-7C/2")
>>> event.points_for(1), event.notation()
(2, 'lay seat=1 card=7C count=14 awards=1:pair/7S-7C/2')
>>> Settings.parse("target=61 skunks=off counting=muggins")
Settings(target=61, skunks=False, counting=Counting.MUGGINS, seats=2)
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from trainer.engine.cards import Card, CardNotationError
from trainer.engine.items import SHOW_KINDS, Kind, ScoreItem
from trainer.engine.kinds import (
    ALL_KINDS,
    SCORING_KINDS,
    kinds_notation,
    only_kinds,
    parse_kinds,
)
from trainer.engine.show import MAX_SHOW, ShowError, ShowScore, score_show
from trainer.engine.vocab import (
    PLAYERS,
    Counting,
    Which,
    left_of,
    seats_of,
    side_of,
    sides_of,
)

__all__ = [
    "Award",
    "CutEvent",
    "DealEvent",
    "DiscardEvent",
    "Event",
    "GameRecord",
    "GameSummary",
    "GoEvent",
    "LayEvent",
    "NotationError",
    "SeatTotals",
    "Settings",
    "SettingsError",
    "ShowEvent",
    "StarterEvent",
    "parse_event",
    "skunk",
    "summarize",
]

#: One point or more pegged by a seat: (seat, what for).
Award = tuple[int, ScoreItem]

#: The games: the whole game to 121, the short game to 61, and a first game to 31.
TARGETS: tuple[int, int, int] = (121, 61, 31)
#: The longest record read back, in characters: the longest games on record run to about
#: a third of it (see ``tests/test_record.py``), so only a record made up to be long is refused.
MAX_RECORD_CHARS = 60_000
#: How many times in a row the cut for deal may be tied in a record read back (each tie is
#: about a 1 in 17 chance, so ten in a row never happens in a game that was played).
MAX_TIED_CUTS = 10
#: The largest seed: a whole number from 0 that fits in 64 bits (as the store keeps it).
MAX_SEED = 2**63 - 1
#: The most digits any number in a record may have (a seed's 19 is the most any needs).
_MAX_DIGITS = 19


class NotationError(ValueError):
    """Text that is not a well-formed event, settings line or game record."""


class SettingsError(ValueError):
    """Settings a game cannot be played with."""


def skunk(winner_score: int, loser_score: int, target: int = 121) -> int:
    """0 for a plain win, 1 for a skunk, 2 for a double skunk.

    In a game to 121 the loser is skunked below 91 and double skunked below 61;
    in a game to 61, below 31 is a skunk; a first game to 31 is too short for one.
    """
    if winner_score < target:
        return 0
    if target == 121:
        if loser_score < 61:
            return 2
        return 1 if loser_score < 91 else 0
    if target == 61:
        return 1 if loser_score < 31 else 0
    if target == 31:
        return 0
    raise SettingsError(f"no skunk rule for a game to {target}")


# --- settings ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class Settings:
    """How a game is played: to 121 or 61 (or 31, a first game), skunks counted or not, who
    counts the show, and how many play (two; three, each alone; four, as two partnerships
    across the table). A first game may leave out the crib (each keeps the four cards dealt),
    the play, and kinds of score (``kinds``: only those score, see :mod:`~trainer.engine.kinds`).
    What is not the whole game is written in the notation; the whole game writes none of it.

    >>> Settings().notation()
    'target=121 skunks=on counting=automatic'
    >>> Settings(seats=3).notation(), Settings(seats=4).sides
    ('target=121 skunks=on counting=automatic seats=3', 2)
    >>> first = Settings(target=31, skunks=False, crib=False, play=False, kinds=frozenset({Kind.FIFTEEN}))
    >>> first.notation()
    'target=31 skunks=off counting=automatic crib=off play=off kinds=fifteen'
    >>> Settings.parse(first.notation()) == first, first.hand_size
    (True, 4)
    """

    target: int = 121
    skunks: bool = True
    counting: Counting = Counting.AUTOMATIC
    seats: int = 2
    #: Each player throws to the dealer's crib (off: each keeps the four cards dealt).
    crib: bool = True
    #: The play (pegging) comes between the starter and the show.
    play: bool = True
    #: The kinds of score that count (every kind: the whole game).
    kinds: frozenset[Kind] = ALL_KINDS

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or self.target not in TARGETS:
            raise SettingsError(
                "a game is played to 121 points, or 61 for the short game (31 for a first "
                f"game), not {self.target!r}"
            )
        if not isinstance(self.skunks, bool):
            raise SettingsError(f"skunks are on (True) or off (False), not {self.skunks!r}")
        try:
            counting = Counting(self.counting)
        except ValueError:
            raise SettingsError(f"counting is {_COUNTINGS}, not {self.counting!r}") from None
        object.__setattr__(self, "counting", counting)
        if isinstance(self.seats, bool) or self.seats not in PLAYERS:
            raise SettingsError(
                f"a game is for two, three or four players (four as two partnerships), "
                f"not {self.seats!r}"
            )
        for name in ("crib", "play"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(
                    f"{name} is on (True) or off (False), not {getattr(self, name)!r}"
                )
        given: object = self.kinds  # checked as it came: a caller may pass anything
        if isinstance(given, str) or not all(isinstance(kind, str) for kind in self.kinds):
            raise SettingsError(f"kinds are kinds of score, not {self.kinds!r}")
        try:
            kinds = frozenset(Kind(kind) for kind in self.kinds)
        except ValueError:
            raise SettingsError(f"kinds are kinds of score, not {self.kinds!r}") from None
        strays = kinds - ALL_KINDS
        if strays:
            raise SettingsError(f"{sorted(strays)[0].value!r} is not a kind a game counts")
        if not kinds & set(SHOW_KINDS):
            raise SettingsError("a game counts at least one kind of the show (fifteens, say)")
        object.__setattr__(self, "kinds", kinds)

    def __repr__(self) -> str:
        """Pastes back: the whole game's parts (the crib, the play, every kind) left out."""
        text = (
            f"Settings(target={self.target}, skunks={self.skunks}, "
            f"counting={self.counting!r}, seats={self.seats}"
        )
        if not self.crib:
            text += ", crib=False"
        if not self.play:
            text += ", play=False"
        if self.kinds != ALL_KINDS:
            kinds = ", ".join(repr(kind) for kind in SCORING_KINDS if kind in self.kinds)
            text += f", kinds=frozenset({{{kinds}}})"
        return text + ")"

    @property
    def muggins(self) -> bool:
        return self.counting is Counting.MUGGINS

    @property
    def claims(self) -> bool:
        """Each player says the count of their own hand (under muggins, or aloud)."""
        return self.counting is not Counting.AUTOMATIC

    @property
    def whole(self) -> bool:
        """The whole game: the crib, the play and every kind of score."""
        return self.crib and self.play and self.kinds == ALL_KINDS

    @property
    def sides(self) -> int:
        """How many sides score (two partnerships when four play)."""
        return sides_of(self.seats)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: six between two, five among three or four; four
        each without the crib."""
        if not self.crib:
            return 4
        return 6 if self.seats == 2 else 5

    @property
    def throw(self) -> int:
        """Cards each player gives the crib: two between two, one among three or four
        (none without the crib)."""
        if not self.crib:
            return 0
        return 2 if self.seats == 2 else 1

    def notation(self) -> str:
        skunks = "on" if self.skunks else "off"
        text = f"target={self.target} skunks={skunks} counting={self.counting}"
        if self.seats != 2:
            text += f" seats={self.seats}"
        if not self.crib:
            text += " crib=off"
        if not self.play:
            text += " play=off"
        if self.kinds != ALL_KINDS:
            text += f" kinds={kinds_notation(self.kinds)}"
        return text

    @classmethod
    def parse(cls, text: str) -> Settings:
        """Read :meth:`notation` back; keys may come in any order and may be left out."""
        fields = _fields(text.split(), set(SETTINGS_KEYS), what="settings")
        seats = _int(fields["seats"], "seats") if "seats" in fields else 2
        target = 121
        counting = Counting.AUTOMATIC
        if "target" in fields:
            target = _int(fields["target"], "target")
        if "counting" in fields:
            try:
                counting = Counting(fields["counting"].lower())
            except ValueError:
                raise NotationError(
                    f"counting is {_COUNTINGS}, not {fields['counting']!r}"
                ) from None
        kinds = ALL_KINDS
        if "kinds" in fields:
            try:
                kinds = parse_kinds(fields["kinds"])
            except ValueError as error:
                raise NotationError(str(error)) from None
        try:
            return cls(
                target=target,
                skunks=_on_off(fields, "skunks"),
                counting=counting,
                seats=seats,
                crib=_on_off(fields, "crib"),
                play=_on_off(fields, "play"),
                kinds=kinds,
            )
        except SettingsError as error:
            raise NotationError(str(error)) from None

    def headers(self) -> list[str]:
        """The record's header lines for these settings (all but the seed), the whole
        game's parts left out: ``[Target "121"]``, ``[Kinds "fifteen"]``..."""
        s = self
        return [
            f'[Target "{s.target}"]',
            f'[Skunks "{"on" if s.skunks else "off"}"]',
            f'[Counting "{s.counting}"]',
            *([f'[Seats "{s.seats}"]'] if s.seats != 2 else []),
            *(['[Crib "off"]'] if not s.crib else []),
            *(['[Play "off"]'] if not s.play else []),
            *([f'[Kinds "{kinds_notation(s.kinds)}"]'] if s.kinds != ALL_KINDS else []),
        ]


#: The keys of the settings' notation (and, capitalised, of a record's header).
SETTINGS_KEYS: tuple[str, ...] = ("target", "skunks", "counting", "seats", "crib", "play", "kinds")
_COUNTINGS = "'automatic', 'muggins' or 'aloud'"


def _on_off(fields: dict[str, str], key: str) -> bool:
    if key not in fields:
        return True
    value = fields[key].lower()
    if value not in ("on", "off"):
        raise NotationError(f"{key} is 'on' or 'off', not {fields[key]!r}")
    return value == "on"


# --- reading and writing the pieces of an event -------------------------------------------


def _fields(tokens: Sequence[str], allowed: set[str], *, what: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep:
            raise NotationError(f"{token!r} in {what} should be written key=value")
        if key not in allowed:
            known = ", ".join(sorted(allowed))
            raise NotationError(f"{what} has no {key!r}: use {known}")
        if key in fields:
            raise NotationError(f"{key!r} is given twice in {what}")
        fields[key] = value
    return fields


def _need(fields: dict[str, str], key: str, what: str) -> str:
    if key not in fields:
        raise NotationError(f"{what} needs {key}=...")
    return fields[key]


def _int(text: str, key: str) -> int:
    """A whole number written in the digits 0-9 (no other script's digits), at most 19 of
    them: a longer one is refused with a message, not read (Python refuses to read numbers
    of thousands of digits, and no number in a game needs more than a seed's 19)."""
    if not re.fullmatch(r"-?[0-9]+", text):
        shown = text if len(text) <= 30 else text[:30] + "…"
        raise NotationError(f"{key} should be a whole number written with 0-9, not {shown!r}")
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        raise NotationError(
            f"{key} has {digits} digits; no number in a game record has more than {_MAX_DIGITS}"
        )
    return int(text)


def _seat(text: str, key: str = "seat") -> int:
    """A seat as a record writes it: 0 to 3 (the game checks it against its players)."""
    value = _int(text, key)
    if value not in seats_of(max(PLAYERS)):
        raise NotationError(f"{key} is a seat from 0 to {max(PLAYERS) - 1}, not {value}")
    return value


def _card(text: str) -> Card:
    try:
        return Card.parse(text)
    except CardNotationError as error:
        raise NotationError(str(error)) from None


def _cards_text(cards: Iterable[Card]) -> str:
    return "-".join(str(card) for card in cards)


def _parse_cards(text: str) -> tuple[Card, ...]:
    return tuple(_card(token) for token in text.split("-")) if text else ()


def _award_text(award: Award) -> str:
    seat, item = award
    return f"{seat}:{item.kind.replace(' ', '_')}/{_cards_text(item.cards)}/{item.points}"


_AWARD_RE = re.compile(r"([0-3]):([a-z_-]+)/([^/]*)/([0-9]{1,3})")


def _parse_awards(text: str) -> tuple[Award, ...]:
    awards: list[Award] = []
    for part in text.split(",") if text else ():
        match = _AWARD_RE.fullmatch(part)
        if match is None:
            raise NotationError(
                f"{part!r} is not an award: write seat:kind/cards/points, like 0:fifteen/5H-TD/2"
            )
        seat, kind, cards, points = match.groups()
        try:
            kind_of = Kind(kind.replace("_", " "))
        except ValueError:
            raise NotationError(f"{kind!r} in {part!r} is not a kind of score") from None
        item = ScoreItem(kind_of, _parse_cards(cards), int(points))
        awards.append((int(seat), item))
    return tuple(awards)


# --- events -------------------------------------------------------------------------------


class Event:
    """What one action did. Every event has ``awards`` (the points it pegged, by seat)."""

    __slots__ = ()
    action: ClassVar[str]
    awards: tuple[Award, ...]

    def points_for(self, seat: int) -> int:
        return sum(item.points for who, item in self.awards if who == seat)

    def items_for(self, seat: int) -> tuple[ScoreItem, ...]:
        return tuple(item for who, item in self.awards if who == seat)

    def notation(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation()

    @classmethod
    def from_notation(cls, text: str) -> Event:
        """Read one event line; called on a subclass, the line must be that kind of event."""
        event = parse_event(text)
        if cls is not Event and not isinstance(event, cls):
            raise NotationError(f"{text!r} is not a {cls.action} event")
        return event


@dataclass(frozen=True, slots=True)
class CutEvent(Event):
    """A seat cut the pack at ``at`` to see who deals and showed ``card``. The second
    cut of a round names the ``dealer`` (the lower card), or ``None`` on a tie."""

    action: ClassVar[str] = "cut"
    seat: int
    at: int
    card: Card
    dealer: int | None = None
    awards: tuple[Award, ...] = ()
    #: The first deal's :func:`deal_digest`, written with the cut that names the dealer
    #: (``None`` in records from before digests were written).
    dealt: str | None = None

    def notation(self) -> str:
        text = f"cut seat={self.seat} at={self.at} card={self.card}"
        if self.dealer is not None:
            text += f" dealer={self.dealer}"
        return text if self.dealt is None else f"{text} dealt={self.dealt}"


@dataclass(frozen=True, slots=True)
class DiscardEvent(Event):
    """A seat laid its cards away to the dealer's crib: two between two players, one
    among three or four."""

    action: ClassVar[str] = "discard"
    seat: int
    cards: tuple[Card, ...]
    awards: tuple[Award, ...] = ()

    def notation(self) -> str:
        return f"discard seat={self.seat} cards={_cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class StarterEvent(Event):
    """The pone (``seat``) cut the pack at ``at`` and ``card`` was turned; a jack pegs
    2 for the dealer (his heels)."""

    action: ClassVar[str] = "starter"
    seat: int
    at: int
    card: Card
    awards: tuple[Award, ...] = ()

    def notation(self) -> str:
        return _with_awards(f"starter seat={self.seat} at={self.at} card={self.card}", self.awards)


@dataclass(frozen=True, slots=True)
class LayEvent(Event):
    """A seat laid ``card`` in the play, making the count ``count``."""

    action: ClassVar[str] = "lay"
    seat: int
    card: Card
    count: int
    awards: tuple[Award, ...] = ()

    def notation(self) -> str:
        return _with_awards(
            f"lay seat={self.seat} card={self.card} count={self.count}", self.awards
        )


@dataclass(frozen=True, slots=True)
class GoEvent(Event):
    """A seat had no card that fits under 31 at ``count`` and said go."""

    action: ClassVar[str] = "go"
    seat: int
    count: int
    awards: tuple[Award, ...] = ()

    def notation(self) -> str:
        return _with_awards(f"go seat={self.seat} count={self.count}", self.awards)


@dataclass(frozen=True, slots=True)
class ShowEvent(Event):
    """One hand or the crib counted in the show.

    ``score`` is the true count with its items. ``claimed`` is what the owner said
    (``None`` when the count was left to the engine); ``awarded`` is what the owner
    pegged (never more than is there) and ``muggins`` what the seat on the owner's left
    took for points the owner missed (``taker``: with two players, the other one; 0 when
    the owner's points already won the game).
    """

    action: ClassVar[str] = "show"
    seat: int
    which: Which
    score: ShowScore
    claimed: int | None
    awarded: int
    muggins: int
    awards: tuple[Award, ...] = ()
    #: Who takes points missed under muggins (the seat on the owner's left).
    taker: int | None = None

    @classmethod
    def build(
        cls,
        seat: int,
        which: Which,
        score: ShowScore,
        claimed: int | None,
        *,
        owner_wins: bool = False,
        players: int = 2,
        aloud: bool = False,
    ) -> ShowEvent:
        """The event for a count: the owner scores what was claimed, at most what is
        there; missed points go to the seat on the owner's left unless the owner has
        already won. Counted ``aloud`` (for learning), the owner scores what is there
        whatever was claimed, and nobody takes what was missed."""
        true = score.total
        awarded = true if claimed is None or aloud else min(claimed, true)
        muggins = 0 if owner_wins or claimed is None or aloud else max(true - claimed, 0)
        taker = left_of(seat, players)
        awards: list[Award] = []
        if awarded == true:
            awards.extend((seat, item) for item in score.items)
        elif awarded:
            awards.append((seat, ScoreItem(Kind(f"{which} as claimed"), score.hand, awarded)))
        if muggins:
            awards.append((taker, ScoreItem(Kind.MUGGINS, score.hand, muggins)))
        return cls(seat, which, score, claimed, awarded, muggins, tuple(awards), taker)

    @property
    def true(self) -> int:
        """What the hand or crib is really worth."""
        return self.score.total

    @property
    def missed(self) -> int:
        """Points the owner left out of the claim."""
        return 0 if self.claimed is None else max(self.true - self.claimed, 0)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.score.hand

    @property
    def muggins_taker(self) -> int:
        """Who took the points missed (the seat on the owner's left)."""
        return self.taker if self.taker is not None else _two_player_left(self.seat)

    def notation(self) -> str:
        claimed = "-" if self.claimed is None else str(self.claimed)
        text = (
            f"show seat={self.seat} which={self.which} cards={_cards_text(self.score.hand)}"
            f" starter={self.score.starter} claimed={claimed} awarded={self.awarded}"
            f" muggins={self.muggins}"
        )
        if self.taker is not None and self.taker != _two_player_left(self.seat):
            text += f" to={self.taker}"  # with three or four players
        return text


@dataclass(frozen=True, slots=True)
class DealEvent(Event):
    """The next deal (``deal_no``, counting from 1) was dealt by ``dealer``."""

    action: ClassVar[str] = "deal"
    deal_no: int
    dealer: int
    awards: tuple[Award, ...] = ()
    #: The deal's :func:`deal_digest` (``None`` in records from before digests were written).
    dealt: str | None = None

    def notation(self) -> str:
        text = f"deal no={self.deal_no} dealer={self.dealer}"
        return text if self.dealt is None else f"{text} dealt={self.dealt}"


_DIGEST = re.compile(r"[0-9a-f]{8}")


def deal_digest(hands: Sequence[Sequence[Card]], pack: Sequence[Card]) -> str:
    """Eight hex digits that name one deal: every seat's cards as dealt, in seat order, and
    the pack left in its order (so the starter too). A record writes it with each deal, and
    a replay that deals other cards from the same seed (were dealing ever to change) is
    refused instead of silently becoming another game, as a hand history keeps the cards.

    >>> from trainer.engine.cards import parse_cards
    >>> len(deal_digest([parse_cards("5H 5D"), parse_cards("JS 5C")], parse_cards("5S")))
    8
    """
    text = " | ".join(" ".join(map(str, hand)) for hand in hands)
    text += " || " + " ".join(map(str, pack))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:8]


def _digest(f: dict[str, str]) -> str | None:
    if "dealt" not in f:
        return None
    if not _DIGEST.fullmatch(f["dealt"]):
        raise NotationError(f"dealt={f['dealt']!r} is not a deal's digest (eight of 0-9 and a-f)")
    return f["dealt"]


def _with_awards(text: str, awards: tuple[Award, ...]) -> str:
    if not awards:
        return text
    return f"{text} awards={','.join(_award_text(award) for award in awards)}"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.action: cls
    for cls in (CutEvent, DiscardEvent, StarterEvent, LayEvent, GoEvent, ShowEvent, DealEvent)
}


def parse_event(text: str, kinds: Collection[Kind] = ALL_KINDS) -> Event:
    """Read one event line written by :meth:`Event.notation`; a show is counted with the
    ``kinds`` of score its game counts (every kind by default)."""
    tokens = text.split()
    if not tokens:
        raise NotationError("an empty line is not an event")
    action, rest = tokens[0], tokens[1:]
    if action not in EVENT_TYPES:
        known = ", ".join(EVENT_TYPES)
        raise NotationError(f"{action!r} is not an event: events are {known}")
    what = f"a {action} event"
    if action == "cut":
        f = _fields(rest, {"seat", "at", "card", "dealer", "dealt"}, what=what)
        dealer = _seat(f["dealer"], "dealer") if "dealer" in f else None
        if "dealt" in f and dealer is None:
            raise NotationError("a cut that names no dealer deals nothing: it has no dealt=")
        return CutEvent(
            _seat(_need(f, "seat", what)),
            _int(_need(f, "at", what), "at"),
            _card(_need(f, "card", what)),
            dealer,
            dealt=_digest(f),
        )
    if action == "discard":
        f = _fields(rest, {"seat", "cards"}, what=what)
        cards = _parse_cards(_need(f, "cards", what))
        if len(cards) not in (1, 2):
            raise NotationError(f"a discard is one card or two, not {len(cards)}")
        return DiscardEvent(_seat(_need(f, "seat", what)), cards)
    if action == "deal":
        f = _fields(rest, {"no", "dealer", "dealt"}, what=what)
        return DealEvent(
            _int(_need(f, "no", what), "no"),
            _seat(_need(f, "dealer", what), "dealer"),
            dealt=_digest(f),
        )
    if action == "show":
        return _parse_show(rest, what, kinds)
    f = _fields(rest, {"seat", "card", "at", "count", "awards"}, what=what)
    seat = _seat(_need(f, "seat", what))
    awards = _parse_awards(f.get("awards", ""))
    if action == "starter":
        _refuse(f, "count", what)
        return StarterEvent(
            seat, _int(_need(f, "at", what), "at"), _card(_need(f, "card", what)), awards
        )
    _refuse(f, "at", what)
    count = _int(_need(f, "count", what), "count")
    if action == "lay":
        return LayEvent(seat, _card(_need(f, "card", what)), count, awards)
    _refuse(f, "card", what)
    return GoEvent(seat, count, awards)


def _refuse(fields: dict[str, str], key: str, what: str) -> None:
    if key in fields:
        raise NotationError(f"{what} has no {key!r}")


def _parse_show(rest: Sequence[str], what: str, kinds: Collection[Kind]) -> ShowEvent:
    f = _fields(
        rest,
        {"seat", "which", "cards", "starter", "claimed", "awarded", "muggins", "to"},
        what=what,
    )
    seat = _seat(_need(f, "seat", what))
    taker = _seat(f["to"], "to") if "to" in f else _two_player_left(seat)
    try:
        which = Which(_need(f, "which", what))
    except ValueError:
        raise NotationError(f"which is 'hand' or 'crib', not {f['which']!r}") from None
    cards = _parse_cards(_need(f, "cards", what))
    starter = _card(_need(f, "starter", what))
    try:
        score = only_kinds(score_show(cards, starter, crib=which is Which.CRIB), kinds)
    except (ShowError, ValueError) as error:
        raise NotationError(f"{what} cannot be counted: {error}") from None
    claimed_text = _need(f, "claimed", what)
    claimed = None if claimed_text == "-" else _int(claimed_text, "claimed")
    if claimed is not None and not 0 <= claimed <= MAX_SHOW:
        raise NotationError(f"a claim is from 0 to {MAX_SHOW} points (or -), not {claimed}")
    awarded = _int(_need(f, "awarded", what), "awarded")
    muggins = _int(_need(f, "muggins", what), "muggins")
    # counted aloud: the owner said less than is there and still pegged it all
    aloud = claimed is not None and claimed < score.total == awarded and muggins == 0
    event = _show(seat, which, score, claimed, taker, aloud=aloud)
    if event.awarded != awarded:
        raise NotationError(
            f"{what} says {awarded} awarded, but a claim of {claimed_text} on a count of"
            f" {score.total} awards {event.awarded}"
        )
    if muggins == event.muggins:
        return event
    if muggins == 0:  # the owner's points won the game before muggins could be called
        return _show(seat, which, score, claimed, taker, owner_wins=True)
    raise NotationError(
        f"{what} says muggins {muggins}, but a claim of {claimed_text} on a count of"
        f" {score.total} leaves {event.muggins}"
    )


def _two_player_left(seat: int) -> int:
    """The seat on ``seat``'s left at a table of two (a show written without ``to=``)."""
    return (seat + 1) % 2


def _show(
    seat: int, which: Which, score: ShowScore, claimed: int | None, taker: int,
    *, owner_wins: bool = False, aloud: bool = False,
) -> ShowEvent:  # fmt: skip
    """A show event read back: its muggins taker as written (with two players, the other)."""
    built = ShowEvent.build(seat, which, score, claimed, owner_wins=owner_wins, aloud=aloud)
    if taker == built.muggins_taker:
        return built
    awards = tuple(
        (taker if item.kind is Kind.MUGGINS else who, item) for who, item in built.awards
    )
    return ShowEvent(seat, which, score, claimed, built.awarded, built.muggins, awards, taker)


# --- a whole game -------------------------------------------------------------------------

_HEADER_RE = re.compile(r'\[(\w+) "([^"]*)"\]')


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game on paper: settings, seed and events. Its text form is a header of
    ``[Key "value"]`` lines, a blank line, then one event a line.

    >>> record = GameRecord(Settings(target=61), 7, (parse_event("cut seat=0 at=9 card=KD"),))
    >>> print(record.notation(), end="")
    [Game "cribbage"]
    [Target "61"]
    [Skunks "on"]
    [Counting "automatic"]
    [Seed "7"]
    <BLANKLINE>
    cut seat=0 at=9 card=KD
    >>> GameRecord.parse(record.notation()) == record
    True
    """

    settings: Settings
    seed: int
    events: tuple[Event, ...] = ()
    #: For a parsed record, the line of the text each event came from (1-based).
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def line_of(self, index: int) -> int | None:
        return self.lines[index] if index < len(self.lines) else None

    def notation(self) -> str:
        header = ['[Game "cribbage"]', *self.settings.headers(), f'[Seed "{self.seed}"]']
        return "\n".join([*header, "", *(event.notation() for event in self.events)]) + "\n"

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read :meth:`notation` back; a bad line raises :class:`NotationError` naming it.
        A record longer than :data:`MAX_RECORD_CHARS`, or with the cut for deal tied more
        than :data:`MAX_TIED_CUTS` times, is refused before it is played back."""
        if len(text) > MAX_RECORD_CHARS:
            raise NotationError(
                f"the record is {len(text):,} characters long; a game's record is never longer "
                f"than {MAX_RECORD_CHARS:,}"
            )
        headers: dict[str, str] = {}
        events: list[Event] = []
        lines: list[int] = []
        settings: Settings | None = None  # read from the headers, before the first event
        cuts = 0
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                if events:
                    raise NotationError(f"line {number}: a header line after the events")
                match = _HEADER_RE.fullmatch(line)
                if match is None:
                    raise NotationError(f'line {number}: {line!r} is not a [Key "value"] header')
                key, value = match.groups()
                if key in headers:
                    raise NotationError(f"line {number}: the {key} header is given twice")
                headers[key] = value
                continue
            if settings is None:
                settings = _header_settings(headers)
            try:
                events.append(parse_event(line, settings.kinds))
            except NotationError as error:
                raise NotationError(f"line {number}: {error}") from None
            lines.append(number)
            if isinstance(events[-1], CutEvent):
                cuts += 1
                if cuts > 2 * (MAX_TIED_CUTS + 1):
                    raise NotationError(
                        f"line {number}: the cut for deal is tied more than {MAX_TIED_CUTS} "
                        "times in a row, which no game that was played does"
                    )
        if settings is None:
            settings = _header_settings(headers)
        if "Seed" not in headers:
            raise NotationError('a game record needs its [Seed "..."] header')
        seed = _int(headers["Seed"], "Seed")
        if not 0 <= seed <= MAX_SEED:
            raise NotationError(
                f"the seed is a whole number from 0 to {MAX_SEED} (it fits in 64 bits), not {seed}"
            )
        return cls(settings, seed, tuple(events), tuple(lines))


_HEADERS: tuple[str, ...] = ("Game", *(key.capitalize() for key in SETTINGS_KEYS), "Seed")


def _header_settings(headers: dict[str, str]) -> Settings:
    """The settings a record's headers give (every header checked first)."""
    unknown = sorted(set(headers) - set(_HEADERS))
    if unknown:
        raise NotationError(f"unknown header {unknown[0]!r}: headers are {', '.join(_HEADERS)}")
    if headers.get("Game", "cribbage") != "cribbage":
        raise NotationError(f"this is a record of {headers['Game']!r}, not of cribbage")
    return Settings.parse(
        " ".join(
            f"{key}={headers[key.capitalize()]}"
            for key in SETTINGS_KEYS
            if key.capitalize() in headers
        )
    )


# --- results ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatTotals:
    """Where one seat's points came from."""

    play: int = 0
    hands: int = 0
    crib: int = 0
    heels: int = 0
    muggins: int = 0

    @property
    def total(self) -> int:
        return self.play + self.hands + self.crib + self.heels + self.muggins


@dataclass(frozen=True, slots=True)
class GameSummary:
    """The results screen's figures: points by seat and source, deals, the best hands.

    ``seats`` are each seat's own points; ``scores`` each side's (with four players, a
    partnership's are its two seats' together)."""

    seats: tuple[SeatTotals, ...]
    deals: int
    #: The highest-scoring hand (not crib) counted in the game, the earliest on a tie.
    best_hand: ShowEvent | None
    #: Each seat's own best hand.
    best_hands: tuple[ShowEvent | None, ...]
    #: The side that reached the target, if one has.
    winner: int | None = None
    #: 1 for a skunk, 2 for a double skunk (0 with skunks off or before a win): the worst
    #: any losing side took.
    skunk: int = 0
    #: How many played (the number of seats).
    players: int = 2

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's points (a seat's own, or a partnership's two seats' together)."""
        totals = [0] * sides_of(self.players)
        for seat, totals_of in enumerate(self.seats):
            totals[side_of(seat, self.players)] += totals_of.total
        return tuple(totals)


def summarize(events: Iterable[Event], settings: Settings | None = None) -> GameSummary:
    """Add up a game's events: the play, hands, crib, his heels and muggins for each
    seat, the deals, the best hands, and (under ``settings``) the winner and any skunk.

    >>> summarize([parse_event("starter seat=0 at=5 card=JH awards=1:his_heels/JH/2")]).seats[1]
    SeatTotals(play=0, hands=0, crib=0, heels=2, muggins=0)
    """
    rules = settings if settings is not None else Settings()
    players = rules.seats
    totals = [
        dict.fromkeys(("play", "hands", "crib", "heels", "muggins"), 0) for _ in range(players)
    ]
    deals = 0
    best: list[ShowEvent | None] = [None] * players
    best_hand: ShowEvent | None = None
    for event in events:
        if isinstance(event, CutEvent):
            if event.dealer is not None:
                deals = 1
        elif isinstance(event, DealEvent):
            deals += 1
        elif isinstance(event, StarterEvent):
            for seat, item in event.awards:
                totals[seat]["heels"] += item.points
        elif isinstance(event, LayEvent | GoEvent):
            for seat, item in event.awards:
                totals[seat]["play"] += item.points
        elif isinstance(event, ShowEvent):
            source = "hands" if event.which is Which.HAND else "crib"
            totals[event.seat][source] += event.awarded
            totals[event.muggins_taker]["muggins"] += event.muggins
            mine = best[event.seat]
            if event.which is Which.HAND and (mine is None or event.true > mine.true):
                best[event.seat] = event
            if event.which is Which.HAND and (best_hand is None or event.true > best_hand.true):
                best_hand = event
    seats = tuple(SeatTotals(**t) for t in totals)
    summary = GameSummary(seats, deals, best_hand, tuple(best), players=players)
    scores = summary.scores
    winner = next((side for side, total in enumerate(scores) if total >= rules.target), None)
    skunked = 0
    if winner is not None and rules.skunks:
        skunked = max(
            skunk(scores[winner], total, rules.target)
            for side, total in enumerate(scores)
            if side != winner
        )
    return GameSummary(seats, deals, best_hand, tuple(best), winner, skunked, players)

"""The events of a game, each one action and the points it pegged, and their notation.

Every action of a :class:`~trainer.engine.game.Game` returns one frozen event.
Each event writes itself as one line of text (:meth:`Event.notation`) that
:func:`parse_event` reads back to an equal event, and its ``repr`` can be pasted
into Python.

>>> event = parse_event("lay seat=1 card=7C count=14 awards=1:pair/7S-7C/2")
>>> event.points_for(1), event.notation()
(2, 'lay seat=1 card=7C count=14 awards=1:pair/7S-7C/2')
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import ClassVar

from trainer.engine.cards import Card
from trainer.engine.items import Award, Kind, ScoreItem
from trainer.engine.kinds import ALL_KINDS, only_kinds
from trainer.engine.notation import (
    NotationError,
    cards_text,
    need,
    read_card,
    read_cards,
    read_fields,
    read_int,
    read_seat,
)
from trainer.engine.show import MAX_SHOW, ShowError, ShowScore, score_show
from trainer.engine.vocab import Which, left_of

__all__ = [
    "EVENT_TYPES",
    "CutEvent",
    "DealEvent",
    "DiscardEvent",
    "Event",
    "GoEvent",
    "LayEvent",
    "ShowEvent",
    "StarterEvent",
    "deal_digest",
    "parse_event",
]

#: What a count pegs its owner when they claimed less than there is (and at most what is there).
_AS_CLAIMED: dict[Which, Kind] = {
    Which.HAND: Kind.HAND_AS_CLAIMED,
    Which.CRIB: Kind.CRIB_AS_CLAIMED,
}


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
        return f"discard seat={self.seat} cards={cards_text(self.cards)}"


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
            awards.extend(Award(seat, item) for item in score.items)
        elif awarded:
            awards.append(Award(seat, ScoreItem(_AS_CLAIMED[which], score.hand, awarded)))
        if muggins:
            awards.append(Award(taker, ScoreItem(Kind.MUGGINS, score.hand, muggins)))
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
            f"show seat={self.seat} which={self.which} cards={cards_text(self.score.hand)}"
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
    return _PARSERS[action](rest, f"a {action} event", kinds)


def _parse_cut(rest: Sequence[str], what: str, kinds: Collection[Kind]) -> CutEvent:
    f = read_fields(rest, {"seat", "at", "card", "dealer", "dealt"}, what=what)
    dealer = read_seat(f["dealer"], "dealer") if "dealer" in f else None
    if "dealt" in f and dealer is None:
        raise NotationError("a cut that names no dealer deals nothing: it has no dealt=")
    return CutEvent(
        read_seat(need(f, "seat", what)),
        read_int(need(f, "at", what), "at"),
        read_card(need(f, "card", what)),
        dealer,
        dealt=_digest(f),
    )


def _parse_discard(rest: Sequence[str], what: str, kinds: Collection[Kind]) -> DiscardEvent:
    f = read_fields(rest, {"seat", "cards"}, what=what)
    cards = read_cards(need(f, "cards", what))
    if len(cards) not in (1, 2):
        raise NotationError(f"a discard is one card or two, not {len(cards)}")
    return DiscardEvent(read_seat(need(f, "seat", what)), cards)


def _parse_deal(rest: Sequence[str], what: str, kinds: Collection[Kind]) -> DealEvent:
    f = read_fields(rest, {"no", "dealer", "dealt"}, what=what)
    return DealEvent(
        read_int(need(f, "no", what), "no"),
        read_seat(need(f, "dealer", what), "dealer"),
        dealt=_digest(f),
    )


def _pegging_fields(
    rest: Sequence[str], what: str
) -> tuple[dict[str, str], int, tuple[Award, ...]]:
    """The fields of a starter, a lay or a go, with the seat and the awards read."""
    f = read_fields(rest, {"seat", "card", "at", "count", "awards"}, what=what)
    return f, read_seat(need(f, "seat", what)), _parse_awards(f.get("awards", ""))


def _parse_starter(rest: Sequence[str], what: str, kinds: Collection[Kind]) -> StarterEvent:
    f, seat, awards = _pegging_fields(rest, what)
    _refuse(f, "count", what)
    return StarterEvent(
        seat, read_int(need(f, "at", what), "at"), read_card(need(f, "card", what)), awards
    )


def _parse_lay(rest: Sequence[str], what: str, kinds: Collection[Kind]) -> LayEvent:
    f, seat, awards = _pegging_fields(rest, what)
    _refuse(f, "at", what)
    count = read_int(need(f, "count", what), "count")
    return LayEvent(seat, read_card(need(f, "card", what)), count, awards)


def _parse_go(rest: Sequence[str], what: str, kinds: Collection[Kind]) -> GoEvent:
    f, seat, awards = _pegging_fields(rest, what)
    _refuse(f, "at", what)
    count = read_int(need(f, "count", what), "count")
    _refuse(f, "card", what)
    return GoEvent(seat, count, awards)


def _refuse(fields: dict[str, str], key: str, what: str) -> None:
    if key in fields:
        raise NotationError(f"{what} has no {key!r}")


def _parse_show(rest: Sequence[str], what: str, kinds: Collection[Kind]) -> ShowEvent:
    f = read_fields(
        rest,
        {"seat", "which", "cards", "starter", "claimed", "awarded", "muggins", "to"},
        what=what,
    )
    seat = read_seat(need(f, "seat", what))
    taker = read_seat(f["to"], "to") if "to" in f else _two_player_left(seat)
    try:
        which = Which(need(f, "which", what))
    except ValueError:
        raise NotationError(f"which is 'hand' or 'crib', not {f['which']!r}") from None
    cards = read_cards(need(f, "cards", what))
    starter = read_card(need(f, "starter", what))
    try:
        score = only_kinds(score_show(cards, starter, crib=which is Which.CRIB), kinds)
    except (ShowError, ValueError) as error:
        raise NotationError(f"{what} cannot be counted: {error}") from None
    claimed_text = need(f, "claimed", what)
    claimed = None if claimed_text == "-" else read_int(claimed_text, "claimed")
    if claimed is not None and not 0 <= claimed <= MAX_SHOW:
        raise NotationError(f"a claim is from 0 to {MAX_SHOW} points (or -), not {claimed}")
    awarded = read_int(need(f, "awarded", what), "awarded")
    muggins = read_int(need(f, "muggins", what), "muggins")
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
        Award(taker if item.kind is Kind.MUGGINS else who, item) for who, item in built.awards
    )
    return ShowEvent(seat, which, score, claimed, built.awarded, built.muggins, awards, taker)


# --- the awards an event writes ------------------------------------------------------------


def _award_text(award: Award) -> str:
    seat, item = award
    return f"{seat}:{item.kind.replace(' ', '_')}/{cards_text(item.cards)}/{item.points}"


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
        item = ScoreItem(kind_of, read_cards(cards), int(points))
        awards.append(Award(int(seat), item))
    return tuple(awards)


#: How :func:`parse_event` reads each type of event, by the word it starts with.
_PARSERS: dict[str, Callable[[Sequence[str], str, Collection[Kind]], Event]] = {
    CutEvent.action: _parse_cut,
    DiscardEvent.action: _parse_discard,
    StarterEvent.action: _parse_starter,
    LayEvent.action: _parse_lay,
    GoEvent.action: _parse_go,
    ShowEvent.action: _parse_show,
    DealEvent.action: _parse_deal,
}

"""One series of the play between a pone and a dealer, replayed from the cards laid
(and, :func:`replay_table`, one among three or four players round the table).

A lesson or a drill names the cards laid in order; :func:`replay_series` finds who
laid each, says go whenever a player has to, and plays on until the series is over,
so the question's answer comes from the rules, not from the file.

>>> from trainer.engine.cards import parse_cards
>>> series = replay_series(parse_cards("8C 6H 9S JD"), parse_cards("7D 5S TC QH"),
...                        parse_cards("8C 7D 6H 5S"))
>>> series.scorer, series.closing.kind, series.points, series.next_leader
(Role.DEALER, Kind.GO, 5, Role.PONE)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trainer.engine.cards import Card, label_cards
from trainer.engine.items import ScoreItem
from trainer.engine.pegging import PegEvent, Pegging, PeggingError
from trainer.engine.vocab import Role, RuleError

__all__ = ["SERIES_ORDER", "Series", "SeriesError", "TableSeries", "replay_series", "replay_table"]

#: The two players of a series, in the order they play: the pone leads.
SERIES_ORDER: tuple[Role, Role] = (Role.PONE, Role.DEALER)


class SeriesError(RuleError):
    """The cards named cannot be one series of the play, and the message says why."""


@dataclass(frozen=True, slots=True)
class Series:
    """A series played out by :class:`~trainer.engine.pegging.Pegging`, the pone leading.

    Players are named by role; ``events`` index them as ``Pegging`` does (0, the pone).
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    events: tuple[PegEvent, ...]
    held: tuple[tuple[Card, ...], tuple[Card, ...]]  # cards not laid, per player
    scorer: Role  # who pegs for the go, the last card or the 31
    closing: ScoreItem  # that go, last card or 31
    last_player: Role  # who laid the last card
    last_card: Card
    points: int  # what the last player pegged from their last card on, the go included
    next_leader: Role | None  # who leads the next series (None: the play is over)

    @property
    def play_over(self) -> bool:
        return self.next_leader is None


def replay_series(pone: Sequence[Card], dealer: Sequence[Card], plays: Sequence[Card]) -> Series:
    """Lay ``plays`` in order (each by whoever holds it, the pone leading), saying go
    whenever a player has to, until the series they belong to is over.

    Raises :class:`SeriesError` when a card is laid out of turn, past 31 or by nobody,
    or when the series is not over after the last play.
    """
    hands = (tuple(pone), tuple(dealer))
    if not plays:
        raise SeriesError("list the cards laid, in order: at least one")
    play, events, last_lay = _play_out(
        hands,
        plays,
        lambda seat: f"the {SERIES_ORDER[seat]}",
        nobody="in neither the pone's nor the dealer's hand",
    )
    closing = events[-1].closing
    assert closing is not None  # (_play_out refuses a series not over)
    scorer, item = closing
    laid = events[last_lay]
    assert laid.card is not None
    points = sum(event.points_for(laid.player) for event in events[last_lay:])
    return Series(
        hands=hands,
        events=tuple(events),
        held=(tuple(play.hands[0]), tuple(play.hands[1])),
        scorer=SERIES_ORDER[scorer],
        closing=item,
        last_player=SERIES_ORDER[laid.player],
        last_card=laid.card,
        points=points,
        next_leader=None if play.is_over else SERIES_ORDER[play.turn],
    )


@dataclass(frozen=True, slots=True)
class TableSeries:
    """A series among three or four players, played out by
    :class:`~trainer.engine.pegging.Pegging`: seats are numbered clockwise from the
    dealer's left (seat 0 leads the play; the last seat is the dealer's)."""

    hands: tuple[tuple[Card, ...], ...]
    events: tuple[PegEvent, ...]
    held: tuple[tuple[Card, ...], ...]  # cards not laid, per seat
    scorer: int  # who pegs for the go, the last card or the 31
    closing: ScoreItem
    last_player: int
    last_card: Card
    next_leader: int | None  # who leads the next series (None: the play is over)

    @property
    def players(self) -> int:
        return len(self.hands)


def replay_table(hands: Sequence[Sequence[Card]], plays: Sequence[Card]) -> TableSeries:
    """Lay ``plays`` in order among three or four players (each card by whoever holds
    it, seat 0 leading, turns going clockwise), saying go whenever a player has to, until
    the series they belong to is over; :class:`SeriesError` says what does not hold.

    >>> from trainer.engine.cards import parse_cards
    >>> table = replay_table([parse_cards("KS 9H"), parse_cards("QD 2C"), parse_cards("8C 5D")],
    ...                      parse_cards("KS QD 8C 2C"))
    >>> table.scorer, table.closing.kind, table.next_leader
    (1, Kind.GO, 2)
    """
    seats = tuple(tuple(hand) for hand in hands)
    if len(seats) not in (3, 4):
        raise SeriesError(f"a table of three or four has 3 or 4 hands, not {len(seats)}")
    if not plays:
        raise SeriesError("list the cards laid, in order: at least one")
    play, events, last_lay = _play_out(
        seats, plays, lambda seat: f"seat {seat + 1}", nobody="in nobody's hand", one_series=True
    )
    closing = events[-1].closing
    assert closing is not None  # (_play_out refuses a series not over)
    scorer, item = closing
    laid = events[last_lay]
    assert laid.card is not None
    return TableSeries(
        hands=seats,
        events=tuple(events),
        held=tuple(tuple(hand) for hand in play.hands),
        scorer=scorer,
        closing=item,
        last_player=laid.player,
        last_card=laid.card,
        next_leader=None if play.is_over else play.turn,
    )


def _play_out(
    hands: Sequence[Sequence[Card]],
    plays: Sequence[Card],
    name: Callable[[int], str],
    *,
    nobody: str,
    one_series: bool = False,
) -> tuple[Pegging, list[PegEvent], int]:
    """Lay ``plays`` in order from ``hands`` (seat 0 leading), each by whoever holds it,
    saying go whenever a player has to, until the series is over: the play, its events, and
    the index of the last card laid among them. ``name`` names a seat in the messages
    ("the pone", "seat 2"), ``nobody`` says where a card held by no seat is not; with
    ``one_series`` a card laid after the series is over is refused."""
    play = Pegging([list(hand) for hand in hands], leader=0)
    events: list[PegEvent] = []
    last_lay = 0
    for index, card in enumerate(plays):
        while play.must_go():
            events.append(play.go())
        owner = next((seat for seat, hand in enumerate(hands) if card in hand), None)
        if owner is None:
            raise SeriesError(f"{card.label} is {nobody}")
        if play.is_over or card not in play.hands[owner]:
            raise SeriesError(f"{card.label} is laid twice")
        if owner != play.turn:
            raise SeriesError(
                f"{card.label} is {name(owner)}'s card, but it is {name(play.turn)}'s turn "
                f"(the count is {play.count})"
            )
        try:
            play.verify_lay(card)
        except PeggingError as err:
            raise SeriesError(str(err)) from None
        last_lay = len(events)
        events.append(play.lay(card))
        if one_series and events[-1].series_over and index < len(plays) - 1:
            raise SeriesError(f"the series is over at {card.label}: the cards after it are another")
    while not events[-1].series_over and play.must_go():
        events.append(play.go())
    if events[-1].closing is None:
        raise SeriesError(
            f"the series is not over after these plays: {name(play.turn)} can still lay "
            f"{label_cards(play.playable())}"
        )
    return play, events, last_lay

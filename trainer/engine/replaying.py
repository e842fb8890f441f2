"""A game played again from its events: each event performed again and checked to come out
as recorded (:func:`replayed`; :func:`replayed_from` names a record's event that does
not), and the views the seats had after a game's first events,
rebuilt by replaying them (:class:`PastViews`), which :class:`~trainer.engine.game.Game`
uses for :meth:`~trainer.engine.game.Game.apply` and past views."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol

import trainer.engine.events as ev
from trainer.engine.cards import Card
from trainer.engine.game_errors import GameRuleError, ReplayError
from trainer.engine.pegging import PeggingError
from trainer.engine.record import GameRecord
from trainer.engine.seat_view import SeatView
from trainer.engine.vocab import Which

__all__ = [
    "PAST_VIEWS",
    "Actions",
    "PastViews",
    "Replayable",
    "past_point",
    "replayed",
    "replayed_from",
]

#: How many past views (:meth:`Game.view` with ``at``) a game keeps once given: the coach
#: and the win line ask for the same few again after every move.
PAST_VIEWS = 256


class Actions(Protocol):
    """A game's actions, as an event performs them again, and its deal number."""

    deal_no: int

    def cut_for_deal(self, seat: int, at: int | None = None) -> ev.CutEvent: ...

    def discard(self, seat: int, cards: Sequence[Card]) -> ev.DiscardEvent: ...

    def cut_starter(self, seat: int, at: int | None = None) -> ev.StarterEvent: ...

    def lay(self, seat: int, card: Card) -> ev.LayEvent: ...

    def go(self, seat: int) -> ev.GoEvent: ...

    def count_hand(
        self, seat: int, which: Which | str = Which.HAND, claimed: int | None = None
    ) -> ev.ShowEvent: ...

    def next_deal(self) -> ev.DealEvent: ...


#: How :func:`replayed` performs each type of event again.
_PERFORM: dict[type[ev.Event], Callable[[Actions, Any], ev.Event]] = {
    ev.CutEvent: lambda game, event: game.cut_for_deal(event.seat, event.at),
    ev.DiscardEvent: lambda game, event: game.discard(event.seat, event.cards),
    ev.StarterEvent: lambda game, event: game.cut_starter(event.seat, event.at),
    ev.LayEvent: lambda game, event: game.lay(event.seat, event.card),
    ev.GoEvent: lambda game, event: game.go(event.seat),
    ev.ShowEvent: lambda game, event: game.count_hand(event.seat, event.which, event.claimed),
    ev.DealEvent: lambda game, event: game.next_deal(),
}


def replayed(game: Actions, event: ev.Event) -> ev.Event:
    """Perform on ``game`` the action ``event`` records and check it comes out the same."""
    perform = _PERFORM.get(type(event))
    if perform is None:
        raise ReplayError(f"{event!r} is not a game event")
    result = _same_deal(event, perform(game, event), game.deal_no)
    if result != event:
        raise ReplayError(
            f"the record says {event.notation()!r}, but the game made {result.notation()!r}"
        )
    return result


def replayed_from(game: Replayable, record: GameRecord, index: int) -> ev.Event:
    """Apply to ``game`` event ``index`` of ``record``; one that does not hold up raises
    :class:`ReplayError` naming the event and, for parsed text, its line."""
    event = record.events[index]
    try:
        return game.apply(event)
    except (ReplayError, GameRuleError, PeggingError) as error:
        line = record.line_of(index)
        where = f"event {index + 1}" + (f" (line {line})" if line is not None else "")
        raise ReplayError(f"{where}, {event.notation()!r}: {error}") from None


def _same_deal(event: ev.Event, result: ev.Event, deal_no: int) -> ev.Event:
    """``result`` of replaying ``event``, refused when a cut for deal or a new deal dealt
    other cards than the record says (its digest dropped when the record has none)."""
    if (
        isinstance(event, ev.CutEvent | ev.DealEvent)
        and isinstance(result, ev.CutEvent | ev.DealEvent)
        and event.dealt != result.dealt
    ):
        if event.dealt is not None:  # (a record from before digests has none to check)
            raise ReplayError(
                "this seed now deals other cards than the game was played with "
                f"(deal {deal_no}: the record says dealt={event.dealt}, "
                f"the deal is {result.dealt})"
            )
        return replace(result, dealt=None)
    return result


class Replayable(Protocol):
    """A game that events are applied to, and that says what a seat may know."""

    events: list[ev.Event]

    def apply(self, event: ev.Event) -> ev.Event: ...

    def view(self, seat: int, at: int | None = None) -> SeatView: ...


def past_point(at: object, done: int) -> int:
    """``at`` as a point in a game of ``done`` events so far (from 0, before the first
    cut, to ``done``); :class:`GameRuleError` when it is none."""
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= done:
        raise GameRuleError(
            f"a past view is after 0 to {done} events (the game so far), not {at!r}"
        )
    return at


class PastViews:
    """The views a game's seats had after its first events, each rebuilt by replaying
    them on a new game (``start`` makes one: the same settings and seed), the latest
    kept and carried forward, and the last :data:`PAST_VIEWS` views given kept."""

    def __init__(self, start: Callable[[], Replayable]) -> None:
        self._start = start
        self._behind: Replayable | None = None
        self._views: dict[tuple[int, int], SeatView] = {}

    def view(self, events: Sequence[ev.Event], at: int, seat: int) -> SeatView:
        """``seat``'s view after the first ``at`` of ``events`` (the game so far)."""
        key = (at, seat)
        found = self._views.get(key)
        if found is None:
            found = self._past(events, at).view(seat)
            if len(self._views) >= PAST_VIEWS:
                del self._views[next(iter(self._views))]
            self._views[key] = found
        return found

    def _past(self, events: Sequence[ev.Event], at: int) -> Replayable:
        """The game as it stood after its first ``at`` events (fewer than it has now),
        rebuilt by the engine."""
        # Events are only ever added, so a game replayed to an earlier point is carried
        # forward; one past the point asked for (or no longer this game's) starts again.
        past = self._behind
        done = len(past.events) if past is not None else 0
        if past is None or done > at or (done and past.events[-1] != events[done - 1]):
            past, done = self._start(), 0
        for event in events[done:at]:
            past.apply(event)
        self._behind = past
        return past

"""The game's chance to win as a line over the deals, and the person's choices that moved
it most: what the results of a game and its review draw.

The line is the chance the win meter showed the person during the game, and the coach
spoke of: :func:`~trainer.analysis.winmeter.seat_chance` of their seat after every action,
from what they could see (their own cards, the starter, the cards laid, the hands shown;
before they throw, the chance of their best throw). Another seat's throw is face down: it
tells the seat nothing, so the chance after it is the chance before it (not worked out
again). The line after the game and the meter during it are one function of the same
moments: they never give two chances for the same moment.

Each step of the line is put down to one of the person's choices, or to none (the deal,
the starter, the other seats' cards before the person's first card, the end of the play,
where every hand is shown, and the show):

* **the throw** owns its own step: from the chance of the best throw (what the meter
  showed while the six cards were in hand) to the chance of the throw made, never up;
* **a card laid** owns its own step and the other side's answers after it (its cards and
  both sides' "go"), until the person's next card or the play's last step, which shows
  every hand and is luck, no one's choice.

A choice's swing is the change in the person's chance over the steps it owns (they follow
one another, so it is the chance after them less the chance before); the marks are the
few biggest swings (:meth:`WinLine.biggest`), at least one percentage point each.

>>> from trainer.engine import Game, Settings
>>> game = Game(Settings(target=61), seed=3)
>>> _ = game.cut_for_deal(0, at=10), game.cut_for_deal(1, at=20)
>>> line = win_line(game.record())
>>> [round(p.chance, 2) for p in line.points], line.swings  # the last: the dealer holding its six
([0.5, 0.5, 0.48], ())
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trainer.analysis.winmeter import seat_chance, whole_percent
from trainer.analysis.winprob import WinModel
from trainer.engine.cards import Card
from trainer.engine.events import DealEvent, DiscardEvent, Event, GoEvent, LayEvent
from trainer.engine.game import Game
from trainer.engine.record import GameRecord
from trainer.engine.seat_view import SeatView
from trainer.engine.settings import Settings
from trainer.engine.vocab import Phase
from trainer.training.coach.chances import standing
from trainer.training.review import DecisionKind
from trainer.training.table import ME

__all__ = [
    "BIGGEST",
    "MIN_SWING",
    "ChanceOf",
    "FollowedLine",
    "LinePoint",
    "SeenPoint",
    "Swing",
    "WinLine",
    "chance_history",
    "line_of_history",
    "win_line",
]

#: How many of the person's choices the line marks.
BIGGEST = 3
#: A choice is marked only when it moved the chance by at least this much.
MIN_SWING = 0.01

#: The person's chance after the game's first ``at`` events, from their ``view`` then: by
#: default :func:`~trainer.analysis.winmeter.seat_chance`'s (after another seat's throw,
#: the chance before it); the Play page gives the table's own
#: (:meth:`~trainer.training.table.Table.chance_seen`), whose memo the meter shares.
ChanceOf = Callable[[int, SeatView], float]


@dataclass(frozen=True, slots=True)
class SeenPoint:
    """The person's chance after the ``index``-th action of a game (``event``; ``None`` for
    the position before any), in deal ``deal_no`` and ``phase`` then."""

    index: int
    event: Event | None
    deal_no: int
    phase: Phase
    chance: float


@dataclass(frozen=True, slots=True)
class LinePoint:
    """The person's chance after the ``index``-th action (0: before any), in deal
    ``deal_no`` (0: the cut for deal), at ``at`` on the line: deal ``d`` runs from ``d``
    to ``d + 1``, its actions evenly spread."""

    index: int
    deal_no: int
    at: float
    chance: float

    @property
    def percent(self) -> int:
        """The chance as a whole percentage (1 to 99 until the game is won)."""
        return whole_percent(self.chance)

    def said(self, *, words: bool = False) -> str:
        """``62%``, or (``words``: learning mode, first games) ``a little ahead``."""
        return standing(self.chance) if words else f"{self.percent}%"


@dataclass(frozen=True, slots=True)
class Swing:
    """One of the person's choices and how it moved their chance: ``start`` is the point
    before it, ``end`` the last point it owns (see the module)."""

    kind: DecisionKind
    deal_no: int
    event_index: int
    cards: tuple[Card, ...]
    count: int
    start: LinePoint
    end: LinePoint

    @property
    def change(self) -> float:
        return self.end.chance - self.start.chance

    def words(self, *, words: bool = False) -> str:
        """The choice and its swing in plain words, whole percentages (``words``: the
        chances in words too, for learning mode and first games)."""
        frm, to = self.start.said(words=words), self.end.said(words=words)
        moved = "went up" if self.change > 0 else "went down"
        if self.kind is DecisionKind.THROW:
            what = f"Deal {self.deal_no}, your throw of {' and '.join(c.label for c in self.cards)}"
            if words and frm == to:
                return (
                    f"{what}: your chance to win went down a little against the best throw ({to})."
                )
            return f"{what}: your chance to win went from {frm} with the best throw to {to}."
        what = f"Deal {self.deal_no}, you laid {self.cards[0].label} (the count {self.count})"
        when = "with what was pegged after it"
        if words and frm == to:
            return f"{what}: {when}, your chance to win {moved} a little ({to})."
        return f"{what}: {when}, your chance to win {moved} from {frm} to {to}."


@dataclass(frozen=True, slots=True)
class WinLine:
    """The line of a game from ``seat``'s side, and every choice of that seat that owns a
    step of it, in the order they were made."""

    seat: int
    points: tuple[LinePoint, ...]
    swings: tuple[Swing, ...]

    def biggest(self, n: int = BIGGEST) -> tuple[Swing, ...]:
        """The ``n`` choices that moved the chance most (either way, at least
        :data:`MIN_SWING`), biggest first; equal swings in the order they were made."""
        moved = [s for s in self.swings if abs(s.change) >= MIN_SWING]
        return tuple(sorted(moved, key=lambda s: -abs(s.change))[:n])

    def at_throws(self) -> tuple[tuple[int, LinePoint, LinePoint], ...]:
        """Deal by deal, the point where the person held their cards to throw (the meter
        then) and the deal's last point: ``(deal_no, at the throw, at the end)``."""
        out = []
        throws = {s.deal_no: s for s in self.swings if s.kind is DecisionKind.THROW}
        by_deal: dict[int, list[LinePoint]] = {}
        for point in self.points:
            by_deal.setdefault(point.deal_no, []).append(point)
        for deal_no, swing in sorted(throws.items()):
            out.append((deal_no, swing.start, by_deal[deal_no][-1]))
        return tuple(out)


class SeenHistory:
    """The person's chance before the first action of one game and after each action,
    followed as the game goes: :meth:`follow` adds the actions not yet measured (at most
    ``limit`` a call). ``chance_of`` works out one position's chance (by default
    :func:`~trainer.analysis.winmeter.seat_chance`'s)."""

    def __init__(
        self,
        settings: Settings,
        seed: int,
        *,
        seat: int = ME,
        model: WinModel | None = None,
        chance_of: ChanceOf | None = None,
    ) -> None:
        self.seat = seat
        self._game = Game(settings, seed)
        self._model = model
        self._chance_of = chance_of
        self._events: list[Event] = []
        view = self._game.view(seat)
        self._points = [SeenPoint(0, None, 0, view.phase, self._chance(0, view))]

    def _chance(self, at: int, view: SeatView) -> float:
        if self._chance_of is not None:
            return self._chance_of(at, view)
        event = self._events[-1] if self._events else None
        if isinstance(event, DiscardEvent) and event.seat != self.seat:
            return self._points[-1].chance  # face down: the seat learns nothing
        return seat_chance(view, model=self._model).chance

    @property
    def points(self) -> tuple[SeenPoint, ...]:
        """The chance before any action, then after each action followed so far."""
        return tuple(self._points)

    def follows(self, events: Sequence[Event]) -> bool:
        """Whether the actions followed so far are the first of ``events`` (a game that
        went another way, or one replaced by another copy, is not this history's)."""
        done = len(self._events)
        return len(events) >= done and (done == 0 or events[done - 1] == self._events[-1])

    def follow(self, events: Sequence[Event], limit: int | None = None) -> bool:
        """Measure the actions of ``events`` not yet followed (at most ``limit`` of them);
        True once every one of them is. ``events`` must go on from those followed
        (:meth:`follows`): :class:`ValueError` otherwise."""
        if not self.follows(events):
            raise ValueError("these actions do not go on from the ones followed so far")
        start = len(self._events)
        end = len(events) if limit is None else min(len(events), start + limit)
        for i in range(start, end):
            event = events[i]
            self._game.apply(event)
            self._events.append(event)
            view = self._game.view(self.seat)
            chance = self._chance(i + 1, view)
            self._points.append(SeenPoint(i + 1, event, self._game.deal_no, view.phase, chance))
        return end == len(events)


def chance_history(
    record: GameRecord, *, seat: int = ME, model: WinModel | None = None
) -> tuple[SeenPoint, ...]:
    """The person's chance before the first action of the game ``record`` and after each
    one (see the module)."""
    history = SeenHistory(record.settings, record.seed, seat=seat, model=model)
    history.follow(record.events)
    return history.points


def _positions(history: Sequence[SeenPoint]) -> tuple[LinePoint, ...]:
    per_deal: dict[int, int] = {}
    for point in history:
        per_deal[point.deal_no] = per_deal.get(point.deal_no, 0) + 1
    seen: dict[int, int] = {}
    out = []
    for point in history:
        d = point.deal_no
        k = seen.get(d, 0)
        seen[d] = k + 1
        at = 1.0 if d == 0 else d + k / per_deal[d]
        out.append(LinePoint(point.index, d, round(at, 4), point.chance))
    return tuple(out)


def _owners(history: Sequence[SeenPoint], seat: int) -> list[int | None]:
    """For each step (the action ``i`` takes the line from point ``i - 1`` to point
    ``i``), the index of the event of the choice that owns it, or None."""
    owners: list[int | None] = [None]
    lay: int | None = None
    for i in range(1, len(history)):
        event = history[i].event
        before, after = history[i - 1], history[i]
        owner: int | None = None
        if isinstance(event, DealEvent):
            lay = None
        elif isinstance(event, DiscardEvent) and event.seat == seat:
            owner = i - 1
        elif isinstance(event, LayEvent | GoEvent):
            if isinstance(event, LayEvent) and event.seat == seat:
                lay = i - 1
            shown = before.phase is Phase.PLAY and after.phase is not Phase.PLAY
            decided = after.chance in (0.0, 1.0)
            owner = None if shown and not decided else lay  # every hand shown: luck
        owners.append(owner)
    return owners


def win_line(record: GameRecord, *, seat: int = ME, model: WinModel | None = None) -> WinLine:
    """The win line of the game ``record`` from ``seat``'s side, with the swing of every
    throw and card of that seat's that owns a step of it."""
    return line_of_history(chance_history(record, seat=seat, model=model), seat=seat)


def line_of_history(history: Sequence[SeenPoint], *, seat: int = ME) -> WinLine:
    """The win line of a game whose chances after each action are ``history`` (see
    :func:`chance_history`), from ``seat``'s side."""
    points = _positions(history)
    owners = _owners(history, seat)
    spans: dict[int, list[int]] = {}
    for step, owner in enumerate(owners):
        if owner is not None:
            spans.setdefault(owner, []).append(step)
    swings = []
    for index in sorted(spans):
        steps = spans[index]
        event = history[index + 1].event  # the action that took the line from point index
        start, end = points[steps[0] - 1], points[steps[-1]]
        if isinstance(event, DiscardEvent):
            swings.append(Swing(DecisionKind.THROW, end.deal_no, index, event.cards, 0, start, end))
        elif isinstance(event, LayEvent):
            swings.append(
                Swing(DecisionKind.PLAY, end.deal_no, index, (event.card,), event.count, start, end)
            )
    return WinLine(seat, points, tuple(swings))


class FollowedLine:
    """A game's win line from ``seat``'s side, followed as the game is played: each
    :meth:`follow` measures the actions not yet measured (a few at a time), so that the line
    at the end of the game (:meth:`line`) costs only what was left. The same line as
    :func:`win_line` of the game's record."""

    def __init__(
        self,
        settings: Settings,
        seed: int,
        *,
        seat: int = ME,
        model: WinModel | None = None,
        chance_of: ChanceOf | None = None,
    ) -> None:
        self.seat = seat
        #: What measures a chance (a table's own, bound to that table): a line goes on only
        #: with the table it measured (see ``trainer.ui.play_page.results``).
        self.chance_of = chance_of
        self._history = SeenHistory(settings, seed, seat=seat, model=model, chance_of=chance_of)
        self._line: WinLine | None = None

    def follows(self, events: Sequence[Event]) -> bool:
        """Whether ``events`` go on from the actions followed so far (the same game)."""
        return self._history.follows(events)

    def follow(self, events: Sequence[Event], limit: int | None = None) -> bool:
        """Measure at most ``limit`` more of ``events`` (every one, without it); True once
        all of them are. :class:`ValueError` when they are not this game's."""
        return self._history.follow(events, limit)

    def line(self, events: Sequence[Event]) -> WinLine:
        """The line over every action of ``events`` (worked out once for them)."""
        self.follow(events)
        history = self._history.points
        if self._line is None or len(self._line.points) != len(history):
            self._line = line_of_history(history, seat=self.seat)
        return self._line

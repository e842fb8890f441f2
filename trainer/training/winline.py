"""The game's chance to win as a line over the deals, and the person's choices that moved
it most: what the results of a game and its review draw.

The line is the win meter after every action (:func:`trainer.analysis.winmeter.win_history`),
from the person's seat. Each step of it is put down to one of the person's choices, or to
none (the deal, the cuts, the computer's throw, the computer's cards before the person's
first card):

* **a card laid** owns its own step and the computer's answers after it (its cards and
  both sides' "go"), until the person's next card or the end of the play: what the card
  pegged, and what it gave the computer to peg;
* **the throw** owns the end of the play and the show: the meter counts the hands exactly
  once every card is laid (so the step that ends the play moves it by what the hands kept
  are worth, the last card's point with them), then the hands and the crib are counted.

A choice's swing is the change in the person's chance over the steps it owns (they follow
one another, so it is the chance after them less the chance before); the marks are the
few biggest swings (:meth:`WinLine.biggest`), at least one percentage point each.

>>> from trainer.engine import Game, Settings
>>> game = Game(Settings(target=61), seed=3)
>>> _ = game.cut_for_deal(0, at=10), game.cut_for_deal(1, at=20)
>>> line = win_line(game.record())
>>> [round(p.chance, 2) for p in line.points], line.swings
([0.5, 0.5, 0.54], ())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis.winmeter import WinHistory, WinPoint, whole_percent, win_history
from trainer.analysis.winprob import WinModel
from trainer.engine.cards import Card
from trainer.engine.events import DealEvent, DiscardEvent, Event, GoEvent, LayEvent, ShowEvent
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Phase
from trainer.training.coach.chances import standing
from trainer.training.review import DecisionKind
from trainer.training.table import ME

__all__ = [
    "BIGGEST",
    "MIN_SWING",
    "FollowedLine",
    "LinePoint",
    "Swing",
    "WinLine",
    "line_of_history",
    "win_line",
]

#: How many of the person's choices the line marks.
BIGGEST = 3
#: A choice is marked only when it moved the chance by at least this much.
MIN_SWING = 0.01


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
        frm, to = f"{self.start.percent}%", f"{self.end.percent}%"
        if words:
            frm, to = standing(self.start.chance), standing(self.end.chance)
        moved = "went up" if self.change > 0 else "went down"
        if self.kind is DecisionKind.THROW:
            a, b = (c.label for c in self.cards)
            what = f"Deal {self.deal_no}, your throw of {a} and {b}"
            when = "when the hands and the crib were counted"
        else:
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


def _positions(history: Sequence[WinPoint], seat: int) -> tuple[LinePoint, ...]:
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
        out.append(LinePoint(point.index, d, round(at, 4), point.chances.of(seat)))
    return tuple(out)


def _owners(history: Sequence[WinPoint], seat: int) -> list[int | None]:
    """For each step (the action ``i`` takes the line from point ``i - 1`` to point
    ``i``), the index of the event of the choice that owns it, or None."""
    owners: list[int | None] = [None]
    throw: int | None = None
    lay: int | None = None
    for i in range(1, len(history)):
        event = history[i].event
        before, after = history[i - 1].chances, history[i].chances
        decided = after.of(seat) in (0.0, 1.0)
        owner: int | None = None
        if isinstance(event, DealEvent):
            throw = lay = None
        elif isinstance(event, DiscardEvent) and event.seat == seat:
            throw = i - 1
        elif isinstance(event, LayEvent | GoEvent):
            if isinstance(event, LayEvent) and event.seat == seat:
                lay = i - 1
            owner = lay
            if before.phase is Phase.PLAY and after.phase is not Phase.PLAY and not decided:
                owner = throw  # the play is over: the meter counts the hands kept
        elif isinstance(event, ShowEvent):
            owner = throw
        owners.append(owner)
    return owners


def win_line(record: GameRecord, *, seat: int = ME, model: WinModel | None = None) -> WinLine:
    """The win line of the game ``record`` from ``seat``'s side, with the swing of every
    throw and card of that seat's that owns a step of it."""
    return line_of_history(win_history(record, model), seat=seat)


def line_of_history(history: Sequence[WinPoint], *, seat: int = ME) -> WinLine:
    """The win line of a game whose meter after each action is ``history`` (see
    :func:`~trainer.analysis.winmeter.win_history`), from ``seat``'s side."""
    points = _positions(history, seat)
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
        self, settings: Settings, seed: int, *, seat: int = ME, model: WinModel | None = None
    ) -> None:
        self.seat = seat
        self._history = WinHistory(settings, seed, model)
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

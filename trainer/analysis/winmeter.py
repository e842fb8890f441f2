"""The win meter: each side's chance to win from a game's public position.

Only what both players can see is used, so both seats' views give the same chances:
the scores, who deals, the starter, the cards laid in the play, and the hands counted.
The chances come from the win-probability model (:mod:`trainer.analysis.winprob`):

* before the starter is turned: the table, at the start of the deal;
* in the play: what is left of the play after as many cards as have been laid (as
  the model measured it), then the show as the model has it for this starter;
* in the show: every card has been laid, so both hands are known and counted
  exactly, in order, and only the crib is taken from the model (for this starter);
* between deals: the table, the other side dealing;
* before the cut for deal, one half each; once a side has won, 1 and 0.

:func:`win_history` replays a game and gives the chances after every action, for a
line over the game.

>>> from trainer.engine import Game, Settings
>>> game = Game(Settings(), seed=4)
>>> win_meter(game.view(0)).chances
(0.5, 0.5)
>>> game.cut_for_deal(0, at=10).card, game.cut_for_deal(1, at=30).card
(Card.parse('5S'), Card.parse('TC'))
>>> meter = win_meter(game.view(0))  # seat 0 cut lower and deals first
>>> meter.dealer, round(meter.chances[0], 2), meter == win_meter(game.view(1))
(0, 0.56, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from trainer.analysis.winprob import WinModel, win_model
from trainer.engine import (
    Event,
    Game,
    GameRecord,
    Phase,
    SeatView,
    Settings,
    Which,
    score_show,
)
from trainer.engine.kinds import ALL_KINDS

__all__ = ["WinChances", "WinHistory", "WinPoint", "measured", "win_history", "win_meter"]


@dataclass(frozen=True, slots=True)
class WinChances:
    """Each seat's chance to win (``chances[seat]``, adding up to 1), in ``phase``,
    with ``dealer`` the seat dealing (``None`` before the cut for deal)."""

    chances: tuple[float, float]
    phase: Phase
    dealer: int | None

    def of(self, seat: int) -> float:
        """``seat``'s chance."""
        if seat not in (0, 1):
            raise ValueError(f"{seat!r} is not a seat: the seats are 0 and 1")
        return self.chances[seat]

    def percent(self, seat: int) -> int:
        """``seat``'s chance as a whole percentage (never 0 or 100 unless the game is won)."""
        chance = self.of(seat)
        if chance in (0.0, 1.0):
            return int(chance * 100)
        return min(99, max(1, round(100 * chance)))


def _by_seat(dealer_chance: float, dealer: int, phase: Phase) -> WinChances:
    p = min(1.0, max(0.0, dealer_chance))
    pair = (p, 1.0 - p) if dealer == 0 else (1.0 - p, p)
    return WinChances(pair, phase, dealer)


def _in_play(model: WinModel, x: int, y: int, z: int, laid: int) -> float:
    """The dealer's chance in the play, needing ``x`` (the pone ``y``) after ``laid`` cards."""
    play = model.play[min(laid, len(model.play) - 1)]
    d_first, _ = play.first(x, y)
    d, p, w = play.cells
    keep = (d < x) & (p < y)
    value = d_first
    for dd, pp, ww in zip(d[keep], p[keep], w[keep], strict=True):
        value += float(ww) * model.after_play(int(x - dd), int(y - pp), z)
    return value


def _in_show(model: WinModel, x: int, y: int, z: int, pone_hand: int, dealer_hand: int) -> float:
    """The dealer's chance with the hands still to count worth ``pone_hand`` and
    ``dealer_hand`` (0 once counted), the crib still to come."""
    if pone_hand >= y:
        return 0.0
    x -= dealer_hand
    if x <= 0:
        return 1.0
    y -= pone_hand
    crib = model.show.crib[z]
    c = np.arange(len(crib))
    home = c >= x
    nxt = 1.0 - model.table[y, np.clip(x - c, 1, model.table.shape[0] - 1)]
    return float(np.dot(crib, np.where(home, 1.0, nxt)))


def measured(settings: Settings) -> bool:
    """Whether the model speaks of games played with ``settings``: it was measured on
    whole games for two, to 121 or 61 (a first game, without the crib, the play or every
    kind of score, or for more players, has no win meter).

    >>> measured(Settings(target=61)), measured(Settings(target=31, crib=False))
    (True, False)
    """
    return (
        settings.seats == 2
        and settings.target in (61, 121)
        and settings.crib
        and settings.play
        and settings.kinds == ALL_KINDS
    )


def win_meter(view: SeatView, model: WinModel | None = None) -> WinChances:
    """Each seat's chance to win from the public part of ``view`` (see the module)."""
    if not isinstance(view, SeatView):
        raise ValueError(f"the win meter reads a seat's view of a game, not {view!r}")
    m = model or win_model()
    target = view.settings.target
    dealer = view.dealer
    if view.winner is not None:
        won = (1.0, 0.0) if view.winner == 0 else (0.0, 1.0)
        return WinChances(won, view.phase, dealer)
    if dealer is None or view.phase is Phase.CUT:
        return WinChances((0.5, 0.5), view.phase, dealer)
    pone = 1 - dealer
    x = target - view.scores[dealer]
    y = target - view.scores[pone]
    if view.phase is Phase.DONE:  # the deal passes
        return _by_seat(1.0 - m.dealer_wins(y, x), dealer, view.phase)
    if view.phase in (Phase.DISCARD, Phase.STARTER) or view.starter is None:
        return _by_seat(m.dealer_wins(x, y), dealer, view.phase)
    z = view.starter.order - 1
    if view.phase is Phase.PLAY:
        return _by_seat(_in_play(m, x, y, z, len(view.laid)), dealer, view.phase)
    # The show: every card has been laid, so both hands are known.
    hands = {seat: tuple(card for who, card in view.laid if who == seat) for seat in (dealer, pone)}
    counted = {(event.seat, event.which) for event in view.shown}
    pone_hand = 0 if (pone, Which.HAND) in counted else score_show(hands[pone], view.starter).total
    dealer_hand = (
        0 if (dealer, Which.HAND) in counted else score_show(hands[dealer], view.starter).total
    )
    return _by_seat(_in_show(m, x, y, z, pone_hand, dealer_hand), dealer, view.phase)


@dataclass(frozen=True, slots=True)
class WinPoint:
    """The chances after the ``index``-th action of a game (``event``; ``None`` for the
    position before any), and the deal it belongs to."""

    index: int
    event: Event | None
    deal_no: int
    chances: WinChances


class WinHistory:
    """The win meter before the first action of one game and after each action, worked out
    as the game goes: :meth:`follow` adds the actions not yet measured (at most ``limit`` a
    call), so a game's whole history is ready at its end without being worked out then.
    :func:`win_history` works out a whole record's at once, through one of these."""

    def __init__(self, settings: Settings, seed: int, model: WinModel | None = None) -> None:
        self._game = Game(settings, seed)
        self._model = model
        self._events: list[Event] = []
        self._points = [WinPoint(0, None, 0, win_meter(self._game.view(0), model))]

    @property
    def points(self) -> tuple[WinPoint, ...]:
        """The meter before any action, then after each action followed so far."""
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
            meter = win_meter(self._game.view(0), self._model)
            self._points.append(WinPoint(i + 1, event, self._game.deal_no, meter))
        return end == len(events)


def win_history(record: GameRecord, model: WinModel | None = None) -> tuple[WinPoint, ...]:
    """The win meter before the first action of the game ``record`` and after each one."""
    history = WinHistory(record.settings, record.seed, model)
    history.follow(record.events)
    return history.points

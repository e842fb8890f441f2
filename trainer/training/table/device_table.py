"""A game between people, each on their own device, without Streamlit: one
:class:`~trainer.engine.game.Game` played from its stored record, every seat acting for
itself (the engine verifies each action), each device told only what its own seat may know.

>>> from trainer.engine.settings import Settings
>>> table = DeviceTable.new(Settings(target=61), seed=5)
>>> table.need(0), table.need(1), table.turn
(Need.CUT_FOR_DEAL, Need.CUT_FOR_DEAL, None)
>>> table.cut_for_deal(0); table.need(0), table.waiting_for
(None, (1,))
>>> DeviceTable.from_record(table.record_text()).game.events == table.game.events
True

What nobody decides is done at once (:meth:`DeviceTable.settle`): the next deal, the count of
each hand in the show (counted by the trainer; the hands are face up by then) and a go for a
seat that holds no card that fits. What happened is told to a seat in its own words
(:meth:`DeviceTable.lines_for`): "You lay 5♥", "Sam lays 5♥", and "Sam puts two cards in
the crib", never which.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine.cards import Card
from trainer.engine.events import (
    CutEvent,
    DealEvent,
    DiscardEvent,
    Event,
    GoEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
)
from trainer.engine.game import Game
from trainer.engine.items import Award
from trainer.engine.record import GameRecord
from trainer.engine.seat_view import SeatView
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Phase, Which
from trainer.training.table.narration import award_text, series_ends
from trainer.training.table.setup import Need

__all__ = ["DeviceTable", "device_settings"]


def device_settings(target: int, *, skunks: bool = True) -> Settings:
    """The rules of a game across devices: two people, the trainer counting the show."""
    return Settings(target=target, skunks=skunks, counting=Counting.AUTOMATIC)


@dataclass
class DeviceTable:
    """One game between people (see the module docstring); every seat is a person's."""

    game: Game

    @classmethod
    def new(cls, settings: Settings, seed: int) -> DeviceTable:
        if settings.counting is not Counting.AUTOMATIC:
            raise ValueError("a game across devices is counted by the trainer")
        return cls(Game(settings, seed))

    @classmethod
    def from_record(cls, text: str) -> DeviceTable:
        """The game its stored record (:meth:`record_text`) holds, played back."""
        table = cls(Game.replay(GameRecord.parse(text)))
        table.settle()
        return table

    def record_text(self) -> str:
        """The whole game, every seat's cards in it: for the store, never for a page."""
        return self.game.record().notation()

    # -- whose turn --

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The seats that act now (none once the game is over)."""
        return () if self.game.is_over else self.game.waiting_for()

    @property
    def turn(self) -> int | None:
        """The one seat the game waits for (None: several, or nobody)."""
        waiting = self.waiting_for
        return waiting[0] if len(waiting) == 1 else None

    def need(self, seat: int) -> Need | None:
        """What ``seat`` does now (None: it waits for another seat); ``Need.OVER`` at the end."""
        game = self.game
        if game.is_over:
            return Need.OVER
        if seat not in self.waiting_for:
            return None
        return {
            Phase.CUT: Need.CUT_FOR_DEAL,
            Phase.DISCARD: Need.DISCARD,
            Phase.STARTER: Need.CUT_STARTER,
            Phase.PLAY: Need.LAY,
        }.get(game.phase)

    def view(self, seat: int) -> SeatView:
        return self.game.view(seat)

    # -- each seat's actions (each raises the engine's RuleError when not allowed) --

    def cut_for_deal(self, seat: int) -> None:
        self.game.cut_for_deal(seat)
        self.settle()

    def discard(self, seat: int, cards: Sequence[Card]) -> None:
        self.game.discard(seat, cards)
        self.settle()

    def cut_starter(self, seat: int) -> None:
        self.game.cut_starter(seat)
        self.settle()

    def lay(self, seat: int, card: Card) -> None:
        self.game.lay(seat, card)
        self.settle()

    def settle(self) -> None:
        """Do what nobody decides: a go for a seat with no card that fits, each count of
        the show, the next deal."""
        game = self.game
        while not game.is_over:
            if game.phase is Phase.PLAY:
                seat = game.turn
                assert seat is not None
                if game.view(seat).playable:
                    return
                game.go(seat)
            elif game.phase is Phase.SHOW:
                seat, which = game.show_order[0]
                game.count_hand(seat, which)
            elif game.phase is Phase.DONE:
                game.next_deal()
            else:
                return

    # -- what a seat is told --

    def lines_for(self, seat: int, names: Sequence[str], *, most: int = 12) -> list[str]:
        """What has happened since the last deal began (the one before, when the show has
        just ended it), told to ``seat``; ``names`` the people's names by seat."""
        events = self.game.events
        starts = [  # the first deal begins with the cut that chose its dealer
            i
            for i, event in enumerate(events)
            if isinstance(event, DealEvent)
            or (isinstance(event, CutEvent) and event.dealer is not None)
        ]
        start = starts[-1] if starts else 0
        if starts and start == len(events) - 1 and len(starts) > 1:
            start = starts[-2]  # the show that just ended the deal is still worth reading
        lines = [line for event in events[start:] for line in _told(event, seat, names)]
        return lines[-most:]

    def scores_for(self, names: Sequence[str]) -> list[tuple[str, int]]:
        """Each person and their score."""
        return [(names[seat], self.game.scores[seat]) for seat in self.game.seats]


def _who(seat: int, me: int, names: Sequence[str]) -> str:
    return "You" if seat == me else names[seat]


def _does(seat: int, me: int, names: Sequence[str], verb: str) -> str:
    return f"{_who(seat, me, names)} {verb if seat == me else verb + 's'}"


def _awards(awards: Sequence[Award], me: int, names: Sequence[str]) -> list[str]:
    lines = []
    for seat in sorted({who for who, _ in awards}):
        items = [item for who, item in awards if who == seat]
        total = sum(item.points for item in items)
        said = ", ".join(award_text(item) for item in items)
        lines.append(f"{_does(seat, me, names, 'peg')} {total}: {said}.")
    return lines


def _told(event: Event, me: int, names: Sequence[str]) -> list[str]:
    """One event told to seat ``me``: another seat's thrown cards are never named."""
    if isinstance(event, CutEvent):
        lines = [f"{_who(event.seat, me, names)} cut {event.card.label}."]
        if event.dealer is not None:
            lines.append(f"Low card deals: {_does(event.dealer, me, names, 'deal').lower()}.")
        return lines
    if isinstance(event, DealEvent):
        return [f"{_does(event.dealer, me, names, 'deal')} a new hand."]
    if isinstance(event, DiscardEvent):
        if event.seat == me:
            return [f"You put {' and '.join(c.label for c in event.cards)} in the crib."]
        return [f"{names[event.seat]} puts {len(event.cards)} cards in the crib."]
    if isinstance(event, StarterEvent):
        return [f"The starter is {event.card.label}.", *_awards(event.awards, me, names)]
    if isinstance(event, LayEvent | GoEvent):
        if isinstance(event, LayEvent):
            said = f"{_does(event.seat, me, names, 'lay')} {event.card.label}: the count is {event.count}."
        else:
            said = f"{_does(event.seat, me, names, 'say')} “go”."
        lines = [said, *_awards(event.awards, me, names)]
        if series_ends(event):
            lines.append("The count goes back to 0.")
        return lines
    if isinstance(event, ShowEvent):
        what = "crib" if event.which is Which.CRIB else "hand"
        owner = "Your" if event.seat == me else f"{names[event.seat]}'s"
        cards = " ".join(c.label for c in event.score.hand)
        points = event.score.total
        return [f"{owner} {what} ({cards}) makes {points} point{'s' if points != 1 else ''}."]
    return []

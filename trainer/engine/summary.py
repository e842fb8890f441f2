"""The results of a game, worked out from its events alone: where each seat's points came
from (:class:`SeatTotals`), the deals, the best hands, the winner and any skunk
(:class:`GameSummary`, made by :func:`summarize`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.engine.events import (
    CutEvent,
    DealEvent,
    Event,
    ShowEvent,
    StarterEvent,
)
from trainer.engine.items import Kind
from trainer.engine.settings import Settings, SettingsError
from trainer.engine.vocab import Which, side_of, sides_of

__all__ = ["GameSummary", "SeatTotals", "pegged", "skunk", "summarize"]


def pegged(points: int, score: int, target: int) -> int:
    """The points of an award that are pegged from ``score``: all of them, or only those
    that take the peg to the game hole, where the game ends (a pair royal at 119 in a game
    to 121 pegs 2, not 6).

    >>> pegged(6, 119, 121), pegged(6, 100, 121), pegged(2, 121, 121)
    (2, 6, 0)
    """
    return max(0, min(points, target - score))


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


def _source(event: Event, kind: Kind) -> str:
    """Where an award's points come from, as :class:`SeatTotals` names it."""
    if isinstance(event, StarterEvent):
        return "heels"
    if isinstance(event, ShowEvent):
        if kind is Kind.MUGGINS:
            return "muggins"
        return "hands" if event.which is Which.HAND else "crib"
    return "play"


def summarize(events: Iterable[Event], settings: Settings | None = None) -> GameSummary:
    """Add up a game's events: the play, hands, crib, his heels and muggins for each
    seat, the deals, the best hands, and (under ``settings``) the winner and any skunk.
    The points that win the game are counted only as far as the game hole (:func:`pegged`),
    as the game pegs them.

    >>> from trainer.engine.events import parse_event
    >>> summarize([parse_event("starter seat=0 at=5 card=JH awards=1:his_heels/JH/2")]).seats[1]
    SeatTotals(play=0, hands=0, crib=0, heels=2, muggins=0)
    """
    rules = settings if settings is not None else Settings()
    players = rules.seats
    totals = [
        dict.fromkeys(("play", "hands", "crib", "heels", "muggins"), 0) for _ in range(players)
    ]
    sides = [0] * sides_of(players)  # each side's score, which stops at the game hole
    deals = 0
    best: list[ShowEvent | None] = [None] * players
    best_hand: ShowEvent | None = None
    for event in events:
        if isinstance(event, CutEvent):
            if event.dealer is not None:
                deals = 1
        elif isinstance(event, DealEvent):
            deals += 1
        for seat, item in event.awards:
            side = side_of(seat, players)
            points = pegged(item.points, sides[side], rules.target)
            sides[side] += points
            totals[seat][_source(event, item.kind)] += points
        if isinstance(event, ShowEvent) and event.which is Which.HAND:
            mine = best[event.seat]
            if mine is None or event.true > mine.true:
                best[event.seat] = event
            if best_hand is None or event.true > best_hand.true:
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

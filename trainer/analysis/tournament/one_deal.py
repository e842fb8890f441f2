"""One deal between two computer players on the engine's pieces (the pack, the deal,
:class:`~trainer.engine.Pegging`, the show), not a whole :class:`~trainer.engine.Game`:
:class:`Table` keeps the running scores and :func:`play_deal` plays it, for timing the
players and for tests of a single deal."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from trainer.analysis.players import ComputerPlayer
from trainer.analysis.seat_views import discard_view, play_view
from trainer.analysis.tournament.games import IllegalDecisionError
from trainer.engine import DECK, Card, Pegging, deal, score_show


class GameOver(Exception):
    """Raised inside a deal the moment a player reaches the target."""


@dataclass
class Table:
    """The running state of one game, for the deal loop."""

    players: tuple[ComputerPlayer, ComputerPlayer]
    target: int
    scores: list[int] = field(default_factory=lambda: [0, 0])
    points: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])

    def peg(self, seat: int, source: int, points: int) -> None:
        if not points:
            return
        self.scores[seat] += points
        self.points[seat][source] += points
        if self.scores[seat] >= self.target:
            raise GameOver

    def view(self, seat: int) -> tuple[int, int]:
        return (self.scores[seat], self.scores[1 - seat])


def _discard(table: Table, seat: int, hand: tuple[Card, ...], dealer: int) -> tuple[Card, ...]:
    player = table.players[seat]
    throw = player.discard(
        discard_view(
            hand, seat=seat, dealer=dealer, scores=tuple(table.scores), target=table.target
        )
    )
    if (
        not isinstance(throw, tuple)
        or len(throw) != 2
        or throw[0] == throw[1]
        or not all(c in hand for c in throw)
    ):
        raise IllegalDecisionError(f"{player.level} threw {throw!r} from {hand!r}")
    return throw


def play_deal(table: Table, rng: random.Random, dealer: int) -> None:
    """One deal on the engine's pieces, for timing players and for tests of a single
    deal; raises ``GameOver`` the moment someone wins."""
    pack = list(DECK)
    rng.shuffle(pack)
    hands, rest = deal(pack, dealer)
    pone = 1 - dealer
    cut_at = rng.randrange(4, len(rest) - 4)
    throws = [_discard(table, seat, hands[seat], dealer) for seat in (0, 1)]
    kept = [tuple(c for c in hands[seat] if c not in throws[seat]) for seat in (0, 1)]
    crib = (*throws[0], *throws[1])
    starter = rest[cut_at]
    if starter.is_jack:
        table.peg(dealer, 0, 2)
    pegging = Pegging([list(kept[0]), list(kept[1])], leader=pone)
    laid: list[list[Card]] = [[], []]
    pile: list[Card] = []
    while not pegging.is_over:
        seat = pegging.turn
        player = table.players[seat]
        choice = player.play(
            play_view(
                pegging,
                seat,
                starter=starter,
                discards=throws[seat],
                dealer=dealer,
                scores=tuple(table.scores),
                target=table.target,
            )
        )
        if choice is None:
            if not pegging.can_go():
                raise IllegalDecisionError(f"{player.level} said go holding a card that fits")
            event = pegging.go()
        else:
            if not pegging.can_lay(choice):
                raise IllegalDecisionError(f"{player.level} cannot lay {choice!r} now")
            event = pegging.lay(choice)
            laid[seat].append(choice)
            pile.append(choice)
        for who, item in event.awards:
            table.peg(who, 0, item.points)
        if event.series_over:
            pile = []
    for seat, what in ((pone, 1), (dealer, 1), (dealer, 2)):
        cards = crib if what == 2 else kept[seat]
        table.peg(seat, what, score_show(cards, starter, crib=what == 2).total)

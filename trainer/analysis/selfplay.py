"""Games between computer players recorded award by award, for the win-probability model.

The tournament (:mod:`trainer.analysis.tournament`) plays the engine's
:class:`~trainer.engine.Game`, which stops the moment a score reaches the target. To
measure what a deal is worth, every deal here is played on to the end of the show
whatever the score, and every point is recorded in the order it was scored: his heels,
each award of the play (with how many cards had been laid before it), then the pone's
hand, the dealer's hand and the crib. The game itself is decided the engine's way, by
the first point that reaches the target in that order, and ends with that deal.

The players see what they would see in a real game (their scores, capped at one short
of the target once a point past it has been recorded in the deal being finished).

>>> import random
>>> game = play_recorded(("hard", "hard"), random.Random(3))
>>> game.scores[game.winner] >= 121 > game.scores[1 - game.winner]
True
>>> sum(deal.total(DEALER) + deal.total(PONE) for deal in game.deals) >= sum(game.scores)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis.players import ComputerPlayer, computer_player
from trainer.analysis.seat_views import discard_view, play_view
from trainer.analysis.winprob import DEALER, PONE, DealRecord
from trainer.engine import DECK, Card, Pegging, deal, score_show

__all__ = ["RecordedGame", "play_deal_recorded", "play_recorded"]


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """A game (or its end, from a position): the first dealer's seat, the winner's seat,
    the final scores as the engine would leave them, and every deal recorded in full."""

    first_dealer: int
    winner: int
    scores: tuple[int, int]
    deals: tuple[DealRecord, ...]


def play_deal_recorded(
    players: Sequence[ComputerPlayer],
    scores: tuple[int, int],
    dealer: int,
    rng: random.Random,
    target: int = 121,
) -> DealRecord:
    """One deal between ``players`` (by seat) from ``scores`` (by seat), played to the end
    of the show; the cards come from ``rng``."""
    pone = 1 - dealer
    role = {dealer: DEALER, pone: PONE}
    running = list(scores)

    def shown() -> tuple[int, int]:
        cap = target - 1
        return (min(running[0], cap), min(running[1], cap))

    pack = list(DECK)
    rng.shuffle(pack)
    hands, rest = deal(pack, dealer)
    starter = rest[rng.randrange(4, len(rest) - 4)]
    throws: list[tuple[Card, ...]] = []
    for seat in (0, 1):
        throw = players[seat].discard(
            discard_view(hands[seat], seat=seat, dealer=dealer, scores=shown(), target=target)
        )
        throws.append(throw)
    kept = [tuple(c for c in hands[seat] if c not in throws[seat]) for seat in (0, 1)]
    if starter.is_jack:
        running[dealer] += 2
    pegging = Pegging([list(kept[0]), list(kept[1])], leader=pone)
    laid: list[list[Card]] = [[], []]
    pile: list[Card] = []
    play: list[tuple[int, int, int]] = []
    while not pegging.is_over:
        seat = pegging.turn
        before = len(laid[0]) + len(laid[1])
        choice = players[seat].play(
            play_view(
                pegging,
                seat,
                starter=starter,
                discards=throws[seat],
                dealer=dealer,
                scores=shown(),
                target=target,
            )
        )
        if choice is None:
            event = pegging.go()
        else:
            event = pegging.lay(choice)
            laid[seat].append(choice)
            pile.append(choice)
        for who, item in event.awards:
            running[who] += item.points
            play.append((before, role[who], item.points))
        if event.series_over:
            pile = []
    crib = (*throws[0], *throws[1])
    return DealRecord(
        scores=(scores[dealer], scores[pone]),
        starter=starter.order - 1,
        play=tuple(play),
        pone_hand=score_show(kept[pone], starter).total,
        dealer_hand=score_show(kept[dealer], starter).total,
        crib=score_show(crib, starter, crib=True).total,
    )


def play_recorded(
    levels: tuple[str, str],
    rng: random.Random,
    *,
    scores: tuple[int, int] = (0, 0),
    dealer: int | None = None,
    target: int = 121,
    seed: str = "selfplay",
) -> RecordedGame:
    """A game between ``levels`` (by seat) from ``scores`` with ``dealer`` to deal
    (``None``: each seat deals first half the time), played to the winner."""
    if not all(0 <= s < target for s in scores):
        raise ValueError(f"the scores {scores!r} are not those of a game to {target} in progress")
    players = (
        computer_player(levels[0], seed=f"{seed}/0/{rng.random()}"),
        computer_player(levels[1], seed=f"{seed}/1/{rng.random()}"),
    )
    first = rng.randrange(2) if dealer is None else dealer
    now = first
    running = list(scores)
    deals: list[DealRecord] = []
    while True:
        record = play_deal_recorded(players, (running[0], running[1]), now, rng, target)
        deals.append(record)
        seat_of = (now, 1 - now)  # role -> seat
        for who, points in record.awards():
            seat = seat_of[who]
            running[seat] += points
            if running[seat] >= target:
                return RecordedGame(first, seat, (running[0], running[1]), tuple(deals))
        now = 1 - now

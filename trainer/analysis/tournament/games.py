"""One game between computer players on the engine's :class:`~trainer.engine.Game`
(:func:`play_game`), its record (:class:`GameResult`, a :class:`DealPoints` a deal), the
seating at two, three and four, and the check of every decision a player returns.

>>> result = play_game(("easy", "normal"), seed="doc")
>>> result.scores[result.winner] >= 121
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis.players import ComputerPlayer
from trainer.analysis.tournament.variants import PLAYERS, tournament_player
from trainer.analysis.winprob import win_model
from trainer.engine import Event, Game, Phase, Settings, Which
from trainer.engine.vocab import side_of


class IllegalDecisionError(ValueError):
    """A player answered with a move the rules do not allow."""


@dataclass(frozen=True, slots=True)
class DealPoints:
    """What each seat scored in one deal, by source (his heels counts with the play),
    and whether the deal was played to the end of the show."""

    dealer: int
    #: By seat: (play, hand, crib).
    points: tuple[tuple[int, int, int], ...]
    complete: bool


@dataclass(frozen=True, slots=True)
class GameResult:
    #: By seat.
    levels: tuple[str, ...]
    seed: str
    #: By side (a player, or at four a partnership).
    scores: tuple[int, ...]
    #: The winning side (at four, 0 for seats 0 and 2): its level is ``levels[winner]``.
    winner: int
    deals: tuple[DealPoints, ...]
    target: int = 121

    @property
    def seats(self) -> int:
        return len(self.levels)

    @property
    def first_dealer(self) -> int:
        return self.deals[0].dealer

    @property
    def first_dealer_won(self) -> bool:
        return self.winner == side_of(self.first_dealer, self.seats)

    def late_chances(self) -> tuple[float, float]:
        """Each seat's chance to win, by the win-probability table, at the start of the
        game's last two deals (the first deal when it had fewer)."""
        start = max(0, len(self.deals) - 2)
        score = [0, 0]
        for record in self.deals[:start]:
            for seat in (0, 1):
                score[seat] += sum(record.points[seat])
        dealer = self.deals[start].dealer
        model = win_model()
        zero = model.chance(score[0], score[1], dealer=dealer == 0, target=self.target)
        return zero, 1.0 - zero


def game_seed(seed: int | str, levels: Sequence[str], index: int) -> str:
    """The seed of deal order ``index`` in a match: the same for both seatings."""
    first, second = sorted(levels)
    return f"{seed}/{first}:{second}/{index}"


def _engine_seed(seed: str) -> int:
    """A whole-number game seed from a text seed, the same on every machine."""
    return int(hashlib.sha256(seed.encode()).hexdigest()[:15], 16)


def seating(levels: tuple[str, str], seats: int, chair: int = 0) -> tuple[str, ...]:
    """The level in each seat: between two, the first in seat 0; at four, the first's
    partnership in seats 0 and 2; at three, the first alone in ``chair``."""
    a, b = levels
    if seats == 2:
        return (a, b)
    if seats == 4:
        return (a, b, a, b)
    if seats == 3:
        return tuple(a if seat == chair else b for seat in range(3))
    raise ValueError(f"a game is for two, three or four players, not {seats!r}")


def _take(points: list[list[int]], event: Event, source: int) -> None:
    for seat, item in getattr(event, "awards", ()):
        points[seat][source] += item.points


def _game_deal(game: Game, players: Sequence[ComputerPlayer]) -> list[list[int]]:
    """Play the current deal of ``game`` to its end (or the win); points by seat and source."""
    points = [[0, 0, 0] for _ in game.seats]
    pone = game.pone
    assert pone is not None
    for seat in game.seats:
        view = game.view(seat)
        throw = players[seat].discard(view)
        if not isinstance(throw, tuple) or not game.can_discard(seat, throw):
            raise IllegalDecisionError(f"{players[seat].level} threw {throw!r} from {view.hand!r}")
        game.discard(seat, throw)
    _take(points, game.cut_starter(pone), 0)
    while game.phase is Phase.PLAY:
        turn = game.turn
        assert turn is not None
        seat = turn
        choice = players[seat].play(game.view(seat))
        if choice is None:
            if not game.can_go(seat):
                raise IllegalDecisionError(
                    f"{players[seat].level} said go holding a card that fits"
                )
            _take(points, game.go(seat), 0)
        else:
            if not game.can_lay(seat, choice):
                raise IllegalDecisionError(f"{players[seat].level} cannot lay {choice!r} now")
            _take(points, game.lay(seat, choice), 0)
    while game.phase is Phase.SHOW:
        seat, which = game.show_order[0]
        _take(points, game.count_hand(seat, which), 2 if which is Which.CRIB else 1)
    return points


def play_game(levels: tuple[str, ...], *, seed: str, target: int = 121) -> GameResult:
    """One game, ``levels[seat]`` in each seat (two, three or four). The cuts and shuffles
    come from ``seed`` alone; each player's own generator is seeded from it and its seat."""
    for level in levels:
        if level not in PLAYERS:
            raise ValueError(f"unknown level {level!r}: choose from {', '.join(PLAYERS)}")
    players = [
        tournament_player(level, seed=f"{seed}/seat{seat}/{level}")
        for seat, level in enumerate(levels)
    ]
    game = Game(Settings(target=target, seats=len(levels)), seed=_engine_seed(seed))
    while game.phase is Phase.CUT:
        for seat in game.waiting_for():
            game.cut_for_deal(seat)
    deals: list[DealPoints] = []
    while True:
        dealer = game.dealer
        assert dealer is not None
        points = _game_deal(game, players)
        by_seat = tuple((p[0], p[1], p[2]) for p in points)
        deals.append(DealPoints(dealer, by_seat, not game.is_over))
        if game.is_over:
            break
        game.next_deal()
    assert game.winner is not None
    return GameResult(tuple(levels), seed, game.scores, game.winner, tuple(deals), target)

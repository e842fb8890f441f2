"""Seat views for deals dealt outside a :class:`~trainer.engine.Game`.

The computer players decide from a :class:`~trainer.engine.SeatView`. A game gives one
with :meth:`~trainer.engine.Game.view`; the tools that deal their own cards from a
chosen score (the recorded self-play behind the win table, the timing benchmark, the
tests) build the same view here, the play's part from the engine's own
:class:`~trainer.engine.Pegging` as it goes.

>>> from trainer.engine import Pegging, parse_cards
>>> view = discard_view(parse_cards("5H 5D JS 2C 9H KD"), seat=0, dealer=1, scores=(30, 40))
>>> view.phase, view.my_score, view.their_score
(Phase.DISCARD, 30, 40)
>>> play = Pegging([parse_cards("5H 5D JS KD"), parse_cards("TC 4S 6D 7H")], leader=0)
>>> event = play.lay(parse_cards("5H")[0])
>>> play_view(play, 1, starter=parse_cards("2S")[0], discards=(), dealer=1).count
5
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine import Card, GoEvent, LayEvent, Pegging, Phase, SeatView, Settings
from trainer.engine.pegging import PegEvent
from trainer.engine.vocab import seats_of

__all__ = ["discard_view", "play_view"]


def discard_view(
    hand: Sequence[Card],
    *,
    seat: int,
    dealer: int,
    scores: Sequence[int] | None = None,
    target: int = 121,
    players: int = 2,
) -> SeatView:
    """The view of ``seat`` holding ``hand`` before the discard; ``scores`` by side (none
    yet by default)."""
    settings = Settings(target=target, seats=players)
    seats = seats_of(players)
    return SeatView(
        seat=seat,
        settings=settings,
        phase=Phase.DISCARD,
        deal_no=1,
        dealer=dealer,
        cuts=(),
        hand=tuple(hand),
        kept=(),
        discards=(),
        discarded=tuple(False for _ in seats),
        held=tuple(len(hand) for _ in seats),
        starter=None,
        laid=(),
        series=(),
        count=0,
        turn=None,
        scores=tuple(scores) if scores is not None else (0,) * settings.sides,
        shown=(),
        winner=None,
    )


def _event(peg: PegEvent) -> LayEvent | GoEvent:
    if peg.card is None:
        return GoEvent(peg.player, peg.count, peg.awards)
    return LayEvent(peg.player, peg.card, peg.count, peg.awards)


def play_view(
    play: Pegging,
    seat: int,
    *,
    starter: Card,
    discards: Sequence[Card],
    dealer: int,
    scores: Sequence[int] | None = None,
    target: int = 121,
) -> SeatView:
    """The view of ``seat`` in ``play`` so far (``discards``: its own cards in the crib;
    ``scores`` by side, none yet by default)."""
    players = play.players
    settings = Settings(target=target, seats=players)
    laid = tuple(pair for series in play.series for pair in series)
    mine = tuple(card for who, card in laid if who == seat)
    over = play.is_over
    return SeatView(
        seat=seat,
        settings=settings,
        phase=Phase.SHOW if over else Phase.PLAY,
        deal_no=1,
        dealer=dealer,
        cuts=(),
        hand=tuple(play.hands[seat]),
        kept=(*mine, *play.hands[seat]),
        discards=tuple(discards),
        discarded=tuple(True for _ in range(players)),
        held=tuple(len(hand) for hand in play.hands),
        starter=starter,
        laid=laid,
        series=() if over else tuple(play.series[-1]),
        count=0 if over else play.count,
        turn=None if over else play.turn,
        scores=tuple(scores) if scores is not None else (0,) * settings.sides,
        shown=(),
        winner=None,
        plays=tuple(_event(peg) for peg in play.history),
    )

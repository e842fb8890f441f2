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

A line over a game follows what the person saw (:mod:`trainer.training.winline`).

A player at the table sees more than the public position: its own cards. The chance
the Play page's meter and the coach both speak of is :func:`seat_chance`, one function
for both, from what the seat sees: at the throw, every throw's chance with the six
cards in hand (:func:`~trainer.analysis.endgame.throws_by_needs`), the best one's being
the seat's; after it, the chance of the throw made; on its turn in the play, every
card's (:func:`~trainer.analysis.players.card_chances`), the best one's being the
seat's; elsewhere (the show, between deals, another seat's turn) the public meter.

:func:`reach` is each side's chance to reach the target before the end of the next
deal, from what is left of this deal and the next as the model has them: where the coach
begins to speak of winning the game (:data:`REACH`).

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
from functools import cache

import numpy as np

from trainer.analysis.endgame import ThrowChance, crib_chances, throws_by_needs
from trainer.analysis.players import CardChance, card_chances
from trainer.analysis.winprob import WinModel, win_model
from trainer.analysis.winprob.deal import FloatArray
from trainer.engine import (
    Card,
    Phase,
    SeatView,
    Settings,
    Which,
    score_show,
)
from trainer.engine.kinds import ALL_KINDS

__all__ = [
    "REACH",
    "SeatChance",
    "WinChances",
    "measured",
    "reach",
    "seat_chance",
    "whole_percent",
    "win_meter",
]

#: A side "can reach" the target this deal or the next when the model gives it at least
#: this chance of doing so (about 36 points needed at the start of a deal, two deals'
#: points being 26 on average).
REACH = 0.1


def whole_percent(chance: float) -> int:
    """A chance as a whole percentage: 1 to 99 unless it is certain (0 or 1).

    >>> whole_percent(0.624), whole_percent(0.004), whole_percent(0.999), whole_percent(1.0)
    (62, 1, 99, 100)
    """
    if chance <= 0.0 or chance >= 1.0:
        return 100 if chance >= 1.0 else 0
    return min(99, max(1, round(100 * chance)))


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
        """``seat``'s chance as a whole percentage (:func:`whole_percent`)."""
        return whole_percent(self.of(seat))


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


def _in_show(
    model: WinModel,
    x: int,
    y: int,
    z: int,
    pone_hand: int,
    dealer_hand: int,
    crib: FloatArray | None = None,
) -> float:
    """The dealer's chance with the hands still to count worth ``pone_hand`` and
    ``dealer_hand`` (0 once counted), the crib still to come (its points as the model has
    them for the starter, unless given)."""
    if pone_hand >= y:
        return 0.0
    x -= dealer_hand
    if x <= 0:
        return 1.0
    y -= pone_hand
    if crib is None:
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
    left = _hands_left(view)
    return _by_seat(_in_show(m, x, y, z, left[pone], left[dealer]), dealer, view.phase)


def _hands_left(view: SeatView) -> dict[int, int]:
    """In the show, each seat's hand's points still to be counted (0 once counted): every
    card has been laid, so both hands are known."""
    assert view.starter is not None
    counted = {(event.seat, event.which) for event in view.shown}
    return {
        seat: 0
        if (seat, Which.HAND) in counted
        else score_show(tuple(card for who, card in view.laid if who == seat), view.starter).total
        for seat in (0, 1)
    }


# -- within reach ---------------------------------------------------------------------------


def _tail(points: FloatArray, need: int) -> float:
    """The chance of ``need`` points or more under the distribution ``points``."""
    return float(points[max(0, need) :].sum())


def _marginals(model: WinModel, laid: int) -> tuple[FloatArray, FloatArray]:
    """What is left of the play after ``laid`` cards: the dealer's points, the pone's."""
    joint = model.play[min(laid, len(model.play) - 1)].joint
    return joint.sum(axis=1), joint.sum(axis=0)


@cache
def _whole_deals(model: WinModel) -> tuple[FloatArray, FloatArray]:
    """The points of a whole deal as the model has them: the dealer's (his heels, the play,
    the hand and the crib), the pone's (the play and the hand)."""
    show = model.show
    play_d, play_p = _marginals(model, 0)
    dealer = np.zeros(2 * len(play_d) + 2 * show.dealer.shape[1])
    pone = np.zeros_like(dealer)
    jack = 10
    for z, weight in enumerate(show.starter):
        d = np.convolve(play_d, show.dealer[z])
        heels = 2 if z == jack else 0
        dealer[heels : heels + len(d)] += weight * d
        p = np.convolve(play_p, show.pone[z])
        pone[: len(p)] += weight * p
    return dealer, pone


def _rest_of_deal(view: SeatView, seat: int, model: WinModel) -> FloatArray | None:
    """The points ``seat`` may still make in this deal once the starter is turned (the
    play's rest and the show, or the show's rest), or None before it."""
    starter = view.starter
    if view.dealer is None or starter is None or view.phase not in (Phase.PLAY, Phase.SHOW):
        return None
    z = starter.order - 1
    show = model.show
    dealing = seat == view.dealer
    if view.phase is Phase.PLAY:
        play_d, play_p = _marginals(model, len(view.laid))
        return np.convolve(play_d, show.dealer[z]) if dealing else np.convolve(play_p, show.pone[z])
    exact = _hands_left(view)[seat]
    crib = show.crib[z] if dealing else np.ones(1)  # (the crib is counted last)
    out = np.zeros(exact + len(crib))
    out[exact:] = crib
    return out


def reach(view: SeatView, model: WinModel | None = None) -> tuple[float, float]:
    """Each seat's chance (seat 0's, seat 1's) to reach the target before the end of the
    next deal: what is left of this deal (all of it until the starter is turned; between
    deals, the next one) and the whole deal after it, as the model has them, each side's
    points taken apart (a game of two the model measured, see :func:`measured`).

    >>> from trainer.engine import Game, Settings
    >>> game = Game(Settings(target=61), seed=4)
    >>> max(reach(game.view(0))) < 0.001  # 61 points in two deals: hardly ever
    True
    """
    if not isinstance(view, SeatView):
        raise ValueError(f"the reach of each side is read from a seat's view, not {view!r}")
    if view.winner is not None:
        return (1.0, 0.0) if view.winner == 0 else (0.0, 1.0)
    m = model or win_model()
    dealer, pone = _whole_deals(m)
    target = view.settings.target
    out = []
    for seat in (0, 1):
        need = target - view.scores[seat]
        rest = _rest_of_deal(view, seat, m)
        if rest is None:  # two whole deals, one as dealer and one as pone
            out.append(_tail(np.convolve(dealer, pone), need))
            continue
        following = pone if seat == view.dealer else dealer
        out.append(_tail(np.convolve(rest, following), need))
    return out[0], out[1]


# -- the chance a seat sees -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatChance:
    """A seat's chance to win from what it sees (:func:`seat_chance`): ``chance``; at the
    throw, every throw's (``throws``, best first: ``chance`` is the best one's); once it
    has thrown and before the starter, the throw it made (``thrown``: ``chance`` is its);
    on its turn in the play, when asked for, every card it may lay (``cards``, best
    first: ``chance`` is the best one's)."""

    seat: int
    chance: float
    phase: Phase
    dealer: int | None
    throws: tuple[ThrowChance, ...] = ()
    thrown: ThrowChance | None = None
    cards: tuple[CardChance, ...] = ()

    def meter(self) -> WinChances:
        """The chances of both seats, for the meter (the other seat has the rest)."""
        mine = min(1.0, max(0.0, self.chance))
        pair = (mine, 1.0 - mine) if self.seat == 0 else (1.0 - mine, mine)
        return WinChances(pair, self.phase, self.dealer)


def _needs(view: SeatView) -> tuple[int, int]:
    """The points the dealer and the pone still need."""
    assert view.dealer is not None
    target = view.settings.target
    return target - view.scores[view.dealer], target - view.scores[1 - view.dealer]


def _throws(view: SeatView, cards: Sequence[Card], model: WinModel) -> tuple[ThrowChance, ...]:
    target = view.settings.target
    return throws_by_needs(
        cards,
        dealer=view.dealer == view.seat,
        need_me=target - view.my_score,
        need_opp=target - view.their_score,
        model=model,
    )


def _crib_of(view: SeatView, z: int) -> FloatArray:
    """The crib's points for the seat's own throw, the starter's rank ``z`` known: the other
    seat's two cards as a sound player throws them (:func:`~trainer.analysis.endgame.crib_chances`)."""
    a, b = (card.order - 1 for card in view.discards)
    six = [card.order - 1 for card in (*view.kept, *view.discards)]
    crib: FloatArray = crib_chances([(a, b)], six, dealer=view.dealer == view.seat)[0, z]
    return crib


def _in_play_seen(view: SeatView, model: WinModel) -> float:
    """The seat's chance in the play, its own hand counted exactly and its own throw's crib
    as :func:`_crib_of` has it; the rest of the play and the other hand as the model has
    them after as many cards as have been laid (as the throw's chance has them before)."""
    assert view.starter is not None and view.dealer is not None
    x, y = _needs(view)
    z = view.starter.order - 1
    play = model.play[min(len(view.laid), len(model.play) - 1)]
    d_first, p_first = play.first(x, y)
    d, p, w = play.cells
    keep = (d < x) & (p < y)
    a = (y - p[keep])[:, None, None]  # the pone's need after the play
    b = (x - d[keep])[:, None, None]  # the dealer's
    w = w[keep]
    hand = score_show(view.kept, view.starter).total
    crib = _crib_of(view, z)
    table = model.table
    top = table.shape[0] - 1
    if view.seat != view.dealer:  # the pone counts first, then the dealer's hand and crib
        show = np.convolve(model.show.dealer_hand[z], crib)
        s = np.arange(len(show))[None, None, :]
        nxt = table[np.clip(a - hand, 1, top), np.clip(b - s, 1, top)]  # the pone deals next
        values = np.where(hand >= a, 1.0, np.where(s >= b, 0.0, nxt)) @ show
        return p_first + float(w @ values[:, 0])
    pone = model.show.pone[z]
    k = np.arange(len(pone))[None, :, None]
    c = np.arange(len(crib))[None, None, :]
    nxt = 1.0 - table[np.clip(a - k, 1, top), np.clip(b - hand - c, 1, top)]
    values = np.where(k >= a, 0.0, np.where(hand + c >= b, 1.0, nxt))
    return d_first + float(w @ np.einsum("ikc,k,c->i", values, pone, crib))


def _in_show_seen(view: SeatView, model: WinModel) -> float:
    """The seat's chance in the show: both hands known (every card has been laid), the
    crib as :func:`_crib_of` has it for the seat's own throw."""
    assert view.starter is not None and view.dealer is not None
    x, y = _needs(view)
    z = view.starter.order - 1
    dealer = view.dealer
    left = _hands_left(view)
    dealer_wins = _in_show(model, x, y, z, left[1 - dealer], left[dealer], _crib_of(view, z))
    return dealer_wins if view.seat == dealer else 1.0 - dealer_wins


def _anchored(chance: float, found: Sequence[CardChance]) -> tuple[CardChance, ...]:
    """The cards' chances by the search (:func:`~trainer.analysis.players.card_chances`),
    told from the seat's chance: the best card keeps it, another gives up what the search
    finds it gives up against the best (the search's own level is not the meter's: each
    of its guesses shows the other side every card)."""
    best = found[0].win
    return tuple(CardChance(c.card, min(1.0, max(0.0, chance - (best - c.win)))) for c in found)


def seat_chance(
    view: SeatView,
    *,
    cards: bool = False,
    seed: int | str | None = None,
    model: WinModel | None = None,
) -> SeatChance:
    """The chance to win of the seat of ``view``, from what it sees (see the module): the
    one chance the meter shows a player and the coach speaks of. With ``cards``, on the
    seat's turn in the play, each card it may lay with its chance too (``seed`` draws the
    search's guesses at the other hand, so the same position gives the same chances)."""
    if not isinstance(view, SeatView):
        raise ValueError(f"a seat's chance is read from its view of a game, not {view!r}")
    if not measured(view.settings):
        raise ValueError("the chance to win is worked out for whole games of two, to 61 or 121")
    m = model or win_model()
    seat, phase, dealer = view.seat, view.phase, view.dealer
    if view.winner is not None or dealer is None or phase in (Phase.CUT, Phase.DONE):
        return SeatChance(seat, win_meter(view, m).of(seat), phase, dealer)
    if phase is Phase.DISCARD and len(view.hand) == 6:
        throws = _throws(view, view.hand, m)
        return SeatChance(seat, throws[0].win, phase, dealer, throws=throws)
    if len(view.discards) != 2:  # (never between two: the deal's throw comes first)
        return SeatChance(seat, win_meter(view, m).of(seat), phase, dealer)
    if phase in (Phase.DISCARD, Phase.STARTER):
        throws = _throws(view, (*view.kept, *view.discards), m)
        made = next(t for t in throws if set(t.throw) == set(view.discards))
        return SeatChance(seat, made.win, phase, dealer, throws=throws, thrown=made)
    if phase is Phase.SHOW:
        return SeatChance(seat, _in_show_seen(view, m), phase, dealer)
    chance = min(1.0, max(0.0, _in_play_seen(view, m)))
    options: tuple[CardChance, ...] = ()
    if cards and view.turn == seat and view.playable:
        options = _anchored(chance, card_chances(view, seed=seed))
    return SeatChance(seat, chance, phase, dealer, cards=options)

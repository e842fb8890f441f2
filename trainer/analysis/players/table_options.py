"""The options of a lay at a table of three or four, from one seat's view: for each card
that fits, the points it pegs now and the next player's expected best reply.

The next player (:meth:`~.views.TableView.replier`: the next seat round the table that
still holds cards and has not said go in this series) holds cards this seat has not seen;
every set of the unseen cards of the size they hold is taken as equally likely, leaving
out the cards below what their goes say they cannot hold (:attr:`~.views.TableView.min_pips`),
and from each set they reply with the card that scores most at once
(:func:`~trainer.analysis.pegging.reply_expectation`, exact). A point to the next player
is worth :meth:`~.views.TableView.weight` of a point to this seat's side: at four a
partner's points are the side's own (1), an opponent's a point against (-1); at three a
point to another player is half a point against (the other player shares the loss). The
:attr:`TableOption.value` of a card is its points now plus the weighted reply: Hard lays
the card of most value (less a point for leading a 5), and the coach compares the card
laid with the best by it.

>>> from trainer.analysis.players.views import TableView
>>> from trainer.engine import DECK, parse_cards
>>> hand = parse_cards("5H 9C 4D 6D")
>>> seen = {*hand, *parse_cards("KS 2C")}
>>> view = TableView(seat=1, sides=(0, 1, 2), hand=hand, mine_played=(),
...     series=((0, parse_cards("KS")[0]),), count=10, starter=parse_cards("2C")[0],
...     unseen=tuple(c for c in DECK if c not in seen), held=(3, 4, 4), min_pips=(1, 1, 1),
...     passed=0, need_me=121)
>>> [(str(o.card), o.points, o.replier) for o in table_options(view)][:2]
[('5H', 2, 2), ('6D', 0, 2)]
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.analysis.pegging import reply_expectation
from trainer.analysis.players.views import TableView, table_view
from trainer.engine import Card, SeatView
from trainer.engine.pegging import MAX_COUNT

__all__ = ["TableOption", "table_options"]


@dataclass(frozen=True, slots=True)
class TableOption:
    """One card that fits: the ``points`` it pegs now; the seat that replies to it
    (``replier``, None when nobody does: every other seat has said go or holds nothing, or
    the card makes 31) and that seat's expected best ``reply``, in its own points; the
    ``weight`` of a point to that seat for this seat's side; and ``value``, the points now
    plus the weighted reply, what the card is worth to this seat's side on average."""

    card: Card
    points: int
    replier: int | None
    reply: float
    weight: float
    value: float

    def describe(self) -> str:
        who = "nobody" if self.replier is None else f"seat {self.replier}"
        return (
            f"{self.card.label}: pegs {self.points}, reply by {who} {self.reply:.2f} "
            f"(weight {self.weight:+.1f}), value {self.value:+.2f}"
        )


def table_options(view: TableView | SeatView) -> tuple[TableOption, ...]:
    """Every card of the hand that fits, best value first (ties: more points now, then the
    lower card); empty when none fits (the seat says go). ``view`` is a seat's view of the
    play at a table of three or four, checked (:func:`~.views.table_view`) or not."""
    table = view if isinstance(view, TableView) else table_view(view)
    replier = table.replier()
    others = sum(n for seat, n in enumerate(table.held) if seat != table.seat)
    series = [c.order for _, c in table.series]
    options: list[TableOption] = []
    for card in table.legal:
        points = table.points_now(card)
        count = table.count + card.pips
        reply = 0.0
        if replier is not None and count != MAX_COUNT:
            holds = table.held[replier]
            pool = [c.order for c in table.unseen if c.pips >= table.min_pips[replier]]
            if len(pool) < holds:
                pool = [c.order for c in table.unseen]
            last = len(table.hand) == 1 and others == 1
            reply = reply_expectation([*series, card.order], count, pool, holds, last_card=last)
        who = replier if replier is not None and count != MAX_COUNT else None
        weight = table.weight(who) if who is not None else 0.0
        options.append(TableOption(card, points, who, reply, weight, points + weight * reply))
    options.sort(key=lambda o: (-o.value, -o.points, o.card.order, o.card.index))
    return tuple(options)

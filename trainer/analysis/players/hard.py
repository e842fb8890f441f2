"""Hard: the throw by the exact average over the starters, and in the play the points now
less the next player's expected best reply.
"""

from __future__ import annotations

from trainer.analysis.discards import analyse_discards
from trainer.analysis.discards_five import analyse_five, single_throw_points
from trainer.analysis.pegging import PlayOption, options_for
from trainer.analysis.players.base import Player, Throw, throw_points
from trainer.analysis.players.table_options import TableOption, table_options
from trainer.analysis.players.views import Race, TableView, TwoSeatView
from trainer.engine import Card

__all__ = ["Hard", "weighed_reply_card"]


def weighed_reply_card(table: TableView) -> Card:
    """At three or four, the card of most value by its points now and the next player's
    expected best reply (:func:`~.table_options.table_options`), less a point for leading a
    five; between equals, the higher card."""

    def value(option: TableOption) -> tuple[float, float, int]:
        card = option.card
        lead_five = 1.0 if table.count == 0 and card.pips == 5 else 0.0
        return (option.value - lead_five, card.pips * 0.01, -card.index)

    return max(table_options(table), key=value).card


class Hard(Player):
    level = "hard"

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        ranked = analyse_five(five, players=3, crib_sign=0.0)
        hands = {t.throw: t.hand for t in ranked}
        return self._best_one(five, lambda c: hands[c] + 0.5 * crib_sign * single_throw_points(c))

    def _choose_table_card(self, table: TableView) -> Card:
        return weighed_reply_card(table)

    def _choose_throw(self, six: tuple[Card, ...], race: Race) -> Throw:
        out = self._counting_out(six, race)
        if out is not None:
            return out
        sign = 0.5 if race.dealer else -0.5
        ranked = analyse_discards(six, dealer=race.dealer, opponent="uniform")
        options: list[Throw] = [((d.throw[0], d.throw[1]), tuple(d.keep)) for d in ranked]
        values = {
            o[0]: d.hand + sign * throw_points(o[0]) for o, d in zip(options, ranked, strict=True)
        }
        return self._best(options, lambda o: values[o[0]])

    def _choose_card(self, view: TwoSeatView) -> Card:
        p = view.position
        w_now, w_reply = self._weights(view)
        options = options_for(p)

        def value(option: PlayOption) -> tuple[float, float, int]:
            card, points, reply = option.card, option.points, option.reply
            lead_five = 1.0 if p.count == 0 and card.pips == 5 else 0.0
            # Keep low cards for the go: a small preference for laying the higher card.
            return (w_now * points - w_reply * reply - lead_five, card.pips * 0.01, -card.index)

        return max(options, key=value).card

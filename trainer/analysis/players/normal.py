"""Normal: the four that score most as they stand, and the play by rules of thumb (the most
points, then no count left on 5 or 21, or on 10 or 11, and a low lead).
"""

from __future__ import annotations

from trainer.analysis.discards_five import single_throw_points
from trainer.analysis.hands import four_card_points, keeps
from trainer.analysis.players.base import Player, Throw, keep_of, throw_points
from trainer.analysis.players.views import Race, TableView, TwoSeatView
from trainer.engine import Card
from trainer.engine.pegging import MAX_COUNT

__all__ = ["Normal"]


def _safety(count: int, opponent_left: int) -> float:
    """How much a count leaves the opponent, by Normal's rules of thumb."""
    if opponent_left == 0 or count in (0, MAX_COUNT):
        return 0.0
    if count in (5, 21):
        return 1.0
    if count in (10, 11):
        return 0.3
    return 0.0


class Normal(Player):
    level = "normal"

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        return self._best_one(
            five,
            lambda c: (
                four_card_points(keep_of(five, c)) + 0.25 * crib_sign * single_throw_points(c)
            ),
        )

    def _choose_table_card(self, table: TableView) -> Card:
        legal = table.legal
        if table.count == 0:
            low = [c for c in legal if c.pips < 5]
            if low:
                return min(low, key=lambda c: (c.pips, c.index))
            pool = [c for c in legal if c.pips != 5] or list(legal)
            return min(pool, key=lambda c: (c.pips, c.index))
        replier = table.replier()

        def value(card: Card) -> tuple[float, int]:
            danger = 0.0
            if replier is not None and table.weight(replier) < 0:
                danger = _safety(table.count + card.pips, table.held[replier])
            return (table.points_now(card) - danger, -card.index)

        return max(legal, key=value)

    def _choose_throw(self, six: tuple[Card, ...], race: Race) -> Throw:
        sign = 1.0 if race.dealer else -1.0
        return self._best(
            keeps(six), lambda o: four_card_points(o[1]) + 0.25 * sign * throw_points(o[0])
        )

    def _choose_card(self, view: TwoSeatView) -> Card:
        p = view.position
        if p.count == 0:
            low = [c for c in p.legal if c.pips < 5]
            if low:
                return min(low, key=lambda c: (c.pips, c.index))
            pool = [c for c in p.legal if c.pips != 5] or list(p.legal)
            return min(pool, key=lambda c: (c.pips, c.index))
        w_now, w_reply = self._weights(view)

        def value(card: Card) -> tuple[float, int]:
            count = p.count + card.pips
            danger = 0.0 if p.opponent_passed else _safety(count, p.opponent_left)
            return (w_now * self._points_now(view, card) - w_reply * danger, -card.index)

        return max(p.legal, key=value)

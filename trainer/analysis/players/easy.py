"""Easy: a careless player, keeping the best four a third of the time and laying a random
card half the time.
"""

from __future__ import annotations

from trainer.analysis.hands import four_card_points, keeps
from trainer.analysis.players.base import Player, Throw, keep_of
from trainer.analysis.players.random_moves import random_play
from trainer.analysis.players.views import Race, TableView, TwoSeatView
from trainer.engine import Card

__all__ = ["Easy"]


class Easy(Player):
    level = "easy"

    def _choose_one(self, five: tuple[Card, ...], crib_sign: float, players: int) -> Card:
        roll = self.rng.random()
        if roll < 0.35:
            return self.rng.choice(five)  # careless
        scoring = [c for c in five if four_card_points(keep_of(five, c)) > 0]
        if roll < 0.65:
            return self.rng.choice(scoring or list(five))
        return self._best_one(five, lambda c: four_card_points(keep_of(five, c)))

    def _choose_table_card(self, table: TableView) -> Card:
        if self.rng.random() < 0.5:
            return random_play(table.legal, count=table.count, rng=self.rng)
        top = max(table.points_now(c) for c in table.legal)
        best = [c for c in table.legal if table.points_now(c) == top]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _choose_throw(self, six: tuple[Card, ...], race: Race) -> Throw:
        options = keeps(six)
        roll = self.rng.random()
        if roll < 0.35:
            return self.rng.choice(options)  # careless
        if roll < 0.65:
            scoring = [o for o in options if four_card_points(o[1]) > 0]
            return self.rng.choice(scoring or list(options))
        return self._best(options, lambda o: four_card_points(o[1]))

    def _choose_card(self, view: TwoSeatView) -> Card:
        p = view.position
        if self.rng.random() < 0.5:
            return random_play(p.legal, count=p.count, rng=self.rng)
        top = max(self._points_now(view, c) for c in p.legal)
        best = [c for c in p.legal if self._points_now(view, c) == top]
        return best[0] if len(best) == 1 else self.rng.choice(best)

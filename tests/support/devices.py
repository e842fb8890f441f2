"""A game across two devices (:mod:`trainer.bench.two_devices`) read as a test reads it:
the cards a tab must not show, and which of them it shows."""

from __future__ import annotations

from typing import Any

from trainer.engine.cards import Card
from trainer.engine.events import CutEvent
from trainer.engine.game import Game
from trainer.engine.record import GameRecord
from trainer.progress.store import Store


def hidden_cards(store: Store, game_id: str, seat: int) -> set[Card]:
    """The cards ``seat`` holds or threw that no other tab may show now (the cuts for deal
    were face up, and laid cards are on the pile)."""
    stored = store.shared_game(game_id)
    assert stored is not None
    game = Game.replay(GameRecord.parse(stored.record))
    view = game.view(seat)
    cut = {e.card for e in game.events if isinstance(e, CutEvent)}
    return {*view.hand, *view.discards} - cut - {card for _, card in view.laid}


def shown_anywhere(page: Any, cards: set[Card]) -> list[Card]:
    """Those of ``cards`` the tab shows: among its cards to tap, or named in its text (the
    log left out: the show of the deal before named cards dealt again since)."""
    ids = set(page.locator(".cp-card").evaluate_all("cards => cards.map(c => c.dataset.id)"))
    text = str(
        page.evaluate(
            """() => {
                const copy = document.body.cloneNode(true);
                copy.querySelectorAll('.tb-log').forEach((log) => log.remove());
                return copy.textContent;
            }"""
        )
    )
    return sorted((card for card in cards if str(card) in ids or card.label in text), key=str)

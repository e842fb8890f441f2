"""The cards the table offers to tap (the hand to throw from, to lay from, or a hand to
count), and their taps taken before anything is drawn, so that the table is drawn once,
as it stands after them."""

from __future__ import annotations

from trainer.engine.vocab import Counting, RuleError
from trainer.training.table import Need, in_our_words
from trainer.ui.cardpick import CardPicker, PickMode, Slot
from trainer.ui.play_page.count import take_claims
from trainer.ui.play_page.saving import commit
from trainer.ui.play_page.state import capital, play_state
from trainer.ui.play_saves import PlayGame

__all__ = ["cards_offered", "take_taps"]


def cards_offered(game: PlayGame) -> CardPicker | None:
    """The tappable cards the table offers now: the hand to throw from, or to lay from (a
    card that would pass 31 greyed, with why); None when there is nothing to tap."""
    table, view = game.table, game.table.view
    need = table.need()
    if need is Need.DISCARD:
        return CardPicker(f"throw_{game.game_id}_{view.deal_no}", PickMode.PICK, view.hand)
    if need is Need.CLAIM and table.game.settings.counting is Counting.ALOUD:
        nxt = table.next_count()
        assert nxt is not None
        score = nxt[2]
        slots = [*(Slot(card) for card in score.hand), Slot(score.starter, tag="starter")]
        return CardPicker(f"claim_{game.game_id}_{len(table.game.events)}", PickMode.CLAIM, slots)
    if need is not Need.LAY:
        return None
    slots = [
        Slot(
            card,
            off=""
            if view.count + card.pips <= 31
            else f"too high: the count would be {view.count + card.pips}, past 31",
        )
        for card in view.hand
    ]
    return CardPicker(f"lay_{game.game_id}_{len(table.game.events)}", PickMode.LAY, slots)


def take_taps(game: PlayGame) -> CardPicker | None:
    """Act on the taps the cards sent before anything is drawn, so that the table is drawn
    once, as it stands after them: a refusal is said beside the cards; the first tap taken
    is saved, and the cards offered then are returned (the ones it answered are gone)."""
    picker = cards_offered(game)
    if picker is None:
        return None
    state = play_state()
    if picker.mode is PickMode.CLAIM:
        if take_claims(game, picker):
            return cards_offered(state.game or game)  # a stale save shows the game as stored
        return picker
    for event in picker.take():
        try:
            if picker.mode is PickMode.PICK:
                game.table.discard(event.cards)
            else:
                game.table.lay(event.cards[0])
        except RuleError as error:
            picker.reply(capital(in_our_words(str(error), game.table.game.players)) + ".")
            continue
        state.note = ""
        commit(game)
        picker.forget()
        return cards_offered(state.game or game)  # a stale save shows the game as stored
    return picker

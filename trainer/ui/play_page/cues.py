"""The sounds of a step, handed to the browser (:mod:`trainer.ui.sounds`, played once each):
the cards laid and pegged, the combinations of a hand shown, a game won."""

from __future__ import annotations

from trainer.training.table import ME, Need
from trainer.ui import sounds
from trainer.ui.play_page.layout import REPLY_PAUSE
from trainer.ui.play_page.state import SOUNDS, show_all, sound_setting
from trainer.ui.play_saves import PlayGame
from trainer.ui.table_html import reveal_times

__all__ = ["play_cues"]


def play_cues(page_game: PlayGame, late: str) -> None:
    """This step's sounds, handed to the browser (played once each)."""
    table = page_game.table
    events = table.game.events
    need = table.need()
    cues: list[sounds.Cue] = []
    counted = table.counted
    if counted is not None:
        items = counted.score.items
        if show_all() and items:
            cues = sounds.item_cues(items, reveal_times(len(items))[1:-1])
        elif table.shown:
            cues = sounds.item_cues(items[table.shown - 1 : table.shown], [0.0])
        if counted is events[-1] and table.game.is_over and table.shown >= len(items):
            cues.append(sounds.Cue("win" if table.game.winner == ME else "peg", 0.3))
    elif late:
        cues = sounds.event_cues(events[table.mark : table.mark + 1])
        cues += sounds.event_cues(events[table.mark + 1 :], start=REPLY_PAUSE)
    else:
        cues = sounds.event_cues(events[table.mark :])
        if need is Need.OVER and table.game.winner == ME:
            cues.append(sounds.Cue("win", 0.3))
    token = f"{len(events)}:{table.shown}:{need.name}"
    sounds.play(page_game.game_id, token, cues, on=sound_setting(), key=SOUNDS)

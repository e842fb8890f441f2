"""The table's sounds (trainer.ui.sounds): which events and combinations make which sound,
and when; the player's setting as the browser takes it."""

from __future__ import annotations

from trainer.engine import parse_cards, score_show
from trainer.engine.events import parse_event
from trainer.training.records import Preferences
from trainer.ui import assets
from trainer.ui.sounds import GAP, PEG_AFTER, Cue, event_cues, item_cues


def test_cards_thrown_and_laid_sound_and_what_they_score_is_pegged() -> None:
    events = [
        parse_event("discard seat=0 cards=5H-5D"),
        parse_event("lay seat=1 card=5C count=5"),
        parse_event("lay seat=0 card=5S count=10 awards=0:pair/5C-5S/2"),
        parse_event("go seat=1 count=10"),
        parse_event("lay seat=1 card=5D count=15 awards=1:fifteen/5C-5S-5D/2"),
    ]
    cues = event_cues(events, start=0.5)
    assert cues == [
        Cue("card", 0.5),
        Cue("card", 0.75),
        Cue("card", 1.0),
        Cue("peg", round(1.0 + PEG_AFTER, 2)),
        Cue("card", round(0.5 + 4 * GAP, 2)),
        Cue("fifteen", round(0.5 + 4 * GAP + PEG_AFTER, 2)),
    ]


def test_a_hand_shown_calls_its_fifteens_and_pegs_the_rest() -> None:
    score = score_show(parse_cards("5H 5D 5C JS"), parse_cards("5S")[0])
    times = [n * 0.5 for n in range(len(score.items))]
    cues = item_cues(score.items, times)
    assert [cue.sound for cue in cues] == [
        "fifteen" if item.kind == "fifteen" else "peg" for item in score.items
    ]
    assert [cue.at for cue in cues] == times


def test_the_setting_is_on_off_or_left_to_the_browser() -> None:
    chosen = [
        Preferences.parse(saved).sound
        for saved in ({"sound": "on"}, {"sound": "off"}, {}, {"sound": "loud"})
    ]
    assert chosen == [True, False, None, None]
    script = assets.text("sounds.js")
    assert "prefers-reduced-motion: reduce" in script  # off by default then
    assert "AudioContext" in script and "fetch(" not in script  # made here, never downloaded

"""A game between people on their own devices, without Streamlit (trainer.training.table.device_table)."""

from __future__ import annotations

import pytest

from trainer.analysis import computer_player
from trainer.engine.events import DiscardEvent
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, RuleError
from trainer.training.table import Need
from trainer.training.table.device_table import DeviceTable, device_settings


def _play(table: DeviceTable, moves: int) -> DeviceTable:
    """Each seat the game waits for acts as Easy would, ``moves`` times (or to the end);
    every step read back from the record as the other device would."""
    for step in range(moves):
        if table.game.is_over:
            break
        seat = table.waiting_for[0]
        player = computer_player("easy", seed=str(step))
        need = table.need(seat)
        if need is Need.CUT_FOR_DEAL:
            table.cut_for_deal(seat)
        elif need is Need.DISCARD:
            table.discard(seat, player.discard(table.view(seat)))
        elif need is Need.CUT_STARTER:
            table.cut_starter(seat)
        else:
            assert need is Need.LAY
            card = player.play(table.view(seat))
            assert card is not None  # a seat with no card that fits said go by itself
            table.lay(seat, card)
        again = DeviceTable.from_record(table.record_text())
        assert again.game.events == table.game.events
        table = again
    return table


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_people_play_a_whole_game(seed: int) -> None:
    table = _play(DeviceTable.new(device_settings(61), seed), 400)
    assert table.game.is_over
    assert table.need(0) is Need.OVER and table.need(1) is Need.OVER
    assert table.waiting_for == () and table.turn is None
    assert max(table.game.scores) >= 61


def test_the_game_waits_for_one_seat_or_both() -> None:
    table = DeviceTable.new(device_settings(121), 4)
    assert table.waiting_for == (0, 1) and table.turn is None
    with pytest.raises(RuleError):
        table.discard(0, table.view(0).hand[:2])  # the cut for deal comes first
    table.cut_for_deal(1)
    assert table.need(1) is None and table.turn == 0


def test_a_seat_is_never_told_which_cards_the_other_threw() -> None:
    table = _play(DeviceTable.new(device_settings(121), 9), 30)
    thrown = [e for e in table.game.events if isinstance(e, DiscardEvent)]
    assert thrown
    for event in thrown:
        lines = " ".join(table.lines_for(1 - event.seat, ["Ann", "Bo"], most=200))
        assert "puts 2 cards in the crib" in lines
        assert all(f"{card.label} in the crib" not in lines for card in event.cards)
        mine = " ".join(table.lines_for(event.seat, ["Ann", "Bo"], most=200))
        assert "You put" in mine


def test_the_trainer_counts_a_game_across_devices() -> None:
    with pytest.raises(ValueError, match="counted by the trainer"):
        DeviceTable.new(Settings(counting=Counting.MUGGINS), 1)


def test_the_show_that_ends_the_first_deal_is_still_told() -> None:
    table = DeviceTable.new(device_settings(121), 9)
    while table.game.deal_no < 2:
        table = _play(table, 1)
    lines = table.lines_for(0, ["Ann", "Bo"], most=40)
    assert any("lay" in line for line in lines) and lines[-1].endswith("a new hand.")

"""The seats round the Play page's table with three and four (trainer.ui.seats_html): each
seat's place with its laid cards, who said go and whose turn, from a real table."""

from __future__ import annotations

from trainer.bench.playing import play_on
from trainer.engine.cards import parse_cards
from trainer.engine.settings import Settings
from trainer.training.table import ME, Need, PlaySetup, Table
from trainer.ui.seats_html import SeatSpot, seats_html, table_spots


def test_a_place_shows_the_cards_laid_who_said_go_and_the_turn() -> None:
    laid = parse_cards("5H 9C")
    html = seats_html(
        [
            SeatSpot("Left", laid, laid[1:], 2, said_go=True),
            SeatSpot("You", (), (), 4, turn=True, colour=0),
        ]
    )
    assert html.count('class="tb-spot tb-spot-') == 2
    assert "said go" in html and "to play" in html and "tb-spot-turn" in html
    assert "2 cards" in html and "4 cards" in html and "no card yet" in html
    assert html.count("<svg") == 1  # the cards laid, in front of the one who laid them


def test_names_are_escaped() -> None:
    assert "&lt;b&gt;" in seats_html([SeatSpot("<b>", (), (), 0)])


def _at_a_lay(seats: int, seed: int) -> Table:
    table = Table.new(PlaySetup("easy", Settings(seats=seats)), seed=seed)
    play_on(table, stop=lambda _, need: need is Need.LAY)
    return table


def test_the_spots_of_a_table_go_clockwise_from_the_left_and_end_with_you() -> None:
    for seats in (3, 4):
        for seed in range(6):
            table = _at_a_lay(seats, seed)
            spots = table_spots(table)
            names = table.names
            assert [s.name for s in spots] == [names.short(s) for s in (*names.computers, ME)]
            assert [s.turn for s in spots] == [False] * (seats - 1) + [True]
            view = table.view
            for spot, seat in zip(spots, (*names.computers, ME), strict=True):
                assert spot.laid == tuple(c for who, c in view.laid if who == seat)
                assert spot.holds == view.held[seat]
                assert set(spot.current) <= set(view.pile)
                assert spot.colour == names.side_of(seat)
            if seats == 4:  # you and your partner share a side's colour
                assert spots[1].colour == spots[3].colour == 0

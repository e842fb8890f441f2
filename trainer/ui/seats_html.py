"""The seats round the Play page's table drawn as HTML, for three or four at the table: a
pure function from what each seat has done in the play to markup, no Streamlit.

Each seat has a place of its own: its name, the cards it has laid this deal in front of it, those of the current series lit and the earlier ones
faded, how many it still holds, and a "go" once it has said go in this series; the seat
whose turn it is is outlined and says so. The places go round the table clockwise from the
person's left, the person last, side by side in one row (``assets/seats.css``).

>>> from trainer.engine.cards import parse_cards
>>> html = seats_html([SeatSpot("Left", parse_cards("5H"), parse_cards("5H"), 4, said_go=True)])
>>> "said go" in html and "4 cards" in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from trainer.engine.cards import Card
from trainer.training.table import ME, Table
from trainer.ui.svg import cards_svg

__all__ = ["SeatSpot", "seats_html", "table_spots"]

#: The widest a seat's laid cards are drawn (four small cards fit a phone's half width).
LAID_WIDTH = 30


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """One seat's place: its ``name``, the cards it ``laid`` this deal (in order), those
    of them in the current series (``current``), how many it still ``holds``, and whether
    it said go or has the turn (the dealer is named above the table)."""

    name: str
    laid: tuple[Card, ...]
    current: tuple[Card, ...]
    holds: int
    said_go: bool = False
    turn: bool = False
    #: The colour of the seat's side on the board.
    colour: int = 0


def _spot(spot: SeatSpot) -> str:
    classes = ["tb-spot", f"tb-spot-{spot.colour}"]
    if spot.turn:
        classes.append("tb-spot-turn")
    badges = []
    if spot.said_go:
        badges.append('<span class="tb-badge tb-go">said go</span>')
    if spot.turn:
        badges.append('<span class="tb-badge tb-turn">to play</span>')
    if spot.laid:
        width = LAID_WIDTH * len(spot.laid)
        cards = cards_svg(spot.laid, highlight=spot.current, max_width=width)
    else:
        cards = '<span class="tb-none">no card yet</span>'
    held = "no cards" if spot.holds == 0 else f"{spot.holds} card{'s' if spot.holds > 1 else ''}"
    return (
        f'<div class="{" ".join(classes)}" role="group" aria-label="{escape(spot.name)}">'
        f'<div class="tb-spot-head"><b>{escape(spot.name)}</b>'
        f'<span class="tb-spot-held">{held}</span>{"".join(badges)}</div>'
        f'<div class="tb-spot-cards">{cards}</div></div>'
    )


def seats_html(spots: Sequence[SeatSpot]) -> str:
    """The seats' places, in the order given (clockwise from the person's left)."""
    return f'<div class="tb-seats">{"".join(_spot(spot) for spot in spots)}</div>'


def table_spots(table: Table) -> list[SeatSpot]:
    """Each seat's place at ``table`` as the person may see it, clockwise from the
    person's left, the person last."""
    view = table.view
    names = table.names
    went = set(table.said_go())
    current = view.pile
    order = [*names.computers, ME]
    return [
        SeatSpot(
            names.short(seat),
            tuple(card for who, card in view.laid if who == seat),
            tuple(card for who, card in view.series if who == seat and card in current),
            view.held[seat],
            said_go=seat in went,
            turn=view.turn == seat,
            colour=names.side_of(seat),
        )
        for seat in order
    ]

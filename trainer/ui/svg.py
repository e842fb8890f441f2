"""Cards drawn as SVG: pure functions from cards to markup, no Streamlit.

>>> from trainer.engine import parse_cards
>>> svg = cards_svg(parse_cards("5H JS"), highlight=parse_cards("JS"))
>>> svg.startswith("<svg") and "jack of spades" in svg
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from html import escape

from trainer.engine.cards import Card

CARD_W = 70
CARD_H = 100
GAP = 8
STARTER_GAP = 26

_RED = "#c0392b"
_BLACK = "#1d1d1f"
_HIGHLIGHT = "#f5b700"


@lru_cache(maxsize=4096)  # 52 cards x a few places x lit/dim: every card drawn once
def _card_group(card: Card, x: int, y: int, *, lit: bool, dim: bool) -> str:
    colour = _RED if card.suit.is_red else _BLACK
    rank = escape(card.rank.label)
    suit = card.suit.symbol
    fill = "#fff8d6" if lit else "#ffffff"
    stroke = _HIGHLIGHT if lit else "#9a9a9a"
    width = 4 if lit else 1.5
    opacity = ' opacity="0.45"' if dim else ""
    rank_size = 20 if len(rank) == 1 else 17
    return (
        f'<g transform="translate({x},{y})"{opacity}>'
        f"<title>{escape(card.name)}</title>"
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="7" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
        f'<text x="7" y="23" font-size="{rank_size}" font-weight="700" fill="{colour}" '
        f'font-family="DejaVu Sans, Arial, sans-serif">{rank}</text>'
        f'<text x="8" y="41" font-size="16" fill="{colour}" '
        f'font-family="DejaVu Sans, Arial, sans-serif">{suit}</text>'
        f'<text x="{CARD_W // 2 + 6}" y="{CARD_H // 2 + 22}" font-size="38" text-anchor="middle" '
        f'fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif">{suit}</text>'
        f'<text x="{CARD_W - 7}" y="{CARD_H - 9}" font-size="{rank_size - 4}" font-weight="700" '
        f'text-anchor="end" fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif">'
        f"{rank}</text>"
        "</g>"
    )


def cards_svg(
    cards: Sequence[Card],
    *,
    starter: Card | None = None,
    highlight: Collection[Card] = (),
    max_width: int | None = None,
) -> str:
    """A row of cards, the ``starter`` (if any) set apart at the end with a label.

    Cards in ``highlight`` are lit; when anything is lit, the others are dimmed,
    so the eye goes to the combination being explained.
    """
    lit = set(highlight)
    row: list[tuple[Card, int]] = []
    x = 0
    for card in cards:
        row.append((card, x))
        x += CARD_W + GAP
    starter_x = None
    if starter is not None:
        starter_x = x - GAP + STARTER_GAP
        row.append((starter, starter_x))
        x = starter_x + CARD_W + GAP
    width = max(x - GAP, CARD_W)
    label_h = 18 if starter is not None else 0
    height = CARD_H + 4 + label_h
    names = ", ".join(card.name for card in cards)  # read out as words, not symbols
    aria = f"Cards: {names}" + (f"; starter {starter.name}" if starter else "")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {width + 4} {height}" '
        f'role="img" aria-label="{escape(aria)}" '
        f'style="width:100%;max-width:{max_width or width * 1.6:.0f}px;height:auto">'
    ]
    for card, cx in row:
        parts.append(_card_group(card, cx, 0, lit=card in lit, dim=bool(lit) and card not in lit))
    if starter_x is not None:
        parts.append(
            f'<text x="{starter_x + CARD_W // 2}" y="{CARD_H + 15}" font-size="12" '
            'text-anchor="middle" fill="#555" font-family="DejaVu Sans, Arial, sans-serif">'
            "starter</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def card_svg(card: Card) -> str:
    """One card on its own, sized by its container (for the tappable cards).

    >>> from trainer.engine import Card
    >>> card_svg(Card.parse("10D")).count("<g ")
    1
    """
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W} {CARD_H}" '
        f'aria-hidden="true" focusable="false" style="width:100%;height:auto;display:block">'
        f"{_card_group(card, 0, 0, lit=False, dim=False)}</svg>"
    )


def pile_svg(pile: Sequence[Card], *, highlight: Collection[Card] = ()) -> str:
    """The cards of the current series in the order laid, overlapping a little."""
    return cards_svg(pile, highlight=highlight, max_width=min(120 * len(pile) + 20, 900))


def series_svg(steps: Sequence[tuple[Card | None, str, int]], *, max_width: int = 900) -> str:
    """A series of the play in order: each card (or "go", for ``None``) with who laid it
    above and the count after it below.

    >>> from trainer.engine import Card
    >>> svg = series_svg([(Card.parse("10H"), "You", 10), (None, "Opponent", 10)])
    >>> "You" in svg and "go" in svg and "count 10" in svg
    True
    """
    top, bottom = 18, 20
    width = max(len(steps) * (CARD_W + GAP) - GAP, CARD_W)
    height = top + CARD_H + bottom
    said = "; ".join(
        f"{who}: {card.label if card else 'go'}, count {count}" for card, who, count in steps
    )
    font = 'font-family="DejaVu Sans, Arial, sans-serif" text-anchor="middle"'
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {width + 4} {height + 4}" '
        f'role="img" aria-label="{escape("The series in order: " + said)}" '
        f'style="width:100%;max-width:{min(max_width, round(width * 1.3))}px;height:auto">'
    ]
    for n, (card, who, count) in enumerate(steps):
        x = n * (CARD_W + GAP)
        middle = x + CARD_W // 2
        parts.append(
            f'<text x="{middle}" y="13" font-size="12" font-weight="700" fill="#333" {font}>'
            f"{escape(who)}</text>"
        )
        if card is None:
            parts.append(
                f'<rect x="{x + 1}" y="{top + 1}" width="{CARD_W - 2}" height="{CARD_H - 2}" '
                'rx="7" fill="#f3f3f3" stroke="#9a9a9a" stroke-width="1.5" stroke-dasharray="5 4"/>'
                f'<text x="{middle}" y="{top + CARD_H // 2 + 7}" font-size="20" fill="#555" '
                f'font-style="italic" {font}>go</text>'
            )
        else:
            parts.append(_card_group(card, x, top, lit=False, dim=False))
        parts.append(
            f'<text x="{middle}" y="{top + CARD_H + 15}" font-size="12" fill="#555" {font}>'
            f"count {count}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)

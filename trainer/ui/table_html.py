"""The Play page's table drawn as HTML: pure functions from the game's words and cards to
markup, no Streamlit.

* :func:`log_html`: what happened in the deal, in a short box that keeps its height and
  shows the newest lines (it never pushes the hand down);
* :func:`felt_html`: the play in the middle of the table: the starter, the count and the
  pile, smaller than the hand, the cards that scored lit;
* :func:`items_html` and :func:`now_html`: a hand in the show, its combinations listed
  with the running total beside each, and the one being counted said again beside its lit
  cards; counted all at once (:func:`lit_cards_html`), a film (see :mod:`trainer.ui.film`):
  the combinations lit one by one, each listed and said as it is lit. A screen reader
  hears each card by name ("five of hearts"), not its symbol.

Text is escaped here; every card is drawn by :mod:`trainer.ui.svg`.

>>> from trainer.training.table import LogLine
>>> html = log_html([LogLine("You cut 5♥.", False, 0), LogLine("The computer cut K♠.", True, 1)])
>>> '<div class="tb-new">The computer cut K♠.</div>' in html
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

from trainer.engine.cards import Card
from trainer.engine.items import ScoreItem
from trainer.engine.show import ShowScore
from trainer.training.table import LogLine
from trainer.ui.film import appear, attrs, timing
from trainer.ui.svg import CARD_H, CARD_W, GAP, STARTER_GAP, cards_svg

__all__ = [
    "felt_html",
    "item_html",
    "items_html",
    "lit_cards_html",
    "log_html",
    "now_html",
    "reveal_times",
]


def _text(text: str) -> str:
    return escape(text, quote=False)


def log_html(
    lines: Sequence[LogLine], *, late: str = "", reply: int | None = None, short: bool = False
) -> str:
    """The log: ``lines`` oldest first, those new since the person's last action set apart;
    the lines of event ``reply`` (the computer's reply to the person's card) carry the class
    ``late``, so the page can bring them in a moment later. ``short``: two lines high on a
    phone, not three (the coach's words in learning mode need the room)."""
    rows = []
    for line in lines:
        cls = "tb-new" if line.new else "tb-old"
        if late and reply is not None and line.event == reply:
            cls += f" {late}"
        rows.append(f'<div class="{cls}">{_text(line.text)}</div>')
    body = "".join(rows) or '<div class="tb-old">Nothing has happened yet in this deal.</div>'
    cls = "tb-log tb-short" if short else "tb-log"
    return (
        f'<div class="{cls}" role="log" aria-label="What happened" tabindex="0">'
        f"<div>{body}</div></div>"
    )


def felt_html(
    *,
    starter: Card | None,
    pile: Sequence[Card],
    lit: Collection[Card] = (),
    count: int,
    before: int | None = None,
    late: str = "",
    late_at: float = 0.5,
    holds: str = "",
) -> str:
    """The middle of the table in the play: the starter set apart, the count and the pile
    (drawn smaller than the hand, ``lit`` cards lit), and how many cards the computer holds.
    With ``late``, the count is ``before`` until the computer's reply comes in (the pile's
    last card is the reply, brought in by the page's ``late`` stylesheet); a screen reader
    is told the count after the reply, with the reply's line in the log. The reply's card
    comes in ``late_at`` seconds after the rest: the pile is sent as a picture, which the
    page's stylesheet does not reach inside, so the card carries its own film's step."""
    side = ""
    if starter is not None:
        side = (
            f'<div class="tb-starter">{cards_svg([starter], max_width=52)}'
            '<div class="tb-caption">starter</div></div>'
        )
    if late and before is not None:
        # the count before the reply is for the eyes only: a screen reader says the new one
        shown = (
            f'<span class="{late}-gone" aria-hidden="true">{before}</span>'
            f'<span class="{late}">{count}</span>'
        )
    else:
        shown = f"<span>{count}</span>"
    pile_svg = cards_svg(pile, highlight=lit, max_width=56 * len(pile)) if pile else ""
    if late and pile:  # the last card laid (the reply) comes in later: a step of a film
        last, end = pile_svg.rfind("<g transform="), pile_svg.rfind("</svg>")
        step = f"<g{attrs(*appear(late_at))}>"
        pile_svg = pile_svg[:last] + step + pile_svg[last:end] + "</g></svg>"
    pile_part = f'<div class="{late}-pile">{pile_svg}</div>' if late else f"<div>{pile_svg}</div>"
    holds_part = f'<div class="tb-holds">{_text(holds)}</div>' if holds else ""
    return (
        f'<div class="tb-felt">{side}<div class="tb-pile">'
        f'<div class="tb-count">The count is <b class="tb-count-n">{shown}</b></div>'
        f"{pile_part}{holds_part}</div></div>"
    )


#: Seconds before the first combination of a hand counted at once is lit, and between them.
FIRST_LIT = 0.4
EACH_LIT = 0.75


def reveal_times(items: int) -> list[float]:
    """The moments of a hand counted at once: nothing lit, each combination in turn, then
    the whole hand again (``items + 2`` moments).

    >>> reveal_times(2)
    [0.0, 0.4, 1.15, 1.9]
    """
    lit = [round(FIRST_LIT + n * EACH_LIT, 2) for n in range(items)]
    end = round((lit[-1] if lit else 0.0) + EACH_LIT, 2)
    return [0.0, *lit, end]


def _overlays(
    score: ShowScore, times: Sequence[float], places: Sequence[tuple[Card, int]]
) -> list[str]:
    """For each combination, over the cards: a gold frame round its cards and a veil over
    the others, shown while it is lit."""
    parts = []
    for n, item in enumerate(score.items, start=1):
        cls, style = timing(n, times)
        rects = []
        for card, x in places:
            if card in item.cards:
                rects.append(
                    f'<rect x="{x + 1}" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="7" '
                    'fill="#f5b700" fill-opacity="0.14" stroke="#f5b700" stroke-width="4"/>'
                )
            else:
                rects.append(
                    f'<rect x="{x}" y="0" width="{CARD_W}" height="{CARD_H}" rx="7" '
                    'fill="#ffffff" fill-opacity="0.6"/>'
                )
        parts.append(f"<g{attrs(cls, style)}>{''.join(rects)}</g>")
    return parts


def _places(hand: Sequence[Card], starter: Card) -> list[tuple[Card, int]]:
    """Where :func:`trainer.ui.svg.cards_svg` puts each card of a hand and its starter."""
    places = [(card, n * (CARD_W + GAP)) for n, card in enumerate(hand)]
    places.append((starter, len(hand) * (CARD_W + GAP) - GAP + STARTER_GAP))
    return places


def lit_cards_html(score: ShowScore, times: Sequence[float], *, max_width: int = 320) -> str:
    """A hand counted all at once: its cards, each combination lit in turn at ``times``
    (:func:`reveal_times`), then the whole hand again."""
    cards = cards_svg(score.hand, starter=score.starter, max_width=max_width)
    lit = "".join(_overlays(score, times, _places(score.hand, score.starter)))
    return f'<div class="tb-counted">{cards[: -len("</svg>")]}{lit}</svg></div>'


def item_html(item: ScoreItem, total: int) -> str:
    """One combination and the running total: ``fifteen: 5♥ K♠ (2) — <b>2</b>``, its cards
    named in words for a screen reader ("five of hearts, king of spades").

    >>> from trainer.engine import parse_cards
    >>> from trainer.engine.items import Kind
    >>> item_html(ScoreItem(Kind.FIFTEEN, tuple(parse_cards("5H KS")), 2), 6)
    'fifteen: <span aria-hidden="true">5♥ K♠</span><span class="tb-sr">five of hearts, king of spades</span> (2) — <b>6</b>'
    """
    text = item.describe()
    if not item.cards:
        return f"{_text(text)} — <b>{total}</b>"
    name = text.partition(": ")[0]
    seen = _text(item.cards_text())
    said = _text(", ".join(card.name for card in item.cards))
    return (
        f'{_text(name)}: <span aria-hidden="true">{seen}</span><span class="tb-sr">{said}</span>'
        f" ({item.points}) — <b>{total}</b>"
    )


def items_html(score: ShowScore, times: Sequence[float] = (), *, shown: int | None = None) -> str:
    """The combinations of a hand in the show with the running total, the first ``shown``
    of them (all by default); counted all at once, each listed as it is lit (at ``times``,
    see :func:`reveal_times`)."""
    rows = []
    total = 0
    upto = len(score.items) if shown is None else shown
    for n, item in enumerate(score.items[:upto], start=1):
        total += item.points
        cls, style = appear(times[n]) if times else ("", "")
        rows.append(f"<li{attrs(cls, style)}>{item_html(item, total)}</li>")
    return f'<ul class="tb-items" aria-label="Combinations counted">{"".join(rows)}</ul>'


def now_html(
    score: ShowScore, shown: int, *, start: str, end: str, times: Sequence[float] = ()
) -> str:
    """The line beside the cards of a hand in the show: ``start`` before any combination is
    shown, then the one being counted (the ``shown``-th, with the total so far), and ``end``
    (what the hand made) once all are. Counted all at once, a film at ``times``: each in
    turn, ``end`` staying; a screen reader is given ``end`` alone."""
    steps = [start]
    total = 0
    for item in score.items:
        total += item.points
        steps.append(item_html(item, total))
    steps.append(end)
    if not times:
        line = steps[shown] if shown < len(score.items) else end
        return f'<div class="tb-now" aria-live="polite"><div>{line}</div></div>'
    lines = []
    for index, line in enumerate(steps):
        cls, style = timing(index, times)
        hidden = ' aria-hidden="true"' if index < len(steps) - 1 else ""
        lines.append(f"<div{attrs(cls, style)}{hidden}>{line}</div>")
    return f'<div class="tb-now">{"".join(lines)}</div>'

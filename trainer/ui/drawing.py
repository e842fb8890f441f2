"""Cards, piles, series and a counted hand drawn on a page (our own SVG, from
:mod:`trainer.ui.svg`), and :func:`html_block`, the one way the app puts its own markup on
a page. Nothing here computes a score: the engine's items are shown as they are.

Markup goes through ``st.html``, never ``st.markdown(..., unsafe_allow_html=True)``: a page
with Markdown's raw HTML fetches a library of its own for it (some 180 KB) on its first load,
while ``st.html``'s cleaner is fetched by every page already (the app's stylesheet). That
cleaner keeps HTML alone, so a drawing is sent as a picture (:func:`svg_img`), and the few
bits of Markdown said in a box are turned into HTML here (:func:`markdown_html`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from html import escape
from urllib.parse import quote

import streamlit as st

from trainer.engine import Card, ScoreItem, ShowScore
from trainer.ui.film import FILM_CSS
from trainer.ui.svg import cards_svg, pile_svg, series_svg

#: A drawing in some markup: its own attributes, then what is inside it (never nested).
_SVG = re.compile(r"<svg\b([^>]*)>(.*?)</svg>", re.S)
_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')
#: What stays with the drawing (``focusable`` is left out: a picture never takes the focus);
#: the rest (its name, role, class and style) go to the picture.
_OWN = {"xmlns", "viewBox", "focusable"}


def _picture(match: re.Match[str]) -> str:
    attrs = dict(_ATTR.findall(match.group(1)))
    inner = match.group(2)
    box = attrs.get("viewBox", "0 0 100 100")
    width, height = box.split()[2:]
    if "tb-t" in inner:  # a film inside the picture: its animations go with it
        inner = f"<style>{FILM_CSS}</style>{inner}"
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" width="{width}" '
        f'height="{height}">{inner}</svg>'
    ).replace('"', "'")  # (our attributes never hold a ' : escape() writes &#x27;)
    src = "data:image/svg+xml," + quote(svg, safe=" /:=;,'()!*+?@$")
    label = attrs.get("aria-label", "")
    rest = "".join(
        f' {name}="{value}"'
        for name, value in attrs.items()
        if name not in _OWN and name != "aria-label"
    )
    named = f' alt="{label}" aria-label="{label}"' if label else ' alt=""'
    # Its size as attributes too: the page keeps its room (its shape) before it is decoded,
    # so nothing below it moves once it is drawn.
    return f'<img src="{src}" width="{width}" height="{height}"{named}{rest}>'


def svg_img(markup: str) -> str:
    """``markup`` with each of its drawings (``<svg>…</svg>``) as a picture, an ``<img>`` of
    the same drawing: named as the drawing was (``alt`` and ``aria-label``, its ``role``),
    sized and styled as it was (its ``class`` and ``style``, and its width and height from
    its ``viewBox``, so its room is kept before it is decoded). Inside a picture, the page's
    stylesheet does not reach: a film drawn in it takes the film's animations along.

    >>> html = svg_img('<p><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 70 100" '
    ...     'role="img" aria-label="Cards: five of hearts" style="width:100%">'
    ...     '<text>5♥</text></svg></p>')
    >>> html.startswith('<p><img src="data:image/svg+xml,%3Csvg ')
    True
    >>> ' width="70" height="100" alt=' in html
    True
    >>> 'alt="Cards: five of hearts" aria-label="Cards: five of hearts" role="img"' in html
    True
    >>> "<text>" in html or "♥" in html
    False
    """
    return _SVG.sub(_picture, markup)


#: The Markdown a box of the app's own words uses, as HTML (see :func:`markdown_html`).
_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()<>#+\-.!|~:$=^&])")
_STRONG = re.compile(r"\*\*(.+?)\*\*", re.S)
_EM = re.compile(r"(?<![\w*])[*_](?![\s*_])(.+?)(?<![\s*_])[*_](?![\w*])", re.S)
_BREAK = re.compile(r" {2,}\n|\\\n")
_BLOCK = re.compile(r"<(div|ul|ol|p|h\d|table)\b")
_COLOUR = re.compile(r":(red|orange|green|blue|violet|gray|grey)\[(.+?)\]", re.S)
#: Streamlit's Markdown colours (its light theme's text colours).
_COLOURS = {
    "red": "#bd4043",
    "orange": "#e2660c",
    "green": "#158237",
    "blue": "#0054a3",
    "violet": "#583f84",
    "gray": "#5b5e66",
    "grey": "#5b5e66",
}


def markdown_html(text: str) -> str:
    """The little Markdown the app's boxes of words are written in, as HTML: ``**strong**``,
    ``*emphasis*``, ``:orange[colour]``, a line break (two spaces and a new line), a new
    paragraph (a blank line) and a character escaped by a backslash (as
    :func:`trainer.ui.profiles.plain` escapes a name). HTML inside it is kept as it is: a
    paragraph that is a block of HTML is not put in a paragraph of its own.

    >>> markdown_html("**Coach:** a :orange[Muggins!]  \\n1\\. *go*\\n\\n<div>x</div>")
    '<p><strong>Coach:</strong> a <span style="color:#e2660c">Muggins!</span><br>1. <em>go</em></p><div>x</div>'
    """
    held: list[str] = []

    def hold(match: re.Match[str]) -> str:  # an escaped character stays as it is
        held.append(escape(match.group(1), quote=False))
        return f"\x00{len(held) - 1}\x00"

    blocks = []
    for part in re.split(r"\n\s*\n", text.strip()):
        part = part.strip()
        if not part:
            continue
        block = _BLOCK.match(part) is not None
        part = _ESCAPED.sub(hold, part)
        part = _STRONG.sub(r"<strong>\1</strong>", part)
        part = _EM.sub(r"<em>\1</em>", part)
        part = _COLOUR.sub(lambda m: f'<span style="color:{_COLOURS[m[1]]}">{m[2]}</span>', part)
        part = _BREAK.sub("<br>", part).replace("\n", " ")
        blocks.append(part if block else f"<p>{part}</p>")
    return re.sub("\x00(\\d+)\x00", lambda m: held[int(m[1])], "".join(blocks))


def html_block(markup: str) -> None:
    """Put the app's own ``markup`` on the page (its drawings as pictures, see
    :func:`svg_img`): the one place the app's HTML goes through."""
    st.html(svg_img(markup))


def show_cards(
    cards: Sequence[Card],
    *,
    starter: Card | None = None,
    highlight: Collection[Card] = (),
    max_width: int | None = None,
) -> None:
    """Draw a row of cards (our own SVG, so it is safe to pass as HTML)."""
    html_block(cards_svg(cards, starter=starter, highlight=highlight, max_width=max_width))


def show_pile(pile: Sequence[Card], *, highlight: Collection[Card] = ()) -> None:
    html_block(pile_svg(pile, highlight=highlight))


def show_series(steps: Sequence[tuple[Card | None, str, int]]) -> None:
    """A series of the play as cards: who laid each one above it, the count below."""
    html_block(series_svg(steps))


#: One combination's row: its words beside its cards, wrapping to two lines on a phone.
_ROW = (
    '<div style="display:flex;flex-wrap:wrap;align-items:center;gap:0.2rem 1rem;'
    'margin:0.35rem 0">'
    '<div style="flex:2 1 9rem;min-width:9rem"><strong>{words}</strong></div>'
    '<div style="flex:3 1 12rem;max-width:300px">{cards}</div></div>'
)


def items_html(items: Sequence[ScoreItem], hand: Sequence[Card], starter: Card | None) -> str:
    """Each combination on a row: its description beside the cards, its own cards lit.
    One block of our own HTML and SVG for the whole list: a page draws it as one element,
    not two columns a combination (a counted hand has up to twenty)."""
    return "".join(
        _ROW.format(
            words=escape(item.describe(), quote=False),
            cards=cards_svg(hand, starter=starter, highlight=item.cards, max_width=300),
        )
        for item in items
    )


def breakdown_html(score: ShowScore) -> str:
    """Every combination of a counted hand, grouped as it is said at the table, each
    group under what is said for it (“fifteen two, fifteen four” (+4))."""
    parts = []
    for call in score.calls():
        said = escape(f"“{call.text}” (+{call.points})", quote=False)
        parts.append(f'<h5 style="margin:0.9rem 0 0.1rem">{said}</h5>')
        parts.append(items_html(call.items, score.hand, score.starter))
    return f"<div>{''.join(parts)}</div>"


def show_items(items: Sequence[ScoreItem], hand: Sequence[Card], starter: Card | None) -> None:
    """Combinations, each beside its cards (see :func:`items_html`)."""
    html_block(f"<div>{items_html(items, hand, starter)}</div>")


def show_breakdown(score: ShowScore) -> None:
    """Every combination of a counted hand, grouped as it is said at the table."""
    if not score.items:
        st.info(
            "No fifteens, pairs, runs, flush or nobs: zero points. Players joke that a count "
            "like this is a 'nineteen', because 19 is a total no hand can ever make."
        )
        return
    html_block(breakdown_html(score))


def show_metric(
    label: str,
    value: object,
    *,
    help: str | None = None,
    delta: str | None = None,
    good: bool = False,
) -> None:
    """A figure: its ``label`` small, its ``value`` large (the value's element carries
    ``data-metric``, its label), then a ``delta`` (green when ``good``, grey otherwise) and
    the ``help`` in small words under it. The app's stylesheet (``app.css``) draws it; our
    own HTML, so a page with figures fetches nothing more than a page without.

    >>> metric_html("Right", "3 of 4", help="Well done")
    '<div class="app-metric"><div class="app-metric-label">Right</div><div class="app-metric-value" data-metric="Right">3 of 4</div><div class="app-metric-help">Well done</div></div>'
    """
    html_block(metric_html(label, value, help=help, delta=delta, good=good))


def metric_html(
    label: str,
    value: object,
    *,
    help: str | None = None,
    delta: str | None = None,
    good: bool = False,
) -> str:
    """The markup of :func:`show_metric`."""
    said = escape(label)
    parts = [
        f'<div class="app-metric"><div class="app-metric-label">{said}</div>'
        f'<div class="app-metric-value" data-metric="{said}">{escape(str(value))}</div>'
    ]
    if delta:
        tone = "app-metric-good" if good else "app-metric-off"
        parts.append(f'<div class="app-metric-delta {tone}">{escape(delta)}</div>')
    if help:
        parts.append(f'<div class="app-metric-help">{escape(help)}</div>')
    return "".join(parts) + "</div>"

"""Which kinds of score a game counts: every kind (the whole game), or a first game's few.

The rules' scoring (:func:`~trainer.engine.show.score_show`,
:func:`~trainer.engine.pegging.score_play`, his heels at the cut) always finds every
combination there is. A first game that counts only some kinds (fifteens alone, say) keeps
the items of those kinds here, above the scoring, which is never changed: with every kind
on, what is kept is exactly what was found (:data:`ALL_KINDS`).

>>> from trainer.engine.cards import parse_cards
>>> from trainer.engine.show import score_show
>>> *hand, starter = parse_cards("5H 5D JS 4C 6D")
>>> score = score_show(hand, starter)
>>> score.total, only_kinds(score, {Kind.FIFTEEN}).total
(16, 8)
>>> only_kinds(score, ALL_KINDS) is score
True
>>> kinds_notation(frozenset({Kind.PAIR, Kind.FIFTEEN}))
'fifteen,pair'
>>> sorted(parse_kinds("pair,fifteen")) == sorted({Kind.FIFTEEN, Kind.PAIR})
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from trainer.engine.items import SHOW_KINDS, Award, Kind
from trainer.engine.show import ShowScore

__all__ = [
    "ALL_KINDS",
    "SCORING_KINDS",
    "kept_awards",
    "kinds_notation",
    "only_kinds",
    "parse_kinds",
    "says_kinds",
]

#: The kinds a game can count or leave out, in table order: the combinations of the show
#: and the play, and the points for the go, the last card and his heels. (What a muggins
#: count pegs is not a kind of combination: it follows the kinds a hand scores.)
SCORING_KINDS: tuple[Kind, ...] = (
    Kind.FIFTEEN,
    Kind.THIRTY_ONE,
    Kind.PAIR,
    Kind.RUN,
    Kind.FLUSH,
    Kind.NOBS,
    Kind.GO,
    Kind.LAST_CARD,
    Kind.HIS_HEELS,
)
#: Every kind: the whole game.
ALL_KINDS: frozenset[Kind] = frozenset(SCORING_KINDS)


def only_kinds(score: ShowScore, kinds: Collection[Kind]) -> ShowScore:
    """``score`` with only the items of ``kinds`` (its total their sum); the score itself,
    unchanged, when every item's kind counts."""
    items = tuple(item for item in score.items if item.kind in kinds)
    if len(items) == len(score.items):
        return score
    return score._replace(items=items, total=sum(item.points for item in items))


def kept_awards(awards: Sequence[Award], kinds: Collection[Kind]) -> tuple[Award, ...]:
    """The awards whose item's kind counts, in their order."""
    return tuple(award for award in awards if award.item.kind in kinds)


def kinds_notation(kinds: Collection[Kind]) -> str:
    """``fifteen,pair,his_heels``: the kinds in table order, spaces written as ``_``."""
    return ",".join(kind.replace(" ", "_") for kind in SCORING_KINDS if kind in kinds)


def parse_kinds(text: str) -> frozenset[Kind]:
    """Read :func:`kinds_notation` back; ``ValueError`` names a word that is not a kind a
    game can count, or a kind written twice."""
    found: list[Kind] = []
    for word in text.split(","):
        try:
            kind = Kind(word.strip().replace("_", " "))
        except ValueError:
            kind = None
        if kind is None or kind not in SCORING_KINDS:
            shown = word if len(word) <= 20 else word[:20] + "…"
            known = ", ".join(kinds_notation([k]) for k in SCORING_KINDS)
            raise ValueError(f"{shown!r} is not a kind of score a game counts: use {known}")
        if kind in found:
            raise ValueError(f"{kinds_notation([kind])!r} is named twice")
        found.append(kind)
    return frozenset(found)


def says_kinds(kinds: Collection[Kind]) -> tuple[Kind, ...]:
    """The show's kinds that count, in the order a hand is counted (what a first game's
    show names: "fifteens", or "fifteens, pairs and runs")."""
    return tuple(kind for kind in SHOW_KINDS if kind in kinds)

"""The parts of the rules a game uses, one word each: what a lesson says it teaches, and what
a game with given settings needs its players to know (:func:`parts_of`).

A part is finer than a kind of score where the rules are: runs in a hand come with runs that
hold a pair (double, triple and double-double runs, counted as several runs), the crib's
flush has a rule of its own, pairs and runs in the play follow the cards as laid; and some
parts score nothing themselves (the starter every hand shares, the crib, the short game).

>>> from trainer.engine.items import Kind
>>> from trainer.engine.settings import Settings
>>> first = Settings(target=31, skunks=False, crib=False, play=False, kinds=frozenset({Kind.FIFTEEN}))
>>> parts_notation(parts_of(first))
'fifteen,starter'
>>> parts_notation(parts_of(Settings(target=31, skunks=False, crib=False, play=False,
...     kinds=frozenset({Kind.FIFTEEN, Kind.RUN}))))
'fifteen,starter,run,double-run'
>>> RulePart("crib-flush") in parts_of(Settings())
True
>>> parse_part(" double-run ")
RulePart.DOUBLE_RUN
"""

from __future__ import annotations

from collections.abc import Collection
from enum import StrEnum

from trainer.engine.items import Kind
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting

__all__ = ["RulePart", "parse_part", "parts_notation", "parts_of"]


class RulePart(StrEnum):
    """One part of the rules, named by the word a lesson file uses for it, in the order a
    course meets them."""

    FIFTEEN = "fifteen"  # cards adding to 15 score 2, in a hand and in the play
    STARTER = "starter"  # the card turned up that every hand and the crib share
    HIS_HEELS = "his-heels"  # a jack turned up as the starter: 2 for the dealer
    THIRTY_ONE = "thirty-one"  # the play: cards laid in turn, the count never past 31
    PLAY_PAIR = "play-pair"  # pairs in the play: a card of the rank just laid
    PLAY_RUN = "play-run"  # runs in the play: the last cards laid, in any order
    GO = "go"  # a player who cannot lay says go: 1 for the last card under 31
    LAST_CARD = "last-card"  # 1 for the last card of the play
    PAIR = "pair"  # pairs in a hand: 2, 6 for three of a kind, 12 for four
    RUN = "run"  # runs in a hand: a point a card, the longest only
    DOUBLE_RUN = "double-run"  # runs with a pair inside: double, triple, double-double
    FLUSH = "flush"  # four cards of a suit in the hand, five with the starter
    NOBS = "nobs"  # the jack of the starter's suit in the hand
    CRIB = "crib"  # two cards from each to the dealer's crib, counted last
    CRIB_FLUSH = "crib-flush"  # the crib's flush needs the starter's suit too
    MUGGINS = "muggins"  # points a player misses in their count go to the other
    SKUNK = "skunk"  # a big win counts double (or triple)
    SHORT_GAME = "short-game"  # the game to 61
    MORE_PLAYERS = "more-players"  # three alone, or four in two partnerships

    def __repr__(self) -> str:  # pastes back, like the rest of the engine's values
        return f"RulePart.{self.name}"


#: The parts each kind of score brings to a hand's count (the show).
_SHOW: dict[Kind, tuple[RulePart, ...]] = {
    Kind.FIFTEEN: (RulePart.FIFTEEN,),
    Kind.PAIR: (RulePart.PAIR,),
    Kind.RUN: (RulePart.RUN, RulePart.DOUBLE_RUN),  # a run with a pair inside is several runs
    Kind.FLUSH: (RulePart.FLUSH,),
    Kind.NOBS: (RulePart.NOBS,),
    Kind.HIS_HEELS: (RulePart.HIS_HEELS,),
}
#: The parts each kind of score brings to the play.
_PLAY: dict[Kind, tuple[RulePart, ...]] = {
    Kind.FIFTEEN: (RulePart.FIFTEEN,),
    Kind.THIRTY_ONE: (RulePart.THIRTY_ONE,),
    Kind.PAIR: (RulePart.PLAY_PAIR,),
    Kind.RUN: (RulePart.PLAY_RUN,),
    Kind.GO: (RulePart.GO,),
    Kind.LAST_CARD: (RulePart.LAST_CARD,),
}


def parts_of(settings: Settings) -> frozenset[RulePart]:
    """Every part of the rules a game with ``settings`` uses: the kinds it scores in the show
    and, with the play, in the play; the starter; the crib (and its flush rule when flushes
    score); muggins, skunks, the short game and a table of more than two when they are on."""
    parts = {RulePart.STARTER}
    for kind in settings.kinds:
        parts.update(_SHOW.get(kind, ()))
        if settings.play:
            parts.update(_PLAY.get(kind, ()))
    if settings.play:
        parts.add(RulePart.THIRTY_ONE)  # the count itself, whatever scores in it
    if settings.crib:
        parts.add(RulePart.CRIB)
        if Kind.FLUSH in settings.kinds:
            parts.add(RulePart.CRIB_FLUSH)
    if settings.counting is Counting.MUGGINS:
        parts.add(RulePart.MUGGINS)
    if settings.skunks:
        parts.add(RulePart.SKUNK)
    if settings.target == 61:
        parts.add(RulePart.SHORT_GAME)
    if settings.seats > 2:
        parts.add(RulePart.MORE_PLAYERS)
    return frozenset(parts)


def parts_notation(parts: Collection[RulePart]) -> str:
    """The parts in the order a course meets them, as a lesson file writes them."""
    return ",".join(part for part in RulePart if part in parts)


def parse_part(word: object) -> RulePart:
    """A word of a lesson file as a part; ``ValueError`` names a word that is no part of the
    rules, and lists them."""
    if not isinstance(word, str):
        raise ValueError(f"write each part as a word, like 'fifteen', not {word!r}")
    try:
        return RulePart(word.strip())
    except ValueError:
        shown = word if len(word) <= 20 else word[:20] + "…"
        raise ValueError(
            f"{shown!r} is not a part of the rules: use {', '.join(RulePart)}"
        ) from None

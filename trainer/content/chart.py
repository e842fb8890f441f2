"""The scoring chart: every way to score in the show and in the play, on one page.

Each row has an example in card notation, and its points are the engine's: the example
is scored by :func:`~trainer.engine.score_show`, :func:`~trainer.engine.score_play`, a
go question's replay, or a game's starter cut, and :func:`scoring_chart` fails if the
example scores anything but the row's own kinds. No number in the chart is typed in.

>>> chart = scoring_chart()
>>> [(row.name, row.points) for row in chart.show[:2]]
[('Fifteen', 2), ('Pair', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from trainer.engine import (
    Card,
    Game,
    Kind,
    ScoreItem,
    deal,
    label_cards,
    parse_cards,
    score_play,
    score_show,
)
from trainer.engine.series import replay_series

__all__ = ["ChartRow", "ScoringChart", "scoring_chart"]


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One line of the chart: what scores, how it is made, an example and its points."""

    name: str
    how: str
    example: str  # the example's cards, as people write them
    points: int
    each: bool = False  # the points are for each one found ("each fifteen")
    cards: tuple[Card, ...] = ()  # the example's hand, pile or cards laid
    starter: Card | None = None  # the example's starter, for a hand


@dataclass(frozen=True, slots=True)
class ScoringChart:
    show: tuple[ChartRow, ...]  # a hand or the crib, with the starter
    play: tuple[ChartRow, ...]  # the cards laid in the play
    quick: tuple[ChartRow, ...]  # the totals players know by heart


def _show_row(
    name: str,
    how: str,
    hand: str,
    starter: str,
    kinds: set[Kind],
    *,
    crib: bool = False,
    each: bool = False,
) -> ChartRow:
    cards = parse_cards(hand)
    card = parse_cards(starter)[0]
    score = score_show(cards, card, crib=crib)
    _only(name, score.items, kinds)
    example = f"{label_cards(cards)}, starter {card.label}"
    return ChartRow(name, how, example, score.total, each, cards, card)


def _play_row(name: str, how: str, pile: str, kinds: set[Kind], *, each: bool = False) -> ChartRow:
    cards = parse_cards(pile)
    scored = score_play(cards)
    _only(name, scored.items, kinds)
    return ChartRow(name, how, label_cards(cards), scored.total, each, cards)


def _only(name: str, items: Sequence[ScoreItem], kinds: set[Kind]) -> None:
    found = {item.kind for item in items}
    if found != kinds:
        raise ValueError(
            f"the chart's example for {name!r} scores {sorted(found)}, not {sorted(kinds)}"
        )


def _closing_row(name: str, how: str, pone: str, dealer: str, plays: str, kind: Kind) -> ChartRow:
    laid = parse_cards(plays)
    replay = replay_series(parse_cards(pone), parse_cards(dealer), laid)
    if replay.closing.kind != kind:
        raise ValueError(f"the chart's example for {name!r} ends with {replay.closing.kind}")
    example = f"{label_cards(parse_cards(plays))}, then nobody can lay"
    if kind == Kind.LAST_CARD:
        example = f"{label_cards(parse_cards(plays))}, all eight"
    return ChartRow(name, how, example, replay.closing.points, cards=laid)


def _heels_row() -> ChartRow:
    """His heels, from a game the engine plays: the first deal whose starter cut can turn
    up a jack is cut there."""
    for seed in range(100):
        game = Game(seed=seed)
        while game.dealer is None:
            for seat in (0, 1):
                game.cut_for_deal(seat)
        for seat in (0, 1):
            game.discard(seat, game.view(seat).hand[:2])
        assert game.dealer is not None and game.pone is not None
        _, rest = deal(game.pack(str(game.deal_no)), game.dealer)
        low, high = game.cut_range()
        jacks = [at for at in range(low, high + 1) if rest[at].is_jack]
        if jacks:
            event = game.cut_starter(game.pone, at=jacks[0])
            ((_, item),) = event.awards
            if item.kind != Kind.HIS_HEELS:
                raise ValueError(f"a jack starter scored {item.kind}, not his heels")
            example = f"the starter is the {event.card.label}"
            return ChartRow(
                "His heels", "The starter is a jack: for the dealer", example, item.points
            )
    raise AssertionError("no game turned up a jack")  # pragma: no cover


@cache
def scoring_chart() -> ScoringChart:
    """The chart, each row's points from the engine."""
    f, p, r, fl, n = Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS
    show = (
        _show_row("Fifteen", "Cards that add up to 15", "7H 8C KD 2S", "AS", {f}, each=True),
        _show_row("Pair", "Two cards of the same rank", "9H 9C 2D 7S", "KC", {p}, each=True),
        _show_row(
            "Three of a kind", "Three cards of one rank (three pairs)", "9H 9C 9D 2S", "KC", {p}
        ),
        _show_row("Four of a kind", "Four cards of one rank (six pairs)", "9H 9C 9D 9S", "2C", {p}),
        _show_row("Run of three", "Three ranks in a row, 1 a card", "3D 7H TH JH", "9S", {r}),
        _show_row("Run of four", "Four ranks in a row", "9C TD JH 2S", "QS", {r}),
        _show_row("Run of five", "Five ranks in a row", "9C TD JH QS", "KS", {r}),
        _show_row(
            "Flush of four",
            "The hand's four cards in one suit (not in the crib)",
            "AD 2D 7D KD",
            "TC",
            {fl},
        ),
        _show_row(
            "Flush of five",
            "Four cards and the starter in one suit (hand or crib)",
            "AD 2D 7D KD",
            "TD",
            {fl},
        ),
        _show_row("Nobs", "The jack of the starter's suit", "JC 3D 7H 9S", "KC", {n}),
    )
    play = (
        _play_row("Fifteen", "The count reaches exactly 15", "TH 5C", {f}),
        _play_row("Thirty-one", "The count reaches exactly 31", "KD 9S 5C 7H", {Kind.THIRTY_ONE}),
        _play_row("Pair", "Same rank as the card just laid", "3S 9C 9H", {p}),
        _play_row("Pair royal", "Third of a rank in a row", "3S 9C 9H 9D", {p}),
        _play_row("Double pair royal", "Fourth of a rank in a row", "2H 2C 2D 2S", {p}),
        _play_row("Run of three", "The last three cards make a row, in any order", "2H 4C 3D", {r}),
        _play_row("Run of four", "The last four cards make a row", "7C 5S 6H 8D", {r}),
        _closing_row(
            "Go",
            "The last card before nobody can lay",
            "KS 8H 9C QD",
            "9D 5C KH 7S",
            "KS 9D 8H",
            Kind.GO,
        ),
        _closing_row(
            "Last card",
            "The very last card of the play (not at 31)",
            "KC 3D 7H 2S",
            "9S 6H 5D 4C",
            "KC 9S 3D 6H 2S 5D 7H 4C",
            Kind.LAST_CARD,
        ),
        _heels_row(),
    )
    quick = (
        _show_row(
            "Double run of three", "J-Q-K-K: two runs and a pair", "JD QC KH KS", "2C", {p, r}
        ),
        _show_row(
            "Double run of four",
            "9-10-J-J-Q: two runs of four and a pair",
            "9C TD JH JS",
            "QC",
            {p, r},
        ),
        _show_row(
            "Triple run", "J-Q-Q-Q-K: three runs and three of a kind", "JH QC QD QS", "KC", {p, r}
        ),
        _show_row(
            "Double-double run", "2-3-3-4-4: four runs and two pairs", "2S 3C 3D 4H", "4S", {p, r}
        ),
        _show_row(
            "The best hand",
            "Three fives and a jack, the fourth five of the jack's suit",
            "5H 5D 5S JC",
            "5C",
            {f, p, n},
        ),
    )
    return ScoringChart(show, play, quick)

"""The game told in short sentences, made from its events alone (so a reloaded game says
the same thing as before), and the engine's messages in our words."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from trainer.engine.cards import Card
from trainer.engine.events import (
    CutEvent,
    DealEvent,
    DiscardEvent,
    Event,
    GoEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
)
from trainer.engine.items import Award, Kind, ScoreItem, number_word
from trainer.engine.vocab import Which
from trainer.training.seats import ME, SeatNames


def _for(points: int) -> str:
    return f"for {number_word(points)}"


#: How each kind is said when it scores, where its cards do not change the words.
_SAID: dict[Kind, str] = {
    Kind.FIFTEEN: "fifteen",
    Kind.THIRTY_ONE: "thirty-one",
    Kind.GO: "a go",
    Kind.LAST_CARD: "last card",
    Kind.HIS_HEELS: "his heels",
    Kind.FLUSH: "a flush",
    Kind.NOBS: "his nobs",
    Kind.MUGGINS: "muggins",
}
_PAIRS = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}


def award_text(item: ScoreItem) -> str:
    """What a score is said as at the table: ``fifteen for two``, ``a run of three for three``."""
    kind = item.kind
    if kind is Kind.PAIR:
        name = _PAIRS.get(len(item.cards), "a pair")
    elif kind is Kind.RUN:
        name = f"a run of {number_word(len(item.cards))}"
    else:
        name = _SAID.get(kind, str(kind))
    return f"{name} {_for(item.points)}"


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _awards_line(awards: Sequence[Award], names: SeatNames) -> list[str]:
    lines = []
    for seat in names.seats:
        items = [item for who, item in awards if who == seat]
        if items:
            total = sum(item.points for item in items)
            said = ", ".join(award_text(item) for item in items)
            lines.append(f"{names.does(seat, 'peg')} {total}: {said}.")
    return lines


def _deals(dealer: int, names: SeatNames) -> str:
    said = names.does(dealer, "deal")
    if dealer in dict(names.people):  # a person's name keeps its capital
        return said
    return said[:1].lower() + said[1:]


def _cut_lines(event: CutEvent, names: SeatNames, players: int, viewer: int | None) -> list[str]:
    lines = [f"{names.who(event.seat)} cut {event.card.label}."]
    if event.dealer is not None:
        lines.append(f"Low card deals: {_deals(event.dealer, names)}.")
    elif event.seat == names.seats[-1]:  # on this page the person always cuts first
        lines.append(
            "The same rank: cut again."
            if players == 2
            else "The lowest cards are the same rank: everyone cuts again."
        )
    return lines


def _discard_lines(
    event: DiscardEvent, names: SeatNames, players: int, viewer: int | None
) -> list[str]:
    if event.seat == viewer:
        cards = " and ".join(card.label for card in event.cards)
        return [f"{names.does(event.seat, 'put')} {cards} in the crib."]
    if players == 2:
        return [f"{names.does(event.seat, 'put')} two cards in the crib."]
    return [f"{names.does(event.seat, 'put')} a card in the crib."]


def _starter_lines(
    event: StarterEvent, names: SeatNames, players: int, viewer: int | None
) -> list[str]:
    return [f"The starter is {event.card.label}.", *_awards_line(event.awards, names)]


def _play_lines(first: str, event: LayEvent | GoEvent, names: SeatNames) -> list[str]:
    """A card laid or a go: ``first``, what it pegged, and the count starting again."""
    lines = [first, *_awards_line(event.awards, names)]
    if _series_ends(event):
        lines.append("The count goes back to 0.")
    return lines


def _lay_lines(event: LayEvent, names: SeatNames, players: int, viewer: int | None) -> list[str]:
    said = f"{names.does(event.seat, 'lay')} {event.card.label}: the count is {event.count}."
    return _play_lines(said, event, names)


def _go_lines(event: GoEvent, names: SeatNames, players: int, viewer: int | None) -> list[str]:
    said = f"{names.does(event.seat, 'say')} “go” (nothing fits under 31)."
    return _play_lines(said, event, names)


def _claim_line(event: ShowEvent, claimed: int, names: SeatNames) -> str:
    """What a person said their hand or crib makes, against what it makes."""
    you = event.seat == names.you
    them = "you" if you else names.who(event.seat)
    said = f"{them[:1].upper()}{them[1:]} said"
    peg = "you peg" if you else f"{them} pegs"
    if claimed == event.true:
        return f"{said} {claimed}: right!"
    if claimed > event.true:
        return f"{said} {claimed}, but it makes {event.true}: {peg} {event.true}."
    if event.awarded == event.true:  # said aloud, for learning: nothing is lost
        return (
            f"{said} {claimed}, and it makes {event.true}: the coach shows {them} "
            f"the {_points(event.true - claimed)} more, and {peg} {event.true}."
        )
    return f"{said} {claimed}: {peg} {claimed}."


def _show_lines(event: ShowEvent, names: SeatNames, players: int, viewer: int | None) -> list[str]:
    what = "crib" if event.which is Which.CRIB else "hand"
    lines = [f"{names.whose(event.seat, what)} makes {_points(event.true)}."]
    people = {seat for seat, _ in names.people} or {ME}
    if event.claimed is not None and event.seat in people:
        lines.append(_claim_line(event, event.claimed, names))
    if event.muggins:
        takes = names.does(event.muggins_taker, "take")
        missed = "you" if event.seat == names.you else names.who(event.seat)
        lines.append(f"Muggins! {takes} the {_points(event.muggins)} {missed} missed.")
    return lines


def _deal_lines(event: DealEvent, names: SeatNames, players: int, viewer: int | None) -> list[str]:
    return [f"A new deal: {_deals(event.dealer, names)}."]


#: The sentences for each type of event, from the event, the seats' names, the number of
#: players and the seat of the person they are told to.
_TELLERS: dict[type[Event], Callable[[Any, SeatNames, int, int | None], list[str]]] = {
    CutEvent: _cut_lines,
    DiscardEvent: _discard_lines,
    StarterEvent: _starter_lines,
    LayEvent: _lay_lines,
    GoEvent: _go_lines,
    ShowEvent: _show_lines,
    DealEvent: _deal_lines,
}


def event_lines(
    event: Event, players: int = 2, *, names: SeatNames | None = None, viewer: int | None = ME
) -> list[str]:
    """What one event was, in short sentences for the person in seat ``viewer`` (seat 0 by
    default; ``None``: someone who may see no one's hidden cards) at a table of ``players``,
    the seats called by ``names`` (the table's own, :class:`SeatNames`, by default)."""
    teller = _TELLERS.get(type(event))
    if teller is None:
        return []
    return teller(event, names or SeatNames(players), players, viewer)


#: How the engine's messages name the seats (:func:`trainer.engine.vocab.seat_name`), and the
#: words this page uses for them, with the verb and the possessive that go with each.
_ENGINE_SEAT = re.compile(r"\b(not )?player ([1-4])(?:('s)\b|( has)\b|\b)")


def _our_words(seat: int, names: SeatNames) -> dict[str, str]:
    if seat == names.you:
        return {"": "you", "'s": "your", " has": "you have", "not": "not yours"}
    who = names.who(seat)
    whose = names.whose(seat, "").strip()
    if seat not in dict(names.people):  # a person's name keeps its capital
        who, whose = who[:1].lower() + who[1:], whose[:1].lower() + whose[1:]
    return {"": who, "'s": whose, " has": f"{who} has", "not": f"not {whose}"}


def in_our_words(message: str, players: int = 2, *, names: SeatNames | None = None) -> str:
    """An engine message in this page's words: the seats it names as "player 1" and
    "player 2" are you and the computer, or as ``names`` calls them (and a record's
    ``seat=`` numbers are explained).

    >>> in_our_words("it is player 2's turn, not player 1's")
    "it is the computer's turn, not yours"
    >>> in_our_words("player 1 has already cut: it is player 2's turn to cut")
    "you have already cut: it is the computer's turn to cut"
    >>> in_our_words("5♥ is not in player 1's hand")
    '5♥ is not in your hand'
    """
    table = names or SeatNames(players)

    def said(match: re.Match[str]) -> str:
        negated, number, possessive, has = match.groups()
        seat = int(number) - 1
        if seat not in table.seats:
            return match.group(0)
        words = _our_words(seat, table)
        if negated and possessive:
            return words["not"]
        text = words[possessive or has or ""]
        return ("not " if negated else "") + text

    text = _ENGINE_SEAT.sub(said, message)
    if re.search(r"\bseat=[0-9]", text):
        seats = [f"seat={seat} is {_our_words(seat, table)['']}" for seat in table.seats]
        text += f" (in a record, {', '.join(seats[:-1])} and {seats[-1]})"
    return text


def scoring_cards(event: LayEvent, pile: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``pile`` that ``event``'s card scored with (a run's every card, a
    pair's two, a fifteen's), in the pile's order; none when it scored nothing.

    >>> from trainer.engine.cards import parse_cards
    >>> pile = parse_cards("6H 5C 7D")
    >>> lay = LayEvent(1, pile[-1], 18, ((1, ScoreItem(Kind.RUN, pile, 3)),))
    >>> [card.label for card in scoring_cards(lay, pile)]
    ['6♥', '5♣', '7♦']
    """
    scored = {card for _, item in event.awards for card in item.cards}
    return tuple(card for card in pile if card in scored)


def best_hand_line(best: ShowEvent, players: int = 2) -> str:
    """The game's best hand in a sentence: ``The best hand of the game was yours: 12
    points.`` (or the computer's)."""
    whose = "yours" if best.seat == ME else _our_words(best.seat, SeatNames(players))["'s"]
    return f"The best hand of the game was {whose}: {_points(best.true)}."


def series_ends(event: LayEvent | GoEvent) -> bool:
    """The event ends a series of the play (31, a go or the last card): the count goes
    back to 0."""
    return _series_ends(event)


def _series_ends(event: LayEvent | GoEvent) -> bool:
    if isinstance(event, LayEvent) and event.count == 31:
        return True
    return any(item.kind in (Kind.GO, Kind.LAST_CARD) for _, item in event.awards)

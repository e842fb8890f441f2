"""The Play page's :class:`~trainer.training.table.Table` read as a test reads it, and people
at one table (pass-and-play) playing a game out."""

from __future__ import annotations

import re
from collections.abc import Callable

from trainer.bench.playing import move, right_count
from trainer.engine.cards import Card
from trainer.engine.events import ShowEvent
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Which
from trainer.training.table import CoachMode, Need, Person, PlaySetup, Table, event_lines
from trainer.training.table.export import public_record


def recent_lines(table: Table) -> list[str]:
    """What happened since the last action of the person in the table's seat, in order, as
    the table tells it (the counts of the show are told by the show itself)."""
    names, viewer = table.names, table.viewer
    return [
        line
        for event in table.game.events[table.mark :]
        if not isinstance(event, ShowEvent)
        for line in event_lines(event, table.game.players, names=names, viewer=viewer)
    ]


#: Two people at one table, each with their own coach (pass-and-play).
ANN = Person("Ann", CoachMode.LEARNING)
SAM = Person("Sam", CoachMode.MOVES)


def setup_of(lineup: tuple, counting: Counting = Counting.MUGGINS) -> PlaySetup:
    settings = Settings(target=61, seats=len(lineup), counting=counting)
    return PlaySetup(settings=settings, lineup=lineup)


def play_out(
    table: Table,
    at_turn: Callable[[Table], None] = lambda table: None,
    at_show: Callable[[Table], None] = lambda table: None,
) -> int:
    """Play the game to its end, each person's move the first card that will do (a count
    now and then one short, so the others can take muggins); ``at_turn`` is called at each
    person's turn before the move, ``at_show`` at each hand shown. The number of turns the
    people took."""
    turns = 0
    while (need := table.need()) is not Need.OVER:
        if need is Need.REVEAL:
            at_show(table)
        else:
            at_turn(table)
            turns += 1
        move(table, claim=one_short if turns % 3 == 0 else right_count)
    return turns


def one_short(table: Table) -> int:
    """A count one short of what the hand to be counted makes (nothing when it makes
    nothing), so the others can take muggins."""
    total = right_count(table)
    return total - 1 if total else total


def hidden_cards(table: Table, viewer: int) -> set[Card]:
    """Every card another person at the table holds that ``viewer`` may not know: their
    hand until it is laid or counted, their throw until the crib is counted. A card seen
    face up before this deal (cut for the deal, laid or counted) may be dealt to anyone
    after the shuffle: it is left out, as the words of earlier deals may name it."""
    hidden: set[Card] = set()
    for seat in table.people:
        if seat == viewer:
            continue
        view = table.game.view(seat)
        laid = {card for _, card in view.laid}
        counted = {(e.seat, e.which) for e in view.shown if isinstance(e, ShowEvent)}
        if (seat, Which.HAND) not in counted:
            hidden |= (set(view.hand) | set(view.kept)) - laid
        if not any(which is Which.CRIB for _, which in counted):
            hidden |= set(view.discards)
    earlier = public_record(table).rpartition("\ndeal no=")[0]
    seen = {Card.parse(token) for token in re.findall(r"\b[2-9TJQKA][SHDC]\b", earlier)}
    return hidden - seen - {cut.card for cut in table.view.cuts}

"""A table of one person's seat (``Table.own``: a game across devices, each device with its
own table from the one stored record): it acts for that seat alone, says whose turn it is
while it waits, tells that seat only what it may know, and both devices' tables read the
record alike, so the game is played to its end between them."""

from __future__ import annotations

import pytest

from tests.support.table import recent_lines
from trainer.analysis import computer_player
from trainer.engine.events import CutEvent, DealEvent, DiscardEvent, LayEvent
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Phase, RuleError
from trainer.training.table import CoachMode, Need, Person, PlaySetup, Table, event_lines

ANN = Person("Ann", CoachMode.LEARNING)
SAM = Person("Sam", CoachMode.OFF)


def setup_of(target: int = 61) -> PlaySetup:
    """Two people, the trainer counting the show."""
    settings = Settings(target=target, counting=Counting.AUTOMATIC)
    return PlaySetup(settings=settings, lineup=(ANN, SAM))


def hidden_from(table: Table) -> set[str]:
    """The labels of the other seat's cards its owner may not know yet: its throw this deal
    (until the crib is shown) and the cards in its hand not laid."""
    game = table.game
    other = 1 - table.seat
    if game.phase not in (Phase.DISCARD, Phase.STARTER, Phase.PLAY):
        return set()
    hidden = {card.label for card in game.view(other).hand}
    for event in reversed(game.events):
        if isinstance(event, DealEvent):
            break
        if isinstance(event, DiscardEvent) and event.seat == other:
            hidden |= {card.label for card in event.cards}
            break
    return hidden


def check_private(table: Table, own: int) -> None:
    """What the table of ``own`` says is ``own``'s alone."""
    assert table.seat == own and table.own == own
    assert table.view == table.game.view(own)
    assert table.coach_of(table.seat) is (ANN, SAM)[own].coach
    assert table.learning is (own == 0)
    hidden = hidden_from(table)
    events = table.game.events
    cuts = {i for i, event in enumerate(events) if isinstance(event, CutEvent)}
    # (the cut for deal is made from another pack: its card may be in a hand since)
    # (and a card laid face up last deal may be in a hand now)
    deals = [i for i, event in enumerate(events) if isinstance(event, DealEvent)]
    start = deals[-1] if deals else 0
    said = [
        line.text for line in table.log_lines() if line.event >= start and line.event not in cuts
    ]
    if table.mark >= start and not any(i >= table.mark for i in cuts):
        said += recent_lines(table)
    for line in said:
        assert not any(label in line for label in hidden), (own, line)
    # the table's own person is "you", the other by name
    mine, theirs = ("Ann", "Sam")[own], ("Ann", "Sam")[1 - own]
    assert table.names.who(own) == "You" and table.names.who(1 - own) == theirs
    assert not any(line.startswith(f"{mine} ") for line in said), (own, said)
    if any(event.seat == own for event in events[start:] if isinstance(event, LayEvent)):
        assert any(line.startswith("You lay ") for line in said)


def test_a_table_belongs_to_a_person_seat() -> None:
    with pytest.raises(ValueError):
        Table.new(PlaySetup(settings=Settings(target=61), lineup=(ANN, "easy")), 1, own=1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_device_table_takes_its_turns_from_the_stored_record(seed: int) -> None:
    setup = setup_of()
    text = Table.new(setup, seed, own=0).game.record().notation()
    for step in range(600):
        tables = [Table.resume(setup, GameRecord.parse(text), own=s) for s in (0, 1)]
        for own, table in enumerate(tables):
            check_private(table, own)
        assert tables[0].game.events == tables[1].game.events  # (the trainer's counts too)
        if tables[0].game.is_over:
            break
        needs = [table.need() for table in tables]
        acting = [s for s in (0, 1) if needs[s] is not Need.WAIT]
        assert acting, needs
        for s in (0, 1):
            if needs[s] is Need.WAIT:
                waited = tables[s].waiting_on()
                assert waited == 1 - s and waited in acting
                assert needs[waited] is not Need.REVEAL
            else:
                assert tables[s].waiting_on() is None
        own = acting[0]
        table, other = tables[own], tables[1 - own]
        need = needs[own]
        player = computer_player("easy", seed=f"{seed}:{step}")
        if need is Need.REVEAL:
            table.carry_on()
        elif need is Need.CUT_FOR_DEAL:
            table.cut_for_deal()
        elif need is Need.DISCARD:
            cards = player.discard(table.view)
            table.discard(cards)
        elif need is Need.CUT_STARTER:
            table.cut_starter()
        else:
            assert need is Need.LAY
            if needs[1 - own] is Need.WAIT:  # the waiting seat never acts for the other
                with pytest.raises(RuleError):
                    other.lay(table.view.playable[0])
            card = player.play(table.view)
            assert card is not None
            table.lay(card)
        text = table.game.record().notation()
    assert tables[0].game.is_over and max(tables[0].game.scores) >= 61
    assert GameRecord.parse(text).notation() == tables[0].game.record().notation()


def test_each_person_counts_their_own_hand_on_their_own_device_under_muggins() -> None:
    settings = Settings(target=61, counting=Counting.MUGGINS)
    setup = PlaySetup(settings=settings, lineup=(ANN, SAM))
    text = Table.new(setup, 7, own=0).game.record().notation()
    short = 0  # the points a person missed in their own count
    places = ["", ""]  # where each device was looking (a count each sees out for themselves)
    for step in range(800):
        record = GameRecord.parse(text)
        tables = [Table.resume(setup, record, places[s], own=s) for s in (0, 1)]
        if tables[0].game.is_over:
            break
        needs = [table.need() for table in tables]
        own = next(s for s in (0, 1) if needs[s] is not Need.WAIT)
        table, need = tables[own], needs[own]
        player = computer_player("easy", seed=f"7:{step}")
        if need is Need.CLAIM:
            counted = table.next_count()
            assert counted is not None and counted[0] == own  # their own hand (or crib)
            other = tables[1 - own]  # waits for it (or still reads the count before)
            assert other.need() is Need.REVEAL or other.waiting_on() == own
            points = max(counted[2].total - step % 2, 0)  # every other count one short
            event = table.claim(points)
            assert event.seat == own and event.claimed == points
            if event.muggins:
                assert event.taker == 1 - own  # the other person takes what was missed, named
                said = " ".join(event_lines(event, names=table.names, viewer=own))
                assert ("Ann", "Sam")[1 - own] in said and "you" in said.lower(), said
                short += event.muggins
        elif need is Need.REVEAL:
            table.carry_on()
        elif need is Need.CUT_FOR_DEAL:
            table.cut_for_deal()
        elif need is Need.DISCARD:
            table.discard(player.discard(table.view))
        elif need is Need.CUT_STARTER:
            table.cut_starter()
        else:
            assert need is Need.LAY
            card = player.play(table.view)
            assert card is not None
            table.lay(card)
        text = table.game.record().notation()
        places[own] = table.place()
    assert tables[0].game.is_over and short > 0

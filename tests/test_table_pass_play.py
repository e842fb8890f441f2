"""Pass-and-play at one table (trainer.training.table.driver with a setup's lineup): the
table stops at each person's turn, whoever it is, says whose it is (``Table.seat``), works
each person's coach from their own view, and shows no one another person's hidden cards."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

import pytest

from tests.support.table import recent_lines
from trainer.bench.playing import move, right_count
from trainer.engine.cards import Card
from trainer.engine.events import ShowEvent
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Phase, Which
from trainer.training.table import (
    CoachMode,
    Need,
    Person,
    PlaySetup,
    Table,
    event_lines,
    export_text,
    in_our_words,
    public_record,
)

ANN = Person("Ann", CoachMode.LEARNING)
SAM = Person("Sam", CoachMode.MOVES)
JO = Person("Jo")
BO = Person("Bo", CoachMode.LEARNING)

#: Tables of two, three and four with two or more people (and computers beside them).
LINEUPS = [
    (ANN, SAM),
    (ANN, "easy", SAM),
    ("normal", ANN, SAM),
    (ANN, SAM, JO),
    (ANN, "easy", SAM, "normal"),
    (ANN, SAM, "easy", JO),
    (ANN, SAM, JO, BO),
]


def setup_of(lineup: tuple, counting: Counting = Counting.MUGGINS) -> PlaySetup:
    settings = Settings(target=61, seats=len(lineup), counting=counting)
    return PlaySetup(settings=settings, lineup=lineup)


def waited_on(table: Table) -> set[int]:
    """The seats the engine waits on now."""
    game = table.game
    if game.phase in (Phase.CUT, Phase.DISCARD):
        return set(game.waiting_for())
    if game.phase is Phase.STARTER:
        assert game.pone is not None
        return {game.pone}
    if game.phase is Phase.PLAY:
        assert game.turn is not None
        return {game.turn}
    if game.phase is Phase.SHOW:
        return {game.show_order[0][0]}
    return set()


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


@pytest.mark.parametrize("lineup", LINEUPS)
def test_the_table_stops_at_each_persons_turn_and_says_whose(lineup: tuple) -> None:
    setup = setup_of(lineup)
    table = Table.new(setup, seed=7)
    seen: set[int] = set()

    def check(table: Table) -> None:
        assert table.seat in setup.people
        assert table.seat in waited_on(table)  # the person the engine waits on, no other
        assert table.view.seat == table.seat
        seen.add(table.seat)

    assert play_out(table, check) > 0
    assert seen == set(setup.people)
    # the computers played their own seats at their own levels
    for seat, player in enumerate(lineup):
        if isinstance(player, Person):
            assert table.level_of(seat) == table.level
        else:
            assert table.level_of(seat) == player
    assert table.setup.lineup == setup.lineup


def test_each_person_has_their_own_coach_and_hints() -> None:
    table = Table.new(setup_of((ANN, "easy", SAM)), seed=3)
    coaches: dict[int, CoachMode] = {}

    def check(table: Table) -> None:
        coaches[table.seat] = table.coach_of(table.seat)
        assert table.coaching.seat == table.seat  # the coach works from this seat's view
        assert table.coaching.view == table.view
        if table.need() is Need.DISCARD and table.seat == 2 and table.game.deal_no == 1:
            table.hint()

    play_out(table, check)
    assert coaches == {0: CoachMode.LEARNING, 2: CoachMode.MOVES}
    assert table.person(0).hints == () and table.person(2).hints == (1,)
    assert table.setup.lineup[2] == Person("Sam", CoachMode.MOVES, (1,))
    again = PlaySetup.parse(table.setup.notation())
    assert again == table.setup


def test_the_seats_are_called_by_the_peoples_names() -> None:
    table = Table.new(setup_of((ANN, "easy", SAM)), seed=5)
    names = table.names
    assert (names.who(0), names.who(1), names.whose(2, "crib")) == (
        "Ann",
        "The computer",
        "Sam's crib",
    )
    refused = "it is player 3's turn, not player 1's: player 2 has said go"
    assert in_our_words(refused, names=names) == (
        "it is Sam's turn, not Ann's: the computer has said go"
    )
    lines: list[str] = []
    play_out(table, lambda table: lines.extend(line.text for line in table.log_lines()))
    text = "\n".join(lines)
    assert "Ann lays" in text or "Sam lays" in text
    assert "You " not in text and "you " not in text.replace("Muggins!", "")


def test_a_person_named_alone_against_the_computer_plays_as_the_usual_game() -> None:
    usual = Table.new(PlaySetup("hard", Settings(target=61), CoachMode.MOVES), seed=21)
    named = Table.new(
        PlaySetup(settings=Settings(target=61), lineup=(Person("Sam", CoachMode.MOVES), "hard")),
        seed=21,
    )
    play_out(usual)
    play_out(named)
    assert named.game.record() == usual.game.record()


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


def what_is_shown(table: Table) -> Iterator[str]:
    """Every sentence and record a table gives the person it shows (whose turn it is, or
    one device's person: ``Table.own``), the coach's words among them, on their turn or
    while they wait for another's."""
    view = table.view
    yield " ".join(card.label for card in (*view.hand, *view.kept, *view.discards))
    yield from (line.text for line in table.log_lines())
    yield from recent_lines(table)
    last = table.pegs().last
    yield last.reason if last is not None else ""
    yield export_text(table)
    coach = table.coaching
    need = table.need()
    if need is Need.DISCARD:
        yield coach.best_throw_line()
        yield from coach.hint_words()
    if need is Need.LAY:
        yield from coach.lay_previews()
        yield coach.lay_line()
    yield from coach.play_note_lines()  # straight after the card, while the other plays too
    yield from coach.throw_lines()
    if need is Need.CLAIM:
        yield coach.show_order_line()


def _never_names(hidden: set[Card], texts: Iterable[str], who: str) -> None:
    for text in texts:
        for card in hidden:
            for said in (card.label, str(card)):
                assert not re.search(rf"(?<![0-9]){re.escape(said)}(?![A-Z])", text), (
                    f"{who} is shown {card.label}: {text!r}"
                )


@pytest.mark.parametrize("lineup", LINEUPS)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_person_is_shown_another_persons_hidden_cards(lineup: tuple, seed: int) -> None:
    table = Table.new(setup_of(lineup), seed=seed)
    checked = shows = 0

    def check(table: Table) -> None:
        nonlocal checked
        hidden = hidden_cards(table, table.seat)
        _never_names(hidden, what_is_shown(table), table.names.who(table.seat))
        checked += bool(hidden)

    def check_show(table: Table) -> None:  # everyone may be looking at a hand shown
        nonlocal shows
        assert table.viewer is None
        if table.game.is_over:  # the game's whole record is everyone's now
            return
        hidden = hidden_cards(table, -1)
        texts = [*(line.text for line in table.log_lines()), export_text(table)]
        _never_names(hidden, texts, "everyone")
        shows += bool(hidden)

    play_out(table, check, check_show)
    assert checked > 10  # the check met hidden cards, turn after turn
    assert shows > 0


@pytest.mark.parametrize("lineup", [(ANN, SAM), (ANN, "easy", SAM, "hard")])
def test_a_saved_game_of_people_resumes_at_the_same_persons_turn(lineup: tuple) -> None:
    table = Table.new(setup_of(lineup), seed=9)
    turns = 0

    def check(table: Table) -> None:
        nonlocal turns
        turns += 1
        if turns % 7 == 0:
            again = Table.resume(table.setup, table.game.record(), table.place())
            assert (again.seat, again.need(), again.view) == (table.seat, table.need(), table.view)
            assert again.setup == table.setup

    play_out(table, check)
    assert turns > 14


@pytest.mark.parametrize("lineup", [(ANN, SAM), (ANN, "easy", SAM), (ANN, SAM, "easy", JO)])
def test_points_a_person_misses_go_to_an_opponent_named_in_words(lineup: tuple) -> None:
    table = Table.new(setup_of(lineup), seed=3)
    play_out(table)
    game = table.game
    text = "\n".join(
        line
        for event in game.events
        for line in event_lines(event, game.players, names=table.names, viewer=table.viewer)
    )
    assert "sam deals" not in text and "ann deals" not in text  # a name keeps its capital
    taken = [e for e in game.events if isinstance(e, ShowEvent) and e.muggins]
    assert taken  # a count one short now and then
    for event in taken:
        taker = event.muggins_taker
        assert game.side_of(taker) != game.side_of(event.seat)  # an opponent's side
        said = (
            f"Muggins! {table.names.who(taker)} takes the {event.muggins} "
            f"point{'' if event.muggins == 1 else 's'} {table.names.who(event.seat)} missed."
        )
        assert said in text


@pytest.mark.parametrize("seed", [1, 2])
def test_no_device_of_a_game_across_devices_is_shown_the_others_hidden_cards(seed: int) -> None:
    """Each device's table is resumed from the one stored record at its own place, as the
    Play page does; whoever's turn it is moves; neither table ever names the other's cards,
    in its words, its coach's or its record."""
    setup = PlaySetup(settings=Settings(target=61, counting=Counting.MUGGINS), lineup=(ANN, SAM))
    record = Table.new(setup, seed, own=0).game.record()
    places = ["", ""]
    checked = steps = 0
    while steps < 1500:
        tables = [Table.resume(setup, record, places[s], own=s) for s in (0, 1)]
        if tables[0].game.is_over:
            break
        for own, table in enumerate(tables):
            hidden = hidden_cards(table, own)
            _never_names(hidden, what_is_shown(table), table.names.board_names[own])
            checked += bool(hidden)
        table = next(t for t in tables if t.need() is not Need.WAIT)
        move(table, claim=one_short if steps % 3 == 0 else right_count)
        record, places[table.seat] = table.game.record(), table.place()
        steps += 1
    assert tables[0].game.is_over
    assert checked > 40  # the check met hidden cards, step after step

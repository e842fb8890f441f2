"""A game's setup (trainer.training.table.setup): who sits in each seat, a person by their
player profile or the computer at a level, in the setup's notation and a record's lines."""

from __future__ import annotations

import pytest

from tests.support.table import play_out
from trainer.engine.settings import Settings
from trainer.training.table import (
    CoachMode,
    Person,
    PlaySetup,
    Table,
    export_text,
    level_name,
    parse_export,
)

ANN = Person("Ann")
SAM = Person("Sam", CoachMode.LEARNING)


@pytest.mark.parametrize(
    ("seats", "lineup"),
    [
        (2, (ANN, SAM)),
        (3, (ANN, "easy", SAM)),
        (3, ("hard", Person("Jo Ng, jr.", CoachMode.MOVES, (1, 4)), Person("Zoë"))),
        (4, (ANN, "easy", SAM, "crazy")),
        (4, (ANN, Person("Bo"), SAM, Person("Al:x"))),
        (2, (Person("Sam"), "hard")),  # one named person against the computer
    ],
)
def test_a_lineup_round_trips_through_the_notation(seats: int, lineup: tuple) -> None:
    setup = PlaySetup(settings=Settings(target=61, seats=seats), lineup=lineup)
    text = setup.notation()
    assert "lineup=" in text and " " not in text.split("lineup=")[1]
    again = PlaySetup.parse(text)
    assert again == setup
    assert again.seat_players == lineup
    assert again.people == tuple(i for i, p in enumerate(lineup) if isinstance(p, Person))
    # the first person's coach and hints, and the first computer's level, are the setup's
    first = next(p for p in lineup if isinstance(p, Person))
    assert (again.coach, again.hints) == (first.coach, first.hints)
    levels = [p for p in lineup if not isinstance(p, Person)]
    assert again.level == (levels[0] if levels else "normal")


@pytest.mark.parametrize(
    "text",
    [
        "level=easy target=121 skunks=on counting=automatic",
        "level=hard target=61 skunks=off counting=muggins coach=moves hints=1,3",
        "level=crazy target=121 skunks=on counting=automatic seats=4 coach=learning",
    ],
)
def test_the_usual_game_reads_and_writes_as_before(text: str) -> None:
    setup = PlaySetup.parse(text)
    assert setup.lineup == () and setup.notation() == text
    assert setup.people == (0,)
    assert setup.seat_players[0] == Person("", setup.coach, setup.hints)
    assert set(setup.seat_players[1:]) == {setup.level}
    # the usual game named seat by seat is the usual game
    named = PlaySetup(setup.level, setup.settings, lineup=setup.seat_players)
    assert named.lineup == () and named.notation() == text


@pytest.mark.parametrize(
    ("seats", "lineup", "words"),
    [
        (2, ("easy", "hard"), "every seat is a computer"),
        (3, (ANN, SAM), "for 3 seats, but 2 are named"),
        (2, (ANN, Person("ann")), "someone twice"),
        (2, (ANN, Person("")), "each seat names its person"),
        (2, (ANN, "expert"), "'expert' is not a level"),
    ],
)
def test_a_lineup_that_cannot_be_is_refused(seats: int, lineup: tuple, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        PlaySetup(settings=Settings(seats=seats), lineup=lineup)


def test_a_person_in_notation_says_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="'lerning' is not a coach setting"):
        PlaySetup.parse("target=61 lineup=@Ann:lerning,@Sam")
    with pytest.raises(ValueError, match="hints are deal numbers"):
        Person.parse("@Ann:moves:x")
    with pytest.raises(ValueError, match="a person is written @name"):
        Person.parse("Ann")


def test_a_record_keeps_the_lineup() -> None:
    setup = PlaySetup(settings=Settings(target=61, seats=3), lineup=(ANN, "easy", SAM))
    table = Table.new(setup, seed=11)
    play_out(table)
    text = export_text(table)
    assert "# lineup: @Ann,easy,@Sam:learning" in text
    again, record = parse_export(text)
    assert again == table.setup and record == table.game.record()


def test_a_game_kept_for_a_persons_seat_names_it() -> None:
    two = (Person("Ann", CoachMode.MOVES, (2,)), Person("Bo", CoachMode.LEARNING, (1, 3)))
    setup = PlaySetup(settings=Settings(target=61), lineup=two, seat=1)
    assert setup.notation().endswith(" lineup=@Ann:moves:2,@Bo:learning:1.3 seat=1")
    back = PlaySetup.parse(setup.notation())
    assert back == setup and back.kept_for == 1 and back.kept_person == two[1]
    assert PlaySetup(settings=Settings(target=61), lineup=two).kept_for == 0
    assert level_name("@Bo") == "Bo" and level_name("hard") == "Hard"


@pytest.mark.parametrize(
    ("lineup", "seat"),
    [((), 0), ((Person("Ann"), "easy"), 1), ((Person("Ann"), Person("Bo")), 2)],
)
def test_a_game_is_kept_only_for_a_persons_seat(lineup: tuple, seat: int) -> None:
    with pytest.raises(ValueError, match="kept for a person's seat"):
        PlaySetup(settings=Settings(target=61), lineup=lineup, seat=seat)


@pytest.mark.parametrize("word", ["x", "-1", "12"])
def test_a_seat_in_notation_is_a_number(word: str) -> None:
    with pytest.raises(ValueError, match="a seat is a number"):
        PlaySetup.parse(f"level=normal target=61 lineup=@Ann,@Bo seat={word}")

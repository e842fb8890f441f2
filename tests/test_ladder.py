"""The first games (trainer.training.ladder): rungs that grow with the course, each opened once
the lessons that teach every part of the rules it uses are done (read from the lessons' own
``teaches``), played to the end against Easy with only its kinds scoring, saved and replayed
like any game; and every coach message of a learning game in whole numbers and in words the
course has taught by then (the glossary's order)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from trainer.bench.playing import move, right_count
from trainer.content.glossary import Glossary, load_glossary
from trainer.content.lessons import load_course
from trainer.engine import Game, Kind, LayEvent, ShowEvent, StarterEvent
from trainer.engine.items import SHOW_KINDS
from trainer.engine.kinds import ALL_KINDS
from trainer.engine.rule_parts import RulePart, parts_of
from trainer.training.explain import said_one_by_one
from trainer.training.ladder import (
    RUNGS,
    Rung,
    Step,
    counts_text,
    ladder,
    needs,
    offered_after,
    opened,
    opens_after,
    rung_named,
    rung_of,
)
from trainer.training.table import LEARNING_GAME, Need, Person, PlaySetup, Table, event_lines
from trainer.training.table.export import export_text, parse_export

COURSE = load_course()
_READ = load_glossary().glossary
assert _READ is not None
GLOSSARY: Glossary = _READ
LESSON_ORDER = {lesson.id: n for n, lesson in enumerate(COURSE.lessons)}
#: Which lessons teach each part of the rules, read from the lesson files.
TAUGHT_BY: dict[RulePart, set[str]] = {}
for _lesson in COURSE.lessons:
    for _part in _lesson.teaches:
        TAUGHT_BY.setdefault(_part, set()).add(_lesson.id)


def _opens(rung: Rung) -> str:
    lesson = opens_after(COURSE, rung)
    assert lesson is not None, rung.id
    return lesson


def test_the_rungs_grow_one_kind_at_a_time_in_the_order_children_are_taught() -> None:
    kinds = [set(rung.setup.settings.kinds) & set(SHOW_KINDS) for rung in RUNGS]
    assert kinds[0] == {Kind.FIFTEEN}
    assert kinds[1] == {Kind.FIFTEEN, Kind.PAIR}
    assert kinds[2] == {Kind.FIFTEEN, Kind.PAIR, Kind.RUN}
    assert kinds[3] == kinds[4] == set(SHOW_KINDS)
    first_four = [rung.setup.settings for rung in RUNGS[:4]]
    assert all(not s.crib and not s.play and s.hand_size == 4 for s in first_four)
    six = RUNGS[4].setup.settings
    assert six.crib and not six.play and six.hand_size == 6
    assert RUNGS[-1].setup == LEARNING_GAME and LEARNING_GAME.settings.kinds == ALL_KINDS
    assert LEARNING_GAME.settings.play and LEARNING_GAME.settings.crib
    for rung in RUNGS:
        assert rung.setup.level == "easy" and rung.setup.coach == "learning"
        assert rung.setup.settings.counting == "aloud"  # the learner counts each hand


def test_every_part_a_rung_uses_is_taught_by_a_lesson_of_the_course() -> None:
    """Each kind a first game scores (and the starter, the crib, the play, the short game it
    stands on) is named by a lesson's ``teaches``: none opens before it is taught."""
    for rung in RUNGS:
        settings = rung.setup.settings
        assert rung.parts == parts_of(settings)
        for part in rung.parts:
            assert part in TAUGHT_BY, f"no lesson teaches {part.value!r}, used by {rung.id}"
        scored = set(settings.kinds) & set(SHOW_KINDS)
        assert {RulePart(kind.value) for kind in scored} <= rung.parts


def test_a_rung_opens_once_every_lesson_teaching_its_parts_is_done() -> None:
    for rung in RUNGS:
        wanted = set().union(*(TAUGHT_BY[part] for part in rung.parts))
        assert set(needs(COURSE, rung)) == wanted
        assert list(needs(COURSE, rung)) == sorted(wanted, key=LESSON_ORDER.__getitem__)
        everything_else = {lesson.id for lesson in COURSE.lessons} - wanted
        assert rung in opened(COURSE, wanted)
        for lesson in wanted:  # any one of them not done keeps it shut
            assert rung not in opened(COURSE, (wanted - {lesson}) | everything_else)
    places = [LESSON_ORDER[_opens(rung)] for rung in RUNGS]
    assert places == sorted(places)  # the ladder is climbed in the order of the course


def test_first_games_follow_the_lessons_that_teach_what_they_score() -> None:
    """Pairs and runs in a hand are taught in the show (lesson 6), double runs in lesson 9,
    the crib's flush in lesson 11, the play in detail in lesson 12 and the short game in
    lesson 14: the rungs that score them wait for them."""
    assert COURSE.number(_opens(RUNGS[0])) == 3  # fifteens and the starter
    assert "the-show" in needs(COURSE, _rung("pairs"))
    assert "double-runs" in needs(COURSE, _rung("runs"))
    assert "double-runs" in needs(COURSE, _rung("flushes-and-nobs"))
    assert "crib-flush" in needs(COURSE, _rung("six-cards"))
    whole = needs(COURSE, _rung("whole-game"))
    assert {"crib-flush", "pegging-details", "winning"} <= set(whole)
    through_the_play = {lesson.id for lesson in COURSE.lessons[: COURSE.number("the-play")]}
    assert [rung.id for rung in opened(COURSE, through_the_play)] == ["fifteens"]


def _rung(rung_id: str) -> Rung:
    rung = rung_named(rung_id)
    assert rung is not None
    return rung


def test_the_ladder_says_locked_open_played_and_won() -> None:
    assert [s.step for s in ladder(COURSE, ())] == [Step.LOCKED] * len(RUNGS)
    done = {"the-board", "deal-and-crib", "the-starter"}
    assert [r.id for r in opened(COURSE, done)] == ["fifteens"]
    fifteens = RUNGS[0].setup.notation()
    pairs = RUNGS[1].setup.notation()
    games = [(fifteens, "lost"), (fifteens, "won"), (pairs, "lost"), ("level=zz", "won")]
    states = ladder(COURSE, done, games)
    assert (states[0].step, states[0].played, states[0].won) == (Step.WON, 2, 1)
    assert (states[1].step, states[1].played, states[1].won) == (Step.PLAYED, 1, 0)
    assert states[2].step is Step.LOCKED and states[2].lesson == "double-runs"
    first_six = {lesson.id for lesson in COURSE.lessons[:6]}
    assert ladder(COURSE, first_six)[1].step is Step.OPEN
    assert ladder(COURSE, first_six)[2].step is Step.LOCKED


def test_the_end_of_a_lesson_offers_its_first_game_not_yet_won() -> None:
    before = [lesson.id for lesson in COURSE.lessons]
    upto = {lesson: set(before[: before.index(lesson)]) for lesson in before}
    assert offered_after(COURSE, "the-starter", upto["the-starter"]) is RUNGS[0]
    assert offered_after(COURSE, "the-show", upto["the-show"]) is RUNGS[1]
    assert offered_after(COURSE, "double-runs", upto["double-runs"]) is RUNGS[2]
    assert offered_after(COURSE, "double-runs", upto["double-runs"], won={"runs"}) is RUNGS[3]
    won = {"runs", "flushes-and-nobs"}
    assert offered_after(COURSE, "double-runs", upto["double-runs"], won=won) is RUNGS[2]
    assert offered_after(COURSE, "the-play", upto["the-play"]) is None
    assert offered_after(COURSE, "the-starter") is None  # lesson 2 not done: not open yet
    assert rung_named("runs") is RUNGS[2] and rung_named("nope") is None


def test_what_a_first_game_scores_is_said_in_words() -> None:
    assert counts_text(RUNGS[0].setup.settings) == "only fifteens score"
    assert counts_text(RUNGS[2].setup.settings) == "fifteens, pairs and runs score"
    assert counts_text(LEARNING_GAME.settings) == ""


# --- a first game played to its end --------------------------------------------------------------


def _coach_words(table: Table) -> list[str]:
    """What the coach says at this step of a learning game (every method the page shows)."""
    need = table.need()
    out = [table.coaching.show_order_line()]
    if need is Need.DISCARD:
        out.append(table.coaching.best_throw_line())
        out += table.coaching.hint_words()
    elif need is Need.LAY:
        out.append(table.coaching.lay_line())
    elif need is Need.CLAIM:
        out.append(table.coaching.kinds_words())
    elif need is Need.REVEAL:
        out.append(table.coaching.crib_line())
    out += table.coaching.throw_words()
    out += table.coaching.play_note_lines()
    return [line for line in out if line]


def _play(setup: PlaySetup, seed: int, *, short: int = 1) -> tuple[Table, list[str]]:
    """A learning game played to its end by a learner who throws their first two cards,
    lays their first card that fits and says one point short of each hand's count."""
    table = Table.new(setup, seed=seed)
    said: list[str] = []
    for _ in range(3000):
        need = table.need()
        if need is Need.OVER:
            return table, said
        said += _coach_words(table)
        if need is Need.REVEAL:
            said += _coach_words(table)
        move(table, claim=lambda table: max(right_count(table) - short, 0))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("rung", RUNGS, ids=[rung.id for rung in RUNGS])
def test_a_first_game_scores_only_its_kinds_and_replays_from_its_record(rung: Rung) -> None:
    setup = rung.setup
    kinds = setup.settings.kinds
    table, _ = _play(setup, seed=11)
    game = table.game
    assert game.is_over and max(game.scores) >= setup.settings.target
    for event in game.events:
        if isinstance(event, ShowEvent):
            assert all(item.kind in kinds for item in event.score.items)
            assert event.awarded == event.true  # counted aloud: nothing is lost
            assert event.muggins == 0
        if isinstance(event, LayEvent | StarterEvent):
            assert all(item.kind in kinds for _, item in event.awards)
        if not setup.settings.play:
            assert not isinstance(event, LayEvent)
    # saved like any game: the export reads back to the same setup and the same events
    back_setup, record = parse_export(export_text(table))
    assert back_setup.settings == setup.settings and rung_of(back_setup) is rung
    assert Game.replay(record).events == game.events


@pytest.mark.parametrize("rung", RUNGS, ids=[rung.id for rung in RUNGS])
def test_every_coach_message_is_in_whole_numbers_and_words_already_taught(rung: Rung) -> None:
    """Each message a learning game's coach gives (and what the table says after each move)
    uses no decimals and no glossary word taught after the rung's lesson; the whole game is
    checked against its lesson too."""
    current = rung
    limit = LESSON_ORDER[_opens(current)]
    messages: list[str] = []
    for seed in (1, 2):
        table, said = _play(current.setup, seed)
        messages += said
        for event in table.game.events:
            messages += event_lines(event)
            if isinstance(event, ShowEvent) and event.score.items:
                messages.append(said_one_by_one(event.score))  # the coach's count, out loud
    assert messages
    for message in set(messages):
        assert not re.search(r"\d\.\d", message), message
        for term in GLOSSARY.uses(message):
            assert LESSON_ORDER[term.lesson] <= limit, (
                f"{term.term!r} (taught in {term.lesson}) in a message of {current.id}: {message}"
            )


def test_a_game_between_people_only_is_no_rung() -> None:
    rung = RUNGS[0]
    ours = replace(rung.setup, lineup=(Person("Ann"), Person("Bo")), seat=1)
    assert rung_of(rung.setup) == rung and rung_of(ours) is None

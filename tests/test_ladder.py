"""The first games (trainer.training.ladder): rungs that grow with the course, each opened by
its lesson, played to the end against Easy with only its kinds scoring, saved and replayed
like any game; and every coach message of a learning game in whole numbers and in words the
course has taught by then (the glossary's order)."""

from __future__ import annotations

import re

import pytest

from trainer.content.glossary import Glossary, load_glossary
from trainer.content.lessons import load_course
from trainer.engine import Game, Kind, LayEvent, ShowEvent, StarterEvent
from trainer.engine.items import SHOW_KINDS
from trainer.engine.kinds import ALL_KINDS
from trainer.training.explain import said_one_by_one
from trainer.training.ladder import (
    RUNGS,
    Rung,
    Step,
    counts_text,
    ladder,
    offered_after,
    opened,
    rung_named,
    rung_of,
)
from trainer.training.table import LEARNING_GAME, Need, PlaySetup, Table, event_lines
from trainer.training.table.export import export_text, parse_export

COURSE = load_course()
_READ = load_glossary().glossary
assert _READ is not None
GLOSSARY: Glossary = _READ
LESSON_ORDER = {lesson.id: n for n, lesson in enumerate(COURSE.lessons)}


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


def test_each_rung_opens_with_the_lesson_that_teaches_its_newest_kind() -> None:
    assert all(COURSE.has(rung.lesson) for rung in RUNGS)
    places = [LESSON_ORDER[rung.lesson] for rung in RUNGS]
    assert places == sorted(places)
    assert COURSE.number(RUNGS[0].lesson) == 3  # a learner plays after lesson 3
    for rung in RUNGS:
        for kind in set(rung.setup.settings.kinds) & set(SHOW_KINDS):
            term = GLOSSARY.get(kind.value)
            assert term is not None, kind
            assert LESSON_ORDER[term.lesson] <= LESSON_ORDER[rung.lesson], (rung.id, kind)


def test_the_ladder_says_locked_open_played_and_won() -> None:
    assert [s.step for s in ladder(())] == [Step.LOCKED] * len(RUNGS)
    done = {"the-board", "deal-and-crib", "the-starter"}
    assert [r.id for r in opened(done)] == ["fifteens"]
    fifteens = RUNGS[0].setup.notation()
    pairs = RUNGS[1].setup.notation()
    games = [(fifteens, "lost"), (fifteens, "won"), (pairs, "lost"), ("level=zz", "won")]
    states = ladder(done, games)
    assert (states[0].step, states[0].played, states[0].won) == (Step.WON, 2, 1)
    assert (states[1].step, states[1].played, states[1].won) == (Step.PLAYED, 1, 0)
    assert states[2].step is Step.LOCKED
    assert ladder(done | {"the-play"})[2].step is Step.OPEN


def test_the_end_of_a_lesson_offers_its_first_game_not_yet_won() -> None:
    assert offered_after("the-starter") is RUNGS[0]
    assert offered_after("the-play") is RUNGS[1]
    assert offered_after("the-play", won={"pairs"}) is RUNGS[2]
    assert offered_after("the-play", won={"pairs", "runs"}) is RUNGS[1]
    assert offered_after("deal-and-crib") is None
    assert rung_named("runs") is RUNGS[2] and rung_named("nope") is None


def test_what_a_first_game_scores_is_said_in_words() -> None:
    assert counts_text(RUNGS[0].setup.settings) == "only fifteens score"
    assert counts_text(RUNGS[2].setup.settings) == "fifteens, pairs and runs score"
    assert counts_text(LEARNING_GAME.settings) == ""


# --- a first game played to its end --------------------------------------------------------------


def _coach_words(table: Table) -> list[str]:
    """What the coach says at this step of a learning game (every method the page shows)."""
    need = table.need()
    out = [table.show_order_line()]
    if need is Need.DISCARD:
        out.append(table.best_throw_line())
        out += table.hint_words()
    elif need is Need.LAY:
        out.append(table.lay_line())
    elif need is Need.CLAIM:
        out.append(table.kinds_words())
    elif need is Need.REVEAL:
        out.append(table.crib_line())
    out += table.throw_words()
    out += table.play_note_lines()
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
        if need is Need.CUT_FOR_DEAL:
            table.cut_for_deal()
        elif need is Need.DISCARD:
            table.discard(table.view.hand[:2])
        elif need is Need.CUT_STARTER:
            table.cut_starter()
        elif need is Need.LAY:
            table.lay(table.view.playable[0])
        elif need is Need.CLAIM:
            nxt = table.next_count()
            assert nxt is not None
            table.claim(max(nxt[2].total - short, 0))
        else:
            said += _coach_words(table)
            table.carry_on()
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
    limit = LESSON_ORDER[current.lesson]
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

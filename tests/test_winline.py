"""The win line (trainer.training.winline): the person's chance after every action, the one
the win meter shows during the game (seat_chance of what they see); every step put down to
one choice or none; the marks the biggest swings, checked against the chances themselves."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from tests.test_driver import _play_out
from trainer.analysis.winmeter import seat_chance
from trainer.bench.playing import move
from trainer.engine import Game, GameRecord, Settings
from trainer.engine.events import DiscardEvent, GoEvent, LayEvent
from trainer.engine.vocab import Phase
from trainer.training.review import DecisionKind
from trainer.training.table import COMPUTER, ME, Need, PlaySetup, Table
from trainer.training.winline import (
    BIGGEST,
    MIN_SWING,
    FollowedLine,
    chance_history,
    win_line,
)


@cache
def _record(seed: int, target: int = 61) -> GameRecord:
    table = _play_out(Table.new(PlaySetup("easy", Settings(target=target)), seed=seed))
    return table.game.record()


@pytest.mark.parametrize("seed", [2, 7])
def test_the_line_is_the_seats_own_chance_after_every_action(seed: int) -> None:
    record = _record(seed)
    line = win_line(record)
    game = Game.replay(record)
    assert len(line.points) == len(record.events) + 1
    for point in line.points:
        assert point.chance == seat_chance(game.view(ME, at=point.index)).chance
    ats = [p.at for p in line.points]
    assert ats == sorted(ats) and ats[0] == 1.0
    assert all(p.deal_no <= p.at < p.deal_no + 1 for p in line.points if p.deal_no)
    assert line.points[-1].chance in (0.0, 1.0)
    other = win_line(record, seat=COMPUTER)  # its own chance, from its own cards
    for point in other.points[:: max(1, len(other.points) // 12)]:
        assert point.chance == seat_chance(game.view(COMPUTER, at=point.index)).chance
    assert line.points[-1].chance + other.points[-1].chance == 1.0


def test_another_seats_throw_face_down_leaves_the_chance_as_it_was() -> None:
    record = _record(7)
    game = Game.replay(record)
    theirs = [
        i for i, e in enumerate(record.events) if isinstance(e, DiscardEvent) and e.seat != ME
    ]
    assert theirs
    for i in theirs:  # seat_chance itself says so: the line need not work it out again
        assert (
            seat_chance(game.view(ME, at=i + 1)).chance == seat_chance(game.view(ME, at=i)).chance
        )


def test_the_line_after_the_game_is_what_the_meter_showed_during_it() -> None:
    """One chance: at every screen of the game, the meter's chance for the person is the
    line's point for that moment, after the game (on the results and in the review)."""
    table = Table.new(PlaySetup("normal", Settings(target=61)), seed=11)
    shown: dict[int, float] = {}
    while table.need() is not Need.OVER:
        counted = table.counted
        at = len(table.game.events)
        if counted is not None and table.shown < len(counted.score.items):
            at -= 1  # a hand being counted out: the meter shows the moment before it
        shown[at] = table.win_chances().of(ME)
        move(table)
    line = win_line(table.game.record())
    assert len(shown) > 20
    for at, chance in shown.items():
        assert line.points[at].chance == chance, at
    followed = FollowedLine(
        table.game.settings, table.game.seed, chance_of=table.chance_seen
    )  # as the Play page follows it, sharing the meter's memo
    assert followed.line(table.game.events) == line


@pytest.mark.parametrize("seed", [2, 7])
def test_every_swing_is_a_choice_of_the_person_and_the_line_s_own_change(seed: int) -> None:
    record = _record(seed)
    history = chance_history(record)
    line = win_line(record)
    throws = [
        i for i, e in enumerate(record.events) if isinstance(e, DiscardEvent) and e.seat == ME
    ]
    lays = [i for i, e in enumerate(record.events) if isinstance(e, LayEvent) and e.seat == ME]
    assert line.swings and {s.event_index for s in line.swings} <= {*throws, *lays}
    for swing in line.swings:
        event = record.events[swing.event_index]
        assert swing.start.index == swing.event_index  # from just before the choice
        if swing.kind is DecisionKind.THROW:
            assert isinstance(event, DiscardEvent) and swing.cards == event.cards
            assert swing.end.index == swing.event_index + 1  # its own step, no more
            assert swing.change <= 1e-12  # from the best throw's chance: never up
        else:
            assert isinstance(event, LayEvent) and swing.cards == (event.card,)
            for i in range(swing.start.index + 1, swing.end.index + 1):
                step = history[i]  # the card's own step, and the answers after it
                assert isinstance(step.event, LayEvent | GoEvent)
                ends = history[i - 1].phase is Phase.PLAY and step.phase is not Phase.PLAY
                assert not ends or step.chance in (0.0, 1.0)  # every hand shown: luck
        start, end = history[swing.start.index], history[swing.end.index]
        assert swing.change == pytest.approx(end.chance - start.chance)
    spans = sorted((s.start.index, s.end.index) for s in line.swings)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))  # they never overlap


def test_the_marks_are_the_biggest_swings() -> None:
    line = win_line(_record(7, target=121))
    marks = line.biggest()
    assert 1 <= len(marks) <= BIGGEST
    sizes = sorted((abs(s.change) for s in line.swings), reverse=True)
    assert [abs(m.change) for m in marks] == sizes[: len(marks)]
    assert all(abs(m.change) >= MIN_SWING for m in marks)
    assert line.biggest(1) == marks[:1] and len(line.biggest(100)) >= len(marks)


def test_the_words_say_the_choice_and_the_chances_in_whole_numbers() -> None:
    line = win_line(_record(7, target=121))
    for swing in line.swings:
        words = swing.words()
        assert f"Deal {swing.deal_no}, " in words
        assert f"{swing.start.percent}%" in words and f"to {swing.end.percent}%." in words
        assert "." not in words.split("from ")[1][:-1]  # no decimals
        if swing.kind is DecisionKind.THROW:
            a, b = swing.cards
            assert f"your throw of {a.label} and {b.label}" in words
            assert "with the best throw" in words
        else:
            assert ("went up" in words) == (swing.change > 0)
            assert f"you laid {swing.cards[0].label} (the count {swing.count})" in words
        assert "%" not in swing.words(words=True)


def test_the_chances_deal_by_deal_are_the_line_s_own_points() -> None:
    record = _record(7, target=121)
    line = win_line(record)
    rows = line.at_throws()
    assert [deal for deal, _, _ in rows] == sorted(
        {s.deal_no for s in line.swings if s.kind is DecisionKind.THROW}
    )
    for deal, start, end in rows:
        assert isinstance(record.events[start.index], DiscardEvent)  # as the person threw
        assert end == [p for p in line.points if p.deal_no == deal][-1]


def test_a_game_not_started_has_no_swings() -> None:
    record = Table.new(PlaySetup("easy", Settings(target=61)), seed=1).game.record()
    line = win_line(record)
    assert [p.chance for p in line.points] == [0.5] and line.biggest() == ()


@pytest.mark.parametrize("limit", [1, 5, 12])
def test_a_line_followed_as_the_game_goes_is_the_record_s_line(limit: int) -> None:
    record = _record(7)
    followed = FollowedLine(record.settings, record.seed, seat=ME)
    events = record.events
    for end in range(0, len(events) + 1, 7):  # the game as it stood every few actions
        assert followed.follows(events[:end])
        while not followed.follow(events[:end], limit):
            pass
    assert followed.line(events) == win_line(record)
    assert followed.line(events) is followed.line(events)  # worked out once


def test_a_followed_line_refuses_another_game_s_actions() -> None:
    mine, other = _record(7), _record(2)
    followed = FollowedLine(mine.settings, mine.seed)
    followed.follow(mine.events, 10)
    assert not followed.follows(other.events)
    assert not followed.follows(mine.events[:5])  # fewer than those followed
    with pytest.raises(ValueError, match="do not go on"):
        followed.follow(other.events)
    assert followed.line(mine.events) == win_line(mine)

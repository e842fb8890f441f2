"""The win line (trainer.training.winline): the person's chance after every action, read
from win_history; every step put down to one choice or none; the marks the biggest
swings, checked against the history itself."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from tests.test_play_page import _play_out
from trainer.analysis.winmeter import win_history
from trainer.engine import GameRecord, Settings
from trainer.engine.events import DiscardEvent, LayEvent, ShowEvent
from trainer.engine.vocab import Phase
from trainer.training.review import DecisionKind
from trainer.training.table import COMPUTER, ME, PlaySetup, Table
from trainer.training.winline import BIGGEST, MIN_SWING, FollowedLine, win_line


@cache
def _record(seed: int, target: int = 61) -> GameRecord:
    table = _play_out(Table.new(PlaySetup("easy", Settings(target=target)), seed=seed))
    return table.game.record()


@pytest.mark.parametrize("seed", [2, 7])
def test_the_line_is_the_history_from_the_person_s_seat(seed: int) -> None:
    record = _record(seed)
    history = win_history(record)
    line = win_line(record)
    assert len(line.points) == len(history) == len(record.events) + 1
    for point, meter in zip(line.points, history, strict=True):
        assert point.chance == meter.chances.of(ME)
        assert point.index == meter.index and point.deal_no == meter.deal_no
    ats = [p.at for p in line.points]
    assert ats == sorted(ats) and ats[0] == 1.0
    assert all(p.deal_no <= p.at < p.deal_no + 1 for p in line.points if p.deal_no)
    assert line.points[-1].chance in (0.0, 1.0)
    other = win_line(record, seat=COMPUTER)
    for mine, theirs in zip(line.points, other.points, strict=True):
        assert mine.chance + theirs.chance == pytest.approx(1.0)


@pytest.mark.parametrize("seed", [2, 7])
def test_every_swing_is_a_choice_of_the_person_and_the_history_s_own_change(seed: int) -> None:
    record = _record(seed)
    history = win_history(record)
    line = win_line(record)
    throws = [
        i for i, e in enumerate(record.events) if isinstance(e, DiscardEvent) and e.seat == ME
    ]
    lays = [i for i, e in enumerate(record.events) if isinstance(e, LayEvent) and e.seat == ME]
    assert line.swings and {s.event_index for s in line.swings} <= {*throws, *lays}
    for swing in line.swings:
        event = record.events[swing.event_index]
        if swing.kind is DecisionKind.THROW:
            assert isinstance(event, DiscardEvent) and swing.cards == event.cards
            # the throw's span ends with the show of its deal (or the game ending in it)
            last = record.events[swing.end.index - 1]
            assert isinstance(last, ShowEvent) or swing.end.chance in (0.0, 1.0)
        else:
            assert isinstance(event, LayEvent) and swing.cards == (event.card,)
            assert swing.start.index == swing.event_index  # from just before the card
        start, end = history[swing.start.index], history[swing.end.index]
        assert swing.change == pytest.approx(end.chances.of(ME) - start.chances.of(ME))
    # the spans never overlap, and they cover the play and the show of every deal
    spans = sorted((s.start.index, s.end.index) for s in line.swings)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))
    in_show = [p.index for p in history[1:] if isinstance(p.event, ShowEvent)]
    covered = {i for a, b in spans for i in range(a + 1, b + 1)}
    assert set(in_show) <= covered


def test_the_marks_are_the_biggest_swings() -> None:
    line = win_line(_record(7, target=121))
    marks = line.biggest()
    assert 1 <= len(marks) <= BIGGEST
    sizes = sorted((abs(s.change) for s in line.swings), reverse=True)
    assert [abs(m.change) for m in marks] == sizes[: len(marks)]
    assert all(abs(m.change) >= MIN_SWING for m in marks)
    assert line.biggest(1) == marks[:1] and len(line.biggest(100)) >= len(marks)


def test_a_throw_s_swing_includes_the_end_of_the_play_when_the_hands_are_known() -> None:
    record = _record(2)
    history = win_history(record)
    line = win_line(record)
    throw = next(s for s in line.swings if s.kind is DecisionKind.THROW)
    first = history[throw.start.index + 1]
    assert history[throw.start.index].chances.phase is Phase.PLAY
    assert first.chances.phase is Phase.SHOW


def test_the_words_say_the_choice_and_the_chances_in_whole_numbers() -> None:
    line = win_line(_record(7, target=121))
    for swing in line.swings:
        words = swing.words()
        assert f"Deal {swing.deal_no}, " in words
        assert f"from {swing.start.percent}% to {swing.end.percent}%." in words
        assert ("went up" in words) == (swing.change > 0)
        assert "." not in words.split("from ")[1][:-1]  # no decimals
        if swing.kind is DecisionKind.THROW:
            a, b = swing.cards
            assert f"your throw of {a.label} and {b.label}" in words
        else:
            assert f"you laid {swing.cards[0].label} (the count {swing.count})" in words


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

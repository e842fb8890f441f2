"""The review schedule of a simulated learner (trainer.bench.review_days, a tool): a miss
comes back the next day and a right answer later; nothing on the days away, and what waited
then is asked once back; every review is in the real store; the same seed prints the same
schedule."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.bench import review_days
from trainer.progress.store import Store
from trainer.training.scheduling import lesson_card


def test_a_learners_days_come_back_by_days_and_read_the_same_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    days, cards, learner = review_days.simulate(14, seed=3, path=tmp_path / "a.sqlite3")
    missed = [marks for marks in learner.marks.values() if marks[0] == "1✗"]
    right_on_day_one = sum(marks[0] == "1✓" for marks in learner.marks.values())
    assert days[0].asked == 0
    assert missed and all(marks[1].startswith("2") for marks in missed)  # back the next day
    assert days[1].asked >= len(missed)  # (a right answer slower than its pace may be too)
    assert days[2].asked >= right_on_day_one > 0  # a right answer two days on
    assert [days[n].home for n in (11, 12)] == ["(away)", "(away)"]
    assert days[12].overdue > 0 and days[13].asked >= days[12].overdue  # asked once back
    lesson = learner.course.lessons[0]
    step = next(s for s in lesson.steps if s.check is not None)
    assert lesson_card(lesson.id, step.id) in {card.key for card in cards}
    store = Store.open(tmp_path / "a.sqlite3")
    (player,) = store.profiles()
    assert store.review_cards(player.id) == cards  # every review in the real store

    args = ["--days", "4", "--seed", "3", "--db"]
    assert review_days.main([*args, str(tmp_path / "b.sqlite3")]) == 0
    printed = capsys.readouterr().out
    assert review_days.main([*args, str(tmp_path / "c.sqlite3")]) == 0
    assert capsys.readouterr().out == printed
    assert "The review schedule of one simulated learner over 4 days (seed 3)" in printed
    assert f"lesson:{lesson.id}/{step.id}" in printed and "next: day" in printed

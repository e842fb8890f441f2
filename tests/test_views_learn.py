"""The Learn page in AppTest: the course map, a whole lesson walked through, wrong and
bad answers, showing the answer, resuming, and a broken lesson file."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player
from trainer.content import LESSONS_DIR
from trainer.content import lessons as lesson_content
from trainer.content.lessons import FifteenCheck, Lesson, TrueFalseCheck, load_course
from trainer.progress.store import Store
from trainer.training.learn import answer_key

APP = "../trainer/app.py"
COURSE = load_course()
FIXTURES = Path(__file__).parent / "fixtures" / "lessons"


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    st.cache_data.clear()
    yield
    st.cache_data.clear()


def _learn_page(**params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    as_player(at)
    at.query_params.update(params)
    at.run()
    at.switch_page("ui/views/learn.py").run()
    assert not at.exception
    return at


def _lesson(lesson_id: str) -> Lesson:
    lesson = COURSE.get(lesson_id)
    assert lesson is not None
    return lesson


def _open(at: AppTest, lesson: Lesson) -> None:
    at.button(key=f"learn_open_{lesson.id}").click().run()
    assert not at.exception
    assert at.title[0].value == f"{COURSE.number(lesson.id)}. {lesson.title}"


def _step(at: AppTest) -> int:
    """The step on screen, from its progress bar text ("Step 3 of 7")."""
    text = at.get("progress")[0].proto.text
    return int(text.split()[1]) - 1


def _answer(at: AppTest, lesson: Lesson, value: str) -> None:
    key = answer_key(lesson.id, _step(at))
    if _has_text_input(at, key):
        at.text_input(key=key).input(value)
    else:
        at.radio(key=key).set_value(value)
    at.button(key="learn_submit").click()
    at.run()
    assert not at.exception


def _has_text_input(at: AppTest, key: str) -> bool:
    return any(widget.key == key for widget in at.text_input)


def _right(check: Any) -> str:
    if isinstance(check, TrueFalseCheck):
        return "true" if check.answer else "false"
    if isinstance(check, FifteenCheck):
        return str(check.answer)
    return str(check.answer)


def _wrong(check: Any) -> str:
    if isinstance(check, TrueFalseCheck):
        return "false" if check.answer else "true"
    if isinstance(check, FifteenCheck):
        return next(str(card) for card in check.choices if card != check.answer)
    return str(check.answer + 1)


def _texts(at: AppTest) -> str:
    return "\n".join(element.value for element in at.markdown)


def _stored_attempts() -> list[Any]:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    return [r.attempt for p in store.profiles() for r in store.attempts(p.id)]


def test_the_map_lists_every_lesson_not_started() -> None:
    at = _learn_page()
    assert at.title[0].value == "Learn cribbage"
    for number, lesson in enumerate(COURSE.lessons, start=1):
        button = at.button(key=f"learn_open_{lesson.id}")
        assert button.label == f"Start lesson {number}"
        assert f"**{number}. {lesson.title}**" in _texts(at)
    assert _texts(at).count("Not started") == len(COURSE.lessons)
    assert at.button(key="learn_continue").label == f"Start: 1. {COURSE.lessons[0].title}"
    assert not at.error


def test_walk_lesson_one_from_first_step_to_last() -> None:
    lesson = COURSE.lessons[0]
    at = _learn_page()
    _open(at, lesson)
    wrong_once = False
    for index, step in enumerate(lesson.steps):
        assert _step(at) == index
        assert at.button(key="learn_back").disabled is (index == 0)
        check = step.check
        if check is not None:
            assert at.button(key="learn_next").disabled
            if not wrong_once and isinstance(check, FifteenCheck):
                # Once wrong, on the card question: the engine says what that card makes.
                _answer(at, lesson, _wrong(check))
                assert at.error[0].value.startswith("Not quite")
                picked = next(c for c in check.choices if str(c) == _wrong(check))
                scored = check.played(picked)
                assert scored is not None
                assert f"would make the total {scored.count}, not 15" in _texts(at)
                assert at.button(key="learn_next").disabled
                assert at.button(key="learn_reveal").label == "Show me the answer"
                wrong_once = True
            _answer(at, lesson, _right(check))
            assert at.success[0].value.startswith("Yes!")
            assert not at.error
            if isinstance(check, TrueFalseCheck):
                assert check.explain.strip().split("\n")[0] in _texts(at)
        last = index == len(lesson.steps) - 1
        assert at.button(key="learn_next").label == ("Finish lesson" if last else "Next")
        assert not at.button(key="learn_next").disabled
        at.button(key="learn_next").click().run()
        assert not at.exception
    assert wrong_once
    assert at.title[0].value == "Learn cribbage"
    assert f"Lesson done: **{lesson.title}**" in at.success[0].value
    assert at.button(key=f"learn_open_{lesson.id}").label == "Review lesson 1"
    assert "Done" in _texts(at)
    kept = _stored_attempts()
    # Only the card question (which card makes 15) is a counting drill: wrong, then right,
    # which a lesson keeps as one wrong first try.
    assert [(a.drill, a.tier, a.correct) for a in kept] == [("peg", "lesson", False)]


def test_a_wrong_count_shows_every_combination_and_can_reveal() -> None:
    lesson = _lesson("the-show")
    at = _learn_page()
    _open(at, lesson)
    at.button(key="learn_next").click().run()
    check = lesson.steps[1].check
    assert check is not None and check.kind == "count"
    _answer(at, lesson, "2")
    assert at.error[0].value == "Not quite: you said 2."
    score = check.score()
    assert not [e for e in at.markdown if e.value.startswith("#####")], "a hint comes first"
    assert "You were" in _texts(at) and "short" in _texts(at)
    assert at.button(key="learn_reveal").label == "Show me the answer"
    assert any("Have another go with the hint above" in c.value for c in at.caption)
    _answer(at, lesson, "2")  # a second miss: every combination
    assert at.error[0].value.startswith("Not quite: you said 2. Here is every combination")
    calls = [call.text for call in score.calls()]
    headings = [element.value for element in at.markdown if element.value.startswith("#####")]
    assert [h.split("“")[1].split("”")[0] for h in headings] == calls
    at.button(key="learn_reveal").click().run()
    assert at.info[0].value.startswith(f"The answer is **{score.total} points**.")
    assert not at.button(key="learn_next").disabled


@pytest.mark.parametrize("typed", ["abc", "", "-3", "40"])
def test_bad_input_gets_a_message_and_is_not_graded(typed: str) -> None:
    lesson = _lesson("the-play")
    at = _learn_page()
    _open(at, lesson)
    while lesson.steps[_step(at)].check is None:
        at.button(key="learn_next").click().run()
    _answer(at, lesson, typed)
    assert len(at.warning) == 1
    assert at.warning[0].value  # says what to type
    assert not at.error and not at.success
    assert at.button(key="learn_next").disabled
    assert _stored_attempts() == []


def test_resume_where_the_learner_left_off() -> None:
    lesson = _lesson("the-play")
    at = _learn_page()
    _open(at, lesson)
    at.button(key="learn_next").click().run()
    at.button(key="learn_next").click().run()
    assert _step(at) == 2
    at.button(key="learn_map").click().run()
    total = len(lesson.steps)
    assert f"In progress: step 3 of {total}" in _texts(at)
    assert at.button(key=f"learn_open_{lesson.id}").label == "Continue lesson 3"
    assert at.button(key="learn_continue").label == f"Continue: 3. {lesson.title}"

    player = at.query_params["player"]
    again = _learn_page(player=str(player))  # a new visit at the same address
    again.button(key="learn_continue").click().run()
    assert again.title[0].value == f"3. {lesson.title}"
    assert _step(again) == 2


def test_the_pegboard_is_drawn_with_its_pegs() -> None:
    lesson = _lesson("counting-order-and-121")
    at = _learn_page()
    _open(at, lesson)
    boards = 0
    for step in lesson.steps:
        if step.check is not None:
            _answer(at, lesson, _right(step.check))
        pictures = [m.value for m in at.markdown if "Pegboard." in m.value]
        assert len(pictures) == sum(show.board is not None for show in step.show)
        for picture, show in zip(pictures, [s for s in step.show if s.board], strict=True):
            assert show.board is not None
            back, front = show.board.you
            assert f"You: pegs in holes {back} and {front}" in picture
            boards += 1
        at.button(key="learn_next").click().run()
        assert not at.exception
    assert boards == 3


def test_a_broken_lesson_shows_its_error_and_the_others_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(LESSONS_DIR / "01-deal-and-crib.yaml", tmp_path / "01-good.yaml")
    shutil.copy(FIXTURES / "bad-card.yaml", tmp_path / "02-broken.yaml")
    monkeypatch.setattr(lesson_content, "LESSONS_DIR", tmp_path)
    at = _learn_page()
    assert len(at.error) == 1
    assert "can't be shown yet" in at.error[0].value
    assert "'5X' is not a card" in at.error[0].value
    assert "**2. A broken lesson**" in _texts(at)
    _open(at, COURSE.lessons[0])
    assert not at.exception


def test_the_last_lesson_ends_with_a_learning_game_on_the_play_page() -> None:
    lesson = COURSE.lessons[-1]
    at = _learn_page()
    _open(at, lesson)
    for index, step in enumerate(lesson.steps):
        assert _step(at) == index
        last = index == len(lesson.steps) - 1
        assert [b.key for b in at.button if b.key == "learn_play"] == (
            ["learn_play"] if last else []
        )
        if step.check is not None:
            if last:
                assert at.button(key="learn_play").disabled  # answer first, as for Finish
            _answer(at, lesson, _right(step.check))
        if not last:
            at.button(key="learn_next").click().run()
    assert at.button(key="learn_play").label == "Play a learning game"
    at.button(key="learn_play").click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Play"
    assert any("A learning game is ready" in m.value for m in at.markdown)
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    (profile,) = store.profiles()
    assert store.lesson_progress(profile.id)[lesson.id].done  # the lesson is finished too
    # AppTest runs the script's own page again on the next run; a browser stays on Play.
    at.switch_page("ui/views/play.py")
    at.button(key="play_learning_start").click().run()
    assert not at.exception, at.exception
    table = at.session_state["play_game"].table
    assert (table.coach, table.level, table.game.settings.target) == ("learning", "easy", 61)


def test_the_map_offers_the_learning_game_once_the_last_lesson_is_done() -> None:
    lesson = COURSE.lessons[-1]
    at = _learn_page()
    _open(at, lesson)
    for step in lesson.steps:
        if step.check is not None:
            _answer(at, lesson, _right(step.check))
        at.button(key="learn_next").click().run()
    assert f"Lesson done: **{lesson.title}**" in at.success[0].value
    at.button(key="learn_play").click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Play"

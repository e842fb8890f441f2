"""The Learn page in AppTest: the course map, a whole lesson walked through, wrong and
bad answers, showing the answer, resuming, and a broken lesson file."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player, html_of
from trainer.content.files import LESSONS_DIR
from trainer.content.lessons import (
    BoardCheck,
    CutCheck,
    FifteenCheck,
    KeepCheck,
    Lesson,
    PegCheck,
    TrueFalseCheck,
    load_course,
)
from trainer.content.lessons import course as lesson_content
from trainer.progress.store import Store
from trainer.training.learn import answer_key, options
from trainer.ui.play_page.state import STATE_KEY as PLAY_STATE

APP = "../../trainer/app.py"
COURSE = load_course()
FIXTURES = Path(__file__).parent.parent / "fixtures" / "lessons"


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


def _go_to(at: AppTest, lesson: Lesson, step_id: str) -> None:
    """Walk the open lesson to the step ``step_id``, answering each question on the way."""
    while lesson.steps[_step(at)].id != step_id:
        step = lesson.steps[_step(at)]
        if step.check is not None:
            _answer(at, lesson, _right(step.check))
        at.button(key="learn_next").click().run()


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
    if isinstance(check, KeepCheck | CutCheck):
        return next(value for value, _ in options(check) if value != check.answer)
    return str(check.answer + 1)


def _texts(at: AppTest) -> str:
    return "\n".join([*(element.value for element in at.markdown), *html_of(at)])


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
            if not wrong_once and isinstance(check, BoardCheck):
                # Once wrong, jumping from the back peg: the hint names the rule.
                _answer(at, lesson, str(check.you[0] + check.points))
                assert at.error[0].value.startswith("Not quite")
                assert "Start from the front peg" in _texts(at)
                assert at.button(key="learn_next").disabled
                assert at.button(key="learn_reveal").label == "Show me the answer"
                wrong_once = True
            _answer(at, lesson, _right(check))
            assert at.success[0].value.startswith("Yes!")
            assert not at.error
            if isinstance(check, TrueFalseCheck):
                assert check.explain.strip().split("\n")[0] in _texts(at)
            if isinstance(check, BoardCheck):  # the board after the move
                assert _boards(at)[-1] == f"You {check.answer}"
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
    # Walking the board and rules are not counting drills: nothing is kept as a drill answer.
    assert _stored_attempts() == []


def _boards(at: AppTest) -> list[str]:
    """Each board drawn, as its "You N" score (from the picture's accessible name)."""
    found = []
    for text in html_of(at):
        if "Cribbage board to" in text:
            name = text.split('aria-label="Cribbage board to ', 1)[1].split('"', 1)[0]
            found.append(name.split(": ", 1)[1].split(",")[0])
    return found


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
    assert not [e for e in html_of(at) if "<h5" in e], "a hint comes first"
    assert "Too few points" in _texts(at)
    assert at.button(key="learn_reveal").label == "Show me the answer"
    assert any("Have another go with the hint above" in c.value for c in at.caption)
    _answer(at, lesson, "2")  # a second miss: every combination
    assert at.error[0].value.startswith("Not quite: you said 2. Here is every combination")
    calls = [call.text for call in score.calls()]
    said = [re.findall(r"<h5[^>]*>“([^”]*)”", element) for element in html_of(at)]
    assert [text for texts in said for text in texts] == calls
    at.button(key="learn_reveal").click().run()
    assert at.info[0].value.startswith(f"The answer is **{score.total} points**.")
    assert not at.button(key="learn_next").disabled


@pytest.mark.parametrize("typed", ["abc", "", "-3", "400"])
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
    number = COURSE.number(lesson.id)
    assert at.button(key=f"learn_open_{lesson.id}").label == f"Continue lesson {number}"
    assert at.button(key="learn_continue").label == f"Continue: {number}. {lesson.title}"

    player = at.query_params["player"]
    again = _learn_page(player=str(player))  # a new visit at the same address
    again.button(key="learn_continue").click().run()
    assert again.title[0].value == f"{number}. {lesson.title}"
    assert _step(again) == 2


def test_the_pegboard_is_the_play_pages_board_with_its_pegs() -> None:
    lesson = _lesson("the-board")
    at = _learn_page()
    _open(at, lesson)
    boards = 0
    for step in lesson.steps:
        pictures = [m for m in html_of(at) if "Cribbage board to" in m]
        shown = [s.board for s in step.show if s.board is not None]
        asked = 1 if isinstance(step.check, BoardCheck) else 0
        assert len(pictures) == len(shown) + asked
        for picture, board in zip(pictures, shown, strict=False):
            back, front = board.you
            assert f"Cribbage board to {board.game}: You {front}, Opponent" in picture
            assert f"You: front peg on {front}" in picture
            assert f"You: back peg on {back}" in picture
            boards += 1
        if step.check is not None:
            _answer(at, lesson, _right(step.check))
        at.button(key="learn_next").click().run()
        assert not at.exception
    assert boards == sum(1 for step in lesson.steps for s in step.show if s.board)


def test_a_peg_question_shows_the_count_before_its_card() -> None:
    """The learner adds the card: the count with it is not on the screen until answered."""
    lesson = _lesson("the-play")
    at = _learn_page()
    _open(at, lesson)
    while not isinstance(lesson.steps[_step(at)].check, PegCheck):
        at.button(key="learn_next").click().run()
    check = lesson.steps[_step(at)].check
    assert isinstance(check, PegCheck)
    captions = " ".join(c.value for c in at.caption)
    assert f"The count is **{check.count_before}**." in captions
    assert f"Now the **{check.card.label}** is laid:" in _texts(at)
    after = check.score().count
    assert f"The count is **{after}**" not in captions and f"count to {after}" not in _texts(at)
    _answer(at, lesson, _right(check))
    assert f"brings the count to {after}" in _texts(at)


def test_a_go_question_shows_every_step_of_its_story() -> None:
    lesson = _lesson("go-and-last-card")
    at = _learn_page()
    _open(at, lesson)
    _go_to(at, lesson, "last-card")
    (story,) = [m.value for m in at.markdown if m.value.startswith("1. The pone lays")]
    assert "so the dealer pegs 1 for the go" in story
    assert "The count goes back to zero, and the pone leads the next series" in story
    assert "for last card" not in story


def test_a_first_wrong_true_or_false_shows_the_reason() -> None:
    lesson = _lesson("the-board")
    at = _learn_page()
    _open(at, lesson)
    while not isinstance(lesson.steps[_step(at)].check, TrueFalseCheck):
        step = lesson.steps[_step(at)]
        if step.check is not None:
            _answer(at, lesson, _right(step.check))
        at.button(key="learn_next").click().run()
    check = lesson.steps[_step(at)].check
    assert isinstance(check, TrueFalseCheck)
    _answer(at, lesson, _wrong(check))
    assert at.error[0].value.startswith("Not quite")
    assert check.explain.split("\n")[0] in _texts(at)


def test_the_cut_and_the_keep_are_picked_from_their_choices() -> None:
    lesson = _lesson("deal-and-crib")
    at = _learn_page()
    _open(at, lesson)
    while not isinstance(lesson.steps[_step(at)].check, CutCheck):
        step = lesson.steps[_step(at)]
        if step.check is not None:
            _answer(at, lesson, _right(step.check))
        at.button(key="learn_next").click().run()
    radio = at.radio(key=answer_key(lesson.id, _step(at)))
    assert list(radio.options) == [
        "You deal first",
        "Your opponent deals first",
        "Nobody yet: you both cut again",
    ]
    _answer(at, lesson, "you")
    assert "The lower card deals" in _texts(at)

    keep = _lesson("which-four-to-keep")
    at = _learn_page()
    _open(at, keep)
    while not isinstance(keep.steps[_step(at)].check, KeepCheck):
        step = keep.steps[_step(at)]
        if step.check is not None:
            _answer(at, keep, _right(step.check))
        at.button(key="learn_next").click().run()
    check = keep.steps[_step(at)].check
    assert isinstance(check, KeepCheck)
    wrong = _wrong(check)
    _answer(at, keep, wrong)
    _answer(at, keep, wrong)
    assert "**The best keep.**" in _texts(at)
    assert "about 13 on average" in _texts(at)


def test_the_map_links_to_the_glossary_and_the_chart() -> None:
    at = _learn_page()
    links = {link.proto.page: link.proto.label for link in at.main.get("page_link")}
    assert links == {"glossary": "Glossary: every word", "chart": "Scoring chart to print"}


def test_a_broken_lesson_shows_its_error_and_the_others_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(LESSONS_DIR / "01-the-board.yaml", tmp_path / "01-good.yaml")
    shutil.copy(FIXTURES / "bad-card.yaml", tmp_path / "02-broken.yaml")
    monkeypatch.setattr(lesson_content, "LESSONS_DIR", tmp_path)
    at = _learn_page()
    assert len(at.error) == 1
    assert "can't be shown yet" in at.error[0].value
    assert "'5X' is not a card" in at.error[0].value
    assert "**2. A broken lesson**" in _texts(at)
    _open(at, COURSE.lessons[0])
    assert not at.exception


def test_a_prerequisite_that_is_not_in_the_course_shows_no_raw_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lesson 3's file is missing: lesson 4 lists it as best first, and the map names only
    the lessons that are there, by title, never by the missing lesson's id."""
    shutil.copy(LESSONS_DIR / "01-the-board.yaml", tmp_path / "01-board.yaml")
    shutil.copy(LESSONS_DIR / "02-deal-and-crib.yaml", tmp_path / "02-deal.yaml")
    text = (LESSONS_DIR / "04-the-play.yaml").read_text(encoding="utf-8")
    assert "prerequisites: [the-starter]" in text
    text = text.replace("prerequisites: [the-starter]", "prerequisites: [the-starter, the-board]")
    (tmp_path / "03-play.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(lesson_content, "LESSONS_DIR", tmp_path)
    at = _learn_page()
    assert not at.exception
    captions = [c.value for c in at.caption]
    assert "the-starter" not in _texts(at) and not any("the-starter" in c for c in captions)
    assert "Best after: The board: a race to 121" in captions


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
    table = at.session_state[PLAY_STATE].game.table
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


def test_the_end_of_lesson_3_offers_the_first_game_on_the_play_page() -> None:
    from trainer.training.ladder import RUNGS

    lesson = COURSE.get("the-starter")
    assert lesson is not None and COURSE.number(lesson.id) == 3
    at = _learn_page()
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    (profile,) = store.profiles()
    store.save_lesson_progress(profile.id, "deal-and-crib", 0, True)  # fifteens: lesson 2
    _open(at, lesson)
    for index, step in enumerate(lesson.steps):
        last = index == len(lesson.steps) - 1
        assert [b.key for b in at.button if b.key == "learn_play"] == (
            ["learn_play"] if last else []
        )
        if step.check is not None:
            _answer(at, lesson, _right(step.check))
        if not last:
            at.button(key="learn_next").click().run()
    assert any("This lesson opens **first game 1: Fifteens**" in m.value for m in at.markdown)
    assert at.button(key="learn_play").label == "Play first game 1"
    at.button(key="learn_play").click().run()
    assert not at.exception, at.exception
    assert any("First game 1 is ready: Fifteens." in m.value for m in at.markdown)
    assert store.lesson_progress(profile.id)[lesson.id].done
    at.switch_page("ui/views/play.py")
    at.button(key="play_learning_start").click().run()
    assert not at.exception, at.exception
    assert at.session_state[PLAY_STATE].game.table.setup == RUNGS[0].setup


def test_a_question_at_a_table_of_three_shows_its_story_and_the_hands_left() -> None:
    lesson = _lesson("three-and-four")
    at = _learn_page()
    _open(at, lesson)
    _go_to(at, lesson, "who-leads")
    (story,) = [m.value for m in at.markdown if m.value.startswith("1. The first player lays")]
    assert "The second player lays the K♦: the count is 15." in story
    assert "leads the next series" not in story  # the part asked about is left out
    assert "The first player (on the dealer's left) has no cards left." in _texts(at)
    check = lesson.steps[_step(at)].check
    assert check is not None
    _answer(at, lesson, "first")
    assert at.error[0].value.startswith("Not quite")
    assert "passes to the left of whoever laid the last card" in _texts(at)
    _answer(at, lesson, "first")  # a second miss: the whole story, the lead included
    assert "and the second player leads the next series" in _texts(at)


def test_a_question_shown_comes_back_with_new_cards_and_the_lesson_waits_for_it() -> None:
    """Lesson 1, its first question missed twice and its answer shown: the lesson's last step
    leads on to that question again, with other pegs and points, and the lesson is done
    only once it is answered right."""
    lesson = COURSE.lessons[0]
    at = _learn_page()
    _open(at, lesson)
    first = next(i for i, step in enumerate(lesson.steps) if step.check is not None)
    own = lesson.steps[first].check
    assert isinstance(own, BoardCheck)
    for index, step in enumerate(lesson.steps):
        assert _step(at) == index
        if step.check is not None and index == first:
            _answer(at, lesson, str(own.answer + 1))
            _answer(at, lesson, str(own.answer + 1))
            at.button(key="learn_reveal").click().run()
            assert at.info[0].value.startswith(f"The answer is **hole {own.answer}**.")
            assert any("comes back at the end of the lesson" in c.value for c in at.caption)
        elif step.check is not None:
            _answer(at, lesson, _right(step.check))
        last = index == len(lesson.steps) - 1
        assert at.button(key="learn_next").label == "Next", "the lesson is not over yet"
        assert not at.button(key="learn_next").disabled
        at.button(key="learn_next").click().run()
        assert not at.exception
        if last:
            break

    assert at.title[0].value == f"1. {lesson.title}", "still in the lesson"
    assert at.get("progress")[0].proto.text == "Once more"
    assert at.info[0].value == "You missed this one earlier. Here it is again, with new cards."
    assert lesson.steps[first].text.split("\n")[0] in _texts(at)
    again = at.session_state["learn_place"].comeback.check
    assert isinstance(again, BoardCheck) and (again.you, again.points) != (own.you, own.points)
    assert f"holes {again.you[0]} and {again.you[1]}" in at.text_input[0].label
    assert at.button(key="learn_next").disabled and at.button(key="learn_back").disabled
    assert at.button(key="learn_next").label == "Finish lesson"
    assert not _done(lesson), "not done before the question is answered"

    at.text_input(key=answer_key(lesson.id, first, 1)).input(str(again.answer))
    at.button(key="learn_submit").click().run()
    assert at.success[0].value == f"Yes! **Hole {again.answer}**."
    at.button(key="learn_next").click().run()
    assert at.title[0].value == "Learn cribbage"
    assert f"Lesson done: **{lesson.title}**" in at.success[0].value
    assert _done(lesson)


def _done(lesson: Lesson) -> bool:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    (profile,) = store.profiles()
    place = store.lesson_progress(profile.id).get(lesson.id)
    return place is not None and place.done

"""Today's review in AppTest: a lesson's question missed in the lesson and a drill practised
come back on Home once the clock has moved on a day or more (days decide, not visits); the
one button starts a review set, worked through like a practice set, each answer recorded
for the player who gave it and reviewed into its card; Progress shows each area's cards."""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player, metrics
from tests.views.test_progress import text_tables
from trainer.content.catalog import load_drills
from trainer.content.lessons import CountCheck, load_course
from trainer.engine.skills import DrillType
from trainer.progress.store import Store
from trainer.training.questions import ShowQuestion, deal_question
from trainer.training.records import Profile
from trainer.training.scheduling import Rating, drill_card, lesson_card, lesson_question
from trainer.ui import clock
from trainer.ui.todays_review import STATE_KEY, ReviewPage

APP = "../../trainer/app.py"
COURSE = load_course()
CATALOG = load_drills()
#: When the tests' learner first answers (the app's clock is moved on from here).
START = datetime(2026, 3, 2, 16, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    st.cache_data.clear()
    yield
    st.cache_data.clear()


class Clock:
    """The app's clock, moved by the test."""

    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def moved(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(clock, "now", fake)
    return fake


def _app() -> tuple[AppTest, Profile]:
    at = AppTest.from_file(APP, default_timeout=60)
    profile = as_player(at)
    at.run()
    assert not at.exception, at.exception
    return at, profile


def _store() -> Store:
    return Store.open(os.environ["CRIBBAGE_TRAINER_DB"])


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [s.value for s in at.success] + [e.value for e in at.error]
    return "\n".join(str(part) for part in parts)


def _home(at: AppTest) -> AppTest:
    at.switch_page("ui/views/home.py").run()
    assert not at.exception, at.exception
    return at


def test_a_missed_lesson_question_comes_back_on_home_a_day_later(moved: Clock) -> None:
    lesson = COURSE.get("the-show")
    assert lesson is not None
    index, step = next((n, s) for n, s in enumerate(lesson.steps) if s.check is not None)
    check = step.check
    assert isinstance(check, CountCheck)
    at, profile = _app()
    assert "to review" not in _texts(at)  # nothing answered yet: Home says nothing of it
    at.switch_page("ui/views/learn.py").run()
    at.button(key=f"learn_open_{lesson.id}").click().run()
    for _ in range(index):
        at.button(key="learn_next").click().run()
    at.text_input(key=f"learn_answer_{lesson.id}_{index}").input(str(check.answer + 1))
    at.button(key="learn_submit").click().run()
    assert not at.exception, at.exception
    (card,) = _store().review_cards(profile.id)
    assert card.key == lesson_card(lesson.id, step.id) and card.lapses == 1

    _home(at)  # the same day, however often Home is opened: nothing yet
    assert "**Nothing to review today.** The next is tomorrow (1 to review)." in _texts(at)
    assert not [b for b in at.button if b.key == "home_review_start"]
    moved.at = START + timedelta(hours=3)
    _home(at)
    assert "Nothing to review today." in _texts(at)

    moved.at = START + timedelta(days=1)  # the next day
    _home(at)
    assert "**1 to review: 1 from the lessons.**" in _texts(at)
    at.button(key="home_review_start").click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Today's review"
    at.switch_page("ui/views/today.py")  # AppTest's next run is of its own page: stay here
    assert f"From lesson {COURSE.number(lesson.id)}: {lesson.title}" in _texts(at)
    assert "Question 1 of 1" in at.get("progress")[0].proto.text
    page = at.session_state[STATE_KEY]
    assert isinstance(page, ReviewPage) and page.run is not None
    key = f"today_answer_{page.run.set_id}_0"
    asked = lesson_question(COURSE, card.key, fresh=zlib.crc32(page.run.answer_key.encode()))
    assert isinstance(asked, CountCheck)  # the question comes back with new cards of its kind
    assert (asked.hand, asked.starter) != (check.hand, check.starter)
    at.text_input(key=key).input(str(asked.answer))
    at.button(key="today_submit").click().run()
    assert not at.exception, at.exception
    assert at.success[0].value.startswith("Yes")
    # recorded like any answer of a lesson, for the player who gave it, and reviewed
    store = _store()
    answers = [r.attempt for r in store.attempts(profile.id)]
    assert [(a.tier, a.correct) for a in answers] == [("lesson", False), ("lesson", True)]
    (card,) = store.review_cards(profile.id)
    assert card.reviews == 2 and card.card.due > moved.at + timedelta(days=1)
    at.button(key="today_next").click().run()
    assert "Review done" in [s.value for s in at.subheader]
    assert metrics(at)[0].value == "1 of 1"
    _home(at)
    assert "Nothing to review today." in _texts(at)


def test_a_practised_drill_comes_back_and_is_asked_afresh(moved: Clock) -> None:
    at, profile = _app()
    question_key = "practice_total_0"
    at.switch_page("ui/views/practice.py")
    at.query_params.update({"drill": "hand", "tier": "beginner", "seed": "7", "length": "1"})
    at.run()
    dealt = deal_question(DrillType.HAND, "beginner", 7, 0, catalog=CATALOG)
    assert isinstance(dealt, ShowQuestion)
    at.text_input(key=question_key).set_value(str(dealt.total + 1))  # wrong
    at.button(key="FormSubmitter:practice_answer_0-Check").click().run()
    assert not at.exception, at.exception
    (card,) = _store().review_cards(profile.id)
    assert card.key == drill_card("hand", "beginner") and card.lapses == 1
    _store().review_card(profile.id, lesson_card("the-show", "pairs"), Rating.Easy, START)

    moved.at = START + timedelta(days=2)
    _home(at)
    assert "**1 to review: 1 counting drill.**" in _texts(at)
    at.button(key="home_review_start").click().run()
    assert not at.exception, at.exception
    assert "Count the hand · Beginner" in _texts(at)
    at.switch_page("ui/views/today.py")
    page = at.session_state[STATE_KEY]
    assert isinstance(page, ReviewPage) and page.practice is not None
    question = page.practice.question(CATALOG)
    assert isinstance(question, ShowQuestion)
    at.text_input(key=question_key).set_value(str(question.total))
    at.button(key="FormSubmitter:practice_answer_0-Check").click().run()
    assert not at.exception, at.exception
    assert [s.value for s in at.success] == [f"Right: {question.total}."]
    store = _store()
    answers = [r.attempt for r in store.attempts(profile.id)]
    assert [(a.drill, a.tier, a.correct) for a in answers] == [
        ("hand", "beginner", False),
        ("hand", "beginner", True),
    ]
    reviewed = {card.key: card for card in store.review_cards(profile.id)}
    assert reviewed[drill_card("hand", "beginner")].reviews == 2
    at.button(key="today_next").click().run()
    assert metrics(at)[0].value == "1 of 1"


def test_progress_shows_what_is_learnt_due_and_overdue_per_area(moved: Clock) -> None:
    at, profile = _app()
    store = _store()
    for day in range(4):  # known well: learnt
        store.review_card(
            profile.id, drill_card("hand", "club"), Rating.Easy, START + timedelta(days=day * 20)
        )
    store.review_card(profile.id, lesson_card("the-show", "pairs"), Rating.Again, START)
    store.review_card(profile.id, lesson_card("the-show", "runs"), Rating.Good, START)
    moved.at = START + timedelta(days=61)
    at.switch_page("ui/views/progress.py").run()
    assert not at.exception, at.exception
    assert "What comes back to review" in [s.value for s in at.subheader]
    (table,) = [t for t in text_tables(at) if "Learnt" in t.columns]
    rows = {row["What"]: dict(row) for row in table.to_dict("records")}
    number = COURSE.number("the-show")
    assert rows[f"Lesson {number}: The show: counting a hand"] == {
        "What": f"Lesson {number}: The show: counting a hand",
        "Learnt": 0,
        "Learning": 0,
        "Due today": 0,
        "Overdue": 2,
    }
    assert rows["Count the hand · Club"]["Learnt"] == 1
    assert "Review now (2 due)" in [link.proto.label for link in at.get("page_link")]
    assert [b.proto.label for b in at.get("download_button")] == [
        "Download what comes back to review (CSV)"  # no answers yet: the cards alone
    ]


def test_the_page_itself_offers_the_set_and_leaves_out_what_the_course_has_no_more(
    moved: Clock,
) -> None:
    at, profile = _app()
    at.switch_page("ui/views/today.py").run()
    assert "Nothing to review yet." in "\n".join(i.value for i in at.info)
    store = _store()
    store.review_card(profile.id, "lesson:a-lesson-gone/its-question", Rating.Again, START)
    store.review_card(profile.id, drill_card("hand", "no-such-tier"), Rating.Again, START)
    store.review_card(profile.id, lesson_card("the-show", "pairs"), Rating.Again, START)
    moved.at = START + timedelta(days=3)
    at.run()
    assert not at.exception, at.exception
    assert "**1 to review: 1 from the lessons.**" in _texts(at)  # the gone ones left out
    at.button(key="today_start").click().run()
    assert not at.exception, at.exception
    assert "Question 1 of 1" in at.get("progress")[0].proto.text
    at.button(key="today_stop").click().run()
    assert "**1 to review: 1 from the lessons.**" in _texts(at)  # still due: not answered

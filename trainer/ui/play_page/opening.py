"""What a player can do now, at the top of the Play page when no game is on it: the next
lesson while the course has one (for a new player, the first), and the next first game that
is open (or, while none is, what opens the first); the form of a whole game comes next."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from trainer.content.lessons import Lesson
from trainer.training.ladder import RungState, Step, ladder
from trainer.training.learn import Learn
from trainer.training.records import Profile
from trainer.ui import actions, play_saves, session
from trainer.ui.loaded import course as the_course
from trainer.ui.play_page.first_games import start_rung

__all__ = ["lessons_done", "what_now"]

#: The Learn page, which a lesson offered here opens on.
LEARN_PAGE = str(Path(__file__).resolve().parent.parent / "views" / "learn.py")


def lessons_done() -> set[str]:
    """The lessons the player has done."""
    return {lesson for lesson, place in session.lesson_progress().items() if place.done}


def _next_lesson(done: set[str]) -> Lesson | None:
    """The first lesson of the course not done yet (None once every one is)."""
    return next((lesson for lesson in the_course().lessons if lesson.id not in done), None)


def _next_rung(states: tuple[RungState, ...]) -> RungState | None:
    """The first first game open and not won yet; else the first still locked."""
    playable = [s for s in states if s.step in (Step.OPEN, Step.PLAYED)]
    locked = [s for s in states if s.step is Step.LOCKED]
    return next(iter(playable or locked), None)


def _lesson_offer(lesson: Lesson) -> None:
    course = the_course()
    number = course.number(lesson.id)
    with st.container(border=True, key="play_now_lesson"):
        head = "New to cribbage?** Start with" if number == 1 else "Next lesson:**"
        st.markdown(f"**{head} lesson {number}, {lesson.title}.")
        if st.button(f"Start lesson {number}", type="primary", key="play_now_lesson_go"):
            Learn(st.session_state, session.LessonStore()).open(lesson)
            st.switch_page(LEARN_PAGE)


def _rung_offer(state: RungState, profile: Profile) -> None:
    rung = state.rung
    with st.container(border=True, key="play_now_rung"):
        if state.step is Step.LOCKED:
            course = the_course()
            lesson = state.lesson or ""
            number = course.number(lesson) if course.has(lesson) else "?"
            st.markdown(
                f":material/lock: **First games open as you learn:** first game {rung.number}, "
                f"{rung.title}, after lesson {number}, {course.title(lesson)}."
            )
            return
        st.markdown(f"**Next first game: {rung.number}, {rung.title}.** {rung.new}")
        actions.button(
            f"Play first game {rung.number}",
            key="play_now_rung_go",
            type="primary",
            on_click=start_rung,
            args=(rung.id, profile),
        )


def what_now(profile: Profile) -> None:
    """The next lesson and the next first game, side by side (one above the other on a
    phone); nothing once the course is done and every first game won."""
    done = lessons_done()
    lesson = _next_lesson(done)
    rung = _next_rung(ladder(the_course(), done, play_saves.finished_setups(profile)))
    offers = [offer for offer in (lesson, rung) if offer is not None]
    if not offers:
        return
    columns = st.columns(len(offers))
    index = 0
    if lesson is not None:
        with columns[index]:
            _lesson_offer(lesson)
        index += 1
    if rung is not None:
        with columns[index]:
            _rung_offer(rung, profile)

"""Learn: the course map, then one lesson step by step with checks to answer.

The logic (where the learner is, grading, the words of the feedback) lives in
:mod:`trainer.training.learn`; this page only draws it.
"""

from __future__ import annotations

import streamlit as st

from trainer.content.lessons import Lesson, Show
from trainer.training.ladder import Rung, ladder, offered_after
from trainer.training.learn import (
    Learn,
    Status,
    answer_key,
    lesson_status,
    status_text,
    suggested,
)
from trainer.ui import actions, lesson_check, loaded, play_saves, requests, session
from trainer.ui.drawing import show_cards, show_pile
from trainer.ui.lesson_check import CARD_WIDTH
from trainer.ui.profiles import require_player

#: Above a question that came back, and under one that will.
ONCE_MORE = "You missed this one earlier. Here it is again, with new cards."
COMES_BACK = "This question comes back at the end of the lesson, with new cards."
PLAY_PAGE = "ui/views/play.py"
GLOSSARY_PAGE = "ui/views/glossary.py"
CHART_PAGE = "ui/views/chart.py"


require_player()  # lesson places and answers are kept for the player chosen
course = loaded.course()
learn = Learn(st.session_state, session.LessonStore())


# --- the course map ---------------------------------------------------------------------


def _is_final(lesson_id: str | None) -> bool:
    """The course's last lesson: it ends with a learning game on the Play page."""
    lessons = course.lessons
    return lesson_id is not None and bool(lessons) and lessons[-1].id == lesson_id


def _play_button(
    lesson: Lesson | None = None, *, disabled: bool = False, rung: Rung | None = None
) -> None:
    """ "Play a learning game" (or the first game ``rung``): finishes ``lesson`` (when on its
    last step) and opens Play, where the game is offered."""
    label = "Play a learning game" if rung is None else f"Play first game {rung.number}"
    if st.button(
        label,
        key="learn_play",
        type="primary",
        icon=":material/playing_cards:",
        disabled=disabled,
    ):
        if lesson is not None:
            learn.next(lesson)
        requests.offer_game(requests.GameOffer(None if rung is None else rung.id))
        st.switch_page(PLAY_PAGE)


def _first_game(lesson_id: str | None) -> Rung | None:
    """The first game the end of this lesson offers (None: it opens none)."""
    if lesson_id is None:
        return None
    profile = session.current_profile()
    games = play_saves.finished_setups(profile) if profile is not None else []
    done = {lesson for lesson, place in learn.store.progress().items() if place.done}
    won = {state.rung.id for state in ladder(course, done, games) if state.won}
    return offered_after(course, lesson_id, done, won)


def _first_game_words(rung: Rung) -> str:
    return (
        f"This lesson opens **first game {rung.number}: {rung.title}**. {rung.new} "
        "Play it now against the Easy computer, or later from the Play page."
    )


#: Each status's badge: its colour and icon.
_BADGES = {
    Status.DONE: ("green", ":material/check_circle:"),
    Status.IN_PROGRESS: ("blue", ":material/play_circle:"),
    Status.NOT_STARTED: ("gray", ":material/radio_button_unchecked:"),
}


def _badge(status: Status, text: str) -> str:
    """The lesson's status as a badge in Markdown (what ``st.badge`` draws), so that the
    lesson's title, status and summary are one element of the page, not three."""
    color, icon = _BADGES[status]
    return f":{color}-badge[{icon} {text.replace('[', '(').replace(']', ')')}]"


def course_map() -> None:
    st.title("Learn cribbage")
    progress = learn.store.progress()
    lessons = course.lessons
    done = sum(lesson_status(lesson.id, progress) is Status.DONE for lesson in lessons)
    if learn.finished is not None:
        st.success(f"Lesson done: **{course.title(learn.finished)}**. Well played!", icon="🎉")
        rung = _first_game(learn.finished)
        if _is_final(learn.finished):
            st.markdown("Now try a whole game, with the coach beside you.")
            _play_button()
        elif rung is not None:
            st.markdown(_first_game_words(rung))
            _play_button(rung=rung)
    st.markdown(
        "Short lessons that teach the whole game in order, by doing. "
        "Each has questions to answer before you move on."
    )
    with st.container(horizontal=True):
        st.page_link(GLOSSARY_PAGE, label="Glossary: every word", icon=":material/menu_book:")
        st.page_link(CHART_PAGE, label="Scoring chart to print", icon=":material/print:")
    st.progress(
        done / len(lessons) if lessons else 0.0, text=f"{done} of {len(lessons)} lessons done"
    )
    pick = suggested(course, progress)
    if pick is not None:
        verb = "Continue" if lesson_status(pick.id, progress) is Status.IN_PROGRESS else "Start"
        actions.button(
            f"{verb}: {course.number(pick.id)}. {pick.title}",
            key="learn_continue",
            type="primary",
            icon=":material/arrow_forward:",
            on_click=learn.open,
            args=(pick,),
        )

    for number, entry in enumerate(course.entries, start=1):
        with st.container(border=True):
            heading = f"**{number}. {entry.title}**"
            lesson = entry.lesson
            if lesson is None:
                st.markdown(heading)
                st.error(
                    "This lesson has a mistake in its file, so it can't be shown yet:\n\n"
                    + "\n".join(f"- `{problem}`" for problem in entry.problems[:5]),
                    icon=":material/error:",
                )
                continue
            status = lesson_status(lesson.id, progress)
            # one element for the title, the status and the summary: the map is the page's
            # first screen, and each element is drawn on its own in the browser
            badge = _badge(status, status_text(lesson, progress))
            st.markdown(f"{heading}\n\n{badge}\n\n{lesson.summary}")
            earlier = course.entries[number - 2].id if number > 1 else None
            before = [p for p in lesson.prerequisites if course.has(p)]  # named by title only
            if before and before != [earlier]:
                st.caption("Best after: " + ", ".join(course.title(p) for p in before))
            label = {
                Status.NOT_STARTED: "Start",
                Status.IN_PROGRESS: "Continue",
                Status.DONE: "Review",
            }[status]
            actions.button(
                f"{label} lesson {number}",
                key=f"learn_open_{lesson.id}",
                on_click=learn.open,
                args=(lesson,),
            )


# --- one lesson ------------------------------------------------------------------------------


def _show(show: Show) -> None:
    if show.board is not None:
        lesson_check.draw_board(show.board)
    elif show.pile is not None:
        show_pile(show.pile, highlight=show.highlight)
        st.caption(f"Count: **{show.count}**")
    elif show.cards is not None:
        show_cards(show.cards, starter=show.starter, highlight=show.highlight, max_width=CARD_WIDTH)
    if show.caption:
        st.caption(show.caption)


def _submit(lesson: Lesson, key: str) -> None:
    raw = st.session_state.get(key)
    learn.submit(lesson, None if raw is None else str(raw))


def check_form(lesson: Lesson) -> None:
    check = learn.question(lesson)
    if check is None:
        return
    learn.seen(lesson)
    state = learn.check_state(lesson)
    comeback = learn.comeback
    key = answer_key(lesson.id, learn.step, comeback.number if comeback else 0)
    st.subheader("Your turn", divider="green")
    lesson_check.show_question(check)
    with st.form(f"learn_form_{key}", border=True):
        lesson_check.answer_box(check, key)
        actions.submit(
            "Check my answer",
            marker=f"learn_submit_{key}",
            key="learn_submit",
            type="primary",
            on_click=_submit,
            args=(lesson, key),
            disabled=state.passed,
        )
    if state.problem:
        st.warning(state.problem, icon=":material/warning:")
    if state.feedback is not None:
        lesson_check.show_feedback(state.feedback)
    if learn.comes_back(lesson):
        st.caption(COMES_BACK)
    if state.tries and not state.passed and not state.revealed:
        st.caption(
            "Have another go with the hint above, or ask to see the answer."
            if state.tries == 1
            else "Have another go, or ask to see the answer."
        )
        actions.button(
            "Show me the answer",
            key="learn_reveal",
            icon=":material/lightbulb:",
            on_click=learn.reveal,
            args=(lesson,),
        )


def lesson_view(lesson: Lesson) -> None:
    step = lesson.steps[learn.step]
    total = len(lesson.steps)
    actions.button(
        "All lessons", key="learn_map", icon=":material/arrow_back:", type="tertiary",
        on_click=learn.close,
    )  # fmt: skip
    st.title(f"{course.number(lesson.id)}. {lesson.title}")
    if learn.comeback is None:
        st.progress((learn.step + 1) / total, text=f"Step {learn.step + 1} of {total}")
    else:
        left = learn.waiting(lesson)
        st.progress(1.0, text=f"Once more: {left} more after this" if left else "Once more")
        st.info(ONCE_MORE, icon=":material/replay:")
    st.markdown(step.text)
    for show in step.show:
        _show(show)
    check_form(lesson)

    ready = learn.can_advance(lesson)
    with st.container(horizontal=True, horizontal_alignment="distribute"):
        actions.button(
            "Back",
            key="learn_back",
            icon=":material/chevron_left:",
            disabled=learn.step == 0 or learn.comeback is not None,
            on_click=learn.back,
            args=(lesson,),
        )
        actions.button(
            "Finish lesson" if learn.is_last(lesson) else "Next",
            key="learn_next",
            type="primary",
            icon=":material/check:" if learn.is_last(lesson) else ":material/chevron_right:",
            icon_position="right",
            disabled=not ready,
            on_click=learn.next,
            args=(lesson,),
        )
    if not ready:
        st.caption("Answer the question above to go on.")
    if learn.is_last(lesson) and _is_final(lesson.id):
        st.markdown("That is the whole course. Now try a game, with the coach beside you.")
        _play_button(lesson, disabled=not ready)
    elif learn.is_last(lesson):
        rung = _first_game(lesson.id)
        if rung is not None:
            st.markdown(_first_game_words(rung))
            _play_button(lesson, disabled=not ready, rung=rung)


current = course.get(learn.lesson_id) if learn.lesson_id else None
if current is None:
    learn.close()
    course_map()
else:
    lesson_view(current)

"""Learn: the course map, then one lesson step by step with checks to answer.

The logic (where the learner is, grading, the words of the feedback) lives in
:mod:`trainer.training.learn`; this page only draws it.
"""

from __future__ import annotations

import streamlit as st

from trainer.content.lessons import (
    Board,
    BoardCheck,
    Check,
    CountCheck,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    Lesson,
    PegCheck,
    Show,
    TableGoCheck,
)
from trainer.training.ladder import Rung, ladder, offered_after
from trainer.training.learn import (
    Feedback,
    Learn,
    Status,
    answer_key,
    asking,
    asks_number,
    lesson_status,
    options,
    status_text,
    suggested,
)
from trainer.training.learn.feedback import pegs_of
from trainer.training.seats import DRILL_SHORT_NAMES
from trainer.ui import actions, loaded, play_saves, requests, session
from trainer.ui.board import board_svg
from trainer.ui.drawing import show_breakdown, show_cards, show_pile
from trainer.ui.profiles import require_player

CARD_WIDTH = 420
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
    won = {state.rung.id for state in ladder((), games) if state.won}
    return offered_after(lesson_id, won)


def _first_game_words(rung: Rung) -> str:
    return (
        f"This lesson opens **first game {rung.number}: {rung.title}**. {rung.new} "
        "Play it now against the Easy computer, or later from the Play page."
    )


def _badge(status: Status, text: str) -> None:
    if status is Status.DONE:
        st.badge(text, icon=":material/check_circle:", color="green")
    elif status is Status.IN_PROGRESS:
        st.badge(text, icon=":material/play_circle:", color="blue")
    else:
        st.badge(text, icon=":material/radio_button_unchecked:", color="gray")


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
            st.markdown(f"**{number}. {entry.title}**")
            lesson = entry.lesson
            if lesson is None:
                st.error(
                    "This lesson has a mistake in its file, so it can't be shown yet:\n\n"
                    + "\n".join(f"- `{problem}`" for problem in entry.problems[:5]),
                    icon=":material/error:",
                )
                continue
            status = lesson_status(lesson.id, progress)
            _badge(status, status_text(lesson, progress))
            st.markdown(lesson.summary)
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


def _board(board: Board) -> None:
    """The same board as the Play page's, so the lessons teach the board a game shows."""
    front, back = board.pegs()
    svg = board_svg(front, back, target=board.game, names=DRILL_SHORT_NAMES)
    st.markdown(svg, unsafe_allow_html=True)


def _show(show: Show) -> None:
    if show.board is not None:
        _board(show.board)
    elif show.pile is not None:
        show_pile(show.pile, highlight=show.highlight)
        st.caption(f"Count: **{show.count}**")
    elif show.cards is not None:
        show_cards(show.cards, starter=show.starter, highlight=show.highlight, max_width=CARD_WIDTH)
    if show.caption:
        st.caption(show.caption)


def _question_cards(check: Check) -> None:
    """The question's own cards, with the words beside them (from
    :mod:`trainer.training.learn.asking`, which the dealer of new cards reads too)."""
    pegs = pegs_of(check)
    if pegs is not None:  # the question asks where the pegs go
        _board(Board(you=pegs))
        st.caption(asking.pegs_caption(pegs))
    if isinstance(check, CountCheck):
        show_cards(check.hand, starter=check.starter, max_width=CARD_WIDTH)
        st.caption(asking.cards_caption(check))
    elif isinstance(check, PegCheck):
        # The count before the card asked about: the learner adds the card themselves.
        before, now = asking.peg_captions(check)
        if check.before:
            show_pile(check.before)
        st.caption(before)
        st.markdown(now)
        show_pile((check.card,))
    elif isinstance(check, FifteenCheck):
        show_pile(check.pile)
        st.caption(asking.cards_caption(check))
    elif isinstance(check, GoCheck | TableGoCheck):
        st.markdown(asking.story_title(check))
        st.markdown("\n".join(f"1. {line}" for line in asking.story(check)))
        for line, held in asking.held(check):
            st.markdown(line)
            if held:
                show_cards(held, max_width=80 * len(held))
    elif isinstance(check, BoardCheck):
        _board(Board(game=check.game, you=check.you))
        st.caption(asking.cards_caption(check))
    elif isinstance(check, CutCheck):
        left, right = st.columns(2)
        for column, words, card in zip(
            (left, right), asking.CUT_WORDS, (check.you, check.opponent), strict=True
        ):
            with column:
                st.markdown(words)
                show_cards((card,), max_width=90)
    elif isinstance(check, KeepCheck):
        show_cards(check.cards, max_width=CARD_WIDTH)
        st.caption(asking.cards_caption(check))


def _feedback(feedback: Feedback) -> None:
    if feedback.correct:
        st.success(feedback.headline, icon=":material/check_circle:")
    elif feedback.revealed:
        st.info(feedback.headline, icon=":material/lightbulb:")
    else:
        st.error(feedback.headline, icon=":material/close:")
    for line in feedback.details:
        st.markdown(line)
    if feedback.lit and set(feedback.lit) < set(feedback.pile):
        show_pile(feedback.pile, highlight=feedback.lit)
    if feedback.board is not None:
        _board(feedback.board)
    if feedback.breakdown is not None:
        if feedback.correct:
            with st.expander("See every combination"):
                show_breakdown(feedback.breakdown)
        else:
            show_breakdown(feedback.breakdown)


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
    _question_cards(check)
    with st.form(f"learn_form_{key}", border=True):
        if asks_number(check):
            st.text_input(check.prompt, key=key, placeholder="Type a number, then press Enter")
        else:
            choices = dict(options(check))
            st.radio(
                check.prompt,
                list(choices),
                index=None,
                key=key,
                format_func=choices.__getitem__,
            )
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
        _feedback(state.feedback)
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

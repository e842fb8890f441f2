"""The first games: the ladder of short games that grow with the lessons, the game the
end of a lesson offers (the learning game, or a first game), and after a first game, the
next one."""

from __future__ import annotations

import streamlit as st

from trainer.training.ladder import Rung, Step, ladder, rung_named
from trainer.training.records import Profile
from trainer.training.table import LEARNING_GAME
from trainer.ui import actions, play_saves, requests, session
from trainer.ui.loaded import course as the_course
from trainer.ui.play_page.layout import many
from trainer.ui.play_page.saving import commit, start
from trainer.ui.play_saves import PlayGame

__all__ = ["first_games", "learning_offer", "next_rung"]

_STEP_WORDS = {
    Step.OPEN: "Ready to play.",
    Step.PLAYED: "Played: try again to win it.",
    Step.WON: "Won!",
}


def _offer_words(rung: Rung | None) -> str:
    if rung is None or rung.setup == LEARNING_GAME:
        return (
            "**A learning game is ready.** A short game to 61 against the Easy computer. "
            "The coach explains every step before you choose, you add up each hand first, "
            "and you still make every move."
        )
    return (
        f"**First game {rung.number} is ready: {rung.title}.** {rung.new} A short game to 31 "
        "against the Easy computer: you add up each hand first, and then the coach goes "
        "through it with you."
    )


def learning_offer(profile: Profile) -> bool:
    """The game the end of a lesson opened this page for (the learning game, or a first
    game): while it is offered it is the only thing on the page (True)."""
    offer = requests.game_offered()
    if offer is None:
        return False
    rung = rung_named(offer.rung) if offer.rung is not None else None
    setup = rung.setup if rung is not None else LEARNING_GAME
    with st.container(border=True, key="play_offer"):
        st.markdown(_offer_words(rung))
        with st.container(horizontal=True):
            begin = st.button("Start the game", type="primary", key="play_learning_start")
            later = st.button("Not now", key="play_learning_later")
    if begin:
        requests.drop_game_offer()
        start(setup, profile)
        st.rerun()
    if later:
        requests.drop_game_offer()
        st.rerun()
    return True


def _start_rung(rung_id: str, profile: Profile) -> None:
    rung = rung_named(rung_id)
    if rung is not None:
        start(rung.setup, profile)


def first_games(profile: Profile) -> None:
    """The ladder of first games: each opens with its lesson; only what is learned scores."""
    done = {lesson for lesson, place in session.lesson_progress().items() if place.done}
    course = the_course()
    states = ladder(course, done, play_saves.finished_setups(profile))
    st.subheader("First games")
    st.write(
        "Short games against the Easy computer that grow with the lessons: in each, only "
        "what you have learned so far scores."
    )
    for state in states:
        rung = state.rung
        with st.container(border=True, key=f"play_rung_{rung.id}"):
            st.markdown(f"**{rung.number}. {rung.title}**  \n{rung.new}")
            if state.step is Step.LOCKED:
                lesson = state.lesson or ""
                number = course.number(lesson) if course.has(lesson) else "?"
                st.caption(f":material/lock: Opens after lesson {number}: {course.title(lesson)}.")
                continue
            won = f" ({state.won} of {state.played} won)" if state.played else ""
            st.caption(_STEP_WORDS[state.step] + won)
            actions.button(
                "Play it again" if state.played else "Play",
                key=f"play_rung_start_{rung.id}",
                type="secondary" if state.won else "primary",
                on_click=_start_rung,
                args=(rung.id, profile),
            )


def next_rung(page_game: PlayGame, rung: Rung, profile: Profile) -> None:
    """After a first game: how this rung has gone, and the next one (to play now when its
    lesson is done, or the lesson that opens it)."""
    done = {lesson for lesson, place in session.lesson_progress().items() if place.done}
    course = the_course()
    states = ladder(course, done, play_saves.finished_setups(profile))
    mine = states[rung.number - 1]
    st.markdown(
        f"First game {rung.number}, {rung.title}: {many(mine.played, 'game')} played, "
        f"{mine.won} won."
    )
    if rung.number >= len(states):
        return
    nxt = states[rung.number]
    if nxt.step is Step.LOCKED:
        lesson = nxt.lesson or ""
        number = course.number(lesson) if course.has(lesson) else "?"
        st.caption(
            f"First game {nxt.rung.number}, {nxt.rung.title}, opens after lesson "
            f"{number}: {course.title(lesson)}."
        )
        return
    if st.button(
        f"Next: first game {nxt.rung.number}, {nxt.rung.title}",
        key="play_next_rung",
        icon=":material/arrow_forward:",
    ):
        page_game.table.leave()
        commit(page_game)
        start(nxt.rung.setup, profile)
        st.rerun()

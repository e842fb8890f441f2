"""The first games: the ladder of short games that grow with the lessons (a compact row of
tiles, each saying how it stands or which lesson opens it), the game the end of a lesson
offers (the learning game, or a first game), and after a first game, the next one."""

from __future__ import annotations

import streamlit as st

from trainer.training.ladder import Rung, RungState, Step, ladder, rung_named
from trainer.training.records import Profile
from trainer.training.table import LEARNING_GAME
from trainer.ui import actions, play_saves, requests, session
from trainer.ui.loaded import course as the_course
from trainer.ui.play_page.layout import many
from trainer.ui.play_page.saving import commit, start
from trainer.ui.play_saves import PlayGame

__all__ = ["first_games", "learning_offer", "next_rung", "start_rung"]


def _standing(state: RungState) -> str:
    """How a first game stands, in a few words for its tile."""
    if state.step is Step.WON:
        return f":material/check: Won {state.won} of {state.played}"
    if state.step is Step.PLAYED:
        return f"Played {state.played}, not won yet"
    return "Open"


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


def start_rung(rung_id: str, profile: Profile) -> None:
    """Start first game ``rung_id`` for the player (a button's callback)."""
    rung = rung_named(rung_id)
    if rung is not None:
        start(rung.setup, profile)


def _tile(state: RungState, profile: Profile) -> None:
    """One first game in the row: its number and title, how it stands, and Play (or, while
    it is locked, the lesson that opens it)."""
    rung = state.rung
    course = the_course()
    with st.container(border=True, key=f"play_rung_{rung.id}", gap="small"):
        st.markdown(f"**{rung.number}. {rung.title}**")
        if state.step is Step.LOCKED:
            lesson = state.lesson or ""
            number = course.number(lesson) if course.has(lesson) else "?"
            st.caption(f":material/lock: Lesson {number}")
            return
        st.caption(_standing(state))
        actions.button(
            "Again" if state.played else "Play",
            key=f"play_rung_start_{rung.id}",
            type="secondary" if state.won else "primary",
            on_click=start_rung,
            args=(rung.id, profile),
        )


def first_games(profile: Profile) -> None:
    """The ladder of first games in a compact row: each opens with its lesson, and only
    what is learned scores in it."""
    done = {lesson for lesson, place in session.lesson_progress().items() if place.done}
    states = ladder(the_course(), done, play_saves.finished_setups(profile))
    st.subheader("First games")
    st.caption(
        "Short games against the Easy computer that grow with the lessons: in each, only "
        "what you have learned so far scores."
    )
    # six to a line on a wide screen, three on a phone (assets/opening.css)
    with st.container(horizontal=True, gap="small", key="play_rungs"):
        for state in states:
            _tile(state, profile)


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

"""A player's finished games as a list, each with a link to its review (the Progress page
and the Review page, when it is opened without a game, both show it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

import streamlit as st

from trainer.progress.figures import TABLE_SHORT
from trainer.progress.store import FinishedGame
from trainer.training.table import LEVEL_NAMES, PERSON_MARK, Person, PlaySetup, level_name
from trainer.ui import session
from trainer.ui.requests import name_review

#: The Review page, as the app's navigation names it, and the address parameter it reads.
REVIEW_PAGE = "ui/views/review.py"
GAME_PARAM = "game"


def review_address(game_id: str) -> dict[str, str]:
    """The Review page's address parameters for a game (the player's too)."""
    return session.address_with_player({GAME_PARAM: game_id})


def open_review(game_id: str) -> NoReturn:
    """Go to the Review page for one of the player's games."""
    name_review(game_id)
    st.switch_page(REVIEW_PAGE, query_params=review_address(game_id))


def people_at(settings: str) -> str | None:
    """Who sat at a game of people, in words (``Ann, Sam and the computer (Easy)``); None
    for a game against the computer alone (or a setup that no longer reads)."""
    if "lineup=" not in settings:
        return None
    try:
        lineup = PlaySetup.parse(settings).lineup
    except ValueError:
        return None
    if not any(isinstance(p, Person) for p in lineup):
        return None
    names = [
        p.name if isinstance(p, Person) else f"the computer ({LEVEL_NAMES.get(p, p)})"
        for p in lineup
    ]
    return ", ".join(names[:-1]) + " and " + names[-1]


def game_line(game: FinishedGame) -> str:
    """``12 Mar · Normal, to 121 · won 121–98 (a skunk) · 14.2 points lost`` (the table
    size named when it is not two: ``Normal, to 121, 3 players``; a game of people names
    who sat at it: ``Ann and Sam, to 121``)."""
    when = game.finished_at.astimezone().strftime("%d %b %Y").lstrip("0")
    people = None if game.level.startswith(PERSON_MARK) else people_at(game.settings)
    level = people or level_name(game.level)
    if game.level.startswith(PERSON_MARK):  # a game across devices: against the other person
        level = f"Against {level}"
    result = "won" if game.status == "won" else "lost"
    skunk = {1: " (a skunk)", 2: " (a double skunk)"}.get(game.skunk, "")
    lost = "" if game.lost is None else f" · {game.lost.total:.1f} points lost"
    size = "" if game.seats == 2 or people else f", {TABLE_SHORT.get(game.seats, game.seats)}"
    return f"{when} · {level}, to {game.target}{size} · {result} {game.my_score}–{game.their_score}{skunk}{lost}"


def game_links(games: Sequence[FinishedGame], *, key: str) -> None:
    """One line a game, newest first, each with its "Review" link."""
    for game in games:
        with st.container(
            horizontal=True, vertical_alignment="center", key=f"{key}_{game.game_id}"
        ):
            st.markdown(game_line(game))
            st.page_link(
                REVIEW_PAGE,
                label="Review",
                icon=":material/rate_review:",
                query_params=review_address(game.game_id),
            )

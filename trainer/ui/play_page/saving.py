"""Saving the game on the Play page, and what is said when a save is refused or fails.

Every save is made over the version of the game the page was showing (see
:mod:`trainer.ui.play_saves`): a second tab showing an older copy is refused and shown the
game as stored, and a save that fails is said at the top of the page at once, the game kept
on the page and saved again with the next move. Which player's game the page shows
(:func:`sync`) is decided here too.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import streamlit as st

from trainer.engine.vocab import RuleError
from trainer.training.records import Profile
from trainer.training.table import PlaySetup, Table, in_our_words
from trainer.ui import actions, play_saves, session
from trainer.ui.play_page.state import NOBODY, capital, play_state
from trainer.ui.play_saves import Owner, PlayGame, Saved, Stale
from trainer.ui.profiles import plain
from trainer.ui.shared_saves import save_shared

__all__ = ["act", "commit", "retry", "start", "sync", "unsaved"]


def commit(game: PlayGame) -> bool:
    """Save the page's game after a move; False when the move did not stand (the game had
    moved on in another tab or server, and the page now shows it as stored)."""
    outcome = save_shared(game) if game.shared is not None else play_saves.save(game)
    if not isinstance(outcome, Stale):
        return True
    state = play_state()
    if outcome.said:
        state.game = outcome.stored
        state.note = capital(outcome.said) + ("" if outcome.said.endswith(".") else ".")
    elif outcome.stored is None:
        state.game = None
        state.note = (
            "This game is no longer among your saved games (it was removed in another tab "
            "or window), so that move was not made."
        )
    else:
        state.game = outcome.stored
        state.note = (
            "This game was finished in another tab or window, so that move was not made: "
            "here is the game as it ended."
            if outcome.finished
            else "This game moved on in another tab or window, so that move was not made: "
            "here it is as it was saved there."
        )
    return False


def act(action: Callable[[Table], object]) -> None:
    """Do one of the person's actions on the table (a method of :class:`Table`, such as
    ``Table.cut_starter``), then save the game."""
    state = play_state()
    game = state.game
    if game is None:
        return
    try:
        action(game.table)
    except (RuleError, ValueError) as error:
        table = game.table
        state.note = capital(in_our_words(str(error), names=table.names)) + "."
        return
    state.note = ""
    commit(game)


def start(setup: PlaySetup, profile: Profile) -> None:
    """A new game with ``setup`` on the page, for ``profile``, saved at once (at a table of
    people where ``profile`` does not sit, kept under a person who does:
    :func:`~trainer.ui.play_saves.keeper`)."""
    table = Table.new(setup, seed=random.randrange(2**31))
    game = PlayGame.new(table, play_saves.keeper(setup, profile))
    state = play_state()
    state.game = game
    state.confirm = None
    commit(game)


def retry() -> None:
    """ "Try saving again": the game on the page saved again."""
    game = play_state().game
    if game is not None:
        commit(game)


def sync(profile: Profile) -> None:
    """Show this player's game: the one on the page if it is theirs, otherwise theirs from
    the store (a game of someone else's not yet saved is held for them in this browser)."""
    state = play_state()
    owner = Owner.of(profile)
    game = state.game
    if game is not None:
        if profile is NOBODY:
            return  # the progress file cannot be read: whoever plays here goes on playing
        if state.loaded_for == owner and _people_here(game):
            return  # a table of people this player opened here, kept under one who sits at it
        if game.owner != owner and _kept_for(game, owner):
            return
    if state.loaded_for == owner:
        return
    state.loaded_for = owner
    mine = state.held.pop(owner, None)
    if mine is not None:
        state.game = mine
        commit(mine)
        return
    loaded = play_saves.load_game(profile)
    if loaded.game is not None:
        state.game = loaded.game
    if loaded.problem:
        state.note = loaded.problem


def _kept_for(game: PlayGame, owner: Owner) -> bool:
    """Someone else's game on the page when ``owner`` is chosen: it leaves the page (a game
    across devices is in the store; one not yet saved is held for its player in this
    browser), unless the progress file was damaged and started afresh without its player,
    when the page keeps it for ``owner`` (True)."""
    state = play_state()
    if game.shared is not None:
        state.leave()  # a game across devices is in the store: the other player's own
        return False
    store = session.current_store()
    if store is not None and store.notice is not None and _profile_of(game) is None:
        # the progress file was damaged and started afresh, so the game's player is no
        # longer in it: the game on this page is kept, for the player chosen now here
        game.owner, game.version = owner, 0
        commit(game)
        state.loaded_for = owner
        return True
    if game.unsaved is not None and not isinstance(play_saves.save(game), Saved):
        state.held[game.owner] = game
    state.leave()
    return False


def _people_here(game: PlayGame) -> bool:
    """A game of people on this device (the page plays every person's seat)."""
    return game.shared is None and bool(game.table.names.people)


def _profile_of(game: PlayGame) -> Profile | None:
    """The player a game's owner was (None: the owner's id now names someone else)."""
    store = session.current_store()
    found = store.profile(game.owner.id) if store is not None else None
    return found if found is not None and found.created_at == game.owner.created_at else None


def unsaved(game: PlayGame) -> None:
    """Said at once, at the top of the page, whenever the game on it is not saved."""
    if game.unsaved is None:
        return
    with st.container(border=True, key="play_unsaved"):
        st.error(
            f"**Your game is not saved:** {plain(game.unsaved)}. Your moves stay on this page "
            "and are saved as soon as your progress can be saved again (with your next "
            "move, or press “Try saving again”). Until then, reloading or closing this page "
            "loses the moves since the last save.",
            icon=":material/error:",
        )
        actions.button("Try saving again", key="play_retry", on_click=retry)

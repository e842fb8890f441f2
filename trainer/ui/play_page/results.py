"""The end of a game: who won and by how much, the best hand, each side's points by kind,
the person's chance to win deal by deal (games of two), and their record (or, after a
first game, the next one). While they read it, the game's review is worked out in the
background (:mod:`trainer.ui.review_ahead`), so "Review this game" opens at once."""

from __future__ import annotations

import streamlit as st

from trainer.engine.items import Kind
from trainer.engine.summary import GameSummary
from trainer.progress.figures import record_line
from trainer.training.ladder import rung_of
from trainer.training.records import Profile
from trainer.training.table import (
    COMPUTER,
    ME,
    SEAT_NAMES,
    SHORT_NAMES,
    Table,
    best_hand_line,
)
from trainer.training.winline import FollowedLine, WinLine
from trainer.ui import play_saves
from trainer.ui.drawing import show_cards
from trainer.ui.game_list import open_review
from trainer.ui.play_page.first_games import next_rung
from trainer.ui.play_page.layout import hand, scores_said
from trainer.ui.play_page.saving import commit
from trainer.ui.play_page.state import play_state
from trainer.ui.play_saves import PlayGame
from trainer.ui.profiles import plain
from trainer.ui.review_ahead import prepare
from trainer.ui.winchart import show_win_line

__all__ = ["FOLLOW_LIMIT", "follow_win_line", "results"]


def results(page_game: PlayGame, profile: Profile) -> None:
    """The finished game's results, "Play again" and "Review this game"."""
    table = page_game.table
    game = table.game
    summary = game.summary()
    st.markdown("\n".join(_final_words(table, summary.deals)))
    reviewed = play_saves.review_id(page_game, profile)  # (None: the player did not sit)
    _best_hand_and_buttons(page_game, summary, reviewed)
    # only what this game has: a first game has no play, crib or muggins
    st.table(_points_rows(table, summary))
    line = _win_line(page_game) if table.has_win_meter else None
    if line is not None:
        show_win_line(line, key="play_winline", words=table.in_words)
    if reviewed is not None:
        kept = play_saves.kept_setup(table, play_saves.seat_of(table, profile))  # as saved
        prepare(game.record().notation(), kept.notation(), line)  # for "Review this game"
    _what_next(page_game, profile)


def _best_hand_and_buttons(page_game: PlayGame, summary: GameSummary, reviewed: str | None) -> None:
    """The game's best hand, "Play again" and "Review this game" of the player's own row
    ``reviewed`` (None: the player did not sit at this table of people, so no review is
    theirs), and what each does."""
    table = page_game.table
    best = summary.best_hand
    with hand():
        if best is not None:
            st.markdown(best_hand_line(best, table.game.players))
            show_cards(best.score.hand, starter=best.score.starter, max_width=300)
        with st.container(horizontal=True):
            again = st.button("Play again", type="primary", key="play_again")
            review = reviewed is not None and st.button("Review this game", key="play_review")
        if reviewed is None:
            *others, last = [name for _, name in table.names.people]
            st.caption(
                plain(f"{', '.join(others)} and {last}" if others else last)
                + " each find this game, and its review of their own moves, on their own "
                "Progress page."
            )
    if review and reviewed is not None:
        open_review(reviewed)
    if again:
        if page_game.shared is None:  # (a game across devices is over in the store: its
            table.leave()  # results are each person's rows)
            commit(page_game)
        play_state().game = None
        st.rerun()


def _points_rows(table: Table, summary: GameSummary) -> list[dict[str, str | int]]:
    """Each side's points by kind, a row each: only the kinds this game scores."""
    game = table.game
    settings = game.settings
    rows = []
    names = table.names
    short = (
        SHORT_NAMES
        if game.players == 2 and not names.people
        else {seat: names.short(seat) for seat in names.seats}
    )
    for seat, name in short.items():
        s = summary.seats[seat]
        row: dict[str, str | int] = {"Who": name}
        if settings.play:
            row["The play"] = s.play + s.heels
        elif Kind.HIS_HEELS in settings.kinds:
            row["His heels"] = s.heels
        row["Hands"] = s.hands
        if settings.crib:
            row["Crib"] = s.crib
        if settings.muggins:
            row["Muggins"] = s.muggins
        row["Total"] = s.total
        rows.append(row)
    return rows


def _what_next(page_game: PlayGame, profile: Profile) -> None:
    """Under the results: the next first game after a first game, else the person's record
    against this level (none for a game read from a record or between people)."""
    table = page_game.table
    game = table.game
    rung = rung_of(table.setup)
    if rung is not None and not page_game.imported:
        next_rung(page_game, rung, profile)
        return
    if table.names.people:  # a game between people is no record against a computer level
        return
    record = play_saves.stats(profile, table.level, game.settings.target, game.players)
    if page_game.imported:
        st.caption("This game was read from a record, so it is not counted in your record.")
    elif record is not None and record.games:
        st.markdown(record_line(table.level, game.settings.target, game.players, record))


#: How many actions of the game :func:`follow_win_line` measures in one run at most (a few
#: milliseconds; a game resumed late catches up over a few moves).
FOLLOW_LIMIT = 12


def _followed(page_game: PlayGame) -> FollowedLine:
    """The win line followed for the game on the page (made anew for another game, or for
    this game replaced by its stored copy after a refused save)."""
    state = play_state()
    game = page_game.table.game
    kept = state.win_line
    if (
        kept is not None
        and kept[0] == page_game.game_id
        and kept[1].chance_of == page_game.table.chance_seen  # the same table: a refused
        and kept[1].follows(game.events)  # save puts the stored copy's table in its place
    ):
        return kept[1]
    followed = FollowedLine(
        game.settings, game.seed, seat=ME, chance_of=page_game.table.chance_seen
    )
    state.win_line = (page_game.game_id, followed)
    return followed


def follow_win_line(page_game: PlayGame) -> None:
    """Measure a few more of the game's actions for its win line (games the line is drawn
    for), so that the results draw it without working it out then."""
    if page_game.table.has_win_meter:
        _followed(page_game).follow(page_game.table.game.events, FOLLOW_LIMIT)


def _win_line(page_game: PlayGame) -> WinLine:
    """The finished game's win line from the person's side (:func:`win_line` of its
    record), worked out as the game went and kept in the page's state."""
    return _followed(page_game).line(page_game.table.game.events)


def _final_words(table: Table, deals: int) -> list[str]:
    """Who won, by how much, and the final score, in Markdown."""
    game = table.game
    won = game.winner == ME  # the person's side is side 0
    skunk = game.skunk()
    word = "a double skunk" if skunk == 2 else "a skunk"
    names = table.names
    if names.people:  # people by name: the winners, and the score
        assert game.winner is not None
        winner = names.side_said(game.winner)
        two = game.players == 4 or winner == "You"  # (a device's own seat: "You win!")
        person = any(game.side_of(seat) == game.winner for seat, _ in names.people)
        lines = [f"## {winner} {'win' if two else 'wins'}{'! 🎉' if person else ' this time'}"]
        if skunk:
            lines.append(f"**{winner} won by {word}!**  ")
        lines.append(f"Final score: **{scores_said(table)}** after {deals} deals.")
        return lines
    if game.players == 2:
        me, them = game.scores
        lines = ["## You win! 🎉" if won else "## The computer wins this time"]
        if skunk:
            lines.append(f"**{SEAT_NAMES[ME if won else COMPUTER]} won by {word}!**  ")
        lines.append(f"Final score: **you {me}, the computer {them}** after {deals} deals.")
        return lines
    assert game.winner is not None
    winner = names.side_said(game.winner)
    if won:
        lines = ["## You and your partner win! 🎉" if game.players == 4 else "## You win! 🎉"]
    else:
        lines = [f"## {winner} {'win' if game.players == 4 else 'wins'} this time"]
    if skunk:
        lines.append(f"**{winner} won by {word}!**  ")
    lines.append(f"Final score: **{scores_said(table)}** after {deals} deals.")
    return lines

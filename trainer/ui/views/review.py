"""Review: a finished game, decision by decision, for the player who played it.

It opens on the three costliest decisions, then the points lost by kind (throws, cards laid,
counts) and a chart of them per deal, the chance to win as a line over the deals (its
biggest swings marked, :mod:`trainer.ui.winchart`), then steps through the game deal by deal on the
board. The numbers are the review's (:mod:`trainer.training.review`): this page words and
draws them. Another page opens it for a game with ``?game=<id>`` (or names the game with
:func:`trainer.ui.requests.name_review`); only the signed-in player's own finished games open.
What the page keeps between runs is one :class:`~trainer.ui.page_state.ReviewState`.
"""

from __future__ import annotations

import sqlite3
from typing import NoReturn

import altair as alt
import pandas as pd
import streamlit as st

from trainer.analysis.winmeter import measured
from trainer.engine.cards import Card, label_cards
from trainer.engine.record import GameRecord
from trainer.engine.vocab import Which
from trainer.progress.review_totals import review_text
from trainer.progress.store import StoreError, describe_error
from trainer.training.review import (
    COSTLY,
    CountReview,
    DealReview,
    Decision,
    DecisionKind,
    GameReview,
    PlayReview,
    ThrowReview,
)
from trainer.training.table import COMPUTER, LEVEL_NAMES, ME, SHORT_NAMES, PlaySetup
from trainer.ui import actions, session
from trainer.ui.board import BOARD_CSS, BoardMove, Frame, board_html
from trainer.ui.drawing import show_cards
from trainer.ui.game_list import GAME_PARAM, game_links
from trainer.ui.page_state import ReviewState, kept
from trainer.ui.profiles import plain, require_player
from trainer.ui.requests import PracticeRequest, ask_practice, take_review
from trainer.ui.winchart import game_line, show_win_line

PROGRESS_PAGE = "ui/views/progress.py"
PLAY_PAGE = "ui/views/play.py"
#: What each kind of decision is called on this page.
KIND_NAMES: dict[DecisionKind, str] = {
    DecisionKind.THROW: "Throws",
    DecisionKind.PLAY: "Cards laid",
    DecisionKind.COUNT: "Counts",
}


#: Where the page keeps its :class:`~trainer.ui.page_state.ReviewState` in the session state.
STATE_KEY = "_review_page"


def _state() -> ReviewState:
    return kept(STATE_KEY, ReviewState)


def _points(value: float) -> str:
    return f"{value:.2f} point" + ("" if round(value, 2) == 1 else "s")


def _whole(value: int) -> str:
    return f"{value} point" + ("" if value == 1 else "s")


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return label_cards(cards) or "none"


@st.cache_resource(max_entries=32, show_spinner="Reviewing the game…")
def _reviewed(record: str, settings: str) -> GameReview:
    """The review of a stored game, kept for every session (it is the same for anyone)."""
    return review_text(record, settings)


def _deal_key(game_id: str) -> str:
    return f"review_deal_{game_id}"


def _go_to_deal(game_id: str, deal_no: int) -> None:
    st.session_state[_deal_key(game_id)] = deal_no


def _practise(throw: ThrowReview) -> None:
    """Open "Which two do you throw?" with this throw's six cards, in its seat."""
    ask_practice(PracticeRequest("discard", "dealer" if throw.dealer else "pone", hand=throw.six))


def _practise_button(throw: ThrowReview, key: str) -> None:
    if st.button(
        "Practise this",
        key=key,
        icon=":material/fitness_center:",
        help="Opens “Which two do you throw?” with these six cards.",
    ):
        _practise(throw)


# --- one decision, in words ------------------------------------------------------------------


def _whose_crib(throw: ThrowReview) -> str:
    return "your own crib" if throw.dealer else "the computer's crib"


def _throw_lines(throw: ThrowReview) -> list[str]:
    advice = throw.advice
    best = advice.best
    lines = [
        f"You threw {_cards(list(throw.thrown))} to {_whose_crib(throw)}: number "
        f"{advice.place} of 15 throws."
    ]
    if advice.place == 1:
        lines.append("That was the best throw.")
    else:
        lines.append(
            f"The best was {_cards(list(best.discard.throw))}; yours cost {advice.cost_text()}."
        )
        lines.append(f"Best: {best.reason}. Yours: {advice.chosen.reason}.")
    if throw.hinted:
        lines.append("You asked for a hint on this deal.")
    return lines


def _play_lines(play: PlayReview) -> list[str]:
    where = (
        "You led"
        if not play.pile
        else f"At {play.count} (the pile {_cards(list(play.pile))}) you laid"
    )
    chosen, best = play.chosen, play.best
    lines = [
        f"{where} {play.card.label}: it pegged {chosen.points} and the computer could peg "
        f"{chosen.reply:.2f} back on average."
    ]
    if play.forced:
        lines.append("It was the only card that fitted.")
    elif play.lost > COSTLY:
        lines.append(
            f"The {best.card.label} would have gained {_points(play.lost)} on average "
            f"(it pegs {best.points}, their reply {best.reply:.2f})."
        )
    else:
        lines.append("That was as good as the best card.")
    return lines


def _count_lines(count: CountReview) -> list[str]:
    what = "crib" if count.which is Which.CRIB else "hand"
    score = count.event.score
    lines = [
        f"Your {what} ({_cards(list(score.hand))}, starter {score.starter.label}) made "
        f"{count.true}, and you said {count.claimed}."
    ]
    if count.missed:
        taken = (
            f" The computer called muggins and took {_whole(count.taken)}." if count.taken else ""
        )
        lines.append(f"You missed {_whole(count.missed)}.{taken}")
        lines.append(f"Counted out: {score.cadence()}.")
    elif count.over:
        lines.append(f"That was {_whole(count.over)} too many: you pegged {count.true}.")
    else:
        lines.append("Right!")
    return lines


def _lines(decision: Decision) -> list[str]:
    if isinstance(decision, ThrowReview):
        return _throw_lines(decision)
    if isinstance(decision, PlayReview):
        return _play_lines(decision)
    return _count_lines(decision)


def _title(decision: Decision) -> str:
    if isinstance(decision, ThrowReview):
        what = "the throw"
    elif isinstance(decision, PlayReview):
        what = f"the {decision.card.label} laid"
    else:
        what = "your crib count" if decision.which is Which.CRIB else "your hand count"
    return f"Deal {decision.deal_no}, {what}: {_points(decision.lost)} lost"


# --- the sections ----------------------------------------------------------------------------


def _costliest(review: GameReview, game_id: str) -> None:
    st.subheader("Your three costliest decisions")
    top = review.costliest(3)
    if not top:
        st.success(
            "Nothing costly: every throw, card and count was within "
            f"{COSTLY:.1f} points of the best.",
            icon=":material/celebration:",
        )
        return
    for n, decision in enumerate(top, start=1):
        with st.container(border=True, key=f"review_top_{n}"):
            st.markdown(f"**{n}. {_title(decision)}**")
            st.markdown("  \n".join(_lines(decision)))
            if isinstance(decision, ThrowReview):
                show_cards(decision.six, highlight=decision.thrown, max_width=360)
                st.caption("Lit: the two you threw.")
            with st.container(horizontal=True):
                actions.button(
                    f"See deal {decision.deal_no}",
                    key=f"review_see_{n}",
                    on_click=_go_to_deal,
                    args=(game_id, decision.deal_no),
                )
                if isinstance(decision, ThrowReview):
                    _practise_button(decision, f"review_practise_top_{n}")


def _totals(review: GameReview) -> None:
    st.subheader("Points lost")
    lost = review.lost
    muggins = review.settings.muggins
    throws, plays, counts = st.columns(3)
    throws.metric(KIND_NAMES[DecisionKind.THROW], f"{lost.throws:.1f}")
    plays.metric(KIND_NAMES[DecisionKind.PLAY], f"{lost.plays:.1f}")
    counts.metric(
        KIND_NAMES[DecisionKind.COUNT],
        f"{lost.counts:.0f}" if muggins else "–",
        help=None if muggins else "The trainer counted the hands in this game.",
    )
    st.caption(
        f"{lost.total:.1f} points in all over {len(review.deals)} deals. A throw's figure is "
        "points a deal on average against the best throw, hand and crib together; a card's "
        "is points of the play on average against the best card; a count's is the points "
        "you left out."
    )
    frame = pd.DataFrame(
        [
            {"Deal": deal.deal_no, "Kind": KIND_NAMES[kind], "Points lost": deal.lost.of(kind)}
            for deal in review.deals
            for kind in DecisionKind
        ]
    )
    chart = (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("Deal:O", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("sum(Points lost):Q", title="Points lost"),
            color=alt.Color(
                "Kind:N",
                title=None,
                sort=list(KIND_NAMES.values()),
                legend=alt.Legend(orient="top"),  # below, it takes the bars' height
            ),
            order=alt.Order("Kind:N"),
            tooltip=[
                alt.Tooltip("Deal:O"),
                alt.Tooltip("Kind:N"),
                alt.Tooltip("Points lost:Q", format=".2f"),
            ],
        )
    )
    st.markdown("##### Points lost per deal")
    st.altair_chart(chart, width="stretch", height=240)


def _board(review: GameReview, deal: DealReview) -> None:
    last = deal.board.last
    move = BoardMove(last.seat, last.start, last.end, last.reason) if last else None
    board = board_html(
        [Frame(deal.board.front, deal.board.back, move)],
        target=review.settings.target,
        names=(SHORT_NAMES[ME], SHORT_NAMES[COMPUTER]),
    )
    st.markdown(board, unsafe_allow_html=True)


def _throw_table(throw: ThrowReview) -> None:
    advice = throw.advice
    lines = list(advice.top)
    if advice.chosen not in lines:
        lines.append(advice.chosen)
    sign = "+" if throw.dealer else "−"
    rows = [
        f"| {f'{line.place} (yours)' if line is advice.chosen else line.place} "
        f"| {_cards(list(line.discard.throw))} | {_cards(list(line.discard.keep))} "
        f"| {line.discard.hand:.2f} | {line.discard.crib:.2f} | {line.discard.play:+.2f} "
        f"| {line.discard.net:.2f} |"
        for line in lines
    ]
    # a table in the page's own text: no data frame to load and draw in the browser
    header = (
        f"| Place | Throw | Keep | Hand | {sign} crib | The play | A deal |\n"
        "|---|---|---|--:|--:|--:|--:|"
    )
    st.markdown("\n".join([header, *rows]))
    st.caption(
        "The play: how many points a deal the four kept peg more (+) or fewer (−) than an"
        " average hand, less what they let the other player peg."
    )


def _deal(review: GameReview, deal: DealReview, game_id: str) -> None:
    _board(review, deal)
    me, them = deal.gained
    before, after = deal.scores_before, deal.scores
    who = "you deal" if deal.dealer == ME else "the computer deals"
    starter = f"starter {deal.starter.label}" if deal.starter else "no starter turned"
    st.caption(
        f"Deal {deal.deal_no} · {who} · {starter} · you pegged {me}, the computer {them} "
        f"({before[0]}–{before[1]} → {after[0]}–{after[1]}) · "
        f"{deal.lost.total:.2f} points lost"
    )
    if deal.throw is not None:
        throw = deal.throw
        st.markdown("##### Your throw")
        show_cards(throw.six, highlight=throw.thrown, max_width=360)
        st.markdown("  \n".join(_throw_lines(throw)))
        _throw_table(throw)
        if throw.lost > COSTLY:
            _practise_button(throw, f"review_practise_{deal.deal_no}")
    else:
        st.info("The game ended before you threw in this deal.")
    if deal.plays:
        st.markdown("##### Your cards in the play")
        for play in deal.plays:
            mark = "" if play.lost <= COSTLY else f" (**{_points(play.lost)} lost**)"
            st.markdown("  \n".join(_play_lines(play)) + mark)
    if deal.counts:
        st.markdown("##### Your counts")
        for count in deal.counts:
            st.markdown("  \n".join(_count_lines(count)))


@st.fragment
def _deals(review: GameReview, game_id: str) -> None:
    """Deal by deal on the board. A fragment: stepping to another deal runs this part of the
    page again, not the chart and the costliest decisions above it."""
    st.subheader("Deal by deal")
    numbers = [deal.deal_no for deal in review.deals]
    key = _deal_key(game_id)
    if st.session_state.get(key) not in numbers:
        st.session_state[key] = numbers[0]
    chosen = int(st.session_state[key])
    at = numbers.index(chosen)
    with st.container(horizontal=True, vertical_alignment="center"):
        actions.button(
            "Previous deal",
            key="review_previous",
            icon=":material/chevron_left:",
            disabled=at == 0,
            on_click=_go_to_deal,
            args=(game_id, numbers[max(at - 1, 0)]),
        )
        actions.button(
            "Next deal",
            key="review_next",
            icon=":material/chevron_right:",
            disabled=at == len(numbers) - 1,
            on_click=_go_to_deal,
            args=(game_id, numbers[min(at + 1, len(numbers) - 1)]),
        )
    if len(numbers) > 1:
        st.select_slider("Deal", options=numbers, key=key)
    _deal(review, review.deal(int(st.session_state[key])), game_id)


def _stop(
    message: str,
    *,
    page: str = PROGRESS_PAGE,
    label: str = "Your games on Progress",
    icon: str = ":material/insights:",
) -> NoReturn:
    st.info(plain(message), icon=":material/info:")
    st.page_link(page, label=label, icon=icon)
    st.stop()


#: Finished games offered when the page is opened without one.
OFFERED = 10


def _choose(profile_id: int) -> NoReturn:
    """No game asked for: offer the player's newest finished games."""
    try:
        games = session.finished_games(profile_id, limit=OFFERED)
    except (sqlite3.Error, StoreError) as err:
        session.report_failure(err)
        _stop(f"Your games cannot be read just now ({describe_error(err)}).")
    if not games:
        _stop(
            "Finish a game on the Play page and its review is here: your costliest "
            "decisions, and every deal on the board.",
            page=PLAY_PAGE,
            label="Play a game",
            icon=":material/playing_cards:",
        )
    st.markdown("Choose a finished game to review.")
    game_links(games, key="review_choose")
    st.page_link(PROGRESS_PAGE, label="All your games on Progress", icon=":material/insights:")
    st.stop()


def _asked() -> str:
    """The game asked for: the address's, else the one another page named last, or the one
    shown last."""
    named = take_review()
    if named is not None:
        _state().game_id = named
    value = st.query_params.get(GAME_PARAM)
    if isinstance(value, str) and value.strip():
        return value.strip()[:100]
    return _state().game_id


# --- the page --------------------------------------------------------------------------------

require_player()  # a review is of the player's own game
st.title("Game review")

store = session.current_store()
profile = session.current_profile() if store is not None else None
if store is None or profile is None:
    _stop(session.store_problem() or "Games cannot be read right now.")
game_id = _asked()
if not game_id:
    _choose(profile.id)
if st.query_params.get(GAME_PARAM) != game_id:
    st.query_params[GAME_PARAM] = game_id  # a reload, or a shared link, finds the game again
try:
    saved = session.saved_game(profile.id, game_id)
except (sqlite3.Error, StoreError) as err:
    session.report_failure(err)
    _stop(f"Your games cannot be read just now ({describe_error(err)}).")
if saved is None:
    _stop(
        f"There is no game like that among {profile.name}'s games. A review opens only for "
        "your own games: choose one on the Progress page."
    )
if saved.status == "playing":
    _stop(
        "This game is still being played: finish it first, and its review is ready as soon "
        "as it ends.",
        page=PLAY_PAGE,
        label="Back to the game",
        icon=":material/playing_cards:",
    )
try:
    if PlaySetup.parse(saved.settings).settings.seats != 2:
        _stop(
            "The review goes through games of two: this game had more players at the table. "
            "Its record is kept with your games on the Progress page."
        )
    review = _reviewed(saved.record, saved.settings)
    setup = PlaySetup.parse(saved.settings)
except ValueError as err:
    _stop(f"This game's record cannot be reviewed: {err}")
_state().game_id = game_id  # the page opened from the sidebar shows this game again
if game_id not in _state().kept:  # the Progress chart's totals, once
    session.keep_review(profile.id, saved, review)
    _state().kept.add(game_id)

st.html(f"<style>{BOARD_CSS}</style>")  # the board's words and its phone layout
me, them = review.scores
result = "You won" if review.winner == ME else "The computer won"
counting = "you counted (muggins)" if review.settings.muggins else "the trainer counted"
st.caption(
    f"{LEVEL_NAMES.get(setup.level, setup.level)} computer · to {review.settings.target} · "
    f"{result} {me}–{them} after {len(review.deals)} deals · {counting}"
)
_costliest(review, game_id)
_totals(review)
if measured(review.settings):  # the win model's games (not a first game)
    show_win_line(game_line(GameRecord.parse(saved.record), ME), key="review_winline")
_deals(review, game_id)
st.page_link(PROGRESS_PAGE, label="All your games on Progress", icon=":material/insights:")

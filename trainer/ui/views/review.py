"""Review: a finished game, decision by decision, for the player who played it, at a table
of two, three or four.

It opens on the three costliest decisions, each with its word (best, good, an inaccuracy,
a mistake, a blunder, from the points it cost) and one plain sentence of why, the figures
behind "Details"; then how many decisions got each word and the points lost by kind
(throws, cards laid, counts) with a chart of them per deal; the chance to win as a line
over the deals, as the meter showed it (games the win model speaks of,
:mod:`trainer.ui.winchart`); then the game deal by deal on the board. The Details, the chart
and the line are folded until opened (:mod:`trainer.ui.folded`): a first load sends none of
them. In learning mode and first games no percentage or decimal point is shown. The numbers
are the review's (:mod:`trainer.training.review`), the words
:mod:`trainer.training.review_words`'s: this page draws them. The review is usually
worked out already, while the results were on the screen (:mod:`trainer.ui.review_ahead`).
Another page opens it for a game with ``?game=<id>`` (or names the game with
:func:`trainer.ui.requests.name_review`); only the signed-in player's own finished games
open. What the page keeps between runs is one
:class:`~trainer.ui.page_state.ReviewState`.
"""

from __future__ import annotations

from typing import Any, NoReturn

import streamlit as st

from trainer.progress.store import StoreError, describe_error
from trainer.training.review import (
    COSTLY,
    CountReview,
    DealReview,
    Decision,
    DecisionKind,
    GameReview,
    OneThrowReview,
    ThrowReview,
)
from trainer.training.review_words import (
    KIND_WORDS,
    details,
    limits_help,
    summary,
    throw_table,
    title,
    verdict,
    verdicts_line,
    why,
)
from trainer.training.table import LEVEL_NAMES, Person, PlaySetup, SeatNames
from trainer.ui import actions, session
from trainer.ui.board import BOARD_CSS, BoardMove, Frame, board_html
from trainer.ui.drawing import html_block, show_cards, show_metric
from trainer.ui.folded import folded
from trainer.ui.game_list import GAME_PARAM, game_links
from trainer.ui.page_state import ReviewState, kept
from trainer.ui.profiles import plain, require_player
from trainer.ui.requests import PracticeRequest, ask_practice, take_review
from trainer.ui.review_ahead import prepared, prepared_line
from trainer.ui.winchart import LINE_TITLE, show_win_line

PROGRESS_PAGE = "ui/views/progress.py"
PLAY_PAGE = "ui/views/play.py"


#: Where the page keeps its :class:`~trainer.ui.page_state.ReviewState` in the session state.
STATE_KEY = "_review_page"


def _state() -> ReviewState:
    return kept(STATE_KEY, ReviewState)


def _deal_key(game_id: str) -> str:
    return f"review_deal_{game_id}"


def _go_to_deal(game_id: str, deal_no: int) -> None:
    st.session_state[_deal_key(game_id)] = deal_no


def _practise(throw: ThrowReview) -> None:
    """Open "Which two do you throw?" with this throw's six cards, in its seat."""
    ask_practice(PracticeRequest("discard", "dealer" if throw.dealer else "pone", hand=throw.six))


def _practise_button(throw: ThrowReview | OneThrowReview, key: str) -> None:
    if not isinstance(throw, ThrowReview):  # (the drill throws two of six)
        return
    if st.button(
        "Practise this",
        key=key,
        icon=":material/fitness_center:",
        help="Opens “Which two do you throw?” with these six cards.",
    ):
        _practise(throw)


def _whole(points: float) -> str:
    """Points in a whole number (the figures are behind "Details")."""
    return f"{round(points)}"


def _details(decision: Decision, review: GameReview, *, words: bool) -> None:
    """The figures behind a decision: to a hundredth of a point, or in whole points in
    learning mode and first games; a throw's best throws as a table."""
    st.markdown("  \n".join(details(decision, review, words=words)))
    if isinstance(decision, ThrowReview | OneThrowReview):
        _throw_table(decision, words=words)


def _throw_table(throw: ThrowReview | OneThrowReview, *, words: bool) -> None:
    # a table in the page's own text: no data frame to load and draw in the browser
    st.markdown("\n".join(throw_table(throw, words=words)))
    if isinstance(throw, ThrowReview):
        cards, others = "these two", "the computer throwing as a sound player does"
        side = "for you" if throw.dealer else "against you"
    else:
        cards, others = "this card", "the others throwing as good players do"
        side = (
            "for your side"
            if throw.crib_sign > 0
            else "half against you (it helps one of the two others)"
            if throw.crib_sign > -1
            else "against your side"
        )
    play = (
        " The play: how many points a deal the four kept peg more (+) or fewer (−) than an"
        " average hand, less what they let the other player peg."
        if isinstance(throw, ThrowReview)
        else ""
    )
    st.caption(
        "Hand: what the four kept make with the starter, on average. Crib: what the crib "
        f"makes with {cards}, {others}, on average.{play} A deal: the hand with the crib "
        f"counted {side}{' and the play' if play else ''}."
    )


# --- the sections ----------------------------------------------------------------------------


def _costliest(review: GameReview, game_id: str, *, words: bool) -> None:
    st.subheader("Your three costliest decisions")
    top = review.costliest(3)
    if not top:
        st.success(
            "Nothing costly: every throw, card and count was as good as the best.",
            icon=":material/celebration:",
        )
    for n, decision in enumerate(top, start=1):
        with st.container(border=True, key=f"review_top_{n}"):
            # the title and why in one element (each element is drawn on its own)
            st.markdown(f"**{n}. {title(decision)}**\n\n{why(decision, review)}")
            if isinstance(decision, ThrowReview):
                show_cards(decision.six, highlight=decision.thrown, max_width=360)
                st.caption("Lit: the two you threw.")
            elif isinstance(decision, OneThrowReview):
                show_cards(decision.five, highlight=(decision.thrown,), max_width=300)
                st.caption("Lit: the card you threw.")
            with folded("Details", key=f"review_top_details_{n}") as opened:
                if opened:
                    _details(decision, review, words=words)
            with st.container(horizontal=True):
                actions.button(
                    f"See deal {decision.deal_no}",
                    key=f"review_see_{n}",
                    on_click=_go_to_deal,
                    args=(game_id, decision.deal_no),
                )
                if isinstance(decision, ThrowReview | OneThrowReview):
                    _practise_button(decision, f"review_practise_top_{n}")
    st.markdown(f"Your decisions: {verdicts_line(review)}.")
    with st.expander("What the words mean", key="review_words_help"):
        st.markdown(limits_help(words=words))


#: Why a kind of decision has no figure in a game (a first game has no crib, or no play).
_NONE = {
    DecisionKind.THROW: "This game has no crib: there was nothing to throw.",
    DecisionKind.PLAY: "This game has no play: no cards were laid.",
    DecisionKind.COUNT: "The trainer counted the hands in this game.",
}


def _lost_said(review: GameReview, *, words: bool) -> str:
    """The points lost in all and by kind, and what each kind's figure is (the totals'
    "Details")."""
    lost = review.lost
    if words:
        said = (
            f"About {_whole(lost.total)} points in all over {len(review.deals)} deals: "
            f"about {_whole(lost.throws)} in your throws, {_whole(lost.plays)} in the "
            f"cards you laid and {_whole(lost.counts)} in your counts."
        )
    else:
        said = (
            f"{lost.total:.2f} points in all over {len(review.deals)} deals: "
            f"{lost.throws:.2f} in your throws, {lost.plays:.2f} in the cards you laid "
            f"and {lost.counts:.2f} in your counts."
        )
    return (
        f"{said} A throw's figure is points a deal on average against the best throw, hand "
        "and crib together; a card's is points of the play on average against the best "
        "card; a count's is the points you left out."
    )


def _totals(review: GameReview, spec: dict[str, Any], *, words: bool) -> None:
    st.subheader("Points lost")
    lost = review.lost
    kinds = review.kinds
    for column, kind in zip(st.columns(3), DecisionKind, strict=True):
        there = kind in kinds
        with column:
            show_metric(
                KIND_WORDS[kind],
                _whole(lost.of(kind)) if there else "–",
                help=None if there else _NONE[kind],
            )
    with folded("Details", key="review_totals_details") as opened:
        if opened:
            st.markdown(_lost_said(review, words=words))
    st.markdown("##### Points lost per deal")
    # folded, as Progress's charts are: a chart is the dearest element to draw (its drawing
    # library is fetched for it), so nothing of it is sent until it is opened
    with folded(
        "Chart: points lost per deal, by kind",
        key="review_lost_chart_fold",
        icon=":material/bar_chart:",
    ) as opened:
        if opened:
            # what st.altair_chart(lost_chart(review), ...) draws, its spec made once per review
            st.vega_lite_chart(
                spec=dict(spec), width="stretch", height=240, key="review_lost_chart"
            )


def _board(review: GameReview, deal: DealReview, names: SeatNames) -> None:
    last = deal.board.last
    move = BoardMove(last.seat, last.start, last.end, last.reason) if last else None
    board = board_html(
        [Frame(deal.board.front, deal.board.back, move)],
        target=review.settings.target,
        names=names.board_names,
    )
    html_block(board)


def _deal_line(deal: DealReview, names: SeatNames, seat: int, *, words: bool) -> str:
    who = "you deal" if deal.dealer == seat else f"{names.who(deal.dealer).lower()} deals"
    starter = f"starter {deal.starter.label}" if deal.starter else "no starter turned"
    gained = ", ".join(f"{names.side(side)} {points}" for side, points in enumerate(deal.gained))
    before = "–".join(str(s) for s in deal.scores_before)
    after = "–".join(str(s) for s in deal.scores)
    points = _whole(deal.lost.total)
    lost = f"{'about ' if words else ''}{points} point{'' if points == '1' else 's'} lost"
    return (
        f"Deal {deal.deal_no} · {who} · {starter} · pegged: {gained} ({before} → {after}) · {lost}"
    )


def _said(decision: Decision, review: GameReview) -> str:
    """A decision in the deal's list: its word, what was done, and why when it cost (a
    count's why says what was done)."""
    text = f"**{verdict(decision).label}.**"
    if not (isinstance(decision, CountReview) and decision.lost > COSTLY):
        text += f" {summary(decision, review)}"
    if decision.lost > COSTLY:
        text += f" {why(decision, review)}"
    return text


def _deal(review: GameReview, deal: DealReview, names: SeatNames, *, words: bool) -> None:
    _board(review, deal, names)
    st.caption(_deal_line(deal, names, review.seat, words=words))
    throw = deal.throw
    if throw is not None:
        st.markdown("##### Your throw")
        if isinstance(throw, ThrowReview):
            show_cards(throw.six, highlight=throw.thrown, max_width=360)
        else:
            show_cards(throw.five, highlight=(throw.thrown,), max_width=300)
        st.markdown(_said(throw, review))
        if throw.lost > COSTLY:
            _practise_button(throw, f"review_practise_{deal.deal_no}")
    else:
        st.info("The game ended before you threw in this deal.")
    # the cards laid and the counts, each a heading and its list, in one element: each
    # element is drawn on its own in the browser, so "Next deal" draws one, not two
    sections = [
        f"##### {heading}\n\n" + "\n".join(f"- {_said(decision, review)}" for decision in said)
        for heading, said in (("Your cards in the play", deal.plays), ("Your counts", deal.counts))
        if said
    ]
    if sections:
        st.markdown("\n\n".join(sections))
    # Its figures are worked out and sent only once it is opened (it runs this part of the
    # page again): stepping to another deal draws none of them.
    with folded("Details", key=f"review_deal_details_{deal.deal_no}") as opened:
        if opened:
            for decision in deal.decisions:
                _details(decision, review, words=words)


@st.fragment
def _deals(review: GameReview, game_id: str, words: bool, names: SeatNames) -> None:
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
    if len(numbers) > 1:  # one tap to any deal (light to load: no slider's libraries)
        st.pills("Deal", numbers, required=True, key=key)
    _deal(review, review.deal(int(st.session_state[key])), names, words=words)


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
    except StoreError as err:
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


def _seat_names(review: GameReview, setup: PlaySetup) -> SeatNames:
    """The seats' names: "you" for the seat the game is kept for, and at a table of people
    each other person by their name."""
    if not setup.lineup:
        return SeatNames(review.players)
    people = tuple(
        (seat, "You" if seat == review.seat else player.name)
        for seat, player in enumerate(setup.seat_players)
        if isinstance(player, Person) and (player.name or seat == review.seat)
    )
    return SeatNames(review.players, people)


def _against(setup: PlaySetup, seat: int) -> str:
    """Who the game was against: ``Normal computer``, or the others at a table of people."""
    if not setup.lineup:
        return f"{LEVEL_NAMES.get(setup.level, setup.level)} computer"
    others = [
        player.name if isinstance(player, Person) else f"{LEVEL_NAMES[player]} computer"
        for other, player in enumerate(setup.seat_players)
        if other != seat
    ]
    return "Against " + ", ".join(others)


def _result(review: GameReview, names: SeatNames) -> str:
    scores = "–".join(str(s) for s in review.scores)
    if review.winner is None:
        return f"unfinished at {scores}"
    return f"{names.side_said(review.winner)} won {scores}"


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
except StoreError as err:
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
    setup = PlaySetup.parse(saved.settings)
    with st.spinner("Reviewing the game…", show_time=True):
        ready = prepared(saved.record, saved.settings)
except ValueError as err:
    _stop(f"This game's record cannot be reviewed: {err}")
review = ready.review
_state().game_id = game_id  # the page opened from the sidebar shows this game again
if game_id not in _state().kept:  # the Progress chart's totals, once
    session.keep_review(profile.id, saved, review)
    _state().kept.add(game_id)

in_words = ready.words  # learning mode and first games: no percentage, no decimal point
table_names = _seat_names(review, setup)
st.html(f"<style>{BOARD_CSS}</style>")  # the board's words and its phone layout
counting = (
    "you counted (muggins)"
    if review.settings.muggins
    else "you counted aloud"
    if review.counted
    else "the trainer counted"
)
size = "" if review.players == 2 else f" · {review.players} players"
st.caption(
    f"{_against(setup, review.seat)} · to {review.settings.target}{size} · "
    f"{_result(review, table_names)} after {len(review.deals)} deals · {counting}"
)
_costliest(review, game_id, words=in_words)
_totals(review, ready.lost_spec, words=in_words)
# The win model's games (two at the table, not a first game) have a win line, folded until
# opened: its chart is the dearest element to draw, and the line costs most of a review's
# time to work out, so it is worked out only once opened (unless it was ahead: the results
# screen hands it over, Progress starts its newest games'), never on the server's time while
# the person steps through the deals. Its place is kept here and drawn last, so that when it
# is opened the deals are drawn first.
line_spot = st.empty() if ready.measured else None
_deals(review, game_id, in_words, table_names)
st.page_link(PROGRESS_PAGE, label="All your games on Progress", icon=":material/insights:")
if line_spot is not None:
    with (
        line_spot.container(),
        folded(LINE_TITLE, key="review_winline_fold", icon=":material/show_chart:") as opened,
    ):
        if opened:
            line = ready.line
            if line is None:
                with st.spinner("Working out your chances deal by deal…", show_time=True):
                    line = prepared_line(saved.record, saved.settings)
            if line is None or len(line.points) < 2:
                st.caption("This game is too short for a line of its chances.")
            else:
                show_win_line(line, key="review_winline", words=in_words, titled=False)

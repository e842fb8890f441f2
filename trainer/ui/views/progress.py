"""Progress: how the current player is doing, what to practise next, and their data."""

from __future__ import annotations

from datetime import date
from typing import NoReturn

import altair as alt
import pandas as pd
import streamlit as st

from trainer.engine.skills import DrillType
from trainer.progress.figures import (
    GAMES_HEADINGS,
    RECENT_ANSWERS,
    RECENT_PER_AREA,
    Report,
    build_report,
    describe_answer,
    drill_answers,
    export_file_name,
    games_caption,
    games_lines,
)
from trainer.progress.review_totals import LostPoint, lost_points
from trainer.progress.store import FinishedGame, Recorded, StoreError, describe_error
from trainer.training.ladder import Step, ladder
from trainer.training.records import Profile
from trainer.training.scheduling import Area, Standing, standing, standings
from trainer.training.table import LEVEL_NAMES, PERSON_MARK, level_name
from trainer.ui import assets, clock, session
from trainer.ui.drawing import show_metric
from trainer.ui.folded import folded
from trainer.ui.game_list import game_links
from trainer.ui.loaded import course as loaded_course
from trainer.ui.loaded import drill_catalog
from trainer.ui.profiles import plain, require_player
from trainer.ui.requests import PRACTICE_PAGE, PracticeRequest, ask_practice
from trainer.ui.review_ahead import prepare, review_soon
from trainer.ui.text_table import text_table

MIXED = "mixed"  # the Practice page's drill that deals from every drill, by the weights
DAY = "utcyearmonthdate"  # chart dates are calendar days, read and shown in UTC
LEARN_PAGE = "ui/views/learn.py"
PLAY_PAGE = "ui/views/play.py"
TODAY_PAGE = "ui/views/today.py"
#: The tabs of "How it is going"'s charts.
CHART_TABS = ("Right answers", "Pace", "What gets missed")


def _practise(drill: str, tier: str, weights: dict[tuple[DrillType, str], float] | None) -> None:
    """Hand the choice to the Practice page (which starts the set at once) and go there."""
    ask_practice(PracticeRequest(drill, tier), weights=weights)


Titles = dict[tuple[str, str], str]
Targets = dict[tuple[DrillType, str], float]


def _drill_facts() -> tuple[Titles, Targets]:
    """Each tier's title and target pace, from the drill definitions (a broken file is
    simply left out: its tiers are named by their ids and paced against the learner)."""
    catalog = drill_catalog()
    tiers = [(drill.drill, tier) for drill in catalog.drills.values() for tier in drill.tiers]
    return (
        {(drill, tier.id): tier.title for drill, tier in tiers},
        {(drill, tier.id): float(tier.pace) for drill, tier in tiers},
    )


def _report(profile_id: int, titles: Titles, targets: Targets) -> Report:
    rows = session.progress_rows(profile_id, per_area=RECENT_PER_AREA, recent=RECENT_ANSWERS)
    return build_report(rows, today=date.today(), titles=titles, targets=targets)


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def about_seconds(seconds: float | None) -> str:
    """``about 8 seconds an answer``, with ``second`` for one and words for under one."""
    whole = round(seconds or 0)
    if whole < 1:
        return "under a second an answer"
    return f"about {whole} second{'' if whole == 1 else 's'} an answer"


def _one_period(report: Report) -> bool:
    return len({p.period for p in report.over_time}) == 1


def _first_day_chart(report: Report, field: str, title: str, axis_format: str) -> alt.LayerChart:
    """A first day (or week) drawn as labelled bars, one a drill: a line needs two days."""
    frame = pd.DataFrame(
        {
            "Drill": [p.label for p in report.over_time],
            "Answers": [p.answers for p in report.over_time],
            "Right": [p.accuracy for p in report.over_time],
            "Seconds": [p.seconds for p in report.over_time],
        }
    )
    y_scale = alt.Scale(domain=[0, 1]) if field == "Right" else alt.Scale(zero=True)
    base = alt.Chart(frame, height=260).encode(
        x=alt.X("Drill:N", title=None, axis=alt.Axis(labelAngle=0, labelLimit=160)),
        y=alt.Y(f"{field}:Q", title=title, axis=alt.Axis(format=axis_format), scale=y_scale),
    )
    bars = base.mark_bar(size=48).encode(
        color=alt.Color("Drill:N", legend=None),
        tooltip=[
            alt.Tooltip("Drill:N"),
            alt.Tooltip("Answers:Q"),
            alt.Tooltip("Right:Q", format=".0%"),
            alt.Tooltip("Seconds:Q", title="Seconds an answer", format=".1f"),
        ],
    )
    labels = base.mark_text(dy=-8, fontSize=14).encode(
        text=alt.Text(f"{field}:Q", format=".0%" if field == "Right" else ".1f")
    )
    chart: alt.LayerChart = bars + labels
    return chart


def _over_time_chart(
    report: Report, field: str, title: str, axis_format: str
) -> alt.Chart | alt.LayerChart:
    if _one_period(report):
        return _first_day_chart(report, field, title, axis_format)
    frame = pd.DataFrame(
        {
            "When": [p.period.isoformat() for p in report.over_time],
            "Drill": [p.label for p in report.over_time],
            "Answers": [p.answers for p in report.over_time],
            "Right": [p.accuracy for p in report.over_time],
            "Seconds": [p.seconds for p in report.over_time],
        }
    )
    period = "Week of" if report.weekly else "Day"
    y_scale = alt.Scale(domain=[0, 1]) if field == "Right" else alt.Scale(zero=True)
    axis = alt.Axis(format=DATE_FORMAT, labelAngle=0, labelOverlap=True)
    if report.weekly:  # a tick on each week's first day, where its point is
        periods = sorted({p.period for p in report.over_time})
        axis = alt.Axis(
            format=DATE_FORMAT,
            labelAngle=0,
            labelOverlap=True,
            values=[
                alt.DateTime(year=d.year, month=d.month, date=d.day, utc=True) for d in periods
            ],
        )
    chart: alt.Chart = (
        alt.Chart(frame, height=260)
        .mark_line(point=True)
        .encode(
            x=alt.X(f"{DAY}(When):T", title="Week starting" if report.weekly else "Day", axis=axis),
            y=alt.Y(f"{field}:Q", title=title, axis=alt.Axis(format=axis_format), scale=y_scale),
            color=alt.Color("Drill:N", title=None, legend=alt.Legend(orient="bottom", columns=2)),
            tooltip=[
                alt.Tooltip(f"{DAY}(When):T", title=period, format="%d %b %Y"),
                alt.Tooltip("Drill:N"),
                alt.Tooltip("Answers:Q"),
                alt.Tooltip("Right:Q", format=".0%"),
                alt.Tooltip("Seconds:Q", title="Seconds an answer", format=".1f"),
            ],
        )
    )
    return chart


def _misses_chart(report: Report) -> alt.Chart:
    frame = pd.DataFrame(
        {
            "What": [c.label for c in report.categories],
            "Missed": [c.rate for c in report.categories],
            "Times": [c.misses for c in report.categories],
            "Chances": [c.chances for c in report.categories],
        }
    )
    chart: alt.Chart = (
        alt.Chart(frame, height=alt.Step(26))
        .mark_bar()
        .encode(
            y=alt.Y("What:N", title=None, sort="-x"),
            x=alt.X("Missed:Q", title="Answers that missed it", axis=alt.Axis(format="%")),
            tooltip=[
                alt.Tooltip("What:N"),
                alt.Tooltip("Missed:Q", format=".1%"),
                alt.Tooltip("Times:Q", title="Times missed"),
                alt.Tooltip("Chances:Q", title="Answers where it could come up"),
            ],
        )
    )
    return chart


def _answer_list(rows: list[Recorded], titles: Titles) -> None:
    """The answers as one element (each its own paragraph): the browser draws each element
    of a page on its own."""
    if rows:
        st.markdown(
            "\n\n".join(
                f"**{plain(heading)}**  \n{plain(line)}"
                for heading, line in (describe_answer(row, titles) for row in rows)
            )
        )


def games_section(profile_id: int) -> None:
    """Games against the computer: the player's record at each level and length."""
    st.subheader("Games against the computer")
    try:
        records = session.games_record(profile_id)
    except StoreError as err:
        session.report_failure(err)
        st.warning(
            plain(f"Your games cannot be read just now ({describe_error(err)})."),
            icon=":material/warning:",
        )
        return
    if not records:
        st.info(
            "No games yet. Play a game on the Play page against the computer, "
            "and how you do shows up here.",
            icon=":material/playing_cards:",
        )
    else:
        st.caption(games_caption(records))
        lines = [tuple(line) for line in games_lines(records)]
        st.html(f"<style>{assets.text('progress.css')}</style>")  # the table on a phone
        with st.container(key="progress_games"):
            st.markdown(text_table(GAMES_HEADINGS, lines))
    reviewed_games(profile_id)  # games between people too, which are in no record above


# --- game reviews: points lost per game, and a review link per game ---------------------------

#: Finished games listed with a review link before the rest fold away.
GAMES_SHOWN = 8


#: Dates on the charts' axes: the day, the month and the year ("6 Dec 2026").
DATE_FORMAT = "%-d %b %Y"
#: A line of points lost needs games on two days at least: one day's games stand in words.
LOST_CHART_DAYS = 2


def _against(level: str) -> str:
    """``Normal``, or ``Against Bo`` for a game against a person."""
    return f"Against {level_name(level)}" if level.startswith(PERSON_MARK) else level_name(level)


def _lost_chart(points: list[LostPoint]) -> alt.Chart:
    """Points lost per game over time, a line per level (dashed for the short game)."""
    order = list(LEVEL_NAMES.values())
    frame = pd.DataFrame(
        {
            "When": [p.finished_at.isoformat() for p in points],
            "Level": [level_name(p.level) for p in points],
            "Game": [f"to {p.target}" for p in points],
            "Result": ["won" if p.won else "lost" for p in points],
            "Points lost": [p.total for p in points],
            "A deal": [p.per_deal for p in points],
            "Throws": [p.throws for p in points],
            "Cards laid": [p.plays for p in points],
            "Counts": [p.counts for p in points],
        }
    )
    chart: alt.Chart = (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X(
                "When:T",
                title="When the game ended",
                axis=alt.Axis(format=DATE_FORMAT, labelAngle=0, labelOverlap=True),
            ),
            y=alt.Y("Points lost:Q", title="Points lost in the game", scale=alt.Scale(zero=True)),
            # Legends above: below the chart they take its height.
            color=alt.Color("Level:N", title=None, sort=order, legend=alt.Legend(orient="top")),
            strokeDash=alt.StrokeDash("Game:N", title=None, legend=alt.Legend(orient="top")),
            tooltip=[
                alt.Tooltip("When:T", title="Finished", format="%d %b %Y %H:%M"),
                alt.Tooltip("Level:N"),
                alt.Tooltip("Game:N"),
                alt.Tooltip("Result:N"),
                alt.Tooltip("Points lost:Q", format=".1f"),
                alt.Tooltip("A deal:Q", format=".2f"),
                alt.Tooltip("Throws:Q", format=".1f"),
                alt.Tooltip("Cards laid:Q", format=".1f"),
                alt.Tooltip("Counts:Q", format=".0f"),
            ],
        )
    )
    return chart


_LADDER_WORDS = {
    Step.OPEN: "ready to play",
    Step.PLAYED: "played, not won yet",
    Step.WON: "won",
}


def first_games_section(profile_id: int) -> None:
    """The ladder of first games (see training/ladder.py): which are open, played and won."""
    st.subheader("First games")
    done = {lesson for lesson, place in session.lesson_progress().items() if place.done}
    store = session.current_store()
    try:
        games = store.finished_setups(profile_id) if store is not None else []
    except StoreError as err:
        session.report_failure(err)
        games = []
    course = loaded_course()
    lines = []
    for state in ladder(course, done, games):
        rung = state.rung
        if state.step is Step.LOCKED:
            lesson = state.lesson or ""
            where = f"lesson {course.number(lesson)}" if course.has(lesson) else "its lesson"
            said = f"opens after {where}"
        else:
            said = _LADDER_WORDS[state.step]
            if state.played:
                said += f" ({state.won} of {_games(state.played)} won)"
        icon = {Step.WON: "✅", Step.LOCKED: "🔒"}.get(state.step, "▶️")
        lines.append(f"{rung.number}. {icon} **{rung.title}**: {said}")
    st.markdown("\n".join(lines))
    st.caption("The first games are on the Play page; each opens with its lesson.")


# --- the review schedule: what is learnt, due and overdue, per area ----------------------------

_REVIEW_COLUMNS = (
    ("Learnt", Standing.LEARNT),
    ("Learning", Standing.LEARNING),
    ("Due today", Standing.DUE),
    ("Overdue", Standing.OVERDUE),
)


def _area_name(area: Area, titles: Titles) -> str | None:
    """``Lesson 6: The show``, ``Count the hand · Beginner`` (None: a lesson no longer in
    the course)."""
    if isinstance(area, str):
        course = loaded_course()
        return f"Lesson {course.number(area)}: {course.title(area)}" if course.has(area) else None
    tier = titles.get((area.drill.value, area.tier), area.tier)
    return f"{area.drill.heading} · {tier}"


def review_section(titles: Titles) -> bool:
    """Each area's cards of the review schedule: learnt, still learning, due and overdue
    (True: the player has cards)."""
    cards = session.review_cards()
    if not cards:
        return False
    st.subheader("What comes back to review")
    now = clock.now()
    table = standings(cards, now)
    order = {lesson.id: n for n, lesson in enumerate(loaded_course().lessons)}
    lessons = sorted(
        (area for area in table if isinstance(area, str)),
        key=lambda area: order.get(area, len(order)),
    )
    places = {pair: n for n, pair in enumerate(titles)}  # the drills' own order
    drills = sorted(
        (area for area in table if not isinstance(area, str)),
        key=lambda area: places.get((area.drill.value, area.tier), len(places)),
    )
    areas: list[Area] = [*lessons, *drills]
    lines = []
    for area in areas:
        named = _area_name(area, titles)
        if named is not None:
            counts = table[area]
            lines.append((named, *(counts.get(standing, 0) for _, standing in _REVIEW_COLUMNS)))
    st.html(f"<style>{assets.text('progress.css')}</style>")  # the table on a phone
    with st.container(key="progress_reviews"):
        columns = ["What", *(heading for heading, _ in _REVIEW_COLUMNS)]
        st.markdown(text_table(columns, lines))
    due = sum(1 for card in cards if standing(card, now) in (Standing.DUE, Standing.OVERDUE))
    st.caption(
        "Each question of a lesson, and each drill and level you practise, comes back on a "
        "later day: sooner when you missed it, later when you knew it well. Learnt: you "
        "should still know it a week from now."
    )
    if due:
        st.page_link(TODAY_PAGE, label=f"Review now ({due} due)", icon=":material/replay:")
    return True


def _games(n: int) -> str:
    return "1 game" if n == 1 else f"{n} games"


#: The newest finished games whose review is worked out while Progress shows, so that
#: "Review" opens at once.
REVIEWED_AHEAD = 3


def _review_ahead(profile_id: int, games: list[FinishedGame]) -> None:
    """Start working out the newest games' reviews in the background once the page's run
    has ended (a review kept or on its way is not worked out again)."""
    for game in games[:REVIEWED_AHEAD]:
        try:
            saved = session.saved_game(profile_id, game.game_id)
        except StoreError:
            return  # the list above says nothing of it: the review opens all the same
        if saved is not None:
            prepare(saved.record, saved.settings)


def reviewed_games(profile_id: int) -> None:
    """Points lost per game over time (each game reviewed once: the games not reviewed yet
    are reviewed in the background, and join the chart once they are), and every finished
    game with a link to its review, the newest reviews worked out ahead."""
    try:
        games = session.finished_games(profile_id, soon=review_soon)
    except StoreError as err:
        session.report_failure(err)
        st.warning(
            plain(f"Your finished games cannot be listed just now ({describe_error(err)})."),
            icon=":material/warning:",
        )
        return
    if not games:
        return
    points = lost_points(games)
    if points:
        st.markdown("##### Points lost per game")
        if len({p.finished_at.date() for p in points}) >= LOST_CHART_DAYS:
            # folded, as the charts of answers are: nothing of it is sent or drawn until opened
            # (each game's points lost are in the list of games below)
            with folded(
                "Chart: points lost per game over time",
                key="progress_lost_chart",
                icon=":material/show_chart:",
            ) as opened:
                if opened:
                    st.altair_chart(_lost_chart(points), width="stretch", height=280)
        else:  # one day's games: a chart would be a dot or two over an axis of hours
            st.markdown(
                "\n".join(
                    f"- {_against(p.level)} to {p.target}, "
                    f"{'won' if p.won else 'lost'}: {round(p.total)} "
                    f"point{'' if round(p.total) == 1 else 's'} given away"
                    for p in points
                )
            )
            st.caption("Play on another day and these become a line, so you can see it change.")
        st.caption(
            "What the review of each finished game found: the points your throws, cards and "
            "counts gave away against the best choice. Lower is better; a game to 121 has "
            "about twice the deals of a game to 61."
        )
    waiting = sum(1 for g in games if g.lost is None)
    if waiting:
        st.caption(
            f"{_games(waiting)} still to be reviewed: "
            f"{'it joins' if waiting == 1 else 'they join'} the chart on a later visit."
        )
    st.markdown("##### Your games")
    st.caption("Open a game's review: the three costliest decisions, and every deal on the board.")
    game_links(games[:GAMES_SHOWN], key="progress_game")
    if len(games) > GAMES_SHOWN:
        # folded: the older games' lines (three elements a game) are sent only once opened,
        # where a plain expander sent and drew them, hidden, on every load
        with folded(
            f"Older games ({len(games) - GAMES_SHOWN})", key="progress_older_games"
        ) as opened:
            if opened:
                game_links(games[GAMES_SHOWN:], key="progress_game")
    _review_ahead(profile_id, games)


def your_data(profile: Profile, *, answers: bool, reviewing: bool) -> None:
    """The player's answers, and their cards of the review schedule, as CSV files."""
    if not (answers or reviewing):
        return
    st.subheader("Your data")
    if answers:
        st.download_button(
            "Download every answer (CSV)",
            data=session.answers_csv(profile.id),
            file_name=export_file_name(profile.name),
            mime="text/csv",
            on_click="ignore",
            icon=":material/download:",
        )
    if reviewing:
        st.download_button(
            "Download what comes back to review (CSV)",
            data=session.reviews_csv(profile.id),
            file_name=export_file_name(profile.name).removesuffix(".csv") + "-reviews.csv",
            mime="text/csv",
            on_click="ignore",
            icon=":material/download:",
            key="progress_reviews_csv",
        )


def how_it_is_going(report: Report) -> None:
    """The charts of right answers, pace and misses, in an expander closed at first: a chart
    is the page's dearest part to draw in the browser (its drawing library alone is larger
    than the rest of the page), so nothing of it runs or is sent until the expander is
    opened; then lazy tabs, of which only the open one's chart runs and is drawn."""
    st.subheader("How it is going")
    with folded(
        "Charts: right answers, pace, what gets missed",
        key="progress_charts",
        icon=":material/show_chart:",
    ) as opened:
        if not opened:
            return
        accuracy_tab, pace_tab, misses_tab = st.tabs(
            list(CHART_TABS), key="progress_tabs", on_change="rerun"
        )
    come_back = (
        " Come back another "
        + ("week" if report.weekly else "day")
        + " and each drill gets a line, so you can see it change."
        if _one_period(report)
        else ""
    )
    if accuracy_tab.open:
        with accuracy_tab:
            st.altair_chart(
                _over_time_chart(report, "Right", "Right answers", "%"), width="stretch"
            )
            st.caption(
                "The share of answers you got right, per "
                + ("week." if report.weekly else "day.")
                + come_back
            )
    if pace_tab.open:
        with pace_tab:
            st.altair_chart(
                _over_time_chart(report, "Seconds", "Seconds an answer", "d"), width="stretch"
            )
            st.caption("How long an answer takes you on average: lower is quicker." + come_back)
    if misses_tab.open:
        with misses_tab:
            st.altair_chart(_misses_chart(report), width="stretch")
            st.caption(
                "For each kind of score, the share of answers that missed it, counting only "
                "the drills where it can come up."
            )


require_player()  # nobody chosen in this browser: never show someone else's
st.title("Progress")


def _has_games(profile_id: int) -> bool:
    """The player has games against the computer (False when they cannot be read: the
    games section says why)."""
    try:
        return bool(session.games_record(profile_id))
    except StoreError:
        return False


def _this_visit_only(problem: str) -> NoReturn:
    """The store cannot be read: say so, show this visit's answers, and stop here."""
    st.warning(plain(problem), icon=":material/warning:")
    answers = session.session_attempts()
    if answers:
        right = sum(a.correct for a in answers)
        show_metric("Answers in this visit", len(answers))
        show_metric("Right", f"{right} ({right / len(answers):.0%})")
    st.info("Charts and weak spots come back once progress can be read again.")
    st.stop()


store = session.current_store()
profile = session.current_profile() if store is not None else None
if store is None or profile is None:
    _this_visit_only(session.store_problem() or "Progress cannot be saved right now.")

name = plain(profile.name)
titles, targets = _drill_facts()
try:
    report = _report(profile.id, titles, targets)
except StoreError as err:
    session.report_failure(err)
    _this_visit_only(f"Your progress cannot be read just now ({describe_error(err)}).")

if report.totals.answers == 0:
    st.info(
        (
            f"No answers yet for **{name}**: your games are below. Answer a few questions "
            "in the lessons or the drills and this page also shows how your counting goes, "
            "what you miss most and what to practise next."
        )
        if _has_games(profile.id)
        else f"Nothing here yet for **{name}**. Answer a few questions and this page shows "
        "how you are doing, what you miss most and what to practise next.",
        icon=":material/waving_hand:",
    )
    st.markdown("**Where to begin**")
    st.page_link(LEARN_PAGE, label="New to cribbage? Start the lessons", icon=":material/school:")
    st.page_link(
        PRACTICE_PAGE,
        label="Know the rules? Practise counting",
        icon=":material/fitness_center:",
    )
    st.page_link(
        PLAY_PAGE, label="Ready for a game? Play the computer", icon=":material/playing_cards:"
    )
    reviewing = review_section(titles)
    first_games_section(profile.id)
    games_section(profile.id)
    your_data(profile, answers=False, reviewing=reviewing)
    st.stop()

st.caption(f"How **{name}** is doing, from every answer given on this device.")
t = report.totals
c1, c2 = st.columns(2)
c3, c4 = st.columns(2)
with c1:
    show_metric("Answers", f"{t.answers:,}")
with c2:
    show_metric("Right", _percent(t.accuracy), help=f"{t.right:,} of {t.answers:,} answers")
with c3:
    show_metric(
        "Right in a row",
        report.right_streak.current,
        help=f"Best run: {report.right_streak.best}",
    )
with c4:
    show_metric(
        "Days in a row",
        report.day_streak.current,
        help=f"Longest run: {report.day_streak.best}",
    )
# each figure's help is said under it (best runs there), so the line below does not repeat it
pace = about_seconds(t.seconds_per_answer)
st.caption(f"{pace[:1].upper()}{pace[1:]} · {t.days} day{'s' if t.days != 1 else ''} of practice")

st.subheader("What to practise next")
if report.weak:
    for weak in report.weak:
        # one bordered row (the words, the button beside them), not a box holding two
        # columns: each block is drawn on its own in the browser
        with st.container(border=True, horizontal=True, vertical_alignment="center"):
            st.markdown(f"**{plain(weak.label)}**  \n{plain(weak.reason)}", width="stretch")
            if st.button("Practise this", key=f"practise_{weak.drill}_{weak.tier}"):
                _practise(weak.drill, weak.tier, None)
else:
    right, tried = drill_answers(report.needs, titles=titles)
    if tried:
        st.success(
            "Nothing stands out as weak right now in the drills you have practised: "
            f"{right} of your last {tried} drill answers were right.",
            icon=":material/celebration:",
        )
    else:
        st.info(
            "Your answers so far are from the lessons and your games, not from the drills: "
            "practise a drill and what to work on next shows here.",
            icon=":material/fitness_center:",
        )
if st.button(
    "Practise my weak spots",
    key="practise_weak_spots",
    type="primary",
    icon=":material/target:",
    help="Deals more of what you miss, until you get it right every time.",
):
    _practise(MIXED, "adaptive", report.weights)

reviewing = review_section(titles)


how_it_is_going(report)

st.subheader("Recent answers")
best_column, worst_column = st.columns(2, gap="large")
with best_column:
    st.markdown("##### Your best")
    st.caption("Right, and quickest, among your last answers.")
    _answer_list(report.best, titles)
    if not report.best:
        st.markdown("None right yet: they will come!")
with worst_column:
    st.markdown("##### Worth another look")
    st.caption("The answers that missed the most.")
    _answer_list(report.worst, titles)
    if not report.worst:
        st.markdown("No wrong answers lately. Well counted!")

first_games_section(profile.id)
games_section(profile.id)

your_data(profile, answers=True, reviewing=reviewing)

"""Small Streamlit helpers shared by the pages: the content, loaded once per process, drawing
cards and explaining scores.

Nothing here computes a score (the engine's items are shown as they are).
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import logging
import math
import sys
import threading
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import streamlit as st

from trainer import content
from trainer.analysis import analyse_discards
from trainer.engine import DECK, Card, ScoreItem, ShowScore
from trainer.engine.stats import score_distribution
from trainer.ui.svg import cards_svg, pile_svg, series_svg

if TYPE_CHECKING:  # the loaders are imported when first used, so Home starts without them
    from trainer.content.catalog import DrillCatalog
    from trainer.content.lessons import Course

_log = logging.getLogger(__name__)

# --- content, loaded once per process --------------------------------------------------------
#
# ``st.cache_resource`` keeps one object for every session (no copy per run, unlike
# ``st.cache_data``, which unpickles its value on every call). The stamps make a changed
# file load again.


def drills_stamp() -> tuple[tuple[str, int, int], ...]:
    """Names, sizes and modification times of the drill files: changes when a file does
    (never raises, whatever sits in the folder)."""
    return content.files_stamp(content.yaml_files(Path(content.DRILLS_DIR)))


@st.cache_resource(show_spinner="Shuffling the cards…")
def _drill_catalog(stamp: tuple[tuple[str, int, int], ...]) -> DrillCatalog:
    from trainer.training.questions import load_catalog
    from trainer.training.questions import warm_up as build_drill_tables

    del stamp  # only part of the cache key
    catalog = load_catalog(content.DRILLS_DIR)
    build_drill_tables(catalog)
    return catalog


def drill_catalog() -> DrillCatalog:
    """The drills, with the tables every tier deals from built (shared by every session)."""
    return _drill_catalog(drills_stamp())


@st.cache_resource(show_spinner=False)
def _course(stamp: tuple[tuple[str, int, int], ...]) -> Course:
    from trainer.content.lessons import load_course

    del stamp  # only part of the cache key
    return load_course()


def course() -> Course:
    """The lessons, loaded again only when a lesson file changes."""
    from trainer.content.lessons import course_stamp

    return _course(course_stamp())


#: Slow the first time in a process besides the pages' own imports: Streamlit's emoji
#: pattern (compiled when it is first imported, by the first alert whose text is not plain
#: ASCII, like the Play page's lines naming cards by their suits: one to two seconds).
_SLOW_IMPORTS = ("streamlit.emojis",)
VIEWS = Path(__file__).resolve().parent / "views"


def page_imports(folder: Path = VIEWS) -> list[str]:
    """The modules the page scripts in ``folder`` import, read from their source (the pages
    are scripts, run afresh each time, but what they import stays loaded): importing them
    ahead saves the first visitor of each page the wait (the chart libraries alone take
    most of a second)."""
    import ast

    found: dict[str, None] = {}
    for script in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(dict.fromkeys(alias.name for alias in node.names))
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found[node.module] = None
                for alias in node.names:  # ``from trainer.ui import session`` names a module
                    if _is_module(f"{node.module}.{alias.name}"):
                        found[f"{node.module}.{alias.name}"] = None
    return [name for name in found if name != "__future__"]


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a function or class, not a module
        return False


def _warm_charts() -> None:
    """Check one small chart the way the Progress page's are checked: the first check in a
    process builds the chart schema's validator (a tenth of a second or more), later ones
    reuse it."""
    import altair as alt
    import pandas as pd

    frame = pd.DataFrame(
        {
            "Drill": ["Hand", "Crib"],
            "Right": [0.5, 0.75],
            "When": pd.to_datetime(["2026-01-01"] * 2),
        }
    )
    bars = (
        alt.Chart(frame, height=100)
        .mark_bar()
        .encode(
            x=alt.X("Drill:N", title=None, axis=alt.Axis(labelAngle=0)),
            y=alt.Y("Right:Q", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format=".0%")),
            color=alt.Color("Drill:N", legend=alt.Legend(orient="bottom")),
            tooltip=[alt.Tooltip("yearmonthdate(When):T"), alt.Tooltip("Right:Q", format=".0%")],
        )
    )
    (bars + bars.mark_text().encode(text=alt.Text("Right:Q", format=".0%"))).to_dict()


def _warm_analysis() -> None:
    """Rank one throw the way the coaches do: the first ranking in a process loads the
    throwing model's tables (a third of a second here, more on a busy machine)."""
    analyse_discards(DECK[:6], dealer=True)


def _warm() -> None:
    try:
        # In the order people usually go: lessons, practice, their progress, Check a hand.
        course()
        drill_catalog()
        _warm_analysis()
        for name in (*page_imports(), *_SLOW_IMPORTS):
            importlib.import_module(name)
        _warm_charts()
        distribution(False)
        distribution(True)
    except Exception:  # a broken file is reported by the page that needs it
        _log.exception("warming up the trainer failed")
    # The tables above are hundreds of thousands of objects that live as long as the
    # process. Streamlit runs a full garbage collection after every script run, which walked
    # all of them (about 0.3 s a run); frozen, they are skipped.
    gc.freeze()


#: How often, in seconds, the interpreter hands its lock from one thread to the next.
SWITCH_INTERVAL = 0.0005


def share_the_interpreter() -> None:
    """Every browser's script run, the server's event loop (pages, scripts, websocket
    messages) and the background warm-up share one interpreter lock. Python hands it over
    every 5 ms by default, so while the warm-up built its tables each of the event loop's
    many small steps waited up to 5 ms for its turn: a page's files took 3-5 times as long
    to arrive. Handing it over every 0.5 ms keeps the server answering while it runs."""
    sys.setswitchinterval(SWITCH_INTERVAL)


@st.cache_resource(show_spinner=False)
def freeze_once() -> bool:
    """Once per process, after its first page: move what is alive by then (the server's own
    objects among them) out of the garbage collector's way, as the warm-up does with its
    tables. Started by ``python -m trainer app``, the warm-up froze its tables before the
    server existed, and the collector Streamlit runs after every page went on walking the
    server's objects: about 7 ms of an answer's 35 ms of processor time."""
    gc.freeze()
    return True


@st.cache_resource(show_spinner=False)
def warm_up() -> threading.Thread:
    """Start loading everything slow in the background, once per process (call it on every
    run: later calls return at once). A page that needs something first just waits for it."""
    thread = threading.Thread(target=_warm, name="trainer-warm-up", daemon=True)
    thread.start()
    return thread


def show_cards(
    cards: Sequence[Card],
    *,
    starter: Card | None = None,
    highlight: Collection[Card] = (),
    max_width: int | None = None,
) -> None:
    """Draw a row of cards (our own SVG, so it is safe to pass as HTML)."""
    st.markdown(
        cards_svg(cards, starter=starter, highlight=highlight, max_width=max_width),
        unsafe_allow_html=True,
    )


def show_pile(pile: Sequence[Card], *, highlight: Collection[Card] = ()) -> None:
    st.markdown(pile_svg(pile, highlight=highlight), unsafe_allow_html=True)


def show_series(steps: Sequence[tuple[Card | None, str, int]]) -> None:
    """A series of the play as cards: who laid each one above it, the count below."""
    st.markdown(series_svg(steps), unsafe_allow_html=True)


def show_item(item: ScoreItem, hand: Sequence[Card], starter: Card | None) -> None:
    """One combination: its description beside the cards, the combination's cards lit."""
    left, right = st.columns([2, 3], vertical_alignment="center")
    left.markdown(f"**{item.describe()}**")
    with right:
        show_cards(hand, starter=starter, highlight=item.cards, max_width=300)


def show_breakdown(score: ShowScore) -> None:
    """Every combination of a counted hand, grouped as it is said at the table."""
    if not score.items:
        st.info(
            "No fifteens, pairs, runs, flush or nobs: zero points. Players joke that a count "
            "like this is a 'nineteen', because 19 is a total no hand can ever make."
        )
        return
    for call in score.calls():
        st.markdown(f"##### “{call.text}” (+{call.points})")
        for item in call.items:
            show_item(item, score.hand, score.starter)


@st.cache_resource(show_spinner=False)
def distribution(crib: bool) -> dict[int, int]:
    """How many hands (or cribs) make each total: built once per process, shared, never changed."""
    return score_distribution(crib)


def standing_text(total: int, *, crib: bool) -> str:
    """Where a total stands among every possible hand (or crib), from the exact distribution."""
    dist = distribution(crib)
    all_hands = sum(dist.values())
    what = "cribs" if crib else "hands"
    same = dist.get(total, 0)
    at_least = sum(count for score, count in dist.items() if score >= total)
    if total == 0:
        return f"{share_text(same / all_hands)} of all possible {what} score nothing at all."
    if at_least / all_hands < 0.0005:
        return (
            f"Only {at_least:,} of the {all_hands:,} possible {what} score {total} or more: "
            "a rare one!"
        )
    below = (all_hands - at_least) / all_hands
    return (
        f"Beats {percent_floor(below)} of all possible {what}; "
        f"{share_text(same / all_hands)} score exactly {total}."
    )


def share_text(share: float) -> str:
    """A share to one decimal place, never "0.0%" for something that happens.

    >>> share_text(0.0004), share_text(0.0), share_text(0.1234)
    ('under 0.1%', 'none', '12.3%')
    """
    if share <= 0:
        return "none"
    if share < 0.0005:
        return "under 0.1%"
    return f"{share:.1%}"


def percent_floor(share: float) -> str:
    """A share as a percentage rounded down, so a hand is never said to beat more than it does.

    >>> percent_floor(0.996), percent_floor(0.8149), percent_floor(0.0)
    ('99.6%', '81%', '0%')
    """
    if share >= 0.99:
        return f"{math.floor(share * 1000) / 10:.1f}%"
    return f"{math.floor(share * 100)}%"

"""The process made ready for its visitors: everything slow loaded in the background once,
what lives as long as the process moved out of the garbage collector's way, and the
interpreter's lock handed between threads often enough that the server keeps answering."""

from __future__ import annotations

import gc
import importlib
import importlib.util
import logging
import sys
import threading
from pathlib import Path

import streamlit as st

from trainer.analysis import analyse_discards
from trainer.engine import DECK
from trainer.ui.loaded import course, distribution, drill_catalog

_log = logging.getLogger(__name__)


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

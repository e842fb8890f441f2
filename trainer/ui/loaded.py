"""The content and tables every page reads, loaded once per process and shared.

``st.cache_resource`` keeps one object for every session (no copy per run, unlike
``st.cache_data``, which unpickles its value on every call). The stamps make a changed
file load again.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import streamlit as st

from trainer.content import files as content_files
from trainer.engine.stats import score_distribution

if TYPE_CHECKING:  # the loaders are imported when first used, so Home starts without them
    from trainer.content.catalog import DrillCatalog
    from trainer.content.lessons import Course


def drills_stamp() -> tuple[tuple[str, int, int], ...]:
    """Names, sizes and modification times of the drill files: changes when a file does
    (never raises, whatever sits in the folder)."""
    return content_files.files_stamp(content_files.yaml_files(Path(content_files.DRILLS_DIR)))


@st.cache_resource(show_spinner="Shuffling the cards…")
def _drill_catalog(stamp: tuple[tuple[str, int, int], ...]) -> DrillCatalog:
    from trainer.training.questions import load_catalog
    from trainer.training.questions import warm_up as build_drill_tables

    del stamp  # only part of the cache key
    catalog = load_catalog(content_files.DRILLS_DIR)
    build_drill_tables(catalog)
    return catalog


def drill_catalog() -> DrillCatalog:
    """The drills, with the tables every tier deals from built (shared by every session)."""
    return _drill_catalog(drills_stamp())


@st.cache_resource(show_spinner=False)
def _course(stamp: tuple[tuple[str, int, int], ...]) -> Course:
    from trainer.content.lessons import load_course
    from trainer.training.learn import kind_problem

    del stamp  # only part of the cache key
    return load_course(kinds=kind_problem)


def course() -> Course:
    """The lessons, loaded again only when a lesson file changes; a question whose kind the
    engine cannot deal again is a problem of its file, as a broken field is."""
    from trainer.content.lessons import course_stamp

    return _course(course_stamp())


@st.cache_resource(show_spinner=False)
def distribution(crib: bool) -> dict[int, int]:
    """How many hands (or cribs) make each total: built once per process, shared, never changed."""
    return score_distribution(crib)

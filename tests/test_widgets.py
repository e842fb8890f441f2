"""The Streamlit-side helpers: content loaded once per process and shared, the warm-up."""

from __future__ import annotations

import gc
import logging
import sys
from pathlib import Path

import pytest

from trainer.analysis import sound
from trainer.ui import widgets as ui


def test_content_is_loaded_once_and_shared_not_copied_per_run() -> None:
    assert ui.course() is ui.course()
    assert ui.drill_catalog() is ui.drill_catalog()
    assert ui.distribution(False) is ui.distribution(False)
    assert ui.course().lessons
    assert "hand" in ui.drill_catalog().drills


def test_the_warm_up_loads_everything_then_freezes_it_out_of_the_collector() -> None:
    thread = ui.warm_up()
    assert ui.warm_up() is thread  # once per process
    thread.join(timeout=300)
    assert not thread.is_alive()
    assert gc.get_freeze_count() > 0
    assert {"pandas", "altair", "streamlit.emojis"} <= set(sys.modules)
    assert sound.seat_throws.cache_info().currsize  # the coaches' throwing model is loaded


def test_every_step_of_the_warm_up_works(caplog: pytest.LogCaptureFixture) -> None:
    """A failing step is only logged (the page that needs it reports it), so check the log."""
    with caplog.at_level(logging.ERROR, logger=ui.__name__):
        ui._warm()
    assert not [r for r in caplog.records if "warming up" in r.getMessage()]
    assert {"pandas", "altair", "streamlit.emojis"} <= set(sys.modules)


def test_the_pages_imports_are_read_from_their_source(tmp_path: Path) -> None:
    (tmp_path / "one.py").write_text(
        "from __future__ import annotations\nimport json, random\n"
        "from trainer.ui import session, widgets\nfrom trainer.ui.widgets import show_cards\n"
        "from . import nothing\n"
    )
    (tmp_path / "two.py").write_text("import pandas as pd\nimport json\n")
    found = ui.page_imports(tmp_path)
    assert found == [
        "json",
        "random",
        "trainer.ui",
        "trainer.ui.session",
        "trainer.ui.widgets",
        "pandas",
    ]  # each once, modules only: show_cards is a function, the relative import is skipped


def test_the_real_pages_imports_include_the_chart_libraries_and_the_session() -> None:
    found = set(ui.page_imports())
    assert {"altair", "pandas", "trainer.ui.session", "trainer.ui.cardpick"} <= found
    assert "__future__" not in found


def test_what_is_alive_after_the_first_page_is_frozen_once_per_process() -> None:
    ui.freeze_once.clear()  # another test's page may have been the process's first
    gc.unfreeze()
    assert ui.freeze_once() is True
    frozen = gc.get_freeze_count()
    assert frozen > 0
    assert ui.freeze_once() is True  # cached: not frozen again
    assert gc.get_freeze_count() == frozen

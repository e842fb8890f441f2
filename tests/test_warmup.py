"""The warm-up (trainer.ui.warmup): everything slow loaded once in the background, then
frozen out of the garbage collector's way, and the pages' imports read from their source."""

from __future__ import annotations

import gc
import logging
import sys
from pathlib import Path

import pytest

from trainer.analysis import sound
from trainer.ui import warmup


def test_the_warm_up_loads_everything_then_freezes_it_out_of_the_collector() -> None:
    thread = warmup.warm_up()
    assert warmup.warm_up() is thread  # once per process
    thread.join(timeout=300)
    assert not thread.is_alive()
    assert gc.get_freeze_count() > 0
    assert {"pandas", "altair", "streamlit.emojis"} <= set(sys.modules)
    assert sound.seat_throws.cache_info().currsize  # the coaches' throwing model is loaded


def test_every_step_of_the_warm_up_works(caplog: pytest.LogCaptureFixture) -> None:
    """A failing step is only logged (the page that needs it reports it), so check the log."""
    with caplog.at_level(logging.ERROR, logger=warmup.__name__):
        warmup._warm()
    assert not [r for r in caplog.records if "warming up" in r.getMessage()]
    assert {"pandas", "altair", "streamlit.emojis"} <= set(sys.modules)


def test_the_pages_imports_are_read_from_their_source(tmp_path: Path) -> None:
    (tmp_path / "one.py").write_text(
        "from __future__ import annotations\nimport json, random\n"
        "from trainer.ui import session, warmup\nfrom trainer.ui.drawing import show_cards\n"
        "from . import nothing\n"
    )
    (tmp_path / "two.py").write_text("import pandas as pd\nimport json\n")
    found = warmup.page_imports(tmp_path)
    assert found == [
        "json",
        "random",
        "trainer.ui",
        "trainer.ui.session",
        "trainer.ui.warmup",
        "trainer.ui.drawing",
        "pandas",
    ]  # each once, modules only: show_cards is a function, the relative import is skipped


def test_the_real_pages_imports_include_the_chart_libraries_and_the_session() -> None:
    found = set(warmup.page_imports())
    assert {"altair", "pandas", "trainer.ui.session", "trainer.ui.cardpick"} <= found
    assert "__future__" not in found


def test_what_is_alive_after_the_first_page_is_frozen_once_per_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    warmup.freeze_once.clear()  # another test's page may have been the process's first
    gc.unfreeze()
    freezes: list[int] = []
    freeze = gc.freeze

    def counted() -> None:
        freezes.append(1)
        freeze()

    # counted, not read from the frozen count: frozen objects that another thread lets go
    # (the count went 713,173 → 713,171 between two calls once) leave the count
    monkeypatch.setattr(gc, "freeze", counted)
    assert warmup.freeze_once() is True
    assert gc.get_freeze_count() > 0
    assert warmup.freeze_once() is True  # cached: not frozen again
    assert freezes == [1]

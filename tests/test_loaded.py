"""The content and tables loaded once per process and shared (trainer.ui.loaded)."""

from __future__ import annotations

from trainer.ui import loaded


def test_content_is_loaded_once_and_shared_not_copied_per_run() -> None:
    assert loaded.course() is loaded.course()
    assert loaded.drill_catalog() is loaded.drill_catalog()
    assert loaded.distribution(False) is loaded.distribution(False)
    assert loaded.course().lessons
    assert "hand" in loaded.drill_catalog().drills

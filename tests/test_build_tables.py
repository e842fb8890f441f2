"""The table-building command: the committed data file is exactly what it builds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from trainer import build_tables


@pytest.mark.slow
def test_committed_file_equals_a_fresh_build() -> None:
    table = build_tables.build()
    assert table["converged"] is True
    assert build_tables.DATA_FILE.read_text() == build_tables.render(table)


def test_check_and_write(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    small: dict[str, Any] = {"rounds": 3, "converged": True, "throws": {}}
    target = tmp_path / "throw_weights.json"
    monkeypatch.setattr(build_tables, "build", lambda: small)
    monkeypatch.setattr(build_tables, "DATA_FILE", target)
    assert build_tables.main(["--check"]) == 1
    assert "DIFFERS" in capsys.readouterr().out
    assert build_tables.main([]) == 0
    assert target.read_text() == build_tables.render(small)
    assert build_tables.main(["--check"]) == 0
    assert "up to date" in capsys.readouterr().out

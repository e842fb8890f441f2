"""The table-building command: the committed data file is exactly what it builds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from trainer.analysis import build_tables


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


def test_a_small_win_table_builds_the_same_twice() -> None:
    """A build from a few games (every class near the end topped up to a few deals) is
    the same twice over, and the data file reads back into a model."""
    from trainer.analysis.winprob import MAX_NEED, WinModel, from_json

    first = build_tables.render_wins(build_tables.build_wins(6, 3))
    assert first == build_tables.render_wins(build_tables.build_wins(6, 3))
    import json

    data = json.loads(first)
    assert data["first_dealer"]["121"]["games"] == 6
    assert data["first_dealer"]["61"]["games"] == 1
    assert set(data["class_deals"].values()) >= {3}
    model = WinModel(*from_json(data))
    assert model.table.shape == (MAX_NEED + 1, MAX_NEED + 1)
    assert 0.0 < model.first_dealer() < 1.0


def test_the_win_table_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    small: dict[str, Any] = {"deals": 7, "table": {"values": "AAAA"}}
    target = tmp_path / "win_table.json"
    seen: list[tuple[int, int]] = []

    def fake(games: int, per_class: int, **_: object) -> dict[str, Any]:
        seen.append((games, per_class))
        return small

    monkeypatch.setattr(build_tables, "build_wins", fake)
    monkeypatch.setattr(build_tables, "WIN_FILE", target)
    assert build_tables.main(["--wins", "--games", "5", "--class-deals", "9", "--check"]) == 1
    assert "DIFFERS" in capsys.readouterr().out
    assert build_tables.main(["--wins", "--games", "5", "--class-deals", "9"]) == 0
    assert target.read_text() == build_tables.render_wins(small)
    assert "7 deals of 5 games" in capsys.readouterr().out
    assert seen == [(5, 9), (5, 9)]
    with pytest.raises(SystemExit):
        build_tables.main(["--wins", "--games", "0"])


def test_the_shipped_win_table_is_small() -> None:
    assert build_tables.WIN_FILE.stat().st_size < 100_000

"""The memory benchmark (trainer.bench.memory): a process's resident memory read from /proc,
and what grew between two traces said by file, the biggest first, with the calls that led
there."""

from __future__ import annotations

import os
import tracemalloc

from trainer.bench.memory import _grown, resident_mb

_KEPT: list[bytes] = []


def _keep_some() -> None:
    _KEPT.append(bytes(2**21))  # 2 MB, allocated here


def test_resident_memory_is_read_for_a_process() -> None:
    assert 1 < resident_mb(os.getpid()) < 1_000_000


def test_what_grew_is_said_by_file_and_by_the_calls_that_led_there() -> None:
    tracemalloc.start(20)
    try:
        before = tracemalloc.take_snapshot()
        _keep_some()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
        _KEPT.clear()
    lines = _grown(before, after, top=3)
    assert lines[0].split()[0] == "all" and float(lines[0].split()[1]) >= 1.9
    assert "tests/bench/test_memory.py" in lines[1]  # the biggest first
    calls = lines[lines.index(next(line for line in lines if " blocks from:" in line)) :]
    assert any("tests/bench/test_memory.py:16" in line for line in calls[:9])

"""Serving the app for the browser tests and benchmarks: a free loopback port, and the
processor time a process has used."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from trainer.bench.serving import cpu_seconds, free_port


def test_a_free_port_can_be_bound_on_the_loopback_address() -> None:
    port = free_port()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))


def test_processor_time_is_read_for_a_running_process_and_nothing_for_a_gone_one() -> None:
    spent = cpu_seconds(os.getpid())
    sum(i * i for i in range(2_000_000))
    assert cpu_seconds(os.getpid()) > spent
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert cpu_seconds(child.pid) == 0.0  # gone: read as nothing, no error


def test_the_app_is_started_as_the_readme_starts_it_and_other_scripts_with_streamlit(
    tmp_path: Path,
) -> None:
    from trainer.bench.serving import start_command

    app = Path(__file__).resolve().parent.parent / "trainer" / "app.py"
    assert start_command(app) == [sys.executable, "-m", "trainer", "app"]
    other = tmp_path / "demo.py"
    assert start_command(other) == [sys.executable, "-m", "streamlit", "run", str(other)]

"""Serving the app for the browser tests and benchmarks: a free loopback port, and the
processor time a process has used."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from trainer.serve import cpu_seconds, free_port


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

"""The tests' PostgreSQL server: a throwaway one, started from Debian's ``postgresql``
package in a temporary folder (see :mod:`trainer.bench.serving_postgres`, which the crowd benchmark
uses too)."""

from __future__ import annotations

from trainer.bench.serving_postgres import Server, bin_dir, server

__all__ = ["Server", "bin_dir", "server"]

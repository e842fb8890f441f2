"""Debian's Chromium, as the browser tests, the browser benchmarks and the README's pictures
start it: where it is and its flags (headless on a machine with no display or sandbox, and
offline: nothing fetched or synced in the background while a page is timed)."""

from __future__ import annotations

__all__ = ["CHROMIUM", "CHROMIUM_ARGS"]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

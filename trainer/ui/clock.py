"""The app's clock: the time every page reads for the review schedule (what is due today).

The scheduling takes the time as an argument (:mod:`trainer.training.scheduling`); pages
take it from :func:`now`, so a page test moves this one clock by days and sees what comes due.
"""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["now"]


def now() -> datetime:
    """Now, in UTC."""
    return datetime.now(UTC)

"""Where the store is: ``$CRIBBAGE_TRAINER_DB``, else a setting, else a file in the user's
data folder. A location is a path (or ``sqlite:///path``) for a SQLite file, or a
``postgresql://user:password@host:port/database`` URL for a server."""

from __future__ import annotations

import os
from pathlib import Path

#: Environment variable naming the store (it wins over every other setting).
ENV_VAR = "CRIBBAGE_TRAINER_DB"
APP_NAME = "cribbage-trainer"
FILE_NAME = "progress.sqlite3"


def default_path() -> Path:
    """The file in the user's data directory (e.g. ``~/.local/share/cribbage-trainer``)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False)) / FILE_NAME


def resolve_location(setting: str | os.PathLike[str] | None = None) -> str:
    """The store to use: ``$CRIBBAGE_TRAINER_DB``, else ``setting``, else the default file.
    A server's URL is returned as it is; a path with ``~`` expanded.

    >>> resolve_location("postgresql://club@db/trainer") if "CRIBBAGE_TRAINER_DB" not in os.environ else "postgresql://club@db/trainer"
    'postgresql://club@db/trainer'
    """
    chosen = os.environ.get(ENV_VAR) or (os.fspath(setting) if setting else "")
    if chosen.startswith(("postgresql://", "postgres://")):
        return chosen
    if chosen.startswith("sqlite:///"):
        chosen = chosen.removeprefix("sqlite://")
    return str(Path(chosen).expanduser() if chosen else default_path())


def resolve_path(setting: str | os.PathLike[str] | None = None) -> Path:
    """As :func:`resolve_location`, for a file (a server's URL is not a path)."""
    return Path(resolve_location(setting))

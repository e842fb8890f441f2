"""The browser's own files: the JavaScript and CSS of the trainer's components and pages,
kept as files (package data) and read once, when a module that needs one is imported."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

__all__ = ["text"]


@cache
def text(name: str) -> str:
    """The contents of the asset file ``name`` (``sounds.js``, ``table.css``)."""
    return (files(__name__) / name).read_text(encoding="utf-8")
